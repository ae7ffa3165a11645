"""Seed 002 Fig. 6 (§V-A, §V-C): latency and accepted load against offered load on the Slim Fly
q = 19 (722 routers, k' = 29, p = 15, 10,830 endpoints) for SF-MIN, SF-VAL, SF-UGAL-L and
SF-UGAL-G, uniform random traffic (Fig. 6a) and the worst case for minimal routing (Fig. 6d,
Fig. 9: ``sf-worst``), with the ``seed002`` router model (single-flit packets, 3 VCs, 64 flits per
port).  The figure's DF-UGAL-L and FT-ANCA rows are not reproduced (no fat-tree routing here).

    python -m topoanalysis.reproduce.seed002_fig6                 # reduced: 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig6 --full          # 10,000 + 10,000 cycles
    python -m topoanalysis.reproduce.seed002_fig6 -o data/seed002_fig6.csv

The paper's simulator had an internal speedup of 2 and this engine has none (the ``seed002``
preset's notes; ``data/booksim_crossval.csv`` measures the gap on a matched network), so our
saturation points are expected below the paper's.  :data:`PAPER` holds what §V states in numbers.
"""

from __future__ import annotations

import sys
from functools import partial
from typing import Any

from ..families import build
from ..topology import Topology
from ._curves import main, run as _run

__all__ = ["PAPER", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what seed 002 §V states about Fig. 6 (fraction of the offered load the network accepts)
PAPER: dict[str, Any] = {
    # §V-C: "VAL and UGAL-L ... can support up to 40% (VAL) and 45% (UGAL-L) offered load"
    "sf-worst, valiant": 0.40,
    "sf-worst, ugal-l": 0.45,
    # §V-E: "The full-bandwidth SF can accept up to 87,5% of the traffic" (uniform random)
    "uniform, accepted": 0.875,
    # §V-A: "As expected, UGAL-G and MIN achieve the best performance. VAL takes longer paths"
    "uniform, best": ("ugal-g", "min"),
}
ROUTINGS = ("min", "valiant", "ugal-l", "ugal-g")
TRAFFICS = ("uniform", "sf-worst")
LOADS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
MODEL = "seed002"
REDUCED = dict(warmup=1000, cycles=1000)
FULL = dict(warmup=10_000, cycles=10_000)


def network() -> Topology:
    """The seed 002 §V Slim Fly: the MMS graph of q = 19 with p = 15 endpoints per router."""
    return build("slimfly", q=19)


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
