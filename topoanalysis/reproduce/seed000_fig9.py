"""Seed 000 Fig. 9 (§7): throughput and average latency against offered load under uniform and
ADV+1 traffic on the Table II network: a dragonfly with a = 24 routers per group, global
trunking t = 4 and b = 79 groups (h = 13 global links and p = 13 nodes per router, 24,648 nodes),
extended palmtree, ``seed000`` router model (Table II), for the oblivious routings Minimal,
Valiant, 2-color minimal, 4-color minimal and 4-color non-minimal, and 4-color adaptive.

    python -m topoanalysis.reproduce.seed000_fig9                 # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed000_fig9 --full          # 20,000 + 20,000
    python -m topoanalysis.reproduce.seed000_fig9 -o data/seed000_fig9.csv

VCs per port (Table II: 3, Valiant 4; §7: Minimal "only exploits 2/1 VCs"): Minimal 2 local /
1 global, Valiant 4, the colour routings 3 (any of them on every hop).  OLM-MML (in-transit
adaptive, from the OFAR family, which this package defines on canonical dragonflies only) is not
here.
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ..families import build
from ..topology import Topology
from ._curves import main, run as _run

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what seed 000 §7 states about Fig. 9
PAPER: dict[str, Any] = {
    # "minimal routings give the best results for uniform traffic but accept an insignificant
    # amount of the adverse traffic"
    "uniform: minimal routings best": True,
    "adv+1: minimal routings insignificant": True,
    # "2 and 4 colors minimal routings obtain approximately the same latency ... but higher
    # throughput for the 4-color variant"
    "uniform: 4color-min above 2color-min": True,
    # "The 4-color nonminimal implementation is relatively close to the performance of Valiant ...
    # lower throughput"
    "4color-nonmin close to and below valiant": True,
    # "the 4-color adaptive mechanism throughput is close to the maximum"; "The adaptive variant
    # reacts very well to the traffic pattern, almost reaching the accepted load of its respective
    # oblivious minimal and non-minimal counterparts"
    "4color-adaptive near the better oblivious one": True,
}
CONFIGS: dict[str, dict[str, Any]] = {
    "minimal": dict(routing="min", vcs=(2, 1)),
    "valiant": dict(routing="valiant", vcs=(4, 4)),
    "2color-min": dict(routing="2color-min"),
    "4color-min": dict(routing="4color-min"),
    "4color-nonmin": dict(routing="4color-nonmin"),
    "4color-adaptive": dict(routing="4color-adaptive"),
}
ROUTINGS = tuple(CONFIGS)
TRAFFICS = ("uniform", "advg+1")
LOADS = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8)
MODEL = "seed000"
REDUCED = dict(warmup=2000, cycles=2000)
FULL = dict(warmup=20_000, cycles=20_000)


def network() -> Topology:
    """Seed 000 Table II: a = 24, t = 4, b = 79 groups, h = p = 13, extended palmtree."""
    return build("dragonfly", a=24, h=13, p=13, trunking=4, arrangement="palmtree")


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
