"""Shared fixtures of the test suite."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import os
import subprocess
import sys
import tempfile
import time

import pytest

from topoanalysis.cli import main

# one thread per run (sim.simulate's threads): the workers already share the cores, and the
# threaded engine is compiled only for the tests that run it (test_sim_threads*.py) and, MIN's,
# by the warm-up
os.environ.setdefault("TOPOANALYSIS_SIM_THREADS", "1")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Before the workers of a parallel run of the whole suite start, compile the simulator's
    engine for every routing kind, and MIN's threaded engine, in parallel processes that share
    the engines costliest first (``sim.testing.warm_engine``): numba compiles the engine once per
    kind (about a minute each on a 2-core machine), and workers that needed the same kind at the
    same time would each compile it.  A warm cache makes this a few seconds; a run of chosen
    files, or without workers, skips it."""
    config = session.config
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    if config.args_source != pytest.Config.ArgsSource.TESTPATHS:
        return
    parts = max(1, min(len(os.sched_getaffinity(0)), 4))
    t = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="topoanalysis-warm-") as claims:
        procs = [
            subprocess.Popen([sys.executable, "-c", f"from sim.testing import warm_engine; warm_engine({claims!r})"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for _ in range(parts)
        ]
        # read each process's stderr to its end before its exit status (a wait on a full pipe blocks)
        errs = [p.communicate()[1] for p in procs]
        failed = [e[-500:] for p, e in zip(procs, errs) if p.returncode != 0]
    print(f"\nsimulator engine compiled or loaded for every routing kind in {time.perf_counter() - t:.0f} s"
          + (f" ({len(failed)} of {parts} processes failed; the workers compile for themselves): {failed[0]}" if failed else ""))


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
