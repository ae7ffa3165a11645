"""Seed 001 Fig. 11 (§5.5): the time to consume a burst for PB (3/2 VCs) and OFAR with 2/1(+1)
VCs, with each escape subnetwork (ring A, tree) and congestion management (BCM: bubble of 2
packets; ECM: 20 %), under UN, ADVG+2, ADVG+6 and the mixes of Fig. 8, on the h = 6 dragonfly,
``seed001`` router model; times relative to PB's.

    python -m topoanalysis.reproduce.seed001_fig11                # reduced: 50 packets per node
    python -m topoanalysis.reproduce.seed001_fig11 --full         # 2,000
    python -m topoanalysis.reproduce.seed001_fig11 -o data/seed001_fig11.csv

The figure also has an all-to-all pattern, which is not reproduced (no all-to-all traffic here).
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ._bursts import main, run as _run
from .seed001_fig6 import network
from .seed001_fig8 import MIXES

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "TRAFFICS", "REFERENCE", "MODEL", "network", "run"]

#: what seed 001 §5.5 states about Fig. 11
PAPER: dict[str, Any] = {
    # "In every case, OFAR Ring consumes traffic faster than OFAR Tree"
    "ring faster than tree": True,
    # "Both are faster when the congestion management mechanism is ECM ... OFAR Ring with ECM is
    # the fastest OFAR configuration, followed very closely by OFAR Ring with BCM"
    "ecm faster than bcm": True,
    "fastest ofar": "ofar ring+ecm",
}
_V21 = dict(vcs=(2, 1))
CONFIGS: dict[str, dict[str, Any]] = {
    "pb 3/2": dict(routing="pb", vcs=(3, 2)),
    "ofar ring+bcm": dict(routing="ofar", injection_bubble=2, **_V21),
    "ofar ring+ecm": dict(routing="ofar", escape_threshold=20, **_V21),
    "ofar tree+bcm": dict(routing="ofar-tree", injection_bubble=2, **_V21),
    "ofar tree+ecm": dict(routing="ofar-tree", escape_threshold=20, **_V21),
}
ROUTINGS = tuple(CONFIGS)
TRAFFICS = ("uniform", "advg+2", "advg+6", *MIXES.values())
REFERENCE = "pb 3/2"
MODEL = "seed001"
REDUCED = dict(burst=50, max_cycles=100_000)
FULL = dict(burst=2000, max_cycles=4_000_000)

#: ``run(full=False, configs=None, traffics=None, seeds=(1,), top=None, burst=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
