"""Han et al. 2017, Fig. 7 (§4.2): latency against offered load for UGAL-L, original (``ugal-l``) and
built on the loop-free Valiant (``ugal-l-lf``), on the Slim Fly q = 13 (p = 9, 3,042 nodes) under §4's
sequence traffic (``hotspot-seq``), ``seed003`` router model; each row also holds the share of
packets UGAL-L sent by their Valiant path (``nonminimal_fraction``).

    python -m topoanalysis.reproduce.seed003_fig7                 # reduced: 1,000 + 3,000 cycles
    python -m topoanalysis.reproduce.seed003_fig7 --full          # 10,000 + 10,000
    python -m topoanalysis.reproduce.seed003_fig7 -o data/seed003_fig7.csv

§4.2: the improved version saturates later, "at an offered load of 0.47 vs 0.43"; the S-curve near
0.1 "marks the transition from UGAL-L using minimal routes nearly always (for approximately 99% of
messages at offered load 0.1) to a significant amount of Valiant routing (approximately 30% of
messages at offered load 0.15)"; hops start at 3 (node links included).  The tests compare them with
our runs (``tests/test_seed003_figs.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ..topology import Topology
from ._compare import value_at
from ._curves import main, run as _run
from ._figure import constants
from .seed003_fig5 import hops, saturation

__all__ = ["PAPER", "MEASURED", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "EXTRA", "network", "run"]

#: what Han et al. 2017, §4.2 states about Fig. 7
PAPER: dict[str, Any] = {
    # "leading it to saturate later (at an offered load of 0.47 vs 0.43 for the unimproved version)"
    "saturation, original": 0.43,
    "saturation, loop-free": 0.47,
    "loop-free saturates later": True,
    # "using minimal routes nearly always (for approximately 99% of messages at offered load 0.1)"
    "valiant share at 0.1, original": 0.01,
    # "to a significant amount of Valiant routing (approximately 30% of messages at offered load 0.15)"
    "valiant share at 0.15, original": 0.30,
    # "For both the improved and original versions, it starts at 3 hops"
    "hops at the lowest load, original and loop-free": 3.0,
}

_F = constants("seed003-fig7")
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


def EXTRA(top: Topology, result: dict[str, Any]) -> dict[str, Any]:
    """The run's share of packets sent by their Valiant path."""
    return {"nonminimal_fraction": result["nonminimal_fraction"]}


#: how each :data:`PAPER` entry is measured on this figure's sweep results (saturation as in
#: ``seed003_fig5.saturation``: the last load below 100 cycles of latency)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "saturation, original": lambda df: saturation(df, "ugal-l"),
    "saturation, loop-free": lambda df: saturation(df, "ugal-l-lf"),
    "loop-free saturates later": lambda df: saturation(df, "ugal-l-lf") > saturation(df, "ugal-l"),
    "valiant share at 0.1, original": lambda df: value_at(df, "ugal-l", "hotspot-seq", 0.1, "nonminimal_fraction"),
    "valiant share at 0.15, original": lambda df: value_at(df, "ugal-l", "hotspot-seq", 0.15, "nonminimal_fraction"),
    "hops at the lowest load, original and loop-free": lambda df: (hops(df, "ugal-l"), hops(df, "ugal-l-lf")),
}

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
