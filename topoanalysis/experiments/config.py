"""An experiment as a configuration: a TOML file naming a topology, fixed simulation parameters,
the parameters to sweep, and the seeds.

.. code-block:: toml

    name = "df-h2-uniform"
    seeds = 3                       # seeds 1..3 for every point (or a list: [1, 5, 9])

    [topology]                      # topoanalysis.build(family, **params)
    family = "dragonfly"
    a = 4
    h = 2
    p = 2
    arrangement = "palmtree"

    [simulate]                      # keywords of sim.simulate shared by every point
    model = "seed001"
    warmup = 1000
    cycles = 1000

    [sweep]                         # the cartesian product of these lists
    routing = ["min", "valiant"]
    traffic = ["uniform", "advg+1"]
    load = [0.1, 0.2, 0.3]
    topology.h = [2, 3]             # a topology parameter may be swept too

    [[zip]]                         # lists advanced together: one more axis of the product
    vcs = [2, 3]
    buffer = [16, 32]

    [configs.ofar-bcm]              # named option sets, swept by label: sweep.config = ["ofar-bcm", ...]
    routing = "ofar"
    injection_bubble = 2

    [configs.ft]                    # a label may set topology parameters too; with topology.family
    topology.family = "fattree"     # its points run on a network of their own (the other
    topology.k = 8                  # topology.X keys replace [topology] instead of adding to it),
    routing = "min"                 # and [topology] may be left out when every label names one

    [full]                          # optional: what --full changes (the paper's run lengths)
    warmup = 50000
    cycles = 50000
    topology.h = 6                  # ... and network, where the reduced run takes a smaller one

    [saturation]                    # optional: each point is a saturation search over the load
    efficiency = 0.95               # accepted >= 0.95 x offered ... or max_latency = 100
    tol = 0.02

Every key is checked when the file is read: an unknown parameter, an empty list, zipped lists of
different lengths or a parameter given twice is a ``ValueError`` naming it, before anything runs.
A *point* is one simulation (or saturation search): the topology parameters, every simulate
keyword and the seed; its ``point_id`` is a hash of exactly that, which is how a resumed sweep
knows what is done.
"""

from __future__ import annotations

import copy
import hashlib
import inspect
import itertools
import json
import math
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # the same parser, before it joined the standard library
    import tomli as tomllib

__all__ = ["Experiment", "Point", "load_experiment", "experiment_from_dict", "SIMULATE_KEYS", "ROUTING_OPTION_KEYS"]

#: keywords of sim.simulate an experiment may set (everything but the topology and the run's own output)
_NOT_SWEEPABLE = {"top", "progress", "threads"}  # threads: a sweep runs each point on one (sim.simulate)
_SATURATION_KEYS = {"efficiency", "max_latency", "tol", "lo", "hi"}
_TOP_LEVEL = {"name", "description", "seeds", "topology", "simulate", "sweep", "zip", "configs", "saturation", "full"}


def _simulate_keys() -> frozenset[str]:
    from sim.simulator import simulate

    return frozenset(p for p in inspect.signature(simulate).parameters if p not in _NOT_SWEEPABLE)


def _routing_option_keys() -> frozenset[str]:
    from sim.routings import OPTIONS

    return frozenset(k for opts in OPTIONS.values() for k in opts)


SIMULATE_KEYS: frozenset[str] = _simulate_keys()
ROUTING_OPTION_KEYS: frozenset[str] = _routing_option_keys()
_PARAM_KEYS = SIMULATE_KEYS | ROUTING_OPTION_KEYS


def canonical(obj: Any) -> str:
    """Canonical JSON of a configuration (sorted keys, no spaces): the input of ``point_id``."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


#: the most points one sweep may have (a product of long axes is refused before it is expanded)
MAX_POINTS = 10_000_000


@dataclass(frozen=True)
class Point:
    """One simulation of a sweep: a plain, picklable description a worker runs."""

    point_id: str
    topology: dict[str, Any]
    simulate: dict[str, Any]
    config: str = ""
    saturation: dict[str, Any] | None = None

    def labels(self) -> dict[str, Any]:
        """The point's parameters as result columns (``topology.X`` for topology parameters)."""
        out: dict[str, Any] = {"config": self.config}
        out.update({f"topology.{k}": v for k, v in self.topology.items()})
        out.update(self.simulate)
        return out


@dataclass
class Experiment:
    """A parsed, checked experiment; :meth:`points` expands it."""

    name: str
    topology: dict[str, Any]
    simulate: dict[str, Any] = field(default_factory=dict)
    sweep: dict[str, list[Any]] = field(default_factory=dict)
    zips: list[dict[str, list[Any]]] = field(default_factory=list)
    configs: dict[str, dict[str, Any]] = field(default_factory=dict)
    seeds: list[int] = field(default_factory=lambda: [1])
    saturation: dict[str, Any] | None = None
    full: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    source: str = ""

    def with_seeds(self, n: int) -> Experiment:
        """A copy with seeds 1..n (the ``--seeds N`` option)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"seeds must be an integer >= 1, got {n!r}")
        if "seed" in self.sweep:
            raise ValueError("seeds: the experiment sweeps 'seed' explicitly; --seeds would give it twice")
        e = copy.deepcopy(self)
        e.seeds = list(range(1, n + 1))
        return e

    def with_full(self) -> Experiment:
        """A copy at full size: the ``[full]`` table's values replace those of ``[simulate]``, its
        ``topology.X`` values those of ``[topology]``."""
        if not self.full:
            raise ValueError(f"full: experiment {self.name!r} has no [full] table; it has one size")
        e = copy.deepcopy(self)
        for k, v in self.full.items():
            if k.startswith("topology."):
                e.topology[k[len("topology.") :]] = v
            else:
                e.simulate[k] = v
        return e

    def axes(self) -> list[list[dict[str, Any]]]:
        """The product's axes, each a list of parameter assignments (dotted ``topology.X`` keys)."""
        axes = [[{k: v} for v in vals] for k, vals in self.sweep.items()]
        for z in self.zips:
            keys = list(z)
            axes.append([dict(zip(keys, vals)) for vals in zip(*(z[k] for k in keys))])
        if "seed" not in self.sweep and not any("seed" in z for z in self.zips):
            axes.append([{"seed": s} for s in self.seeds])
        return axes

    def config_topology(self, label: str) -> dict[str, Any]:
        """The network of config ``label``'s points before any swept ``topology.X``: its own when it
        names a family, else ``[topology]`` with its topology keys set."""
        own = {k[len("topology.") :]: v for k, v in self.configs[label].items() if k.startswith("topology.")}
        return own if "family" in own else {**self.topology, **own}

    def config_options(self, label: str) -> dict[str, Any]:
        """Config ``label``'s simulate parameters (routing and options), without its topology keys."""
        return {k: v for k, v in self.configs[label].items() if not k.startswith("topology.")}

    def points(self) -> list[Point]:
        """Every point of the sweep, in product order (the last axis varies fastest); more than
        :data:`MAX_POINTS` is a ValueError (counted before anything is expanded)."""
        n = len(self)
        if n > MAX_POINTS:
            sizes = " x ".join(str(len(a)) for a in self.axes())
            raise ValueError(
                f"sweep: {n:,} points ({sizes}), more than {MAX_POINTS:,}; split the experiment or sweep fewer values"
            )
        out = []
        for combo in itertools.product(*self.axes()):
            assign: dict[str, Any] = {}
            for part in combo:
                assign.update(part)
            label = assign.pop("config", "")
            topo = self.config_topology(label) if label else dict(self.topology)
            simk = dict(self.simulate)
            if label:
                simk.update(self.config_options(label))
            for k, v in assign.items():
                if k.startswith("topology."):
                    topo[k[len("topology.") :]] = v
                else:
                    simk[k] = v
            sat = dict(self.saturation) if self.saturation is not None else None
            pid = hashlib.sha256(canonical({"topology": topo, "simulate": simk, "saturation": sat}).encode())
            out.append(Point(pid.hexdigest()[:16], topo, simk, label, sat))
        return out

    def __len__(self) -> int:
        return math.prod(len(a) for a in self.axes())


def _check_param(where: str, key: str, allowed_topology: bool) -> None:
    if key.startswith("topology."):
        if not allowed_topology:
            raise ValueError(f"{where}: {key!r}: topology parameters go in [topology] or are swept in [sweep]/[[zip]]")
        return
    if key == "config" and where != "simulate" and not where.startswith("configs"):
        return
    if key not in _PARAM_KEYS:
        raise ValueError(
            f"{where}: unknown parameter {key!r}; allowed: keywords of sim.simulate "
            f"({', '.join(sorted(SIMULATE_KEYS))}) and routing options "
            f"({', '.join(sorted(ROUTING_OPTION_KEYS))})"
        )


def _flatten(where: str, table: dict[str, Any]) -> dict[str, Any]:
    """``{"topology": {"h": [..]}}`` (a dotted TOML key) -> ``{"topology.h": [..]}``."""
    out = {}
    for k, v in table.items():
        if k == "topology":
            if not isinstance(v, dict):
                raise ValueError(f"{where}: 'topology' must be a table of topology parameters (topology.h = [...])")
            out.update({f"topology.{kk}": vv for kk, vv in v.items()})
        else:
            out[k] = v
    return out


def _check_list(where: str, key: str, vals: Any) -> list[Any]:
    if not isinstance(vals, list) or not vals:
        raise ValueError(f"{where}.{key}: must be a non-empty list of values, got {vals!r}")
    return vals


def experiment_from_dict(d: dict[str, Any], source: str = "") -> Experiment:
    """Check an experiment given as a dict (a parsed TOML file) and return it."""
    if not isinstance(d, dict):
        raise ValueError(f"experiment must be a table, got {type(d).__name__}")
    unknown = sorted(set(d) - _TOP_LEVEL)
    if unknown:
        raise ValueError(f"experiment: unknown key(s) {', '.join(map(repr, unknown))}; allowed: {', '.join(sorted(_TOP_LEVEL))}")
    from ..families import FAMILIES

    topo = d.get("topology", {})
    if not isinstance(topo, dict) or (topo and "family" not in topo):
        raise ValueError(f"topology: must be a table with a 'family' ({', '.join(sorted(FAMILIES))})")
    topo = dict(topo)
    if topo and topo["family"] not in FAMILIES:
        raise ValueError(f"topology.family: unknown family {topo['family']!r}; one of {', '.join(sorted(FAMILIES))}")
    simk = dict(d.get("simulate", {}))
    for k in simk:
        _check_param("simulate", k, False)
    sweep = _flatten("sweep", dict(d.get("sweep", {})))
    for k, v in sweep.items():
        _check_param("sweep", k, True)
        _check_list("sweep", k, v)
    zips_raw = d.get("zip", [])
    if isinstance(zips_raw, dict):
        zips_raw = [zips_raw]
    zips = []
    for i, z in enumerate(zips_raw):
        z = _flatten(f"zip[{i}]", dict(z))
        if not z:
            raise ValueError(f"zip[{i}]: empty; give at least one list")
        lens = {k: len(_check_list(f"zip[{i}]", k, v)) for k, v in z.items()}
        for k in z:
            _check_param(f"zip[{i}]", k, True)
        if len(set(lens.values())) > 1:
            raise ValueError(
                f"zip[{i}]: lists advanced together must have the same length, got "
                + ", ".join(f"{k}: {n}" for k, n in lens.items())
            )
        zips.append(z)
    configs = {}
    for label, c in dict(d.get("configs", {})).items():
        if not isinstance(c, dict):
            raise ValueError(f"configs.{label}: must be a table of parameters")
        c = _flatten(f"configs.{label}", dict(c))
        for k in c:
            _check_param(f"configs.{label}", k, True)
        family = c.get("topology.family")
        if family is not None and family not in FAMILIES:
            raise ValueError(f"configs.{label}.topology.family: unknown family {family!r}; one of {', '.join(sorted(FAMILIES))}")
        configs[str(label)] = c
    # a parameter set in two places would be ambiguous: which one wins depends on reading order
    seen: dict[str, str] = {}
    for where, keys in [("simulate", simk)] + [("sweep", sweep)] + [(f"zip[{i}]", z) for i, z in enumerate(zips)]:
        for k in keys:
            if k in seen:
                raise ValueError(f"{where}.{k}: parameter already given in {seen[k]}; give it in one place")
            seen[k] = where
    for k in list(seen):
        if k.startswith("topology.") and k[len("topology.") :] in topo and seen[k] != "simulate":
            raise ValueError(f"{seen[k]}.{k}: swept, and also fixed in [topology]; give it in one place")
    labels = list(sweep.get("config", [])) + [v for z in zips for v in z.get("config", [])]
    for lab in labels:
        if lab not in configs:
            raise ValueError(
                f"config: label {lab!r} is not defined; defined: {', '.join(sorted(configs)) or 'none'} "
                "(add a [configs.LABEL] table)"
            )
        clash = sorted(set(configs[lab]) & set(seen))
        if clash:
            raise ValueError(f"configs.{lab}: sets {', '.join(clash)}, which is also given in {seen[clash[0]]}")
    if configs and not labels:
        raise ValueError("configs: defined but never swept; add sweep.config = [labels]")
    if not topo:
        homeless = [lab for lab in dict.fromkeys(labels) if "topology.family" not in configs[lab]]
        homeless = homeless if labels else ["(every point)"]
        if homeless:
            raise ValueError(
                f"topology: the experiment needs a [topology] table with a 'family' ({', '.join(sorted(FAMILIES))}), "
                f"or every swept config its own topology.family; without one: {', '.join(homeless)}"
            )
    seeds_raw = d.get("seeds", 1)
    if "seed" in seen:
        if "seeds" in d:
            raise ValueError(f"seeds: the experiment also sets 'seed' in {seen['seed']}; give one of them")
        seeds = [1]
    elif isinstance(seeds_raw, bool):
        raise ValueError(f"seeds: an integer >= 1 or a list of seeds, got {seeds_raw!r}")
    elif isinstance(seeds_raw, int):
        if seeds_raw < 1:
            raise ValueError(f"seeds: must be >= 1, got {seeds_raw}")
        seeds = list(range(1, seeds_raw + 1))
    elif (
        isinstance(seeds_raw, list)
        and seeds_raw
        and all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds_raw)
    ):
        if len(set(seeds_raw)) != len(seeds_raw):
            raise ValueError(f"seeds: repeated seed in {seeds_raw}")
        seeds = list(seeds_raw)
    else:
        raise ValueError(f"seeds: an integer >= 1 or a non-empty list of integers >= 0, got {seeds_raw!r}")
    sat = d.get("saturation")
    if sat is not None:
        if not isinstance(sat, dict):
            raise ValueError("saturation: must be a table (efficiency, max_latency, tol, lo, hi)")
        bad = sorted(set(sat) - _SATURATION_KEYS)
        if bad:
            raise ValueError(f"saturation: unknown key(s) {', '.join(bad)}; allowed: {', '.join(sorted(_SATURATION_KEYS))}")
        if "load" in seen:
            raise ValueError(f"{seen['load']}.load: a saturation search chooses the load itself; do not give one")
        for k in ("burst", "change_traffic", "latency_trace"):
            if k in seen:
                raise ValueError(f"{seen[k]}.{k}: a saturation search runs steady-state loads")
    for vals in (sweep.get("load", []), [simk["load"]] if "load" in simk else []):
        for v in vals:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
                raise ValueError(f"load: offered load must be a number in [0, 1] phits/(node*cycle), got {v!r}")
    full = d.get("full", {})
    if not isinstance(full, dict):
        raise ValueError("full: must be a table of [simulate] values to use at full size")
    full = _flatten("full", full)
    for k in full:
        if k.startswith("topology."):
            # a swept parameter would be overridden on every point: the full size must name a fixed one
            if k[len("topology.") :] not in topo or k in seen:
                raise ValueError(
                    f"full.{k}: replaces a value of [topology] at full size; give {k[len('topology.') :]} in [topology] "
                    "(not swept) too"
                )
        elif k not in simk:
            raise ValueError(f"full.{k}: replaces a value of [simulate] at full size; give {k} in [simulate] too")
    name = d.get("name", Path(source).stem if source else "experiment")
    return Experiment(
        name=str(name),
        topology=topo,
        simulate=simk,
        sweep=sweep,
        zips=zips,
        configs=configs,
        seeds=seeds,
        saturation=sat,
        full=dict(full),
        description=str(d.get("description", "")),
        source=source,
    )


def load_experiment(path: str | os.PathLike) -> Experiment:
    """Read and check an experiment TOML file."""
    p = Path(path)
    if not p.is_file():
        raise ValueError(f"experiment: file {str(p)!r} does not exist")
    try:
        d = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"experiment: {str(p)!r} is not valid TOML: {exc}") from None
    return experiment_from_dict(d, source=str(p))
