"""Besta & Hoefler 2014, §II-B: MMS graphs have 2q² routers, are (3q-δ)/2-regular (q = 4w + δ) and have diameter 2,
for every admissible prime power q up to 49."""

import pytest

from topoanalysis.generators.slimfly import slimfly
from topoanalysis.invariants import distance_stats, moore_bound, symmetry

# prime powers q <= 49 with q = 4w + δ, δ in {-1, 0, 1} (Besta & Hoefler 2014, §II-B1)
ADMISSIBLE = [3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43, 47, 49]
FAST = [q for q in ADMISSIBLE if q <= 13]


def _delta(q: int) -> int:
    return {1: 1, 0: 0, 3: -1}[q % 4]


def _check(q: int) -> None:
    top = slimfly(q)
    assert top.n_routers == 2 * q * q
    deg = top.degree()
    k = (3 * q - _delta(q)) // 2
    assert deg.min() == deg.max() == k
    st = distance_stats(top, symmetry(top).vertex_orbits)
    assert st.connected and st.diameter == 2
    assert top.n_routers <= moore_bound(k, 2)


@pytest.mark.parametrize("q", FAST)
def test_mms_small(q):
    _check(q)


@pytest.mark.slow
@pytest.mark.parametrize("q", [q for q in ADMISSIBLE if q not in FAST])
def test_mms_large(q):
    _check(q)
