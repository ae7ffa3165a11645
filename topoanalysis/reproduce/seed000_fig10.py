"""Camarero et al. 2014, Fig. 10 (§7): throughput and average latency against offered load under uniform and
ADV+1 traffic for 4-color adaptive routing with 1, 2, 3 and 4 VCs per port ("the VC is selected
randomly among those available") on the Table II network, ``seed000`` router model.

    python -m topoanalysis.reproduce.seed000_fig10                # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed000_fig10 --full         # 20,000 + 20,000
    python -m topoanalysis.reproduce.seed000_fig10 -o data/seed000_fig10.csv
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import peak, value_at
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "REDUCED", "FULL", "network", "run"]

#: what Camarero et al. 2014, §7 states about Fig. 10
PAPER: dict[str, Any] = {
    # "The HoLB problem is seen to have a great impact especially when not using VCs (i.e. 1 VC),
    # but the performance with just 2 VCs noticeably improves"
    "1 vc worst, 2 vcs much better": True,
    # "for adversarial traffic the delay increases with the number of VCs"
    "adv+1: latency grows with the vcs": True,
}

_F = constants("seed000-fig10")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed000-fig10.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network

#: how each :data:`PAPER` entry is measured on this figure's sweep results: peak accepted load
#: under uniform traffic, and latency at load 0.1 under ADV+1, for 1, 2, 3 and 4 VCs
MEASURED: dict[str, Callable[[Any], Any]] = {
    "1 vc worst, 2 vcs much better": lambda df: tuple(peak(df, c, "uniform") for c in ROUTINGS),
    "adv+1: latency grows with the vcs": lambda df: tuple(value_at(df, c, "advg+1", 0.1) for c in ROUTINGS),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
