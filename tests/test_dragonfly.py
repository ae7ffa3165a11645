"""Dragonfly generator and global link arrangements (seed 000 §4, §5, §5.2; seed 004 §II; seed 001 §1, Table 1)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from topoanalysis import build
from topoanalysis.invariants.link_usage import table_i_row
from topoanalysis.generators import arrangements as A
from topoanalysis.generators.dragonfly import dragonfly, resolve_groups
from topoanalysis.topology import Topology

CANONICAL = ["consecutive", "absolute", "palmtree", "relative", "circulant", "random"]


def group_pair_counts(top: Topology) -> np.ndarray:
    """Matrix of global link counts between groups (upper triangle)."""
    b = int(top.labels["group"].max()) + 1
    g = top.kind == top.kind_index("global")
    gu, gv = top.labels["group"][top.u[g]], top.labels["group"][top.v[g]]
    c = np.zeros((b, b), np.int64)
    np.add.at(c, (np.minimum(gu, gv), np.maximum(gu, gv)), 1)
    return c


def assert_dragonfly(top: Topology, a: int, b: int, h: int, t: int) -> None:
    """Closed formulas of seed 000 §4/§5: ab routers, |E1| = b a(a-1)/2, |E2| = t b(b-1)/2 (eq. 3), regular."""
    assert top.n_routers == a * b
    assert top.links_per_kind() == {"local": b * a * (a - 1) // 2, "global": t * b * (b - 1) // 2}
    assert np.all(top.degree("local") == a - 1) and np.all(top.degree("global") == h)
    assert np.all(top.u != top.v)
    g = top.kind == 1
    assert np.all(top.labels["group"][top.u[g]] != top.labels["group"][top.v[g]])  # no self-group global link
    loc = ~g
    assert np.all(top.labels["group"][top.u[loc]] == top.labels["group"][top.v[loc]])
    c = group_pair_counts(top)
    assert np.all(c[np.triu_indices(b, 1)] == t)                                   # t links per group pair
    assert np.array_equal(top.labels["group"] * a + top.labels["index"], np.arange(a * b))
    assert not top.has_parallel_links                                              # disjoint router pairs


def links(pair: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    return np.column_stack(pair)


def igraph_of(top: Topology):
    return top.to_igraph()


def hamming2(a: int, b: int) -> Topology:
    """K_a □ K_b built straight from seed 000 §3, router y*a + x."""
    lu, lv = np.triu_indices(a, 1)
    gu, gv = np.triu_indices(b, 1)
    y = np.arange(b)[:, None]
    x = np.arange(a)[:, None]
    u = np.concatenate([(y * a + lu).ravel(), (gu * a + x).ravel()])
    v = np.concatenate([(y * a + lv).ravel(), (gv * a + x).ravel()])
    return Topology(a * b, u, v)


# -- seed 000 worked examples ---------------------------------------------------------------------

@pytest.mark.parametrize("arrangement", CANONICAL)
def test_fig3_a4_b9(arrangement):
    """Seed 000 Fig. 3: a = 4, b = 9, Δ2 = 2 under the random (3a), consecutive (3b), palmtree (3c) arrangements."""
    top = dragonfly(4, 2, arrangement=arrangement)
    assert top.params["groups"] == 9
    assert_dragonfly(top, 4, 9, 2, 1)
    assert top.n_links == 54 + 36


def test_fig3b_consecutive_first_links():
    """Seed 000 §4.1.1 read off directly: router 0 of group 0 reaches router 0 of groups 1 and 2; router 3 of
    group 0 reaches router 0 of groups 7, 8 (g = 6, 7 >= j, so group g+1, vertex floor(0/2)); router 0 of
    group 8 reaches router floor(7/2) = 3 of groups 0, 1 (g < j)."""
    top = dragonfly(4, 2, arrangement="consecutive")
    nb = {r: set(top.neighbors(r).tolist()) for r in (0, 3, 32)}
    assert {4, 8} <= nb[0] and {7 * 4, 8 * 4} <= nb[3]
    assert {0 * 4 + 3, 1 * 4 + 3} <= nb[32]


def test_fig2_circulant_is_subgraph_of_hamming_k5_k11():
    """Seed 000 Fig. 2: a = 5, b = 11, Δ2 = 2; every global link joins like-numbered routers and column i is the
    circulant graph C_11(i+1) (the paper numbers columns from 1: 'edges from x to x ± i')."""
    top = dragonfly(5, 2, arrangement="circulant")
    assert_dragonfly(top, 5, 11, 2, 1)
    g = top.kind == 1
    idx, grp = top.labels["index"], top.labels["group"]
    assert np.all(idx[top.u[g]] == idx[top.v[g]])
    for i in range(5):
        sel = g & (idx[top.u] == i)
        d = (grp[top.v[sel]] - grp[top.u[sel]]) % 11
        assert set(np.minimum(d, 11 - d).tolist()) == {i + 1}


def test_fig2_vertex_transitive():
    """Seed 000 §4.1.3: circulant with Δ2 = 2 and b prime (here 11) is vertex-transitive."""
    from topoanalysis.invariants import symmetry

    assert symmetry(dragonfly(5, 2, arrangement="circulant")).vertex_transitive


TABLE_I = [  # seed 000 Table I: a = 4, (t, actual network b, Δ2), columns "alpha = 1 in (3)" and "(4)"
    (1, 9, 2, 13, 8.7),
    (2, 5, 2, 7, 5.8),
    (3, 5, 3, 5, 4.8),
    (4, 4, 3, 4, 4.0),
]


@pytest.mark.parametrize("t,b,h,lim1,b4", TABLE_I)
def test_table_i_networks(t, b, h, lim1, b4):
    """Seed 000 Table I 'actual network example' column (a = 4, extended palmtree, Fig. 5): eq. (1) resolves
    groups <-> trunking, counts follow eq. (3), and the middle column is eq. (4) rounded to one decimal."""
    top = dragonfly(4, h, groups=b)
    assert top.params["trunking"] == t
    assert_dragonfly(top, 4, b, h, t)
    assert dragonfly(4, h, trunking=t).same_network(top)
    a = 4
    e1, e2 = top.links_per_kind()["local"], top.links_per_kind()["global"]
    assert e2 / e1 == pytest.approx(t * (b - 1) / (a * (a - 1)))                # eq. (3)
    assert 1 + a * (a - 1) / t == pytest.approx(lim1)                             # alpha = 1 in (3)
    alpha2 = 1 / (1 + (t / a - 1) ** 2)
    assert round(1 + alpha2 * a * (a - 1) / t, 1) == b4                           # eq. (4)


@pytest.mark.parametrize("t,lim_half", [(2, 4.0), (3, 3.0), (4, 2.5),
                                         pytest.param(1, 7.5, marks=pytest.mark.xfail(strict=True, reason=(
                                             "[seed000-t1] "
                                             "Camarero et al. 2014, Table I prints 7.5 for t = 1, alpha = 1/2; eq. (3) "
                                             "gives "
                                             "b = 1 + a(a-1)/(2t) = 7.0 (the other rows match)")))])
def test_table_i_alpha_half_column(t, lim_half):
    """Seed 000 Table I right column: the b limit for alpha = 1/2 in eq. (3), b = 1 + alpha a(a-1)/t."""
    assert table_i_row(4, t)["b_alpha_half"] == pytest.approx(lim_half)


def test_table_i_alpha_half_column_ours():
    # the figure the xfail above quotes, where the paper prints 7.5
    assert table_i_row(4, 1)["b_alpha_half"] == 7.0


def test_table_i_t4_hamming_and_extended_palmtree():
    """Seed 000 §5: the Hamming graph K4 □ K4 is the t = a dragonfly; §5.2.2: the extended palmtree with a = b
    is 'very similar to the Hamming graph but not isomorphic to it', and has an l-g path between any pair of
    routers in different groups."""
    import scipy.sparse as sp

    ham = dragonfly(4, 3, trunking=4, arrangement="hamming")
    assert_dragonfly(ham, 4, 4, 3, 4)
    ref = hamming2(4, 4)
    assert np.array_equal(ham.link_multiset()[:, :2], ref.link_multiset()[:, :2])  # identical, same numbering
    pt = dragonfly(4, 3, trunking=4, arrangement="palmtree")
    assert_dragonfly(pt, 4, 4, 3, 4)
    assert not pt.to_igraph().isomorphic(ref.to_igraph())
    n = pt.n_routers

    def adj(mask):
        return sp.csr_array((np.ones(2 * mask.sum()), (np.r_[pt.u[mask], pt.v[mask]], np.r_[pt.v[mask], pt.u[mask]])),
                            shape=(n, n))

    reach = ((adj(pt.kind == 0) + sp.eye_array(n)) @ adj(pt.kind == 1)).toarray() > 0
    other = pt.labels["group"][:, None] != pt.labels["group"][None, :]
    assert np.all(reach[other])


def test_table_ii_network():
    """Seed 000 §7 Table II: a = 24, t = 4, extended palmtree, b = 79 groups, Δ0 = 13, Δ1 = 23, Δ2 = 13,
    R = 49 ports, 24,648 computing nodes."""
    top = dragonfly(24, 13, trunking=4)
    assert top.params["groups"] == 79
    assert_dragonfly(top, 24, 79, 13, 4)
    assert top.n_endpoints == 24648
    assert np.all(top.radix() == 49)
    assert np.all(top.endpoints == 13)


def test_seed001_table1_network():
    """Seed 001 Table 1: 12 routers per group, 73 groups, 6 global ports, 6 nodes, 23 ports per router,
    5,256 computing nodes (876 routers)."""
    top = build("dragonfly", a=12, h=6, p=6, arrangement="palmtree")
    assert top.n_routers == 876 and top.params["groups"] == 73
    assert top.n_endpoints == 5256
    assert np.all(top.radix() == 23) and np.all(top.degree("global") == 6)
    assert_dragonfly(top, 12, 73, 6, 1)
    assert dragonfly(12, 6).same_network(top)  # default p = h (a = 2p = 2h, seed 001 §1)


# -- seed 000 vs seed 004 definitions ---------------------------------------------------------------

AH = st.tuples(st.integers(1, 9), st.integers(1, 6))


@settings(max_examples=40, deadline=None)
@given(AH)
def test_consecutive_identical_to_absolute(ah):
    a, h = ah
    assert np.array_equal(links(A.consecutive(a, h)), links(A.absolute(a, h)))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 9), st.integers(1, 3))
def test_circulant_identical_to_seed004_circulant(a, half):
    assert np.array_equal(links(A.circulant(a, 2 * half)), links(A.circulant_ports(a, 2 * half)))


@settings(max_examples=40, deadline=None)
@given(AH)
def test_palmtree_relative_mirror_images(ah):
    """Seed 000 palmtree vs seed 004 relative: the group reflection j -> -j maps one link set onto the other."""
    a, h = ah
    b = a * h + 1
    r = np.arange(a * b)
    mirror = ((-(r // a)) % b) * a + r % a
    u, v = A.palmtree(a, h)
    mu, mv = mirror[u], mirror[v]
    assert np.array_equal(links(A._sorted(mu, mv)), links(A.relative(a, h)))


@pytest.mark.parametrize("a,h", [(4, 2), (6, 3), (5, 4)])
def test_palmtree_relative_isomorphic_not_identical(a, h):
    p, r = dragonfly(a, h, arrangement="palmtree"), dragonfly(a, h, arrangement="relative")
    assert not np.array_equal(p.link_multiset(), r.link_multiset())
    assert p.to_igraph().isomorphic(r.to_igraph())


@settings(max_examples=40, deadline=None)
@given(AH)
def test_extended_palmtree_t1_is_palmtree(ah):
    a, h = ah
    assert np.array_equal(links(A.extended_palmtree(a, a * h + 1, h)), links(A.palmtree(a, h)))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 9), st.integers(1, 3))
def test_extended_circulant_t1_is_circulant(a, half):
    h = 2 * half
    assert np.array_equal(links(A.extended_circulant(a, a * h + 1, h)), links(A.circulant(a, h)))


@pytest.mark.parametrize("a", [2, 4, 6])
def test_extended_circulant_t_a_is_hamming(a):
    """Seed 000 §5.2.3 with t = a (b = a + 1 odd when a even, Δ2 = b - 1 = a): the Hamming arrangement."""
    b = a + 1
    assert np.array_equal(links(A.extended_circulant(a, b, a)), links(A.hamming(a, b)))


# -- general properties -------------------------------------------------------------------------------

def _trunked_cases():
    out = []
    for a in range(1, 9):
        for t in range(1, a + 1):
            for b in range(2, 20):
                if (t * (b - 1)) % a == 0:
                    out.append((a, b, t * (b - 1) // a, t))
    return out


TRUNKED = _trunked_cases()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TRUNKED), st.sampled_from(["palmtree", "circulant", "random", "hamming"]),
       st.integers(0, 5))
def test_trunked_dragonflies_are_regular_with_t_links_per_pair(case, arrangement, seed):
    """Seed 000 §5/§5.2: for every (a, b, Δ2, t) obeying eq. (1), t links per pair of groups on disjoint routers."""
    a, b, h, t = case
    if arrangement == "circulant" and (h % 2 or b % 2 == 0):
        with pytest.raises(ValueError, match="circulant"):
            dragonfly(a, h, groups=b, arrangement=arrangement)
        return
    if arrangement == "hamming" and t != a:
        with pytest.raises(ValueError, match="hamming"):
            dragonfly(a, h, groups=b, arrangement=arrangement)
        return
    top = dragonfly(a, h, groups=b, arrangement=arrangement, seed=seed)
    assert top.params["trunking"] == t
    assert_dragonfly(top, a, b, h, t)


@settings(max_examples=40, deadline=None)
@given(AH, st.sampled_from(CANONICAL), st.integers(0, 3))
def test_canonical_dragonflies(ah, arrangement, p):
    a, h = ah
    if arrangement == "circulant" and h % 2:
        return
    top = dragonfly(a, h, p=p, arrangement=arrangement)
    assert_dragonfly(top, a, a * h + 1, h, 1)
    assert top.n_endpoints == p * a * (a * h + 1)


def test_random_is_seeded():
    x = dragonfly(6, 3, arrangement="random", seed=7)
    assert x.same_network(dragonfly(6, 3, arrangement="random", seed=7))
    assert not x.same_network(dragonfly(6, 3, arrangement="random", seed=8))
    assert x.params["seed"] == 7
    # documented default seed 0, recorded
    d = dragonfly(6, 3, arrangement="random")
    assert d.params["seed"] == 0 and d.same_network(dragonfly(6, 3, arrangement="random", seed=0))
    # the draw differs from the deterministic arrangements
    assert not x.same_network(dragonfly(6, 3))


def test_random_trunked_is_seeded():
    x = dragonfly(8, 4, groups=9, arrangement="random", seed=3)
    assert x.params["trunking"] == 4
    assert x.same_network(dragonfly(8, 4, groups=9, arrangement="random", seed=3))
    assert not x.same_network(dragonfly(8, 4, groups=9, arrangement="random", seed=4))


def test_params_labels_and_rebuild():
    top = dragonfly(4, 2, p=0, arrangement="Extended-Palmtree")
    assert top.params == {"a": 4, "h": 2, "p": 0, "groups": 9, "arrangement": "palmtree", "trunking": 1,
                          "seed": None}
    assert top.kind_names == ("local", "global") and top.family == "dragonfly"
    assert build("dragonfly", **top.params).same_network(top)
    assert set(top.labels) == {"group", "index"}


def test_p_zero_and_a_one():
    top = dragonfly(1, 4, p=0)  # a = 1: the complete graph K5 of single-router groups
    assert top.n_routers == 5 and top.n_links == 10 and top.n_endpoints == 0


# -- validation --------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs,match", [
    (dict(a=4, h=3, arrangement="circulant"), r"h must be even"),
    (dict(a=4, h=2, groups=6), r"groups=6 fits no trunking level"),
    (dict(a=4, h=2, groups=5, trunking=3), r"violate eq. \(1\)"),
    (dict(a=4, h=3, trunking=5), r"trunking must be <= a"),
    (dict(a=4, h=3, trunking=5, groups=4), r"trunking must be <= a"),
    (dict(a=4, h=2, trunking=3), r"t to divide a\*h"),
    (dict(a=-1, h=2), r"a must be an integer >= 1"),
    (dict(a=4, h=0), r"h must be an integer >= 1"),
    (dict(a=4, h=2, p=-1), r"p must be an integer >= 0"),
    (dict(a=4, h=2, groups=1), r"groups must be an integer >= 2"),
    (dict(a=4.5, h=2), r"a must be an integer"),
    (dict(a=4, h=2, arrangement="spiral"), r"unknown arrangement 'spiral'; known: .*palmtree"),
    (dict(a=4, h=2, groups=5, arrangement="consecutive"), r"only without trunking"),
    (dict(a=4, h=2, groups=5, arrangement="relative"), r"only without trunking"),
    (dict(a=4, h=2, arrangement="hamming"), r"needs trunking t = a"),
    (dict(a=6, h=2, groups=4, arrangement="circulant"), r"groups must be odd"),
    (dict(a=4, h=2, arrangement="random", seed=-1), r"seed must be an integer >= 0"),
    (dict(a=10_000, h=10_000), r"exceeds the limit"),
])
def test_value_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        dragonfly(**kwargs)


def test_resolve_groups():
    assert resolve_groups(4, 2, None, None) == (9, 1)
    assert resolve_groups(4, 2, 5, None) == (5, 2)
    assert resolve_groups(24, 13, None, 4) == (79, 4)
    assert resolve_groups(4, 3, 4, 4) == (4, 4)
