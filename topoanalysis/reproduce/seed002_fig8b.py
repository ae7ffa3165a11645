"""Besta & Hoefler 2014, Fig. 8b (§V-E): latency and accepted load against offered load on the
oversubscribed Slim Fly q = 19 with p = 16 endpoints per router (11,552 endpoints, network radix 29;
the full-bandwidth p is 15) for SF-MIN, SF-VAL, SF-UGAL-L and SF-UGAL-G under uniform random
traffic, with the ``seed002`` router model.

    python -m topoanalysis.reproduce.seed002_fig8b              # reduced: 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig8b --full       # 10,000 + 10,000 cycles
    python -m topoanalysis.reproduce.seed002_fig8b -o data/seed002_fig8b.csv

§V-E takes "the accepted bandwidth as the offered load of random uniform traffic which saturates
the network" (after its [10]): here the largest accepted load over the offered loads and the
routings, as for Fig. 6a (``seed002_fig6``).  :data:`PAPER` holds what §V-E states in numbers.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import peak
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what Besta & Hoefler 2014, §V-E states about Fig. 8b (fraction of the offered load accepted)
PAPER: dict[str, Any] = {
    # §V-E: "The SF with p = 16 and p = 18 accept up to 80% and 75% of the offered traffic"
    "uniform, accepted": 0.80,
}

_F = constants("seed002-fig8b")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed002-fig8b.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


#: how each :data:`PAPER` entry is measured on this figure's sweep results
MEASURED: dict[str, Callable[[Any], Any]] = {
    "uniform, accepted": lambda df: max(peak(df, r, "uniform") for r in ROUTINGS),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
