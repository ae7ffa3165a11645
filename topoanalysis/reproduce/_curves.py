"""Latency/throughput-against-load curves of a paper figure: the sweep, its CSV, its command line.

A figure module (``seed001_fig6``, ``seed002_fig6``, ...) names its network, router model,
curves, traffic patterns, loads and run lengths; this module runs the cartesian product one point
at a time and writes one row per point with the model that produced it.  A curve is a routing
name, or a label of the module's ``CONFIGS`` (label -> ``dict(routing=..., **simulate options)``:
VCs, BCM, ECM, an escape subnetwork), which the row names in ``config`` with its ``options``.
A figure module may also define ``EXTRA(top, result)``, the figure's own columns of a run (packets
injected per group, the share of packets a routing sent non-minimally), which follow :data:`COLUMNS`.
After them a row holds the run's whole provenance, as a sweep's row does
(``topoanalysis.experiments.provenance.run_columns``): the software version and commit,
``topology.PARAM``, every keyword of ``sim.simulate`` and option of the routing after defaults,
and ``model.FIELD`` for every value of the router model.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

from ..io.atomic import atomic_file
from ..topology import Topology

__all__ = [
    "COLUMNS",
    "Curve",
    "curves",
    "simulate_curve",
    "curve_provenance",
    "sweep",
    "sweep_per_curve",
    "NetworkCurve",
    "CurveTable",
    "per_curve_main",
    "per_curve_seconds",
    "run",
    "columns_of",
    "write_csv",
    "write_rows",
    "main",
]

COLUMNS = (
    "routing",
    "traffic",
    "offered_load",
    "seed",
    "accepted_load",
    "average_latency",
    "average_hops",
    "warmup",
    "cycles",
    "model",
    "remote_delay_cycles",
    "config",
    "options",
)

#: a curve: (label, routing name, simulate options)
Curve = tuple[str, str, dict[str, Any]]


def curves(fig: ModuleType | None, names: Iterable[str]) -> list[Curve]:
    """The curves of ``names``: a label of ``fig.CONFIGS`` or a plain routing name."""
    table = getattr(fig, "CONFIGS", {}) if fig is not None else {}
    out = []
    for nm in names:
        if nm in table:
            c = dict(table[nm])
            out.append((nm, c.pop("routing"), c))
        else:
            out.append((nm, nm, {}))
    return out


def simulate_curve(top: Topology, curve: Curve, traffic: str, load: float, **kw: Any) -> dict[str, Any]:
    """:func:`sim.simulate` of one curve's point; the options the routing's builder takes
    (``sim.routings.OPTIONS``: OFAR's ``escape_limit``) go to the routing, the rest to simulate."""
    from sim import simulate
    from sim.routings import OPTIONS, make_routing

    label, routing, opts = curve
    own = {k: v for k, v in opts.items() if k in OPTIONS.get(routing, ())}
    opts = {k: v for k, v in opts.items() if k not in own}
    rout: Any = make_routing(top, routing, **own) if own else routing
    return simulate(top, rout, traffic, float(load), **opts, **kw)


def curve_provenance(
    top: Topology, curve: Curve, traffic: str, load: float, kw: dict[str, Any], result: dict[str, Any]
) -> dict[str, Any]:
    """The provenance columns of the run :func:`simulate_curve` made of ``curve`` with ``kw``
    (``topoanalysis.experiments.provenance.run_columns``; the routing's options recorded beside
    the simulate keywords, with their builder's defaults)."""
    from ..experiments.provenance import run_columns

    _, routing, opts = curve
    given = {"routing": routing, "traffic": traffic, "load": float(load), **opts, **kw}
    return run_columns(top, given, result["model"])


def sweep(
    top: Topology,
    model: str,
    routings: Iterable[str | Curve],
    traffics: Iterable[str],
    loads: Iterable[float],
    seeds: Sequence[int],
    run_kw: dict[str, int],
    progress: bool = False,
    extra: Callable[[Topology, dict[str, Any]], dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """One row per (curve, traffic, load, seed), in that order; a curve is a routing name or a
    :data:`Curve`.  ``extra(top, result)`` gives a figure's own columns of a run (García et al.
    2014, Fig. 12: packets injected per group), placed after :data:`COLUMNS`."""
    loads = list(loads)
    rows = []
    for curve in routings:
        if isinstance(curve, str):
            curve = (curve, curve, {})
        label, routing, opts = curve
        for traffic in traffics:
            for load in loads:
                for seed in seeds:
                    kw = dict(seed=int(seed), model=model, **run_kw)
                    r = simulate_curve(top, curve, traffic, load, **kw)
                    row = dict(
                        routing=routing,
                        traffic=traffic,
                        offered_load=float(load),
                        seed=int(seed),
                        accepted_load=r["accepted_load"],
                        average_latency=r["average_latency"],
                        average_hops=r["average_hops"],
                        warmup=run_kw["warmup"],
                        cycles=run_kw["cycles"],
                        model=r["model"]["name"],
                        remote_delay_cycles=r["remote_delay_cycles"],
                        config=label,
                        options=json.dumps(opts, sort_keys=True) if opts else "",
                    )
                    if extra is not None:
                        row.update(extra(top, r))
                    for k, v in curve_provenance(top, curve, traffic, load, kw, r).items():
                        row.setdefault(k, v)
                    rows.append(row)
                    if progress:
                        print(
                            f"{label:12s} {traffic:8s} load {load:.2f}: accepted {r['accepted_load']:.3f}, "
                            f"latency {r['average_latency']:.1f}",
                            file=sys.stderr,
                            flush=True,
                        )
    return rows


def sweep_per_curve(
    labels: Iterable[str],
    curve_of: Callable[[str], tuple[Topology, str, dict[str, Any]]],
    model: str,
    traffics: Iterable[str],
    loads: Iterable[float],
    seeds: Sequence[int],
    run_kw: dict[str, int],
    progress: bool = False,
    extra: Callable[[Topology, dict[str, Any]], dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """:func:`sweep` for figures whose curves each run on a network of their own (Camarero et al.
    2014, §4.1.4: one per arrangement): ``curve_of(label)`` gives the curve's network, routing and
    simulate options; the rows of each curve in turn, its ``config`` the label."""
    traffics, loads = list(traffics), list(loads)
    rows: list[dict[str, Any]] = []
    for label in labels:
        top, routing, opts = curve_of(label)
        rows += sweep(top, model, [(label, routing, dict(opts))], traffics, loads, seeds, run_kw, progress, extra)
    return rows


#: a curve on a network of its own: (family, generator parameters, routing, simulate options)
NetworkCurve = tuple[str, dict[str, Any], str, dict[str, Any]]


class CurveTable:
    """A figure whose curves each run on a network of their own, from a table
    ``label -> (family, generator parameters, routing, simulate options)`` (:data:`NetworkCurve`),
    run under every pattern of ``traffics`` at every load of ``loads`` with the router ``model``,
    ``reduced`` or ``full`` run lengths.  A figure module exposes its bound methods as its
    ``network``, ``row_network``, ``curve_of`` and ``run``, which the command line, the cost
    estimate (:func:`per_curve_seconds`) and the figure reruns call."""

    def __init__(
        self,
        table: dict[str, NetworkCurve],
        model: str,
        traffics: Sequence[str],
        loads: Sequence[float],
        reduced: dict[str, int],
        full: dict[str, int],
    ) -> None:
        self.table, self.model, self.traffics, self.loads = table, model, tuple(traffics), tuple(loads)
        self.reduced, self.full = reduced, full

    def __repr__(self) -> str:
        return f"CurveTable({', '.join(self.table)}; model {self.model!r}, traffics {', '.join(self.traffics)})"

    def network(self, curve: str) -> Topology:
        """The network of ``curve`` (a label of the table)."""
        from ..families import build

        if curve not in self.table:
            raise ValueError(f"curve: unknown {curve!r}; one of {', '.join(self.table)}")
        family, params, _, _ = self.table[curve]
        return build(family, **params)

    def row_network(self, row: dict[str, str]) -> Topology:
        """The network a recorded row ran on (its ``config`` is the curve's label)."""
        return self.network(row["config"])

    def curve_of(self, label: str) -> tuple[Topology, str, dict[str, Any]]:
        """The network, routing and simulate options of curve ``label``."""
        top = self.network(label)
        _, _, routing, opts = self.table[label]
        return top, routing, opts

    def row_problems(self, rows: Sequence[dict[str, str]]) -> list[str]:
        """What makes recorded ``rows`` (as read from the figure's CSV, strings) differ from one
        run of the whole table: a (curve, traffic, offered load) missing or recorded twice, or a
        row whose network, routing, simulate options or router model are not its curve's.  Empty
        when the rows are exactly the table's."""
        problems: list[str] = []
        want = {(c, t, x) for c in self.table for t in self.traffics for x in self.loads}
        seen: dict[tuple[str, str, float], int] = {}
        for r in rows:
            key = (r["config"], r["traffic"], float(r["offered_load"]))
            seen[key] = seen.get(key, 0) + 1
            if r["config"] not in self.table:
                problems.append(f"{key}: not a curve of the table")
                continue
            family, params, routing, opts = self.table[r["config"]]
            if (r["topology.family"], r["routing"]) != (family, routing):
                problems.append(f"{key}: ran {r['topology.family']}/{r['routing']}, the curve is {family}/{routing}")
            problems += [
                f"{key}: topology.{k} {r.get(f'topology.{k}')!r}, the curve's {v!r}"
                for k, v in params.items()
                if r.get(f"topology.{k}") != str(v)
            ]
            problems += [f"{key}: {k} {r.get(k)!r}, the curve's {v!r}" for k, v in opts.items() if r.get(k) != str(v)]
            if r["model"].split("+")[0] != self.model:
                problems.append(f"{key}: model {r['model']!r}, the table's {self.model!r}")
        problems += [f"{k}: missing" for k in sorted(want - set(seen))]
        problems += [f"{k}: not in the table's traffics and loads" for k in sorted(set(seen) - want)]
        problems += [f"{k}: recorded {n} times" for k, n in sorted(seen.items()) if n > 1]
        return problems

    def run(
        self,
        full: bool = False,
        curves: Iterable[str] | None = None,
        loads: Iterable[float] | None = None,
        seeds: Sequence[int] = (1,),
        progress: bool = False,
    ) -> list[dict[str, Any]]:
        """One row per (curve, traffic, load, seed): every curve of the table and every load by
        default, one seed (1)."""
        return sweep_per_curve(
            self.table if curves is None else curves,
            self.curve_of,
            self.model,
            self.traffics,
            self.loads if loads is None else loads,
            seeds,
            self.full if full else self.reduced,
            progress,
        )


def per_curve_main(
    name: str,
    doc: str | None,
    labels: Sequence[str],
    full: dict[str, int],
    run_curves: Callable[[bool, list[str]], list[dict[str, Any]]],
    argv: Sequence[str] | None = None,
) -> tuple[list[str], Any]:
    """The command line of a figure run by :func:`sweep_per_curve` (module ``name``, its ``doc``,
    curve ``labels``, its ``full`` cycles): ``--full``, ``--curves``, ``-o``; runs
    ``run_curves(full, curves)`` with progress, writes the rows with ``-o``, and returns the curves
    asked for and the rows as a DataFrame, for the module to print its own summary."""
    import pandas as pd

    ap = argparse.ArgumentParser(prog=f"python -m {name}", description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", action="store_true", help=f"{full['warmup']:,} + {full['cycles']:,} cycles per point")
    ap.add_argument("--curves", default=",".join(labels), help="curve labels, comma-separated")
    ap.add_argument("-o", "--output", help="CSV file to write")
    a = ap.parse_args(argv)
    chosen = a.curves.split(",")
    unknown = [c for c in chosen if c not in labels]
    if unknown:
        ap.error(f"--curves: unknown {', '.join(map(repr, unknown))}; the curves are {', '.join(labels)}")
    rows = run_curves(a.full, chosen)
    if a.output:
        write_csv(rows, a.output)
    return chosen, pd.DataFrame(rows, columns=columns_of(rows, ()))


def per_curve_seconds(fig: ModuleType, full: bool = False) -> float:
    """Wall time on one core of figure module ``fig`` run by :func:`sweep_per_curve` (its
    ``CURVES``, ``curve_of``, ``TRAFFICS``, ``LOADS`` and ``REDUCED`` or ``full`` run lengths): each
    curve's network's routers x cycles per traffic and load at the engine's benchmarked speed
    (:func:`sim.resources.estimated_seconds`; optimistic for adaptive routings and high loads)."""
    from sim.resources import estimated_seconds

    kw = fig.FULL if full else fig.REDUCED
    points = len(fig.TRAFFICS) * len(fig.LOADS)
    total = 0.0
    for label in fig.CURVES:
        top = fig.curve_of(label)[0]
        total += points * estimated_seconds(top.n_routers, int(kw["warmup"] + kw["cycles"]))
    return total


def run(
    fig: ModuleType,
    full: bool = False,
    routings: Iterable[str] | None = None,
    traffics: Iterable[str] | None = None,
    loads: Iterable[float] | None = None,
    seeds: Sequence[int] = (1,),
    top: Topology | None = None,
    progress: bool = False,
) -> list[dict[str, Any]]:
    """Figure module ``fig``'s sweep, reduced (``fig.REDUCED``) or ``full``: one row per
    (routing, traffic, load, seed), its own lists by default, on ``fig.network()`` (with ``full``,
    ``fig.network(full=True)``: the paper's network) unless ``top``."""
    if top is None:
        top = fig.network(full=True) if full else fig.network()
    return sweep(
        top,
        fig.MODEL,
        curves(fig, fig.ROUTINGS if routings is None else routings),
        fig.TRAFFICS if traffics is None else traffics,
        fig.LOADS if loads is None else loads,
        seeds,
        fig.FULL if full else fig.REDUCED,
        progress,
        getattr(fig, "EXTRA", None),
    )


def _cell(v: Any) -> Any:
    """A row's value as the CSV file spells it: empty for None, ``%.6g`` for a float, a list or
    mapping as its JSON text (the experiments' results files spell list cells so too)."""
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.6g}"
    if isinstance(v, (list, tuple, dict)):
        return json.dumps(v, sort_keys=True)
    return v


def write_rows(rows: Sequence[dict[str, Any]], path: str, columns: Sequence[str]) -> None:
    """Write the rows' ``columns`` to ``path`` (replacing it), complete or not at all; a column a
    row does not have (an option of another routing) is empty."""
    with atomic_file(path, overwrite=True) as f:
        w = csv.DictWriter(f, fieldnames=list(columns))
        w.writeheader()
        for r in rows:
            w.writerow({k: _cell(r.get(k)) for k in columns})


def columns_of(rows: Sequence[dict[str, Any]], first: Sequence[str]) -> list[str]:
    """``first``, then every other key of the rows in the order they first appear."""
    out = list(first)
    seen = set(out)
    for r in rows:
        for k in r:
            if k not in seen:
                seen.add(k)
                out.append(k)
    return out


def write_csv(rows: Sequence[dict[str, Any]], path: str) -> None:
    """Write the curve rows to ``path`` (replacing it), complete or not at all: :data:`COLUMNS`,
    then the provenance columns (:func:`curve_provenance`)."""
    write_rows(rows, path, columns_of(rows, COLUMNS))


def main(fig: ModuleType, argv: Sequence[str] | None = None) -> int:
    """The command line of figure module ``fig``: run it reduced (or ``--full``), print or write CSV."""
    ap = argparse.ArgumentParser(
        prog=f"python -m {fig.__name__}", description=fig.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--full",
        action="store_true",
        help=f"{fig.FULL['warmup']:,} + {fig.FULL['cycles']:,} cycles per point "
        f"(default {fig.REDUCED['warmup']:,} + {fig.REDUCED['cycles']:,})",
    )
    ap.add_argument(
        "--routings", default=",".join(fig.ROUTINGS), help="curves: routing names or labels of the figure's configurations"
    )
    ap.add_argument("--traffics", default=",".join(fig.TRAFFICS))
    ap.add_argument("--loads", default=",".join(f"{x:g}" for x in fig.LOADS))
    ap.add_argument("--seeds", type=int, default=1, help="independent seeds per point")
    ap.add_argument("-o", "--output", help="CSV file to write (default: print a table)")
    a = ap.parse_args(argv)
    try:
        loads = [float(x) for x in a.loads.split(",")]
    except ValueError:
        ap.error(f"--loads must be comma-separated numbers, got {a.loads!r}")
    if a.seeds < 1:
        ap.error(f"--seeds must be >= 1, got {a.seeds}")
    rows = run(fig, a.full, a.routings.split(","), a.traffics.split(","), loads, range(1, a.seeds + 1), progress=True)
    if a.output:
        write_csv(rows, a.output)
    else:
        print(f"{'curve':12s} {'traffic':8s} {'offered':>7s} {'accepted':>8s} {'latency':>8s} {'hops':>5s}")
        for r in rows:
            print(
                f"{r['config']:12s} {r['traffic']:8s} {r['offered_load']:7.2f} {r['accepted_load']:8.3f} "
                f"{r['average_latency']:8.1f} {r['average_hops']:5.2f}"
            )
    print(f"paper: {fig.PAPER}", file=sys.stderr)
    return 0
