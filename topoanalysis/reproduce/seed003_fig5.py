"""Han et al. 2017, Fig. 5 (§4.1) and Fig. 6's q = 13 entry: latency against offered load for Valiant
routing, original (``valiant``) and with the anti-looping improvements (``valiant-lf``, loop-free), on
the Slim Fly q = 13 (p = 9, 3,042 nodes) under §4's sequence traffic (``hotspot-seq``), ``seed003``
router model (routers intercept packets for their own nodes, §3).

    python -m topoanalysis.reproduce.seed003_fig5                 # reduced: 1,000 + 3,000 cycles
    python -m topoanalysis.reproduce.seed003_fig5 --full          # 10,000 + 10,000
    python -m topoanalysis.reproduce.seed003_fig5 -o data/seed003_fig5.csv

§4.1: "the 'improved' version consistently has a higher average latency and saturates at a lower
offered load than the original version"; Fig. 6 gives the average hops, node links included: 5.8 and
6.0 on q = 13.  The tests compare them with our runs (``tests/test_seed003_figs.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import _mean_by_load
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run", "saturation", "hops"]

#: what Han et al. 2017, §4.1 and Fig. 6 state about Valiant on q = 13
PAPER: dict[str, Any] = {
    # "the 'improved' version consistently has a higher average latency"
    "loop-free latency above the original at every load": True,
    # "... and saturates at a lower offered load than the original version"
    "loop-free saturates at a lower load": True,
    # Fig. 6, q = 13: average hops of Valiant, unimproved and improved (node links included)
    "hops, original": 5.8,
    "hops, loop-free": 6.0,
}

_F = constants("seed003-fig5")
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network

#: Han et al. 2017, Fig. 9: saturated once the average latency reaches 100 cycles
SATURATION_LATENCY = 100.0
#: the paper counts the two links between nodes and switches in a route (§4.2: UGAL-L "starts at 3 hops")
NODE_LINKS = 2


def saturation(df: Any, curve: str, traffic: str = "hotspot-seq") -> float:
    """The last offered load whose average latency is below 100 cycles before the first that is
    not (Han et al. 2017, Fig. 9's saturation point; 0 when the lowest load is already above)."""
    s = _mean_by_load(df, curve, traffic, "average_latency").sort_index()
    last = 0.0
    for load, lat in s.items():
        if lat >= SATURATION_LATENCY:
            break
        last = float(load)
    return last


def hops(df: Any, curve: str, traffic: str = "hotspot-seq") -> float:
    """Average hops at the lowest offered load, the node links counted as the paper counts them."""
    s = _mean_by_load(df, curve, traffic, "average_hops").sort_index()
    return float(s.iloc[0]) + NODE_LINKS


def _latency_above(df: Any, a: str, b: str) -> bool:
    la = _mean_by_load(df, a, "hotspot-seq", "average_latency")
    lb = _mean_by_load(df, b, "hotspot-seq", "average_latency")
    return bool((la > lb).all())


#: how each :data:`PAPER` entry is measured on this figure's sweep results
MEASURED: dict[str, Callable[[Any], Any]] = {
    "loop-free latency above the original at every load": lambda df: _latency_above(df, "valiant-lf", "valiant"),
    "loop-free saturates at a lower load": lambda df: saturation(df, "valiant-lf") < saturation(df, "valiant"),
    "hops, original": lambda df: hops(df, "valiant"),
    "hops, loop-free": lambda df: hops(df, "valiant-lf"),
}

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
