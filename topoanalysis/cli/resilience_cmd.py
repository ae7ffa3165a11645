"""``topoanalysis resilience``: random link failures (Besta & Hoefler 2014, §III-D, Table III).

    topoanalysis resilience slimfly --q 7 --samples 100 --seed 1 --json
    topoanalysis resilience torus --dims 8,8,8 --metrics disconnection

Prints, for each criterion, the mean over samples of the largest fraction of links that can
fail before it breaks: ``disconnection``, ``diameter_plus_2``, ``avg_path_plus_1``.
Without ``--samples`` it samples until every 95% CI half-width is <= 1 percentage point.
"""

from __future__ import annotations

import argparse
import sys

from .common import add_topology_args, print_json, seed_int, topology_and_run_seed


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``resilience`` subcommand."""
    parser = subparsers.add_parser(
        "resilience",
        help="resiliency to random link failures (Besta & Hoefler 2014, Table III)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_topology_args(parser)
    parser.add_argument(
        "--samples", type=int, default=None, help="fixed number of samples (default: adaptive until CI half-width <= --ci)"
    )
    parser.add_argument("--max-samples", type=int, default=None, help="cap for adaptive sampling (default 1000)")
    parser.add_argument("--min-samples", type=int, default=None, help="first batch of adaptive sampling (default 20)")
    parser.add_argument(
        "--ci",
        type=float,
        default=None,
        help="target 95%% CI half-width as a fraction (default 0.01 = the paper's width of 2 pp)",
    )
    parser.add_argument("--step", type=float, default=0.05, help="failure fraction increment (default 0.05)")
    parser.add_argument(
        "--failure-seed",
        dest="failure_seed",
        type=seed_int,
        default=None,
        metavar="N",
        help="seed of the failures only (default: --seed, else 0); see 'seeds:' below",
    )
    parser.add_argument(
        "--metrics",
        default="disconnection,diameter_plus_2,avg_path_plus_1",
        help="comma-separated subset of disconnection,diameter_plus_2,avg_path_plus_1",
    )
    parser.add_argument(
        "--unreachable",
        choices=("ignore", "fail"),
        default="ignore",
        help="distance criteria over still-connected pairs (ignore, default) or fail on disconnection",
    )
    parser.add_argument("--per-step", action="store_true", help="also print per-step statistics (JSON: always)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar (none when stderr is not a terminal)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the failure simulation and print the result."""
    from ..resilience import resilience

    adaptive = {"--max-samples": args.max_samples, "--min-samples": args.min_samples, "--ci": args.ci}
    given = [k for k, v in adaptive.items() if v is not None]
    if args.samples is not None and given:
        raise ValueError(
            f"--samples N fixes the number of samples: {', '.join(given)} (adaptive sampling) "
            "would be ignored; give one or the other"
        )
    # --failure-seed decouples the failures from the graph's --seed
    top, failure_seed = topology_and_run_seed(args, args.failure_seed)
    metrics = [m.strip() for m in args.metrics.split(",")]
    from ..experiments.progress import log_progress

    # in a log, a line every 30 s with the samples done of the most it may take, and the time
    with log_progress(
        "topoanalysis resilience", total=args.samples, unit="samples", enabled=not sys.stderr.isatty() and not args.quiet
    ) as prog:

        def counted(done: int, most: int) -> None:
            prog.done, prog.total = done, most

        res = resilience(
            top,
            step=args.step,
            samples=args.samples,
            seed=failure_seed,
            metrics=metrics,
            on_sample=counted,
            **{
                k: v
                for k, v in (("min_samples", args.min_samples), ("max_samples", args.max_samples), ("ci_half_width", args.ci))
                if v is not None
            },
            unreachable=args.unreachable,
            progress=sys.stderr.isatty() and not args.quiet,
        )
    data = res.to_dict()
    if args.json:
        print_json(data)
        return 0
    d = data["details"]
    print(f"routers: {d['routers']}  links: {d['links']}  samples: {d['samples']}  converged: {d['converged']}")
    for name, st in d["metrics"].items():
        print(f"{name}: {st['mean']:.4f}  (95% CI {st['ci_low']:.4f}..{st['ci_high']:.4f}; table {st['table_value'] * 100:.0f}%)")
    if args.per_step:
        for row in d["per_step"]:
            cells = "  ".join(f"{n}={row[n + '_holds']:.3f}" for n in d["metrics"])
            print(f"  {row['fraction'] * 100:5.1f}% ({row['removed']} links): {cells}")
    return 0
