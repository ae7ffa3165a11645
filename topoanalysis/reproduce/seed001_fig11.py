"""García et al. 2014, Fig. 11 (§5.5): the time to consume a burst for PB (3/2 VCs) and OFAR with 2/1(+1)
VCs, with each escape subnetwork (ring A, tree) and congestion management (BCM: bubble of 2
packets; ECM: 20 %), under UN, ADVG+2, ADVG+6 and the mixes of Fig. 8, on the h = 6 dragonfly,
``seed001`` router model; times relative to PB's.

    python -m topoanalysis.reproduce.seed001_fig11                # reduced: 50 packets per node
    python -m topoanalysis.reproduce.seed001_fig11 --full         # 2,000
    python -m topoanalysis.reproduce.seed001_fig11 -o data/seed001_fig11.csv

The figure also has an all-to-all pattern, which is not reproduced (no all-to-all traffic here).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._bursts import main, run as _run
from ._compare import relative_drain
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "CONFIGS", "ROUTINGS", "TRAFFICS", "REFERENCE", "MODEL", "network", "run"]

#: what García et al. 2014, §5.5 states about Fig. 11
PAPER: dict[str, Any] = {
    # "In every case, OFAR Ring consumes traffic faster than OFAR Tree"
    "ring faster than tree": True,
    # "Both are faster when the congestion management mechanism is ECM ... OFAR Ring with ECM is
    # the fastest OFAR configuration, followed very closely by OFAR Ring with BCM"
    "ecm faster than bcm": True,
    "fastest ofar": "ofar ring+ecm",
}

_F = constants("seed001-fig11")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig11.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
REFERENCE = "pb 3/2"
ROUTINGS, TRAFFICS, MODEL, REDUCED, FULL = _F.ROUTINGS, _F.TRAFFICS, _F.MODEL, _F.REDUCED, _F.FULL
network = _F.network


def _ring_faster_than_tree(df: Any) -> bool:
    rel = relative_drain(df, REFERENCE)
    return bool(all((rel.loc[f"ofar ring+{m}"] < rel.loc[f"ofar tree+{m}"]).all() for m in ("bcm", "ecm")))


def _ecm_faster_than_bcm(df: Any) -> bool:
    rel = relative_drain(df, REFERENCE)
    return bool(all(rel.loc[f"ofar {e}+ecm"].mean() < rel.loc[f"ofar {e}+bcm"].mean() for e in ("ring", "tree")))


#: how each :data:`PAPER` entry is measured on this figure's sweep results: consumption time
#: relative to PB 3/2, on every traffic pattern ("in every case") or on average ("on average, the
#: difference in time is not very large")
MEASURED: dict[str, Callable[[Any], Any]] = {
    "ring faster than tree": _ring_faster_than_tree,
    "ecm faster than bcm": _ecm_faster_than_bcm,
    "fastest ofar": lambda df: str(relative_drain(df, REFERENCE).drop(index=REFERENCE).mean(axis=1).idxmin()),
}


#: ``run(full=False, configs=None, traffics=None, seeds=(1,), top=None, burst=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
