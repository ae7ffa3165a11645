"""Distances using the graph's symmetry: one BFS (:mod:`topoanalysis.bfs`) per vertex orbit.

The sum of distances from a vertex is constant on an automorphism orbit, so the all-pairs
average is Σ_orbits |O| · sum(rep) / (n(n-1)), one BFS per orbit instead of per router.
Per-kind averages over minimal paths (Camarero et al. 2014, §5.1) are counted by dynamic programming on the BFS DAG: σ[v]
shortest paths reach v and S_K[v] is the total number of kind-K hops over those paths, so a
pair's average kind-K hops over its minimal paths is S_K[v] / σ[v].
"""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from ..bfs import bfs, reset
from ..topology import Topology


@numba.njit(cache=True, nogil=True)
def _bfs_one(ptr, dst, akind, weights, src, n, nk, dist, queue, sigma, skind, hist, out_kind):
    """BFS from ``src``, then counts over its DAG in BFS order; fills ``hist`` (distance counts)
    and ``out_kind`` (Σ_t S_K/σ, Σ_t S_K, Σ_t σ).

    Returns (Σ_t d(src,t), Σ_t w_t d(src,t), reached).  Arcs are physical links, so parallel
    links count as distinct minimal paths.  ``dist`` is -1 everywhere on entry and on return.
    """
    reached = bfs(ptr, dst, src, dist, queue, -1)
    for i in range(reached):
        w = queue[i]
        sigma[w] = 0.0
        for kk in range(nk):
            skind[w * nk + kk] = 0.0
    sigma[src] = 1.0
    total = 0
    wtotal = 0.0
    # predecessors (distance one less) come earlier in BFS order, so one pass completes σ and S_K
    for i in range(reached):
        w = queue[i]
        dw = dist[w]
        total += dw
        wtotal += weights[w] * dw
        hist[dw] += 1
        for a in range(ptr[w], ptr[w + 1]):
            v = dst[a]
            if dist[v] == dw + 1:
                sigma[v] += sigma[w]
                k = akind[a]
                for kk in range(nk):
                    skind[v * nk + kk] += skind[w * nk + kk]
                skind[v * nk + k] += sigma[w]
    for i in range(1, reached):
        v = queue[i]
        out_kind[2 * nk] += sigma[v]
        for kk in range(nk):
            out_kind[kk] += skind[v * nk + kk] / sigma[v]
            out_kind[nk + kk] += skind[v * nk + kk]
    reset(dist, queue, reached)
    return total, wtotal, reached


@numba.njit(cache=True, parallel=True)
def _bfs_many(ptr, dst, akind, weights, sources, n, nk, maxd):
    m = sources.size
    sums = np.zeros(m, dtype=np.int64)
    wsums = np.zeros(m, dtype=np.float64)
    reached = np.zeros(m, dtype=np.int64)
    hists = np.zeros((m, maxd), dtype=np.int64)
    kinds = np.zeros((m, 2 * nk + 1), dtype=np.float64)
    for i in numba.prange(m):
        dist = np.full(n, -1, dtype=np.int32)
        queue = np.empty(n, dtype=np.int32)
        sigma = np.empty(n, dtype=np.float64)
        skind = np.empty(n * nk, dtype=np.float64)
        t, wt, r = _bfs_one(ptr, dst, akind, weights, sources[i], n, nk, dist, queue, sigma, skind, hists[i], kinds[i])
        sums[i] = t
        wsums[i] = wt
        reached[i] = r
    return sums, wsums, reached, hists, kinds


@dataclass(frozen=True)
class DistanceStats:
    """All-pairs distance figures (ordered pairs of distinct routers)."""

    connected: bool
    diameter: int | None
    average_distance: float | None
    distribution: dict[int, int]  # distance -> number of ordered router pairs
    endpoint_average_hops: float | None  # router hops between two distinct endpoints, uniform over endpoint pairs
    avg_hops_by_kind: dict[str, float] | None  # Camarero et al. 2014, §5.1 avg_i, per pair averaged over its minimal paths
    avg_hops_by_kind_paths: dict[str, float] | None  # same, every minimal path of every pair weighted equally
    bfs_runs: int


def distance_stats(top: Topology, orbits: list[np.ndarray] | None = None) -> DistanceStats:
    """Diameter, average distance, distance distribution, endpoint hops and per-kind averages.

    ``orbits`` must be vertex orbits of a group that preserves link kinds and endpoint counts
    (see :func:`topoanalysis.invariants.symmetry.symmetry`); ``None`` runs one BFS per router.
    The per-kind averages are Camarero et al. 2014, §5.1's avg_1, avg_2 (avg_3 for §8): per ordered pair of
    distinct routers, the mean number of hops of that kind over all its minimal paths, averaged
    over pairs (the weighting behind the paper's avg_2 = (ab-a)/(ab-1)); ``avg_hops_by_kind_paths``
    is the literal "total length / number of all minimal paths" reading.  Both count every minimal
    path, including the g-l-g and g-g ones a dragonfly has besides l-g-l, which the paper's
    approximations (2)-(3) ignore.
    """
    n = top.n_routers
    if n < 2:
        raise ValueError(f"distance_stats needs at least 2 routers, got {n}")
    arcs = top.arcs()
    ptr = np.ascontiguousarray(arcs.ptr, dtype=np.int64)
    dst = np.ascontiguousarray(arcs.dst, dtype=np.int32)
    akind = np.ascontiguousarray(arcs.kind, dtype=np.int64)
    nk = len(top.kind_names)
    weights = top.endpoints.astype(np.float64)
    if orbits is None:
        orbits = [np.array([i]) for i in range(n)]
    reps = np.array([int(o[0]) for o in orbits], dtype=np.int32)
    mult = np.array([len(o) for o in orbits], dtype=np.int64)
    if int(mult.sum()) != n:
        raise ValueError("orbits must partition the routers")
    # chunks keep the per-source histograms (chunk x n) small when there is no symmetry
    parts = [_bfs_many(ptr, dst, akind, weights, reps[i : i + 256], n, nk, n) for i in range(0, reps.size, 256)]
    sums, wsums, reached = (np.concatenate([p[j] for p in parts]) for j in range(3))
    kinds = np.concatenate([p[4] for p in parts])
    hist = np.zeros(n, dtype=np.int64)
    for i, p in zip(range(0, reps.size, 256), parts):
        hist += (p[3] * mult[i : i + 256, None]).sum(axis=0)
    connected = bool(np.all(reached == n))
    pairs = n * (n - 1)
    distribution = {int(d): int(c) for d, c in enumerate(hist) if c and d > 0}
    if not connected:
        return DistanceStats(False, None, None, distribution, None, None, None, len(reps))
    diameter = max(distribution) if distribution else 0
    avg = float((sums * mult).sum()) / pairs
    e = weights
    etot = float(e.sum())
    ep_avg = None
    if etot >= 2:
        # Σ_s e_s Σ_t e_t d(s,t); e is constant on an orbit because orbits respect endpoint counts
        ep_avg = float((wsums * e[reps] * mult).sum()) / (etot * (etot - 1))
    by_kind = by_paths = None
    if nk > 1:
        tot = kinds * mult[:, None]
        by_kind = {name: float(tot[:, i].sum()) / pairs for i, name in enumerate(top.kind_names)}
        npaths = float(tot[:, 2 * nk].sum())
        by_paths = {name: float(tot[:, nk + i].sum()) / npaths for i, name in enumerate(top.kind_names)}
    return DistanceStats(True, int(diameter), avg, distribution, ep_avg, by_kind, by_paths, len(reps))
