"""The bundled experiment files of the reproduced figures (``figures/<name>.toml``).

Each file is the figure's experiment: network, router model, curves (``[configs]``), traffic,
loads or bursts, reduced run lengths in ``[simulate]`` and the paper's in ``[full]``.  The figure
modules take their constants from it (:func:`constants`), ``topoanalysis reproduce`` and
``topoanalysis sweep`` run it.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ..experiments.config import Experiment, load_experiment

__all__ = ["FIGURES_DIR", "bundled", "names", "constants", "estimated_seconds", "BURST_ACCEPTED_LOAD"]

FIGURES_DIR = Path(__file__).resolve().parent / "figures"


def names() -> list[str]:
    """The bundled experiments, such as ``seed001-fig6``."""
    return sorted(p.stem for p in FIGURES_DIR.glob("*.toml"))


def bundled(name: str) -> Experiment:
    """The bundled experiment ``name`` (reduced size; ``.with_full()`` for the paper's)."""
    path = FIGURES_DIR / f"{name}.toml"
    if not path.is_file():
        raise ValueError(f"figure: no bundled experiment {name!r}; one of {', '.join(names())}")
    return load_experiment(path)


def constants(name: str) -> SimpleNamespace:
    """A figure module's constants from its experiment file: ``CONFIGS`` (label -> routing and
    simulate options, in sweep order), ``ROUTINGS`` (its curves), ``TRAFFICS``, ``LOADS`` (None
    for bursts), ``MODEL``, ``REDUCED`` and ``FULL`` (the run-size parameters) and ``network()``."""
    from ..families import build

    exp = bundled(name)
    labels = exp.sweep.get("config")
    configs: dict[str, dict[str, Any]] = {lab: dict(exp.configs[lab]) for lab in labels} if labels else {}
    topo = dict(exp.topology)
    family = topo.pop("family")

    def network() -> Any:
        return build(family, **topo)

    network.__doc__ = f"The network of {name}: {family} with {', '.join(f'{k}={v}' for k, v in topo.items())}."
    return SimpleNamespace(
        experiment=exp, CONFIGS=configs, ROUTINGS=tuple(labels or exp.sweep["routing"]),
        TRAFFICS=tuple(exp.sweep["traffic"]), LOADS=tuple(exp.sweep["load"]) if "load" in exp.sweep else None,
        MODEL=exp.simulate["model"], REDUCED={k: exp.simulate[k] for k in exp.full}, FULL=dict(exp.full),
        network=network)


#: accepted load assumed for the drain of a burst (phits/(node·cycle)): about the uniform
#: saturation throughput of the bundled networks (García et al. 2014, Fig. 6: 0.4-0.6), so a
#: burst of b packets of P phits per node takes about b·P/0.5 cycles; adversarial bursts take longer
BURST_ACCEPTED_LOAD = 0.5


def estimated_seconds(name: str, full: bool = False) -> float:
    """Wall time of bundled experiment ``name`` on one core (reduced, or ``full``): for each point,
    the network's routers x its cycles / :data:`sim.resources.ROUTER_CYCLES_PER_SECOND` (the
    benchmarked speed of the engine, :func:`sim.resources.estimated_seconds`).  A point's cycles
    are its warm-up plus measured cycles, or for a burst the drain at
    :data:`BURST_ACCEPTED_LOAD`; a saturation search counts its runs (the highest load, then
    bisection down to ``tol``).  Optimistic for adaptive routings and heavy loads, which run
    slower than the benchmark; divide by the workers for a sweep on several cores."""
    import math

    from sim.models import get_model
    from sim.resources import estimated_seconds as router_cycles_seconds

    from ..families import build

    exp = bundled(name)
    if full:
        exp = exp.with_full()
    routers: dict[str, int] = {}
    total = 0.0
    for pt in exp.points():
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
