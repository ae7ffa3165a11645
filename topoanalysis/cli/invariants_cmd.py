"""``topoanalysis invariants``: structural invariants of a topology as JSON.

topoanalysis invariants slimfly --q 5 --json
topoanalysis invariants --csv df6 --json --no-automorphisms
"""

from __future__ import annotations

import argparse

from .common import add_topology_args, topology_from_args, print_json


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``invariants`` subcommand."""
    parser = subparsers.add_parser(
        "invariants",
        help="diameter, distances, Moore bound, symmetry, link usage",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_topology_args(parser)
    parser.add_argument("--json", action="store_true", help="print JSON (default: one 'key: value' per line)")
    parser.add_argument("--no-automorphisms", action="store_true", help="skip BLISS (one BFS per router instead of per orbit)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print the invariants."""
    from ..invariants import invariants

    top = topology_from_args(args)
    data = invariants(top, automorphisms=not args.no_automorphisms)
    if args.json:
        print_json(data)
    else:
        # a title line, so several runs in one terminal say which network each block belongs to
        params = ", ".join(f"{k}={v}" for k, v in top.params.items() if not isinstance(v, (list, dict)))
        print(f"== {top.family or 'topology'} ({params})" if params else f"== {top.family or 'topology'}")
        for key, val in data.items():
            print(f"{key}: {val}")
    return 0
