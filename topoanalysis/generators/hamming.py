"""Hamming graphs K_m1 □ ... □ K_mn with concentration (Camarero et al. 2014, §3).

Camarero et al. 2014, §3: the Hamming graph over Z_m1 x ... x Z_mn joins two vertices iff
their Hamming distance is 1 (they differ in exactly one coordinate); it is
the Cartesian product of complete graphs K_m1 □ ... □ K_mn, a Cayley graph,
hence vertex-transitive, with diameter n (the number of dimensions) and degree
sum(m_i - 1).  It is edge-transitive iff all m_i are equal ("square").

Conventions shared by :mod:`.torus` and :mod:`.flatfly`:

* router id = mixed-radix number with coordinate 0 varying fastest,
  ``id = c0 + m0*(c1 + m1*(c2 + ...))``;
* one label column per dimension, ``c0``, ``c1``, ...;
* one link kind per dimension, ``dim0``, ``dim1``, ... (a link joins two routers
  that differ only in that coordinate), so dimension-order routing (DOR,
  Camarero et al. 2014, §3) can read the dimension of every port from the link kind.

For two dimensions, sizes ``[a, b]`` give Camarero et al. 2014's K_a □ K_b: ``dim0`` links are
its "a-edges" (inside a group of a routers, ``c1`` = group), ``dim1`` its "b-edges",
and ``id = c1*a + c0`` = group*a + index, the dragonfly numbering: Camarero et al. 2014, §5
reads this graph as a trunked dragonfly with t = a.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

import numpy as np

from ..checks import check_int, check_int_list, check_size
from ..topology import Topology

__all__ = ["hamming", "hamming_default_p"]


def coordinates(sizes: Sequence[int]) -> dict[str, np.ndarray]:
    """Label columns ``c0, c1, ...`` of the mixed-radix router ids (coordinate 0 fastest)."""
    ids = np.arange(prod(sizes), dtype=np.int64)
    cols: dict[str, np.ndarray] = {}
    for d, m in enumerate(sizes):
        cols[f"c{d}"] = ids % m
        ids = ids // m
    return cols


def dimension_bases(sizes: Sequence[int], d: int) -> tuple[np.ndarray, int]:
    """Ids of the routers with coordinate ``d`` equal to 0, and the id stride of dimension ``d``."""
    stride = prod(sizes[:d])
    low = np.arange(stride, dtype=np.int64)
    high = np.arange(prod(sizes[d + 1 :]), dtype=np.int64) * (stride * sizes[d])
    return (high[:, None] + low[None, :]).ravel(), stride


def hamming_default_p(sizes: Sequence[int]) -> int:
    """Largest concentration without a bisection bottleneck under uniform traffic: min(m_i) (Camarero et al. 2014, §3).

    Camarero et al. 2014, §3 proves Δ0 <= min(a, b) for K_a □ K_b by cutting the shorter
    dimension in half: (ab/4)·Δ0 packets per cycle must cross b·(a/2)² links.
    The same cut of dimension i in K_m1 □ ... □ K_mn gives (N/4)·Δ0 <= N·m_i/4,
    i.e. Δ0 <= m_i for every i, so the limit is min over the dimensions.
    """
    return min(check_int_list("sizes", sizes, 2))


def hamming(sizes: Sequence[int], p: int | None = None) -> Topology:
    """Hamming graph K_m1 □ ... □ K_mn with ``p`` endpoints per router (Camarero et al. 2014, §3).

    ``sizes`` = [m1, ..., mn], n >= 1, every m_i >= 2 (a K_1 factor adds nothing).
    N = prod(m_i) routers, N·sum(m_i - 1)/2 links, degree sum(m_i - 1), diameter n.
    ``p`` defaults to min(m_i), the concentration limit of Camarero et al. 2014, §3
    (:func:`hamming_default_p`).  Labels ``c0..c{n-1}``, link kinds ``dim0..dim{n-1}``,
    router id = c0 + m0·(c1 + m1·(...)); see the module docstring.
    """
    sizes = check_int_list("sizes", sizes, 2)
    p = hamming_default_p(sizes) if p is None else check_int("p (endpoints per router)", p, 0)
    n = prod(sizes)
    n_links = n * sum(m - 1 for m in sizes) // 2
    check_size(f"hamming sizes={sizes}", n, n_links)
    us, vs, ks = [], [], []
    for d, m in enumerate(sizes):
        base, stride = dimension_bases(sizes, d)
        i, j = np.triu_indices(m, 1)
        # every pair of positions along dimension d, for every line of that dimension
        us.append((base[:, None] + i[None, :] * stride).ravel())
        vs.append((base[:, None] + j[None, :] * stride).ravel())
        ks.append(np.full(us[-1].size, d, dtype=np.int8))
    return Topology(
        n,
        np.concatenate(us),
        np.concatenate(vs),
        np.concatenate(ks),
        tuple(f"dim{d}" for d in range(len(sizes))),
        p,
        coordinates(sizes),
        "hamming",
        {"sizes": sizes, "p": p},
    )
