"""Camarero et al. 2014, §3 and §4.1.2: Hamming graphs are vertex-transitive and edge-transitive iff square;
palmtree rotations/reflection are automorphisms, at most ⌈a/2⌉ vertex classes, classes joined by global links."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from topoanalysis.invariants import global_components, symmetry
from topoanalysis.topology import Topology

from .library_checked import checked


def hamming2(a: int, b: int) -> Topology:
    """K_a □ K_b built directly (Camarero et al. 2014, §3): (x, y) ~ (x', y) and (x, y) ~ (x, y')."""
    vid = np.arange(a * b).reshape(a, b)
    iu, iv = np.triu_indices(a, 1)
    ju, jv = np.triu_indices(b, 1)
    u = np.concatenate([vid[iu, :].ravel(), vid[:, ju].ravel()])
    v = np.concatenate([vid[iv, :].ravel(), vid[:, jv].ravel()])
    return Topology(a * b, u, v)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7))
def test_hamming_transitivity(a, b):
    s = symmetry(hamming2(a, b))
    assert s.vertex_transitive
    assert s.edge_transitive == (a == b)


def _edge_set(top, perm):
    u, v = perm[top.u], perm[top.v]
    return set(zip(np.minimum(u, v).tolist(), np.maximum(u, v).tolist(), top.kind.tolist()))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 9), st.integers(2, 4))
def test_palmtree_symmetries(a, h):
    top = checked("palmtree", a, h)
    b = a * h + 1
    x, y = top.labels["index"], top.labels["group"]
    edges = _edge_set(top, np.arange(top.n_routers))
    rotation = ((y + 1) % b) * a + x
    reflection = ((-y) % b) * a + (a - 1 - x)
    assert _edge_set(top, rotation) == edges
    assert _edge_set(top, reflection) == edges
    orbits = symmetry(top, respect_kinds=True).vertex_orbits
    assert len(orbits) <= math.ceil(a / 2)
    # every class lies inside one global component and each global link joins routers of one class
    comp = np.empty(top.n_routers, int)
    for c, members in enumerate(global_components(top)):
        comp[members] = c
    cls = np.empty(top.n_routers, int)
    for c, members in enumerate(orbits):
        cls[members] = c
        assert len(set(comp[members].tolist())) == 1
    g = top.kind == 1
    assert np.all(cls[top.u[g]] == cls[top.v[g]])


def test_palmtree_classes_global_paths_fail_for_h1():
    """Camarero et al. 2014, §4.1.2 claims routers of one class are joined by global-only paths; with Δ2 = h = 1 this fails:
    (a, h) = (2, 1) is vertex-transitive (one class of 6 routers) but its global links form 3 components of 2."""
    top = checked("palmtree", 2, 1)
    assert len(symmetry(top, respect_kinds=True).vertex_orbits) == 1
    assert [len(c) for c in global_components(top)] == [2, 2, 2]


@pytest.mark.parametrize("a", [2, 3, 5, 6, 8, 9])
def test_circulant_delta2_2_b_prime_vertex_transitive(a):
    """Camarero et al. 2014, §4.1.3: circulant arrangement with Δ2 = 2 and b = 2a+1 prime is vertex-transitive
    (here even preserving link kinds)."""
    assert symmetry(checked("circulant", a, 2), respect_kinds=True).vertex_transitive


def test_circulant_b_not_prime():
    """Contrast: a = 4, b = 9 (not prime) is not vertex-transitive, so the primality condition matters."""
    assert not symmetry(checked("circulant", 4, 2), respect_kinds=True).vertex_transitive
