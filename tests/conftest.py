"""Shared fixtures of the test suite."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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


def _same_runs(top: Any, reference: dict[str, Any], variants: list[dict[str, Any]], counters: bool = False,
               **run: Any) -> tuple[dict, list[dict]]:
    from sim.testing import TIMING_FIELDS, checked_simulate

    # wall-clock figures differ from run to run; the engine's work counters count what a shortcut saves
    drop = TIMING_FIELDS + (() if counters else ("engine_counters",))

    def kept(res: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in res.items() if k not in drop}

    ref = checked_simulate(top, **run, **reference)
    # a run that delivers nothing would make "the same results" hold for any engine
    assert ref["packets_delivered"] > 0, reference
    out = []
    for opts in variants:
        res = checked_simulate(top, **run, **opts)
        assert kept(res) == kept(ref), opts
        out.append(res)
    return ref, out


@pytest.fixture
def same_runs() -> Callable[..., tuple[dict, list[dict]]]:
    """``same_runs(top, reference, variants, counters=False, **run)``: simulate ``top`` with the options
    ``run`` plus ``reference`` and plus each dict of ``variants`` (engine shortcuts against the plain
    engine, or two equivalent routings); assert every variant's results equal the reference's but for
    wall-clock timing and, unless ``counters``, the engine's work counters.  Returns the reference's
    results and the variants'."""
    return _same_runs
