"""The simulator's reference runs (``data/sim_reference_runs.py``): every case gives the recorded
results bit for bit.  A change meant to keep results (a refactor of the engine, a speed change)
passes unchanged; a change meant to move them regenerates ``data/sim_reference_runs.json`` in the
same commit (``python data/sim_reference_runs.py``), so its diff shows every number it moved."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from sim import ROUTINGS

DATA = Path(__file__).resolve().parent.parent / "data"


def _reference_module():
    spec = importlib.util.spec_from_file_location("data_sim_reference_runs", DATA / "sim_reference_runs.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


REF = _reference_module()
RECORD = json.loads(REF.RECORD.read_text())


def test_the_set_covers_every_routing_and_engine_path():
    routings = {kw["routing"] for _, kw, _ in REF.CASES.values()}
    assert set(ROUTINGS) <= routings, f"routings without a reference run: {sorted(set(ROUTINGS) - routings)}"
    used = {k for _, kw, _ in REF.CASES.values() for k in kw}
    for option in ("burst", "change_traffic", "latency_trace", "per_link", "vc_scheme", "selection",
                   "injection_bubble", "escape_threshold", "escape_occupancy", "vc_alloc_delay", "router_delay",
                   "credit_delay"):
        assert option in used, option
    assert {kw.get("selection") for _, kw, _ in REF.CASES.values()} >= {"random", "least-occupied", "ofar", "two-choice"}
    assert any(kw["routing"] == "olm" and "selection" not in kw for _, kw, _ in REF.CASES.values())  # the fogsim policy
    assert {kw.get("vc_scheme") for _, kw, _ in REF.CASES.values()} >= {"hops", "hops-kind", "any", "none"}
    assert any(rule is not None for _, _, rule in REF.CASES.values())  # per-arc VC counts
    assert {RECORD[n]["status"] for n in REF.CASES} == {"ok", "deadlock"}
    assert set(RECORD) == set(REF.CASES), "record and cases differ: run python data/sim_reference_runs.py"


@pytest.mark.parametrize("name", list(REF.CASES))
def test_reference_run_is_unchanged(name):
    diff = REF.differences(RECORD[name], REF.run_case(name))
    assert not diff, f"{name}: {len(diff)} fields differ from data/sim_reference_runs.json: " + "; ".join(diff[:8])


def test_differences_names_each_changed_field():
    a = {"x": 1, "y": {"z": [1, 2]}, "w": 0.5}
    b = {"x": 1, "y": {"z": [1, 3]}, "v": 0.5}
    assert REF.differences(a, b) == ["v: only in the fresh run", "w: only in the record",
                                     "y.z: recorded [1, 2], now [1, 3]"]
    assert REF.differences(a, a) == []
