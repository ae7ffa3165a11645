"""Besta & Hoefler 2014, Fig. 6b and 6c (§V-B): latency and accepted load against offered load on
the Slim Fly for SF-MIN, SF-VAL, SF-UGAL-L and SF-UGAL-G under bit reversal (``bitrev``) and shift
(``shift``) traffic, both on the largest power-of-two set of endpoints (§V-B: "we artificially
prevent some endpoints from sending and receiving"), with the ``seed002`` router model.  The
figure's DF-UGAL-L and FT-ANCA rows, with the Slim Fly q = 19's MIN, UGAL-L and UGAL-G beside them,
are :mod:`seed002_fig6bc_df_ft`'s.

    python -m topoanalysis.reproduce.seed002_fig6bc              # reduced: q = 7, 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig6bc --full       # q = 19 (the paper's), 10,000 + 10,000
    python -m topoanalysis.reproduce.seed002_fig6bc -o data/seed002_fig6bc.csv

The reduced run takes the q = 7 Slim Fly (98 routers, p = 6, 512 of 588 endpoints active): §V
reports that smaller networks "give similar results".  §V-B states no number for the Slim Fly
curves; :data:`PAPER` holds the ordering it states.
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

#: what Besta & Hoefler 2014, §V-B states about Fig. 6b and 6c
PAPER: dict[str, Any] = {
    # §V-B: "The bandwidth of FT-3, higher than UGAL-L and only slightly better than UGAL-G, indicates
    # that the local decisions made by UGAL-L miss some opportunity for traffic balancing": on the
    # Slim Fly UGAL-G accepts more than UGAL-L
    "bitrev, ugal-g above ugal-l": True,
    "shift, ugal-g above ugal-l": True,
}

_F = constants("seed002-fig6bc")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed002-fig6bc.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


#: how each :data:`PAPER` entry is measured on this figure's sweep results
MEASURED: dict[str, Callable[[Any], Any]] = {
    "bitrev, ugal-g above ugal-l": lambda df: peak(df, "ugal-g", "bitrev") > peak(df, "ugal-l", "bitrev"),
    "shift, ugal-g above ugal-l": lambda df: peak(df, "ugal-g", "shift") > peak(df, "ugal-l", "shift"),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
