"""García et al. 2014, Fig. 8 (§5.3): the time to consume a burst (every node injects the same number of
packets as fast as it can), normalised to PB's, with 3/2 VCs (OFAR: 3/2(+1), escape ring A, no
congestion management, as in Fig. 6), under UN, ADVG+2, ADVG+6 and the mixes MIX1 (80 % UN,
10 % ADVG+1, 10 % ADVG+6), MIX2 (60-20-20) and MIX3 (20-40-40), on the h = 6 dragonfly,
``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig8                 # reduced: 50 packets per node
    python -m topoanalysis.reproduce.seed001_fig8 --full          # the paper's 2,000
    python -m topoanalysis.reproduce.seed001_fig8 -o data/seed001_fig8.csv

``ofar+bcm`` (BCM, bubble of 2 packets) is ours, not in the figure: it shows what congestion
management does to the consumption time.
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

#: what García et al. 2014, §5.3 states about Fig. 8 (consumption time relative to PB's)
PAPER: dict[str, Any] = {
    # "Compared to PB, the execution time of OFAR ranges from a 43.1% to a 81.5%"
    "ofar / pb, min": 0.431,
    "ofar / pb, max": 0.815,
    # "On average, the time to consume traffic for OFAR is 0.695 the time for PB"
    "ofar / pb, mean": 0.695,
    # "The complete OFAR model always finishes sooner than all the others, including its -L
    # counterpart"
    "ofar first": True,
}

_F = constants("seed001-fig8")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig8.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
MIXES = {
    "mix1": "mix:uniform=0.8,advg+1=0.1,advg+6=0.1",
    "mix2": "mix:uniform=0.6,advg+1=0.2,advg+6=0.2",
    "mix3": "mix:uniform=0.2,advg+1=0.4,advg+6=0.4",
}
REFERENCE = "pb"
ROUTINGS, TRAFFICS, MODEL, REDUCED, FULL = _F.ROUTINGS, _F.TRAFFICS, _F.MODEL, _F.REDUCED, _F.FULL
network = _F.network


def _ofar_over_pb(df: Any) -> Any:
    return relative_drain(df, REFERENCE).loc["ofar"]


def _ofar_first(df: Any) -> bool:
    rel = relative_drain(df, REFERENCE)
    return bool((rel.loc["ofar"] < rel.loc[["pb", "valiant", "ofar-l"]].min()).all())


#: how each :data:`PAPER` entry is measured on this figure's sweep results (``ofar+bcm`` is ours,
#: not in the figure, so "ofar first" compares OFAR with PB, VAL and OFAR-L)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "ofar / pb, min": lambda df: float(_ofar_over_pb(df).min()),
    "ofar / pb, max": lambda df: float(_ofar_over_pb(df).max()),
    "ofar / pb, mean": lambda df: float(_ofar_over_pb(df).mean()),
    "ofar first": _ofar_first,
}


#: ``run(full=False, configs=None, traffics=None, seeds=(1,), top=None, burst=None, progress=False)``
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
