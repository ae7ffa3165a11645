"""UGAL-L: minimal or Valiant, decided at the source router from local queue lengths (seed 002
§IV-C "UGAL-L"; seed 003 §3.1).

Seed 002: "UGAL-L can only access the local output queues at each router.  To route a packet, it
first generates a set of VAL paths and computes the MIN path.  Then, it multiplies the length of
each path (in hops) by the local output queue length, and picks the one with the lowest result
[...] selecting 4 results in lower overall latency."  Here:

* At generation the packet draws a seed for its k = 4 candidate intermediates from the source
  router's random stream and is marked undecided.
* At the source router its candidates are the minimal next hops (label minimal, hops = the
  minimal path's length, tag 0) and, for each intermediate j, the first hop of the Valiant path
  through it (label non-minimal, hops = that path's length, tag j + 1).
* The selection policy ``ugal`` (:mod:`sim.policies`) takes the candidate with the least
  (occupancy of its output port) x (hops), ties to minimal, the first time the packet is at the
  head of its source queue and allowed to move (as a router's route computation does once per
  packet); the winner's tag fixes the path at once (``decide``), and the packet waits for that
  output if it is not available.
* From then on the packet follows the minimal routing, or Valiant through intermediate j, with
  Valiant's VCs either way (the minimal path's VCs are a subset of them, so the routing is
  deadlock-free with Valiant's VC count).

Intermediates: on a dragonfly a group other than the source's and the destination's (as
``valiant``, l-g-l-g-l with 3 local / 2 global VCs); elsewhere a router other than source and
destination (as ``valiant-any``: VC k on hop k, 2D VCs).  Packets inside one group of a dragonfly,
or without any possible intermediate, are routed minimally.  The hop counts are the distance
table's on a general topology and the l-g-l bounds on a dragonfly (3 for the minimal path, 4 or 5
for a Valiant path, as the other dragonfly routings estimate them).
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .._jit import call, helper
from .._rng import advance
from ..policies import P_UGAL
from . import minimal, valiant, valiant_any
from .base import (F_PHASE1, L_MIN, L_NONMIN, Routing, cand_base, draw_other, global_range, hops_base,
                   label_all)

__all__ = ["build", "build_global", "F_UNDECIDED", "K_PATHS", "K_MAX"]

F_UNDECIDED = 2  # header flag: at the source router, path not chosen yet
K_PATHS = 4      # Valiant paths compared with the minimal one (seed 002 §IV-C)
K_MAX = 8        # most Valiant candidates the engine's candidate buffers make room for (sim.layout)


@helper
def _intermediate(rt, net, pk, p, r, j):
    """Candidate intermediate j of packet p (a group on a dragonfly, else a router), from the seed
    drawn at generation (the source router r is where the packet is undecided)."""
    g = np.uint64(pk.inter[p]) * np.uint64(2) + np.uint64(1)
    for _ in range(j + 1):
        g = advance(g)
    d = pk.dr[p]
    if rt.ip[0] == 1:
        return draw_other(g, rt.ip[1], np.int64(rt.group[r]), np.int64(rt.group[d]))
    return valiant_any.draw_router(rt, net, g, r, d)


@helper
def _first_hop(rt, net, r, x):
    """One first arc of the minimal path from router r to intermediate x (a group on a dragonfly,
    the first candidate of ``cand_to_group``; else the first arc one step closer to router x),
    -1 if none.  One arc per Valiant path keeps the candidates within the engine's buffers."""
    if rt.ip[0] == 1:
        gs = rt.group[r]
        if rt.ip[6] == 1:
            k = 2 * (gs * rt.ip[1] + x)
            if rt.gpair[k + 1] == r:
                return np.int64(rt.gpair[k])
            return np.int64(rt.larc[r, rt.index[rt.gpair[k + 1]]])
        lo, hi = global_range(rt, gs, x)
        for i in range(lo, hi):
            if rt.gsrc[i] == r:
                return np.int64(rt.garc[i])
        if hi > lo:
            return np.int64(rt.larc[r, rt.index[rt.gsrc[lo]]])
        return np.int64(-1)
    d0 = rt.dist[r, x]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.dist[rt.adst[a], x] == d0 - 1:
            return np.int64(a)
    return np.int64(-1)


@helper
def init(rt, net, pk, p, sr, dr, st):
    """Undecided at the source when an intermediate exists: the seed of its k candidates."""
    if rt.ip[0] == 1:
        ok = rt.group[sr] != rt.group[dr] and rt.ip[1] > 2
    else:
        ok = sr != dr and net.ptr.shape[0] - 1 > 2
    if ok:
        x = advance(st[0])
        st[0] = x
        pk.inter[p] = np.int64(x >> np.uint64(1))
        pk.flags[p] = F_UNDECIDED


@call
def source_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops, out_tag):
    """An undecided packet at its source router: the minimal next hops (tag 0) and one first hop
    per Valiant path (tag j + 1).  Once decided, the dispatch routes it as ``valiant`` (dragonfly)
    or ``valiant-any`` with tag 0 (``sim/routings/__init__.py``)."""
    d = pk.dr[p]
    n = cand_base(rt, net, r, d, out_arc, np.int64(0))
    label_all(out_lab, out_hops, n, np.int64(L_MIN), np.int64(hops_base(rt, net, r, d)))
    for i in range(n):
        out_tag[i] = 0
    for j in range(rt.ip[7]):
        x = _intermediate(rt, net, pk, p, r, np.int64(j))
        a = _first_hop(rt, net, r, x)
        if a < 0:
            continue
        out_arc[n] = a
        out_lab[n] = L_NONMIN
        if rt.ip[0] == 1:
            out_hops[n] = 5 if rt.akind[a] != rt.ip[5] else 4  # l-g to group x, l-g-l from it
        else:
            out_hops[n] = rt.dist[r, x] + rt.dist[x, d]
        out_tag[n] = j + 1
        n += 1
    return n


@helper
def _path_queues(rt, net, s, t):
    """Packets queued along the minimal path from router s to router t (``_first_hop`` at each
    router; distance-table topologies): the sum of the remote state ``rt.rocc`` over its arcs."""
    q = 0
    cur = s
    while cur != t:
        a = _first_hop(rt, net, cur, t)
        if a < 0:
            return q
        q += rt.rocc[a]
        cur = np.int64(rt.adst[a])
    return q


@call
def global_source_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops, out_tag):
    """UGAL-G (seed 002 §IV-C): of the minimal path and the k Valiant paths, the one with the
    fewest packets queued along it (remote state as of the window's start), ties to the minimal
    path, then to the lower j; its first hops (the minimal candidates, tag 0) or the Valiant
    path's first hop (tag j + 1)."""
    d = pk.dr[p]
    best = _path_queues(rt, net, r, d)
    bj = 0
    for j in range(rt.ip[7]):
        x = _intermediate(rt, net, pk, p, r, np.int64(j))
        q = _path_queues(rt, net, r, x) + _path_queues(rt, net, x, d)
        if q < best:
            best = q
            bj = j + 1
    if bj == 0:
        n = cand_base(rt, net, r, d, out_arc, np.int64(0))
        label_all(out_lab, out_hops, n, np.int64(L_MIN), np.int64(hops_base(rt, net, r, d)))
        for i in range(n):
            out_tag[i] = 0
        return n
    x = _intermediate(rt, net, pk, p, r, np.int64(bj - 1))
    out_arc[0] = _first_hop(rt, net, r, x)
    out_lab[0] = L_NONMIN
    out_hops[0] = rt.dist[r, x] + rt.dist[x, d]
    out_tag[0] = bj
    return 1


@helper
def own_vc(rt, net, pk, p, a):
    """Valiant's VC: global hops taken on a dragonfly, else the hop index."""
    if rt.ip[0] == 1:
        return pk.hops[p, rt.ip[5]]
    return pk.htot[p]


@helper
def decide(rt, net, pk, p, r, tag):
    """Fix the path of undecided packet p at its source router r: the chosen candidate's tag
    names the intermediate (0: minimal)."""
    if tag > 0:
        pk.inter[p] = _intermediate(rt, net, pk, p, r, tag - 1)
        pk.flags[p] = F_PHASE1
    else:
        pk.inter[p] = -1
        pk.flags[p] = 0


@helper
def on_move(rt, net, pk, p, arc):
    if rt.ip[0] == 1:
        valiant.on_move(rt, net, pk, p, arc)
    else:
        valiant_any.on_move(rt, net, pk, p, arc)


def build(top: Topology, name: str, rid: int, k: int = K_PATHS) -> Routing:
    """UGAL-L with ``k`` Valiant paths per decision: intermediate groups on a dragonfly with
    complete groups, intermediate routers elsewhere."""
    if not 1 <= k <= K_MAX:
        raise ValueError(f"routing {name!r}: k (Valiant paths per decision) must be 1..{K_MAX}, got {k}")
    base = valiant.build(top, name, rid) if minimal.is_dragonfly(top) else valiant_any.build(top, name, rid)
    ip = np.zeros(8, np.int64)
    ip[:7] = base.tables.ip
    ip[7] = k
    tables = base.tables._replace(ip=ip)
    variant = "intermediate-group" if base.tables.ip[0] == 1 else "intermediate-router"
    return Routing(name, rid, tables, base.max_hops, selection=P_UGAL, vcs=base._vcs, variant=variant)


def build_global(top: Topology, name: str, rid: int, k: int = K_PATHS) -> Routing:
    """UGAL-G (seed 002 §IV-C) with ``k`` Valiant paths per decision, intermediate routers, on a
    topology routed by distance table (Slim Fly and the families seed 002 compares with); the
    engine refreshes the remote state it reads at every global window (one cycle by default)."""
    if minimal.is_dragonfly(top):
        raise ValueError(f"routing {name!r}: UGAL-G is implemented for topologies routed by distance table "
                         f"(seed 002's Slim Fly), not for dragonflies; use ugal-l")
    r = build(top, name, rid, k)
    tables = r.tables._replace(rocc=np.zeros(top.arcs().src.size, np.int64))
    return Routing(name, rid, tables, r.max_hops, selection=P_UGAL, vcs=r._vcs, variant=r.variant, remote=True)
