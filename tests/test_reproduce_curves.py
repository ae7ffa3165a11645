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
    assert [(r["routing"], r["traffic"], r["offered_load"]) for r in rows] == [("min", "uniform", 0.1),
                                                                                ("pb", "uniform", 0.1)]
    assert all(r["model"] == "seed001" and r["warmup"] == 3000 for r in rows)
    assert rows[0]["remote_delay_cycles"] is None and rows[1]["remote_delay_cycles"] == 10
    out = tmp_path / "f.csv"
    _curves.write_csv(rows, str(out))
    got = list(csv.DictReader(out.open()))
    assert [g["routing"] for g in got] == ["min", "pb"] and float(got[1]["accepted_load"]) > 0.09
    assert got[0]["remote_delay_cycles"] == "" and list(got[0]) == list(_curves.COLUMNS)


def test_a_failed_write_leaves_no_file(tmp_path):
    out = tmp_path / "f.csv"
    with pytest.raises(KeyError):
        _curves.write_csv([{"routing": "min"}], str(out))  # a row without the other columns
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
