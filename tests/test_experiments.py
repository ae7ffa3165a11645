"""Experiments as configurations: the TOML checks, the points, the sweep's rows (equal to direct
simulate calls), parallel and Dask runs giving the same rows, resuming after a kill, seed
intervals and saturation points."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import time

import pandas as pd
import pytest

import topoanalysis as ta
from topoanalysis.experiments import experiment_from_dict, read_results, summarize, sweep
from topoanalysis.experiments.store import saved_point_ids

SMALL = {"family": "dragonfly", "a": 4, "h": 2, "p": 2, "arrangement": "palmtree"}


def small(**over) -> dict:
    d = {"name": "t", "topology": dict(SMALL), "simulate": {"model": "seed001", "warmup": 200, "cycles": 300},
         "sweep": {"routing": ["min", "valiant"], "load": [0.1, 0.3]}, "seeds": 2}
    d.update(over)
    return d


# ---------------------------------------------------------------- the file and its checks

@pytest.mark.parametrize("change, match", [
    ({"bogus": 1}, "unknown key.*bogus"),
    ({"topology": {"a": 4}}, "family"),
    ({"topology": {"family": "nope"}}, "unknown family"),
    ({"simulate": {"lod": 0.2}}, "unknown parameter 'lod'"),
    ({"sweep": {"load": []}}, "non-empty list"),
    ({"sweep": {"load": 0.2}}, "non-empty list"),
    ({"sweep": {"load": [0.1, 1.5]}}, r"load.*\[0, 1\]"),
    ({"zip": [{"routing": ["min", "valiant"], "traffic": ["uniform"]}]}, "same length"),
    ({"simulate": {"load": 0.2}, "sweep": {"load": [0.1]}}, "already given"),
    ({"sweep": {"config": ["x"]}}, "label 'x' is not defined"),
    ({"configs": {"x": {"routing": "ofar"}}}, "never swept"),
    ({"saturation": {"tol": 0.05}}, "chooses the load itself"),
    ({"saturation": {"tolerance": 0.05}, "sweep": {"routing": ["min"]}}, "unknown key"),
    ({"seeds": 0}, "seeds"),
    ({"seeds": [1, 1]}, "repeated seed"),
    ({"sweep": {"load": [0.1], "topology": {"h": [2]}}}, "also fixed in \\[topology\\]"),
    ({"full": {"topology": {"q": 19}}}, "full.topology.q: replaces a value of \\[topology\\]"),
    ({"full": {"cycles": 900, "topology": {"h": 3}}, "sweep": {"load": [0.1], "topology": {"h": [2]}},
      "topology": {k: v for k, v in SMALL.items() if k != "h"}}, "full.topology.h"),
    # a label's own network: a known family, and every label needs one when [topology] is left out
    ({"configs": {"x": {"routing": "min", "topology": {"family": "nope"}}}, "sweep": {"config": ["x"], "load": [0.1]}},
     "configs.x.topology.family: unknown family"),
    ({"topology": {}, "configs": {"x": {"routing": "min", "topology": {"family": "hypercube", "n": 3}},
                                  "y": {"routing": "min"}}, "sweep": {"config": ["x", "y"], "load": [0.1]}},
     "or every swept config its own topology.family; without one: y"),
    ({"topology": {}}, "needs a \\[topology\\] table"),
    ({"configs": {"x": {"routing": "min", "topology": {"h": 3}}}, "sweep": {"config": ["x"], "load": [0.1],
                                                                             "topology": {"h": [1]}},
      "topology": {k: v for k, v in SMALL.items() if k != "h"}}, "configs.x: sets topology.h"),
])
def test_bad_experiments_are_refused_naming_the_key(change, match):
    with pytest.raises(ValueError, match=match):
        experiment_from_dict(small(**change))


def test_full_size_may_name_a_bigger_network():
    exp = experiment_from_dict(small(full={"cycles": 900, "topology": {"h": 3}}))
    big = exp.with_full()
    assert (exp.topology["h"], exp.simulate["cycles"]) == (2, 300) and (big.topology["h"], big.simulate["cycles"]) == (3, 900)
    assert {p.topology["h"] for p in big.points()} == {3}


def test_points_are_the_product_of_the_axes_with_zips_configs_and_topology_sweeps():
    exp = experiment_from_dict({
        "topology": {"family": "dragonfly", "a": 4, "p": 2, "arrangement": "palmtree"},
        "sweep": {"config": ["ofar-bcm", "plain"], "load": [0.1, 0.2, 0.3], "topology": {"h": [1, 2]}},
        "zip": [{"vcs": [2, 3], "buffer": [16, 32]}],
        "configs": {"ofar-bcm": {"routing": "ofar", "injection_bubble": 2}, "plain": {"routing": "min"}},
        "seeds": [4, 7]})
    pts = exp.points()
    assert len(pts) == len(exp) == 2 * 3 * 2 * 2 * 2
    assert len({p.point_id for p in pts}) == len(pts)
    first = pts[0]
    assert first.config == "ofar-bcm" and first.simulate["routing"] == "ofar" and first.simulate["injection_bubble"] == 2
    assert first.topology["h"] == 1 and first.simulate["seed"] == 4
    assert {(p.simulate["vcs"], p.simulate["buffer"]) for p in pts} == {(2, 16), (3, 32)}
    # a point's id depends only on what it runs: the same point in another experiment has the same id
    again = experiment_from_dict({"topology": {"family": "dragonfly", "a": 4, "p": 2, "arrangement": "palmtree", "h": 1},
                                  "simulate": {"routing": "ofar", "injection_bubble": 2, "load": 0.1, "vcs": 2,
                                               "buffer": 16}, "seeds": [4]})
    assert again.points()[0].point_id == first.point_id


def test_a_config_may_run_on_a_network_of_its_own():
    # Besta & Hoefler 2014, Fig. 6a's comparison rows: each curve on its own network (a dragonfly and
    # a fat tree), a label with topology.family replacing [topology], one without adjusting it
    exp = experiment_from_dict({
        "topology": {"family": "dragonfly", "a": 2, "h": 1, "p": 1},
        "simulate": {"model": "seed002", "warmup": 10, "cycles": 10},
        "sweep": {"config": ["df", "df-consecutive", "ft"], "load": [0.1, 0.2]},
        "configs": {"df": {"routing": "ugal-l"},
                    "df-consecutive": {"routing": "min", "topology": {"arrangement": "consecutive"}},
                    "ft": {"routing": "min", "selection": "random", "topology": {"family": "fattree", "k": 4, "levels": 3}}}})
    by = {p.config: p for p in exp.points()}
    assert by["df"].topology == {"family": "dragonfly", "a": 2, "h": 1, "p": 1}
    assert by["df-consecutive"].topology == {"family": "dragonfly", "a": 2, "h": 1, "p": 1, "arrangement": "consecutive"}
    assert by["ft"].topology == {"family": "fattree", "k": 4, "levels": 3}
    assert by["ft"].simulate["selection"] == "random" and "topology.family" not in by["ft"].simulate
    assert by["ft"].labels()["topology.family"] == "fattree"
    # with every label naming its network, [topology] may be left out
    alone = experiment_from_dict({"sweep": {"config": ["ft"], "load": [0.1]},
                                  "configs": {"ft": {"routing": "min", "topology": {"family": "fattree", "k": 4, "levels": 3}}}})
    assert [p.topology for p in alone.points()] == [by["ft"].topology]
    same = experiment_from_dict({"topology": {"family": "fattree", "k": 4, "levels": 3},
                                 "simulate": {"routing": "min", "load": 0.1}})
    assert alone.points()[0].point_id == same.points()[0].point_id


def test_a_toml_file_reads_like_its_dict(tmp_path):
    f = tmp_path / "e.toml"
    f.write_text('name = "x"\nseeds = 2\n[topology]\nfamily = "dragonfly"\na = 4\nh = 2\np = 2\n'
                 'arrangement = "palmtree"\n[sweep]\nload = [0.1, 0.2]\ntopology.h = [1, 2]\n'
                 '[[zip]]\nrouting = ["min", "valiant"]\ntraffic = ["uniform", "advg+1"]\n', encoding="utf-8")
    with pytest.raises(ValueError, match="also fixed"):
        from topoanalysis.experiments import load_experiment
        load_experiment(f)
    f.write_text(f.read_text().replace("h = 2\n", "", 1))
    exp = load_experiment(f)
    assert len(exp) == 2 * 2 * 2 * 2 and exp.name == "x"
    (tmp_path / "bad.toml").write_text("[topology\n")
    with pytest.raises(ValueError, match="not valid TOML"):
        load_experiment(tmp_path / "bad.toml")


# ---------------------------------------------------------------- running

def test_rows_are_the_simulations_they_name():
    from sim import simulate

    df = sweep(small(), workers=1)
    assert len(df) == 8 and set(df["status"]) == {"ok"}
    top = ta.build("dragonfly", **{k: v for k, v in SMALL.items() if k != "family"})
    for _, r in df.iterrows():
        ref = simulate(top, r["routing"], "uniform", r["load"], model="seed001", warmup=200, cycles=300,
                       seed=int(r["seed"]))
        assert r["accepted_load"] == ref["accepted_load"]
        assert r["average_latency"] == ref["average_latency"]
        assert r["model"] == "seed001" and r["software_version"] == ta.__version__


def test_two_local_workers_give_the_same_rows_as_one():
    one = sweep(small(), workers=1).sort_values("point_id").reset_index(drop=True)
    two = sweep(small(), workers=2).sort_values("point_id").reset_index(drop=True)
    cols = ["point_id", "accepted_load", "average_latency", "average_hops", "hop_histogram"]
    pd.testing.assert_frame_equal(one[cols], two[cols])
    assert two["worker"].nunique() == 2


def test_a_dask_cluster_gives_the_same_rows():
    distributed = pytest.importorskip("distributed")
    local = sweep(small(), workers=1).sort_values("point_id").reset_index(drop=True)
    with distributed.LocalCluster(n_workers=1, processes=True, threads_per_worker=1, dashboard_address=":0") as c:
        remote = sweep(small(), scheduler=c.scheduler_address).sort_values("point_id").reset_index(drop=True)
    cols = ["point_id", "accepted_load", "average_latency"]
    pd.testing.assert_frame_equal(local[cols], remote[cols])
    assert not set(remote["worker"]) & set(local["worker"])  # ran elsewhere


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch):
    pytest.importorskip("distributed")
    from topoanalysis.experiments import runner

    monkeypatch.setattr(runner, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(ValueError, match="cannot reach a Dask scheduler"):
        sweep(small(), scheduler="tcp://127.0.0.1:9")


def test_results_file_resumes_without_running_points_again(tmp_path):
    out = tmp_path / "r.csv"
    first = sweep(small(), out, workers=1)
    stamp = dict(zip(first["point_id"], first["finished_at"]))
    more = sweep(small(seeds=3), out, workers=1)
    assert len(more) == 12 and more["point_id"].is_unique
    # the 8 points of the first run were read back, not run again
    assert all(more.set_index("point_id").loc[pid, "finished_at"] == t for pid, t in stamp.items())
    assert len(read_results(out)) == 12


def test_no_nan_in_results_a_point_without_packets_has_no_latency(tmp_path):
    out = tmp_path / "r.parquet"
    df = sweep(small(sweep={"load": [0.0]}, seeds=1), out, workers=1)
    assert pd.isna(df.loc[0, "average_latency"]) and df.loc[0, "accepted_load"] == 0
    back = read_results(out)
    assert back.loc[0, "average_latency"] is None or pd.isna(back.loc[0, "average_latency"])
    csv = tmp_path / "r.csv"
    sweep(small(sweep={"load": [0.0]}, seeds=1), csv, workers=1)
    assert "nan" not in csv.read_text().lower()


def test_a_killed_sweep_resumes_without_duplicates_or_torn_rows(tmp_path):
    exp = tmp_path / "kill.toml"
    exp.write_text('name = "kill"\nseeds = 20\n[topology]\nfamily = "dragonfly"\na = 4\nh = 2\np = 2\n'
                   'arrangement = "palmtree"\n[simulate]\nmodel = "seed001"\nwarmup = 1500\ncycles = 1500\n'
                   '[sweep]\nrouting = ["min", "valiant"]\nload = [0.2, 0.4]\n', encoding="utf-8")
    out = tmp_path / "kill.csv"
    cmd = [sys.executable, "-m", "topoanalysis", "sweep", str(exp), "-o", str(out), "--workers", "1", "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    seen = 0
    while time.monotonic() < deadline and proc.poll() is None:
        seen = len(saved_point_ids(out))  # the file, or the journal of the running sweep
        if seen >= 5:
            break
        time.sleep(0.01)
    assert proc.poll() is None, f"the sweep ended before it could be killed: {proc.stderr.read().decode()[-2000:]}"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    partial = read_results(out)
    assert 5 <= len(partial) < 80 and partial["point_id"].is_unique
    assert partial["accepted_load"].notna().all() and partial["finished_at"].notna().all()
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    full = read_results(out)
    assert len(full) == 80 and full["point_id"].is_unique
    kept = full.set_index("point_id").loc[partial["point_id"], "finished_at"]
    assert list(kept) == list(partial["finished_at"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kill.csv", "kill.toml"]  # no journal, lock, temporary


# ---------------------------------------------------------------- seeds and saturation

def test_confidence_interval_is_the_student_t_half_width():
    df = sweep(small(sweep={"load": [0.2]}, seeds=4), workers=1)
    s = summarize(df)
    assert len(s) == 1 and s.loc[0, "n_seeds"] == 4
    x = df["accepted_load"].to_numpy()
    mean, sd = x.mean(), x.std(ddof=1)
    # t(0.975, 3) = 3.182446305284263 (any statistics table)
    assert s.loc[0, "accepted_load_mean"] == pytest.approx(mean)
    assert s.loc[0, "accepted_load_ci"] == pytest.approx(3.182446305284263 * sd / math.sqrt(4))
    one = summarize(df[df["seed"] == 1])
    assert one.loc[0, "accepted_load_ci"] is None or pd.isna(one.loc[0, "accepted_load_ci"])


def test_saturation_points_match_saturation_search():
    from sim import saturation_search

    d = small(sweep={"routing": ["min"], "traffic": ["advg+1"]}, seeds=1, saturation={"tol": 0.05})
    df = sweep(d, workers=1)
    top = ta.build("dragonfly", **{k: v for k, v in SMALL.items() if k != "family"})
    ref = saturation_search(top, "min", "advg+1", tol=0.05, model="seed001", warmup=200, cycles=300, seed=1)
    assert df.loc[0, "saturation_load"] == ref["saturation_load"]
    assert df.loc[0, "criterion"] == ref["criterion"]


def test_cli_sweep_prints_the_table_and_dry_run_lists_points(tmp_path, capsys):
    from topoanalysis.cli import main

    exp = tmp_path / "e.toml"
    exp.write_text('name = "e"\n[topology]\nfamily = "dragonfly"\na = 4\nh = 2\np = 2\narrangement = "palmtree"\n'
                   '[simulate]\nwarmup = 100\ncycles = 200\n[sweep]\nload = [0.1, 0.2]\n', encoding="utf-8")
    out = tmp_path / "e.parquet"
    assert main(["sweep", str(exp), "-o", str(out), "--workers", "1", "--quiet", "--seeds", "2"]) == 0
    text = capsys.readouterr()
    assert "accepted_load" in text.out and "±" in text.out and "4 runs" in text.err
    assert main(["sweep", str(exp), "-o", str(out), "--dry-run", "--seeds", "2"]) == 0
    assert "4 points (4 already in" in capsys.readouterr().out
    assert main(["sweep", str(tmp_path / "none.toml")]) == 2


# ---------------------------------------------------------------- the Python API

def test_simulate_returns_a_dataclass_and_json_without_nan():
    import json

    top = ta.build("dragonfly", **{k: v for k, v in SMALL.items() if k != "family"})
    res = ta.simulate(top, "min", "uniform", 0.0, warmup=50, cycles=100)
    assert isinstance(res, ta.simulation.SimulationResult)
    assert res.average_latency is None and res.accepted_load == 0.0 and res.model["name"]
    text = res.to_json()
    assert "NaN" not in text and json.loads(text)["average_latency"] is None
    busy = ta.simulate(top, "min", "uniform", 0.2, warmup=50, cycles=200, seed=3)
    assert busy.average_latency > 0 and busy.details["seed"] == 3
    assert ta.sweep is sweep and ta.summarize is summarize


def test_cli_json_has_null_not_nan(capsys):
    from topoanalysis.cli import main

    assert main(["simulate", "dragonfly", "--a", "4", "--h", "2", "--p", "2", "--load", "0", "--cycles", "50",
                 "--warmup", "10", "--json"]) == 0
    text = capsys.readouterr().out
    assert "NaN" not in text and '"average_latency": null' in text


def test_a_point_the_simulator_refuses_is_named():
    with pytest.raises(ValueError, match=r"point [0-9a-f]{16} \(.*routing=nope.*\): .*nope"):
        sweep(small(sweep={"routing": ["nope"]}, seeds=1), workers=1)
