"""Seed 001 Fig. 8 (§5.3): the time to consume a burst (every node injects the same number of
packets as fast as it can), normalised to PB's, with 3/2 VCs (OFAR: 3/2(+1), escape ring A, no
congestion management, as in Fig. 6), under UN, ADVG+2, ADVG+6 and the mixes MIX1 (80 % UN,
10 % ADVG+1, 10 % ADVG+6), MIX2 (60-20-20) and MIX3 (20-40-40), on the h = 6 dragonfly,
``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig8                 # reduced: 50 packets per node
    python -m topoanalysis.reproduce.seed001_fig8 --full          # the paper's 2,000
    python -m topoanalysis.reproduce.seed001_fig8 -o data/seed001_fig8.csv

``ofar+bcm`` (BCM, bubble of 2 packets) is ours, not in the figure: it shows what congestion
management does to the consumption time.
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ._bursts import main, run as _run
from .seed001_fig6 import network

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "TRAFFICS", "REFERENCE", "MODEL", "network", "run"]

#: what seed 001 §5.3 states about Fig. 8 (consumption time relative to PB's)
PAPER: dict[str, Any] = {
    # "Compared to PB, the execution time of OFAR ranges from a 43.1% to a 81.5%"
    "ofar / pb, min": 0.431,
    "ofar / pb, max": 0.815,
    # "On average, the time to consume traffic for OFAR is 0.695 the time for PB"
    "ofar / pb, mean": 0.695,
    # "The complete OFAR model always finishes sooner than all the others, including its -L
    # counterpart"
    "ofar first": True,
}
MIXES = {"mix1": "mix:uniform=0.8,advg+1=0.1,advg+6=0.1", "mix2": "mix:uniform=0.6,advg+1=0.2,advg+6=0.2",
         "mix3": "mix:uniform=0.2,advg+1=0.4,advg+6=0.4"}
CONFIGS: dict[str, dict[str, Any]] = {
    "pb": dict(routing="pb"),
    "valiant": dict(routing="valiant"),
    "ofar-l": dict(routing="ofar-l"),
    "ofar": dict(routing="ofar"),
    "ofar+bcm": dict(routing="ofar", injection_bubble=2),
}
ROUTINGS = tuple(CONFIGS)
TRAFFICS = ("uniform", "advg+2", "advg+6", *MIXES.values())
REFERENCE = "pb"
MODEL = "seed001"
REDUCED = dict(burst=50, max_cycles=100_000)
FULL = dict(burst=2000, max_cycles=4_000_000)  # seed 001 §5.3: 2,000 packets per node

#: ``run(full=False, configs=None, traffics=None, seeds=(1,), top=None, burst=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
