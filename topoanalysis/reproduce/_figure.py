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
from ._curves import CurveTable
from ..experiments.estimate import BURST_ACCEPTED_LOAD

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
    for bursts), ``MODEL``, ``REDUCED`` and ``FULL`` (the run-size parameters of ``[simulate]``) and
    ``network(full=False)`` (the reduced network, or with ``full`` the ``[full]`` table's ``topology.X``).
    A figure whose labels each name a network of their own (``topology.family`` in ``[configs]``)
    has ``CURVES`` instead of a network: label -> (family, generator parameters, routing, simulate
    options), and ``TABLE``, the :class:`~topoanalysis.reproduce._curves.CurveTable` that runs them
    (None for the others)."""
    from ..families import build

    exp = bundled(name)
    labels = exp.sweep.get("config")
    configs: dict[str, dict[str, Any]] = {lab: dict(exp.configs[lab]) for lab in labels} if labels else {}
    run_size = {k: v for k, v in exp.full.items() if not k.startswith("topology.")}
    curves: dict[str, Any] = {}
    if any("topology.family" in c for c in configs.values()):
        configs = {lab: exp.config_options(lab) for lab in configs}
        for lab, c in configs.items():
            params = exp.config_topology(lab)
            curves[lab] = (params.pop("family"), params, c["routing"], {k: v for k, v in c.items() if k != "routing"})

        def network(full: bool = False) -> Any:
            raise ValueError(f"figure {name}: each curve runs on a network of its own (CURVES), not on one network")

    else:
        topo = dict(exp.topology)
        family = topo.pop("family")
        big = dict(exp.with_full().topology) if exp.full else dict(exp.topology)
        big.pop("family")

        def network(full: bool = False) -> Any:
            return build(family, **(big if full else topo))

        network.__doc__ = f"The network of {name}: {family} with {', '.join(f'{k}={v}' for k, v in topo.items())}" + (
            f" ({', '.join(f'{k}={v}' for k, v in big.items())} with full)." if big != topo else "."
        )
    traffics = tuple(exp.sweep["traffic"])
    loads = tuple(exp.sweep["load"]) if "load" in exp.sweep else None
    reduced = {k: exp.simulate[k] for k in run_size}
    return SimpleNamespace(
        experiment=exp,
        CURVES=curves,
        TABLE=CurveTable(curves, exp.simulate["model"], traffics, loads or (), reduced, run_size) if curves else None,
        CONFIGS=configs,
        ROUTINGS=tuple(labels or exp.sweep["routing"]),
        TRAFFICS=traffics,
        LOADS=loads,
        MODEL=exp.simulate["model"],
        REDUCED=reduced,
        FULL=run_size,
        network=network,
    )


def estimated_seconds(name: str, full: bool = False) -> float:
    """Wall time of bundled experiment ``name`` on one core (reduced, or ``full``); see
    :func:`topoanalysis.experiments.estimate.estimated_seconds`."""
    from ..experiments.estimate import estimated_seconds as experiment_seconds

    exp = bundled(name)
    return experiment_seconds(exp.with_full() if full else exp)
