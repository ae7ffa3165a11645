"""Hamming graphs K_m1 □ ... □ K_mn (seed 000 §3; seed 000 §5 Table I row t = 4, Fig. 1 and Fig. 4)."""

from __future__ import annotations

from math import prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse.csgraph import shortest_path

from topoanalysis.families import build
from topoanalysis.generators.hamming import hamming, hamming_default_p
from topoanalysis.invariants import alpha_from_edges, distance_stats, symmetry


def coords(top) -> np.ndarray:
    return np.column_stack([top.labels[f"c{d}"] for d in range(len(top.kind_names))])


def check_hamming(sizes: list[int]) -> None:
    """Closed-form counts, and: two routers are linked iff they differ in exactly one coordinate, of the link's kind."""
    top = hamming(sizes)
    n = prod(sizes)
    assert top.n_routers == n
    assert top.n_links == n * sum(m - 1 for m in sizes) // 2
    assert top.links_per_kind() == {f"dim{d}": n * (m - 1) // 2 for d, m in enumerate(sizes)}
    assert np.all(top.degree() == sum(m - 1 for m in sizes))
    assert not top.has_parallel_links
    c = coords(top)
    # mixed radix, coordinate 0 fastest
    assert np.array_equal(c @ np.cumprod([1] + sizes[:-1]), np.arange(n))
    diff = c[top.u] != c[top.v]
    assert np.all(diff.sum(axis=1) == 1)
    assert np.array_equal(np.argmax(diff, axis=1), top.kind)


@pytest.mark.parametrize("sizes", [[2], [5], [4, 4], [4, 6], [2, 3, 4], [3, 3, 3], [2, 2, 2, 2, 2], [7, 2]])
def test_counts_and_adjacency(sizes):
    check_hamming(sizes)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(2, 5), min_size=1, max_size=3))
def test_distance_is_hamming_distance(sizes):
    """Seed 000 §3: vertices are linked iff their Hamming distance is 1, so graph distance = Hamming distance
    and the diameter is the number of dimensions."""
    check_hamming(sizes)
    top = hamming(sizes)
    dist = shortest_path(top.adjacency(), unweighted=True)
    c = coords(top)
    hd = (c[:, None, :] != c[None, :, :]).sum(axis=2)
    assert np.array_equal(dist, hd)
    assert dist.max() == len(sizes)


def test_seed000_fig1_k4_k4():
    """Seed 000 §3 Fig. 1 / §5 Table I last row: K4 □ K4, 16 routers of degree Δ = a + b - 2 = 6, diameter 2.

    Square case: (1/4)Δ² + Δ + 1 vertices; balanced a = b = Δ0 gives a³ compute nodes for radix
    R = 3a - 2, i.e. ((R + 2)/3)³ (seed 000 §3)."""
    top = hamming([4, 4])
    delta = 4 + 4 - 2
    assert top.n_routers == delta ** 2 / 4 + delta + 1 == 16
    assert top.n_links == 48
    assert np.all(top.degree() == delta)
    assert distance_stats(top).diameter == 2
    assert top.params["p"] == 4                      # Δ0 = min(a, b)
    r = int(top.radix()[0])
    assert r == 3 * 4 - 2
    assert top.n_endpoints == 4 ** 3 == ((r + 2) // 3) ** 3


@pytest.mark.parametrize("a,b", [(4, 6), (3, 5), (6, 6)])
def test_seed000_concentration_limit_cut(a, b):
    """Seed 000 §3: Δ0 = min(a, b).  The proof's cut of an even dimension into halves is crossed by
    (N/m)·(m/2)² links while (N/4)·Δ0 packets cross it per cycle; check the cut on our graph."""
    top = hamming([a, b])
    assert top.params["p"] == hamming_default_p([a, b]) == min(a, b)
    c = coords(top)
    n = top.n_routers
    for d, m in enumerate([a, b]):
        if m % 2:
            continue
        side = c[:, d] < m // 2
        crossing = int(np.sum(side[top.u] != side[top.v]))
        assert crossing == n // m * (m // 2) ** 2
        assert n / 4 * top.params["p"] <= crossing  # no bottleneck at p = min(a, b)
        if m == min(a, b):
            assert n / 4 * (top.params["p"] + 1) > crossing  # the shortest even dimension is the binding cut


@pytest.mark.parametrize("a,b", [(4, 6), (5, 3), (4, 4)])
def test_seed000_minimal_path_link_probabilities(a, b):
    """Seed 000 §3: a minimal path has one a-link with probability (a-1)b/(ab-1), one b-link with (b-1)a/(ab-1)."""
    st_ = distance_stats(hamming([a, b]))
    assert st_.avg_hops_by_kind["dim0"] == pytest.approx((a - 1) * b / (a * b - 1))
    assert st_.avg_hops_by_kind["dim1"] == pytest.approx((b - 1) * a / (a * b - 1))


def test_seed000_table1_hamming_is_trunked_dragonfly():
    """Seed 000 §5 (Fig. 4, Table I row t = 4): K_a □ K_b is a dragonfly with groups {(x, y) | x} of size a,
    trunking t = a between every pair of groups, Δ2 = b - 1, α = 1 (eq. (3)); id = group·a + index."""
    a, b = 4, 4
    top = hamming([a, b])
    group, index = top.labels["c1"], top.labels["c0"]
    assert np.array_equal(np.arange(a * b), group * a + index)
    local = top.kind == top.kind_index("dim0")
    assert np.all(group[top.u[local]] == group[top.v[local]])
    gu, gv = group[top.u[~local]], group[top.v[~local]]
    pairs, counts = np.unique(np.minimum(gu, gv) * b + np.maximum(gu, gv), return_counts=True)
    assert pairs.size == b * (b - 1) // 2 and np.all(counts == a)          # t = a
    assert np.all(top.degree("dim1") == b - 1)                             # Δ2 = b - 1
    e1, e2 = top.links_per_kind()["dim0"], top.links_per_kind()["dim1"]
    assert e2 / e1 == alpha_from_edges(a, b, a) == 1.0
    st_ = distance_stats(top)
    assert st_.avg_hops_by_kind["dim1"] / st_.avg_hops_by_kind["dim0"] == pytest.approx(1.0)  # α = 1 (eq. (2))


@pytest.mark.parametrize("sizes", [[4, 4], [3, 5], [2, 3, 4], [3, 3, 3], [4]])
def test_seed000_transitivity(sizes):
    """Seed 000 §3: Hamming graphs are vertex-transitive (Cayley graphs); edge-transitive iff square."""
    s = symmetry(hamming(sizes))
    assert s.vertex_transitive
    assert s.edge_transitive == (len(set(sizes)) == 1)
    # the kind-preserving group is still transitive on routers (translations keep dimensions)
    assert symmetry(hamming(sizes), respect_kinds=True).vertex_transitive


def test_explicit_p_and_registry():
    top = hamming([3, 5], p=7)
    assert np.all(top.endpoints == 7) and top.params == {"sizes": [3, 5], "p": 7}
    assert build("hamming", sizes=[4, 6]).same_network(hamming((4, 6)))
    assert hamming(np.array([3, 3]), p=0).n_endpoints == 0


@pytest.mark.parametrize("kwargs,match", [
    ({"sizes": []}, "sizes"),
    ({"sizes": [1, 4]}, r"sizes\[0\]"),
    ({"sizes": [4, 0]}, r"sizes\[1\]"),
    ({"sizes": [4, -3]}, r"sizes\[1\]"),
    ({"sizes": "4,6"}, "sizes"),
    ({"sizes": 4}, "sizes"),
    ({"sizes": [4, 2.5]}, r"sizes\[1\]"),
    ({"sizes": [True, 4]}, r"sizes\[0\]"),
    ({"sizes": [4, 4], "p": -1}, "p"),
    ({"sizes": [4, 4], "p": 1.5}, "p"),
    ({"sizes": [10 ** 4] * 3}, "exceeds"),
])
def test_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        hamming(**kwargs)


@pytest.mark.parametrize("a", [2, 3, 4, 5, 7])
def test_seed000_table4_hamming_rows(a):
    """Seed 000 §8 Table IV, Hamming rows with Δ0 = a (= our default min(sizes)):
    K_a □ K_a: a² routers, (R+2)³/3³ compute nodes; K_a □ K_a □ K_a: a³ routers, (R+3)⁴/2⁸ compute nodes."""
    two, three = hamming([a, a]), hamming([a, a, a])
    r2, r3 = int(two.radix()[0]), int(three.radix()[0])
    assert two.n_routers == a ** 2 and two.n_endpoints * 3 ** 3 == (r2 + 2) ** 3
    assert three.n_routers == a ** 3 and three.n_endpoints * 2 ** 8 == (r3 + 3) ** 4


def test_seed000_table4_3d_hamming_alpha_beta():
    """Seed 000 §8 Table IV: the balanced 3D Hamming graph has α = β = 1 (equal use of the three link
    levels; general route 'lmg', i.e. diameter 3)."""
    st_ = distance_stats(hamming([4, 4, 4]))
    avg = st_.avg_hops_by_kind
    assert avg["dim2"] / avg["dim0"] == pytest.approx(1.0) and avg["dim2"] / avg["dim1"] == pytest.approx(1.0)
    assert st_.diameter == 3
