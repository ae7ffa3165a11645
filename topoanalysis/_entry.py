"""The command's entry point: imports the CLI inside the interrupt handling, so Ctrl-C during
start-up (importing numpy, scipy and the CLI takes about a quarter of a second) ends with one line
and status 130 instead of a traceback."""

from __future__ import annotations

import signal
import sys


def main() -> int:
    """Run ``topoanalysis`` with ``sys.argv`` (see :func:`topoanalysis.cli.main`)."""
    try:
        from topoanalysis.cli import main as cli_main

        return cli_main()
    except KeyboardInterrupt:
        # cli_main handles interrupts once a command runs; this is the start-up before it does
        print("topoanalysis: interrupted (SIGINT)", file=sys.stderr)
        return 128 + signal.SIGINT
