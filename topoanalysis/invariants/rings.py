"""Hamiltonian escape rings A, B, C of the canonical dragonfly (García et al. 2014, §3.3.2-3.3.3).

Routers are numbered group * a + index with a = 2h routers per group and G = 2h² + 1 groups
(p = h, a = 2h: the balanced canonical dragonfly of García et al. 2014).  Each ring walks a Hamiltonian
path inside every group from R_in to R_out with a fixed index stride, then leaves R_out by a
global link to R_in of the group ``offset`` further on; with gcd(offset, G) = 1 this visits
every group.  The global links are those of the palmtree arrangement (Camarero et al. 2014, §4.1.2): R_out =
a-1-R_in of group j is joined to R_in of groups j + R_in·h + s, s = 1..h.
"""

from __future__ import annotations

from math import gcd

import numpy as np

from ..checks import check_int


def _ring(h: int, r_in: int, stride: int, offset: int) -> np.ndarray:
    a, groups = 2 * h, 2 * h * h + 1
    if gcd(offset, groups) != 1:
        raise ValueError(f"group offset {offset} shares a factor with G = {groups}: the ring would not be Hamiltonian")
    path = (r_in + stride * np.arange(a)) % a
    order = (offset * np.arange(groups)) % groups
    return (order[:, None] * a + path[None, :]).ravel()


def _offset(h: int, r_in: int, s: int | None) -> int:
    groups = 2 * h * h + 1
    if s is None:  # the paper fixes s only for ring A (1) and ring B with h even (2): smallest s with a Hamiltonian ring
        s = next(x for x in range(1, h + 1) if gcd(r_in * h + x, groups) == 1)
    return r_in * h + s


def ring_a(h: int) -> np.ndarray:
    """Ring A (García et al. 2014, §3.3.2): indices 0..2h-1 by +1, R_{2h-1} of group j to R_0 of group j+1."""
    h = check_int("h", h, 1)
    return _ring(h, 0, 1, 1)


def ring_b(h: int) -> np.ndarray:
    """Ring B (García et al. 2014, §3.3.3): h > 2 even: R_in = h/2, stride h+1, groups j -> j + h²/2 + 2;
    h > 3 odd: R_in = (h+1)/2, stride h+2, group offset R_in·h + s with the smallest s giving one cycle."""
    h = check_int("h", h, 3)
    if h % 2 == 0:
        return _ring(h, h // 2, h + 1, h * h // 2 + 2)
    if h == 3:
        raise ValueError("h must be even or > 3 for ring B (García et al. 2014, §3.3.3)")
    r_in = (h + 1) // 2
    return _ring(h, r_in, h + 2, _offset(h, r_in, None))


def ring_c(h: int) -> np.ndarray:
    """Ring C (García et al. 2014, §3.3.3), h > 3 odd: R_in = (h-3)/2, stride h-2 (group offset as ring B)."""
    h = check_int("h", h, 5)
    if h % 2 == 0:
        raise ValueError(f"h must be odd for ring C (García et al. 2014, §3.3.3), got {h}")
    r_in = (h - 3) // 2
    return _ring(h, r_in, h - 2, _offset(h, r_in, None))


def ring_links(ring: np.ndarray) -> set[tuple[int, int]]:
    """Undirected links (min, max) used by a router cycle."""
    nxt = np.roll(ring, -1)
    return set(zip(np.minimum(ring, nxt).tolist(), np.maximum(ring, nxt).tolist()))
