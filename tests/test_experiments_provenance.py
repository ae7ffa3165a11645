"""Provenance of results rows: every parameter after defaults, the router model's every value,
the software; nested values as columns or list columns; every column in the glossary."""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from pathlib import Path

import pandas as pd
import pytest

import topoanalysis as ta
from sim import saturation, simulator
from sim.models import RouterModel
from sim.routings import OPTIONS
from topoanalysis.experiments import experiment_from_dict, read_results, sweep
from topoanalysis.experiments.config import Point
from topoanalysis.experiments.provenance import routing_option_defaults, simulate_parameters
from topoanalysis.experiments.store import ResultStore
from topoanalysis.experiments.worker import (LIST_COLUMNS, PARAMETER_PREFIXES, RESULT_COLUMNS, RESULT_PREFIXES,
                                             point_parameters)
from topoanalysis.families import family_parameters

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"
TINY = {"name": "tiny", "topology": {"family": "dragonfly", "a": 2, "h": 1},
        "simulate": {"warmup": 50, "cycles": 100}, "sweep": {"routing": ["min", "ugal-l"]}}


def _row(simk: dict, sat: dict | None = None, **topo) -> dict:
    topo = {"family": "dragonfly", "a": 2, "h": 1, **topo}
    top = ta.build(topo["family"], **{k: v for k, v in topo.items() if k != "family"})
    return point_parameters(Point("x", topo, simk, "", sat), top)


def test_a_defaulted_row_names_every_parameter():
    row = _row({"routing": "ugal-l"})
    for p in family_parameters("dragonfly"):
        assert f"topology.{p}" in row
    assert row["topology.p"] == 1 and row["topology.arrangement"] == "palmtree"  # the generator's defaults
    keys = set(inspect.signature(simulator.simulate).parameters) - {"top", "progress", "threads"}
    assert keys | {"threshold"} <= set(row)
    assert row["threshold"] == 0 and row["traffic"] == "uniform" and row["load"] == 0.3


@pytest.mark.parametrize("name", sorted(set(inspect.signature(simulator.simulate).parameters) - {"top", "progress", "threads"}))
def test_changing_a_default_of_simulate_changes_the_row(monkeypatch, name):
    before = _row({})
    fn = simulator.simulate
    marker = f"changed-{name}"
    if name in (fn.__kwdefaults__ or {}):
        monkeypatch.setitem(fn.__kwdefaults__, name, marker)
    else:
        pos = [p for p in inspect.signature(fn).parameters.values() if p.default is not inspect.Parameter.empty
               and p.kind == p.POSITIONAL_OR_KEYWORD]
        i = [p.name for p in pos].index(name)
        monkeypatch.setattr(fn, "__defaults__", fn.__defaults__[:i] + (marker,) + fn.__defaults__[i + 1:])
    after = _row({})
    assert before[name] != after[name]
    assert {k for k in before if before[k] != after[k]} == {name}


@pytest.mark.parametrize("routing", sorted(OPTIONS))
def test_routing_options_are_recorded_with_their_builders_defaults(routing):
    defaults = routing_option_defaults(routing)
    assert set(defaults) == set(OPTIONS[routing])
    row = simulate_parameters({"routing": routing})
    for k, v in defaults.items():
        assert row[k] == v
        assert simulate_parameters({"routing": routing, k: 7})[k] == 7


def test_changing_a_default_of_a_routing_option_changes_the_row(monkeypatch):
    from sim.routings import ugal

    before = simulate_parameters({"routing": "ugal-l"})["threshold"]
    defaults = list(ugal.build.__defaults__)
    i = list(inspect.signature(ugal.build).parameters)[-len(defaults):].index("threshold")
    defaults[i] = 5
    monkeypatch.setattr(ugal.build, "__defaults__", tuple(defaults))
    assert simulate_parameters({"routing": "ugal-l"})["threshold"] == 5 != before


def test_changing_a_default_of_a_saturation_search_changes_the_row(monkeypatch):
    before = _row({}, sat={})
    assert "load" not in before
    fn = saturation.saturation_search
    monkeypatch.setitem(fn.__kwdefaults__, "tol", 0.05)
    after = _row({}, sat={})
    assert before["saturation.tol"] == 0.02 and after["saturation.tol"] == 0.05


def test_unknown_keys_are_refused_by_name():
    with pytest.raises(ValueError, match="bogus"):
        simulate_parameters({"bogus": 1})


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    d = tmp_path_factory.mktemp("prov")
    exp = experiment_from_dict(TINY)
    plain = sweep(exp, d / "r.parquet", workers=1)
    sat = sweep(experiment_from_dict({**TINY, "sweep": {"routing": ["min"]}, "saturation": {"tol": 0.25}}),
                d / "s.csv", workers=1)
    return plain, sat, d


def test_a_row_holds_the_model_and_the_software(rows):
    plain, sat, _ = rows
    fields = {f.name for f in dataclasses.fields(RouterModel)} - {"name"}
    for df in (plain, sat):
        for f in fields:
            assert any(c == f"model.{f}" or c.startswith(f"model.{f}.") for c in df.columns), f
        assert (df["software_version"] == ta.__version__).all()
        assert "git_commit" in df.columns
    r = plain.iloc[0]
    assert r["model"] == "seed001" and r["model.latency.local"] == 10 and r["model.latency.global"] == 100
    assert r["model.packet_size"] == 8 and "model.vcs.global" in plain.columns
    assert {"nonminimal_fraction", "nonminimal_basis"} <= set(plain.columns)
    assert (plain.loc[plain["routing"] == "min", "nonminimal_fraction"] == 0).all()
    assert {"average_hops_by_kind.local", "average_hops_by_kind.global", "link_utilisation.global.max"} <= set(plain)
    assert sat.iloc[0]["model.packet_size"] == 8 and sat.iloc[0]["saturation.tol"] == 0.25


def test_nested_values_are_lists_not_json_text(rows):
    plain, sat, d = rows
    for df in (plain, read_results(d / "r.parquet"), sat, read_results(d / "s.csv")):
        for c in set(LIST_COLUMNS) & set(df.columns):
            cells = [v for v in df[c] if v is not None]
            assert all(isinstance(v, list) for v in cells), c
    h = read_results(d / "r.parquet")["hop_histogram"].iloc[0]
    assert all(isinstance(x, int) for x in h) and sum(h) > 0
    s = read_results(d / "s.csv").iloc[0]
    assert len(s["saturation_offered_loads"]) == len(s["saturation_accepted_loads"]) >= 1


def test_a_file_of_the_former_layout_still_reads(tmp_path):
    # JSON text in the nested columns, one "software" text: what sweeps wrote before
    old = pd.DataFrame([{"point_id": "a1", "routing": "min", "status": "ok", "accepted_load": 0.25,
                         "hop_histogram": "[0, 3, 4]", "average_hops_by_kind": '{"global": 0.5, "local": 1.0}',
                         "link_utilisation": '{"local": {"max": 0.2, "mean": 0.1}}',
                         "saturation_runs": None, "software": "topoanalysis 0.1.0",
                         "finished_at": "2026-01-01T00:00:00+00:00"}])
    for name in ("old.csv", "old.parquet"):
        with ResultStore(tmp_path / name) as st:
            st.add(old.to_dict("records"))
        back = read_results(tmp_path / name)
        assert back["hop_histogram"].iloc[0] == [0, 3, 4]
        assert back["average_hops_by_kind"].iloc[0] == {"global": 0.5, "local": 1.0}
        assert back["accepted_load"].iloc[0] == 0.25


def _documented(glossary: str) -> tuple[set[str], list[str]]:
    """The names the glossary shows as code, and the column families it documents as patterns
    (``topology.PARAM``, ``link_utilisation.KIND.mean``: the part before the placeholder)."""
    names = set(re.findall(r"`([A-Za-z_][\w.]*)`", glossary))
    # one column per link kind or per generator parameter: the kinds and parameters are the
    # network's; the model's fields and a search's settings are named one by one
    patterns = [n[:n.index(tok) + 1] for n in names for tok in (".KIND", ".PARAM") if tok in n]
    return names, patterns


def test_every_results_column_is_in_the_glossary(rows):
    plain, sat, _ = rows
    names, patterns = _documented(GLOSSARY.read_text(encoding="utf-8"))
    columns = set(plain.columns) | set(sat.columns) | set(RESULT_COLUMNS)
    missing = sorted(c for c in columns if c not in names and not c.startswith(tuple(patterns)))
    assert not missing, f"columns not in docs/glossary.md: {missing}"
    # the families of columns are documented (as patterns, or value by value), and they are the code's
    families = {p.split(".")[0] + "." for p in patterns} | {n.split(".")[0] + "." for n in names if "." in n}
    assert families >= set(PARAMETER_PREFIXES) | set(RESULT_PREFIXES)


def test_the_glossary_check_sees_a_missing_column():
    names, patterns = _documented("| `status` | — | x |\n`topology.PARAM`")
    assert "status" in names and "accepted_load" not in names and "topology." in patterns


def test_simulate_json_carries_the_provenance(capsys):
    from topoanalysis.cli import main

    assert main(["simulate", "dragonfly", "--a", "2", "--h", "1", "--cycles", "100", "--warmup", "50",
                 "--routing", "ugal-l", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["topology"]["p"] == 1 and out["topology"]["family"] == "dragonfly"
    assert out["parameters"]["threshold"] == 0 and out["parameters"]["batch"] == 8
    assert out["software_version"] == ta.__version__ and "git_commit" in out
    assert out["model"]["packet_size"] == 8


@pytest.mark.parametrize(("family", "given"), [("dragonfly", {"a": 4, "h": 2}), ("slimfly", {"q": 5}),
                                               ("hamming", {"sizes": [4, 4]}), ("torus", {"dims": [4, 4]})])
def test_the_recorded_topology_parameters_rebuild_the_network(family, given):
    import numpy as np

    from topoanalysis.experiments.provenance import topology_parameters

    top = ta.build(family, **given)
    params = topology_parameters(top)
    assert params.pop("family") == family and set(params) == set(family_parameters(family))
    again = ta.build(family, **{k: v for k, v in params.items() if v is not None})
    assert np.array_equal(again.u, top.u) and np.array_equal(again.v, top.v) and again.kind_names == top.kind_names


def test_changing_a_default_of_the_generator_changes_the_row(monkeypatch):
    from topoanalysis.families import get_family

    gen = get_family("dragonfly")
    before = _row({})
    names = list(inspect.signature(gen).parameters)[-len(gen.__defaults__):]
    defaults = dict(zip(names, gen.__defaults__))
    monkeypatch.setattr(gen, "__defaults__", tuple({**defaults, "arrangement": "consecutive"}.values()))
    after = _row({})
    assert before["topology.arrangement"] == "palmtree" and after["topology.arrangement"] == "consecutive"
