"""Progress lines reach a log: with stderr redirected to a file, long steps print done/total and
an estimate at a fixed interval (30 s; shortened here through TOPOANALYSIS_PROGRESS_INTERVAL)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from topoanalysis.experiments.progress import Progress, interval, log_progress

ROOT = Path(__file__).resolve().parents[1]


def test_a_line_says_what_is_done_and_what_is_left():
    p = Progress(40, "points", done=10)
    p.start -= 60  # a minute ago, with 10 points already saved by an earlier run
    p.advance(6)
    line = p.line("sweep x")
    assert line.startswith("sweep x: 16/40 points done, 60 s elapsed")
    assert "about 4 min left" in line  # 6 points a minute, 24 to go
    q = Progress(estimate=100.0)
    q.start -= 30
    assert q.line("simulate") == "simulate: 30 s elapsed, estimated 100 s in all, about 70 s left"


def test_lines_go_to_a_stream_that_is_not_a_terminal(monkeypatch):
    monkeypatch.setenv("TOPOANALYSIS_PROGRESS_INTERVAL", "0.05")
    out = io.StringIO()
    with log_progress("step", 3, "runs", stream=out) as prog:
        prog.advance()
        time.sleep(0.3)
    assert re.search(r"^step: 1/3 runs done, \d+ s elapsed", out.getvalue(), re.M)
    quiet = io.StringIO()
    with log_progress("step", 3, "runs", stream=quiet, enabled=False):
        time.sleep(0.2)
    assert quiet.getvalue() == ""


def test_the_interval_is_checked(monkeypatch):
    monkeypatch.setenv("TOPOANALYSIS_PROGRESS_INTERVAL", "0")
    with pytest.raises(ValueError, match="TOPOANALYSIS_PROGRESS_INTERVAL"):
        interval()
    monkeypatch.delenv("TOPOANALYSIS_PROGRESS_INTERVAL")
    assert interval() == 30.0


def _run(args: list[str], tmp_path: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TOPOANALYSIS_PROGRESS_INTERVAL": "0.2"}
    log = tmp_path / "stderr.log"
    with log.open("w") as err:
        rc = subprocess.run([sys.executable, "-m", "topoanalysis", *args], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=err, timeout=600).returncode
    text = log.read_text()
    assert rc == 0, text
    return text


def test_a_sweep_logs_points_done(tmp_path):
    (tmp_path / "tiny.toml").write_text('name = "tiny"\nseeds = 3\n[topology]\nfamily = "dragonfly"\na = 2\nh = 1\n'
                                        '[simulate]\nwarmup = 100\ncycles = 2000\n[sweep]\nload = [0.1, 0.2]\n')
    text = _run(["sweep", "tiny.toml", "-o", "out.csv", "--workers", "1"], tmp_path)
    lines = re.findall(r"^topoanalysis sweep tiny: (\d)/6 points done, \d+ s elapsed", text, re.M)
    assert lines, text


def test_a_simulation_logs_its_time_against_the_estimate(tmp_path):
    text = _run(["simulate", "dragonfly", "--a", "2", "--h", "1", "--cycles", "20000", "--warmup", "100"], tmp_path)
    assert re.search(r"^topoanalysis simulate: \d+ s elapsed, estimated \d+ s in all", text, re.M), text


def test_resilience_logs_samples_done(tmp_path):
    # the q = 5 Slim Fly's 10 samples take a few seconds: 0.2-s lines counting them
    text = _run(["resilience", "slimfly", "--q", "5", "--samples", "10", "--failure-seed", "1"], tmp_path)
    done = [int(x) for x in re.findall(r"^topoanalysis resilience: (\d+)/10 samples done, ", text, re.M)]
    assert done, text
    assert done == sorted(done) and done[-1] <= 10
