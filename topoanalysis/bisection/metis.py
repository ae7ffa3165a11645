"""Heuristic bisection with METIS (Besta & Hoefler 2014, §III-C: "we use METIS to estimate the bisection").

Link weights are the exact kind weights scaled to integers (lcm of the denominators), parallel
links are merged into one weighted METIS edge and zero-weight links dropped.  METIS keeps the
sides only approximately equal, so its cut is made exactly balanced and polished by a
Fiduccia–Mattheyses pass (numba) that moves the best-gain router while the balance rule holds.
The result is an upper bound and is never reported as optimal.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import scipy.sparse as sp
from numba import njit

from ..checks import check_int, check_seed
from ..topology import Topology
from .cut import BisectionResult, crossing_counts, integer_weights, kind_weights, link_weights, side_limits

__all__ = ["metis_bisection", "weighted_csr", "refine"]


def weighted_csr(top: Topology, int_weights: Mapping[str, int]) -> sp.csr_array:
    """Symmetric CSR matrix of summed integer link weights (parallel links merged, zeros dropped)."""
    n = top.n_routers
    w = link_weights(top, int_weights)
    keep = w > 0
    u, v, w = top.u[keep].astype(np.int64), top.v[keep].astype(np.int64), w[keep]
    a = sp.coo_array((np.concatenate([w, w]), (np.concatenate([u, v]), np.concatenate([v, u]))), shape=(n, n)).tocsr()
    a.sum_duplicates()
    a.eliminate_zeros()
    return a


@njit(cache=True, forceinline=True)
def _excess(s, lo, hi):  # pragma: no cover - compiled
    """How far side weight ``s`` lies outside the balance window [lo, hi] (0 inside)."""
    if s < lo:
        return lo - s
    if s > hi:
        return s - hi
    return 0


@njit(cache=True, forceinline=True)
def _flip(v, side, gain, vw, indptr, indices, w):  # pragma: no cover - compiled
    """Move ``v`` to the other side and update the gains of its neighbours; returns the change
    of side 1's weight."""
    d = -vw[v] if side[v] == 1 else vw[v]
    side[v] = 1 - side[v]
    gain[v] = -gain[v]
    for j in range(indptr[v], indptr[v + 1]):
        u = indices[j]
        if side[u] == side[v]:
            gain[u] -= 2 * w[j]
        else:
            gain[u] += 2 * w[j]
    return d


@njit(cache=True)
def _fm(indptr, indices, w, vw, side, lo, hi, patience, max_passes):  # pragma: no cover - compiled
    n = side.size
    s1 = 0
    for v in range(n):
        if side[v] == 1:
            s1 += vw[v]
    gain = np.zeros(n, dtype=np.int64)
    cut = 0
    for v in range(n):
        g = 0
        for j in range(indptr[v], indptr[v + 1]):
            if side[indices[j]] != side[v]:
                g += w[j]
                cut += w[j]
            else:
                g -= w[j]
        gain[v] = g
    cut //= 2
    moved = np.empty(n, dtype=np.int64)
    locked = np.zeros(n, dtype=np.bool_)
    for _ in range(max_passes):
        locked[:] = False
        best_cut = cut if lo <= s1 <= hi else np.iinfo(np.int64).max
        best_len = 0
        nm = 0
        since = 0
        while nm < n and since < patience:
            dist = _excess(s1, lo, hi)
            pick = -1
            pg = np.iinfo(np.int64).min
            for v in range(n):
                if locked[v] or gain[v] <= pg:
                    continue
                nd = _excess(s1 - vw[v] if side[v] == 1 else s1 + vw[v], lo, hi)
                if nd == 0 or nd < dist:
                    pick = v
                    pg = gain[v]
            if pick < 0:
                break
            v = pick
            cut -= gain[v]
            s1 += _flip(v, side, gain, vw, indptr, indices, w)
            locked[v] = True
            moved[nm] = v
            nm += 1
            since += 1
            if lo <= s1 <= hi and cut < best_cut:
                best_cut = cut
                best_len = nm
                since = 0
        for i in range(nm - 1, best_len - 1, -1):  # roll back to the best balanced prefix
            v = moved[i]
            cut -= gain[v]
            s1 += _flip(v, side, gain, vw, indptr, indices, w)
        if best_len == 0:
            break
    return cut


def refine(
    adj: sp.csr_array, side: np.ndarray, vweights: np.ndarray, lo: int, hi: int, patience: int = 64, max_passes: int = 20
) -> np.ndarray:
    """Balance ``side`` into ``lo <= weight(side 1) <= hi`` and improve it by FM passes."""
    s = np.ascontiguousarray(side, dtype=np.int64).copy()
    _fm(
        adj.indptr.astype(np.int64),
        adj.indices.astype(np.int64),
        adj.data.astype(np.int64),
        np.ascontiguousarray(vweights, dtype=np.int64),
        s,
        int(lo),
        int(hi),
        int(patience),
        int(max_passes),
    )
    return s.astype(np.int8)


def metis_bisection(
    top: Topology,
    alpha: Any = 1,
    weights: Mapping[str, Any] | None = None,
    balance: str = "routers",
    seed: int = 0,
    tries: int = 4,
) -> BisectionResult:
    """A balanced cut from METIS (``tries`` runs with seeds seed, seed+1, ...) plus FM refinement."""
    import pymetis

    t0 = time.perf_counter()
    kw = kind_weights(top, alpha, weights)
    iw, scale = integer_weights(kw)
    vw, lo, hi = side_limits(top, balance)
    check_seed("seed", seed)
    tries = check_int("tries", tries, 1, 10_000)
    adj = weighted_csr(top, iw)
    n = top.n_routers
    best_side, best_cut = None, None
    for t in range(int(tries)):
        if adj.nnz:
            opts = pymetis.Options()
            opts.seed = int(seed) + t
            opts.ufactor = 1
            opts.ncuts = 2
            vwe = np.maximum(vw, 1) if balance == "endpoints" else None
            csr = pymetis.CSRAdjacency(adj_starts=adj.indptr, adjacent=adj.indices)
            _, parts = pymetis.part_graph(2, csr, eweights=adj.data, vweights=vwe, options=opts)
            side = np.asarray(parts, dtype=np.int64)
        else:
            side = (np.arange(n) >= n // 2).astype(np.int64)
        side = refine(adj, side, vw, lo, hi)
        c = int(adj[side == 1][:, side == 0].sum()) if adj.nnz else 0
        if best_cut is None or c < best_cut:
            best_side, best_cut = side, c
    assert best_side is not None
    if best_side[0] == 1:  # canonical orientation: router 0 on side 0
        best_side = (1 - best_side).astype(np.int8)
    s1 = int(vw[best_side == 1].sum())
    if not lo <= s1 <= hi:
        raise ValueError(f"balance={balance!r}: no balanced cut found (side weight {s1}, allowed {lo}..{hi})")
    bw = Fraction(best_cut, scale)  # type: ignore[arg-type]  # set with best_side
    return BisectionResult(
        bandwidth=bw,
        crossing=crossing_counts(top, best_side),
        partition=best_side,
        method="metis",
        optimal=False,
        lower_bound=Fraction(0),
        upper_bound=bw,
        seconds=time.perf_counter() - t0,
        weights=kw,
        balance=balance,
        status="HEURISTIC",
    )
