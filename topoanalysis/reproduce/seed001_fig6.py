"""Seed 001 Fig. 6 (§5.1): average latency and throughput against offered load on the h = 6
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
from functools import partial
from typing import Any

from ..families import build
from ..topology import Topology
from ._curves import main, run as _run

__all__ = ["PAPER", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run"]

#: what seed 001 §5.1 states about Fig. 6 (phits/(node cycle))
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
ROUTINGS = ("min", "valiant", "pb", "valiant-any", "ofar", "ofar-l")
TRAFFICS = ("uniform", "advg+2", "advg+6")
LOADS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8)
MODEL = "seed001"
REDUCED = dict(warmup=3000, cycles=3000)
FULL = dict(warmup=50_000, cycles=50_000)  # seed 001 §5.1


def network() -> Topology:
    """The seed 001 Table 1 dragonfly: a = 12, h = 6, p = 6, palmtree global links."""
    return build("dragonfly", a=12, h=6, p=6, arrangement="palmtree")


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
