"""``topoanalysis`` command line: one subcommand per job, all sharing the topology arguments."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
import warnings
from collections.abc import Iterator, Sequence
from typing import TextIO

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
    from .. import __version__

    from .common import OUTPUT_HELP, SEEDS_HELP

    parser = argparse.ArgumentParser(
        prog="topoanalysis",
        description=__doc__,
        epilog=f"{OUTPUT_HELP}\n\n{SEEDS_HELP}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"topoanalysis {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS.values():
        importlib.import_module(f"{__name__}.{module}").register(sub)
    for command in sub.choices.values():  # the seed paragraph in every command that takes a seed
        if any("seed" in s for a in command._actions for s in a.option_strings):
            command.epilog = f"{command.epilog}\n\n{SEEDS_HELP}" if command.epilog else SEEDS_HELP
    return parser


#: library keywords a command's option spells differently (``resilience --ci`` is ``ci_half_width``)
KEYWORD_FLAGS: dict[str, dict[str, str]] = {"resilience": {"ci_half_width": "--ci"}, "bisect": {"alpha_range": "--envelope"}}
#: keywords left as they are: ``seed`` may come from --seed, --sim-seed or --failure-seed
_AMBIGUOUS = {"seed"}


def cli_wording(message: str, parser: argparse.ArgumentParser, command: str) -> str:
    """``message`` with a leading library keyword (``min_samples must be ...``, ``time_limit (seconds)
    ...``, ``injection_bubble: ...``) replaced by the option of ``command`` that sets it
    (``--min-samples must be ...``), so that a CLI user reads the flag they typed."""
    import re

    m = re.match(r"([a-z][a-z0-9_]*)(?= must\b| \(|:)", message)
    if m is None or m.group(1) in _AMBIGUOUS:
        return message
    sub = next((a.choices[command] for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
    if sub is None:
        return message
    flags = {
        a.dest: longs[0]
        for a in sub._actions
        if (longs := [s for s in a.option_strings if s.startswith("--")]) and a.help != argparse.SUPPRESS
    }
    flags.update(KEYWORD_FLAGS.get(command, {}))
    flag = flags.get(m.group(1))
    return message if flag is None else flag + message[m.end() :]


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where the program is so that ``finally`` blocks and the removal of
    temporary files run as they do for Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _terminate(signum: int, frame: object) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def _signals_as_exceptions() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers; an embedding program keeps its own
        return
    wanted = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None]
    old = {s: signal.signal(s, _terminate) for s in wanted}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)


def _one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    print(f"topoanalysis: warning: {message}", file=sys.stderr if file is None else file)


def interrupted_status(exc: KeyboardInterrupt) -> int:
    """The exit status of a run stopped by ``exc``: 128 + the signal number, as shells report it."""
    return 128 + (exc.signum if isinstance(exc, Terminated) else signal.SIGINT)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit status (2 on a usage error, 1 when the file system
    refuses something, 128 + N when stopped by signal N)."""
    parser = make_parser()
    args = parser.parse_args(argv)
    with _signals_as_exceptions(), warnings.catch_warnings():
        warnings.showwarning = _one_line_warning
        try:
            status = int(args.func(args) or 0)
            sys.stdout.flush()  # inside the try, so a closed pipe is handled below, not at exit
            return status
        except ValueError as exc:
            # an OptionError carries the flag that fixes it (--force) beside the keyword (overwrite=True)
            # and a message that starts with a keyword (min_samples) starts with its flag (--min-samples)
            message = getattr(exc, "cli", None) or cli_wording(str(exc), parser, args.command)
            print(f"topoanalysis {args.command}: error: {message}", file=sys.stderr)
            return 2
        except BrokenPipeError:
            # the reader went away (``topoanalysis invariants ... | head``): stop quietly, as Unix tools do;
            # point stdout at devnull so the interpreter's final flush does not raise again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 141
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            print(f"topoanalysis {args.command}: error: {where}{exc.strerror or exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt as exc:
            print(
                f"topoanalysis {args.command}: interrupted ({'SIGINT' if not isinstance(exc, Terminated) else exc})",
                file=sys.stderr,
            )
            return interrupted_status(exc)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
