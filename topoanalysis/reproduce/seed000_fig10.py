"""Seed 000 Fig. 10 (§7): throughput and average latency against offered load under uniform and
ADV+1 traffic for 4-color adaptive routing with 1, 2, 3 and 4 VCs per port ("the VC is selected
randomly among those available") on the Table II network, ``seed000`` router model.

    python -m topoanalysis.reproduce.seed000_fig10                # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed000_fig10 --full         # 20,000 + 20,000
    python -m topoanalysis.reproduce.seed000_fig10 -o data/seed000_fig10.csv
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ._curves import main, run as _run
from .seed000_fig9 import FULL, LOADS, MODEL, REDUCED, TRAFFICS, network

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "REDUCED", "FULL", "network", "run"]

#: what seed 000 §7 states about Fig. 10
PAPER: dict[str, Any] = {
    # "The HoLB problem is seen to have a great impact especially when not using VCs (i.e. 1 VC),
    # but the performance with just 2 VCs noticeably improves"
    "1 vc worst, 2 vcs much better": True,
    # "for adversarial traffic the delay increases with the number of VCs"
    "adv+1: latency grows with the vcs": True,
}
CONFIGS: dict[str, dict[str, Any]] = {f"4color-adaptive {v} vc": dict(routing="4color-adaptive", vcs=(v, v))
                                      for v in (1, 2, 3, 4)}
ROUTINGS = tuple(CONFIGS)

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
