"""The package's one breadth-first search, compiled, over a CSR adjacency (``ptr``, ``dst``).

Every distance in the package comes from :func:`bfs`: the invariants (distances, path counts
and hops per link kind over minimal paths), the resilience probes (which stop as soon as a
distance bound breaks) and the simulator's routing tables (all-pair distances, distances
inside a dragonfly group).  scipy.sparse.csgraph's BFS returns distances only and always runs
to the end; the users here need the visiting order (for counting over the BFS DAG) and an early
stop, so the search is written once here and compiled.

Conventions: ``dist`` is an int32 array of -1 on entry (:func:`reset` restores that after a
search, touching only the vertices reached); ``queue`` has room for every vertex; on return
``queue[:reached]`` lists the vertices reached in BFS order and ``dist`` holds their distances.
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["bfs", "reset", "csr"]


@numba.njit(cache=True, nogil=True)
def bfs(ptr, dst, src, dist, queue, dmax):  # pragma: no cover - compiled
    """Search from ``src``; returns the number of vertices reached.

    With ``dmax >= 0`` the search stops as soon as it finds a vertex farther than ``dmax`` and
    returns ``-(reached) - 1`` (the vertices in ``queue[:reached]`` are the ones to reset).
    """
    dist[src] = 0
    queue[0] = src
    head = 0
    tail = 1
    while head < tail:
        w = queue[head]
        head += 1
        dn = dist[w] + 1
        for a in range(ptr[w], ptr[w + 1]):
            v = dst[a]
            if dist[v] < 0:
                dist[v] = dn
                queue[tail] = v
                tail += 1
                if dmax >= 0 and dn > dmax:
                    return -tail - 1
    return tail


@numba.njit(cache=True, nogil=True)
def reset(dist, queue, reached):  # pragma: no cover - compiled
    """Set ``dist`` back to -1 on the vertices a search reached (``reached`` as :func:`bfs` returned it)."""
    n = reached if reached >= 0 else -reached - 1
    for i in range(n):
        dist[queue[i]] = -1


def csr(n: int, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric CSR (``ptr`` int64, ``dst`` int32) of the undirected links ``u``-``v`` on ``n`` vertices."""
    src = np.concatenate([u, v])
    dst = np.concatenate([v, u])
    order = np.argsort(src, kind="stable")
    ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=ptr[1:])
    return ptr, np.ascontiguousarray(dst[order], dtype=np.int32)
