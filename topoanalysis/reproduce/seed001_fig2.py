"""García et al. 2014, Fig. 2 (§2): accepted against offered load on the h = 6 dragonfly (Table 1:
a = 12, p = 6, 73 groups, palmtree) with Valiant routing to a random intermediate group (the variant
of Kim et al. 2008, without local misrouting in the intermediate group) under adversarial-global
traffic ADVG+N for several offsets N, ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig2                 # reduced: 3,000 + 3,000 cycles
    python -m topoanalysis.reproduce.seed001_fig2 --full          # the paper's 50,000 + 50,000
    python -m topoanalysis.reproduce.seed001_fig2 -o data/seed001_fig2.csv

§2 explains the figure: in the intermediate group a router receives misrouted traffic through its h
global links and, when the offset is a multiple of h, has to forward all of it through the h global
links of the next router (palmtree and consecutive wirings), so the single local link between the
two limits throughput to 1/h phits/(node·cycle); other offsets spread that traffic over several
local links.  The tests compare the statements (:data:`PAPER`) with our runs
(``tests/test_seed001_fig2.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import peak
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "network", "run", "offset", "throughputs"]

#: what García et al. 2014, §2 states about Fig. 2 (phits/(node cycle))
PAPER: dict[str, Any] = {
    # "ADV_G+1 causes the lowest congestion"
    "advg+1 the highest throughput": True,
    # "whereas ADV_G+(n·6) generates the highest"
    "advg+(n·6) the lowest throughput": True,
    # "the localized saturation of certain local links will limit throughput to 1/h ... The same
    # happens for any other ADV+(n·h) traffic pattern"
    "advg+(n·6) limit 1/h": 1 / 6,
    # §2: "this implies two global hops for any packet ... global links will limit the maximum
    # throughput to 0.5": no offset above it
    "every offset at most 0.5 (global links)": True,
}

_F = constants("seed001-fig2")
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network
H = 6


def offset(traffic: str) -> int:
    """N of ``advg+N``."""
    return int(traffic.split("+", 1)[1])


def throughputs(df: Any) -> dict[int, float]:
    """Valiant's throughput (largest accepted load over the offered loads) per offset N."""
    if df.empty:
        raise ValueError("results: no rows of Valiant under ADVG+N")
    return {offset(t): peak(df, "valiant", t) for t in sorted(set(df["traffic"]), key=offset)}


def _multiples(df: Any) -> dict[int, float]:
    return {n: x for n, x in throughputs(df).items() if n % H == 0}


#: how each :data:`PAPER` entry is measured on this figure's sweep results
MEASURED: dict[str, Callable[[Any], Any]] = {
    "advg+1 the highest throughput": lambda df: max(throughputs(df).items(), key=lambda kv: kv[1])[0] == 1,
    "advg+(n·6) the lowest throughput": lambda df: (
        max(_multiples(df).values()) < min(x for n, x in throughputs(df).items() if n % H)
    ),
    "advg+(n·6) limit 1/h": lambda df: tuple(round(x, 4) for x in _multiples(df).values()),
    "every offset at most 0.5 (global links)": lambda df: max(throughputs(df).values()) <= 0.5,
}

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
