"""García et al. 2014, Fig. 14 (§5.8): latency and throughput against offered load under ADVG+2, ADVG+h and
ADVG+2h (h = 6) for OFAR with BCM (bubble of 2 packets) and 2/1(+1) VCs, with the single escape
ring A, the single ring B, and both rings (one extra VC each; each packet assigned one at
random), on the h = 6 dragonfly, ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig14                # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed001_fig14 --full
    python -m topoanalysis.reproduce.seed001_fig14 -o data/seed001_fig14.csv
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import latency_knee, peak
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what García et al. 2014, §5.8 states about Fig. 14 (phits/(node cycle))
PAPER: dict[str, Any] = {
    # "Each of the three OFAR configurations achieves a similar maximum throughput of ~0.3"
    "max throughput, each": 0.3,
    # "OFAR with Ring A ... saturating at around 0.1 ... ADVG+2, and 0.15 ... ADVG+h"
    "ring a latency saturation, advg+2": 0.1,
    "ring a latency saturation, advg+6": 0.15,
    # "OFAR with Ring B ... latency rises at approximately 0.27 ... in both cases"
    "ring b latency saturation": 0.27,
}

_F = constants("seed001-fig14")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig14.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network

#: how each :data:`PAPER` entry is measured on this figure's sweep results (latency "saturating"
#: / "rising" as the first load with latency 1.5 times the lowest load's)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "max throughput, each": lambda df: tuple(max(peak(df, c, t) for t in TRAFFICS) for c in ROUTINGS),
    "ring a latency saturation, advg+2": lambda df: latency_knee(df, "ofar ring a", "advg+2"),
    "ring a latency saturation, advg+6": lambda df: latency_knee(df, "ofar ring a", "advg+6"),
    "ring b latency saturation": lambda df: tuple(latency_knee(df, "ofar ring b", t) for t in ("advg+2", "advg+6")),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
