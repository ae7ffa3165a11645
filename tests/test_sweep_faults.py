"""Fault injection on sweeps: signals at seeded random moments, then a resume; results files and
journals damaged at random byte offsets.  A sweep must end with every point present exactly once,
each with the values of an uninterrupted run, and leave no process, lock, journal or temporary
behind; a damaged file is refused or repaired, never silently used.

The points are fake (deterministic values from the point id, a short sleep), so what is tested is
the sweep machinery: runner, store, CLI signal handling.
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from topoanalysis.experiments import experiment_from_dict, read_results, runner, sweep
from topoanalysis.experiments.store import ResultStore, ResultsWarning, _journal_line, journal_path
from topoanalysis.experiments.worker import RESULT_COLUMNS

ROOT = Path(__file__).resolve().parents[1]

EXP = {"name": "faults", "topology": {"family": "dragonfly", "a": 4, "h": 2, "p": 2, "arrangement": "palmtree"},
       "simulate": {"model": "seed001", "warmup": 10, "cycles": 10},
       "sweep": {"routing": ["min", "valiant"], "load": [0.1, 0.2]}, "seeds": 10}
# what differs between two runs of the same point: when and where it ran
VOLATILE = {"finished_at", "worker", "wall_seconds"}


def point_row(point) -> dict:
    """The row of ``point``: values fixed by its id, so an interrupted and resumed sweep must give
    exactly the rows of an uninterrupted one."""
    h = hashlib.sha256(point.point_id.encode()).digest()
    row = {"point_id": point.point_id, **point.labels()}
    row.update({c: int.from_bytes(h[i % 28:i % 28 + 4], "big") / 2 ** 32 for i, c in enumerate(RESULT_COLUMNS)})
    row.update(status="ok", model="seed001", hop_histogram=[0, h[0], h[1]], cycles_run=int(h[2]),
               worker=f"test:{os.getpid()}", software_version="test", git_commit=h.hex()[:12],
               finished_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))
    return row


def _comparable(df: pd.DataFrame) -> dict[str, dict]:
    rows = df.drop(columns=[c for c in VOLATILE if c in df.columns]).to_dict("records")
    # CSV cannot tell an empty text from a missing value
    return {r["point_id"]: {k: (None if v == "" or (isinstance(v, float) and v != v) else v) for k, v in r.items()}
            for r in rows}


@pytest.fixture(scope="module")
def reference() -> dict[str, dict]:
    """The rows of an uninterrupted sweep, by point id."""
    return _reference()


@functools.lru_cache(maxsize=1)
def _reference() -> dict[str, dict]:
    rows = [{"experiment": EXP["name"], **point_row(p)} for p in experiment_from_dict(EXP).points()]
    return _comparable(pd.DataFrame(rows))


@pytest.fixture
def fake_points(monkeypatch):
    monkeypatch.setattr(runner, "run_point", point_row)


def _assert_complete(out: Path, reference: dict[str, dict]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a finished sweep's file has nothing left to repair
        df = read_results(out)
    assert df["point_id"].is_unique and len(df) == len(reference)
    assert _comparable(df) == reference


# -- signals at random moments, then resume ----------------------------------------------------------

SCRIPT = """
import os, sys, time
sys.path.insert(0, os.path.join(os.environ["PYTHONPATH"], "tests"))
from topoanalysis.experiments import runner
from test_sweep_faults import point_row

def slow_point(point):
    with open(os.environ["PIDS"], "a") as fh:
        fh.write(f"{os.getpid()}\\n")
    time.sleep(float(os.environ["DELAY"]))
    return point_row(point)

runner.run_point = slow_point
from topoanalysis.cli import main
sys.exit(main(sys.argv[1:]))
"""

# (signal, to the whole process group?): kill -9 and kill of the sweep's process, Ctrl-C and
# kill -9 / SIGTERM of its group
MODES = [(signal.SIGKILL, False), (signal.SIGKILL, True), (signal.SIGTERM, False), (signal.SIGTERM, True),
         (signal.SIGINT, True)]


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def _session(sid: int) -> set[int]:
    """The live processes of session ``sid`` (a sweep started in a session of its own and every
    process it forked, whether or not it ran a point)."""
    out = set()
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == sid and fields[0] not in ("Z", "X"):
                out.add(int(d))
    return out


def _reap(pids: set[int], within: float = 5.0) -> list[int]:
    """The processes still alive after ``within`` seconds (killed, so none is left behind)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and not all(_gone(p) for p in pids):
        time.sleep(0.05)
    survivors = [p for p in pids if not _gone(p)]
    for p in survivors:
        try:
            os.kill(p, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return survivors


def _start_sweep(tmp_path, out, delay: float):
    """The 8-point fault experiment swept by 2 workers in a new session, each point taking ``delay``
    seconds; the workers' pids are written to ``pids``. Returns (experiment file, pids file, process)."""
    exp, pids = tmp_path / "f.toml", tmp_path / "pids"
    exp.write_text(f'name = "faults"\nseeds = {EXP["seeds"]}\n[topology]\nfamily = "dragonfly"\na = 4\nh = 2\np = 2\n'
                   'arrangement = "palmtree"\n[simulate]\nmodel = "seed001"\nwarmup = 10\ncycles = 10\n'
                   '[sweep]\nrouting = ["min", "valiant"]\nload = [0.1, 0.2]\n')
    env = dict(os.environ, PYTHONPATH=str(ROOT), PIDS=str(pids), DELAY=str(delay))
    cmd = [sys.executable, "-c", SCRIPT, "sweep", str(exp), "-o", str(out), "--workers", "2", "--quiet"]
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    return exp, pids, proc


@pytest.mark.parametrize("case", range(int(os.environ.get("SWEEP_FAULT_CASES", "8"))))
def test_a_sweep_signalled_at_a_random_moment_resumes_to_the_same_rows(tmp_path, case, reference, fake_points):
    rng = random.Random(case)
    sig, group = MODES[case % len(MODES)]
    # mostly from the first point to past the sweep's end (40 points, 2 workers, 50 ms each, then
    # the compaction and the summary); a kill now and then during the start-up
    startup = sig != signal.SIGINT and rng.random() < 0.2
    delay = rng.uniform(0, 1.0) if startup else rng.uniform(0, 1.6)
    out = tmp_path / "f.csv" if case % 2 else tmp_path / "f.parquet"
    exp, pids, proc = _start_sweep(tmp_path, out, delay=0.05)
    deadline = time.monotonic() + 60
    while not startup and not pids.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(delay)
    sent = time.monotonic()
    try:
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=10)
    finally:
        proc.kill()
    took = time.monotonic() - sent
    err = proc.stderr.read()
    proc.stderr.close()
    workers = {int(x) for x in pids.read_text().split()} if pids.exists() else set()
    assert not _reap(workers | {proc.pid} | _session(proc.pid)), "a worker outlived its sweep"
    assert not _session(proc.pid)
    print(f"case {case}: {signal.Signals(sig).name} to the {'group' if group else 'sweep'} {delay:.2f} s after "
          f"{'its start' if startup else 'its first point'}: "
          f"status {proc.returncode}, {len(workers)} worker(s) seen, exit {took:.2f} s after the signal: {err!r}")
    if proc.returncode == 128 + sig:
        # the sweep saw the signal: it stopped at once with one line (during the sweep: the points
        # saved and how to resume)
        assert took < 2.5, took
        assert err.startswith("topoanalysis sweep: interrupted: ") and err.count("\n") == 1, err
        saved, total = (int(x) for x in err.split(": ")[2].split(" points")[0].split(" of "))
        assert err.endswith("; run the same command again to run the rest\n" if saved < total
                            else " (the sweep is complete)\n"), err
    else:
        # killed outright, stopped before the CLI took over the signal, or already finished
        assert proc.returncode in (-sig, 0), (proc.returncode, err[-2000:])
    # the resumed sweep (in this process) runs what is missing and leaves only the results file
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResultsWarning)  # a point killed mid-write is named and run again
        sweep(exp, out, workers=1)
    _assert_complete(out, reference)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "pids") == sorted(["f.toml", out.name])


def test_a_worker_killed_mid_sweep_is_one_line_and_the_sweep_resumes(tmp_path, reference, fake_points):
    out = tmp_path / "f.csv"
    exp, pids, proc = _start_sweep(tmp_path, out, delay=0.1)
    deadline = time.monotonic() + 60
    while not (pids.exists() and len(pids.read_text().split()) >= 6) and time.monotonic() < deadline:
        time.sleep(0.01)
    workers = {int(x) for x in pids.read_text().split()}
    os.kill(next(iter(workers)), signal.SIGKILL)  # as the kernel's out-of-memory killer would
    try:
        proc.wait(timeout=10)
    finally:
        proc.kill()
    err = proc.stderr.read()
    proc.stderr.close()
    assert not _reap(workers | {proc.pid} | _session(proc.pid)), "a worker outlived its sweep"
    assert proc.returncode == 1 and err.startswith("topoanalysis sweep: error: a worker process died while running "
                                                   "a point (killed by a signal, or out of memory): ") \
        and err.endswith("; run the same command again to run the rest\n") and err.count("\n") == 1, err
    sweep(exp, out, workers=1)
    _assert_complete(out, reference)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.csv", "f.toml", "pids"]


# -- damaged results files and journals --------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _pristine() -> dict[str, bytes]:
    """A finished sweep's results file in each format, and the journal a killed sweep leaves."""
    d = Path(tempfile.mkdtemp(prefix="pristine"))
    mp = pytest.MonkeyPatch()
    mp.setattr(runner, "run_point", point_row)
    try:
        files = {}
        for fmt in ("csv", "parquet"):
            sweep(EXP, d / f"r.{fmt}", workers=1)
            files[fmt] = (d / f"r.{fmt}").read_bytes()
        store = ResultStore(d / "j.csv")
        store.add([{"experiment": EXP["name"], **point_row(p)} for p in experiment_from_dict(EXP).points()])
        files["journal"] = journal_path(d / "j.csv").read_bytes()
        store._dirty = False  # as if killed: the journal stays
        store.close()
    finally:
        mp.undo()
        shutil.rmtree(d, ignore_errors=True)
    return files


damage = st.lists(st.tuples(st.sampled_from(["byte", "cut", "drop"]), st.floats(0, 1, exclude_max=True),
                            st.integers(0, 255)), min_size=1, max_size=3)


def _damaged(data: bytes, how: list[tuple[str, float, int]]) -> bytes:
    for kind, where, value in how:
        if not data:
            break
        i = int(where * len(data))
        if kind == "byte":
            data = data[:i] + bytes([value if value != data[i] else value ^ 0xFF]) + data[i + 1:]
        elif kind == "cut":
            data = data[:i]
        else:
            data = data[:i] + data[i + 1 + value % 16:]
    return data


def _check_damaged(path: Path, reference: dict[str, dict]) -> None:
    """Read the damaged file: refused, or only rows equal to the reference, with a warning for any
    row left out; then a sweep on it is refused or repairs it to the reference."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResultsWarning)
            df = read_results(path)
    except ValueError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)
        refused = True
    else:
        refused = False
        rows = _comparable(df) if len(df) else {}
        assert all(pid in reference and row == reference[pid] for pid, row in rows.items()), "a damaged row was used"
        assert len(df) == len(rows)
        # rows left out are named, except those lost whole (a file cut between two rows): either
        # way the sweep runs them again
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResultsWarning)
            sweep(EXP, path, workers=1)
    except ValueError as exc:
        assert refused, f"a file read without error was refused by the sweep: {exc}"
        assert "\n" not in str(exc) and "move it aside" in str(exc)
        return
    _assert_complete(path, reference)


_SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
@_SETTINGS
@given(how=damage)
def test_a_damaged_results_file_is_refused_or_repaired(tmp_path, fmt, how, fake_points):
    path = tmp_path / f"d.{fmt}"
    for p in tmp_path.iterdir():
        p.unlink()
    path.write_bytes(_damaged(_pristine()[fmt], how))
    _check_damaged(path, _reference())


@_SETTINGS
@given(how=damage)
def test_a_damaged_journal_is_refused_or_repaired(tmp_path, how, fake_points):
    path = tmp_path / "d.csv"
    for p in tmp_path.iterdir():
        p.unlink()
    journal_path(path).write_bytes(_damaged(_pristine()["journal"], how))
    _check_damaged(path, _reference())


def test_a_full_disk_while_saving_is_one_line_and_loses_nothing_saved(tmp_path, monkeypatch, reference, fake_points):
    import errno

    from topoanalysis.experiments import store as store_mod

    out = tmp_path / "r.csv"
    real_write, calls = os.write, []

    def full(fd, data):
        calls.append(fd)
        if len(calls) > 5:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(store_mod.os, "write", full)
    with pytest.raises(ValueError, match=r"^output: cannot write '.*\.r\.csv\.journal': No space left on device$"):
        sweep(EXP, out, workers=1)
    monkeypatch.setattr(store_mod.os, "write", real_write)
    # the rows saved before the disk filled (and the one it refused, kept in memory) are in the file
    saved = read_results(out)
    assert len(saved) == 6 and all(reference[k] == v for k, v in _comparable(saved).items())
    sweep(EXP, out, workers=1)
    _assert_complete(out, reference)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def test_what_a_killed_compaction_leaves_is_cleaned_up_by_the_next_sweep(tmp_path, reference, fake_points):
    out = tmp_path / "r.parquet"
    points = experiment_from_dict(EXP).points()
    # a sweep killed while compacting: its journal of the first 15 rows, a half-written temporary
    # and its lock file
    journal_path(out).write_bytes(b"".join(_journal_line({"experiment": EXP["name"], **point_row(p)})
                                           for p in points[:15]))
    (tmp_path / f".r.parquet.tmp-{socket.gethostname()}.999999999.abc").write_bytes(b"PAR1 half")
    (tmp_path / ".r.parquet.lock").write_text("")
    ran = []
    runner.run_point = lambda p: ran.append(p.point_id) or point_row(p)
    sweep(EXP, out, workers=1)
    assert sorted(ran) == sorted(p.point_id for p in points[15:])
    _assert_complete(out, reference)
    assert [p.name for p in tmp_path.iterdir()] == ["r.parquet"]


def test_an_interrupted_large_sweep_leaves_its_journal_to_the_next_one(tmp_path, monkeypatch, reference):
    out = tmp_path / "r.csv"
    ran = []

    def until_ctrl_c(point):
        if len(ran) == 12:
            raise KeyboardInterrupt
        ran.append(point.point_id)
        return point_row(point)

    monkeypatch.setattr(runner, "run_point", until_ctrl_c)
    monkeypatch.setattr(runner, "COMPACT_ON_INTERRUPT", 10)  # as if 12 rows took long to fold in
    with pytest.raises(KeyboardInterrupt):
        sweep(EXP, out, workers=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".r.csv.journal"]  # no lock
    assert sorted(read_results(out)["point_id"]) == sorted(ran)
    monkeypatch.setattr(runner, "run_point", point_row)
    sweep(EXP, out, workers=1)
    _assert_complete(out, reference)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def test_a_damaged_checksum_column_name_is_refused_and_a_saved_frame_is_read(tmp_path):
    data = _pristine()["csv"]
    damaged = tmp_path / "d.csv"
    damaged.write_bytes(data.replace(b",row_check\n", b",row_chexk\n", 1))
    with pytest.raises(ValueError, match=r"last column holds row checksums but is named 'row_chexk'.*damaged"):
        read_results(damaged)
    # a frame saved by its user (no checksums, a column added last) is read as it is
    good = tmp_path / "g.csv"
    good.write_bytes(data)
    saved = tmp_path / "s.csv"
    read_results(good).assign(extra=1).to_csv(saved, index=False)
    assert len(read_results(saved)) == len(_reference())
