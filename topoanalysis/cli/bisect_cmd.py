"""``topoanalysis bisect``: minimum bisection bandwidth (Hastings et al. 2015, §II–IV, Besta & Hoefler 2014, §III-C).

    topoanalysis bisect dragonfly --a 4 --h 2 --arrangement relative --alpha 5/4 --exact --json
    topoanalysis bisect dragonfly --a 4 --h 2 --arrangement circulant --envelope 0:6 -o env.png
    topoanalysis bisect slimfly --q 19                  # METIS estimate (Besta & Hoefler 2014, §III-C)
    topoanalysis bisect --csv DIR --exact --time-limit 60

Bandwidth of a cut = crossing local links + α · crossing global links (every non-"global" kind
weighs 1).  Default method METIS (a heuristic upper bound, never "optimal"); ``--exact`` runs
CP-SAT and says "optimal" only when it proved it, else gives the proven lower bound.
``--time-limit`` covers the whole run (bounds, every solve and search, an envelope's solves
together): when it runs out the best cut and proven bound so far are printed.  An exact run
prints a progress line to stderr every 30 s (also when stderr is not a terminal; not with
``--quiet``).
``--envelope A:B`` gives the exact bandwidth as a piecewise-linear function of α on [A, B]
(Hastings et al. 2015, §III, Figure 5); ``--large-alpha`` the α → ∞ limit from the GCCs (Hastings et al. 2015, §IV).

JSON: ``bandwidth``, ``crossing`` (links per kind), ``optimal``, ``lower_bound``, ``upper_bound``,
``method``, ``seconds``, ``status``; numbers are JSON numbers (int when whole, else float) and
the exact rationals are repeated as strings such as "5/4" under ``exact``.  With ``--envelope``:
``pieces``, each ``alpha_from``, ``alpha_to``, ``local``, ``global`` (numbers) and ``exact``
(the two α ends as strings), plus ``proven``.  α may be given as 1.25 or 5/4 (kept exact).
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import Any

from .common import add_output_arg, add_topology_args, print_json, topology_and_run_seed

#: above this many routers an exact solve without a time limit gets a warning
EXACT_UNBOUNDED_ROUTERS = 200


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``bisect`` subcommand."""
    parser = subparsers.add_parser(
        "bisect",
        help="bisection bandwidth: METIS, exact CP-SAT, α-envelope (Hastings et al. 2015)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_topology_args(parser)
    parser.add_argument(
        "--alpha",
        default=None,
        help="bandwidth of a global link relative to a local one (number or fraction such as 5/4; default 1)",
    )
    parser.add_argument("--exact", action="store_true", help="exact CP-SAT optimum instead of the METIS heuristic")
    parser.add_argument(
        "--time-limit",
        dest="time_limit",
        type=float,
        default=None,
        help="seconds for the whole exact run (default: none); a stopped run reports the best cut and proven bound so far",
    )
    parser.add_argument(
        "--envelope",
        metavar="A:B",
        default=None,
        help="exact bandwidth as a function of α on [A, B], e.g. 0:6 (Hastings et al. 2015, Figure 5)",
    )
    parser.add_argument(
        "--large-alpha",
        dest="large_alpha",
        action="store_true",
        help="α → ∞ limit from the globally connected components (Hastings et al. 2015, §IV)",
    )
    parser.add_argument(
        "--balance",
        choices=("routers", "endpoints"),
        default="routers",
        help="balance routers (default, Hastings et al. 2015, §II) or endpoints",
    )
    add_output_arg(
        parser,
        metavar="IMAGE",
        old="--plot",
        help="with --envelope: draw the envelope to IMAGE (.png, .pdf, .svg); the results go to stdout",
    )
    parser.add_argument("--partition", action="store_true", help="JSON: include the 0/1 side of every router")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--quiet", action="store_true", help="no progress on stderr (the bar on a terminal, the line every 30 s of an exact run)"
    )
    parser.set_defaults(func=run)


def _num(x: Fraction | None) -> Any:
    if x is None:
        return None
    return int(x) if x.denominator == 1 else float(x)


def _parse_range(text: str) -> tuple[str, str]:
    parts = text.split(":")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise ValueError(f"--envelope must be A:B such as 0:6, got {text!r}")
    return parts[0].strip(), parts[1].strip()


def run(args: argparse.Namespace) -> int:
    """Compute and print the bisection."""
    from .. import deadline as dlm

    if args.output and args.envelope is None:
        raise ValueError("-o/--output draws an α-envelope: give --envelope A:B too")
    modes = sum([args.envelope is not None, args.large_alpha])
    if modes > 1:
        raise ValueError("give at most one of --envelope and --large-alpha")
    if modes and args.alpha is not None:
        raise ValueError("--alpha sets one α; --envelope covers a range of α and --large-alpha the α → ∞ limit")
    if args.time_limit is not None and not (args.exact or modes):
        raise ValueError("--time-limit applies to --exact, --envelope and --large-alpha only")
    envelope = _parse_range(args.envelope) if args.envelope is not None else None
    # one deadline for the whole run, started before the topology is read
    limit = dlm.Deadline(args.time_limit) if args.time_limit is not None else None
    # --seed seeds the graph of families that take one (random arrangement / graphs) and the solvers
    top, solver_seed = topology_and_run_seed(args, None)
    if (args.exact or modes) and args.time_limit is None and top.n_routers > EXACT_UNBOUNDED_ROUTERS:
        print(
            f"topoanalysis bisect: warning: an exact bisection of {top.n_routers} routers without --time-limit "
            f"may not finish (Hastings et al. 2015's instances, up to 114 routers, take seconds to minutes; the search "
            f"grows exponentially); give --time-limit SECONDS to get proven bounds when it stops",
            file=sys.stderr,
        )
    head = {"routers": top.n_routers, "links": int(top.u.size)}
    if limit is None:
        limit = dlm.Deadline(None)
    with dlm.progress_lines(
        limit, "topoanalysis bisect", sys.stderr, dlm.PROGRESS_INTERVAL, enabled=bool(args.exact or modes) and not args.quiet
    ):
        return _run(args, top, head, envelope, limit, solver_seed)


def _run(
    args: argparse.Namespace, top: Any, head: dict[str, Any], envelope: tuple[str, str] | None, limit: Any, solver_seed: int
) -> int:
    from ..bisection import bisection, bisection_envelope, large_alpha_bisection

    time_limit = limit if limit.limited else None
    if envelope is not None:
        env = bisection_envelope(
            top,
            envelope,
            balance=args.balance,
            time_limit=time_limit,
            seed=solver_seed,
            progress=sys.stderr.isatty() and not args.quiet,
        )
        data = {**head, "method": "exact", **env.to_dict()}
        if args.output:
            from ..plots import plot_alpha_envelope, save

            shown = ", ".join(f"{k}={v}" for k, v in top.params.items() if v is not None and k not in ("p", "seed"))
            fig = plot_alpha_envelope({f"{top.family} ({shown})": env})
            save(fig, args.output)
        if args.json:
            print_json(data)
            return 0
        print(f"routers: {top.n_routers}  proven: {env.proven}  solves: {env.solves}  seconds: {env.seconds:.2f}")
        for p in env.pieces:
            line = f"{p.local}" + (f" + {p.global_}α" if p.global_ else "")
            print(f"  α in [{p.alpha_from}, {p.alpha_to}]: {line}")
        return 0
    if args.large_alpha:
        big = large_alpha_bisection(top, balance=args.balance, time_limit=time_limit, seed=solver_seed)
        data = {
            **head,
            "method": "gcc",
            "global": big.global_,
            "local": _num(big.local),
            "optimal": big.optimal,
            "gcc_sizes": big.gcc_sizes,
            "seconds": round(big.seconds, 4),
        }
        if args.partition and big.partition is not None:
            data["partition"] = big.partition.astype(int).tolist()
        if args.json:
            print_json(data)
            return 0
        print(f"large α: {big.local} + {big.global_}α  (proven: {big.optimal}; {len(big.gcc_sizes)} GCCs)")
        return 0
    res = bisection(
        top,
        alpha="1" if args.alpha is None else args.alpha,
        method="exact" if args.exact else "metis",
        time_limit=time_limit,
        balance=args.balance,
        seed=solver_seed,
    )
    data = {**head, **res.to_dict(partition=args.partition)}
    if args.json:
        print_json(data)
        return 0
    counts = "  ".join(f"{k}={v}" for k, v in res.crossing.items())
    proof = "optimal (proven)" if res.optimal else f"not proven; lower bound {res.lower_bound}"
    print(f"bandwidth: {res.bandwidth}  ({counts})  {res.method}: {proof}  [{res.seconds:.2f} s]")
    return 0
