"""Camarero et al. 2014, §5.2.2 extended palmtree (Table I / Figure 5 networks) and the router colourings of §6."""

import itertools

import numpy as np
import pytest

from topoanalysis.invariants import global_components, symmetry

from .library_checked import checked

TABLE_I = [(4, 9, 2), (4, 5, 2), (4, 5, 3), (4, 4, 3)]   # (a, b, Δ2) of Camarero et al. 2014, Table I / Figure 5


def _edges(top, perm):
    u, v = perm[top.u], perm[top.v]
    return sorted(zip(np.minimum(u, v).tolist(), np.maximum(u, v).tolist(), top.kind.tolist()))


@pytest.mark.parametrize("a,b,d2", TABLE_I + [(6, 7, 3), (8, 9, 4), (8, 17, 2), (6, 13, 2)])
def test_extended_palmtree_automorphisms(a, b, d2):
    top = checked("palmtree", a, d2, b)
    assert np.all(top.degree("global") == d2)              # simple: disjoint router pairs per parallel link
    t = a * d2 // (b - 1)
    counts = np.bincount(np.sort(np.stack([top.labels["group"][top.u], top.labels["group"][top.v]]), 0)[0] * b
                         + np.sort(np.stack([top.labels["group"][top.u], top.labels["group"][top.v]]), 0)[1],
                         weights=(top.kind == 1), minlength=b * b).reshape(b, b)
    assert np.all(counts[np.triu_indices(b, 1)] == t)       # trunking t between every pair of groups, eq. (1)
    x, y = top.labels["index"], top.labels["group"]
    ref = _edges(top, np.arange(top.n_routers))
    assert _edges(top, ((y + 1) % b) * a + x) == ref
    assert _edges(top, ((b - y) % b) * a + (a - x - 1)) == ref
    assert len(symmetry(top, respect_kinds=True).vertex_orbits) <= a // 2


def _balanced_colouring(top, colours):
    """Is there a router colouring, a/colours routers of each colour per group, with global links monochrome?"""
    a = int(top.labels["index"].max()) + 1
    if a % colours:
        return False
    b = int(top.labels["group"].max()) + 1
    vecs = [np.bincount(top.labels["group"][c], minlength=b) for c in global_components(top)]
    for assign in itertools.product(range(colours), repeat=len(vecs)):
        tot = np.zeros((colours, b), int)
        for c, v in zip(assign, vecs):
            tot[c] += v
        if np.all(tot == a // colours):
            return True
    return False


@pytest.mark.parametrize("a,d2", [(4, 2), (8, 2), (8, 4), (12, 2)])
def test_two_colouring_extended_palmtree(a, d2):
    """Camarero et al. 2014, §6.1: the extended palmtree admits the 2-colouring (global links monochrome) for a >= 4."""
    assert _balanced_colouring(checked("palmtree", a, d2, a * d2 + 1), 2)


@pytest.mark.parametrize("a,d2", [(6, 2), (10, 2)])
def test_two_colouring_fails_for_a_2_mod_4(a, d2):
    """Counterexample to §6.1 as written ("extended palmtree for a >= 4"): global links only join x and a-1-x, so
    colour classes are unions of the a/2 pairs {x, a-1-x}; with a/2 odd no colour can hold exactly a/2 routers
    per group.  Smallest: a = 6 (canonical, Δ2 = 2, b = 13)."""
    assert not _balanced_colouring(checked("palmtree", a, d2, a * d2 + 1), 2)


@pytest.mark.parametrize("a,d2", [(8, 2), (16, 2)])
def test_four_colouring_extended_palmtree(a, d2):
    """Camarero et al. 2014, §6.2: four router colours with monochrome global links for the extended palmtree, a >= 8."""
    assert _balanced_colouring(checked("palmtree", a, d2, a * d2 + 1), 4)


@pytest.mark.parametrize("a,colours", [(2, 2), (4, 2), (6, 2), (4, 4), (8, 4)])
def test_colourings_hamming_subgraph(a, colours):
    """Camarero et al. 2014, §6: subgraphs of the Hamming graph (circulant arrangement) admit 2 colours for a >= 2,
    4 for a >= 4."""
    assert _balanced_colouring(checked("circulant", a, 2), colours)


def test_four_colouring_fails_for_a_12():
    """§6.2 says a >= 8; with a = 12 the 6 pairs {x, a-1-x} cannot give 4 colours of 3 routers per group."""
    assert not _balanced_colouring(checked("palmtree", 12, 2, 25), 4)


@pytest.mark.parametrize("a,b,d2", TABLE_I)
def test_table_i_exact_alpha_vs_eq2(a, b, d2):
    """Camarero et al. 2014, Table I networks: exact α (per pair, over all minimal paths) vs eq. (2).  Exact values
    0.958, 1.114, 1.369, 1.286 against (2): 0.640, 0.800, 0.941, 1.000 — the approximation counts only
    l-g-l routes and underestimates α; it also ignores that the t = a palmtree is not the Hamming graph."""
    from topoanalysis.invariants import alpha_approx, distance_stats, ratios

    top = checked("palmtree", a, d2, b)
    st = distance_stats(top, symmetry(top, respect_kinds=True).vertex_orbits)
    exact = ratios(st.avg_hops_by_kind)["alpha"]
    assert exact > alpha_approx(a, a * d2 // (b - 1))
    assert sum(st.avg_hops_by_kind.values()) == pytest.approx(st.average_distance)
