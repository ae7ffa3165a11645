"""Seed 001 Fig. 14 (§5.8): latency and throughput against offered load under ADVG+2, ADVG+h and
ADVG+2h (h = 6) for OFAR with BCM (bubble of 2 packets) and 2/1(+1) VCs, with the single escape
ring A, the single ring B, and both rings (one extra VC each; each packet assigned one at
random), on the h = 6 dragonfly, ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig14                # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed001_fig14 --full
    python -m topoanalysis.reproduce.seed001_fig14 -o data/seed001_fig14.csv
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ._curves import main, run as _run
from .seed001_fig6 import network

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what seed 001 §5.8 states about Fig. 14 (phits/(node cycle))
PAPER: dict[str, Any] = {
    # "Each of the three OFAR configurations achieves a similar maximum throughput of ~0.3"
    "max throughput, each": 0.3,
    # "OFAR with Ring A ... saturating at around 0.1 ... ADVG+2, and 0.15 ... ADVG+h"
    "ring a latency saturation, advg+2": 0.1,
    "ring a latency saturation, advg+6": 0.15,
    # "OFAR with Ring B ... latency rises at approximately 0.27 ... in both cases"
    "ring b latency saturation": 0.27,
}
_BASE = dict(injection_bubble=2, vcs=(2, 1))
CONFIGS: dict[str, dict[str, Any]] = {
    "ofar ring a": dict(routing="ofar", **_BASE),
    "ofar ring b": dict(routing="ofar-ring-b", **_BASE),
    "ofar 2 rings": dict(routing="ofar-2rings", **_BASE),
}
ROUTINGS = tuple(CONFIGS)
TRAFFICS = ("advg+2", "advg+6", "advg+12")
LOADS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4)
MODEL = "seed001"
REDUCED = dict(warmup=2000, cycles=2000)
FULL = dict(warmup=50_000, cycles=50_000)

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
