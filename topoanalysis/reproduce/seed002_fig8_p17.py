"""Besta & Hoefler 2014, §V-E and §VII-C: the oversubscribed Slim Fly q = 19 with p = 17 endpoints
per router (12,274 endpoints: 1,444 more than the full-bandwidth network's 10,830), SF-MIN,
SF-UGAL-L and SF-UGAL-G under uniform random traffic, ``seed002`` router model (SF-VAL, which
saturates near 0.41 of uniform traffic, cannot set the accepted bandwidth and is left out).

    python -m topoanalysis.reproduce.seed002_fig8_p17              # reduced: 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig8_p17 --full       # 10,000 + 10,000 cycles
    python -m topoanalysis.reproduce.seed002_fig8_p17 -o data/seed002_fig8_p17.csv

§VII-C: "a network with 10,830 endpoints can be extended by 1500 endpoints before the performance
drops by more than 10%".  The paper measures performance in §V-E as the accepted bandwidth (the
offered load of uniform traffic which saturates the network); p = 17 is the whole concentration
nearest to +1,500 endpoints (p = 16 adds 722, p = 18 2,166).  The drop is taken against the
full-bandwidth network's accepted bandwidth (Fig. 6a, ``seed002_fig6``) in the tests.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import peak
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run", "accepted"]

#: what Besta & Hoefler 2014, §VII-C states
PAPER: dict[str, Any] = {
    # §VII-C: "can be extended by 1500 endpoints before the performance drops by more than 10%":
    # the accepted bandwidth of the extended network at least 90 % of the full-bandwidth one's
    "extended by 1,500, bandwidth kept within 10 %": True,
}

_F = constants("seed002-fig8-p17")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed002-fig8-p17.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


def accepted(df: Any) -> float:
    """Besta & Hoefler 2014, §V-E's accepted bandwidth of a run of uniform traffic: the largest
    accepted load over the offered loads and the routings."""
    return max(peak(df, r, "uniform") for r in ROUTINGS)


#: how each :data:`PAPER` entry is measured (none on this network alone: the drop needs the
#: full-bandwidth network's runs, compared in the tests)
MEASURED: dict[str, Callable[[Any], Any]] = {}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
