"""``topoanalysis build``: build (or convert) a topology and export it.

    topoanalysis build dragonfly --a 12 --h 6 --p 6 --arrangement palmtree -o df6
    topoanalysis build slimfly --q 19                       # summary JSON on stdout
    topoanalysis build --csv df6 --format graphml -o df6.graphml

``--format csv`` (default) writes the directory ``PATH`` (routers.csv,
links.csv, topology.json, see :mod:`topoanalysis.io.csv`); the other formats
write the single file ``PATH``.  Outputs are atomic and never replace existing
data without ``--force``.  ``--out PATH``, the old spelling of ``-o/--output``,
is still accepted.
"""

from __future__ import annotations

import argparse

from .common import add_output_arg, add_topology_args, print_json, topology_from_args

FORMATS = ("csv", "graphml", "edgelist", "booksim", "json")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``build`` subcommand."""
    parser = subparsers.add_parser(
        "build",
        help="build a topology and export it (CSV directory or another format)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_topology_args(parser)
    out = parser.add_argument_group("output")
    add_output_arg(
        out,
        metavar="PATH",
        old="--out",
        help="output directory (csv) or file (other formats); without it the summary JSON is printed",
    )
    out.add_argument("--format", choices=FORMATS, default="csv", help="export format (default csv)")
    out.add_argument("--force", action="store_true", help="replace an existing non-empty output")
    out.add_argument(
        "--merge-parallel", action="store_true", help="booksim only: accept that parallel links merge into one anynet channel"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Build the topology, then write it or print its summary."""
    if args.output is None and args.format != "csv":
        raise ValueError(f"--format {args.format} needs -o/--output PATH")
    if args.merge_parallel and args.format != "booksim":
        raise ValueError("--merge-parallel only applies to --format booksim")
    top = topology_from_args(args)
    if args.output is None:
        print_json(top.summary())
        return 0
    if args.format == "csv":
        from ..io.csv import write_csv

        write_csv(top, args.output, overwrite=args.force)
    else:
        from ..io.formats import WRITERS

        writer = WRITERS[args.format][0]
        kwargs = {"merge_parallel": True} if args.merge_parallel else {}
        writer(top, args.output, overwrite=args.force, **kwargs)
    print(
        f"wrote {args.format} {args.output}: {top.family}, {top.n_routers} routers, {top.n_links} links, "
        f"{top.n_endpoints} endpoints"
    )
    return 0
