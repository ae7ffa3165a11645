"""García et al. 2014, Fig. 10 (§5.5): latency and throughput against offered load under ADVG+2 and ADVG+h
(h = 6) for PB with 3/2 VCs and OFAR with few resources, 2/1(+1) VCs, with each escape
subnetwork (ring A, tree) and each congestion management (BCM: bubble of 2 packets; ECM:
threshold 20 %, Table 1) on the h = 6 dragonfly, ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig10                # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed001_fig10 --full
    python -m topoanalysis.reproduce.seed001_fig10 -o data/seed001_fig10.csv
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

#: what García et al. 2014, §5.5 states about Fig. 10
PAPER: dict[str, Any] = {
    # "The variants with ECM obtain higher throughput than those with BCM"
    "ecm above bcm": True,
    # "Under ADVG+2 traffic, the maximum throughput with BCM is slightly lower than with PB, while
    # with ECM it is higher"
    "advg+2: bcm slightly below pb, ecm above pb": True,
    # "The latency of OFAR Ring+BCM with 2/1(+1) in Fig. 10a above load 0.1 keeps increasing"
    "advg+2: ring+bcm latency rises above load": 0.1,
}

_F = constants("seed001-fig10")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig10.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network

#: how each :data:`PAPER` entry is measured on this figure's sweep results (peak accepted load;
#: "slightly below" / "above" as the ratios to PB's; where latency "keeps increasing" as the
#: first load with latency 1.5 times the lowest load's)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "ecm above bcm": lambda df: all(
        peak(df, f"ofar {e}+ecm", t) > peak(df, f"ofar {e}+bcm", t) for e in ("ring", "tree") for t in TRAFFICS
    ),
    "advg+2: bcm slightly below pb, ecm above pb": lambda df: (
        peak(df, "ofar ring+bcm", "advg+2") / peak(df, "pb 3/2", "advg+2"),
        peak(df, "ofar ring+ecm", "advg+2") / peak(df, "pb 3/2", "advg+2"),
    ),
    "advg+2: ring+bcm latency rises above load": lambda df: latency_knee(df, "ofar ring+bcm", "advg+2"),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
