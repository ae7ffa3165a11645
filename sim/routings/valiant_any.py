"""Valiant routing through a random intermediate router (García et al. 2014, §4 VAL-any on dragonflies;
Besta & Hoefler 2014, §IV-B VAL on other topologies).

At generation the source picks a router uniformly among those other than the source and the
destination router; the packet travels minimally to it (non-minimal candidates), then minimally
to the destination.  On a dragonfly both halves are hierarchical (l-g-l | l-g-l) with 4 local /
2 global VCs: the first half by global hops taken, the second half (l3 g2 l4) on local VCs 2, 3
and global VC 1 whatever the first half skipped (García et al. 2014, §1 "skip indexes"; numbering the
second global hop by global hops taken so far put it on global VC 0 after an intra-group first
half, closing l2 -> g1 -> l1 -> l2).  Elsewhere segments follow shortest paths and VC k is used
on hop k, up to 2D VCs (Besta & Hoefler 2014, §IV-D).
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .base import IP_BASE, IP_GKIND, IP_LKIND, with_slots
from .._jit import call, helper, helper_py
from .._rng import advance
from .base import (
    F_PHASE1,
    F_SHIFT,
    L_NONMIN,
    Routing,
    cand_base,
    draw_other,
    hops_base,
    in_phase1,
    label_all,
    other_than,
)
from .minimal import base_candidates, dragonfly_vcs, is_dragonfly
from .tables import distance_table, empty_tables

__all__ = ["tables", "channel_sources", "with_loop_free", "loops"]
IP_LOOP_FREE = 8  # rt.ip: 1 for the loop-free variants (valiant-lf, ugal-l-lf)


LF_TRIES = 64  # draws before a loop-free intermediate is given up on (the last draw is kept)
_RETRY = np.uint64(0x9E3779B97F4A7C15)


@helper_py
def loops(rt, net, s, d, i):
    """Whether Valiant from router s through i to d can use an edge in both directions on a
    diameter-2 graph, for some choice among the minimal paths (Han et al. 2017, §3): case 1 (Fig. 1) s~d,
    i~s, i not~d; case 2 (Fig. 3) s~d, i~d, i not~s; case 3 (Fig. 4) s not~d and some x adjacent
    to s, d and i, with i adjacent to neither s nor d."""
    if rt.dist[s, d] == 1:
        return (rt.dist[i, s] == 1 and rt.dist[i, d] == 2) or (rt.dist[i, d] == 1 and rt.dist[i, s] == 2)
    if rt.dist[i, s] != 2 or rt.dist[i, d] != 2:
        return False
    for a in range(net.ptr[s], net.ptr[s + 1]):
        x = rt.adst[a]
        if rt.dist[x, d] == 1 and rt.dist[x, i] == 1:
            return True
    return False


@helper
def loop_free(rt):
    """Whether the routing draws loop-free intermediates only (``valiant-lf``, ``ugal-l-lf``)."""
    return rt.ip.shape[0] > IP_LOOP_FREE and rt.ip[IP_LOOP_FREE] == 1


@helper
def draw_router(rt, net, g, s, d):
    """An intermediate router other than s and d from state g (and, for the loop-free variants,
    the states after it: rejection of looping intermediates, Han et al. 2017, §3 "identify the
    intermediate switches that do not fall into one of the looping cases and select randomly
    from among those")."""
    R = net.ptr.shape[0] - 1
    x = draw_other(g, R, s, d)
    if loop_free(rt):
        for _ in range(LF_TRIES):
            if not loops(rt, net, s, d, x):
                break
            g = advance(g ^ _RETRY)  # a state of its own: not the next intermediate's (UGAL)
            x = draw_other(g, R, s, d)
    return x


@helper
def init(rt, net, pk, p, sr, dr, st):
    R = net.ptr.shape[0] - 1
    if sr != dr and R > 2:
        if loop_free(rt):
            g = advance(st[0])
            st[0] = g
            pk.inter[p] = draw_router(rt, net, g, np.int64(sr), np.int64(dr))
        else:
            pk.inter[p] = other_than(st, R, sr, dr)
        pk.flags[p] = F_PHASE1


@call
def phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """Towards the intermediate router (after it: the base minimal step, ``minimal.base_candidates``)."""
    x = pk.inter[p]
    n = cand_base(rt, net, r, x, out_arc, np.int64(0))
    label_all(out_lab, out_hops, n, np.int64(L_NONMIN), np.int64(hops_base(rt, net, r, x) + hops_base(rt, net, x, pk.dr[p])))
    return n


@helper
def own_vc(rt, net, pk, p, a):
    if rt.ip[IP_BASE] != 1:
        return pk.htot[p]
    vc = pk.hops[p, rt.ip[IP_GKIND]]
    if (pk.flags[p] & F_PHASE1) == 0 and pk.inter[p] >= 0:
        # second half l3-g2-l4: positions 4-6 of l1-g1-l2-l3-g2-l4
        return 2 + vc - (pk.flags[p] >> F_SHIFT) if net.kind[a] == rt.ip[IP_LKIND] else 1
    return vc


@helper
def own_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """The routing's own VCs, which depend on the candidate's link kind (:func:`own_vc`)."""
    for i in range(n):
        a = out_arc[i]
        out_vc[i] = own_vc(rt, net, pk, p, a) if a >= 0 else 0
        out_need[i] = 1
    return n


@helper
def step(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """Towards the intermediate router, then the base minimal step."""
    if in_phase1(rt, pk, p, r):
        return phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    return base_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)


@helper
def on_move(rt, net, pk, p, arc, vc):
    if (pk.flags[p] & F_PHASE1) != 0 and net.dst[arc] == pk.inter[p]:
        pk.flags[p] &= ~F_PHASE1
        if rt.ip[IP_BASE] == 1:
            pk.flags[p] |= pk.hops[p, rt.ip[IP_GKIND]] << F_SHIFT


@helper
def target_group(rt, pk, p):
    if (pk.flags[p] & F_PHASE1) != 0:
        return rt.group[pk.inter[p]]
    return rt.group[pk.dr[p]]


def tables(top: Topology, name: str) -> tuple[dict, np.ndarray, np.ndarray]:
    """valiant-any's tables, most hops per link kind and VCs per link kind.  The routing is built
    by :func:`sim.routings.valiant.build_any`: its kind is valiant's, which calls this module's
    functions when a table flag says so (the engine is compiled once for both)."""
    t = empty_tables(top)
    if is_dragonfly(top):
        vcs, mh = dragonfly_vcs(top, name, t, 4, 2)  # García et al. 2014, §4: VAL-any 4/2 VCs
    else:
        dist, maxk = distance_table(top)
        t["dist"] = dist
        D = int(dist.max())
        mh = 2 * maxk
        vcs = np.where(maxk > 0, 2 * D, 0)  # Besta & Hoefler 2014, §IV-D: up to 2D hops, VC k on hop k
    return t, mh, vcs


def channel_sources(rout: Routing, net, s: int, d: int) -> list[tuple[int, int]]:
    """Every (intermediate router, header flags) ``init`` can give a packet from router s to d
    (the loop-free variants leave out the intermediates :func:`loops` rejects)."""
    t = rout.tables
    R = net.ptr.shape[0] - 1
    if s == d or R <= 2:
        return [(-1, 0)]
    lf = t.ip.shape[0] > IP_LOOP_FREE and t.ip[IP_LOOP_FREE] == 1
    return [(x, F_PHASE1) for x in range(R) if x not in (s, d) and not (lf and loops(t, net, s, d, x))]


def with_loop_free(rout: Routing, top: Topology, name: str) -> Routing:
    """The same routing drawing only intermediates that cannot loop (Han et al. 2017, §3), on a diameter-2
    topology routed by distance table (the looping cases are defined there)."""
    if is_dragonfly(top) or int(rout.tables.dist.max()) != 2:
        raise ValueError(
            f"routing {name!r}: loop-free Valiant (Han et al. 2017, §3) is defined on diameter-2 topologies "
            f"routed by distance table (Slim Fly), got {top.family!r} of diameter "
            f"{int(rout.tables.dist.max())}"
        )
    rout.tables = rout.tables._replace(ip=with_slots(rout.tables.ip, {IP_LOOP_FREE: 1}))
    rout.variant += ", loop-free"
    return rout
