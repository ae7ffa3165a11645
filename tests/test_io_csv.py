"""CSV export/import (topoanalysis.io.csv), atomic writes, and the committed data/ exports."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import topoanalysis
from topoanalysis import Topology
from topoanalysis.io.atomic import atomic_directory, atomic_file
from topoanalysis.io.csv import read_csv, write_csv

DATA = Path(__file__).resolve().parents[1] / "data"


def small_dragonfly(p: int = 2) -> Topology:
    """a = 4, h = 1, g = 5 groups; group i router j reaches group (i + j + 1) mod 5 (built here, no generator)."""
    a, g = 4, 5
    r = np.arange(a * g)
    i, j = np.triu_indices(a, 1)
    lu = (np.arange(g)[:, None] * a + i).ravel()
    lv = (np.arange(g)[:, None] * a + j).ravel()
    src_g, src_i = np.divmod(r, a)
    dst_g = (src_g + src_i + 1) % g
    dst_i = (src_g - dst_g - 1) % g  # the port of dst_g that points back at src_g
    keep = r < dst_g * a + dst_i
    u = np.concatenate([lu, r[keep]])
    v = np.concatenate([lv, (dst_g * a + dst_i)[keep]])
    kind = np.r_[np.zeros(lu.size, np.int8), np.ones(keep.sum(), np.int8)]
    return Topology(a * g, u, v, kind, ("local", "global"), p, {"group": r // a, "index": r % a},
                    "dragonfly", {"a": a, "h": 1, "p": p, "arrangement": "test"})


def trunked() -> Topology:
    """Two groups of two routers with two parallel global links (trunking 2), uneven endpoints."""
    return Topology(4, [0, 2, 0, 0, 1], [1, 3, 2, 2, 3], [0, 0, 1, 1, 1], ("local", "global"), [1, 0, 3, 2],
                    {"group": [0, 0, 1, 1]}, "custom", {"t": 2, "nested": {"x": [1, 2]}, "f": 0.5})


def write(d: Path, files: dict[str, str]) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (d / name).write_text(text)
    return d


# -- round trips -----------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [small_dragonfly, trunked])
def test_write_read_round_trip_is_exact(tmp_path, make):
    top = make()
    write_csv(top, tmp_path / "t")
    back = read_csv(tmp_path / "t")
    assert back.same_network(top)
    assert back.family == top.family and back.params == top.params
    assert back.kind_names == top.kind_names
    # link order is kept too (port numbering of exports stays identical)
    assert np.array_equal(back.u, top.u) and np.array_equal(back.v, top.v) and np.array_equal(back.kind, top.kind)


def test_written_files_have_the_documented_columns(tmp_path):
    top = trunked()
    write_csv(top, tmp_path / "t")
    routers = (tmp_path / "t" / "routers.csv").read_text().splitlines()
    links = (tmp_path / "t" / "links.csv").read_text().splitlines()
    assert routers[0] == "router,endpoints,group"
    assert routers[1:] == ["0,1,0", "1,0,0", "2,3,1", "3,2,1"]
    assert links[0] == "u,v,kind"
    assert links.count("0,2,global") == 2  # parallel links repeated
    assert len(links) == 1 + top.n_links
    meta = json.loads((tmp_path / "t" / "topology.json").read_text())
    assert meta["routers"] == 4 and meta["links"] == 5 and meta["links_per_kind"] == {"local": 2, "global": 3}
    assert meta["family"] == "custom" and meta["params"]["nested"] == {"x": [1, 2]}


def test_lazy_reexport_from_package():
    assert topoanalysis.read_csv is read_csv and topoanalysis.write_csv is write_csv


def test_empty_topology_round_trip(tmp_path):
    top = Topology(3, [], [], endpoints=1)
    write_csv(top, tmp_path / "e")
    assert read_csv(tmp_path / "e").same_network(top)


def test_generator_round_trip(tmp_path):
    top = topoanalysis.build("slimfly", q=5)
    write_csv(top, tmp_path / "sf")
    back = read_csv(tmp_path / "sf")
    assert back.same_network(top) and back.params == top.params


# -- hand-written directories ------------------------------------------------------------------------

def test_hand_written_links_only(tmp_path):
    d = write(tmp_path / "h", {"links.csv": "u,v,kind\n0,1,b\n1,2,a\n# a comment\n\n2,0,b\n"})
    top = read_csv(d)
    assert top.n_routers == 3 and top.family == "custom" and top.params == {}
    assert top.kind_names == ("b", "a")  # first-seen order
    assert top.links_per_kind() == {"b": 2, "a": 1}
    assert top.n_endpoints == 0 and top.labels == {}


def test_hand_written_without_kind_column_and_with_spaces(tmp_path):
    d = write(tmp_path / "h", {"links.csv": "u, v\n0, 1\n 1 ,2\n"})
    top = read_csv(d)
    assert top.kind_names == ("link",) and top.n_links == 2


def test_hand_written_routers_any_order_extra_labels_kept(tmp_path):
    d = write(tmp_path / "h", {"routers.csv": "router,endpoints,rack,slot\n2,1,1,0\n0,3,0,0\n1,0,0,1\n3,2,1,1\n",
                               "links.csv": "u,v,kind\n0,1,x\n2,3,x\n"})
    top = read_csv(d)
    assert top.n_routers == 4  # router 3 exists although no link names it
    assert top.endpoints.tolist() == [3, 0, 1, 2]
    assert top.labels["rack"].tolist() == [0, 0, 1, 1] and top.labels["slot"].tolist() == [0, 1, 0, 1]


def test_routers_without_endpoints_column(tmp_path):
    d = write(tmp_path / "h", {"routers.csv": "router\n0\n1\n", "links.csv": "u,v\n0,1\n"})
    assert read_csv(d).endpoints.tolist() == [0, 0]


def test_quoted_fields_are_accepted(tmp_path):
    d = write(tmp_path / "h", {"links.csv": 'u,v,kind\n"0","1","local"\r\n1,2,local\r\n'})
    assert read_csv(d).links_per_kind() == {"local": 2}


def test_spreadsheet_export_with_bom_and_crlf(tmp_path):
    d = tmp_path / "h"
    d.mkdir()
    (d / "links.csv").write_bytes("\ufeffu,v,kind\r\n0,1,a\r\n1,2,a\r\n".encode("utf-8"))
    (d / "routers.csv").write_bytes("\ufeffrouter,endpoints\r\n0,1\r\n1,1\r\n2,1\r\n".encode("utf-8"))
    top = read_csv(d)
    assert top.n_links == 2 and top.n_endpoints == 3


def test_topology_json_gives_kind_order_and_router_count(tmp_path):
    meta = {"family": "mine", "params": {"k": 1}, "kind_names": ["a", "b"], "routers": 5}
    d = write(tmp_path / "h", {"links.csv": "u,v,kind\n0,1,b\n1,2,a\n", "topology.json": json.dumps(meta)})
    top = read_csv(d)
    assert top.kind_names == ("a", "b") and top.kind.tolist() == [1, 0]
    assert top.n_routers == 5 and top.family == "mine" and top.params == {"k": 1}


# -- malformed input ---------------------------------------------------------------------------------

BAD = [
    ({"links.csv": "u,v,kind\n0,1,a\n1,2\n"}, "links.csv line 3: expected 3 fields"),
    ({"links.csv": "u,kind\n0,a\n"}, "links.csv line 1: missing column(s) v"),
    ({"links.csv": "u,v,kind\n0,1,a\n1,x,a\n"}, "links.csv line 3: column 'v' must be an integer, got 'x'"),
    ({"links.csv": "u,v,kind\n0,1,a\n1,1.5,a\n"}, "links.csv line 3: column 'v' must be an integer"),
    ({"links.csv": "u,v,kind\n0,1,a\n# c\n2,2,a\n"}, "links.csv line 4: self-loop at router 2"),
    ({"links.csv": "u,v\n0,1\n1,-3\n"}, "links.csv line 3: unknown router -3"),
    ({"routers.csv": "router,endpoints\n0,1\n1,1\n", "links.csv": "u,v\n0,1\n1,7\n"},
     "links.csv line 3: unknown router 7 (routers.csv defines 0..1)"),
    ({"routers.csv": "router,endpoints\n0,1\n1,1\n0,2\n", "links.csv": "u,v\n0,1\n"},
     "routers.csv line 4: duplicate router id 0 (first defined on line 2)"),
    ({"routers.csv": "router,endpoints\n0,1\n1,1\n3,2\n", "links.csv": "u,v\n0,1\n"},
     "routers.csv line 4: router id 3 out of range: 3 routers must be numbered 0..2"),
    ({"routers.csv": "router,endpoints\n1,1\n0,1\n1,2\n2,0\n", "links.csv": "u,v\n0,1\n"},
     "routers.csv line 4: duplicate router id 1 (first defined on line 2)"),
    ({"routers.csv": "router,endpoints\n0,1\n1,-2\n", "links.csv": "u,v\n0,1\n"},
     "routers.csv line 3: endpoints must be >= 0, got -2"),
    ({"routers.csv": "router,rack\n0,a\n1,0\n", "links.csv": "u,v\n0,1\n"},
     "routers.csv line 2: column 'rack' must be an integer, got 'a'"),
    ({"routers.csv": "id,endpoints\n0,1\n", "links.csv": "u,v\n0,1\n"}, "routers.csv line 1: missing column(s) router"),
    ({"links.csv": ""}, "links.csv: empty file"),
    ({"links.csv": "u,v,u\n0,1,1\n"}, "links.csv line 1: duplicate column(s) u"),
    ({"links.csv": "u,v,kind\n0,1,c\n", "topology.json": '{"kind_names": ["a", "b"]}'},
     "links.csv line 2: unknown link kind 'c'"),
    ({"links.csv": "u,v\n0,1\n", "topology.json": '{"links": 2}'}, "topology.json says 2 links but links.csv has 1"),
    ({"routers.csv": "router\n0\n1\n2\n", "links.csv": "u,v\n0,1\n", "topology.json": '{"routers": 2}'},
     "topology.json says 2 routers but routers.csv defines 3"),
    ({"links.csv": "u,v\n0,1\n", "topology.json": "{not json"}, "topology.json: not valid JSON"),
    ({"links.csv": "u,v\n0,1\n", "topology.json": '{"kind_names": "ab"}'}, "'kind_names' must be a non-empty list"),
    ({"links.csv": "u,v\n0,1\n", "topology.json": '{"kind_names": ["a", "b"]}'}, "has no 'kind' column"),
    ({"routers.csv": "router\n0\n"}, "has no links.csv"),
]


@pytest.mark.parametrize("files, message", BAD)
def test_malformed_input_names_file_line_and_problem(tmp_path, files, message):
    d = write(tmp_path / "bad", files)
    with pytest.raises(ValueError) as err:
        read_csv(d)
    assert message in str(err.value)


def test_not_a_directory(tmp_path):
    with pytest.raises(ValueError, match="is not a directory"):
        read_csv(tmp_path / "missing")


def test_large_line_numbers_from_fast_path(tmp_path):
    rows = "".join(f"{i},{i + 1},l\n" for i in range(1000))
    d = write(tmp_path / "big", {"links.csv": "u,v,kind\n" + rows + "5,5,l\n"})
    with pytest.raises(ValueError, match="links.csv line 1002: self-loop at router 5"):
        read_csv(d)


# -- atomic writes -----------------------------------------------------------------------------------

def test_refuses_non_empty_directory_without_overwrite(tmp_path):
    d = write(tmp_path / "t", {"keep.txt": "precious"})
    with pytest.raises(ValueError, match="exists and is not empty"):
        write_csv(trunked(), d)
    assert sorted(os.listdir(d)) == ["keep.txt"]


def test_overwrite_replaces_whole_directory(tmp_path):
    d = write(tmp_path / "t", {"keep.txt": "old"})
    write_csv(trunked(), d, overwrite=True)
    assert sorted(os.listdir(d)) == ["links.csv", "routers.csv", "topology.json"]
    assert sorted(os.listdir(tmp_path)) == ["t"]  # no temporary or old directories left behind


def test_empty_existing_directory_is_used(tmp_path):
    (tmp_path / "t").mkdir()
    write_csv(trunked(), tmp_path / "t")
    assert read_csv(tmp_path / "t").same_network(trunked())


def test_failed_write_leaves_nothing(tmp_path):
    with pytest.raises(RuntimeError):
        with atomic_directory(tmp_path / "t") as tmp:
            (tmp / "half.csv").write_text("u,v\n")
            raise RuntimeError("crash mid-write")
    assert os.listdir(tmp_path) == []
    with pytest.raises(RuntimeError):
        with atomic_file(tmp_path / "f.txt") as fh:
            fh.write("partial")
            raise RuntimeError("crash mid-write")
    assert os.listdir(tmp_path) == []


def test_failed_overwrite_keeps_old_export(tmp_path):
    write_csv(trunked(), tmp_path / "t")
    with pytest.raises(RuntimeError):
        with atomic_directory(tmp_path / "t", overwrite=True):
            raise RuntimeError("crash")
    assert read_csv(tmp_path / "t").same_network(trunked())
    assert sorted(os.listdir(tmp_path)) == ["t"]


def test_target_checks(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(ValueError, match="is not a directory"):
        write_csv(trunked(), tmp_path / "f")
    with pytest.raises(ValueError, match="parent directory"):
        write_csv(trunked(), tmp_path / "no" / "such" / "dir")
    with pytest.raises(ValueError, match="must be a Topology"):
        write_csv("not a topology", tmp_path / "x")  # type: ignore[arg-type]


def test_unwritable_names_are_refused(tmp_path):
    top = Topology(2, [0], [1], kind_names=("a,b",))
    with pytest.raises(ValueError, match="link kind name 'a,b' cannot be written"):
        write_csv(top, tmp_path / "x")
    assert not (tmp_path / "x").exists()


# -- committed data/ exports --------------------------------------------------------------------------

def _regenerate():
    spec = importlib.util.spec_from_file_location("data_regenerate", DATA / "regenerate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


REGEN = _regenerate()


@pytest.mark.parametrize("name", sorted(REGEN.CONFIGS))
def test_data_export_matches_paper_and_fresh_build(name):
    """Committed exports equal a fresh build (cannot go stale) and have the counts the paper gives.

    Sources per entry: data/regenerate.py CONFIGS (seed 000 §4-§5 Fig. 2, 3, Table I; seed 001 §2;
    seed 002 §II, §V, §VI-A; seed 004 §II).
    """
    family, params, source, paper = REGEN.CONFIGS[name]
    top = REGEN.fresh(name)
    if top is None:
        pytest.skip(f"generator for {family!r} not available yet")
    d = DATA / name
    if not d.is_dir():
        pytest.skip(f"data/{name} not exported yet: run python data/regenerate.py")
    stored = read_csv(d)
    assert stored.same_network(top), f"data/{name} is stale: run python data/regenerate.py"
    assert stored.family == top.family and stored.params == top.params
    got = {"routers": stored.n_routers, "links": stored.n_links, "endpoints": stored.n_endpoints,
           **stored.links_per_kind()}
    assert {k: got.get(k) for k in paper} == paper, source


def test_data_readme_lists_every_export():
    readme = (DATA / "README.md").read_text()
    for name in REGEN.CONFIGS:
        assert f"`{name}`" in readme


# -- property: any topology survives the round trip ----------------------------------------------------

@st.composite
def topologies(draw):
    n = draw(st.integers(2, 12))
    m = draw(st.integers(0, 25))
    u = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    v = [(a + draw(st.integers(1, n - 1))) % n for a in u]  # never a self-loop; parallel links allowed
    kinds = draw(st.lists(st.sampled_from(["a", "b c", "Ω"]), min_size=1, max_size=3, unique=True))
    kind = draw(st.lists(st.integers(0, len(kinds) - 1), min_size=m, max_size=m))
    ep = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))
    lab = draw(st.lists(st.integers(-5, 5), min_size=n, max_size=n))
    return Topology(n, u, v, kind, kinds, ep, {"lab": lab}, "prop", {"n": n, "w": [1.5, None, "s"]})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(top=topologies())
def test_round_trip_property(tmp_path, top):
    d = tmp_path / "p"
    write_csv(top, d, overwrite=True)
    back = read_csv(d)
    assert back.same_network(top) and back.params == top.params and back.family == top.family
