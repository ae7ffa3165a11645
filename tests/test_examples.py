"""The scripts of examples/ run and write what they say (the docs build runs them too)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "examples").glob("*.py"))
FIGURES = {"compare_topologies": "compare_topologies.png", "alpha_envelope": "alpha_envelope.png",
           "routing_sweep": "routing_sweep.png", "booksim_export": "sf5.anynet", "new_routing": "new_routing.csv",
           "fat_tree_selection": "fat_tree_selection.png", "network_per_curve": "network_per_curve.png"}


def test_every_example_is_checked():
    assert {s.stem for s in SCRIPTS} == set(FIGURES)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.stem)
def test_example_runs(script, tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "MPLBACKEND": "Agg"}
    r = subprocess.run([sys.executable, str(script), str(tmp_path)], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    assert (tmp_path / FIGURES[script.stem]).stat().st_size > 0
    assert "wrote" in r.stdout
