"""Every reference run of the simulator (``data/sim_reference_runs.py``), and a routing proposing more
candidates than the engine's buffers hold, with numba's bounds checks on: a compiled write past an
array's end corrupts the heap silently (a later garbage collection crashes
far from the cause), so this run names it instead (IndexError).  It compiles the whole
engine again with the checks, into a cache directory of its own, which takes a few minutes: it is
marked ``full`` (``python -m pytest -m full tests/test_sim_bounds.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.full
def test_reference_runs_stay_within_bounds(tmp_path):
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    run = subprocess.run([sys.executable, str(ROOT / "data" / "sim_reference_runs.py"), "--check"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=3600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
    lines = [x for x in run.stdout.splitlines() if x.strip()]
    assert lines and all(x.endswith(": same") for x in lines), run.stdout[-2000:]
    # a routing asked for more candidates than the buffers hold must stop before writing past them
    over = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests/test_sim_ugal.py::test_candidate_buffers_are_bounds_checked"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=3600)
    assert over.returncode == 0, over.stdout[-4000:]
