"""Provenance of the figure modules' rows (``python -m topoanalysis.reproduce.<figure> -o CSV``):
the same parameter, model and software columns a sweep's row has for the same run, so a recorded
figure file stays unambiguous when a default changes."""

from __future__ import annotations

import csv
import dataclasses
import inspect

import pytest

import topoanalysis as ta
from sim import simulator
from sim.models import RouterModel
from topoanalysis.experiments.config import Point
from topoanalysis.experiments.worker import point_parameters
from topoanalysis.reproduce import _bursts, _curves

TOP = {"family": "dragonfly", "a": 2, "h": 1}
RUN = dict(warmup=20, cycles=20)


def _top() -> ta.Topology:
    return ta.build("dragonfly", a=2, h=1)


def _curve_rows(curves: list) -> list[dict]:
    return _curves.sweep(_top(), "seed001", curves, ["uniform"], [0.1], [3], RUN)


def test_a_curve_row_names_what_a_sweep_row_names():
    (row,) = _curve_rows([("vl", "valiant", {"vcs": [3, 2]})])
    sweep_row = point_parameters(
        Point("x", TOP, {"routing": "valiant", "vcs": [3, 2], "load": 0.1, "seed": 3, "model": "seed001", **RUN}, "vl"),
        _top(),
    )
    del sweep_row["point_id"]
    assert set(sweep_row) <= set(row)
    # the same values, the preset's name aside (a run reports the model it resolved)
    assert {k: row[k] for k in sweep_row if k != "model"} == {k: v for k, v in sweep_row.items() if k != "model"}
    assert row["destination_group"] is not None  # valiant's option, at its builder's default


def test_a_curve_row_holds_the_model_and_the_software():
    (row,) = _curve_rows(["min"])
    for f in {f.name for f in dataclasses.fields(RouterModel)} - {"name"}:
        assert any(k == f"model.{f}" or k.startswith(f"model.{f}.") for k in row), f
    assert row["model.latency.global"] == 100 and row["model.packet_size"] == 8
    assert row["software_version"] == ta.__version__ and "git_commit" in row
    assert row["topology.arrangement"] == "palmtree" and row["topology.p"] == 1  # the generator's defaults


def test_changing_a_default_of_simulate_changes_a_curve_row(monkeypatch):
    before = _curve_rows(["min"])[0]
    fn = simulator.simulate
    pos = [p.name for p in inspect.signature(fn).parameters.values()
           if p.default is not inspect.Parameter.empty and p.kind == p.POSITIONAL_OR_KEYWORD]
    if "watchdog" in (fn.__kwdefaults__ or {}):
        monkeypatch.setitem(fn.__kwdefaults__, "watchdog", 12345)
    else:
        i = pos.index("watchdog")
        monkeypatch.setattr(fn, "__defaults__", fn.__defaults__[:i] + (12345,) + fn.__defaults__[i + 1:])
    after = _curve_rows(["min"])[0]
    assert before["watchdog"] != after["watchdog"] == 12345


def test_the_written_file_has_every_rows_columns(tmp_path):
    rows = _curve_rows(["min", ("o", "ofar", {"escape_limit": 2})])
    path = tmp_path / "c.csv"
    _curves.write_csv(rows, str(path))
    with path.open(newline="") as f:
        back = list(csv.DictReader(f))
    head = list(back[0])
    assert head[: len(_curves.COLUMNS)] == list(_curves.COLUMNS)
    assert {"software_version", "git_commit", "topology.a", "model.vcs.global", "escape_limit", "vcs"} <= set(head)
    assert back[0]["escape_limit"] == "" and back[1]["escape_limit"] == "2"  # an option of the other routing: empty
    assert back[0]["latency_trace"] == "" and back[0]["model.vcs.local"] == "3"


@pytest.mark.parametrize("value", [[3, 2], {"local": 3, "global": 2}])
def test_a_nested_value_is_written_as_json(tmp_path, value):
    path = tmp_path / "n.csv"
    _curves.write_rows([{"vcs": value}], str(path), ["vcs"])
    with path.open(newline="") as f:
        (row,) = list(csv.DictReader(f))
    import json

    assert json.loads(row["vcs"]) == value


def test_a_burst_row_holds_the_runs_provenance():
    (row,) = _bursts.burst_runs(_top(), "seed001", [("min", "min", {})], ["uniform"], 2, [1], None, 5000)
    assert row["burst"] == 2 and row["max_cycles"] == 5000 and row["model.packet_size"] == 8
    assert row["software_version"] == ta.__version__ and row["topology.h"] == 1


def test_every_recorded_simulation_carries_its_provenance():
    from pathlib import Path

    data = Path(__file__).resolve().parents[1] / "data"
    simulated = {}
    for path in sorted(data.glob("seed*.csv")):
        with path.open(newline="") as f:
            head = next(csv.reader(f))
        if "model" in head:  # a simulator's rows name the router model that produced them
            simulated[path.name] = "git_commit" in head and "model.packet_size" in head
    assert len(simulated) >= 30
    assert [n for n, ok in simulated.items() if not ok] == []
