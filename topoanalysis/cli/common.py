"""Arguments shared by every CLI command: which topology to work on.

A command takes either ``FAMILY --PARAM VALUE ...`` or ``--csv DIR``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..families import FAMILIES, build, family_parameters
from ..topology import Topology


def _int_list(text: str) -> list[int]:
    """``"4,6"`` or ``"4x6"`` -> [4, 6]; an empty item or a non-integer is refused, never dropped."""
    items = text.replace("x", ",").split(",")
    try:
        if any(not item.strip() for item in items):
            raise ValueError
        return [int(item) for item in items]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected integers separated by ',' or 'x' such as 4,6 or 4x6, got {text!r}") from None


def seed_int(text: str) -> int:
    """A seed option's value: an integer in 0..2^63-1, refused by argparse (which names the option
    the user typed) rather than later by the library, whose message says only ``seed``."""
    from ..checks import check_seed

    try:
        return check_seed("seed", int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a seed, an integer from 0 to 2^63 - 1, got {text!r}") from None


#: CLI option -> (type, help).  Letters follow the papers (Camarero et al. 2014; Besta & Hoefler 2014; Hastings et al. 2015).
PARAMS: dict[str, tuple[Any, str]] = {
    "a": (int, "routers per group (dragonfly) / 1-level group (3-level dragonfly)"),
    "b": (int, "1-level groups per 2-level group (3-level dragonfly)"),
    "c": (int, "2-level groups (3-level dragonfly)"),
    "h": (int, "global links per router (dragonfly Delta_2)"),
    "p": (int, "endpoints per router (concentration)"),
    "groups": (int, "number of groups (dragonfly b)"),
    "arrangement": (str, "global link arrangement: consecutive|absolute|palmtree|relative|circulant|random"),
    "trunking": (int, "global trunking t (parallel global links between two groups)"),
    "t2": (int, "trunking of level-2 links (3-level dragonfly)"),
    "t3": (int, "trunking of level-3 links (3-level dragonfly)"),
    "q": (int, "prime power of the Slim Fly MMS graph"),
    "v": (int, "prime power of the Delorme graph (generalized quadrangle W(v))"),
    "u": (int, "odd prime power of the Bermond-Delorme-Farhi graph"),
    "primitive": (int, "primitive element of GF(q) to use (integer representation)"),
    "sizes": (_int_list, "sizes of the complete-graph factors, e.g. 4,6 (Hamming)"),
    "dims": (_int_list, "sizes of each torus dimension, e.g. 4,8"),
    "n": (int, "dimension (hypercube, lhhc) or number of routers (random)"),
    "hops": (int, "long hops per router (lhhc: Besta & Hoefler 2014's L)"),
    "k": (int, "router radix (fat tree, flattened butterfly)"),
    "degree": (int, "network degree (random regular graph)"),
    "levels": (int, "number of levels / dimensions"),
    "pods": (int, "pods of a fat tree (default k: the folded Clos; k/2: the k/2-ary n-tree)"),
    "seed": (seed_int, "seed of the graph (random arrangement / random graphs; default 0); see 'seeds:' below"),
    "ring": (
        bool,
        "random: start from a Hamiltonian ring before the random shortcuts (Besta & Hoefler 2014's DLN); "
        "--no-ring gives a plain random regular graph",
    ),
}


def add_topology_args(parser: argparse.ArgumentParser) -> None:
    """Add ``FAMILY`` (optional), ``--csv DIR`` and every family parameter to ``parser``."""
    parser.add_argument(
        "family", nargs="?", choices=sorted(FAMILIES), metavar="FAMILY", help=f"topology family: {', '.join(sorted(FAMILIES))}"
    )
    parser.add_argument("--csv", metavar="DIR", help="read the topology from a directory written by 'build'")
    group = parser.add_argument_group("family parameters")
    for name, (typ, help_) in PARAMS.items():
        if typ is bool:  # a switch, --name / --no-name; None keeps the generator's default
            group.add_argument(f"--{name}", action=argparse.BooleanOptionalAction, default=None, help=help_)
        else:
            group.add_argument(f"--{name}", type=typ, default=None, help=help_, metavar="N" if name == "seed" else None)


#: the one paragraph on seeds, shown in the main help and in the help of every command with a seed
#: option (``make_parser`` adds it); keep it in step with :func:`topology_and_run_seed`
SEEDS_HELP = """\
seeds: every random choice is seeded; the same command with the same seeds gives the same numbers.
  --seed N          the graph of the families that take one (dragonfly, dragonfly3 and cascade with
                    --arrangement random; random); default 0.  In resilience, simulate and bisect it
                    also seeds the command's own randomness unless the option below is given
                    (bisect has none: --seed seeds METIS and CP-SAT).
  --failure-seed N  resilience: which links fail in each sample (default: --seed, else 0).
  --sim-seed N      simulate: the simulation's randomness: injection times, destinations, random
                    intermediates and selections (default: --seed, else 0).
  --seeds N         sweep, reproduce: a count, not a seed: run every point once per simulation
                    seed 1..N (the --sim-seed of each run, the results' seed column) and average
                    them; it replaces the experiment file's seeds.  The graph's seed of a sweep is
                    the file's topology.seed.
A time-limited exact bisection is the one exception: where the solver stops depends on the machine."""

#: the output convention, in the main help
OUTPUT_HELP = """\
output files: -o/--output PATH names the file a command writes (build: the CSV directory or the
file; sweep, reproduce: the results file; plot, draw, bisect --envelope: the image).  reproduce,
which writes a figure beside its results, takes the figure as --plot IMAGE.  The old spellings
build --out and bisect --plot still work.  build replaces existing data only with --force; sweep
and reproduce resume an existing results file; an image is replaced."""


def add_output_arg(parser: Any, *, help: str, metavar: str = "FILE", required: bool = False, old: str | None = None) -> None:
    """Add ``-o/--output`` (dest ``output``), the one spelling of "the file this command writes".

    ``old`` is an earlier spelling (``build --out``, ``bisect --plot``) kept working for existing
    scripts: a hidden option with the same dest, named in the help as still accepted.
    """
    shown = help + (f" ({old} {metavar}, the old spelling, still works)" if old else "")
    parser.add_argument("-o", "--output", metavar=metavar, default=None, required=required, help=shown)
    if old:
        parser.add_argument(old, dest="output", metavar=metavar, default=None, help=argparse.SUPPRESS)


def topology_and_run_seed(args: argparse.Namespace, run_seed: int | None) -> tuple[Topology, int]:
    """The topology plus the seed of a randomised job on it (failures, simulation).

    ``--seed`` seeds the graph of families that take one (random arrangements, random graphs)
    and, unless ``run_seed`` (the command's own seed option) is given, the job too; default 0.
    """
    from ..families import family_parameters

    seed = run_seed if run_seed is not None else (args.seed if args.seed is not None else 0)
    graph_seed = args.seed
    if args.family is None or "seed" not in family_parameters(args.family):
        args.seed = None  # a family without a seed must not be told it takes one
    try:
        return topology_from_args(args), seed
    finally:
        args.seed = graph_seed


def topology_from_args(args: argparse.Namespace) -> Topology:
    """Build (or read) the topology the parsed arguments describe; ``ValueError`` on misuse."""
    given = {k: getattr(args, k) for k in PARAMS if getattr(args, k, None) is not None}
    if args.csv is not None:
        if args.family is not None or given:
            raise ValueError("--csv DIR cannot be combined with FAMILY or family parameters")
        from ..io.csv import read_csv

        return read_csv(args.csv)
    if args.family is None:
        raise ValueError("name a FAMILY (e.g. 'dragonfly --a 4 --h 2') or give --csv DIR")
    accepted = set(family_parameters(args.family))
    extra = sorted(set(given) - accepted)
    if extra:
        raise ValueError(
            f"family {args.family!r} does not take {', '.join('--' + e for e in extra)}; "
            f"it takes {', '.join('--' + a for a in sorted(accepted)) or 'no parameters'}"
        )
    return build(args.family, **given)


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON; a NaN or infinite number (which JSON cannot hold) is null."""
    import json

    from ..simulation import clean_json

    print(json.dumps(clean_json(data), indent=2, allow_nan=False))
