"""GraphML, edge list, node-link JSON, BookSim2 anynet and networkx/igraph conversions (topoanalysis.io.formats)."""

from __future__ import annotations

import pytest

import topoanalysis
from topoanalysis import Topology
from topoanalysis.io import formats as F


def sample() -> Topology:
    """Parallel links, a kind whose first link is not first in kind order, uneven endpoints, two labels."""
    return Topology(5, [0, 2, 0, 0, 1, 3], [1, 3, 2, 2, 3, 4], [1, 1, 0, 0, 0, 1], ("local", "global"),
                    [1, 0, 3, 2, 0], {"group": [0, 0, 1, 1, 2], "index": [0, 1, 0, 1, 0]},
                    "custom", {"t": 2, "name": "x<&>", "nested": {"l": [1, 2]}})


def simple() -> Topology:
    return Topology(4, [0, 1, 2], [1, 2, 3], None, ("link",), 2, {}, "path", {})


def without_labels(t: Topology) -> Topology:
    return Topology(t.n_routers, t.u, t.v, t.kind, t.kind_names, t.endpoints, {}, t.family, t.params)


@pytest.mark.parametrize("write, read", [(F.to_graphml, F.from_graphml), (F.to_node_link_json, F.from_node_link_json)])
def test_full_round_trip(tmp_path, write, read):
    top = sample()
    write(top, tmp_path / "t")
    back = read(tmp_path / "t")
    assert back.same_network(top)
    assert back.family == top.family and back.params == top.params


def test_edgelist_round_trip_keeps_all_but_labels(tmp_path):
    top = sample()
    F.to_edgelist(top, tmp_path / "t.edges")
    back = F.from_edgelist(tmp_path / "t.edges")
    assert back.same_network(without_labels(top))
    assert back.params == top.params and back.family == top.family
    lines = (tmp_path / "t.edges").read_text().splitlines()
    assert lines[0].startswith(F.EDGELIST_TAG) and lines[1:].count("0 2 local") == 2


def test_edgelist_uniform_endpoints_stored_as_scalar(tmp_path):
    F.to_edgelist(simple(), tmp_path / "s")
    assert '"endpoints": 2' in (tmp_path / "s").read_text().splitlines()[0]
    assert F.from_edgelist(tmp_path / "s").same_network(simple())


def test_generator_graphml_round_trip(tmp_path):
    top = topoanalysis.build("slimfly", q=5)
    F.to_graphml(top, tmp_path / "sf.graphml")
    back = F.from_graphml(tmp_path / "sf.graphml")
    assert back.same_network(top) and back.params == top.params


def test_our_graphml_is_read_by_networkx(tmp_path):
    import networkx as nx

    top = sample()
    F.to_graphml(top, tmp_path / "t.graphml")
    g = nx.read_graphml(tmp_path / "t.graphml", force_multigraph=True)
    assert g.number_of_nodes() == 5 and g.number_of_edges() == 6
    assert g.nodes["2"]["endpoints"] == 3 and g.nodes["4"]["group"] == 2
    assert sorted(k for _, _, k in g.edges(data="kind")).count("global") == 3
    assert F.from_networkx(g).same_network(top)


def test_foreign_graphml_without_our_metadata(tmp_path):
    import networkx as nx

    g = nx.Graph()
    g.add_node("a", x=1.5, rack=3)
    g.add_node("b", x=2.0, rack=4)
    g.add_edge("a", "b")
    nx.write_graphml(g, tmp_path / "f.graphml")
    top = F.from_graphml(tmp_path / "f.graphml")
    assert top.n_routers == 2 and top.family == "custom" and top.kind_names == ("link",)
    assert top.labels["rack"].tolist() == [3, 4] and "x" not in top.labels  # non-integral floats dropped


def test_networkx_and_igraph_objects_round_trip():
    top = sample()
    assert F.from_networkx(top.to_networkx()).same_network(
        Topology(5, top.u, top.v, 1 - top.kind, ("global", "local"), top.endpoints, top.labels))  # first-seen kinds
    back = F.from_igraph(top.to_igraph())
    assert back.same_network(top) and back.family == top.family


def test_booksim_anynet_file(tmp_path):
    top = simple().with_endpoints([2, 0, 1, 1])
    F.to_booksim_anynet(top, tmp_path / "net")
    assert (tmp_path / "net").read_text().splitlines() == [
        "router 0 node 0 node 1 router 1",
        "router 1 router 0 router 2",
        "router 2 node 2 router 1 router 3",
        "router 3 node 3 router 2",
    ]
    back = F.from_booksim_anynet(tmp_path / "net")
    assert back.same_network(Topology(4, top.u, top.v, endpoints=top.endpoints))


def test_booksim_anynet_latencies(tmp_path):
    # one latency per router pair, written after every neighbour (BookSim2 reads a latency per
    # direction, and each router's line lists all its neighbours)
    top = Topology(3, [0, 1], [1, 2], kind=[0, 1], kind_names=("local", "global"), endpoints=[1, 1, 1])
    F.to_booksim_anynet(top, tmp_path / "net", latency={"local": 10, "global": 100})
    assert (tmp_path / "net").read_text().splitlines() == [
        "router 0 node 0 router 1 10",
        "router 1 node 1 router 0 10 router 2 100",
        "router 2 node 2 router 1 100",
    ]
    F.to_booksim_anynet(top, tmp_path / "net1", latency=1)
    assert (tmp_path / "net1").read_text().splitlines()[1] == "router 1 node 1 router 0 1 router 2 1"
    assert F.from_booksim_anynet(tmp_path / "net").same_network(Topology(3, [0, 1], [1, 2], endpoints=[1, 1, 1]))
    for bad, match in (({"local": 10}, "missing \\['global'\\]"), (0, "an integer >= 1"), (2.5, "an integer >= 1")):
        with pytest.raises(ValueError, match=match):
            F.to_booksim_anynet(top, tmp_path / "bad", latency=bad)
        assert not (tmp_path / "bad").exists()


def test_booksim_refuses_parallel_links_unless_merged(tmp_path):
    with pytest.raises(ValueError, match="cannot represent parallel links"):
        F.to_booksim_anynet(sample(), tmp_path / "net")
    assert not (tmp_path / "net").exists()
    F.to_booksim_anynet(sample(), tmp_path / "net", merge_parallel=True)
    back = F.from_booksim_anynet(tmp_path / "net")
    assert back.n_links == 5 and back.endpoints.tolist() == [1, 0, 3, 2, 0]


def test_booksim_refuses_topology_without_endpoints(tmp_path):
    with pytest.raises(ValueError, match="no endpoints"):
        F.to_booksim_anynet(simple().with_endpoints(0), tmp_path / "net")


def test_booksim_reader_accepts_latencies_and_one_sided_links(tmp_path):
    (tmp_path / "n").write_text("router 0 node 0 router 1 15 router 2\nrouter 1 node 1 5\nnode 2 router 2\n")
    top = F.from_booksim_anynet(tmp_path / "n")
    assert top.n_routers == 3 and sorted(map(tuple, top.link_multiset()[:, :2].tolist())) == [(0, 1), (0, 2)]
    assert top.endpoints.tolist() == [1, 1, 1]


@pytest.mark.parametrize("text, message", [
    ("router 0 node 0 router 2\n", "routers must be numbered 0..1"),
    ("router 0 node 1 router 1\n", "nodes must be numbered 0..0"),
    ("router 0 router 0\n", "line 1: self-loop at router 0"),
    ("switch 0\n", "line 1: a line must start with 'router' or 'node'"),
    ("router 0 node 0\nrouter 1 node 0\n", "line 2: node 0 attached to routers 0 and 1"),
    ("router 0 router x\n", "line 1: expected an id after 'router'"),
    ("router 0 router\n", "line 1: 'router' without an id"),
])
def test_booksim_reader_errors(tmp_path, text, message):
    (tmp_path / "n").write_text(text)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        F.from_booksim_anynet(tmp_path / "n")


@pytest.mark.parametrize("text, message", [
    ("0 1\n1 x\n", "line 2: router ids must be integers"),
    ("0 1 a b\n", "line 1: expected 'u v' or 'u v kind', got 4 fields"),
    ("0 0\n", "line 1: self-loop at router 0"),
    ("0 -1\n", "line 1: router ids must be >= 0"),
    ('# topoanalysis-edgelist {"routers": 2}\n0 5\n', "names an unknown router"),
    ('# topoanalysis-edgelist {"kind_names": ["a"]}\n0 1 b\n', r"link kind\(s\) \['b'\] not among"),
])
def test_edgelist_reader_errors(tmp_path, text, message):
    (tmp_path / "e").write_text(text)
    with pytest.raises(ValueError, match=message):
        F.from_edgelist(tmp_path / "e")


def test_plain_edgelist(tmp_path):
    (tmp_path / "e").write_text("# any comment\n0 1\n1 2 fast\n\n2 3\n")
    top = F.from_edgelist(tmp_path / "e")
    assert top.n_routers == 4 and top.kind_names == ("link", "fast") and top.family == "custom"


def test_writers_refuse_existing_file_and_replace_with_overwrite(tmp_path):
    for name, (write, read) in F.WRITERS.items():
        path = tmp_path / name
        path.write_text("old")
        with pytest.raises(ValueError, match="exists"):
            write(simple(), path)
        assert path.read_text() == "old"
        write(simple(), path, overwrite=True)
        assert read(path).n_links == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(F.WRITERS)  # no temp files left


def test_readers_reject_missing_and_malformed_files(tmp_path):
    for _, read in F.WRITERS.values():
        with pytest.raises(ValueError, match="not a file"):
            read(tmp_path / "missing")
    (tmp_path / "bad.graphml").write_text("<graphml><graph")
    with pytest.raises(ValueError, match="cannot be parsed"):
        F.from_graphml(tmp_path / "bad.graphml")
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(ValueError, match="not valid JSON"):
        F.from_node_link_json(tmp_path / "bad.json")


def test_node_link_json_is_read_by_networkx(tmp_path):
    import json

    import networkx as nx

    F.to_node_link_json(sample(), tmp_path / "t.json")
    g = nx.node_link_graph(json.loads((tmp_path / "t.json").read_text()), edges="links")
    assert g.number_of_edges() == 6 and g.nodes[2]["endpoints"] == 3
