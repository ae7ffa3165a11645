"""``topoanalysis`` command line: one subcommand per job, all sharing the topology arguments."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

#: subcommand name -> module under topoanalysis.cli exposing ``register(subparsers)``;
#: ``register`` adds the parser and sets ``func(args) -> int`` as its default.
SUBCOMMANDS: dict[str, str] = {
    "build": "build_cmd",
    "invariants": "invariants_cmd",
    "resilience": "resilience_cmd",
    "cost": "cost_cmd",
    "bisect": "bisect_cmd",
    "simulate": "simulate_cmd",
    "sweep": "sweep_cmd",
    "plot": "plot_cmd",
    "reproduce": "reproduce_cmd",
}


def make_parser() -> argparse.ArgumentParser:
    """The full argument parser (all subcommands)."""
    parser = argparse.ArgumentParser(prog="topoanalysis", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS.values():
        importlib.import_module(f"{__name__}.{module}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit status (2 on a usage error)."""
    parser = make_parser()
    args = parser.parse_args(argv)
    try:
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # inside the try, so a closed pipe is handled below, not at exit
        return status
    except ValueError as exc:
        print(f"topoanalysis {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``topoanalysis invariants ... | head``): stop quietly, as Unix tools do;
        # point stdout at devnull so the interpreter's final flush does not raise again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
