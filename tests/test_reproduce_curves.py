"""The figure sweeps of ``topoanalysis.reproduce`` (seed 001 Fig. 6, seed 002 Fig. 6) on small
networks: rows, CSV written whole, command-line errors.  The paper comparisons at full size are
in ``tests/test_seed001_fig6.py`` and ``tests/test_seed002_fig6.py``."""

from __future__ import annotations

import csv

import pytest

from topoanalysis import build
from topoanalysis.reproduce import _curves, seed001_fig6, seed002_fig6


def test_seed001_sweep_rows_name_the_model(tmp_path):
    top = build("dragonfly", a=4, h=2, p=2)
    rows = seed001_fig6.run(routings=["min", "pb"], traffics=["uniform"], loads=[0.1], top=top)
    assert [(r["routing"], r["traffic"], r["offered_load"]) for r in rows] == [("min", "uniform", 0.1), ("pb", "uniform", 0.1)]
    assert all(r["model"] == "seed001" and r["warmup"] == 3000 for r in rows)
    assert rows[0]["remote_delay_cycles"] is None and rows[1]["remote_delay_cycles"] == 10
    out = tmp_path / "f.csv"
    _curves.write_csv(rows, str(out))
    got = list(csv.DictReader(out.open()))
    assert [g["routing"] for g in got] == ["min", "pb"] and float(got[1]["accepted_load"]) > 0.09
    assert got[0]["remote_delay_cycles"] == "" and list(got[0])[: len(_curves.COLUMNS)] == list(_curves.COLUMNS)
    # then the run's provenance, as a sweep's row has it
    assert got[0]["topology.a"] == "4" and got[0]["model.packet_size"] == "8" and "git_commit" in got[0]


def test_a_failed_write_leaves_no_file(tmp_path):
    out = tmp_path / "f.csv"
    with pytest.raises(TypeError):
        _curves.write_csv([{"routing": "min", "vcs": [{1, 2}]}], str(out))  # a cell JSON cannot write
    assert list(tmp_path.iterdir()) == []


def test_seed002_sweep_on_a_small_slim_fly():
    top = build("slimfly", q=5, p=3)
    rows = seed002_fig6.run(routings=["ugal-g"], traffics=["sf-worst"], loads=[0.2], top=top)
    assert rows[0]["model"] == "seed002" and rows[0]["remote_delay_cycles"] == 0
    assert rows[0]["accepted_load"] == pytest.approx(0.2, rel=0.1)


def test_command_line_refuses_bad_loads(capsys):
    with pytest.raises(SystemExit):
        _curves.main(seed001_fig6, ["--loads", "0.1,x"])
    assert "--loads must be comma-separated numbers" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _curves.main(seed002_fig6, ["--seeds", "0"])
    assert "--seeds must be >= 1" in capsys.readouterr().err


def test_configurations_carry_their_options_into_the_rows(tmp_path):
    from topoanalysis.reproduce import seed001_fig10

    top = build("dragonfly", a=4, h=2, p=1)
    rows = seed001_fig10.run(routings=["ofar ring+ecm", "pb 3/2"], traffics=["advg+1"], loads=[0.2], top=top)
    assert [(r["config"], r["routing"]) for r in rows] == [("ofar ring+ecm", "ofar"), ("pb 3/2", "pb")]
    assert rows[0]["options"] == '{"escape_threshold": 20, "vcs": [2, 1]}'
    out = tmp_path / "f.csv"
    _curves.write_csv(rows, str(out))
    assert [g["config"] for g in csv.DictReader(out.open())] == ["ofar ring+ecm", "pb 3/2"]


def test_burst_runs_normalise_to_the_reference_and_keep_the_histogram():
    from topoanalysis.reproduce import _bursts, seed001_fig11

    top = build("dragonfly", a=4, h=2, p=1)
    rows = seed001_fig11.run(configs=["pb 3/2", "ofar tree+bcm"], traffics=["uniform"], top=top, burst=5)
    pb, of = rows
    assert pb["relative_time"] == 1.0 and of["relative_time"] == pytest.approx(of["drain_time"] / pb["drain_time"])
    assert all(r["status"] == "ok" and r["packets"] == 5 * top.n_endpoints for r in rows)
    hist = _bursts.hop_histogram(of["hop_histogram"])
    assert sum(hist.values()) == of["packets"] and max(hist) == of["max_hops"]


def test_latency_trace_rows_around_the_change():
    from topoanalysis.reproduce import seed001_fig7

    top = build("dragonfly", a=4, h=2, p=1)
    size = dict(change=400, before=100, after=200, tail=300)
    rows = seed001_fig7.run(configs=["ofar"], top=top, size=size)
    assert [r["cycle"] for r in rows] == list(range(-100, 200, seed001_fig7.BIN))
    assert sum(r["packets"] for r in rows) > 0 and all(r["model"] == "seed001" for r in rows)


def test_curve_table_row_problems_names_each_difference_from_the_table():
    import csv
    from pathlib import Path

    from topoanalysis.reproduce import seed002_fig6d_df_ft as fig

    rows = list(csv.DictReader((Path(__file__).resolve().parents[1] / "data" / "seed002_fig6d_df_ft.csv").open()))
    assert fig.TABLE.row_problems(rows) == []
    first = (rows[0]["config"], rows[0]["traffic"], float(rows[0]["offered_load"]))
    assert fig.TABLE.row_problems(rows[1:]) == [f"{first}: missing"]
    assert fig.TABLE.row_problems(rows + rows[:1]) == [f"{first}: recorded 2 times"]
    changed = [dict(rows[0], routing="min", model="seed001")] + rows[1:]
    problems = fig.TABLE.row_problems(changed)
    assert len(problems) == 2 and all(p.startswith(str(first)) for p in problems)
    assert "model 'seed001'" in problems[1]
    assert fig.TABLE.row_problems([dict(rows[0], offered_load="0.05")] + rows[1:])[0] == f"{first}: missing"


def test_print_curve_summary_prints_each_curves_peak_and_latency(capsys):
    from pathlib import Path

    import pandas as pd

    from topoanalysis.reproduce._compare import peak, value_at
    from topoanalysis.reproduce._statements import print_curve_summary

    path = Path(__file__).resolve().parents[1] / "data" / "seed002_fig6bc_df_ft.csv"
    df = pd.read_csv(path, keep_default_na=False, na_values=[""])
    print_curve_summary(df, ["ft-anca"], ["bitrev", "shift"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].split() == ["curve", "traffic", "throughput", "latency", "at", "0.1"]
    assert [ln.split() for ln in lines[1:]] == [
        ["ft-anca", t, f"{peak(df, 'ft-anca', t):.4f}", f"{value_at(df, 'ft-anca', t, 0.1):.1f}"] for t in ("bitrev", "shift")
    ]
    print_curve_summary(df, ["ft-anca"], ["shift"], load=0.2)
    assert capsys.readouterr().out.split()[:5] == ["curve", "throughput", "latency", "at", "0.2"]
