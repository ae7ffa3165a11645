"""García et al. 2014, §3.3.2-3.3.3: escape rings A, B (h even and odd) and C are Hamiltonian cycles of the
canonical dragonfly (a = 2h, G = 2h²+1, palmtree/consecutive-style global wiring) using existing links."""

import numpy as np
import pytest

from topoanalysis.invariants.rings import ring_a, ring_b, ring_c, ring_links

from .library_checked import checked


def _links(h):
    t = checked("palmtree", 2 * h, h)
    return t.n_routers, set(zip(t.u.tolist(), t.v.tolist()))


def _is_ham_cycle(ring, n, links):
    return ring.size == n and np.unique(ring).size == n and ring_links(ring) <= links


@pytest.mark.parametrize("h", range(2, 10))
def test_ring_a(h):
    n, links = _links(h)
    r = ring_a(h)
    assert _is_ham_cycle(r, n, links)
    assert sum(1 for x, y in ring_links(r) if x // (2 * h) != y // (2 * h)) == 2 * h * h + 1  # one global link per group


@pytest.mark.parametrize("h", [4, 5, 6, 7, 8, 9])
def test_ring_b_disjoint_from_a(h):
    n, links = _links(h)
    a, b = ring_a(h), ring_b(h)
    assert _is_ham_cycle(b, n, links)
    assert not ring_links(a) & ring_links(b)


@pytest.mark.parametrize("h", [5, 7, 9])
def test_ring_c(h):
    n, links = _links(h)
    c = ring_c(h)
    assert _is_ham_cycle(c, n, links)
    assert not ring_links(ring_a(h)) & ring_links(c)


@pytest.mark.parametrize("h", [5, 7, 9])
def test_ring_c_not_disjoint_from_b(h):
    """The paper calls C a third DISJOINT ring, but for odd h its stride h-2 ≡ -(h+2) (mod 2h) walks the same
    in-group cycle as ring B's stride h+2, so B and C share 2h-2 local links per group (h = 5: 408 links)."""
    shared = ring_links(ring_b(h)) & ring_links(ring_c(h))
    assert len(shared) == (2 * h - 2) * (2 * h * h + 1)
    assert all(x // (2 * h) == y // (2 * h) for x, y in shared)


def test_ring_b_h6():
    """García et al. 2014, §3.3.3 example: h = 6, ring B joins router i to i+7 and group j to j+20 (mod 73)."""
    r = ring_b(6)
    a = 12
    grp, idx = r // a, r % a
    nxt_grp, nxt_idx = np.roll(grp, -1), np.roll(idx, -1)
    inside = grp == nxt_grp
    assert np.all((nxt_idx[inside] - idx[inside]) % a == 7)
    assert np.all((nxt_grp[~inside] - grp[~inside]) % 73 == 20)
    assert (~inside).sum() == 73


def test_ring_bad_input():
    with pytest.raises(ValueError, match="h must"):
        ring_b(3)
    with pytest.raises(ValueError, match="h must"):
        ring_c(6)
