"""Petersen and Hoffman-Singleton graphs: the diameter-2 Moore graphs of seed 002 §II-A/§II-B."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from topoanalysis.families import build
from topoanalysis.generators.classic import hoffman_singleton, petersen
from topoanalysis.generators.slimfly import moore_bound


@pytest.mark.parametrize("make, n, k, links, reference", [
    (petersen, 10, 3, 15, nx.petersen_graph),
    # seed 002 §II-B: "the well-known Hoffman-Singleton graph with 50 radix-7 vertices and 175 edges"
    (hoffman_singleton, 50, 7, 175, nx.hoffman_singleton_graph),
], ids=["petersen", "hoffman_singleton"])
def test_moore_graphs_of_diameter_two(make, n, k, links, reference):
    T = make()
    g = T.to_igraph()
    assert T.n_routers == n == moore_bound(k, 2) and T.n_links == links
    assert np.all(T.degree() == k)
    assert g.diameter() == 2 and g.girth() == 5
    assert not T.has_parallel_links
    assert nx.is_isomorphic(T.to_networkx(), reference())


def test_petersen_link_kinds():
    assert petersen().links_per_kind() == {"outer": 5, "inner": 5, "spoke": 5}


def test_endpoints_and_registry():
    assert petersen(p=2).n_endpoints == 20
    assert build("hoffman_singleton", p=4).n_endpoints == 200
    assert build("petersen").same_network(petersen())


@pytest.mark.parametrize("p", [-1, 2.5, True])
def test_invalid_p(p):
    with pytest.raises(ValueError, match=r"^p \(endpoints"):
        petersen(p)
    with pytest.raises(ValueError, match=r"^p \(endpoints"):
        hoffman_singleton(p)
