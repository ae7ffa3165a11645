"""Seed 001 Fig. 13 (§5.7): the histogram of path lengths (hops) in burst consumption runs under
ADVG+h (h = 6) for OFAR with 2/1(+1) VCs, escape ring A or tree, with and without BCM (bubble of
2 packets), on the h = 6 dragonfly, ``seed001`` router model.  Each row's ``hop_histogram`` is
``hops:packets ...`` and ``max_hops`` the longest path.

    python -m topoanalysis.reproduce.seed001_fig13                # reduced: 50 packets per node
    python -m topoanalysis.reproduce.seed001_fig13 --full         # 2,000
    python -m topoanalysis.reproduce.seed001_fig13 -o data/seed001_fig13.csv
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ._bursts import main, run as _run
from .seed001_fig6 import network

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "TRAFFICS", "REFERENCE", "MODEL", "network", "run"]

#: what seed 001 §5.7 states about Fig. 13 (hops)
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
_V21 = dict(vcs=(2, 1))
CONFIGS: dict[str, dict[str, Any]] = {
    "ofar ring": dict(routing="ofar", **_V21),
    "ofar ring+bcm": dict(routing="ofar", injection_bubble=2, **_V21),
    "ofar tree": dict(routing="ofar-tree", **_V21),
    "ofar tree+bcm": dict(routing="ofar-tree", injection_bubble=2, **_V21),
}
ROUTINGS = tuple(CONFIGS)
TRAFFICS = ("advg+6",)
REFERENCE = None
MODEL = "seed001"
REDUCED = dict(burst=50, max_cycles=100_000)
FULL = dict(burst=2000, max_cycles=4_000_000)

#: ``run(full=False, configs=None, traffics=None, seeds=(1,), top=None, burst=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
