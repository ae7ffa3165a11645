"""Running one point of a sweep, in whichever process runs it.

A worker keeps what it built between points: the compiled engine (numba compiles or loads it once
per process), the last topologies and the routings built on them, so a sweep over loads or seeds
pays for a network and its routing tables once per worker, not once per point.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import time
from collections import OrderedDict
from typing import Any

from .config import SIMULATE_KEYS, Point, canonical

__all__ = [
    "run_point",
    "point_parameters",
    "software_version",
    "RESULT_COLUMNS",
    "RESULT_PREFIXES",
    "PARAMETER_PREFIXES",
    "LIST_COLUMNS",
]

_TOPOLOGIES: OrderedDict[str, Any] = OrderedDict()
_ROUTINGS: OrderedDict[tuple[str, str], Any] = OrderedDict()
_KEEP_TOPOLOGIES = 4
_KEEP_ROUTINGS = 16

#: the measured columns of a result row, after the point's parameters (:func:`run_point`)
RESULT_COLUMNS = (
    "status",
    "model",
    "routing_variant",
    "offered_load",
    "measured_offered_load",
    "accepted_load",
    "average_latency",
    "latency_p50",
    "latency_p99",
    "latency_max",
    "average_hops",
    "nonminimal_fraction",
    "nonminimal_basis",
    "hop_histogram",
    "link_utilisation_per_arc",
    "drain_time",
    "saturation_load",
    "accepted_at_saturation",
    "criterion",
    "saturation_offered_loads",
    "saturation_accepted_loads",
    "cycles_run",
    "warmup_run",
    "wall_seconds",
    "worker",
    "software_version",
    "git_commit",
    "finished_at",
)
#: measured columns that come one per link kind: ``average_hops_by_kind.KIND``,
#: ``link_utilisation.KIND.mean`` and ``link_utilisation.KIND.max``
RESULT_PREFIXES = ("average_hops_by_kind.", "link_utilisation.")
#: parameter columns that come one per value: ``topology.PARAM`` (the generator's every parameter),
#: ``model.FIELD[.KIND]`` (the router model's every value), ``saturation.SETTING`` (searches)
PARAMETER_PREFIXES = ("topology.", "model.", "saturation.")
#: columns that hold a list of numbers per row: list columns in Parquet, JSON text in a CSV file
#: (:func:`~topoanalysis.experiments.store.read_results` gives lists either way)
LIST_COLUMNS = ("hop_histogram", "link_utilisation_per_arc", "saturation_offered_loads", "saturation_accepted_loads")


def software_version() -> str:
    """``topoanalysis X.Y.Z`` plus the git commit of the source tree when it is a checkout."""
    from .provenance import software

    s = software()
    return f"topoanalysis {s['software_version']}" + (f" (git {s['git_commit']})" if s["git_commit"] else "")


def _remember(cache: OrderedDict, key: Any, keep: int, make: Any) -> Any:
    if key in cache:
        cache.move_to_end(key)
        return cache[key]
    val = make()
    cache[key] = val
    while len(cache) > keep:
        cache.popitem(last=False)
    return val


def _topology(params: dict[str, Any]) -> Any:
    from ..families import build

    p = dict(params)
    family = p.pop("family")
    return _remember(_TOPOLOGIES, canonical(params), _KEEP_TOPOLOGIES, lambda: build(family, **p))


def _routing(top_key: str, top: Any, routing: Any, options: dict[str, Any]) -> Any:
    from sim.routings import make_routing

    if not isinstance(routing, str):
        raise ValueError(f"routing: must be a routing name, got {routing!r}")
    key = (top_key, canonical({"routing": routing, **options}))
    return _remember(_ROUTINGS, key, _KEEP_ROUTINGS, lambda: make_routing(top, routing, **options))


def _finite(x: Any) -> Any:
    """None for NaN/inf: results never hold them (a point with no delivered packet has no latency)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    return x


def run_point(point: Point) -> dict[str, Any]:
    """Run ``point`` and return its result row: the point's parameters, then :data:`RESULT_COLUMNS`.
    A ``ValueError`` (a parameter the simulator refuses) names the point it came from."""
    try:
        return _run(point)
    except ValueError as exc:
        shown = " ".join(f"{k}={v}" for k, v in point.labels().items() if v != "")
        raise ValueError(f"point {point.point_id} ({shown}): {exc}") from None


def point_parameters(point: Point, top: Any) -> dict[str, Any]:
    """The parameter columns of ``point``'s row, defaulted ones included: ``point_id``, ``config``,
    ``topology.PARAM`` for every parameter of the family (as built), every keyword of
    :func:`sim.simulate` and the routing's options, and ``saturation.SETTING`` for a search."""
    from .provenance import saturation_parameters, simulate_parameters, topology_parameters

    row: dict[str, Any] = {"point_id": point.point_id, "config": point.config}
    row.update({f"topology.{k}": v for k, v in topology_parameters(top).items()})
    row.update(simulate_parameters(point.simulate, saturation=point.saturation is not None))
    if point.saturation is not None:
        row.update({f"saturation.{k}": v for k, v in saturation_parameters(point.saturation).items()})
    return row


def _run(point: Point) -> dict[str, Any]:
    from sim import saturation_search, simulate
    from sim.routings import OPTIONS

    from .provenance import flatten, model_columns, software

    top = _topology(point.topology)
    kw = dict(point.simulate)
    routing = kw.pop("routing", "min")
    options = {k: kw.pop(k) for k in list(kw) if k in OPTIONS.get(routing, ())}
    stray = sorted(k for k in kw if k not in SIMULATE_KEYS)
    if stray:
        raise ValueError(
            f"{', '.join(stray)}: an option of routings {sorted(r for r, o in OPTIONS.items() if stray[0] in o)}, "
            f"not of {routing!r}"
        )
    rout = _routing(canonical(point.topology), top, routing, options)
    traffic = kw.pop("traffic", "uniform")
    kw["threads"] = 1  # the sweep spreads its points over the cores
    t0 = time.perf_counter()
    row = point_parameters(point, top)
    if point.saturation is not None:
        r = saturation_search(top, rout, traffic, **point.saturation, **kw)
        # the model every run of the search used: one cycle of the same configuration resolves it
        # as the runs did (VCs raised to the routing's need, overrides applied)
        one = simulate(top, rout, traffic, 0.0, **{**kw, "cycles": 1, "warmup": 0})
        row.update(
            status="ok",
            model=one["model"]["name"],
            routing_variant=one["routing_variant"],
            saturation_load=r["saturation_load"],
            accepted_at_saturation=r["accepted_at_saturation"],
            criterion=r["criterion"],
            saturation_offered_loads=[float(o) for o, _ in r["runs"]],
            saturation_accepted_loads=[float(a) for _, a in r["runs"]],
        )
        row.update(model_columns(one["model"]))
    else:
        load = kw.pop("load", 0.3)
        r = simulate(top, rout, traffic, load, **kw)
        row.update(
            status=r["status"],
            model=r["model"]["name"],
            routing_variant=r["routing_variant"],
            offered_load=r["offered_load"],
            measured_offered_load=r["measured_offered_load"],
            accepted_load=r["accepted_load"],
            average_latency=r["average_latency"],
            latency_p50=r["latency_p50"],
            latency_p99=r["latency_p99"],
            latency_max=r["latency_max"],
            average_hops=r["average_hops"],
            nonminimal_fraction=r.get("nonminimal_fraction"),
            nonminimal_basis=r.get("nonminimal_basis"),
            hop_histogram=[int(x) for x in r["hop_histogram"]],
            link_utilisation_per_arc=r.get("link_utilisation_per_arc"),
            drain_time=r.get("drain_time"),
            cycles_run=r["cycles"],
            warmup_run=r["warmup"],
        )
        row.update(model_columns(r["model"]))
        row.update(flatten(r["average_hops_by_kind"], "average_hops_by_kind."))
        row.update(flatten(r["link_utilisation"], "link_utilisation."))
    row.update(
        wall_seconds=time.perf_counter() - t0,
        worker=f"{os.uname().nodename}:{os.getpid()}",
        **software(),
        finished_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    )
    return {k: _finite(v) for k, v in row.items()}
