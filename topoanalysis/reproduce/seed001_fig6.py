"""García et al. 2014, Fig. 6 (§5.1): average latency and throughput against offered load on the h = 6
dragonfly (Table 1: a = 12, p = 6, 73 groups, palmtree), uniform (UN), ADVG+2 and ADVG+6 traffic,
for MIN, VAL, PB, VAL-any, OFAR and OFAR-L (escape ring A, no congestion management, as the paper's
Fig. 6) with the ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig6                 # reduced: 3,000 + 3,000 cycles
    python -m topoanalysis.reproduce.seed001_fig6 --full          # the paper's 50,000 + 50,000
    python -m topoanalysis.reproduce.seed001_fig6 -o data/seed001_fig6.csv

The figure is a plot; the paper states these numbers and orderings in §5.1 (:data:`PAPER`), which
the tests compare with our runs (``tests/test_seed001_fig6.py``).  The paper averages 5 runs per
point; one seed per point here unless ``--seeds``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import peak, value_at
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what García et al. 2014, §5.1 states about Fig. 6 (phits/(node cycle))
PAPER: dict[str, Any] = {
    # "Under ADVG+6 without local misrouting throughput is limited to 1/h = 1/6 = 0.166 ... for VAL, PB"
    "advg+6 limit, valiant and pb": 1 / 6,
    # "VAL-any and OFAR reach around 0.36"
    "advg+6, valiant-any": 0.36,
    "advg+6, ofar": 0.36,
    # "... limited to 1/h ... Fig. 6f shows that this occurs for VAL, PB and OFAR-L"
    "advg+6 limit, ofar-l": 1 / 6,
    # "Both OFAR models improve throughput over MIN and PB" (UN); "For adversarial traffic
    # patterns ADVG, OFAR provides the best latency and throughput"
    "uniform, ofar above min and pb": True,
    "advg, ofar best": True,
    # "The latency of the adaptive mechanism PB, by contrast, is significantly larger [than MIN's
    # under UN], due to a higher number of misrouted packets"
    "uniform, pb latency above min": True,
    # §2: minimal routing under ADVG+N shares one global link among the a*p nodes of a group
    "advg, min limit": 1 / 72,
}

_F = constants("seed001-fig6")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig6.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


#: how each :data:`PAPER` entry is measured on this figure's sweep results
MEASURED: dict[str, Callable[[Any], Any]] = {
    "advg+6 limit, valiant and pb": lambda df: (peak(df, "valiant", "advg+6"), peak(df, "pb", "advg+6")),
    "advg+6, valiant-any": lambda df: peak(df, "valiant-any", "advg+6"),
    "advg+6, ofar": lambda df: peak(df, "ofar", "advg+6"),
    "advg+6 limit, ofar-l": lambda df: peak(df, "ofar-l", "advg+6"),
    "uniform, ofar above min and pb": lambda df: (
        peak(df, "ofar", "uniform") > max(peak(df, "min", "uniform"), peak(df, "pb", "uniform"))
    ),
    "advg, ofar best": lambda df: all(
        peak(df, "ofar", t) >= max(peak(df, r, t) for r in ROUTINGS if r != "ofar") for t in ("advg+2", "advg+6")
    ),
    "uniform, pb latency above min": lambda df: value_at(df, "pb", "uniform", 0.2) > value_at(df, "min", "uniform", 0.2),
    "advg, min limit": lambda df: max(peak(df, "min", "advg+2"), peak(df, "min", "advg+6")),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
