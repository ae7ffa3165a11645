"""The Topology model: validation, immutability, views and conversions."""

import numpy as np
import pytest

from topoanalysis import Topology


def small() -> Topology:
    # A triangle plus a doubled link 2-3 (parallel links are allowed: trunking).
    return Topology(4, [0, 1, 2, 2, 2], [1, 2, 0, 3, 3], kind=[0, 0, 0, 1, 1], kind_names=("local", "global"),
                    endpoints=[1, 2, 0, 3], labels={"group": [0, 0, 0, 1]}, family="custom", params={"x": 1})


def test_counts_and_canonical_order():
    t = small()
    assert t.n_routers == 4 and t.n_links == 5 and t.n_endpoints == 6
    assert np.all(t.u < t.v)
    assert t.links_per_kind() == {"local": 3, "global": 2}
    assert t.degree().tolist() == [2, 2, 4, 2]
    assert t.degree("global").tolist() == [0, 0, 2, 2]
    assert t.has_parallel_links
    assert t.radix().tolist() == [3, 4, 4, 5]


def test_immutable():
    t = small()
    with pytest.raises(AttributeError):
        t.n_routers = 3
    with pytest.raises(ValueError):
        t.u[0] = 3


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(n_routers=3, u=[0], v=[0]), "self-loop"),
        (dict(n_routers=3, u=[0], v=[3]), "0..2"),
        (dict(n_routers=-1, u=[], v=[]), "n_routers"),
        (dict(n_routers=3, u=[0, 1], v=[1]), "same length"),
        (dict(n_routers=3, u=[0], v=[1], kind=[2], kind_names=("a", "b")), "kind"),
        (dict(n_routers=3, u=[0], v=[1], endpoints=[1, 2]), "endpoints"),
        (dict(n_routers=3, u=[0], v=[1], endpoints=-1), "endpoints"),
        (dict(n_routers=3, u=[0], v=[1], labels={"g": [1]}), "label column 'g'"),
    ],
)
def test_bad_input_names_the_rule(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Topology(**kwargs)


def test_arcs_are_grouped_by_router():
    t = small()
    a = t.arcs()
    assert a.ptr.tolist() == [0, 2, 4, 8, 10]
    for r in range(4):
        sl = slice(a.ptr[r], a.ptr[r + 1])
        assert np.all(a.src[sl] == r)
        # every arc is a real link in one direction
        for d, lk in zip(a.dst[sl], a.link[sl]):
            assert {int(t.u[lk]), int(t.v[lk])} == {r, int(d)}
    # each link appears as exactly two arcs
    assert np.bincount(a.link).tolist() == [2] * 5


def test_adjacency_and_conversions():
    t = small()
    assert t.adjacency().toarray()[2, 3] == 1
    assert t.adjacency(multiplicity=True).toarray()[2, 3] == 2
    g = t.to_networkx()
    assert g.number_of_edges() == 5 and g.is_multigraph()
    assert g.nodes[3]["endpoints"] == 3 and g.nodes[3]["group"] == 1
    ig = t.to_igraph()
    assert ig.ecount() == 5 and ig.vcount() == 4
    assert sorted(ig.es["kind"]) == ["global", "global", "local", "local", "local"]


def test_same_network_ignores_link_order():
    t = small()
    perm = [4, 2, 0, 3, 1]
    t2 = Topology(4, t.u[perm], t.v[perm], t.kind[perm], t.kind_names, t.endpoints, t.labels)
    assert t.same_network(t2)
    assert not t.same_network(t.with_endpoints(1))
