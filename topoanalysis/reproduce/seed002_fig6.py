"""Besta & Hoefler 2014, Fig. 6 (§V-A, §V-C): latency and accepted load against offered load on the Slim Fly
q = 19 (722 routers, k' = 29, p = 15, 10,830 endpoints) for SF-MIN, SF-VAL, SF-UGAL-L and
SF-UGAL-G, uniform random traffic (Fig. 6a) and the worst case for minimal routing (Fig. 6d,
Fig. 9: ``sf-worst``), with the ``seed002`` router model (single-flit packets, 3 VCs, 64 flits per
port), offered loads 0.1 to 1.0 as the figure's axis.  The figure's DF-UGAL-L and FT-ANCA rows are
:mod:`topoanalysis.reproduce.seed002_fig6_df_ft`.

    python -m topoanalysis.reproduce.seed002_fig6                 # reduced: 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig6 --full          # 10,000 + 10,000 cycles
    python -m topoanalysis.reproduce.seed002_fig6 -o data/seed002_fig6.csv

The ``seed002`` preset has the paper's internal speedup of 2 (§V; BookSim2's meaning).
:data:`PAPER` holds what §V states in numbers.
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

#: what Besta & Hoefler 2014, §V states about Fig. 6 (fraction of the offered load the network accepts)
PAPER: dict[str, Any] = {
    # §V-C: "VAL and UGAL-L ... can support up to 40% (VAL) and 45% (UGAL-L) offered load"
    "sf-worst, valiant": 0.40,
    "sf-worst, ugal-l": 0.45,
    # §V-E: "The full-bandwidth SF can accept up to 87,5% of the traffic" (uniform random)
    "uniform, accepted": 0.875,
    # §V-A (Fig. 6a): "UGAL-L performs reasonably well (saturation at 80% of the injection rate)"
    "uniform, ugal-l": 0.80,
    # §V-A: "As expected, UGAL-G and MIN achieve the best performance. VAL takes longer paths"
    "uniform, best": ("ugal-g", "min"),
}

_F = constants("seed002-fig6")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed002-fig6.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


#: how each :data:`PAPER` entry is measured on this figure's sweep results
MEASURED: dict[str, Callable[[Any], Any]] = {
    "sf-worst, valiant": lambda df: peak(df, "valiant", "sf-worst"),
    "sf-worst, ugal-l": lambda df: peak(df, "ugal-l", "sf-worst"),
    "uniform, accepted": lambda df: max(peak(df, r, "uniform") for r in ROUTINGS),
    "uniform, ugal-l": lambda df: peak(df, "ugal-l", "uniform"),
    "uniform, best": lambda df: tuple(sorted(ROUTINGS, key=lambda r: -peak(df, r, "uniform"))[:2]),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
