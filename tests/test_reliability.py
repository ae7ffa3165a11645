"""Nothing lost, nothing silently wrong: immutable topologies, checked input files, results files
that survive torn rows, symlinks and locks, one-line filesystem errors, and interruptible sweeps."""

from __future__ import annotations

import copy
import json
import pickle

import numpy as np
import pytest

import topoanalysis as ta
from topoanalysis.io.csv import read_csv, write_csv


# -- a Topology cannot change after construction ---------------------------------------------------

def test_params_are_read_only_all_the_way_down(tmp_path):
    top = ta.build("dragonfly", a=4, h=2, p=2, arrangement="palmtree")
    with pytest.raises(TypeError, match="read-only"):
        top.params["a"] = 8
    for change in (lambda: top.params.update(a=8), lambda: top.params.pop("a"), lambda: top.params.setdefault("x", 1),
                   lambda: top.params.clear(), lambda: top.params.popitem()):
        with pytest.raises(TypeError, match="read-only"):
            change()
    with pytest.raises(TypeError, match="read-only"):
        del top.params["a"]
    assert top.params["a"] == 4
    write_csv(top, tmp_path / "df")
    back = read_csv(tmp_path / "df")
    assert back.params == top.params and back.params["a"] == 4 and back.same_network(top)


def test_list_params_are_read_only_and_still_equal_lists():
    top = ta.build("hamming", sizes=[3, 5])
    sizes = top.params["sizes"]
    assert sizes == [3, 5] and top.params == {"sizes": [3, 5], "p": 3}
    for change in (lambda: sizes.append(7), lambda: sizes.__setitem__(0, 9), lambda: sizes.extend([1]),
                   lambda: sizes.sort(), lambda: sizes.pop()):
        with pytest.raises(TypeError, match="read-only"):
            change()
    with pytest.raises(TypeError, match="read-only"):
        sizes += [1]
    assert top.params["sizes"] == [3, 5]
    # callers that rebuild, serialise or copy the parameters keep working
    assert ta.build("hamming", **top.params).same_network(top)
    assert json.loads(json.dumps(top.params)) == {"sizes": [3, 5], "p": 3}
    mutable = dict(top.params)
    mutable["p"] = 1
    assert top.params["p"] == 3


def test_params_stay_read_only_through_pickle_and_copy():
    top = ta.build("hamming", sizes=[3, 4])
    for other in (pickle.loads(pickle.dumps(top.params)), copy.deepcopy(top.params), copy.copy(top.params)):
        assert other == top.params
        with pytest.raises(TypeError):
            other["p"] = 0


def test_labels_and_cached_views_are_read_only():
    top = ta.build("dragonfly", a=4, h=2, p=2, arrangement="palmtree")
    with pytest.raises(TypeError, match="read-only"):
        top.labels["group"] = np.zeros(top.n_routers, dtype=np.int64)
    with pytest.raises(ValueError):
        top.labels["group"][0] = 5
    adj = top.adjacency()
    for arr in (adj.data, adj.indices, adj.indptr, *top.arcs()):
        with pytest.raises(ValueError):
            arr[0] = arr[0]
    with pytest.raises(AttributeError):
        top.params = {}
    with pytest.raises(ValueError):
        top.u[0] = 1


# -- router ids of a topology directory are checked before anything is allocated -------------------

def _links_dir(tmp_path, links: str, meta: dict | None = None):
    d = tmp_path / "t"
    d.mkdir(parents=True)
    (d / "links.csv").write_text(links)
    if meta is not None:
        (d / "topology.json").write_text(json.dumps(meta))
    return d


@pytest.mark.parametrize("router", [99_999_999_999, 100_000_000, 4])
def test_router_id_beyond_the_named_routers_is_refused(tmp_path, router):
    d = _links_dir(tmp_path, f"u,v\n0,1\n1,2\n2,{router}\n")
    with pytest.raises(ValueError, match=rf"^links.csv line 4: router {router}, but links.csv names only 4 routers "
                                         r"\(router 3 is in no link\)"):
        read_csv(d)


def test_router_count_in_topology_json_is_bounded(tmp_path):
    d = _links_dir(tmp_path, "u,v\n0,1\n", {"routers": 99_999_999_999})
    with pytest.raises(ValueError, match=r"^topology.json: 'routers' is 99999999999, above the limit of 16777216"):
        read_csv(d)
    d2 = _links_dir(tmp_path / "x", "u,v\n0,1\n1,99999999999\n", {"routers": 5})
    with pytest.raises(ValueError, match=r"^links.csv line 3: unknown router 99999999999 \(topology.json says 5"):
        read_csv(d2)


def test_routers_named_in_links_only_still_read(tmp_path):
    top = read_csv(_links_dir(tmp_path, "u,v\n2,0\n1,3\n0,1\n"))
    assert top.n_routers == 4 and top.n_links == 3
    isolated = read_csv(_links_dir(tmp_path / "x", "u,v\n0,2\n", {"routers": 3}))
    assert isolated.n_routers == 3


# -- results files: torn rows, symbolic links, lock files --------------------------------------------

import datetime as _dt  # noqa: E402
import os  # noqa: E402
import warnings  # noqa: E402

import pandas as pd  # noqa: E402

from topoanalysis.experiments import read_results, runner, summarize, sweep  # noqa: E402
from topoanalysis.experiments.store import ResultStore, ResultsWarning, saved_point_ids  # noqa: E402
from topoanalysis.experiments.worker import RESULT_COLUMNS  # noqa: E402

EXP = {"name": "rel", "topology": {"family": "dragonfly", "a": 4, "h": 2, "p": 2, "arrangement": "palmtree"},
       "simulate": {"model": "seed001", "warmup": 10, "cycles": 10},
       "sweep": {"routing": ["min", "valiant"], "load": [0.1, 0.2, 0.3]}, "seeds": 2}


def fake_run_point(point) -> dict:
    """A result row shaped like the worker's, without simulating (the engine is not needed here)."""
    row = {"point_id": point.point_id, **point.labels()}
    row.update({c: 0.5 for c in RESULT_COLUMNS})
    row.update(status="ok", model="seed001", hop_histogram=[0, 3, 4], worker="test:1", software_version="test",
               finished_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))
    return row


@pytest.fixture
def fake_points(monkeypatch):
    ran: list[str] = []

    def run(point):
        ran.append(point.point_id)
        return fake_run_point(point)

    monkeypatch.setattr(runner, "run_point", run)
    return ran


def _cut_last_row(path, keep_fields: int | None = None, keep_chars: int | None = None) -> str:
    """Cut the file's last row after ``keep_fields`` fields (or ``keep_chars`` characters); its point id."""
    lines = path.read_text().splitlines(keepends=True)
    last = lines[-1]
    cut = ",".join(last.split(",")[:keep_fields]) if keep_fields is not None else last[:keep_chars]
    path.write_text("".join(lines[:-1]) + cut)
    return last.split(",")[1] if last.startswith("rel,") else last.split(",")[0]


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_identifiers_that_look_like_numbers_read_back_as_text(tmp_path, fmt):
    # a git commit such as 55e506435990 (a float to a CSV reader: 55 x 10^506435990) and a point id
    # of digits must come back as written, or a resumed sweep would not recognise its points
    out = tmp_path / f"r.{fmt}"
    row = {"point_id": "1234e56789012345", "status": "ok", "git_commit": "55e506435990", "software_version": "1.0",
           "accepted_load": 0.5, "finished_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}
    store = ResultStore(out)
    store.add([row])
    store.close()
    back = read_results(out)
    got = (back["point_id"][0], back["git_commit"][0], back["software_version"][0])
    assert got == ("1234e56789012345", "55e506435990", "1.0")
    assert back["accepted_load"][0] == 0.5
    assert saved_point_ids(out) == {"1234e56789012345"}
    assert ResultStore(out).done() == {"1234e56789012345"}


def test_a_torn_csv_row_is_run_again_with_a_warning(tmp_path, fake_points):
    out = tmp_path / "r.csv"
    first = sweep(EXP, out, workers=1)
    assert len(first) == 12 and len(fake_points) == 12
    header = out.read_text().splitlines()[0].split(",")
    assert header[-2:] == ["finished_at", "row_check"] and len(header) >= 34
    torn = _cut_last_row(out, keep_fields=17)
    with pytest.warns(ResultsWarning, match=r"r.csv'.*1 incomplete row.*line 13 \(17 of \d+ fields\)"):
        back = read_results(out)
    assert len(back) == 11 and torn not in set(back["point_id"])
    assert back[list(RESULT_COLUMNS)].notna().all().all()
    assert summarize(back)["accepted_load_mean"].notna().all()
    fake_points.clear()
    with pytest.warns(ResultsWarning, match="incomplete row"):
        again = sweep(EXP, out, workers=1)
    assert fake_points == [torn]
    assert len(again) == 12 and again["point_id"].is_unique
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        final = read_results(out)
    assert len(final) == 12 and final[list(RESULT_COLUMNS)].notna().all().all()


@pytest.mark.parametrize("legacy, lost, warning", [
    # row_check loses three digits and the newline
    pytest.param(False, 3, r"line 13 \(cut short\)", id="row-check"),
    # a file written before rows had checksums: finished_at loses its time zone and a newline
    # follows, so only the finish time says the row was cut
    pytest.param(True, 6, r"finished_at .* is not a whole timestamp", id="legacy-finish-time"),
])
def test_a_row_cut_inside_its_last_field_is_incomplete(tmp_path, fake_points, legacy, lost, warning):
    out = tmp_path / "r.csv"
    sweep(EXP, out, workers=1)
    if legacy:
        pd.read_csv(out).drop(columns=["row_check"]).to_csv(out, index=False)
    last = out.read_text().splitlines()[-1]
    torn = _cut_last_row(out, keep_chars=len(last) - lost)
    if legacy:
        with open(out, "a") as fh:
            fh.write("\n")
    with pytest.warns(ResultsWarning, match=warning):
        back = read_results(out)
    assert len(back) == 11 and torn not in set(back["point_id"])


def test_a_row_with_a_changed_value_is_run_again(tmp_path, fake_points):
    out = tmp_path / "r.csv"
    sweep(EXP, out, workers=1)
    text = out.read_text()
    out.write_text(text.replace(",0.5,", ",0.6,", 1))  # one cell of the first row
    with pytest.warns(ResultsWarning, match=r"line 2 \(checksum does not match\)"):
        back = read_results(out)
    assert len(back) == 11 and (back["accepted_load"] == 0.5).all()


def test_parquet_rows_without_status_or_finish_time_are_run_again(tmp_path, fake_points):
    out = tmp_path / "r.parquet"
    sweep(EXP, out, workers=1)
    df = pd.read_parquet(out)
    df.loc[2, "status"] = None
    df.loc[5, "finished_at"] = None
    df.to_parquet(out, index=False)
    fake_points.clear()
    with pytest.warns(ResultsWarning, match=r"2 incomplete row.*no status.*no finished_at"):
        sweep(EXP, out, workers=1)
    assert sorted(fake_points) == sorted(df.loc[[2, 5], "point_id"])


def test_an_unreadable_results_file_is_one_clear_error(tmp_path):
    out = tmp_path / "r.parquet"
    out.write_bytes(b"PAR1 not really")
    with pytest.raises(ValueError, match=r"^results: cannot read '.*r.parquet'"):
        read_results(out)


def test_a_symlinked_results_file_is_locked_and_written_at_its_target(tmp_path, fake_points):
    real_dir, link_dir = tmp_path / "real", tmp_path / "link"
    real_dir.mkdir()
    link_dir.mkdir()
    target, link = real_dir / "r.parquet", link_dir / "r.parquet"
    link.symlink_to(target)
    held = ResultStore(link)
    try:
        with pytest.raises(ValueError, match="another sweep is writing"):
            ResultStore(target)
    finally:
        held.close()
    sweep(EXP, link, workers=1)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert len(read_results(target)) == 12
    held = ResultStore(target)
    try:
        with pytest.raises(ValueError, match="another sweep is writing"):
            ResultStore(link)
    finally:
        held.close()
    fake_points.clear()
    sweep(EXP, link, workers=1)
    assert fake_points == []


def test_no_lock_file_is_left_behind(tmp_path, fake_points):
    out = tmp_path / "r.csv"
    sweep(EXP, out, workers=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]

    def boom(point):
        raise RuntimeError("a failing point")

    runner.run_point = boom  # restored by the fixture's monkeypatch
    with pytest.raises(RuntimeError):
        sweep(dict(EXP, seeds=3), out, workers=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]
    # a lock removed by its finished holder can be taken again at once
    a = ResultStore(out)
    a.close()
    b = ResultStore(out)
    with pytest.raises(ValueError, match="another sweep"):
        ResultStore(out)
    b.close()


# -- file system refusals are one line; temporaries do not outlive their process --------------------

import builtins  # noqa: E402
import errno  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from topoanalysis.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def read_only(tmp_path, monkeypatch):
    """A directory that refuses writes as a read-only file system does (root ignores chmod)."""
    ro = tmp_path / "ro"
    ro.mkdir()

    def inside(path) -> bool:
        try:
            return Path(os.fsdecode(path)).resolve().is_relative_to(ro)
        except (TypeError, ValueError):
            return False

    def refuse(path):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))

    real_open, real_os_open, real_mkdir = builtins.open, os.open, os.mkdir

    def fake_open(file, mode="r", *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and any(c in mode for c in "wax+") and inside(file):
            refuse(file)
        return real_open(file, mode, *args, **kwargs)

    def fake_os_open(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and inside(path):
            refuse(path)
        return real_os_open(path, flags, *args, **kwargs)

    def fake_mkdir(path, *args, **kwargs):
        if inside(path):
            refuse(path)
        return real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    monkeypatch.setattr(os, "mkdir", fake_mkdir)
    return ro


def _one_line_error(capsys, path) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert str(path) in err and "Read-only file system" in err, err
    return err


@pytest.mark.parametrize("fmt", ["csv", "graphml"])
def test_build_into_a_read_only_directory_is_one_line(read_only, capsys, fmt):
    out = read_only / "net"
    assert main(["build", "hamming", "--sizes", "3,3", "--format", fmt, "--out", str(out)]) != 0
    _one_line_error(capsys, out)
    assert list(read_only.iterdir()) == []


def test_sweep_into_a_read_only_directory_is_one_line(read_only, capsys, tmp_path, fake_points):
    exp = tmp_path / "e.toml"
    exp.write_text('name = "e"\n[topology]\nfamily = "dragonfly"\na = 4\nh = 2\np = 2\narrangement = "palmtree"\n'
                   '[simulate]\nmodel = "seed001"\n[sweep]\nload = [0.1]\n')
    out = read_only / "r.parquet"
    assert main(["sweep", str(exp), "-o", str(out), "--quiet", "--workers", "1"]) != 0
    _one_line_error(capsys, out)
    assert fake_points == []


def test_bisect_plot_into_a_read_only_directory_is_one_line(read_only, capsys):
    out = read_only / "env.png"
    assert main(["bisect", "dragonfly", "--a", "2", "--h", "1", "--arrangement", "palmtree", "--envelope", "0:1",
                 "--plot", str(out)]) != 0
    _one_line_error(capsys, out)


def test_any_other_file_system_error_is_one_line(monkeypatch, capsys, tmp_path):
    from topoanalysis.cli import build_cmd

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / "somewhere"))

    monkeypatch.setattr(build_cmd, "topology_from_args", full_disk)
    assert main(["build", "hamming", "--sizes", "3,3", "--out", str(tmp_path / "x")]) == 1
    err = capsys.readouterr().err
    assert err == f"topoanalysis build: error: {tmp_path / 'somewhere'}: No space left on device\n"


def _python(code: str, *args: str, **kw) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_a_killed_build_leaves_a_temporary_the_next_run_removes(tmp_path):
    out = tmp_path / "net"
    killed = _python("import os, signal, sys\nfrom topoanalysis.io.atomic import atomic_directory\n"
                     "with atomic_directory(sys.argv[1]) as tmp:\n"
                     "    (tmp / 'links.csv').write_text('u,v\\n0,')\n"
                     "    os.kill(os.getpid(), signal.SIGKILL)\n", str(out))
    killed.communicate(timeout=60)
    assert killed.returncode == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(".net.tmp-")
    # temporaries of live processes, other hosts or unknown writers are not touched
    keep = [tmp_path / f".net.tmp-otherhost.{_dead_pid()}.abc", tmp_path / ".net.tmp-abc12345",
            tmp_path / f".net.tmp-{os.uname().nodename.replace('.', '-')[:40]}.{os.getpid()}.xyz"]
    for k in keep:
        k.mkdir()
    write_csv(ta.build("hamming", sizes=[3, 3]), out)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["net"] + [k.name for k in keep])
    assert read_csv(out).n_routers == 9


def test_an_export_moved_aside_by_a_killed_overwrite_is_put_back(tmp_path):
    out = tmp_path / "net"
    write_csv(ta.build("hamming", sizes=[3, 3]), out)
    killed = _python("import os, signal, sys\nfrom topoanalysis.io import atomic\n"
                     "from topoanalysis.io.csv import write_csv\nimport topoanalysis as ta\n"
                     "real = os.rename\n"
                     "def rename(a, b):\n"
                     "    real(a, b)\n"
                     "    if '.old-' in str(b):\n"
                     "        os.kill(os.getpid(), signal.SIGKILL)\n"
                     "atomic.os.rename = rename\n"
                     "write_csv(ta.build('hamming', sizes=[4, 4]), sys.argv[1], overwrite=True)\n", str(out))
    killed.communicate(timeout=60)
    assert killed.returncode == -signal.SIGKILL and not out.exists()
    with pytest.raises(ValueError, match="exists and is not empty"):
        write_csv(ta.build("hamming", sizes=[2, 2]), out)
    assert read_csv(out).n_routers == 9 and sorted(p.name for p in tmp_path.iterdir()) == ["net"]


def test_sigterm_during_build_removes_its_temporary(tmp_path):
    out = tmp_path / "net"
    proc = _python("import os, signal, sys, time\nfrom topoanalysis.io import csv\nfrom topoanalysis.cli import main\n"
                   "def stop(*args):\n"
                   "    os.kill(os.getpid(), signal.SIGTERM)\n"
                   "    time.sleep(30)\n"
                   "csv._write_int_table = stop\n"
                   "sys.exit(main(['build', 'hamming', '--sizes', '3,3', '--out', sys.argv[1]]))\n", str(out))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM
    assert err == "topoanalysis build: interrupted (SIGTERM)\n"
    assert list(tmp_path.iterdir()) == []


# -- sweeps: workers die with the sweep; SIGTERM / Ctrl-C stop it at once -----------------------------

SWEEP_SCRIPT = """
import os, sys, time
sys.path.insert(0, os.path.join(os.environ["PYTHONPATH"], "tests"))
from topoanalysis.experiments import runner
from test_reliability import fake_run_point

def slow_point(point):
    # the first QUICK points finish at once, the later ones take minutes: a sweep stopped then
    # must not wait for its running points
    with open(os.environ["PIDS"], "a+") as fh:
        fh.write(f"{os.getpid()}\\n")
        fh.seek(0)
        started = len(fh.read().split())
    time.sleep(0.01 if started <= int(os.environ.get("QUICK", "8")) else 300)
    return fake_run_point(point)

runner.run_point = slow_point
from topoanalysis.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")  # a zombie has exited
    except FileNotFoundError:
        return True


def _start_sweep(tmp_path, seeds: int = 20):
    exp = tmp_path / "sig.toml"
    exp.write_text(f'name = "sig"\nseeds = {seeds}\n[topology]\nfamily = "dragonfly"\na = 4\nh = 2\np = 2\n'
                   'arrangement = "palmtree"\n[simulate]\nmodel = "seed001"\n[sweep]\nrouting = ["min", "valiant"]\n'
                   'load = [0.1, 0.2]\n')
    out, pids = tmp_path / "sig.csv", tmp_path / "pids"
    env = dict(os.environ, PYTHONPATH=str(ROOT), PIDS=str(pids))
    cmd = [sys.executable, "-c", SWEEP_SCRIPT, "sweep", str(exp), "-o", str(out), "--workers", "2", "--quiet"]
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if len(saved_point_ids(out)) >= 8:
            break
        time.sleep(0.05)
    time.sleep(0.3)  # both workers are now inside long points
    assert proc.poll() is None, proc.communicate()[1][-2000:]
    return proc, cmd, env, out, pids


def _reap(workers: set[int]) -> bool:
    """Whether every worker is gone within 5 s; survivors (a regression) are killed, not left behind."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not all(_gone(p) for p in workers):
        time.sleep(0.05)
    survivors = [p for p in workers if not _gone(p)]
    for p in survivors:
        os.kill(p, signal.SIGKILL)
    return not survivors


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_a_sweep_at_once_saying_how_to_resume(tmp_path, sig):
    proc, cmd, env, out, pids = _start_sweep(tmp_path)
    workers = {int(x) for x in pids.read_text().split()}
    t0 = time.monotonic()
    proc.send_signal(sig)
    try:
        proc.wait(timeout=20)
    finally:
        proc.kill()
        reaped = _reap(workers)
    took = time.monotonic() - t0
    assert reaped, "workers outlived their sweep"
    err = proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    assert proc.returncode == 128 + sig and took < 2.5, (took, err)
    assert err == (f"topoanalysis sweep: interrupted: 8 of 80 points saved in {out}; run the same command "
                   "again to run the rest\n")
    assert len(read_results(out)) == 8
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pids", "sig.csv", "sig.toml"]  # no lock, no temporary


def test_workers_die_with_a_killed_sweep(tmp_path):
    proc, cmd, env, out, pids = _start_sweep(tmp_path)
    workers = {int(x) for x in pids.read_text().split()} - {proc.pid}
    assert workers
    proc.kill()
    proc.wait(timeout=30)
    proc.stdout.close()
    proc.stderr.close()
    assert _reap(workers), "workers outlived their sweep"
    # the next sweep takes the lock the dead one held and runs only the missing points
    saved = set(read_results(out)["point_id"])
    done = subprocess.run(cmd, env=dict(env, QUICK="1000"), cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(read_results(out)) == 80 and saved <= set(read_results(out)["point_id"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pids", "sig.csv", "sig.toml"]  # the dead one's lock too
