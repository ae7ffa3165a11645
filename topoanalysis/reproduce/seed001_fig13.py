"""García et al. 2014, Fig. 13 (§5.7): the histogram of path lengths (hops) in burst consumption runs under
ADVG+h (h = 6) for OFAR with 2/1(+1) VCs, escape ring A or tree, with and without BCM (bubble of
2 packets), on the h = 6 dragonfly, ``seed001`` router model.  Each row's ``hop_histogram`` is
``hops:packets ...`` and ``max_hops`` the longest path.

    python -m topoanalysis.reproduce.seed001_fig13                # reduced: 50 packets per node
    python -m topoanalysis.reproduce.seed001_fig13 --full         # 2,000
    python -m topoanalysis.reproduce.seed001_fig13 -o data/seed001_fig13.csv
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._bursts import main, run as _run
from ._compare import hop_fraction_below, longest_path, with_curve
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "CONFIGS", "ROUTINGS", "TRAFFICS", "REFERENCE", "MODEL", "network", "run"]

#: what García et al. 2014, §5.7 states about Fig. 13 (hops)
PAPER: dict[str, Any] = {
    # "the longest path with OFAR Tree+BCM was 20 hops, and with OFAR Ring+BCM only 14 hops"
    "longest, tree+bcm": 20,
    "longest, ring+bcm": 14,
    # "without congestion management ... for OFAR Ring the longest path took 24 hops with OFAR
    # Tree one of the packets had to make 217 hops"
    "longest, ring": 24,
    "longest, tree": 217,
    # "OFAR Ring provides shorter paths than OFAR Tree"
    "ring shorter than tree": True,
    # "more than a 99.99% of the packets need less than 30 hops" (the worst: OFAR Tree)
    "fraction under 30 hops, tree": 0.9999,
}

_F = constants("seed001-fig13")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig13.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
REFERENCE = None
ROUTINGS, TRAFFICS, MODEL, REDUCED, FULL = _F.ROUTINGS, _F.TRAFFICS, _F.MODEL, _F.REDUCED, _F.FULL
network = _F.network


def _mean_hops(df: Any, curve: str) -> float:
    d = with_curve(df)
    rows = d.loc[d["curve"] == curve, "average_hops"]
    if rows.empty:
        raise ValueError(f"results: no run of the curve {curve!r}")
    return float(rows.mean())


#: how each :data:`PAPER` entry is measured on this figure's sweep results
MEASURED: dict[str, Callable[[Any], Any]] = {
    "longest, tree+bcm": lambda df: longest_path(df, "ofar tree+bcm"),
    "longest, ring+bcm": lambda df: longest_path(df, "ofar ring+bcm"),
    "longest, ring": lambda df: longest_path(df, "ofar ring"),
    "longest, tree": lambda df: longest_path(df, "ofar tree"),
    "ring shorter than tree": lambda df: all(
        _mean_hops(df, f"ofar ring{m}") < _mean_hops(df, f"ofar tree{m}") for m in ("", "+bcm")
    ),
    "fraction under 30 hops, tree": lambda df: hop_fraction_below(df, "ofar tree", 30),
}


#: ``run(full=False, configs=None, traffics=None, seeds=(1,), top=None, burst=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
