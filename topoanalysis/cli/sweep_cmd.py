"""``topoanalysis sweep``: run an experiment file (topology x routing x traffic x load x seed).

    topoanalysis sweep experiment.toml                       # -> experiment-name.parquet, all cores
    topoanalysis sweep experiment.toml -o runs.csv --seeds 5 # CSV, seeds 1..5, 95% intervals
    topoanalysis sweep experiment.toml --scheduler tcp://head:8786   # an existing Dask cluster
    topoanalysis sweep experiment.toml --dry-run             # list the points, run nothing

Each finished point is saved at once; the same command after an interruption runs only the
points missing from the results file.  The file format is described in
``topoanalysis.experiments.config``; the printed table averages the seeds of each point.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from . import interrupted_status
from .common import add_output_arg

_SHOWN = ("accepted_load", "average_latency", "average_hops", "drain_time", "saturation_load")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``sweep`` subcommand."""
    parser = subparsers.add_parser(
        "sweep",
        help="run an experiment file: a sweep of simulations, resumable",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("experiment", metavar="EXPERIMENT.toml", help="the experiment file")
    add_output_arg(parser, help="results file, .parquet or .csv (default: NAME.parquet, NAME from the experiment)")
    parser.add_argument("--workers", type=int, default=None, help="local worker processes (default: every core)")
    parser.add_argument(
        "--scheduler", default=None, metavar="ADDRESS", help="run on an existing Dask distributed cluster (tcp://host:8786)"
    )
    parser.add_argument(
        "--seeds",
        type=int,
        default=None,
        metavar="N",
        help="a count: run every point with simulation seeds 1..N (overrides the file's seeds); see 'seeds:' below",
    )
    parser.add_argument("--confidence", type=float, default=0.95, help="confidence level of the intervals (0.95)")
    parser.add_argument("--dry-run", dest="dry_run", action="store_true", help="list the points and exit")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def _announce(exp: Any, points: list, out: Path, workers: int | None) -> None:
    """One line before a long sweep starts: its points, and its time at the engine's benchmarked
    speed (an optimistic bound) on the workers it will use."""
    import os

    from ..experiments.estimate import estimated_seconds

    est = estimated_seconds(exp, points)
    w = max(1, min(len(points), workers or os.cpu_count() or 1))
    if est / w > 60:
        print(
            f"topoanalysis sweep: {exp.name}: {len(points)} points, about {est / w / 60:.0f} min or more on {w} "
            f"worker(s) (points already in {out.name} are skipped)",
            file=sys.stderr,
        )


def _saved(out: Path, points: list) -> int:
    from ..experiments.store import saved_point_ids

    done = saved_point_ids(out)  # quietly: the next run names incomplete rows as it runs them again
    return sum(p.point_id in done for p in points)


def run(args: argparse.Namespace) -> int:
    """Load, run (or list) and summarise the experiment."""
    from ..experiments import load_experiment, sweep
    from ..experiments.runner import WorkerLost
    from ..experiments.store import journal_path, read_results

    exp = load_experiment(args.experiment)
    if args.seeds is not None:
        exp = exp.with_seeds(args.seeds)
    points = exp.points()
    out = Path(args.output) if args.output else Path(f"{exp.name}.parquet")
    if args.dry_run:
        saved = out.exists() or journal_path(out).exists()  # a killed sweep may have left only its journal
        done = set(read_results(out)["point_id"].astype(str)) if saved else set()
        print(f"{exp.name}: {len(points)} points ({sum(p.point_id in done for p in points)} already in {out})")
        for p in points:
            print(
                f"  {p.point_id}  {'done ' if p.point_id in done else 'to do'}  "
                + " ".join(f"{k}={v}" for k, v in p.labels().items() if v != "")
            )
        return 0
    if not args.quiet:
        _announce(exp, points, out, args.workers)
    try:
        df = sweep(exp, out, workers=args.workers, scheduler=args.scheduler, progress=not args.quiet)
        return _report(df, out, args)
    except WorkerLost as exc:
        print(
            f"topoanalysis sweep: error: {exc}: {_saved(out, points)} of {len(points)} points saved in {out}; "
            "run the same command again to run the rest",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt as exc:
        n_saved = _saved(out, points)
        rest = "; run the same command again to run the rest" if n_saved < len(points) else " (the sweep is complete)"
        print(f"topoanalysis sweep: interrupted: {n_saved} of {len(points)} points saved in {out}{rest}", file=sys.stderr)
        return interrupted_status(exc)


def _report(df: Any, out: Path, args: argparse.Namespace) -> int:
    """Print the seed-averaged table of a finished sweep; 1 when a run did not finish normally."""
    import pandas as pd

    from ..experiments import summarize

    s = summarize(df, confidence=args.confidence)
    metrics = [m for m in _SHOWN if f"{m}_mean" in s.columns]
    varying = [
        c
        for c in s.columns
        if not c.endswith(("_mean", "_std", "_ci"))
        and c != "n_seeds"
        and s[c].astype(str).nunique() > 1
        and not (c == "offered_load" and "load" in s.columns)
    ]
    table = s[varying].copy()
    for m in metrics:
        table[m] = [
            ("" if pd.isna(mu) else f"{mu:.4g}" + ("" if pd.isna(ci) else f" ±{ci:.2g}"))
            for mu, ci in zip(s[f"{m}_mean"], s[f"{m}_ci"])
        ]
    with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 200):
        print(table.to_string(index=False))
    n_seeds = int(s["n_seeds"].max()) if len(s) else 0
    print(
        f"{len(df)} runs in {out}; ± is the {args.confidence:.0%} confidence half-width over {n_seeds} seeds"
        if n_seeds > 1
        else f"{len(df)} runs in {out}",
        file=sys.stderr,
    )
    bad: Any = df[df["status"] != "ok"] if "status" in df else []
    if len(bad):
        print(f"{len(bad)} runs did not finish normally (status: {', '.join(sorted(set(bad['status'])))})", file=sys.stderr)
        return 1
    return 0
