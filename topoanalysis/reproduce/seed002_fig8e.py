"""Besta & Hoefler 2014, Fig. 8e (§V-E): latency and accepted load against offered load on the
oversubscribed Slim Fly q = 19 with p = 18 endpoints per router (12,996 endpoints, network radix 29;
the full-bandwidth p is 15) for SF-MIN, SF-VAL, SF-UGAL-L and SF-UGAL-G under the worst case for
minimal routing (``sf-worst``, §V-C), with the ``seed002`` router model.

    python -m topoanalysis.reproduce.seed002_fig8e              # reduced: 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig8e --full       # 10,000 + 10,000 cycles
    python -m topoanalysis.reproduce.seed002_fig8e -o data/seed002_fig8e.csv

§V-E states no number for the worst case of the oversubscribed networks, only that "the bandwidth
for the worst-case traffic behaves similarly" to the uniform one; its test compares the networks
of Figs. 6d, 8c and 8e.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what Besta & Hoefler 2014, §V-E states about Fig. 8e
PAPER: dict[str, Any] = {
    # §V-E: "The bandwidth for the worst-case traffic behaves similarly" (to the uniform one, which
    # falls from 87.5 % at p = 15 to 80 % and 75 % at p = 16 and 18): compared across figures in
    # tests/test_seed002_fig8.py, not on this figure alone
    "sf-worst, falls with p as the uniform bandwidth does": True,
}

_F = constants("seed002-fig8e")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed002-fig8e.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


#: how each :data:`PAPER` entry is measured on this figure's sweep results (none: the statement
#: needs the other networks' runs)
MEASURED: dict[str, Callable[[Any], Any]] = {}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
