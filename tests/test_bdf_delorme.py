"""Diameter-3 graphs of seed 002 (Besta & Hoefler) §II-C / Fig. 5b: Delorme (DEL, ref. [13]) and
Bermond-Delorme-Farhi (BDF, ref. [6]) parameters, built from W(v) and from ER_u * joiner."""

from __future__ import annotations

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from topoanalysis.cli import main
from topoanalysis.families import build
from topoanalysis.generators.bdf import MAX_U, bdf, bdf_parameters, joiner, joiner_property, polarity_graph
from topoanalysis.generators.delorme import MAX_V, delorme, delorme_parameters, symplectic_quadrangle
from topoanalysis.invariants.distances import distance_stats
from topoanalysis.invariants.moore import moore_bound, moore_fraction
from topoanalysis.invariants.symmetry import symmetry
from topoanalysis.io.csv import read_csv


def degrees(topo) -> np.ndarray:
    return np.bincount(np.concatenate([topo.u, topo.v]), minlength=topo.n_routers)


def paper_del(v: int) -> tuple[int, int]:
    """Seed 002 §II-C: DEL graphs have N_r = (v+1)^2 (v^2+1)^2 and k' = (v+1)^2."""
    return (v + 1) ** 2 * (v ** 2 + 1) ** 2, (v + 1) ** 2


def paper_bdf(u: int) -> tuple[int, int]:
    """Seed 002 §II-C: BDF graphs have k' = 3(u+1)/2 and N_r = 8/27 k'^3 - 4/9 k'^2 + 2/3 k'."""
    k = Fraction(3 * (u + 1), 2)
    n = Fraction(8, 27) * k ** 3 - Fraction(4, 9) * k ** 2 + Fraction(2, 3) * k
    assert n.denominator == 1 and k.denominator == 1
    return int(n), int(k)


# -- Delorme ------------------------------------------------------------------------------------

@pytest.mark.parametrize("v", [2, 3, 4, 5])
def test_symplectic_quadrangle_is_a_gq_of_order_v(v):
    points, lines = symplectic_quadrangle(v)
    n = (v + 1) * (v * v + 1)
    assert points.shape == (n, 4) and lines.shape == (n, v + 1)
    inc = np.zeros((n, n), dtype=np.int64)
    inc[lines, np.arange(n)[:, None]] = 1
    assert (inc.sum(axis=0) == v + 1).all() and (inc.sum(axis=1) == v + 1).all()
    collinear = inc @ inc.T  # common lines of two points
    np.fill_diagonal(collinear, 0)
    assert collinear.max() == 1  # two points share at most one line
    # GQ axiom: a point off a line is collinear with exactly one point of it
    on_line_collinear = collinear @ inc
    off = inc == 0
    assert (on_line_collinear[off] == 1).all()


def test_w2_incidence_graph_is_tuttes_8_cage():
    _, lines = symplectic_quadrangle(2)
    g = nx.Graph((int(p), 15 + li) for li, row in enumerate(lines) for p in row)
    assert g.number_of_nodes() == 30 and nx.girth(g) == 8 and nx.diameter(g) == 4
    assert nx.is_isomorphic(g, nx.LCF_graph(30, [-13, -9, 7, -7, 9, 13], 5))  # Tutte-Coxeter graph


@pytest.mark.parametrize("v", [2, 3, 4, 5])
def test_delorme_size_and_degrees_are_the_papers(v):
    topo = build("delorme", v=v)
    n_r, k = paper_del(v)
    assert topo.n_routers == n_r and delorme_parameters(v) == (n_r, k)
    assert topo.params["network_radix"] == k and topo.kind_names == ("link",)
    deg = degrees(topo)
    flag = topo.labels["flag"].astype(bool)
    # the loop at a flag (P on L) is dropped: flag routers have k' - 1 links, the others k'
    assert flag.sum() == (v + 1) ** 2 * (v * v + 1)
    assert deg.max() == k and (deg[flag] == k - 1).all() and (deg[~flag] == k).all()
    pairs = set(zip(topo.u.tolist(), topo.v.tolist()))
    assert len(pairs) == topo.u.size  # a simple graph


@pytest.mark.parametrize("v", [2, 3])
def test_delorme_diameter_is_3(v):
    ds = distance_stats(delorme(v))
    assert ds.connected and ds.diameter == 3


def test_delorme_v4_diameter_is_3_with_two_orbits():
    topo = delorme(4)
    orbits = symmetry(topo).vertex_orbits
    assert sorted(len(o) for o in orbits) == [425, 6800]  # flags and anti-flags of W(4)
    assert distance_stats(topo, orbits).diameter == 3


def test_delorme_diameter_agrees_with_networkx():
    topo = delorme(2)
    g = topo.to_networkx()
    assert nx.diameter(g) == distance_stats(topo).diameter == 3
    assert dict(nx.degree(g)) == dict(enumerate(degrees(topo).tolist()))


def test_delorme_adjacency_rule():
    v = 3
    topo = delorme(v)
    _, lines = symplectic_quadrangle(v)
    n = lines.shape[0]
    inc = np.zeros((n, n), dtype=bool)
    inc[lines, np.arange(n)[:, None]] = True
    pt, ln = topo.labels["point"], topo.labels["line"]
    # every link (P, L) -- (P', L') has P on L' and P' on L
    assert inc[pt[topo.u], ln[topo.v]].all() and inc[pt[topo.v], ln[topo.u]].all()


@pytest.mark.parametrize("bad", [6, 10, 12, 1, 0, -3])
def test_delorme_rejects_non_prime_powers(bad):
    with pytest.raises(ValueError, match="v must be"):
        delorme(bad)


def test_delorme_rejects_bad_types_and_too_large():
    for bad in (3.0, "3", True):
        with pytest.raises(ValueError, match="v must be an integer prime power"):
            delorme(bad)
    with pytest.raises(ValueError, match=f"v must be <= {MAX_V}"):
        delorme(9)
    with pytest.raises(ValueError, match="p"):
        delorme(2, p=-1)


# -- BDF ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("m", range(2, 65))
def test_joiner_has_property_p_diameter_2_and_degree_m(m):
    holds, diameter, degree = joiner_property(joiner(m))
    assert holds and diameter in (1, 2) and degree == m


def test_joiner_property_check_can_fail():
    # K_{m,m} with f swapping or keeping sides: f(N(f(j))) is a whole side, so P fails
    m = 4
    kmm = np.zeros((2 * m, 2 * m), dtype=bool)
    kmm[:m, m:] = kmm[m:, :m] = True
    assert joiner_property(kmm)[0] is False
    perm = np.r_[0:2 * m:2, 1:2 * m:2]  # sides {even}, {odd}: f(j) = j + 4 keeps the side
    assert joiner_property(kmm[np.ix_(perm, perm)])[0] is False


@pytest.mark.parametrize("q", [3, 4, 5, 7])
def test_polarity_graph(q):
    points, u, v = polarity_graph(q)
    n = q * q + q + 1
    assert points.shape == (n, 3)
    deg = np.bincount(np.concatenate([u, v]), minlength=n)
    # q + 1 absolute points lose their loop (degree q); the others have degree q + 1
    assert sorted(np.unique(deg, return_counts=True)[1].tolist()) == sorted([q + 1, n - q - 1])
    g = nx.Graph(list(zip(u.tolist(), v.tolist())))
    assert nx.diameter(g) == 2


@pytest.mark.parametrize("u", [3, 5, 7, 9, 11])
def test_bdf_size_degree_and_diameter_are_the_papers(u):
    topo = build("bdf", u=u)
    n_r, k = paper_bdf(u)
    assert topo.n_routers == n_r == (u + 1) * (u * u + u + 1) and bdf_parameters(u) == (n_r, k)
    deg = degrees(topo)
    assert deg.max() == k and topo.params["network_radix"] == k
    # only the u+1 supernodes of absolute points and short joiner vertices fall below k'
    assert (deg == k).sum() >= (u * u) * (u + 1) // 2
    assert topo.kind_names == ("local", "global")
    ds = distance_stats(topo)
    assert ds.connected and ds.diameter == 3


def test_bdf_diameter_agrees_with_networkx():
    topo = bdf(5)
    g = topo.to_networkx()
    assert g.number_of_nodes() == 186 and nx.diameter(g) == 3


def test_bdf_is_regular_outside_absolute_supernodes_when_the_joiner_is():
    # u = 9: m = 5, every joiner vertex has degree 5, so only the 10 absolute supernodes are short
    topo = bdf(9)
    deg = degrees(topo)
    short = np.unique(topo.labels["point"][deg < 15])
    assert short.size == 10 and (deg[np.isin(topo.labels["point"], short)] == 14).all()
    assert (deg[~np.isin(topo.labels["point"], short)] == 15).all()


@pytest.mark.parametrize("bad,match", [(4, "odd"), (8, "odd"), (15, "prime power"), (1, "u must be"),
                                       (6, "prime power")])
def test_bdf_rejects(bad, match):
    with pytest.raises(ValueError, match=match):
        bdf(bad)


def test_bdf_rejects_too_large():
    with pytest.raises(ValueError, match=f"u must be <= {MAX_U}"):
        bdf(53)


# -- Moore-bound fractions (seed 002 §II-C) --------------------------------------------------------

def test_moore_fractions_near_radix_96_match_the_paper():
    # §II-C: "Delorme and BDF graphs achieve, respectively, 68% and 30% of the Moore Bound"
    # (Fig. 5b, stated for k' = 96).  No DEL graph has k' = 96 (k' = (v+1)^2): the nearest is
    # v = 9, k' = 100; BDF needs k' = 3(u+1)/2: u = 61 (k' = 93) and u = 67 (k' = 102).
    n, k = paper_del(9)
    assert round(100 * moore_fraction(n, k, 3)) == 68
    for u in (61, 67):
        n, k = paper_bdf(u)
        assert round(100 * moore_fraction(n, k, 3)) in (29, 30)
        assert moore_fraction(n, k, 3) == pytest.approx(0.30, abs=0.006)


@pytest.mark.parametrize("family,par", [("delorme", 2), ("delorme", 3), ("bdf", 5), ("bdf", 9)])
def test_built_instances_reach_the_formula_fraction(family, par):
    topo = build(family, **({"v": par} if family == "delorme" else {"u": par}))
    n, k = paper_del(par) if family == "delorme" else paper_bdf(par)
    assert degrees(topo).max() == k
    assert moore_fraction(topo.n_routers, k, 3) == pytest.approx(n / moore_bound(k, 3))
    # far above the diameter-2 Moore bound: diameter 3 is forced
    assert topo.n_routers > moore_bound(k, 2)


def test_cli_builds_both_families(tmp_path, capsys):
    assert main(["build", "delorme", "--v", "2", "--out", str(tmp_path / "del")]) == 0
    assert main(["build", "bdf", "--u", "3", "--out", str(tmp_path / "bdf")]) == 0
    capsys.readouterr()
    for name, ref in (("del", delorme(2)), ("bdf", bdf(3))):
        back = read_csv(tmp_path / name)
        assert back.n_routers == ref.n_routers and back.family == ref.family
        assert np.array_equal(np.sort(degrees(back)), np.sort(degrees(ref)))


@pytest.mark.parametrize("argv,says", [
    (["delorme", "--v", "6"], "v must be a prime power"),
    (["delorme", "--v", "9"], "v must be <= 8"),
    (["delorme", "--v", "three"], "--v"),
    (["bdf", "--u", "4"], "u must be an odd prime power"),
    (["bdf", "--u", "53"], "u must be <= 49"),
    (["bdf", "--u", "2.0"], "--u"),
    (["delorme", "--u", "3"], "--u"),
])
def test_cli_refuses_bad_parameters(argv, says, capsys):
    try:
        code = main(["build", *argv])
    except SystemExit as exc:  # argparse refuses a non-integer itself
        code = exc.code
    assert code == 2
    assert says in capsys.readouterr().err.strip().splitlines()[-1]


def test_one_prime_power_check_for_every_family():
    # the MMS q (seed 002 §II-B1), the Delorme v and the BDF u (§II-C) share galois_field's check
    from topoanalysis.generators import bdf as bdf_mod, delorme as delorme_mod, galois_field as gf

    assert bdf_mod.check_prime_power is delorme_mod.check_prime_power is gf.check_prime_power
    assert [n for n in range(-2, 30) if gf.is_prime_power(n)] == [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25,
                                                                   27, 29]
    assert not any(gf.is_prime_power(x) for x in (4.0, "4", True, None))
    assert gf.check_prime_power("v", np.int64(9)) == 9
    with pytest.raises(ValueError, match="w must be a prime power .* got w=12"):
        gf.check_prime_power("w", 12)
    with pytest.raises(ValueError, match="w must be an integer prime power"):
        gf.check_prime_power("w", 2.0)
    assert gf.prime_power(27) == (3, 3)
    with pytest.raises(ValueError, match="u must be a prime power"):
        gf.prime_power(6, "u")
