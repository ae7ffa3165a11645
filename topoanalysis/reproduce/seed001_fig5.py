"""García et al. 2014, Fig. 5 (§3.4): latency and throughput against offered load under uniform
traffic (UN) for OFAR with the tree escape subnetwork and few resources, 2/1(+1) VCs, without
congestion management (``ofar tree``) and with BCM (bubble of 2 packets) or ECM (threshold 20 %,
Table 1), and PB with 3/2 VCs as the paper's reference, on the h = 6 dragonfly, ``seed001`` router
model.

    python -m topoanalysis.reproduce.seed001_fig5                 # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed001_fig5 --full
    python -m topoanalysis.reproduce.seed001_fig5 -o data/seed001_fig5.csv

§3.4: "if no congestion management mechanism is applied (OFAR Tree), throughput drops significantly
when the load is high and the canonical network gets congested ... the overall network throughput
becomes that of the escape subnetwork. However, using a simple congestion management mechanism (BCM
or ECM ...) the throughput does not fall."  The tests compare these statements with our runs
(``tests/test_seed001_fig5.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import _mean_by_load, peak
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "CONFIGS", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run", "retained"]

#: what García et al. 2014, §3.4 states about Fig. 5
PAPER: dict[str, Any] = {
    # "if no congestion management mechanism is applied (OFAR Tree), throughput drops significantly
    # when the load is high"
    "ofar tree: throughput drops at high load": True,
    # "using a simple congestion management mechanism (BCM or ECM ...) the throughput does not fall"
    "ofar tree+bcm: throughput does not fall": True,
    "ofar tree+ecm: throughput does not fall": True,
}

_F = constants("seed001-fig5")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig5.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network

#: a curve "does not fall" when it keeps this share of its peak at the highest offered load
KEPT = 0.9


def retained(df: Any, curve: str) -> float:
    """The accepted load at the highest offered load over the curve's peak (1: no fall)."""
    s = _mean_by_load(df, curve, "uniform", "accepted_load").sort_index()
    return float(s.iloc[-1]) / peak(df, curve, "uniform")


#: how each :data:`PAPER` entry is measured on this figure's sweep results: the share of its peak a
#: curve keeps at the highest offered load (:func:`retained`), against :data:`KEPT`
MEASURED: dict[str, Callable[[Any], Any]] = {
    "ofar tree: throughput drops at high load": lambda df: retained(df, "ofar tree") < KEPT,
    "ofar tree+bcm: throughput does not fall": lambda df: retained(df, "ofar tree+bcm") >= KEPT,
    "ofar tree+ecm: throughput does not fall": lambda df: retained(df, "ofar tree+ecm") >= KEPT,
}

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
