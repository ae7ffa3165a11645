"""Petersen and Hoffman-Singleton graphs: the diameter-2 Moore graphs of seed 002 §II-A/§II-B."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from topoanalysis.families import build
from topoanalysis.generators.classic import hoffman_singleton, petersen
from topoanalysis.generators.slimfly import moore_bound


def test_petersen():
    T = petersen()
    g = T.to_igraph()
    assert T.n_routers == 10 == moore_bound(3, 2) and T.n_links == 15
    assert np.all(T.degree() == 3)
    assert g.diameter() == 2 and g.girth() == 5
    assert nx.is_isomorphic(T.to_networkx(), nx.petersen_graph())
    assert T.links_per_kind() == {"outer": 5, "inner": 5, "spoke": 5}


def test_hoffman_singleton_seed002_section_II_B():
    # seed 002 §II-B: "the well-known Hoffman-Singleton graph with 50 radix-7 vertices and 175 edges"
    T = hoffman_singleton()
    g = T.to_igraph()
    assert T.n_routers == 50 == moore_bound(7, 2) and T.n_links == 175
    assert np.all(T.degree() == 7)
    assert g.diameter() == 2 and g.girth() == 5
    assert not T.has_parallel_links
    assert nx.is_isomorphic(T.to_networkx(), nx.hoffman_singleton_graph())


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
