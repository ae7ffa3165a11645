"""Seed 001 Fig. 10 (§5.5): latency and throughput against offered load under ADVG+2 and ADVG+h
(h = 6) for PB with 3/2 VCs and OFAR with few resources, 2/1(+1) VCs, with each escape
subnetwork (ring A, tree) and each congestion management (BCM: bubble of 2 packets; ECM:
threshold 20 %, Table 1) on the h = 6 dragonfly, ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig10                # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed001_fig10 --full
    python -m topoanalysis.reproduce.seed001_fig10 -o data/seed001_fig10.csv
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ._curves import main, run as _run
from .seed001_fig6 import network

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what seed 001 §5.5 states about Fig. 10
PAPER: dict[str, Any] = {
    # "The variants with ECM obtain higher throughput than those with BCM"
    "ecm above bcm": True,
    # "Under ADVG+2 traffic, the maximum throughput with BCM is slightly lower than with PB, while
    # with ECM it is higher"
    "advg+2: bcm slightly below pb, ecm above pb": True,
    # "The latency of OFAR Ring+BCM with 2/1(+1) in Fig. 10a above load 0.1 keeps increasing"
    "advg+2: ring+bcm latency rises above load": 0.1,
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
TRAFFICS = ("advg+2", "advg+6")
LOADS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5)
MODEL = "seed001"
REDUCED = dict(warmup=2000, cycles=2000)
FULL = dict(warmup=50_000, cycles=50_000)

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
