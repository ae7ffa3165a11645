"""Exact minimum bisection of canonical dragonflies by group-size profiles (Hastings et al. 2015, §II–III).

Applies to a dragonfly whose groups are cliques of ``a`` routers, with exactly one global link
between every two groups and ``h`` global links on every router: g = ah + 1 groups, the canonical
(p, a, h) dragonflies of Hastings et al. 2015, §II under any global link arrangement.

A cut is written group by group as the mask of each group's routers on side 1; its *profile* is
the multiset of the groups' side-1 counts c.  The profile fixes the local cost, Σ c(a - c) (groups
are cliques), and bounds the global cost from below by the group-pair relaxation of
:func:`.bounds.group_pair_bound` with c fixed (which router holds which link is dropped; a small
MILP, HiGHS).  The search goes through the profiles in increasing order of a cheap bound and, for
each whose bound is below the best cut known, searches the masks exactly, groups in a fixed order
(iterative depth-first search, compiled):

- a node's bound is the global crossings among the assigned groups, plus the cheapest assignment
  of the profile's remaining sizes to the unassigned groups, each group of size c costing the
  fewest crossings its c side-1 routers can have with the assigned groups (a min-cost assignment,
  exact, by dynamic programming over the counts of sizes used), plus the cheap bound of the links
  among the unassigned groups (whole groups on opposite sides cross).  The three count disjoint
  sets of links.  (The group-pair MILP for that last term, per sub-profile, cost ten times the
  search's own time for a few percent fewer nodes.)
- h = 2: the global links form disjoint cycles (the GCCs of Hastings et al. 2015, §IV: Theorem 2's a/2 cycles
  of 2g routers for the relative arrangement, Observation 1's one per switch number for the
  circulant).  Around each cycle, every change of side between consecutive routers of the
  assigned groups needs a crossing in between: a second bound on the node.  When the profile has
  empty or full groups, they are placed first, one placement per orbit of the automorphisms:
  their routers' sides are then known from the root, and a placement whose cycles already need
  too many crossings is dropped before any search.
- symmetry: the group permutations induced by the automorphisms (BLISS).  When they are
  transitive on the groups (relative and circulant arrangements), the first group takes the
  profile's rarest size; otherwise its size is the smallest in its orbit.  The same for the second
  group under the first one's stabiliser.  Swapping the sides maps a profile to its complement,
  so only one of each pair is searched.

:func:`profile_envelope` gives the exact bisection for every α of a range in one pass: a profile
is searched once, for its fewest global crossings up to the most that could still beat the best
known cuts at some α (instead of once per α, with the bound of that α).

Measured on the 2-core machine, (p,6,2) (78 routers): the α = 2 relative bisection (CP-SAT's bound
stalls at the group-pair bound, 73) is proven 79 in ~2 s; without the assignment bound one profile
took 695 M nodes (428 s), with it the whole proof takes 61 k nodes.  The circulant at α = 27/11
took 93 M nodes (276 s) with the cycle bound but without placements; one of its profiles took
29 M nodes and 0.79 M with them.  The whole circulant envelope: 133 s, against more than 20
minutes of separate proven solves.
"""

from __future__ import annotations

import math
import time
import warnings
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, product
from math import ceil
from typing import Any

import numba
import numpy as np
from numba import NumbaWarning, njit

from ..deadline import Deadline
from ..topology import Topology

__all__ = ["ProfileStructure", "profile_structure", "profile_bisection", "profile_envelope", "lower_envelope"]

_INF = 1 << 40

#: the compiled search reads the clock every this many nodes (+1: a mask; ~10-50 ms of search)
_CLOCK_NODES = (1 << 14) - 1

# the search runs without the GIL (so progress lines print meanwhile) and reads the clock in
# object mode; numba warns that object mode holds the GIL, which is what the clock read needs
warnings.filterwarnings("ignore", message=".*Code running in object mode", category=NumbaWarning)


@dataclass(frozen=True)
class ProfileStructure:
    """Groups of a canonical dragonfly: ``port[i, j]`` is the index, within group i, of the router
    holding the global link to group j (-1 on the diagonal); router r is ``idx[r]`` of ``grp[r]``."""

    a: int
    g: int
    h: int
    grp: np.ndarray
    idx: np.ndarray
    port: np.ndarray


def profile_structure(top: Topology) -> ProfileStructure | None:
    """The group structure when the profile search applies to ``top`` (see module docstring), else None."""
    from .bounds import dragonfly_structure, local_groups

    st = dragonfly_structure(top)
    if st is None:
        return None
    a, g, t, h = st
    if t != 1 or g != a * h + 1 or a > 16:
        return None
    n = top.n_routers
    glob = top.kind == top.kind_index("global")
    deg = np.bincount(np.r_[top.u[glob], top.v[glob]], minlength=n)
    if (deg != h).any():
        return None
    _, grp = local_groups(top)
    idx = np.zeros(n, dtype=np.int64)
    for i in range(g):
        members = np.flatnonzero(grp == i)
        idx[members] = np.arange(members.size)
    port = np.full((g, g), -1, dtype=np.int64)
    for x, y in zip(top.u[glob].tolist(), top.v[glob].tolist()):
        port[grp[x], grp[y]] = idx[x]
        port[grp[y], grp[x]] = idx[y]
    return ProfileStructure(a, g, h, grp, idx, port)


def _group_permutations(top: Topology, st: ProfileStructure, cap: int = 20000) -> np.ndarray:
    """The permutations of the groups induced by the kind-preserving automorphisms (closure of
    the generators' action, at most ``cap`` elements; the identity included)."""
    from ..invariants.symmetry import automorphism_generators

    gens = automorphism_generators(top, respect_kinds=True, respect_endpoints=False)
    acts = set()
    for p in gens:
        q = np.empty(st.g, dtype=np.int64)
        q[st.grp] = st.grp[p]
        acts.add(tuple(q.tolist()))
    ident = tuple(range(st.g))
    group, frontier = {ident}, [ident]
    while frontier and len(group) < cap:
        nxt = []
        for x in frontier:
            for y in acts:
                z = tuple(y[i] for i in x)
                if z not in group:
                    group.add(z)
                    nxt.append(z)
        frontier = nxt
    if frontier:  # the closure was cut short: only the identity is certain
        return np.array([ident], dtype=np.int64)
    return np.array(sorted(group), dtype=np.int64)


def _orbit(perms: np.ndarray, x: int) -> set[int]:
    return {int(v) for v in perms[:, x]}


_PAIR_MEMO: dict[tuple[int, int, int], dict[tuple[int, ...], int]] = {}


class _PairBounds:
    """Group-pair lower bounds on the global crossings among k groups with given side-1 counts,
    memoised by the sorted counts (see module docstring)."""

    def __init__(self, g: int, h: int, a: int):
        self.g, self.h, self.a = g, h, a
        # shared by every search on the same (g, h, a): an envelope's solves reuse the bounds
        self.memo: dict[tuple[int, ...], int] = _PAIR_MEMO.setdefault((g, h, a), {})

    def __call__(self, sizes: tuple[int, ...], time_limit: float | None = None) -> int:
        """The bound; a MILP stopped by ``time_limit`` gives its proven dual bound (not memoised)."""
        key = tuple(sorted(sizes))
        if key in self.memo:
            return self.memo[key]
        k = len(key)
        if k < 2 or all(c == 0 for c in key) or all(c == self.a for c in key):
            self.memo[key] = 0
            return 0
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import coo_array

        h, ext = self.h, self.g - k  # links from each of the k groups to the other groups
        ii, jj = np.nonzero(~np.eye(k, dtype=bool))
        nm = ii.size  # variable e: whether group ii's end of the link to jj is on side 1
        mid = {(int(i), int(j)): e for e, (i, j) in enumerate(zip(ii, jj))}
        up = [(i, j) for i in range(k) for j in range(i + 1, k)]
        rows, cols, vals = [], [], []
        for e, i in enumerate(ii.tolist()):
            rows.append(i)
            cols.append(e)
            vals.append(1.0)
        for q, (i, j) in enumerate(up):  # z_q >= |M_ij - M_ji|
            for r, sgn in ((k + 2 * q, 1.0), (k + 2 * q + 1, -1.0)):
                rows += [r, r, r]
                cols += [nm + q, mid[i, j], mid[j, i]]
                vals += [1.0, -sgn, sgn]
        a_mat = coo_array((vals, (rows, cols)), shape=(k + 2 * len(up), nm + len(up))).tocsr()
        c = np.array(key, dtype=float)
        lo = np.r_[np.maximum(0, h * c - ext), np.zeros(2 * len(up))]
        hi = np.r_[np.minimum(k - 1, h * c), np.full(2 * len(up), np.inf)]
        res = milp(
            np.r_[np.zeros(nm), np.ones(len(up))],
            constraints=LinearConstraint(a_mat, lo, hi),
            integrality=np.ones(nm + len(up)),
            bounds=Bounds(0, 1),
            options={} if time_limit is None else {"time_limit": max(1e-3, float(time_limit))},
        )
        if res.status not in (0, 2):  # stopped (time limit): what HiGHS proved so far, else nothing
            dual = getattr(res, "mip_dual_bound", None)
            return int(ceil(dual - 1e-6)) if dual is not None and np.isfinite(dual) and dual > 0 else 0
        v = int(round(res.fun)) if res.status == 0 else _INF  # infeasible counts: no cut has them
        self.memo[key] = v
        return v


def _cheap_global_bound(p: tuple[int, ...], a: int, h: int) -> int:
    """:func:`.bounds.group_profile_bound`'s count for one profile (t = 1): whole groups of
    opposite sides cross, and a split group's side-1 routers hold at most h·c of its links."""
    m0, m1 = p.count(0), p.count(a)
    out = m0 * m1
    for c in p:
        if 0 < c < a:
            out += max(0, m1 - h * c) + max(0, m0 - h * (a - c))
    return out


@njit(cache=True)
def _popcount(m: int) -> int:
    c = 0
    while m:
        c += m & 1
        m >>= 1
    return c


@njit(cache=True)
def _assign_bound(cmat, first, k, rem, a, limit, dp, nd):
    """Min-cost assignment of the remaining sizes (counts ``rem``) to the k unassigned groups
    ``first..first+k-1``, group u with size s costing cmat[u, s]; values >= ``limit`` pruned."""
    rad = np.empty(a + 1, np.int64)
    size = 1
    for s in range(a + 1):
        rad[s] = size
        size *= rem[s] + 1
    for i in range(size):
        dp[i] = _INF
    dp[0] = 0
    for i in range(k):
        u = first + i
        for j in range(size):
            nd[j] = _INF
        for code in range(size):
            v = dp[code]
            if v >= limit:
                continue
            for s in range(a + 1):
                if rem[s] == 0:
                    continue
                if (code // rad[s]) % (rem[s] + 1) < rem[s]:
                    w = v + cmat[u, s]
                    if w < nd[code + rad[s]]:
                        nd[code + rad[s]] = w
        for j in range(size):
            dp[j] = nd[j]
    return dp[size - 1]


@njit(cache=True)
def _cycle_changes(side, cstart):
    """Changes of side around each cycle (positions cstart[c]..cstart[c+1]-1), counted over the
    positions whose side is known (``side`` >= 0) only: each needs a crossing in between."""
    out = 0
    for c in range(cstart.size - 1):
        first = -1
        last = -1
        for j in range(cstart[c], cstart[c + 1]):
            x = side[j]
            if x < 0:
                continue
            if first < 0:
                first = x
            elif x != last:
                out += 1
            last = x
        if first >= 0 and first != last:
            out += 1
    return out


@njit(cache=True)
def _ring_bound(a, d, mask, cyc, cstart, buf):
    """Crossings the global cycles must have (h = 2) given the sides of the assigned groups 0..d
    (Theorem 2's and Observation 1's GCCs are these cycles); ``buf``: scratch of cyc's size."""
    for j in range(cyc.size):
        q = cyc[j] // a
        buf[j] = (mask[q] >> (cyc[j] - q * a)) & 1 if q <= d else -1
    return _cycle_changes(buf, cstart)


@njit(cache=True)
def _placement_ring(v, grp, cstart, buf):
    """:func:`_ring_bound` for whole groups placed: ``v[i]`` 0 (empty), 2 (full) or 1 (not placed)."""
    for j in range(grp.size):
        x = v[grp[j]]
        buf[j] = -1 if x == 1 else x
    return _cycle_changes(buf, cstart)


@njit(cache=True, nogil=True)
def _search(a, g, port, cnt, gmax, fix_size, ge0, ge1, stride, sublb, cyc, cstart, max_nodes, until):
    """Fewest global crossings <= gmax over group masks whose sizes are the profile ``cnt``.

    Returns (crossings or gmax + 1 when none, masks, nodes, finished): unfinished after
    ``max_nodes`` nodes or once ``time.perf_counter()`` passes ``until``.  ``fix_size[i]`` >= 0
    fixes group i's size; ``ge0[i]`` / ``ge1[i]``: group i's size is at least group 0's / 1's.
    """
    nm = 1 << a
    pc = np.empty(nm, np.int64)
    for m in range(nm):
        pc[m] = _popcount(m)
    cost0 = np.zeros((g, a), np.int64)  # crossings if router r of group u goes to side 0
    cost1 = np.zeros((g, a), np.int64)
    mask = np.full(g, -1, np.int64)
    gpart = np.zeros(g + 1, np.int64)
    rem = cnt.copy()
    best = gmax + 1
    bestm = np.full(g, -1, np.int64)
    dd = np.empty(a, np.int64)
    cmat = np.zeros((g, a + 1), np.int64)
    dpa = np.empty(1 << 16, np.int64)
    nda = np.empty(1 << 16, np.int64)
    rbuf = np.empty(cyc.size, np.int64)
    nodes = 0
    d = 0
    while d >= 0:
        m = mask[d]
        if m >= 0:  # take back group d's mask
            rem[pc[m]] += 1
            for u in range(d + 1, g):
                if (m >> port[d, u]) & 1:
                    cost0[u, port[u, d]] -= 1
                else:
                    cost1[u, port[u, d]] -= 1
        m += 1
        while m < nm:
            s = pc[m]
            if (
                rem[s] > 0
                and (fix_size[d] < 0 or s == fix_size[d])
                and not (ge0[d] and s < pc[mask[0]])
                and not (ge1[d] and s < pc[mask[1]])
            ):
                break
            m += 1
        if m >= nm:
            mask[d] = -1
            d -= 1
            continue
        if nodes >= max_nodes:
            return best, bestm, nodes, False
        if (nodes & _CLOCK_NODES) == _CLOCK_NODES:
            with numba.objmode(now="float64"):
                now = time.perf_counter()
            if now >= until:
                return best, bestm, nodes, False
        nodes += 1
        mask[d] = m
        gc = gpart[d]
        for r in range(a):
            gc += cost1[d, r] if (m >> r) & 1 else cost0[d, r]
        rem[pc[m]] -= 1
        for u in range(d + 1, g):
            if (m >> port[d, u]) & 1:
                cost0[u, port[u, d]] += 1
            else:
                cost1[u, port[u, d]] += 1
        if gc >= best:
            continue
        code = 0
        for s in range(a + 1):
            code += rem[s] * stride[s]
        b0 = gc + sublb[code]
        b = b0
        for u in range(d + 1, g):
            s0 = 0
            for r in range(a):
                s0 += cost0[u, r]
                dd[r] = cost1[u, r] - cost0[u, r]
            dd.sort()
            bm = _INF
            acc = s0
            for s in range(a + 1):
                if s > 0:
                    acc += dd[s - 1]
                cmat[u, s] = acc
                if rem[s] > 0 and acc < bm:
                    bm = acc
            b += bm
            if b >= best:
                break
        if b >= best:
            continue
        if cstart.size > 1 and _ring_bound(a, d, mask, cyc, cstart, rbuf) >= best:
            continue
        k = g - d - 1
        if k >= 2:
            sz = 1
            for s in range(a + 1):
                sz *= rem[s] + 1
            if sz <= dpa.size and b0 + _assign_bound(cmat, d + 1, k, rem, a, best - b0, dpa, nda) >= best:
                continue
        if d == g - 1:
            best = gc
            bestm[:] = mask
            continue
        gpart[d + 1] = gc
        d += 1
    return best, bestm, nodes, True


def _global_cycles(st: ProfileStructure) -> tuple[np.ndarray, np.ndarray]:
    """The cycles of the global links when every router has two (h = 2): routers as group · a +
    index, cycle c at positions cstart[c]..cstart[c+1]-1; empty arrays otherwise."""
    if st.h != 2:
        return np.zeros(0, dtype=np.int64), np.zeros(1, dtype=np.int64)
    a, g = st.a, st.g
    nbr: dict[int, list[int]] = {}
    for i in range(g):
        for j in range(g):
            if i != j:
                nbr.setdefault(i * a + int(st.port[i, j]), []).append(j * a + int(st.port[j, i]))
    seen: set[int] = set()
    cyc, cstart = [], [0]
    for r0 in sorted(nbr):
        if r0 in seen:
            continue
        prev, r = -1, r0
        while r not in seen:
            seen.add(r)
            cyc.append(r)
            prev, r = r, next(x for x in nbr[r] if x != prev) if prev >= 0 else nbr[r][0]
        cstart.append(len(cyc))
    return np.array(cyc, dtype=np.int64), np.array(cstart, dtype=np.int64)


def _profiles(a: int, g: int, lo: int, hi: int, symmetric: bool):
    for p in combinations_with_replacement(range(a + 1), g):
        if lo <= sum(p) <= hi and not (symmetric and tuple(sorted(a - x for x in p)) < p):
            yield p


class _Searcher:
    """What every profile's search shares on one dragonfly: the symmetry rules, the group order,
    the global cycles and the memoised group-pair bounds."""

    def __init__(self, top: Topology, st: ProfileStructure, lo: int, hi: int):
        a, g, h = st.a, st.g, st.h
        self.st, self.lo, self.hi = st, lo, hi
        self.symmetric = lo + hi == top.n_routers  # swapping the sides keeps a cut balanced
        perms = _group_permutations(top, st)
        self.perms = perms
        self.o0 = _orbit(perms, 0)
        stab = perms[perms[:, 0] == 0]
        self.b1 = max(range(1, g), key=lambda x: (len(_orbit(stab, x)), -x))
        self.o1 = _orbit(stab, self.b1)
        self.order = np.array([0, self.b1] + [x for x in range(1, g) if x != self.b1], dtype=np.int64)
        self.port = np.ascontiguousarray(st.port[np.ix_(self.order, self.order)])
        self.pos = np.empty(g, dtype=np.int64)
        self.pos[self.order] = np.arange(g)
        self.pair_lb = _PairBounds(g, h, a)
        self.cyc0, self.cstart = _global_cycles(st)
        self.cyc = self._in_order(self.pos)  # the search writes a router as its group's position · a + index
        self.links = g * (g - 1) // 2
        self.pow3 = 3 ** np.arange(g, dtype=np.int64)[::-1]

    def _in_order(self, pos: np.ndarray) -> np.ndarray:
        """The cycles' routers with group i renumbered pos[i]."""
        a = self.st.a
        return pos[self.cyc0 // a] * a + self.cyc0 % a

    def profiles(self):
        """Every profile with lo..hi routers on side 1 (one of each complement pair when symmetric)."""
        return _profiles(self.st.a, self.st.g, self.lo, self.hi, self.symmetric)

    def cheap(self, p: tuple[int, ...]) -> tuple[int, int]:
        """(local crossings, cheap bound on the global crossings) of profile p."""
        a = self.st.a
        return sum(c * (a - c) for c in p), _cheap_global_bound(p, a, self.st.h)

    def _search_placed(
        self, cnt: np.ndarray, stride: np.ndarray, sub: np.ndarray, gmax: int, max_nodes: int, until: float
    ) -> tuple[int | None, np.ndarray | None, int, bool]:
        """:meth:`search` with the empty and the full groups placed first (h = 2).  Their routers'
        sides are known, so the cycle bound sees them from the root: each placement, one per
        orbit of the automorphisms, is bounded at once and searched only if it passes."""
        st, g, a = self.st, self.st.g, self.st.a
        m0, m1 = int(cnt[0]), int(cnt[a])
        grp0 = self.cyc0 // a
        best, best_side, nodes = None, None, 0
        limit = gmax
        fix = np.full(g, -1, dtype=np.int64)
        fix[:m0], fix[m0 : m0 + m1] = 0, a
        no = np.zeros(g, dtype=np.bool_)
        v = np.ones(g, dtype=np.int64)
        rbuf = np.empty(grp0.size, dtype=np.int64)
        for z in combinations(range(g), m0):
            others = [x for x in range(g) if x not in z]
            for f in combinations(others, m1):
                v[:] = 1
                v[list(z)], v[list(f)] = 0, 2
                if time.perf_counter() >= until:
                    return best, best_side, nodes, False
                if _placement_ring(v, grp0, self.cstart, rbuf) > limit:
                    continue
                if int(self.pow3 @ v) > int((v[self.perms] @ self.pow3).min()):
                    continue  # another placement of the same orbit is searched
                order = np.array(list(z) + list(f) + [x for x in others if x not in f], dtype=np.int64)
                pos = np.empty(g, dtype=np.int64)
                pos[order] = np.arange(g)
                port = np.ascontiguousarray(st.port[np.ix_(order, order)])
                found, masks, k, done = _search(
                    a, g, port, cnt, limit, fix, no, no, stride, sub, self._in_order(pos), self.cstart, max_nodes - nodes, until
                )
                nodes += int(k)
                if found <= limit:
                    gm = np.empty(g, dtype=np.int64)
                    gm[order] = masks
                    best, best_side, limit = int(found), ((gm[st.grp] >> st.idx) & 1).astype(np.int8), int(found) - 1
                if not done:
                    return best, best_side, nodes, False
        return best, best_side, nodes, True

    def search(
        self, p: tuple[int, ...], gmax: int, max_nodes: int, until: float = math.inf
    ) -> tuple[int | None, np.ndarray | None, int, bool]:
        """Fewest global crossings, if at most ``gmax``, of a cut with profile p: (crossings or
        None, its side, nodes, finished within ``max_nodes`` and before ``time.perf_counter()``
        reaches ``until``)."""
        st, g, a = self.st, self.st.g, self.st.a
        pos, o0, o1, b1 = self.pos, self.o0, self.o1, self.b1
        cnt = np.bincount(np.array(p), minlength=a + 1).astype(np.int64)
        # the links among the unassigned groups: the cheap bound of their sizes (the group-pair
        # MILP here cost 10x the search's time for a few percent fewer nodes)
        stride = np.ones(a + 1, dtype=np.int64)
        for s in range(1, a + 1):
            stride[s] = stride[s - 1] * (cnt[s - 1] + 1)
        sub = np.zeros(int(stride[a] * (cnt[a] + 1)), dtype=np.int64)
        strides = stride.tolist()
        for i, rem in enumerate(product(*[range(c + 1) for c in cnt.tolist()])):
            if i & 4095 == 4095 and time.perf_counter() >= until:
                return None, None, 0, False
            sub[sum(r * s for r, s in zip(rem, strides))] = _cheap_global_bound(
                tuple(s for s in range(a + 1) for _ in range(rem[s])), a, st.h
            )
        if self.cstart.size > 1 and 0 < cnt[0] + cnt[a] < g:
            return self._search_placed(cnt, stride, sub, gmax, max_nodes, until)
        fix = np.full(g, -1, dtype=np.int64)
        ge0 = np.zeros(g, dtype=np.bool_)
        ge1 = np.zeros(g, dtype=np.bool_)
        present = [s for s in range(a + 1) if cnt[s]]
        if len(o0) == g:  # transitive: some group of the rarest size can be group 0
            fix[0] = min(present, key=lambda s: (cnt[s], s))
            rest = cnt.copy()
            rest[fix[0]] -= 1
            if len(o1) == g - 1:
                fix[1] = min((s for s in range(a + 1) if rest[s]), key=lambda s: (rest[s], s))
            else:
                ge1[pos[sorted(o1 - {b1})]] = True
        else:
            ge0[pos[sorted(o0 - {0})]] = True
            ge1[pos[sorted(o1 - {b1})]] = True
        found, masks, k, done = _search(
            a, g, self.port, cnt, gmax, fix, ge0, ge1, stride, sub, self.cyc, self.cstart, max_nodes, until
        )
        if found > gmax:
            return None, None, int(k), bool(done)
        gm = np.empty(g, dtype=np.int64)
        gm[self.order] = masks
        return int(found), ((gm[st.grp] >> st.idx) & 1).astype(np.int8), int(k), bool(done)


def _structure_or_error(top: Topology, st: ProfileStructure | None, lo: int, hi: int) -> ProfileStructure:
    st = st or profile_structure(top)
    if st is None:
        raise ValueError(
            "the profile search needs a canonical dragonfly: groups of a routers, one global link "
            "between every two groups, h global links on every router (g = ah + 1)"
        )
    if not 0 <= lo <= hi <= top.n_routers:
        raise ValueError(f"side limits must satisfy 0 <= lo <= hi <= {top.n_routers}, got {lo}..{hi}")
    return st


#: node budget of a search with no other limit (the clock stops it when there is a time limit)
_NO_BUDGET = int(np.iinfo(np.int64).max)

#: profiles enumerated between two reads of the clock
_CLOCK_PROFILES = 4096


def _shown(x: int, scale: int) -> int | float:
    return x // scale if x % scale == 0 else x / scale


def _candidates(sr: _Searcher, keep: Any, dl: Deadline) -> list | None:
    """``keep(p)`` (None: drop p) for every profile p, or None when the deadline ran out first
    (the profiles of a = 8, g = 33 number 95 million: minutes to enumerate)."""
    out = []
    for i, p in enumerate(sr.profiles()):
        if i % _CLOCK_PROFILES == 0:
            if dl.expired():
                return None
            dl.note(stage="profile enumeration", profiles_seen=i)
        item = keep(p)
        if item is not None:
            out.append(item)
    return out


def profile_bisection(
    top: Topology,
    wl: int,
    wg: int,
    lo: int,
    hi: int,
    upper_bound: int,
    start: np.ndarray | None = None,
    time_limit: float | Deadline | None = None,
    st: ProfileStructure | None = None,
    scale: int = 1,
) -> dict[str, Any]:
    """Minimum of ``wl``·local + ``wg``·global crossings over cuts with lo..hi routers on side 1,
    by the profile search (module docstring).  ``upper_bound``: the cost of ``start`` (a cut
    achieving it), or without ``start`` a value the optimum is known not to exceed.

    Returns status (``OPTIMAL``, or ``FEASIBLE`` when ``time_limit`` stopped it), objective and side
    of the best cut (``start`` when nothing better exists), the proven bound, and counters.
    ``time_limit`` (seconds or a :class:`~topoanalysis.deadline.Deadline` shared with the
    caller's other stages) is checked while the profiles are enumerated, between profiles, by
    each group-pair MILP and every 16 k nodes of the compiled search.  Stopped before every
    profile was enumerated, the bound is 0 (the caller's own bounds still hold).  ``scale``:
    the progress notes show costs divided by it (the caller's bandwidth units).
    """
    t0 = time.perf_counter()
    dl = Deadline.of(time_limit)
    st = _structure_or_error(top, st, lo, hi)
    sr = _Searcher(top, st, lo, hi)
    best, best_side = (upper_bound, start) if start is not None else (upper_bound + 1, None)

    def keep(p: tuple[int, ...]) -> tuple | None:
        loc, cg = sr.cheap(p)
        return (wl * loc + wg * cg, wl * loc, p) if wl * loc + wg * cg < upper_bound else None

    cands = _candidates(sr, keep, dl)
    if cands is None:
        return {
            "status": "FEASIBLE",
            "objective": best,
            "bound": 0,
            "side": best_side,
            "seconds": time.perf_counter() - t0,
            "profiles": None,
            "searched": 0,
            "nodes": 0,
        }
    cands.sort()
    nodes, searched, bound = 0, 0, upper_bound
    status = "OPTIMAL"
    for i, (cheap, local, p) in enumerate(cands):
        if cheap >= best:
            break
        if dl.expired():
            status, bound = "FEASIBLE", min(best, cheap)
            break
        dl.note(
            stage="profile search",
            best=_shown(min(best, upper_bound), scale),
            bound=_shown(min(best, cheap), scale),
            profiles=f"{i} of {len(cands)}",
        )
        lb_g = sr.pair_lb(p, dl.limit())
        if local + wg * lb_g >= best:
            continue
        gmax = (best - 1 - local) // wg if wg else sr.links  # wg = 0: any cut of the profile
        found, side, k, done = sr.search(p, gmax, _NO_BUDGET, dl.at)
        nodes += k
        searched += 1
        if found is not None:
            best, best_side = local + wg * found, side
        if not done:
            status, bound = "FEASIBLE", min(best, local + wg * lb_g)
            for cheap2, _, _ in cands[i + 1 : i + 2]:
                bound = min(bound, cheap2)
            break
    if status == "OPTIMAL":
        bound = best
    return {
        "status": status,
        "objective": best,
        "bound": bound,
        "side": best_side,
        "seconds": time.perf_counter() - t0,
        "profiles": len(cands),
        "searched": searched,
        "nodes": nodes,
    }


QUICK_PROFILES = 300  # profiles the envelope pass first looks at briefly ...
QUICK_NODES = 20000  # ... with this many search nodes each
DEFER_NODES = 1000000  # the exact pass leaves a profile needing more nodes than this to the end
Line = tuple[Fraction, int]  # (weighted local crossings, global crossings): value local + α·global


def lower_envelope(lines: Any, a0: Fraction, a1: Fraction) -> list[tuple[Fraction, Fraction, Line]]:
    """The pieces (from, to, line) of the minimum of the lines on [a0, a1], left to right."""
    cur = min(lines, key=lambda ln: (ln[0] + a0 * ln[1], ln[1]))
    x, out = a0, []
    while True:
        nxt, xn = None, a1
        for ln in lines:
            if ln[1] < cur[1]:  # every flatter line is above cur at x (ties went to the flatter one)
                xi = (ln[0] - cur[0]) / (cur[1] - ln[1])
                if xi < xn or (xi == xn and nxt is not None and ln[1] < nxt[1]):
                    nxt, xn = ln, xi
        out.append((x, xn, cur))
        if nxt is None or xn >= a1:
            return out
        x, cur = xn, nxt


def profile_envelope(
    top: Topology,
    wl: Fraction,
    lines: dict[Line, np.ndarray],
    a0: Fraction,
    a1: Fraction,
    lo: int,
    hi: int,
    time_limit: float | Deadline | None = None,
    st: ProfileStructure | None = None,
) -> dict[str, Any]:
    """The exact minimum of ``wl``·local + α·global over cuts with lo..hi routers on side 1, for
    every α in [a0, a1] at once: one pass over the profiles (module docstring).

    ``lines``: known cuts, {(wl·local, global): side}; the envelope of these lines is the upper
    bound U(α).  A profile's cuts all lie on or above the line wl·local + α·(its bound on the global
    crossings); a profile whose line is nowhere below U (checked at U's breakpoints: U is concave)
    cannot improve it.  Any other profile is searched once, for its fewest global crossings up to
    the most that could still go below U somewhere, and that line joins ``lines`` (updated in
    place).  Profiles are taken most promising first.  Returns proven (every profile settled
    within ``time_limit``: seconds or a :class:`~topoanalysis.deadline.Deadline`, checked as in
    :func:`profile_bisection`), the lines (the best cuts so far when not proven) and counters.
    """
    t0 = time.perf_counter()
    dl = Deadline.of(time_limit)
    st = _structure_or_error(top, st, lo, hi)
    if not lines:
        raise ValueError("profile_envelope needs at least one known cut in lines")
    if not a0 < a1:
        raise ValueError(f"the α range must have a0 < a1, got {a0}..{a1}")
    sr = _Searcher(top, st, lo, hi)
    state: dict[str, Any] = {}

    def upper() -> tuple[list[Fraction], list[Fraction]]:
        if state.get("n") != len(lines):
            xs = [p[0] for p in lower_envelope(list(lines), a0, a1)] + [a1]
            state.update(n=len(lines), xs=xs, us=[min(ln[0] + x * ln[1] for ln in lines) for x in xs])
        return state["xs"], state["us"]

    def slack(lw: Fraction, gl: int) -> Fraction:
        xs, us = upper()
        return min(lw + x * gl - u for x, u in zip(xs, us))

    def keep(p: tuple[int, ...]) -> tuple | None:
        loc, cg = sr.cheap(p)
        s = slack(wl * loc, cg)
        return (s, wl * loc, cg, p) if s < 0 else None

    cands = _candidates(sr, keep, dl)
    if cands is None:
        return {"proven": False, "lines": lines, "profiles": None, "searched": 0, "nodes": 0, "seconds": time.perf_counter() - t0}
    cands.sort()

    def gmax_of(lw: Fraction) -> int:
        # the most global crossings with which a cut of local cost lw is still below U somewhere
        xs, us = upper()
        out = 0
        for x, u in zip(xs, us):
            if u > lw:
                out = max(out, sr.links if x == 0 else ceil((u - lw) / x) - 1)
        return min(out, sr.links)

    # a first look at the most promising profiles, a few nodes each: their cuts lower U, so the
    # exact pass below prunes more (CP-SAT's short solves miss many of these cuts past ~100 routers)
    for _, lw, cg, p in cands[:QUICK_PROFILES]:
        if dl.expired():
            break
        if slack(lw, cg) < 0:
            found, side, _, _ = sr.search(p, gmax_of(lw), QUICK_NODES, dl.at)
            if found is not None:
                lines.setdefault((lw, found), side)  # type: ignore[arg-type]  # a found cut has its side
    proven, nodes, searched = True, 0, 0
    # profiles whose search needs more than DEFER_NODES wait until every other profile is done:
    # by then U is lower, so their searches have less to refute
    todo = [(lw, cg, p) for _, lw, cg, p in cands]
    for stage in (0, 1):
        deferred = []
        for i, (lw, cg, p) in enumerate(todo):
            if slack(lw, cg) >= 0:
                continue
            if dl.expired():
                proven = False
                break
            dl.note(stage=f"envelope profile pass {stage + 1}", cuts=len(lines), profiles=f"{i} of {len(todo)}")
            if slack(lw, sr.pair_lb(p, dl.limit())) >= 0:
                continue
            found, side, k, done = sr.search(p, gmax_of(lw), DEFER_NODES if stage == 0 else _NO_BUDGET, dl.at)
            nodes += k
            searched += 1
            if found is not None:
                lines.setdefault((lw, found), side)  # type: ignore[arg-type]  # a found cut has its side
            if not done:
                if stage == 0 and not dl.expired():  # out of nodes, not of time: left to the end
                    deferred.append((lw, cg, p))
                    continue
                proven = False
                break
        if not proven:
            break
        todo = deferred
    return {
        "proven": proven,
        "lines": lines,
        "profiles": len(cands),
        "searched": searched,
        "nodes": nodes,
        "seconds": time.perf_counter() - t0,
    }
