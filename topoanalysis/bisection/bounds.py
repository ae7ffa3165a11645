"""Proven lower bounds on the bisection bandwidth, given to CP-SAT as objective bounds.

- :func:`spectral_lower_bound`: Fiedler / Donath–Hoffman eigenvalue bound, any graph.
- :func:`group_profile_bound`: for dragonflies (seed 004 §II: groups are cliques of local links,
  ``t`` global links between every two groups, at most ``h`` global links per router), a bound
  from the group-level profile of a cut; it is exact at α = 1 for the (p,4,2) and (p,6,2)
  relative dragonflies (20 and 45), so CP-SAT only has to find the cut.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..topology import Topology

__all__ = ["spectral_lower_bound", "group_profile_bound", "dragonfly_structure"]


def spectral_lower_bound(n: int, u: np.ndarray, v: np.ndarray, w: np.ndarray, k: int) -> int:
    """Integer lower bound ⌈λ2 · k(n-k)/n⌉ on the weighted cut of any side of k routers.

    For the side indicator x = 1_S - (k/n)·1 (orthogonal to 1): cut(S) = xᵀLx >= λ2·|x|² =
    λ2·k(n-k)/n, with L the weighted Laplacian (Fiedler 1973; Donath–Hoffman).  A relative
    margin of 1e-9 guards against floating-point error in λ2.
    """
    if n < 2 or k <= 0 or k >= n or n > 4000:  # dense eigensolver; beyond that the exact solver is hopeless
        return 0
    lap = np.zeros((n, n))
    np.add.at(lap, (u, v), -np.asarray(w, dtype=float))
    np.add.at(lap, (v, u), -np.asarray(w, dtype=float))
    lap[np.diag_indices(n)] = -lap.sum(axis=1)
    lam2 = float(np.linalg.eigvalsh(lap)[1])
    bound = lam2 * k * (n - k) / n
    return max(0, int(np.ceil(bound - 1e-9 * max(1.0, abs(bound)) - 1e-9)))


def dragonfly_structure(top: Topology) -> tuple[int, int, int, int] | None:
    """(a, groups, t, h) when ``top`` has exactly the kinds local/global, its local links form
    disjoint cliques of ``a`` routers (one link per pair), every two groups share exactly ``t``
    global links and no router has more than ``h`` global links; else None."""
    if set(top.kind_names) != {"local", "global"}:
        return None
    from scipy.sparse import coo_array
    from scipy.sparse.csgraph import connected_components

    n = top.n_routers
    loc = top.kind == top.kind_index("local")
    lu, lv = top.u[loc].astype(np.int64), top.v[loc].astype(np.int64)
    ng, grp = connected_components(coo_array((np.ones(lu.size), (lu, lv)), shape=(n, n)), directed=False)
    sizes = np.bincount(grp)
    a = int(sizes[0])
    if ng < 2 or (sizes != a).any() or lu.size != ng * a * (a - 1) // 2:
        return None
    if np.unique(np.minimum(lu, lv) * n + np.maximum(lu, lv)).size != lu.size:
        return None  # parallel local links
    gu, gv = grp[top.u[~loc]], grp[top.v[~loc]]
    if (gu == gv).any():
        return None
    pair = np.bincount(np.minimum(gu, gv) * ng + np.maximum(gu, gv), minlength=ng * ng).reshape(ng, ng)
    iu = np.triu_indices(ng, 1)
    t = int(pair[iu][0])
    if (pair[iu] != t).any() or t < 1:
        return None
    h = int(np.bincount(np.r_[top.u[~loc], top.v[~loc]], minlength=n).max())
    return a, ng, t, h


def group_profile_bound(top: Topology, int_weights: Mapping[str, int], lo: int, hi: int) -> int:
    """Lower bound on the integer-weighted bisection of a dragonfly from group profiles (else 0).

    Any bisection makes m1 groups wholly side 1, m0 wholly side 0 and splits the others, group j
    with c_j routers on side 1.  Groups are cliques, so the local cost is exactly
    Σ c_j (a - c_j); the t·m0·m1 global links between whole groups of opposite sides all cross;
    of the t·m1 links from a split group to the whole side-1 groups at most h·c_j end on its
    side-1 routers, so at least t·m1 - h·c_j cross (likewise t·m0 - h(a - c_j)).  Links between
    split groups are counted 0.  The minimum over (m0, m1, c) with side-1 size in lo..hi is a
    knapsack over the split groups (numpy min-plus DP).
    """
    st = dragonfly_structure(top)
    if st is None:
        return 0
    a, g, t, h = st
    n = a * g
    if n > 2000 or a < 2:
        return 0
    wl, wg = int(int_weights["local"]), int(int_weights["global"])
    big = np.iinfo(np.int64).max // 4
    c = np.arange(1, a)
    best = big
    for m1 in range(g + 1):
        for m0 in range(g + 1 - m1):
            base = wg * t * m0 * m1
            if base >= best:
                continue
            k = g - m0 - m1
            need_lo, need_hi = lo - a * m1, hi - a * m1
            if need_hi < k or need_lo > k * (a - 1):  # k split groups hold k..k(a-1) side-1 routers
                continue
            f = wl * c * (a - c) + wg * (np.maximum(0, t * m1 - h * c) + np.maximum(0, t * m0 - h * (a - c)))
            dp = np.full(need_hi + 1, big, dtype=np.int64)
            dp[0] = 0
            for _ in range(k):
                nd = np.full_like(dp, big)
                for ci, fc in zip(c.tolist(), f.tolist()):
                    if ci <= need_hi:
                        nd[ci:] = np.minimum(nd[ci:], dp[:need_hi + 1 - ci] + fc)
                dp = nd
            sub = dp[max(need_lo, 0):need_hi + 1]
            if sub.size and sub.min() < big:
                best = min(best, base + int(sub.min()))
    return 0 if best >= big else int(best)
