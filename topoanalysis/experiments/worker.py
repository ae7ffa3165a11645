"""Running one point of a sweep, in whichever process runs it.

A worker keeps what it built between points: the compiled engine (numba compiles or loads it once
per process), the last topologies and the routings built on them, so a sweep over loads or seeds
pays for a network and its routing tables once per worker, not once per point.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import os
import subprocess
import time
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

from .config import SIMULATE_KEYS, Point, canonical

__all__ = ["run_point", "software_version", "RESULT_COLUMNS"]

_TOPOLOGIES: OrderedDict[str, Any] = OrderedDict()
_ROUTINGS: OrderedDict[tuple[str, str], Any] = OrderedDict()
_KEEP_TOPOLOGIES = 4
_KEEP_ROUTINGS = 16

#: the measured columns of a result row, after the point's parameters
RESULT_COLUMNS = ("status", "model", "routing_variant", "offered_load", "measured_offered_load", "accepted_load",
                  "average_latency", "latency_p50", "latency_p99", "latency_max", "average_hops",
                  "hop_histogram", "average_hops_by_kind", "link_utilisation", "drain_time",
                  "saturation_load", "accepted_at_saturation", "criterion", "saturation_runs",
                  "cycles_run", "warmup_run", "wall_seconds", "worker", "software", "finished_at")


@lru_cache(maxsize=1)
def software_version() -> str:
    """``topoanalysis X.Y.Z`` plus the git commit of the source tree when it is a checkout."""
    from .. import __version__

    text = f"topoanalysis {__version__}"
    root = Path(__file__).resolve().parents[2]
    if (root / ".git").exists():
        try:
            out = subprocess.run(["git", "-C", str(root), "describe", "--always", "--dirty", "--abbrev=12"],
                                 capture_output=True, text=True, timeout=10)
            if out.returncode == 0 and out.stdout.strip():
                text += f" (git {out.stdout.strip()})"
        except (OSError, subprocess.SubprocessError):
            pass
    return text


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


def _json(x: Any) -> str:
    from ..simulation import clean_json

    return json.dumps(clean_json(x), sort_keys=True, allow_nan=False)


def run_point(point: Point) -> dict[str, Any]:
    """Run ``point`` and return its result row: the point's parameters, then :data:`RESULT_COLUMNS`.
    A ``ValueError`` (a parameter the simulator refuses) names the point it came from."""
    try:
        return _run(point)
    except ValueError as exc:
        shown = " ".join(f"{k}={v}" for k, v in point.labels().items() if v != "")
        raise ValueError(f"point {point.point_id} ({shown}): {exc}") from None


def _run(point: Point) -> dict[str, Any]:
    from sim import saturation_search, simulate
    from sim.routings import OPTIONS

    top = _topology(point.topology)
    kw = dict(point.simulate)
    routing = kw.pop("routing", "min")
    options = {k: kw.pop(k) for k in list(kw) if k in OPTIONS.get(routing, ())}
    stray = sorted(k for k in kw if k not in SIMULATE_KEYS)
    if stray:
        raise ValueError(f"{', '.join(stray)}: an option of routings {sorted(r for r, o in OPTIONS.items() if stray[0] in o)}, "
                         f"not of {routing!r}")
    rout = _routing(canonical(point.topology), top, routing, options)
    traffic = kw.pop("traffic", "uniform")
    t0 = time.perf_counter()
    row: dict[str, Any] = {"point_id": point.point_id, **point.labels()}
    if point.saturation is not None:
        r = saturation_search(top, rout, traffic, **point.saturation, **kw)
        row.update(status="ok", saturation_load=r["saturation_load"], accepted_at_saturation=r["accepted_at_saturation"],
                   criterion=r["criterion"],
                   saturation_runs=_json([{"offered_load": o, "accepted_load": a} for o, a in r["runs"]]),
                   model=_model_name(top, kw.get("model")))
    else:
        load = kw.pop("load", 0.3)
        r = simulate(top, rout, traffic, load, **kw)
        row.update(status=r["status"], model=r["model"]["name"], routing_variant=r["routing_variant"],
                   offered_load=r["offered_load"], measured_offered_load=r["measured_offered_load"],
                   accepted_load=r["accepted_load"], average_latency=r["average_latency"],
                   latency_p50=r["latency_p50"], latency_p99=r["latency_p99"], latency_max=r["latency_max"],
                   average_hops=r["average_hops"], hop_histogram=_json(r["hop_histogram"]),
                   average_hops_by_kind=_json(r["average_hops_by_kind"]),
                   link_utilisation=_json(r.get("link_utilisation_per_arc", r["link_utilisation"])),
                   drain_time=r.get("drain_time"), cycles_run=r["cycles"], warmup_run=r["warmup"])
    row.update(wall_seconds=time.perf_counter() - t0, worker=f"{os.uname().nodename}:{os.getpid()}",
               software=software_version(),
               finished_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))
    return {k: _finite(v) for k, v in row.items()}


def _model_name(top: Any, model: Any) -> str:
    from sim.simulator import resolve_model

    return resolve_model(top, model).name
