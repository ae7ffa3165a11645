"""Hastings et al. 2015, §IV globally connected components: Theorem 2 (relative) and Theorem 5 (absolute),
over ranges of a and h, on the library's dragonflies checked against the reference builds of Hastings et al. 2015, §II."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import numpy as np

from topoanalysis.invariants import gcc_sizes, global_components

from .library_checked import checked

AH = st.tuples(st.integers(2, 9), st.integers(1, 5))
# the proof of Theorem 2 assumes h >= 2 (Hastings et al. 2015, §IV-B); h = 1 is a counterexample, tested below
AH2 = st.tuples(st.integers(2, 9), st.integers(2, 5))


def _theorem2(a, h):
    g = a * h + 1
    want = Counter({2 * g: a // 2})
    if a % 2:
        want[g] += 1
    return want


@settings(max_examples=40, deadline=None)
@given(AH2)
def test_theorem2_relative(ah):
    a, h = ah
    assert Counter(gcc_sizes(checked("relative", a, h))) == _theorem2(a, h)


@settings(max_examples=40, deadline=None)
@given(AH2)
def test_theorem2_palmtree_is_relative(ah):
    """Hastings et al. 2015, footnote 2: palmtree (Camarero et al. 2014, §4.1.2) is the relative arrangement; same GCCs."""
    a, h = ah
    assert Counter(gcc_sizes(checked("palmtree", a, h))) == _theorem2(a, h)


@settings(max_examples=40, deadline=None)
@given(AH)
def test_theorem5_absolute(ah):
    a, h = ah
    want = Counter({2 * h: a * (a - 1) // 2})
    want[h + 1] += a
    assert Counter(gcc_sizes(checked("absolute", a, h))) == want


def test_theorem2_needs_h_at_least_2():
    """Smallest counterexample for h = 1: (a, h) = (2, 1) gives 3 GCCs of size 2, not 1 of size 2g = 6."""
    assert Counter(gcc_sizes(checked("relative", 2, 1))) == Counter({2: 3})


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.sampled_from([2, 4, 6]))
def test_observation1_circulant(a, h):
    """Hastings et al. 2015, §IV-A: circulant-based links join like-numbered switches, so at least a GCCs; switch number i
    splits into gcd(g, its link distances) GCCs (more than one when g shares a factor with them)."""
    from math import gcd

    top = checked("circulant", a, h)
    g = a * h + 1
    comps = global_components(top)
    assert len(comps) >= a
    idx = top.labels["index"]
    for i in range(a):
        dists = [i * h // 2 + s for s in range(1, h // 2 + 1)]   # Hastings et al. 2015: ⌊k/2⌋+1 for ports k = hi..h(i+1)-1
        parts = [c for c in comps if idx[c[0]] == i]
        assert all(np.all(idx[c] == i) for c in parts)
        d = g
        for x in dists:
            d = gcd(d, x)
        assert len(parts) == d and all(len(c) == g // d for c in parts)
