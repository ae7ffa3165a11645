"""The profile search (topoanalysis.bisection.profiles): exact minimum bisection of canonical
dragonflies, checked against brute force on small ones and against CP-SAT on seed 004's (p, 4, 2)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

import topoanalysis as ta
from topoanalysis.bisection import crossing_counts, exact_bisection
from topoanalysis.bisection.profiles import profile_bisection, profile_structure


def _brute_force(top, wl: int, wg: int) -> int:
    """Minimum of wl·local + wg·global crossings over all cuts with n//2 or (n+1)//2 routers on side 1."""
    n = top.n_routers
    glob = top.kind == top.kind_index("global")
    w = np.where(glob, wg, wl)
    best = None
    for k in sorted({n // 2, (n + 1) // 2}):
        for sub in combinations(range(n), k):
            side = np.zeros(n, dtype=np.int8)
            side[list(sub)] = 1
            c = int(w[side[top.u] != side[top.v]].sum())
            best = c if best is None else min(best, c)
    return best


SMALL = [(a, h, arr) for a, h in [(2, 1), (2, 2), (3, 1)] for arr in ("absolute", "relative", "circulant", "random")
         if not (arr == "circulant" and h == 1)]  # the circulant arrangement needs h >= 2


@pytest.mark.parametrize("a,h,arrangement", SMALL)
@pytest.mark.parametrize("wl,wg", [(1, 0), (1, 1), (2, 3), (1, 3), (0, 1)])
def test_profile_search_matches_brute_force_on_small_dragonflies(a, h, arrangement, wl, wg):
    top = ta.build("dragonfly", a=a, h=h, arrangement=arrangement)
    n = top.n_routers
    res = profile_bisection(top, wl, wg, n // 2, (n + 1) // 2, upper_bound=10 ** 6)
    assert res["status"] == "OPTIMAL"
    assert res["objective"] == _brute_force(top, wl, wg)
    side = res["side"]
    glob = top.kind == top.kind_index("global")
    cut = side[top.u] != side[top.v]
    assert wl * int(cut[~glob].sum()) + wg * int(cut[glob].sum()) == res["objective"]
    assert n // 2 <= int(side.sum()) <= (n + 1) // 2


@pytest.mark.parametrize("arrangement", ["absolute", "relative", "circulant"])
@pytest.mark.parametrize("alpha", ["3/2", "2", "3"])
def test_profile_search_agrees_with_cp_sat_on_seed004_p42(arrangement, alpha):
    # seed 004 §III, Fig. 5: the (p,4,2) dragonflies, where CP-SAT proves every α in seconds
    from topoanalysis.bisection import integer_weights, kind_weights

    top = ta.build("dragonfly", a=4, h=2, arrangement=arrangement)
    ref = exact_bisection(top, alpha=Fraction(alpha), solver="cp-sat")
    got = exact_bisection(top, alpha=Fraction(alpha), solver="profiles")
    assert ref.optimal and got.optimal and ref.info["solver"] in ("bounds", "cp-sat")
    assert got.bandwidth == ref.bandwidth
    assert got.info["solver"] in ("bounds", "profiles")
    # the search itself, from no starting cut
    iw, scale = integer_weights(kind_weights(top, Fraction(alpha)))
    n = top.n_routers
    res = profile_bisection(top, iw["local"], iw["global"], n // 2, n // 2, upper_bound=10 ** 6)
    assert res["status"] == "OPTIMAL" and Fraction(res["objective"], scale) == ref.bandwidth


def test_profile_search_proves_the_relative_p62_bisection_at_alpha_2():
    # the solve CP-SAT could not prove in 60 s (its bound stalls at the group-pair bound, 73)
    top = ta.build("dragonfly", a=6, h=2, arrangement="relative")
    res = exact_bisection(top, alpha=2, solver="profiles")
    assert res.optimal and res.bandwidth == 79
    assert res.crossing["local"] + 2 * res.crossing["global"] == 79


def test_profile_structure_only_for_canonical_dragonflies():
    assert profile_structure(ta.build("dragonfly", a=4, h=2, arrangement="relative")) is not None
    assert profile_structure(ta.build("hamming", sizes=(4, 4))) is None
    trunked = ta.build("dragonfly", a=4, h=2, groups=5)  # two global links between every two groups
    assert profile_structure(trunked) is None
    with pytest.raises(ValueError, match="solver='profiles' needs a canonical dragonfly"):
        exact_bisection(trunked, alpha=1, solver="profiles")
    with pytest.raises(ValueError, match="solver must be one of"):
        exact_bisection(trunked, alpha=1, solver="gurobi")


def test_profile_search_rejects_bad_side_limits():
    top = ta.build("dragonfly", a=2, h=1, arrangement="relative")
    with pytest.raises(ValueError, match="side limits"):
        profile_bisection(top, 1, 1, 4, 2, upper_bound=10)


def test_automorphism_generators_preserve_links_and_kinds():
    from topoanalysis.invariants.symmetry import automorphism_generators, symmetry

    top = ta.build("dragonfly", a=4, h=2, arrangement="circulant")
    gens = automorphism_generators(top, respect_kinds=True)
    assert gens.shape[1] == top.n_routers and gens.shape[0] >= 1
    links = {(min(x, y), max(x, y), k) for x, y, k in zip(top.u.tolist(), top.v.tolist(), top.kind.tolist())}
    for p in gens:
        assert sorted(p.tolist()) == list(range(top.n_routers))
        assert {(min(p[x], p[y]), max(p[x], p[y]), k) for x, y, k in links} == links
    assert symmetry(top, respect_kinds=True).order > 1


def test_lower_envelope_of_lines():
    from topoanalysis.bisection.profiles import lower_envelope

    f = Fraction
    lines = [(f(0), 3), (f(2), 1), (f(5), 0), (f(4), 1), (f(9), 0)]  # (4, 1) and (9, 0) are never lowest
    assert lower_envelope(lines, f(0), f(6)) == [(0, 1, (0, 3)), (1, 3, (2, 1)), (3, 6, (5, 0))]
    # a range starting at a breakpoint takes the flatter line there
    assert lower_envelope(lines, f(1), f(2)) == [(1, 2, (2, 1))]


def _brute_envelope(top, lo_a, hi_a):
    """Lower envelope of local + α·global over every balanced cut (seed 004 §III by enumeration)."""
    from topoanalysis.bisection.profiles import lower_envelope

    n = top.n_routers
    glob = top.kind == top.kind_index("global")
    pts = set()
    for k in sorted({n // 2, (n + 1) // 2}):
        for sub in combinations(range(n), k):
            side = np.zeros(n, dtype=np.int8)
            side[list(sub)] = 1
            cut = side[top.u] != side[top.v]
            pts.add((Fraction(int(cut[~glob].sum())), int(cut[glob].sum())))
    return [(x0, x1, ln) for x0, x1, ln in lower_envelope(sorted(pts), Fraction(lo_a), Fraction(hi_a)) if x1 > x0]


@pytest.mark.parametrize("a,h,arrangement", SMALL)
def test_profile_envelope_matches_brute_force_on_small_dragonflies(a, h, arrangement):
    from topoanalysis.bisection import bisection_envelope

    top = ta.build("dragonfly", a=a, h=h, arrangement=arrangement)
    for solver in ("auto", "profiles"):
        env = bisection_envelope(top, (0, 6), solver=solver)
        assert env.proven
        assert [(p.alpha_from, p.alpha_to, (p.local, p.global_)) for p in env.pieces] == _brute_envelope(top, 0, 6)
        for p in env.pieces:  # each piece's cut has the piece's crossings
            assert crossing_counts(top, p.partition) == {"local": int(p.local), "global": p.global_}


def test_profile_envelope_agrees_with_cp_sat_solves_on_seed004_p42_relative():
    # seed 004 §III Fig. 5's (p,4,2) relative envelope, by proven CP-SAT solves and by one profile pass
    from topoanalysis.bisection import bisection_envelope

    top = ta.build("dragonfly", a=4, h=2, arrangement="relative")
    ref = bisection_envelope(top, (0, 6), solver="cp-sat")
    got = bisection_envelope(top, (0, 6), solver="profiles")
    assert ref.proven and got.proven
    assert [(p.alpha_from, p.alpha_to, p.local, p.global_) for p in got.pieces] == [
        (p.alpha_from, p.alpha_to, p.local, p.global_) for p in ref.pieces]


def test_bisection_envelope_solver_choice_is_checked():
    from topoanalysis.bisection import bisection_envelope

    with pytest.raises(ValueError, match="solver must be one of"):
        bisection_envelope(ta.build("dragonfly", a=2, h=1), (0, 1), solver="gurobi")
    with pytest.raises(ValueError, match="solver='profiles' needs a canonical dragonfly"):
        bisection_envelope(ta.build("dragonfly", a=4, h=2, groups=5), (0, 1), solver="profiles")
