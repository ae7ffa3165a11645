"""Camarero et al. 2014, Fig. 9 (§7): throughput and average latency against offered load under uniform and
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
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import peak
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what Camarero et al. 2014, §7 states about Fig. 9
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

_F = constants("seed000-fig9")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed000-fig9.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


_MINIMAL = ("minimal", "2color-min", "4color-min")


#: how each :data:`PAPER` entry is measured on this figure's sweep results (peak accepted load;
#: "close to" / "near" as ratios)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "uniform: minimal routings best": lambda df: (
        max(peak(df, c, "uniform") for c in _MINIMAL) >= max(peak(df, c, "uniform") for c in ROUTINGS if c not in _MINIMAL)
    ),
    "adv+1: minimal routings insignificant": lambda df: tuple(peak(df, c, "advg+1") for c in _MINIMAL),
    "uniform: 4color-min above 2color-min": lambda df: peak(df, "4color-min", "uniform") > peak(df, "2color-min", "uniform"),
    "4color-nonmin close to and below valiant": lambda df: tuple(
        peak(df, "4color-nonmin", t) / peak(df, "valiant", t) for t in TRAFFICS
    ),
    "4color-adaptive near the better oblivious one": lambda df: tuple(
        peak(df, "4color-adaptive", t) / max(peak(df, "4color-min", t), peak(df, "4color-nonmin", t)) for t in TRAFFICS
    ),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
