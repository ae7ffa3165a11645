"""``topoanalysis cost``: rack layout, cost and power of a network (Besta & Hoefler 2014, §VI, Table IV).

    topoanalysis cost slimfly --q 19 --json
    topoanalysis cost dragonfly --a 14 --h 7 --p 7 --set fibre_intercept=5.0
    topoanalysis cost hypercube --n 13 --routers-per-rack 64

Keys: routers, endpoints, radix, electric_cables, fibre_cables, cost_per_endpoint ($),
power_per_endpoint (W), plus totals, rack grid and the constants used.
"""

from __future__ import annotations

import argparse

from .common import add_topology_args, topology_from_args, print_json


def _assignment(text: str) -> tuple[str, float]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE such as fibre_intercept=5.0, got {text!r}")
    try:
        return name.strip(), float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"value of {name.strip()} must be a number, got {value!r}") from None


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``cost`` subcommand."""
    parser = subparsers.add_parser(
        "cost",
        help="rack layout, cost and power (Besta & Hoefler 2014, Table IV)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_topology_args(parser)
    parser.add_argument(
        "--routers-per-rack", type=int, default=None, help="racks of this many consecutive routers instead of the family's rule"
    )
    parser.add_argument(
        "--router-radix",
        type=int,
        default=None,
        help="price and power every router as one with this many ports (>= the needed radix)",
    )
    parser.add_argument(
        "--set",
        dest="overrides",
        type=_assignment,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override a cost constant (see topoanalysis.cost.constants); repeatable",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print the cost report."""
    from ..cost import DEFAULT, network_cost

    top = topology_from_args(args)
    constants = DEFAULT.replace(**dict(args.overrides)) if args.overrides else DEFAULT
    rep = network_cost(top, constants=constants, routers_per_rack=args.routers_per_rack, router_radix=args.router_radix)
    data = rep.to_dict()
    if args.json:
        print_json(data)
        return 0
    for key in (
        "routers",
        "endpoints",
        "radix",
        "racks",
        "grid",
        "electric_cables",
        "fibre_cables",
        "cost_per_endpoint",
        "power_per_endpoint",
        "total_cost",
        "power_w",
    ):
        print(f"{key}: {data[key]}")
    return 0
