"""What produced a number: every parameter of a run after defaults, and the software that ran it.

A results row or a JSON output names the values it was run with, defaulted ones included, so that
it stays unambiguous when a default changes: the topology's parameters as the generator resolved
them (:func:`topology_parameters`), every keyword of :func:`sim.simulate` and the routing's options
(:func:`simulate_parameters`), the router model's every value (:func:`model_columns`) and the
software (:func:`software`).  Defaults are read from the functions' signatures, not copied here.
"""

from __future__ import annotations

import inspect
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = [
    "software",
    "topology_parameters",
    "simulate_parameters",
    "routing_option_defaults",
    "saturation_parameters",
    "model_columns",
    "run_columns",
    "flatten",
]

# keywords of sim.simulate that say how the run is displayed or where it goes, not what it computes
_NOT_PARAMETERS = {"top", "progress", "threads"}  # how a run is carried out, not what it computes


@lru_cache(maxsize=1)
def software() -> dict[str, str | None]:
    """``{"software_version": "X.Y.Z", "git_commit": ...}``: the package version, and ``git
    describe`` of the source tree (a commit, ``-dirty`` when it has changes) when it is a checkout,
    else None."""
    from .. import __version__

    commit = None
    root = Path(__file__).resolve().parents[2]
    if (root / ".git").exists():
        try:
            out = subprocess.run(
                ["git", "-C", str(root), "describe", "--always", "--dirty", "--abbrev=12"],
                capture_output=True,
                text=True,
                timeout=10,
            )
            if out.returncode == 0 and out.stdout.strip():
                commit = out.stdout.strip()
        except (OSError, subprocess.SubprocessError):
            pass
    return {"software_version": __version__, "git_commit": commit}


def topology_parameters(top: Any) -> dict[str, Any]:
    """``{"family": ..., PARAM: value, ...}``: every parameter the family's generator takes, with
    the value ``top`` was built with (defaults as the generator resolved them)."""
    from ..families import family_parameters

    params = dict(top.params)
    return {"family": top.family, **{k: _plain(params.get(k)) for k in family_parameters(top.family)}}


def routing_option_defaults(routing: str) -> dict[str, Any]:
    """The options of ``routing`` (``sim.routings.OPTIONS``) with their defaults, read from the
    signature of the builder that declares them (:meth:`sim.routings.RoutingEntry.option_defaults`)."""
    from sim.routings import REGISTRY

    entry = REGISTRY.get(routing)
    if entry is None:
        return {}
    try:
        return entry.option_defaults()
    except ValueError as exc:
        raise ValueError(f"{exc} of {routing!r}") from None


def _defaults(fn: Any, skip: set[str]) -> dict[str, Any]:
    return {
        k: p.default
        for k, p in inspect.signature(fn).parameters.items()
        if k not in skip and p.default is not inspect.Parameter.empty
    }


def simulate_parameters(kw: dict[str, Any], saturation: bool = False) -> dict[str, Any]:
    """Every keyword of :func:`sim.simulate` (or, with ``saturation``, of the runs of
    :func:`sim.saturation_search`: no ``load``) with its value in ``kw`` or its default, then the
    routing's options (:func:`routing_option_defaults`) likewise (not for a routing given built,
    whose options are its own).  A key of ``kw`` that is neither is a ``ValueError`` naming it."""
    from sim.simulator import simulate

    out = _defaults(simulate, _NOT_PARAMETERS)
    if saturation:
        del out["load"]
    routing = kw.get("routing", out["routing"])
    # a routing built beforehand (make_routing) carries its options inside: the defaults would be wrong
    built = not isinstance(routing, str)
    if built:
        routing = routing.name
    opts = {} if built else routing_option_defaults(routing)
    unknown = sorted(set(kw) - set(out) - set(opts) - (set(kw) if built else set()))
    if unknown:
        raise ValueError(f"{unknown[0]}: not a keyword of sim.simulate nor an option of routing {routing!r}")
    out.update(opts)
    out.update({k: _plain(v) for k, v in kw.items()})
    out["routing"] = routing
    return out


def saturation_parameters(sat: dict[str, Any]) -> dict[str, Any]:
    """The settings of a saturation search (``efficiency``, ``max_latency``, ``tol``, ``lo``,
    ``hi``): those in ``sat``, the others at :func:`sim.saturation_search`'s defaults."""
    from sim.saturation import saturation_search

    out = _defaults(saturation_search, {"top", "routing", "traffic", "kw"})
    unknown = sorted(set(sat) - set(out))
    if unknown:
        raise ValueError(f"saturation: unknown setting {unknown[0]!r}; one of {', '.join(out)}")
    out.update(sat)
    return out


def model_columns(model: dict[str, Any]) -> dict[str, Any]:
    """A run's ``model`` record (the simulate result's) as ``model.FIELD`` columns: per-kind
    values as ``model.FIELD.KIND``, the notes as one text; the preset name stays in ``model``."""
    m = dict(model)
    m.pop("name", None)
    if isinstance(m.get("notes"), (list, tuple)):
        m["notes"] = "; ".join(map(str, m["notes"]))
    return flatten(m, "model.")


def run_columns(top: Any, kw: dict[str, Any], model: dict[str, Any]) -> dict[str, Any]:
    """The provenance of one :func:`sim.simulate` run made outside a sweep (a figure module's
    row): the software (:func:`software`), ``topology.PARAM`` (:func:`topology_parameters`), every
    keyword of ``sim.simulate`` and option of the routing after defaults (``kw`` holds what the
    run was given, the routing by name and its options beside it; :func:`simulate_parameters`),
    ``model`` the name the run reports and the model's every value (:func:`model_columns` of the
    run's ``model`` record) -- the columns a sweep's row has for the same run."""
    row: dict[str, Any] = dict(software())
    row.update({f"topology.{k}": v for k, v in topology_parameters(top).items()})
    row.update(simulate_parameters(kw))
    row["model"] = model["name"]
    row.update(model_columns(model))
    return row


def flatten(d: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"a": {"b": 1}}`` -> ``{"a.b": 1}`` (with ``prefix`` before every key); lists stay values."""
    out: dict[str, Any] = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = _plain(v)
    return out


def _plain(v: Any) -> Any:
    """Tuples and frozen lists as lists, numpy scalars as Python numbers: what a results file stores."""
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if hasattr(v, "item") and not hasattr(v, "__len__"):
        return v.item()
    return v
