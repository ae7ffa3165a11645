"""Shared fixtures of the test suite."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from topoanalysis.cli import main


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """Run the ``topoanalysis`` command in-process: ``cli(*argv) -> (exit code, stdout, stderr)``
    (argparse usage errors give their SystemExit code)."""
    def run(*argv: str) -> tuple[int, str, str]:
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err
    return run
