"""Camarero et al. 2014, Fig. 9 (§7), the adaptive curves: 4-color adaptive against OLM-MML, the
in-transit adaptive reference of §7 (``olm``: FOGSim's OLM with the MM+L global misrouting
policy), under ADV+1 traffic on the Table II network (a = 24, t = 4, b = 79 groups, h = p = 13,
extended palmtree, 24,648 nodes; ``seed000`` router model, Table II).

    python -m topoanalysis.reproduce.seed000_fig9_olm                 # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed000_fig9_olm --full          # 20,000 + 20,000
    python -m topoanalysis.reproduce.seed000_fig9_olm -o data/seed000_fig9_olm.csv

The other curves of Fig. 9 are ``seed000_fig9``'s.  VCs per port: Table II's 3; 4-color adaptive
uses any of them on every hop, OLM 3 local and 2 global in Dally's order.
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

#: what Camarero et al. 2014, §7 states about the adaptive curves of Fig. 9
PAPER: dict[str, Any] = {
    # "The adaptive variant ... also accepts more load than the OLM reference for adaptive routing"
    "adv+1: 4color-adaptive accepts more than olm": True,
}

_F = constants("seed000-fig9-olm")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed000-fig9-olm.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network

#: how each :data:`PAPER` entry is measured on this figure's sweep results (peak accepted load)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "adv+1: 4color-adaptive accepts more than olm": lambda df: peak(df, "4color-adaptive", "advg+1") > peak(df, "olm", "advg+1"),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
