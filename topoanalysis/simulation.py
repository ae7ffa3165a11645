"""``topoanalysis.simulate``: one simulation as a plain dataclass.

    import topoanalysis as ta
    res = ta.simulate(ta.build("dragonfly", a=4, h=2, p=2), "ugal-l", "advg+1", 0.3, cycles=2000)
    res.accepted_load, res.average_latency, res.model["name"]
    res.to_json()            # no NaN or Infinity: a missing value is null

A thin layer over :func:`sim.simulate` (whose dict is kept whole in ``details``): the measured
numbers as typed fields, and None where a number does not exist (the average latency of a run
that delivered no packet), so a result is safe to store or serialise as it is.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any

from .topology import Topology

__all__ = ["SimulationResult", "simulate", "clean_json"]


def clean_json(x: Any) -> Any:
    """``x`` with every NaN or infinite float replaced by None (JSON has no NaN or Infinity)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: clean_json(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [clean_json(v) for v in x]
    return x


@dataclass(frozen=True)
class SimulationResult:
    """The measured figures of one run; ``model`` is the router model that produced them and
    ``details`` everything :func:`sim.simulate` returned."""

    status: str
    routing: str
    traffic: str
    offered_load: float
    accepted_load: float
    average_latency: float | None
    latency_p50: float | None
    latency_p99: float | None
    average_hops: float | None
    hop_histogram: list[int]
    packets_delivered: int
    cycles: int
    warmup: int
    seed: int
    model: dict[str, Any]
    drain_time: int | None = None
    details: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-safe dict (``details`` included)."""
        return clean_json(asdict(self))

    def to_json(self, **kw: Any) -> str:
        """JSON text; never NaN or Infinity (``allow_nan=False`` would raise if one slipped through)."""
        return json.dumps(self.to_dict(), allow_nan=False, **kw)


def simulate(top: Topology, routing: Any = "min", traffic: str = "uniform", load: float = 0.3,
             **kw: Any) -> SimulationResult:
    """Run :func:`sim.simulate` (same arguments) and return a :class:`SimulationResult`."""
    from sim import simulate as _simulate

    r = clean_json(_simulate(top, routing, traffic, load, **kw))
    return SimulationResult(
        status=r["status"], routing=r["routing"], traffic=r["traffic"], offered_load=r["offered_load"],
        accepted_load=r["accepted_load"], average_latency=r["average_latency"], latency_p50=r["latency_p50"],
        latency_p99=r["latency_p99"], average_hops=r["average_hops"], hop_histogram=list(r["hop_histogram"]),
        packets_delivered=r["packets_delivered"], cycles=r["cycles"], warmup=r["warmup"], seed=r["seed"],
        model=r["model"], drain_time=r.get("drain_time"), details=r)
