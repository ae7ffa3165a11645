"""Shared fixtures of the test suite."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import os
import subprocess
import sys
import time

import pytest

from topoanalysis.cli import main

# one thread per run (sim.simulate's threads): the workers already share the cores, and the
# threaded engine is compiled only for the tests that run it (test_sim_threads*.py)
os.environ.setdefault("TOPOANALYSIS_SIM_THREADS", "1")


_WARM: list[subprocess.Popen[str]] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    """When the whole suite runs on parallel workers, start one process that compiles the
    simulator's engine for every routing kind, and MIN's threaded engine, while the workers start
    on the tests (``sim.testing.warm_engine``).  Numba compiles the engine once per kind (about a
    minute each on a 2-core machine); a worker that needs a kind the process has not compiled yet
    compiles it itself, and one that needs the kind the process is compiling waits for it and
    loads it (``sim._cache.compile_lock``), so no kind is compiled twice.  One process rather than
    one per core: a kind compiled after another in the same process costs about 40 s less.  A run
    of chosen files, or without workers, skips it."""
    config = session.config
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    if config.args_source != pytest.Config.ArgsSource.TESTPATHS:
        return
    _WARM.append(subprocess.Popen(
        [sys.executable, "-c", "from sim.testing import warm_engine; warm_engine(threaded=('min',))"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Wait for the compiling process (it ends before the tests that needed its kinds do) and say
    if it failed: the workers then compiled for themselves."""
    for p in _WARM:
        err = p.communicate()[1]
        if p.returncode != 0:
            print(f"\nthe process compiling the simulator's engine failed (the workers compiled for themselves): {err[-500:]}")
    _WARM.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """With ``TOPOANALYSIS_TEST_TIMELINE=FILE``, append a line per test to FILE: the worker, the
    wall-clock start and end, and the CPU seconds the test's process and its children used (how
    the suite's time budget is spent, and where the workers wait)."""
    path = os.environ.get("TOPOANALYSIS_TEST_TIMELINE")
    if not path:
        yield
        return
    c0, t0 = os.times(), time.time()
    yield
    c1, t1 = os.times(), time.time()
    cpu = sum(c1[:4]) - sum(c0[:4])
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(path, "a") as f:
        f.write(f"{worker}\t{t0:.3f}\t{t1:.3f}\t{cpu:.2f}\t{item.nodeid}\n")


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
