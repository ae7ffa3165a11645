"""Besta & Hoefler 2014, Fig. 8a (§V-D): latency and accepted load against offered load on the Slim
Fly under the worst case for minimal routing (``sf-worst``) with input buffers of 8, 16, 32, 64, 128
and 256 flits per port (§V: "we also simulated other buffer sizes (8, 16, 32, 128, 256)"), SF-VAL and
SF-UGAL-L, ``seed002`` router model otherwise.

    python -m topoanalysis.reproduce.seed002_fig8a              # reduced: q = 7, 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig8a --full       # q = 19 (the paper's), 10,000 + 10,000
    python -m topoanalysis.reproduce.seed002_fig8a -o data/seed002_fig8a.csv

A curve is a routing and a buffer size (label ``"ugal-l b64"``: 64 flits per port, 16 per VC on
the 4 VCs the routing takes).  :data:`PAPER` holds what §V-D states.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ._compare import peak
from ._curves import main, run as _run
from ._figure import constants

__all__ = ["PAPER", "MEASURED", "ROUTINGS", "TRAFFICS", "LOADS", "MODEL", "BUFFERS", "network", "run"]

#: flits per input port of the curves, smallest first
BUFFERS = (8, 16, 32, 64, 128, 256)

#: what Besta & Hoefler 2014, §V-D states about Fig. 8a
PAPER: dict[str, Any] = {
    # §V-D: "Smaller sizes result in lower latency (due to stiffer backpressure propagation), while
    # bigger buffers enable higher bandwidth"
    "valiant, bigger buffers higher bandwidth": True,
    "ugal-l, bigger buffers higher bandwidth": True,
    "valiant, smaller buffers lower latency": True,
    "ugal-l, smaller buffers lower latency": True,
}

_F = constants("seed002-fig8a")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed002-fig8a.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network


def throughputs(df: Any, routing: str) -> list[float]:
    """The largest accepted load of ``routing``'s curves under the worst case, by buffer size
    (:data:`BUFFERS` order)."""
    return [peak(df, f"{routing} b{b}", "sf-worst") for b in BUFFERS]


#: accepted loads this close count as equal: two curves that both carry all of an offered load
#: differ by the run's noise (about 0.002 at 1,000 measured cycles)
SAME_LOAD = 0.01


def _never_lower(xs: list[float]) -> bool:
    return all(b >= a - SAME_LOAD for a, b in zip(xs, xs[1:])) and xs[-1] > xs[0] + SAME_LOAD


def latency_inversions(df: Any, routing: str) -> list[tuple[float, int, int]]:
    """(offered load, smaller buffer, bigger buffer) of each pair of ``routing``'s curves that both
    carry the load (accepted >= 95 % of offered: below saturation) where the smaller buffers have
    the higher latency; none where §V-D's "smaller sizes result in lower latency" holds."""
    from ._compare import value_at

    out = []
    for load in LOADS:
        carried = [
            (b, value_at(df, f"{routing} b{b}", "sf-worst", load))
            for b in BUFFERS
            if value_at(df, f"{routing} b{b}", "sf-worst", load, "accepted_load") >= 0.95 * load
        ]
        out += [(float(load), b1, b2) for (b1, l1), (b2, l2) in zip(carried, carried[1:]) if l1 > l2]
    return out


def _lower_latency(df: Any, routing: str) -> bool:
    throughputs(df, routing)  # a run without the routing's curves answers nothing
    return not latency_inversions(df, routing)


#: how each :data:`PAPER` entry is measured on this figure's sweep results: the throughput never
#: falls as the buffers grow (within :data:`SAME_LOAD`) and the biggest buffers carry more than the
#: smallest; below saturation no smaller buffer has the higher latency (:func:`latency_inversions`)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "valiant, bigger buffers higher bandwidth": lambda df: _never_lower(throughputs(df, "valiant")),
    "ugal-l, bigger buffers higher bandwidth": lambda df: _never_lower(throughputs(df, "ugal-l")),
    "valiant, smaller buffers lower latency": lambda df: _lower_latency(df, "valiant"),
    "ugal-l, smaller buffers lower latency": lambda df: _lower_latency(df, "ugal-l"),
}


#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
