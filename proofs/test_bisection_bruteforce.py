"""Bisection (Hastings et al. 2015, §II–III) against brute force on small graphs.

Every balanced cut is enumerated (router 0 on side 0, which loses nothing: the balance rule is
symmetric), so these properties check the CP-SAT model, the symmetry fixings, the proven lower
bounds added as constraints (eigenvalue and dragonfly group-profile bounds), the METIS upper
bound and the α-envelope (Hastings et al. 2015, §III) independently of the solver.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import topoanalysis as ta
from topoanalysis.bisection import bisection, bisection_envelope, cut_bandwidth
from topoanalysis.topology import Topology


def brute_force(top: Topology, alpha: Fraction) -> Fraction:
    n = top.n_routers
    best = None
    for size in {n // 2, (n + 1) // 2}:
        for rest in combinations(range(1, n), size):
            side = np.zeros(n, dtype=np.int8)
            side[list(rest)] = 1
            bw = cut_bandwidth(top, side, alpha=alpha)[0]
            best = bw if best is None or bw < best else best
    return best


@st.composite
def small_graphs(draw) -> Topology:
    """Random multigraph-free graphs of 4–11 routers with local and global links."""
    n = draw(st.integers(4, 11))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=len(pairs), unique=True))
    kinds = draw(st.lists(st.integers(0, 1), min_size=len(chosen), max_size=len(chosen)))
    u, v = zip(*chosen)
    return Topology(n, u, v, kinds, ("local", "global"))


ALPHAS = st.fractions(min_value=0, max_value=5, max_denominator=4)


@settings(max_examples=40, deadline=None)
@given(small_graphs(), ALPHAS)
def test_exact_equals_brute_force_and_metis_is_above(top, alpha):
    want = brute_force(top, alpha)
    ex = bisection(top, alpha=alpha, method="exact")
    assert ex.optimal and ex.bandwidth == want
    assert bisection(top, alpha=alpha, method="metis").bandwidth >= want
    for name, bound in ex.info["bounds"].items():
        assert Fraction(bound).limit_denominator(1000) <= want, name


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([(2, 2, None), (2, 3, None), (3, 1, None), (2, 4, 5), (3, 2, 4)]),
       st.sampled_from(["absolute", "relative", "random"]), st.integers(0, 50), ALPHAS)
def test_dragonflies_with_group_profile_bound(shape, arrangement, seed, alpha):
    """Small canonical and trunked dragonflies: the group-profile bound is used and stays valid."""
    a, h, groups = shape
    if groups is not None and arrangement != "random":  # absolute/relative: no trunking (Camarero et al. 2014, §5.2.1)
        arrangement = "palmtree"
    top = ta.build("dragonfly", a=a, h=h, groups=groups, arrangement=arrangement,
                   **({"seed": seed} if arrangement == "random" else {}))
    want = brute_force(top, alpha)
    ex = bisection(top, alpha=alpha, method="exact")
    assert ex.optimal and ex.bandwidth == want
    assert Fraction(ex.info["bounds"]["group_profile"]).limit_denominator(1000) <= want


@settings(max_examples=8, deadline=None)
@given(small_graphs(), st.lists(ALPHAS, min_size=1, max_size=4))
def test_envelope_equals_brute_force_everywhere(top, alphas):
    env = bisection_envelope(top, (0, 5))
    assert env.proven
    for x in alphas:
        assert env.value(x) == brute_force(top, x)
    slopes = [p.global_ for p in env.pieces]
    assert slopes == sorted(slopes, reverse=True)  # concave: global links fall as α grows
