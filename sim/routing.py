"""Routing components for the simulator (CAMINOS-style, compiled).

A routing is a Python object that (1) validates the topology and the VC configuration,
(2) contributes numpy tables (:class:`RTables`) and (3) names an integer id that the compiled
dispatch functions below switch on.  The engine (``sim/engine.py``) calls only three
functions and knows nothing of dragonflies:

* ``route_init(rid, rt, net, pk, p, src_router, dst_router, rng)`` — at generation: choose
  an intermediate, set header flags (source-routed decisions).
* ``route_candidates(rid, rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need) -> n`` —
  at the head of a buffer: write the allowed (output arc, VC, credits needed) triples in
  preference order; arc ``-1`` means "eject here".  ``out_need`` > 1 is how a later bubble
  flow-control escape VC (seed 001 §3.3, OFAR) asks for room for more than one packet.
* ``route_on_move(rid, rt, net, pk, p, arc)`` — after the packet won ``arc`` (hop counters
  already updated): update the header, e.g. clear the Valiant phase flag on reaching the
  intermediate.

Why integer dispatch instead of numba first-class functions: a first-class function value
cannot be cached across processes (``cache=True``), costs an indirect call per head per cycle
and blocks inlining; an ``if rid == ...`` chain over a handful of routings compiles once,
inlines, and a new routing (UGAL, Piggybacking, OFAR, coloured VC-less routings) is one more
branch here plus one more Python class — the engine is untouched.

VC schemes (seed 001 §1, seed 002 §IV-D).  ``vc_scheme=0`` ("routing"): each routing's own
deadlock-free assignment.  Dragonfly routings number VCs by position in the canonical path
l1-g1-l2-g2-l3 (seed 001 §1: local hops 1, 3, 5 use local VCs 0, 1, 2, global hops 2, 4 use
global VCs 0, 1, and shorter paths *skip* the indexes of missing hops): a hop on either kind
uses VC = number of global hops already taken, which gives MIN 2/1 and VAL 3/2; VAL-any
(l1 g1 l2 | l3 g2 l4) puts its second half on local VCs 2, 3 and global VC 1 even when the first
half had no global hop, giving 4/2 (seed 001 §4; numbering the second global hop by global hops
taken so far put it on global VC 0 after an intra-group first half, closing l2 -> g1 -> l1 -> l2).
Counting hops per kind instead would let a skipped l1 put l2 on local VC 0 and close a cycle
local VC0 -> global VC0 -> local VC0 (the first version did, and ADVG+1 deadlocked).
Shortest-path routings on other topologies use VC = total hops so far (seed 002 §IV-D, "VC k on
hop k"); DOR uses VC 0 (dimension order is deadlock-free by itself, seed 000 §3).
``vc_scheme=1`` ("hops"): VC = total hops so far for every routing.  Either way the VC index
never decreases along a path and the classes it separates cannot form a cycle
(``sim.cdg`` checks the channel dependency graph of the compiled code exhaustively).
``vc_scheme=2`` ("none"): every hop on VC 0 — NOT deadlock-free; it exists so tests can build a
deadlock on purpose and check that the watchdog reports it.
``vc_scheme=3`` ("any"): every hop may take any VC of the arc, the selection policy choosing among
them from the credits (BookSim2's ``min`` on ``anynet`` allows every VC on every hop); NOT
deadlock-free in general, for cross-validation with matched settings.
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from topoanalysis.topology import Topology

from ._hints import prefetch, prefetch2
from ._rng import rand_below

__all__ = ["RTables", "Routing", "make_routing", "ROUTINGS", "distance_table"]

R_MIN, R_DFMIN, R_VALIANT, R_VALANY, R_DOR = 0, 1, 2, 3, 4
F_PHASE1 = 1  # header flag: still travelling to the Valiant intermediate
F_SHIFT = 4   # flags >> F_SHIFT: global hops taken when the intermediate was reached (VAL-any)


class RTables(NamedTuple):
    """Routing tables; every routing gets all fields (unused ones are tiny) so the engine compiles once."""

    dist: np.ndarray      # int8 (R, R) router distances, or (1, 1)
    group: np.ndarray     # int32 (R,) dragonfly group, or zeros
    index: np.ndarray     # int32 (R,) index inside the group
    ldist: np.ndarray     # int8 (R, a) distance inside the group over local links to index j
    gkey: np.ndarray      # int64 sorted keys g_src * G + g_dst of global arcs
    garc: np.ndarray      # int64 arcs for gkey
    gptr: np.ndarray      # int32 (G*G+1,) global arcs from group gs to gd are garc[gptr[k]:gptr[k+1]], k = gs*G+gd
    comp: np.ndarray      # int32 (D, R) Hamming coordinate ids per dimension
    dkind: np.ndarray     # int8 (D,) link kind of each dimension
    ip: np.ndarray        # int64 params: [base (0 dist, 1 dragonfly), G, a, D, local kind, global kind, gpair]
    # compact copies for the candidate loops (the engine's net.dst/kind are strided views into
    # 64-byte port records: a loop over a router's arcs read one cache line per arc)
    adst: np.ndarray      # int32 (A,) head router of each arc
    akind: np.ndarray     # int8 (A,) link kind of each arc
    gsrc: np.ndarray      # int32 source router of garc[i]
    larc: np.ndarray      # int32 (R, a) the one local arc from r to index j of its group, else -1
    gpair: np.ndarray     # int32 (2*G*G,) with one global link per ordered group pair (ip[6] = 1): its arc
                          # and source router at 2k, 2k+1 for k = gs*G+gd (one table read per routing call)


class NetArrays(NamedTuple):
    """Topology arrays the engine and routings share (ports = ``Topology.arcs()`` order)."""

    ptr: np.ndarray       # int64 (R+1,) arcs of router r are ptr[r]:ptr[r+1]
    src: np.ndarray       # int32 (A,)
    dst: np.ndarray       # int32 (A,)
    kind: np.ndarray      # int8 (A,)
    rev: np.ndarray       # int64 (A,) the opposite arc over the same physical link
    lat: np.ndarray       # int64 (A,) link latency in cycles
    nv: np.ndarray        # int64 (A,) VCs on the arc
    cap: np.ndarray       # int64 (A,) buffer per VC, in packets
    ep_ptr: np.ndarray    # int64 (R+1,) endpoints of router r are ep_ptr[r]:ep_ptr[r+1]
    ep_router: np.ndarray  # int64 (E,)


class Packets(NamedTuple):
    """Packet pool (header fields) — grown by the driver when it runs low."""

    src: np.ndarray    # int64 source endpoint
    dst: np.ndarray    # int64 destination endpoint
    dr: np.ndarray     # int64 destination router
    gen: np.ndarray    # int64 generation cycle
    ready: np.ndarray  # int64 cycle at which the head is routable at its current buffer
    inter: np.ndarray  # int64 intermediate (router or group; routing-defined)
    flags: np.ndarray  # int64 routing flags
    hops: np.ndarray   # int16 (pool, n_kinds) hops taken per link kind
    htot: np.ndarray   # int64 total hops
    nxt: np.ndarray    # int64 linked-list successor (queues and free list)
    nready: np.ndarray  # int64 ready cycle of the successor in its queue (dequeue needs no successor read)


# ----------------------------------------------------------------------------- compiled
@numba.njit(cache=True, inline="always")
def _add(out_arc, n, a):
    for i in range(n):
        if out_arc[i] == a:
            return n
    out_arc[n] = a
    return n + 1


@numba.njit(cache=True, inline="always")
def _cand_dist(rt, net, r, target, out_arc, n):
    d0 = rt.dist[r, target]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.dist[rt.adst[a], target] == d0 - 1:
            out_arc[n] = a
            n += 1
    return n


@numba.njit(cache=True, inline="always")
def _cand_local(rt, net, r, tidx, out_arc, n):
    la = rt.larc[r, tidx]
    if la >= 0:
        # r is next to the target (local distance 1), and the loop below would find exactly
        # this arc, the only local one to the target itself
        return _add(out_arc, n, la)
    d0 = rt.ldist[r, tidx]
    lk = rt.ip[4]
    g = rt.group[r]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        w = rt.adst[a]
        if rt.akind[a] == lk and rt.group[w] == g and rt.ldist[w, tidx] == d0 - 1:
            n = _add(out_arc, n, a)
    return n


@numba.njit(cache=True, inline="always")
def _global_range(rt, gs, gd):
    # a direct table: a binary search over the G(G-1) keys was a chain of dependent cache misses
    key = gs * rt.ip[1] + gd
    return rt.gptr[key], rt.gptr[key + 1]


@numba.njit(cache=True, inline="always")
def _cand_to_group(rt, net, r, gd, out_arc, n):
    """Seed 000 §7 'Minimal': take a global link to group gd from r if r has one; otherwise a
    local step towards any router of r's group that has one (random choice by the selector)."""
    gs = rt.group[r]
    if rt.ip[6] == 1 and gs != gd:
        # exactly one global link from gs to gd: what the loops below find, in one table read
        k = 2 * (gs * rt.ip[1] + gd)
        if rt.gpair[k + 1] == r:
            out_arc[n] = rt.gpair[k]
            return n + 1
        return _cand_local(rt, net, r, rt.index[rt.gpair[k + 1]], out_arc, n)
    lo, hi = _global_range(rt, gs, gd)
    n0 = n
    for i in range(lo, hi):
        if rt.gsrc[i] == r:
            out_arc[n] = rt.garc[i]
            n += 1
    if n > n0:
        return n
    for i in range(lo, hi):
        n = _cand_local(rt, net, r, rt.index[rt.gsrc[i]], out_arc, n)
    return n


@numba.njit(cache=True, inline="always")
def _cand_base(rt, net, r, d, out_arc, n):
    """Minimal next hops from r to router d != r with the base minimal routing."""
    if rt.ip[0] == 0:
        return _cand_dist(rt, net, r, d, out_arc, n)
    if rt.group[r] == rt.group[d]:
        return _cand_local(rt, net, r, rt.index[d], out_arc, n)
    return _cand_to_group(rt, net, r, rt.group[d], out_arc, n)


@numba.njit(cache=True, inline="always")
def _cand_dor(rt, net, r, d, out_arc, n):
    for k in range(rt.comp.shape[0]):
        cd = rt.comp[k, d]
        if rt.comp[k, r] != cd:
            dk = rt.dkind[k]
            for a in range(net.ptr[r], net.ptr[r + 1]):
                if rt.akind[a] == dk and rt.comp[k, rt.adst[a]] == cd:
                    out_arc[n] = a
                    n += 1
            return n
    return n


@numba.njit(cache=True, inline="always")
def _other_than(st, n, a, b):
    """Uniform draw from range(n) without the two distinct values a and b (one random number)."""
    x = rand_below(st, n - 2)
    if x >= min(a, b):
        x += 1
    if x >= max(a, b):
        x += 1
    return x


@numba.njit(cache=True, inline="always")
def route_init(rid, rt, net, pk, p, sr, dr, st):
    """Source decisions at generation (seed 001 §2/§4: Valiant picks its intermediate here)."""
    pk.flags[p] = 0
    pk.inter[p] = -1
    if rid == R_VALIANT:
        G = rt.ip[1]
        gs = rt.group[sr]
        gd = rt.group[dr]
        if gs != gd and G > 2:
            # uniform over groups other than source and destination group
            pk.inter[p] = _other_than(st, G, gs, gd)
            pk.flags[p] = F_PHASE1
    elif rid == R_VALANY:
        R = net.ptr.shape[0] - 1
        if sr != dr and R > 2:
            pk.inter[p] = _other_than(st, R, sr, dr)
            pk.flags[p] = F_PHASE1


@numba.njit(cache=True, inline="always")
def route_candidates(rid, rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need):
    """Allowed (arc, VC, credits needed) at router r in preference order; arc -1 = eject."""
    n = 0
    d = pk.dr[p]
    if (pk.flags[p] & F_PHASE1) != 0:
        if rid == R_VALIANT:
            n = _cand_to_group(rt, net, r, pk.inter[p], out_arc, 0)
        else:
            n = _cand_base(rt, net, r, pk.inter[p], out_arc, 0)
    elif r == d:
        out_arc[0] = -1
        out_vc[0] = 0
        out_need[0] = 1
        return 1
    elif rid == R_MIN:
        n = _cand_dist(rt, net, r, d, out_arc, 0)
    elif rid == R_DOR:
        n = _cand_dor(rt, net, r, d, out_arc, 0)
    else:
        n = _cand_base(rt, net, r, d, out_arc, 0)
    vc = pk.htot[p]
    if vc_scheme == 0:
        if rid == R_DOR:
            vc = 0
        elif rt.ip[0] == 1:
            vc = pk.hops[p, rt.ip[5]]  # global hops so far: position in l-g-l-g-l
    elif vc_scheme == 2:
        vc = 0  # "none": deliberately unsafe, for watchdog tests and deadlock demonstrations
    # VAL-any second half l3-g2-l4 takes positions 4-6 of l1-g1-l2-l3-g2-l4 whatever the first
    # half skipped: local VC 2 + its own global hops, global VC 1 (seed 001 §1 "skip indexes")
    second = vc_scheme == 0 and rid == R_VALANY and rt.ip[0] == 1 and (pk.flags[p] & F_PHASE1) == 0 \
        and pk.inter[p] >= 0
    if vc_scheme == 3:
        return _every_vc(net, n, out_arc, out_vc, out_need)
    for i in range(n):
        a = out_arc[i]
        v = vc
        if second:
            v = 2 + vc - (pk.flags[p] >> F_SHIFT) if net.kind[a] == rt.ip[4] else 1
        out_vc[i] = v
        out_need[i] = 1
    return n


@numba.njit(cache=True, inline="always")
def _every_vc(net, n, out_arc, out_vc, out_need):
    """Expand the n candidate arcs into one candidate per (arc, VC), in place from the back (each
    arc's entries land at or after its own slot, so nothing unread is overwritten).  The caller's
    buffers hold (most candidate arcs) x (most VCs) entries."""
    total = 0
    for i in range(n):
        total += net.nv[out_arc[i]]
    pos = total
    for i in range(n - 1, -1, -1):
        a = out_arc[i]
        for v in range(net.nv[a] - 1, -1, -1):
            pos -= 1
            out_arc[pos] = a
            out_vc[pos] = v
            out_need[pos] = 1
    return total


@numba.njit(cache=True, inline="always")
def route_prefetch(rid, rt, net, pk, p, r):
    """Hint: bring in the table lines that ``route_candidates`` of head p at router r will read
    (the engine calls it for a batch of heads before routing them, so the misses overlap).
    Dragonfly hierarchical routings: the group-pair entry and r's row of local arcs."""
    if rt.ip[0] != 1:
        return
    flags = pk.flags[p]
    if (flags & F_PHASE1) != 0:
        if rid == R_VALIANT:
            gd = pk.inter[p]
        else:
            gd = rt.group[pk.inter[p]]
    else:
        d = pk.dr[p]
        if r == d or rid == R_MIN or rid == R_DOR:
            return
        gd = rt.group[d]
    gs = rt.group[r]
    if gs != gd:
        if rt.ip[6] == 1:
            prefetch(rt.gpair, 2 * (gs * rt.ip[1] + gd))
        else:
            prefetch(rt.gptr, gs * rt.ip[1] + gd)
    a = rt.larc.shape[1]
    for j in range(0, a, 16):
        prefetch2(rt.larc, r, j)
    prefetch2(rt.larc, r, a - 1)


@numba.njit(cache=True, inline="always")
def route_on_move(rid, rt, net, pk, p, arc):
    """Header update after winning ``arc`` (hop counters already incremented)."""
    if (pk.flags[p] & F_PHASE1) != 0:
        w = net.dst[arc]
        if rid == R_VALIANT:
            if rt.group[w] == pk.inter[p]:
                pk.flags[p] &= ~F_PHASE1
        elif w == pk.inter[p]:
            pk.flags[p] &= ~F_PHASE1
            if rt.ip[0] == 1:
                pk.flags[p] |= pk.hops[p, rt.ip[5]] << F_SHIFT


@numba.njit(cache=True)
def _all_pairs(ptr, dst, akind, n, nk, dist, maxk):
    """BFS from every router; dist[s, v] and maxk[k] = max kind-k hops on any shortest path."""
    queue = np.empty(n, np.int64)
    mk = np.zeros((n, nk), np.int64)
    for s in range(n):
        for i in range(n):
            dist[s, i] = -1
        for i in range(n):
            for k in range(nk):
                mk[i, k] = 0
        dist[s, s] = 0
        queue[0] = s
        head = 0
        tail = 1
        while head < tail:
            w = queue[head]
            head += 1
            dw = dist[s, w]
            for a in range(ptr[w], ptr[w + 1]):
                v = dst[a]
                if dist[s, v] < 0:
                    if dw + 1 > 126:
                        return False
                    dist[s, v] = dw + 1
                    queue[tail] = v
                    tail += 1
                if dist[s, v] == dw + 1:
                    for k in range(nk):
                        c = mk[w, k] + (1 if akind[a] == k else 0)
                        if c > mk[v, k]:
                            mk[v, k] = c
        if tail != n:
            return False
        for i in range(n):
            for k in range(nk):
                if mk[i, k] > maxk[k]:
                    maxk[k] = mk[i, k]
    return True


# ----------------------------------------------------------------------------- Python side
_MAX_DIST_ROUTERS = 8192  # an (R, R) int8 table: 64 MB at this size


def distance_table(top: Topology) -> tuple[np.ndarray, np.ndarray]:
    """All-pairs router distances (int8) and the max hops per link kind along shortest paths."""
    R = top.n_routers
    if R > _MAX_DIST_ROUTERS:
        raise ValueError(f"routing 'min' keeps an R x R distance table; {R} routers exceeds {_MAX_DIST_ROUTERS} "
                         "(use 'df-min' on dragonflies)")
    arcs = top.arcs()
    dist = np.empty((R, R), np.int8)
    maxk = np.zeros(len(top.kind_names), np.int64)
    ok = _all_pairs(arcs.ptr, arcs.dst.astype(np.int64), arcs.kind.astype(np.int64), R, len(top.kind_names), dist, maxk)
    if not ok:
        raise ValueError("topology: routing needs a connected network with diameter < 127")
    return dist, maxk


def _empty_tables(top: Topology) -> dict:
    R = top.n_routers
    arcs = top.arcs()
    return dict(dist=np.zeros((1, 1), np.int8), group=np.zeros(R, np.int32), index=np.zeros(R, np.int32),
                ldist=np.zeros((1, 1), np.int8), gkey=np.zeros(0, np.int64), garc=np.zeros(0, np.int64),
                gptr=np.zeros(1, np.int32),
                comp=np.zeros((0, R), np.int32), dkind=np.zeros(0, np.int8), ip=np.zeros(7, np.int64),
                adst=np.ascontiguousarray(arcs.dst, np.int32), akind=np.ascontiguousarray(arcs.kind, np.int8),
                gsrc=np.zeros(0, np.int32), larc=np.full((1, 1), -1, np.int32), gpair=np.zeros(2, np.int32))


@numba.njit(cache=True)
def _local_dists(ptr, dst, akind, group, index, lk, a, out):
    R = ptr.shape[0] - 1
    queue = np.empty(R, np.int64)
    seen = np.full(R, -1, np.int64)
    for s in range(R):
        for j in range(a):
            out[s, j] = -1
        seen[s] = s
        out[s, index[s]] = 0
        queue[0] = s
        head = 0
        tail = 1
        while head < tail:
            w = queue[head]
            head += 1
            for x in range(ptr[w], ptr[w + 1]):
                v = dst[x]
                if akind[x] == lk and group[v] == group[s] and seen[v] != s:
                    seen[v] = s
                    out[s, index[v]] = out[s, index[w]] + 1
                    queue[tail] = v
                    tail += 1
    return 0


def _dragonfly_tables(top: Topology, t: dict) -> int:
    """Fill group/local/global tables; returns the intra-group diameter. ValueError if not a dragonfly."""
    if "group" not in top.labels or "index" not in top.labels:
        raise ValueError("routing: dragonfly routings need router labels 'group' and 'index'")
    if "local" not in top.kind_names or "global" not in top.kind_names:
        raise ValueError(f"routing: dragonfly routings need link kinds 'local' and 'global', got {top.kind_names}")
    group = top.labels["group"].astype(np.int32)
    index = top.labels["index"].astype(np.int32)
    lk, gk = top.kind_index("local"), top.kind_index("global")
    G = int(group.max()) + 1
    a = int(index.max()) + 1
    arcs = top.arcs()
    ldist = np.empty((top.n_routers, a), np.int8)
    _local_dists(arcs.ptr, arcs.dst.astype(np.int64), arcs.kind.astype(np.int64), group, index, lk, a, ldist)
    # every router must reach every other router of its group over local links
    counts = np.bincount(group, minlength=G)
    present = np.zeros((G, a), bool)
    present[group, index] = True
    if np.any((ldist < 0) & present[group]):
        raise ValueError("topology: some group is not connected by its local links")
    if counts.min() == 0:
        raise ValueError("topology: dragonfly group labels must be 0..G-1 without gaps")
    sel = np.flatnonzero(arcs.kind == gk)
    keys = group[arcs.src[sel]].astype(np.int64) * G + group[arcs.dst[sel]]
    order = np.argsort(keys, kind="stable")
    garc = sel[order].astype(np.int64)
    # larc[r, j]: the local arc from r to the router of index j in r's group when there is exactly one
    lsel = np.flatnonzero((arcs.kind == lk) & (group[arcs.src] == group[arcs.dst]))
    cell = arcs.src[lsel].astype(np.int64) * a + index[arcs.dst[lsel]]
    larc = np.full(top.n_routers * a, -1, np.int32)
    once = np.bincount(cell, minlength=top.n_routers * a) == 1
    larc[cell[once[cell]]] = lsel[once[cell]]
    t.update(group=group, index=index, ldist=ldist, gkey=keys[order], garc=garc,
             gptr=np.searchsorted(keys[order], np.arange(G * G + 1)).astype(np.int32),
             gsrc=arcs.src[garc].astype(np.int32), larc=larc.reshape(top.n_routers, a))
    gpairs = np.unique(keys)
    if gpairs.size != G * (G - 1):
        raise ValueError(f"topology: dragonfly routings need a global link between every pair of groups "
                         f"({G * (G - 1)} ordered pairs, found {gpairs.size})")
    t["ip"][:6] = [1, G, a, 0, lk, gk]
    per_pair = np.diff(t["gptr"])
    if np.all(per_pair[np.flatnonzero(np.arange(G * G) // G != np.arange(G * G) % G)] == 1):
        gp = np.full((G * G, 2), -1, np.int32)
        keys_o = keys[order]
        gp[keys_o, 0] = garc
        gp[keys_o, 1] = t["gsrc"]
        t["gpair"] = gp.ravel()
        t["ip"][6] = 1
    return int(ldist[present[group]].max()) if a > 1 else 0


def _hamming_tables(top: Topology, t: dict) -> None:
    """Coordinates of a Hamming graph: each link kind is a dimension; the component of r in the
    graph without kind-k links is its coordinate x_k (routers sharing x_k)."""
    import scipy.sparse as sp
    from scipy.sparse.csgraph import connected_components

    R = top.n_routers
    D = len(top.kind_names)
    comp = np.empty((D, R), np.int32)
    sizes = []
    arcs = top.arcs()
    for k in range(D):
        m = top.kind != k
        adj = sp.coo_array((np.ones(int(m.sum())), (top.u[m], top.v[m])), shape=(R, R))
        nc, lab = connected_components(adj, directed=False)
        comp[k] = lab
        sizes.append(nc)
        # kind-k neighbours of r must be one router per other coordinate value
        sel = arcs.kind == k
        deg = np.bincount(arcs.src[sel], minlength=R)
        if np.any(deg != nc - 1) or np.any(lab[arcs.src[sel]] == lab[arcs.dst[sel]]):
            raise ValueError("routing 'dor' needs a Hamming graph whose link kinds are its dimensions "
                             f"(kind {top.kind_names[k]!r} is not a K_{nc} factor)")
    if int(np.prod(sizes)) != R:
        raise ValueError(f"routing 'dor': {R} routers is not the product of the dimension sizes {sizes}")
    t.update(comp=comp, dkind=np.arange(D, dtype=np.int8))
    t["ip"][3] = D


class Routing:
    """A compiled routing: name, integer id, tables, and the max hops per link kind it can take
    (which is how many VCs per kind the per-kind VC scheme needs)."""

    def __init__(self, name: str, rid: int, tables: RTables, max_hops: np.ndarray, selection: int = 1,
                 cacheable: bool = True, vcs: np.ndarray | None = None, variant: str = ""):
        self.name = name
        self.variant = variant  # which definition a generic name resolved to on this topology
        # oblivious routings: candidates depend only on the header and the router, so the
        # engine may cache them per buffer head (adaptive routings set this False)
        self.cacheable = cacheable
        self.rid = rid
        self.tables = tables
        self.max_hops = np.asarray(max_hops, dtype=np.int64)
        self.selection = selection
        self._vcs = None if vcs is None else np.asarray(vcs, dtype=np.int64)

    def __repr__(self) -> str:
        return f"Routing({self.name!r})"

    def required_vcs(self, vc_scheme: int) -> np.ndarray:
        """VCs needed per link kind for deadlock freedom under ``vc_scheme`` (0 routing's own, 1 hop index)."""
        total = int(self.max_hops.sum())
        hop_index = np.where(self.max_hops > 0, total, 0)
        if vc_scheme == 0 and self._vcs is not None:
            return self._vcs.copy()
        if vc_scheme in (2, 3):
            return np.where(self.max_hops > 0, 1, 0)
        return hop_index


#: routing names accepted by :func:`make_routing` and the CLI
ROUTINGS = ("min", "valiant", "valiant-any", "dor", "df-min", "sp-min")


def make_routing(top: Topology, name: str) -> Routing:
    """Build routing ``name`` for ``top``.

    ``min``: on a dragonfly with complete groups, hierarchical minimal l-g-l (seed 000 §7 "Minimal":
    the source router's own global link to the destination group if it has one, else a local hop to
    a random router that has one; seed 001 §4 MIN, 2/1 VCs) — which is what the papers call minimal
    there, avoiding the shorter but global-heavy g-g paths (seed 000 §7); elsewhere (including
    dragonflies with non-complete groups) ``sp-min``.
    ``df-min``: the hierarchical minimal routing, refusing non-dragonflies (alias kept for scripts).
    ``sp-min``: random among minimal next hops over shortest paths (any topology; distance table).
    ``valiant``: on a dragonfly, Valiant to a random intermediate group, then minimal (seed 001 §2/§4
    VAL, 3/2 VCs); elsewhere the original Valiant to a random router, as ``valiant-any``.
    ``valiant-any``: random intermediate router, minimal to it then to the destination (seed 001 §4
    VAL-any 4/2 on dragonflies; seed 002 §IV-B VAL on other topologies, segments over shortest paths).
    ``dor``: dimension order on Hamming graphs (seed 000 §3), one link per dimension.
    """
    nk = len(top.kind_names)
    t = _empty_tables(top)
    is_df = "group" in top.labels and "local" in top.kind_names and "global" in top.kind_names
    def df(t: dict, nl: int, ng: int, ml: int, mg: int) -> tuple[np.ndarray, np.ndarray]:
        dl = _dragonfly_tables(top, t)
        if dl > 1:
            raise ValueError(f"routing {name!r}: the dragonfly VC scheme assumes complete groups (one local hop per "
                             f"group visit); this topology has intra-group diameter {dl}")
        lk, gk = top.kind_index("local"), top.kind_index("global")
        vcs, mh = np.zeros(nk, np.int64), np.zeros(nk, np.int64)
        vcs[lk], vcs[gk] = nl, ng
        mh[lk], mh[gk] = ml, mg
        return vcs, mh

    if name == "min" and is_df:
        try:
            vcs, mh = df(t, 2, 1, 2, 1)
        except ValueError:
            t = _empty_tables(top)  # incomplete groups: fall back to shortest paths below
        else:
            return Routing(name, R_DFMIN, RTables(**t), mh, vcs=vcs, variant="hierarchical")
    if name in ("min", "sp-min"):
        dist, maxk = distance_table(top)
        t["dist"] = dist
        D = int(dist.max())
        vcs = np.where(maxk > 0, D, 0)
        return Routing(name, R_MIN, RTables(**t), np.where(maxk > 0, maxk, 0), vcs=vcs, variant="shortest-path")
    if name == "df-min":
        vcs, mh = df(t, 2, 1, 2, 1)  # seed 001 §4: MIN uses 2/1 VCs
        return Routing(name, R_DFMIN, RTables(**t), mh, vcs=vcs, variant="hierarchical")
    if name == "valiant" and is_df:
        vcs, mh = df(t, 3, 2, 3, 2)  # seed 001 §1: l-g-l-g-l, 3/2 VCs
        return Routing(name, R_VALIANT, RTables(**t), mh, vcs=vcs, variant="intermediate-group")
    if name in ("valiant", "valiant-any"):
        if is_df:
            vcs, mh = df(t, 4, 2, 4, 2)  # seed 001 §4: VAL-any 4/2 VCs
        else:
            dist, maxk = distance_table(top)
            t["dist"] = dist
            D = int(dist.max())
            mh = 2 * maxk
            vcs = np.where(maxk > 0, 2 * D, 0)  # seed 002 §IV-D: up to 2D hops, VC k on hop k
        return Routing(name, R_VALANY, RTables(**t), mh, vcs=vcs, variant="intermediate-router")
    if name == "dor":
        _hamming_tables(top, t)
        return Routing(name, R_DOR, RTables(**t), np.ones(nk, np.int64), vcs=np.ones(nk, np.int64),
                       variant="dimension-order")
    raise ValueError(f"routing: unknown routing {name!r}; known: {', '.join(ROUTINGS)}")
