"""García et al. 2014, Fig. 9 (§5.4): latency and throughput against offered load for OFAR with the ring
escape subnetwork and BCM (bubble of 2 packets) and 1/1(+1) to 4/4(+1) VCs (local/global, plus
the escape VC on the ring's links), and PB with 3/2 VCs as the reference, under uniform (UN) and
ADVG+2 traffic on the h = 6 dragonfly (Table 1), ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig9                 # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed001_fig9 --full          # the paper's 50,000 + 50,000
    python -m topoanalysis.reproduce.seed001_fig9 -o data/seed001_fig9.csv

The paper's statements (:data:`PAPER`) are compared with our runs in ``tests/test_seed001_ofar_figs.py``.
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

#: what García et al. 2014, §5.4 states about Fig. 9
PAPER: dict[str, Any] = {
    # "OFAR always obtains better performance than PB (3/2 VCs) when using the same or more VCs.
    # Even with a lower number of VCs, 2/2(+1), OFAR results are better"
    "ofar 2/2(+1) and up above pb": True,
    # "Only when OFAR employs fewer VCs, 2/1(+1) or 1/1(+1), and with ADVG+2 traffic, PB
    # outperforms OFAR"
    "advg+2, pb above ofar 1/1(+1) and 2/1(+1)": True,
    # "When the traffic is uniform ... OFAR 1/1(+1) obtains a result very close to that for PB"
    "uniform, ofar 1/1(+1) close to pb": True,
    # "OFAR with 3/3(+1) VCs is the configuration that achieves the best overall performance"
    "best": "ofar 3/3(+1)",
}

_F = constants("seed001-fig9")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig9.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network

#: how each :data:`PAPER` entry is measured on this figure's sweep results (peak accepted load;
#: "close to" as the ratio to PB's)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "ofar 2/2(+1) and up above pb": lambda df: all(
        peak(df, c, t) > peak(df, "pb 3/2", t) for c in ROUTINGS[3:] for t in TRAFFICS
    ),
    "advg+2, pb above ofar 1/1(+1) and 2/1(+1)": lambda df: (
        peak(df, "pb 3/2", "advg+2") > max(peak(df, "ofar 1/1(+1)", "advg+2"), peak(df, "ofar 2/1(+1)", "advg+2"))
    ),
    "uniform, ofar 1/1(+1) close to pb": lambda df: peak(df, "ofar 1/1(+1)", "uniform") / peak(df, "pb 3/2", "uniform"),
    "best": lambda df: max(ROUTINGS, key=lambda c: sum(peak(df, c, t) for t in TRAFFICS)),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
