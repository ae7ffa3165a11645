"""Seed 001 Fig. 9 (§5.4): latency and throughput against offered load for OFAR with the ring
escape subnetwork and BCM (bubble of 2 packets) and 1/1(+1) to 4/4(+1) VCs (local/global, plus
the escape VC on the ring's links), and PB with 3/2 VCs as the reference, under uniform (UN) and
ADVG+2 traffic on the h = 6 dragonfly (Table 1), ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig9                 # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed001_fig9 --full          # the paper's 50,000 + 50,000
    python -m topoanalysis.reproduce.seed001_fig9 -o data/seed001_fig9.csv

The paper's statements (:data:`PAPER`) are compared with our runs in ``tests/test_seed001_ofar_figs.py``.
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ._curves import main, run as _run
from .seed001_fig6 import network

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what seed 001 §5.4 states about Fig. 9
PAPER: dict[str, Any] = {
    # "OFAR always obtains better performance than PB (3/2 VCs) when using the same or more VCs.
    # Even with a lower number of VCs, 2/2(+1), OFAR results are better"
    "ofar 2/2(+1) and up above pb": True,
    # "Only when OFAR employs fewer VCs, 2/1(+1) or 1/1(+1), and with ADVG+2 traffic, PB
    # outperforms OFAR"
    "advg+2, pb above ofar 1/1(+1) and 2/1(+1)": True,
    # "When the traffic is uniform ... OFAR 1/1(+1) obtains a result very close to that for PB"
    "uniform, ofar 1/1(+1) close to pb": True,
    # "OFAR with 3/3(+1) VCs is the configuration that achieves the best overall performance"
    "best": "ofar 3/3(+1)",
}
_BCM = dict(routing="ofar", injection_bubble=2)  # seed 001 Table 1: BCM bubble of 2 packets
CONFIGS: dict[str, dict[str, Any]] = {
    "pb 3/2": dict(routing="pb", vcs=(3, 2)),
    **{f"ofar {lv}/{gv}(+1)": dict(_BCM, vcs=(lv, gv)) for lv, gv in ((1, 1), (2, 1), (2, 2), (3, 2), (3, 3), (4, 4))},
}
ROUTINGS = tuple(CONFIGS)
TRAFFICS = ("uniform", "advg+2")
LOADS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8)
MODEL = "seed001"
REDUCED = dict(warmup=2000, cycles=2000)
FULL = dict(warmup=50_000, cycles=50_000)  # seed 001 §5.1

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
