"""Burst consumption runs of a paper figure (García et al. 2014, §5.3, §5.5, §5.7): every node injects the
same number of packets as fast as it can, and the run lasts until the last one is received.

A figure module (``seed001_fig8``, ``seed001_fig11``, ``seed001_fig13``) names its curves
(``CONFIGS``: label -> ``dict(routing=..., **simulate options)``), traffic patterns, the burst
size and the reference curve its times are normalised to; this module runs each (curve, traffic,
seed) and writes one row per run: drain time, its ratio to the reference's, hops and their
histogram, and the model that produced it, then the run's whole provenance as a curve row has it
(``_curves.curve_provenance``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

from ..topology import Topology
from ._curves import Curve, columns_of, curve_provenance, curves, simulate_curve, write_rows

__all__ = ["COLUMNS", "burst_runs", "run", "hop_histogram", "main"]

COLUMNS = (
    "config",
    "routing",
    "options",
    "traffic",
    "burst",
    "seed",
    "status",
    "drain_time",
    "relative_time",
    "packets",
    "average_latency",
    "average_hops",
    "max_hops",
    "hop_histogram",
    "model",
)


def hop_histogram(text: str) -> dict[int, int]:
    """A row's ``hop_histogram`` (``"hops:count ..."``) as a dict."""
    return {int(h): int(c) for h, c in (x.split(":") for x in text.split())}


def burst_runs(
    top: Topology,
    model: str,
    configs: Sequence[Curve],
    traffics: Iterable[str],
    burst: int,
    seeds: Sequence[int],
    reference: str | None,
    max_cycles: int,
    progress: bool = False,
) -> list[dict[str, Any]]:
    """One row per (curve, traffic, seed), in that order; ``relative_time`` is the drain time over
    the ``reference`` curve's on the same traffic and seed (None without it, or when either run
    did not drain)."""
    rows = []
    for curve in configs:
        label, routing, opts = curve
        for traffic in traffics:
            for seed in seeds:
                kw = dict(burst=burst, seed=int(seed), model=model, max_cycles=max_cycles)
                r = simulate_curve(top, curve, traffic, 0.0, **kw)
                hist = r["hop_histogram"]
                row = dict(
                    config=label,
                    routing=routing,
                    options=json.dumps(opts, sort_keys=True) if opts else "",
                    traffic=traffic,
                    burst=burst,
                    seed=int(seed),
                    status=r["status"],
                    drain_time=r["drain_time"],
                    relative_time=None,
                    packets=r["packets_delivered"],
                    average_latency=r["average_latency"],
                    average_hops=r["average_hops"],
                    max_hops=len(hist) - 1,
                    model=r["model"]["name"],
                    hop_histogram=" ".join(f"{h}:{c}" for h, c in enumerate(hist) if c),
                )
                for k, v in curve_provenance(top, curve, traffic, 0.0, kw, r).items():
                    row.setdefault(k, v)
                rows.append(row)
                if progress:
                    print(
                        f"{label:16s} {traffic:32s} drained at {r['drain_time']:7d} ({r['status']}), "
                        f"{r['average_hops']:.2f} hops, max {len(hist) - 1}",
                        file=sys.stderr,
                        flush=True,
                    )
    ref = {(r["traffic"], r["seed"]): r for r in rows if r["config"] == reference and r["status"] == "ok"}
    for r in rows:
        x = ref.get((r["traffic"], r["seed"]))
        if x is not None and r["status"] == "ok":
            r["relative_time"] = r["drain_time"] / x["drain_time"]
    return rows


def run(
    fig: ModuleType,
    full: bool = False,
    configs: Iterable[str] | None = None,
    traffics: Iterable[str] | None = None,
    seeds: Sequence[int] = (1,),
    top: Topology | None = None,
    burst: int | None = None,
    progress: bool = False,
) -> list[dict[str, Any]]:
    """Figure module ``fig``'s runs: its bursts reduced (``fig.REDUCED``) or ``full``, its curves and
    traffic patterns by default, on ``fig.network()`` unless ``top``."""
    size = fig.FULL if full else fig.REDUCED
    return burst_runs(
        fig.network() if top is None else top,
        fig.MODEL,
        curves(fig, fig.ROUTINGS if configs is None else configs),
        fig.TRAFFICS if traffics is None else traffics,
        size["burst"] if burst is None else burst,
        seeds,
        fig.REFERENCE,
        size["max_cycles"],
        progress,
    )


def main(fig: ModuleType, argv: Sequence[str] | None = None) -> int:
    """The command line of burst figure module ``fig``: run it reduced (or ``--full``), print or
    write CSV."""
    ap = argparse.ArgumentParser(
        prog=f"python -m {fig.__name__}", description=fig.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--full", action="store_true", help=f"{fig.FULL['burst']:,} packets per node (default {fig.REDUCED['burst']:,})"
    )
    ap.add_argument("--configs", default=",".join(fig.ROUTINGS), help="curves: labels of the figure's configurations")
    ap.add_argument("--traffics", default=";".join(fig.TRAFFICS), help="traffic patterns, separated by ';'")
    ap.add_argument("--seeds", type=int, default=1, help="independent seeds per run")
    ap.add_argument("-o", "--output", help="CSV file to write (default: print a table)")
    a = ap.parse_args(argv)
    if a.seeds < 1:
        ap.error(f"--seeds must be >= 1, got {a.seeds}")
    rows = run(fig, a.full, a.configs.split(","), a.traffics.split(";"), range(1, a.seeds + 1), progress=True)
    if a.output:
        write_rows(rows, a.output, columns_of(rows, COLUMNS))
    else:
        print(f"{'curve':16s} {'traffic':32s} {'drain':>7s} {'vs ref':>6s} {'hops':>5s} {'max':>4s}")
        for r in rows:
            rel = "" if r["relative_time"] is None else f"{r['relative_time']:.3f}"
            print(
                f"{r['config']:16s} {r['traffic']:32s} {r['drain_time']:7d} {rel:>6s} {r['average_hops']:5.2f} {r['max_hops']:4d}"
            )
    print(f"paper: {fig.PAPER}", file=sys.stderr)
    return 0
