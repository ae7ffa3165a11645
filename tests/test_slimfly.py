"""Slim Fly MMS graphs over GF(q): seed 002 (Besta & Hoefler) §II, §V, §VI-A, §VII-A, Table IV; seed 003 §2."""

from __future__ import annotations

import galois
import numpy as np
import pytest
import scipy.sparse as sp

from topoanalysis.families import build
from topoanalysis.generators.classic import hoffman_singleton
from topoanalysis.generators.galois_field import field_tables, prime_power
from topoanalysis.generators.slimfly import (
    full_bandwidth_p, generator_sets, mms_parameters, moore_bound, slimfly, slimfly_racks,
)

#: every prime power 3 <= q <= 49 (all are 4w + delta with delta in {-1, 0, 1})
ADMISSIBLE = [3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43, 47, 49]


def within_two_hops(adj: sp.csr_array, block: int = 1024) -> bool:
    """True when every router reaches every other in <= 2 hops: A^2 + A + I has no zero (sparse, by row blocks)."""
    a = sp.csr_array(adj, dtype=np.int32)
    n = a.shape[0]
    for s in range(0, n, block):
        rows = a[s:s + block]
        reach = (rows @ a).toarray() + rows.toarray()
        reach[np.arange(reach.shape[0]), np.arange(s, s + reach.shape[0])] += 1
        if not reach.all():
            return False
    return True


# -- GF(q) tables -----------------------------------------------------------------------------------

@pytest.mark.parametrize("q", [5, 7, 4, 8, 9, 16, 25, 27, 49])
def test_field_tables_agree_with_galois(q):
    t = field_tables(q)
    GF = galois.GF(q, compile="python-calculate")  # no JIT: this only cross-checks small tables
    e = GF.elements
    assert np.array_equal(t.add, np.asarray(e[:, None] + e[None, :], dtype=np.int64))
    assert np.array_equal(t.sub, np.asarray(e[:, None] - e[None, :], dtype=np.int64))
    assert np.array_equal(t.mul, np.asarray(e[:, None] * e[None, :], dtype=np.int64))
    assert np.array_equal(t.neg, np.asarray(-e, dtype=np.int64))
    assert t.irreducible_poly == str(GF.irreducible_poly)
    assert t.irreducible_poly_int == int(GF.irreducible_poly)
    assert np.array_equal(t.order[1:], np.asarray(e[1:].multiplicative_order(), dtype=np.int64))
    assert np.array_equal(t.primitive_elements(), np.sort(np.asarray(GF.primitive_elements)))


def test_field_tables_cached_and_readonly():
    assert field_tables(9) is field_tables(9)
    with pytest.raises(ValueError):
        field_tables(9).mul[0, 0] = 1


def test_field_tables_custom_polynomial():
    # x^2 + 1 is irreducible over GF(3) but not primitive (x has order 4): tables must still be a field
    t = field_tables(9, irreducible_poly=10)
    # galois derives a primitive element with JIT code (~10 s) unless told one; x + 1 = 4 has order 8
    GF = galois.GF(9, irreducible_poly="x^2 + 1", primitive_element="x + 1", verify=False, compile="python-calculate")
    e = GF.elements
    assert np.array_equal(t.mul, np.asarray(e[:, None] * e[None, :], dtype=np.int64))
    assert t.irreducible_poly == "x^2 + 1" and t.smallest_primitive() == 4
    with pytest.raises(ValueError, match="irreducible_poly must be irreducible"):
        field_tables(9, irreducible_poly=9 + 2 * 3 + 1)  # x^2 + 2x + 1 = (x + 1)^2
    for bad in (3, 2 * 9 + 1, 27 + 1):  # degree 1, not monic, degree 3
        with pytest.raises(ValueError, match="irreducible_poly must be a monic polynomial of degree 2"):
            field_tables(9, irreducible_poly=bad)
    with pytest.raises(ValueError, match="irreducible_poly must be an integer"):
        field_tables(9, irreducible_poly="x^2 + 1")


@pytest.mark.parametrize("q", [0, 1, 6, 10, 12, 15, 18, 100, -7])
def test_prime_power_rejects(q):
    with pytest.raises(ValueError, match="q must be"):
        prime_power(q)


# -- parameters -------------------------------------------------------------------------------------

def test_mms_parameters_seed002_section_II_B1():
    # q = 4w + delta, k' = (3q - delta)/2 (seed 002 §II-B1)
    assert mms_parameters(5) == (1, 1, 7)
    assert mms_parameters(19) == (5, -1, 29)
    assert mms_parameters(4) == (1, 0, 6)
    assert mms_parameters(64) == (16, 0, 96)


@pytest.mark.parametrize("q", [2, 1, 0, -5, 6, 12, 100, 2.0, True, "5", None])
def test_invalid_q_names_q(q):
    with pytest.raises(ValueError, match=r"\bq\b"):
        slimfly(q)


def test_too_large_q():
    with pytest.raises(ValueError, match="q must be <= "):
        slimfly(131)


@pytest.mark.parametrize("p", [-1, 1.5, True, "3"])
def test_invalid_p(p):
    with pytest.raises(ValueError, match=r"^p \(endpoints"):
        slimfly(5, p=p)


@pytest.mark.parametrize("prim", [1, 4, 0, 5, -1, 2.0])
def test_invalid_primitive(prim):
    # GF(5): 4 has order 2, 1 order 1, 0 and 5 / -1 are not field elements
    with pytest.raises(ValueError, match="primitive"):
        slimfly(5, primitive=prim)


# -- generator sets ---------------------------------------------------------------------------------

def test_generator_sets_q5_example_seed002():
    # seed 002 §II-B1 d): xi = 2, X = {1, 4}, X' = {2, 3}
    X, Xp = generator_sets(5, 2)
    assert X.tolist() == [1, 4] and Xp.tolist() == [2, 3]
    assert field_tables(5).smallest_primitive() == 2


@pytest.mark.parametrize("q", ADMISSIBLE)
def test_generator_sets_properties(q):
    t = field_tables(q)
    _, delta, _ = mms_parameters(q)
    X, Xp = generator_sets(q, t.smallest_primitive())
    for S in (X, Xp):
        assert 0 not in S
        assert len(S) == (q - delta) // 2
        assert set(t.neg[S].tolist()) == set(S.tolist())  # closed under negation: Eq. (1)/(2) are symmetric


@pytest.mark.xfail(strict=True, reason="[seed003-delta-minus1] Han et al. 2017, §2 lists X = {1, xi^2, ..., xi^(2w-2)} for "
                   "delta = -1, w elements: {1, 2} for q = 7 (xi = 3), which is not closed under negation "
                   "(-1 = 6, -2 = 5); the MMS set of an undirected graph is {1, 2, 5, 6}")
def test_seed003_delta_minus1_sets_as_printed():
    t = field_tables(7)
    X, _ = generator_sets(7, 3)
    assert set(X.tolist()) == {int(x) for x in t.powers(3, 7)[[0, 2]]}


def test_seed003_delta_minus1_sets_as_printed_ours():
    # seed 003 §2 lists X = {1, xi^2, ..., xi^(2w-2)} for delta = -1: for q = 7 (w = 2, xi = 3) that is {1, 2},
    # not closed under negation (-1 = 6), so it cannot define an undirected graph; the MMS sets add the negatives
    # (the xfail above).
    t = field_tables(7)
    literal = {int(x) for x in t.powers(3, 7)[[0, 2]]}
    assert literal == {1, 2}
    assert {int(t.neg[x]) for x in literal} != literal
    X, Xp = generator_sets(7, 3)
    assert X.tolist() == sorted(literal | {int(t.neg[x]) for x in literal})


# -- the MMS graphs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("q", ADMISSIBLE)
def test_mms_graph_structure(q):
    T = slimfly(q)
    w, delta, k_net = mms_parameters(q)
    qq = q * q
    assert T.n_routers == 2 * qq
    assert k_net == (3 * q - delta) // 2
    assert np.all(T.degree() == k_net)
    assert np.all(T.degree("local") == (q - delta) // 2)  # seed 002 §VI-A: (q - delta)/2 local neighbours
    assert np.all(T.degree("global") == q)
    assert not T.has_parallel_links
    assert T.links_per_kind() == {"local": qq * (q - delta) // 2, "global": q ** 3}
    assert within_two_hops(T.adjacency())
    assert T.n_links < T.n_routers * (T.n_routers - 1) // 2  # not complete: diameter exactly 2
    assert T.params["delta"] == delta and T.params["w"] == w and T.params["network_radix"] == k_net
    assert T.params["p"] == full_bandwidth_p(k_net) and np.all(T.endpoints == T.params["p"])


@pytest.mark.parametrize("q", [3, 4, 5, 7, 9, 13])
def test_mms_diameter_with_igraph(q):
    assert slimfly(q).to_igraph().diameter() == 2


@pytest.mark.parametrize("q", [5, 8, 9, 11])
def test_links_follow_equations_1_to_3(q):
    T = slimfly(q)
    t = field_tables(q)
    X, Xp = (set(a) for a in (T.params["X"], T.params["X_prime"]))
    s, x, y = T.labels["s"], T.labels["x"], T.labels["y"]
    assert np.array_equal(np.arange(T.n_routers), s * q * q + x * q + y)
    for a, b, k in zip(T.u.tolist(), T.v.tolist(), T.kind.tolist()):
        if k == 0:
            assert s[a] == s[b] and x[a] == x[b]
            assert int(t.sub[y[a], y[b]]) in (X if s[a] == 0 else Xp)
        else:
            assert s[a] == 0 and s[b] == 1
            assert y[a] == t.add[t.mul[x[b], x[a]], y[b]]  # y = m x + c
    # and nothing is missing: every pair satisfying Eq. (1) is linked
    links = set(zip(T.u.tolist(), T.v.tolist()))
    for xx in range(q):
        for y1 in range(q):
            for y2 in range(y1 + 1, q):
                if int(t.sub[y1, y2]) in X:
                    assert (xx * q + y1, xx * q + y2) in links


@pytest.mark.parametrize("q", [7, 8, 9, 11, 13, 19])
def test_every_primitive_element_gives_an_mms_graph(q):
    t = field_tables(q)
    for a in t.primitive_elements().tolist():
        T = slimfly(q, primitive=a)
        assert T.params["primitive"] == a
        assert np.all(T.degree() == T.params["network_radix"]) and within_two_hops(T.adjacency())


def test_primitive_choice_can_change_the_graph():
    # q = 11 (delta = -1): xi = 2 and xi = 7 give non-isomorphic MMS graphs, hence the `primitive` option
    g2, g7 = slimfly(11, primitive=2).to_igraph(), slimfly(11, primitive=7).to_igraph()
    assert not g2.isomorphic(g7)


@pytest.mark.parametrize("prim", [2, 3])
def test_q5_is_hoffman_singleton(prim):
    # seed 002 §II-B1 d): the q = 5 MMS graph is the Hoffman-Singleton graph
    assert slimfly(5, primitive=prim).to_igraph().isomorphic(hoffman_singleton().to_igraph())


def test_same_arguments_same_network():
    assert slimfly(9, p=3, primitive=5).same_network(slimfly(9, p=3, primitive=5))
    assert build("slimfly", q=9, p=3, primitive=5).same_network(slimfly(9, p=3, primitive=5))


def test_params_record_field():
    T = slimfly(9)
    assert T.params["irreducible_poly"] == "x^2 + 2x + 2" and T.params["irreducible_poly_int"] == 17
    assert T.params["primitive"] == 3  # smallest primitive element of GF(9) in integer order
    assert T.params["q"] == 9


# -- paper figures ----------------------------------------------------------------------------------

def test_q19_seed002_sections_V_and_VI_A():
    # seed 002 §V: "SF has k = 44, p = 15, Nr = 722, N = 10,830"; §VI-A: k' = 29, p = 15, k = k' + p = 44
    T = slimfly(19)
    assert T.n_routers == 722
    assert T.params["network_radix"] == 29
    assert T.params["p"] == 15
    assert T.n_endpoints == 10_830
    assert int(T.radix()[0]) == 44 and np.all(T.radix() == 44)


def test_q19_layout_seed002_section_VI_A():
    # seed 002 §VI-A: q = 19 racks of 38 routers (570 endpoints), 2q = 38 global channels between every pair
    # of racks, q intra-rack links between the two subgroups of a rack.
    T = slimfly(19)
    rack = slimfly_racks(T)
    assert np.array_equal(np.bincount(rack), np.full(19, 38))
    assert np.array_equal(np.bincount(rack, weights=T.endpoints), np.full(19, 570))
    ru, rv = rack[T.u], rack[T.v]
    pair = np.bincount(np.minimum(ru, rv) * 19 + np.maximum(ru, rv), minlength=19 * 19).reshape(19, 19)
    off = pair[np.triu_indices(19, 1)]
    assert np.all(off == 38)
    glob = T.kind == T.kind_index("global")
    assert np.all(np.bincount(ru[glob & (ru == rv)], minlength=19) == 19)
    # "a different layout": one rack per subgroup, 19 routers / 285 endpoints each (the paper prints
    # "q = 39 racks"; there are 2q = 38 subgroups: the xfail below)
    sub = T.labels["s"] * 19 + T.labels["x"]
    assert np.bincount(sub).size == 38 and np.all(np.bincount(sub) == 19)
    assert np.all(np.bincount(sub, weights=T.endpoints) == 285)


@pytest.mark.xfail(strict=True, reason="[seed002-racks] Besta & Hoefler 2014, §VI-A: 'a different layout would allow for q = 39 "
                   "racks with 19 routers and 285 endpoints in each rack'; the q = 19 Slim Fly has 2q = 38 "
                   "subgroups of 19 routers (and 39 racks of 19 would be 741 routers, not 722)")
def test_q19_second_layout_rack_count_as_printed():
    T = slimfly(19)
    sub = T.labels["s"] * 19 + T.labels["x"]
    assert np.unique(sub).size == 39


def test_q19_second_layout_rack_count_as_printed_ours():
    T = slimfly(19)
    sub = T.labels["s"] * 19 + T.labels["x"]
    assert np.unique(sub).size == 38 == 2 * 19


def test_table_iv_size():
    # seed 002 Table IV, row SF: N = 10,830 endpoints, Nr = 722 routers; radix k' + p = 44 (the
    # table prints 43: the SF radix cell of tests/test_cost.py)
    T = slimfly(19)
    assert (T.n_endpoints, T.n_routers) == (10_830, 722)
    assert set(T.radix().tolist()) == {44}


def test_oversubscribed_seed002_section_V_E():
    # seed 002 §V-E: k' = 29 with p = 16..21 connects "from 11,552 up to 15,162 endpoints"
    assert slimfly(19, p=16).n_endpoints == 11_552
    assert slimfly(19, p=21).n_endpoints == 15_162


def test_balanced_p_formula_seed002_section_II_B2():
    # p = k' Nr / (2 Nr - k' - 2) rounds up to ceil(k'/2) for the odd k' of q = 19
    nr, k = 722, 29
    assert int(np.ceil(k * nr / (2 * nr - k - 2))) == full_bandwidth_p(k) == 15


def test_moore_bound_seed002_section_II_A_B():
    # §II-B: Hoffman-Singleton has 50 radix-7 vertices and meets the Moore bound; §II-B3: for k' = 96 the
    # MMS graph has 8,192 routers against a bound of 9,217 ("only 12% worse")
    assert moore_bound(7, 2) == 50 == slimfly(5).n_routers
    assert moore_bound(3, 2) == 10
    T = slimfly(64)
    assert T.params["network_radix"] == 96 and T.n_routers == 8_192
    assert np.all(T.degree() == 96)
    assert moore_bound(96, 2) == 9_217
    assert int(100 * (moore_bound(96, 2) - T.n_routers) / T.n_routers) == 12  # 12.5%, truncated as in the paper
    with pytest.raises(ValueError, match="radix"):
        moore_bound(0, 2)


@pytest.mark.slow
def test_q64_diameter_two():
    assert within_two_hops(slimfly(64).adjacency())


def _balanced_sizes(limit: int) -> list[tuple[int, int]]:
    out = []
    for q in range(3, 200):
        try:
            _, _, k = mms_parameters(q)
        except ValueError:
            continue
        n = 2 * q * q * full_bandwidth_p(k)
        if n <= limit:
            out.append((q, n))
    return out


@pytest.mark.xfail(strict=True, reason="[seed002-variants] "
                                       "Besta & Hoefler 2014, §VII-A counts 11 balanced SF variants up to 20,000 endpoints; "
                   "with N = 2q^2 ceil(k'/2) every prime power q = 3..23 qualifies, which is 12 "
                   "(q = 23 gives 19,044; the paper does not list which one it leaves out)")
def test_balanced_variants_up_to_20000_seed002_section_VII_A():
    assert len(_balanced_sizes(20_000)) == 11


def test_balanced_variants_up_to_20000_seed002_section_VII_A_ours():
    sizes = dict(_balanced_sizes(20_000))
    assert len(sizes) == 12  # the paper counts 11 (xfail above)
    assert sizes[19] == 10_830 and sizes[5] == 200 and max(sizes) == 23 and sizes[23] == 19_044


def test_racks_reject_other_families():
    with pytest.raises(ValueError, match="topo"):
        slimfly_racks(hoffman_singleton())
