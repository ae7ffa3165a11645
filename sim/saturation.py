"""Saturation throughput: the largest offered load a network carries, by bisection over
:func:`sim.simulate` runs."""

from __future__ import annotations

from typing import Any

from topoanalysis.topology import Topology

from .routings import make_routing
from .simulator import resolve_model, simulate

__all__ = ["saturation_search"]


def saturation_search(
    top: Topology,
    routing: str = "min",
    traffic: str = "uniform",
    *,
    lo: float = 0.0,
    hi: float = 1.0,
    tol: float = 0.02,
    efficiency: float = 0.95,
    max_latency: float | None = None,
    **kw: Any,
) -> dict[str, Any]:
    """Largest offered load the network carries (bisection to ``tol``), by one of two criteria:

    * accepted load >= ``efficiency`` x offered (the default).  "Offered" is what the nodes
      actually generated in the measured cycles (``measured_offered_load``): the Bernoulli
      sources' own sampling noise (about ±5% on a 72-node network over 1,500 cycles) would
      otherwise fail loads the network carries in full;
    * average latency below ``max_latency`` cycles ("the last load with average latency below
      100", Han et al. 2017, §4): given explicitly, or by the model (the ``seed003`` preset's
      ``saturation_latency``).

    Returns ``{"saturation_load", "accepted_at_saturation", "criterion", "runs": [(offered,
    accepted), ...]}``.
    """
    if not 0 <= lo < hi <= 1:
        raise ValueError(f"saturation_search needs 0 <= lo < hi <= 1, got lo={lo}, hi={hi}")
    if not 0 < tol < 1:
        raise ValueError(f"tol must be in (0, 1), got {tol}")
    if max_latency is None:
        max_latency = resolve_model(top, kw.get("model")).saturation_latency
    if max_latency is not None and not max_latency > 0:
        raise ValueError(f"max_latency must be > 0 cycles, got {max_latency}")
    criterion = (
        f"average latency < {max_latency:g} cycles" if max_latency is not None else f"accepted >= {efficiency:g} x offered"
    )
    rout = make_routing(top, routing) if isinstance(routing, str) else routing
    runs = []
    good, good_acc = lo, 0.0

    def ok(x: float) -> tuple[bool, float]:
        r = simulate(top, rout, traffic, x, **kw)
        runs.append((x, r["accepted_load"]))
        if r["status"] != "ok":
            return False, r["accepted_load"]
        if max_latency is not None:
            return r["packets_delivered"] > 0 and r["average_latency"] < max_latency, r["accepted_load"]
        return r["accepted_load"] >= efficiency * r["measured_offered_load"], r["accepted_load"]

    fine, acc = ok(hi)
    if fine:
        return {"saturation_load": hi, "accepted_at_saturation": acc, "criterion": criterion, "runs": runs}
    a, b = lo, hi
    while b - a > tol:
        m = 0.5 * (a + b)
        fine, acc = ok(m)
        if fine:
            a, good, good_acc = m, m, acc
        else:
            b = m
    return {"saturation_load": good, "accepted_at_saturation": good_acc, "criterion": criterion, "runs": runs}
