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

    def __repr__(self) -> str:
        lat = "no latency" if self.average_latency is None else f"latency {self.average_latency:.1f} cycles"
        return (
            f"<SimulationResult {self.status}: {self.routing}, {self.traffic}, model {self.model.get('name')}; "
            f"offered {self.offered_load:g}, accepted {self.accepted_load:.4g} phits/(node·cycle), {lat}, "
            f"{self.cycles} cycles>"
        )

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-safe dict (``details`` included)."""
        return clean_json(asdict(self))

    def to_series(self) -> Any:
        """The scalar fields as a pandas Series, the model's values as ``model.FIELD[.KIND]`` (as in
        a sweep's results row); ``hop_histogram`` as a list, ``details`` left out."""
        import pandas as pd

        from .experiments.provenance import model_columns

        d = {k: v for k, v in self.to_dict().items() if k not in ("details", "model")}
        d["model"] = self.model.get("name")
        d.update(model_columns(self.model))
        return pd.Series(d, dtype=object)

    def to_json(self, **kw: Any) -> str:
        """JSON text; never NaN or Infinity (``allow_nan=False`` would raise if one slipped through)."""
        return json.dumps(self.to_dict(), allow_nan=False, **kw)


def simulate(top: Topology, routing: Any = "min", traffic: str = "uniform", load: float = 0.3, **kw: Any) -> SimulationResult:
    """Simulate packets through ``top``'s routers cycle by cycle and return what was measured.

    ``routing`` is a routing name (``min``, ``valiant``, ``ugal-l``, ... see ``topoanalysis
    simulate --help``) or a routing built by :func:`sim.routings.make_routing`; ``traffic`` the
    pattern (``uniform``, ``advg+N``, ``mix:...``); ``load`` the offered load in
    phits/(node·cycle).  Keywords are those of :func:`sim.simulate`: run lengths (``cycles``,
    ``warmup``), ``seed``, the router model (``model`` preset and its single values such as
    ``vcs`` or ``buffer``), bursts and transients.

    Returns a :class:`SimulationResult`: accepted load, latency percentiles, hops, the model
    that ran (every value) and, in ``details``, everything :func:`sim.simulate` returned with
    what produced it: ``topology`` (every parameter of the network), ``parameters`` (every
    keyword after defaults), ``software_version`` and ``git_commit`` (fields in the glossary of
    the documentation).  Raises ``ValueError`` naming a bad parameter.
    """
    from sim import simulate as _simulate

    from .experiments.provenance import simulate_parameters, software, topology_parameters

    r = clean_json(_simulate(top, routing, traffic, load, **kw))
    # what produced the numbers, defaults included (as simulate --json and a sweep's row record it)
    given = {k: v for k, v in kw.items() if k not in ("progress", "threads")}
    r.update(
        topology=topology_parameters(top),
        parameters=clean_json(simulate_parameters({**given, "routing": routing, "traffic": traffic, "load": load})),
        **software(),
    )
    return SimulationResult(
        status=r["status"],
        routing=r["routing"],
        traffic=r["traffic"],
        offered_load=r["offered_load"],
        accepted_load=r["accepted_load"],
        average_latency=r["average_latency"],
        latency_p50=r["latency_p50"],
        latency_p99=r["latency_p99"],
        average_hops=r["average_hops"],
        hop_histogram=list(r["hop_histogram"]),
        packets_delivered=r["packets_delivered"],
        cycles=r["cycles"],
        warmup=r["warmup"],
        seed=r["seed"],
        model=r["model"],
        drain_time=r.get("drain_time"),
        details=r,
    )
