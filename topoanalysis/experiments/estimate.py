"""What a sweep will cost before it runs: its wall time from the engine's benchmarked speed."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .config import Experiment, Point

__all__ = ["estimated_seconds", "BURST_ACCEPTED_LOAD"]

#: accepted load assumed for the drain of a burst (phits/(node·cycle)): about the uniform
#: saturation throughput of the bundled networks (García et al. 2014, Fig. 6: 0.4-0.6), so a
#: burst of b packets of P phits per node takes about b·P/0.5 cycles; adversarial bursts take longer
BURST_ACCEPTED_LOAD = 0.5


def estimated_seconds(exp: Experiment, points: list[Point] | None = None) -> float:
    """Wall time of every point of ``exp`` on one core: for each point, the network's routers x
    its cycles / :data:`sim.resources.ROUTER_CYCLES_PER_SECOND` (the benchmarked speed of the
    engine, :func:`sim.resources.estimated_seconds`).  A point's cycles are its warm-up plus
    measured cycles, or for a burst the drain at :data:`BURST_ACCEPTED_LOAD`; a saturation search
    counts its runs (the highest load, then bisection down to ``tol``).  Optimistic for adaptive
    routings and heavy loads, which run slower than the benchmark; divide by the workers for a
    sweep on several cores.  ``points``: ``exp.points()`` when the caller has them already."""
    from sim.models import get_model
    from sim.resources import estimated_seconds as router_cycles_seconds

    from ..families import build

    routers: dict[str, int] = {}
    total = 0.0
    for pt in exp.points() if points is None else points:
        key = repr(sorted(pt.topology.items()))
        if key not in routers:
            topo = dict(pt.topology)
            routers[key] = build(topo.pop("family"), **topo).n_routers
        kw = pt.simulate
        if kw.get("burst"):
            size = kw.get("packet_size") or get_model(kw.get("model") or "seed001").packet_size
            cycles = kw["burst"] * size / BURST_ACCEPTED_LOAD
        else:
            cycles = kw.get("warmup", 5_000) + kw.get("cycles", 10_000)
        runs = 1
        if pt.saturation is not None:
            span = pt.saturation.get("hi", 1.0) - pt.saturation.get("lo", 0.0)
            runs = 1 + max(0, math.ceil(math.log2(span / pt.saturation.get("tol", 0.02))))
        total += runs * router_cycles_seconds(routers[key], int(cycles))
    return total
