"""Routing on 3-level dragonflies (Camarero et al. 2014, §8): hierarchical minimal ``df3-min`` and
the three Valiant variants §8 counts VCs for, ``df3-val`` (intermediate router), ``df3-val-g1``
(intermediate 1-level group) and ``df3-val-g2`` (intermediate 2-level group).

Links are l (level 1, inside a 1-level group), m (level 2, between the 1-level groups of a 2-level
group) and g (level 3, between 2-level groups); see :mod:`topoanalysis.generators.dragonfly3`.

**Minimal** (``df3-min``): Kim et al. 2008's hierarchical rule (Camarero et al. 2014, §4) one level up.
To another 2-level group: over a level-3 link to it, reached from a 1-level group that has one
(a *gateway* 1-level group) over a level-2 link; then to the destination 1-level group over a
level-2 link; then to the router: l m l g l m l, at most 4 l, 2 m, 1 g hops.  Among the t3
(t2) trunked links the choice follows §7's rule for minimal routing ("if the source router has a
direct link to the destination group, select it; otherwise, select an available link to any
random router with a direct link"), applied at every level: a router takes its own link to the
target group if it has one, else every step towards a router that has one is a candidate and the
selection policy picks (randomly with ``random``).  Not deterministic because the trunked links
are there to share the load; the choice needs no header state, since the step at every router
is a function of where it is and the target only.

**Valiant**: phase 1 minimally to a random intermediate, phase 2 minimally to the destination.
§8 (the extracted text garbles the route strings; these follow from the minimal route and where
each phase ends):

* ``df3-val``, intermediate router (uniform over the routers but the source's and the
  destination's): lmlglml · lmlglml, 8 l / 4 m / 2 g VCs (§8: "up to 8 VCs").
* ``df3-val-g1``, intermediate 1-level group (uniform over those but the source's and the
  destination's; none when both are the same): phase 1 ends on entering it, lmlglm · lmlglml,
  7 l / 4 m / 2 g (§8: "only 7 VCs").
* ``df3-val-g2``, intermediate 2-level group (uniform over those but the source's and the
  destination's; none when both are the same or there are two): lmlg · lmlglml, 6 l / 3 m / 2 g
  (§8: "only 6 VCs").

§8's counts are those of the l links, the class with the most hops.

**VCs**: by position in the route template, not by hops taken on the class.  A hop's VC is its
slot in the template: an l hop outside a gateway 1-level group (towards another 2-level group) is
l-slot 0, inside one l-slot 1, in the target 2-level group outside the target 1-level group
l-slot 2, inside it l-slot 3; m before the g hop is m-slot 0, after it m-slot 1; phase 2 adds
the slots phase 1 can use.  A route that skips a hop (a source with its own level-2 link, say)
skips its slot, so the VC never decreases along a path.  Counting hops per class instead
(``vc_scheme="hops-kind"``) gives a route that skipped the first l hop its later l hops one VC
lower, which closes a cycle (proofs/test_dragonfly3_routings.py finds it), as on 2-level
dragonflies (:mod:`sim.routings.vc`).

§8 also says the VCs "can be reduced by increasing one or both of the trunking levels, and applying
the studied coloring techniques"; it defines no colouring for 3 levels, and none is built here.
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .._jit import call, helper
from .base import F_PHASE1, L_MIN, L_NONMIN, Routing, RTables, eject, in_phase1, label_all, other_than, with_slots
from .kind import Kind
from .tables import empty_tables

__all__ = ["build", "DF3", "VARIANTS", "route_vcs"]

IP_DF3_A, IP_DF3_B, IP_DF3_C = 23, 24, 25  # rt.ip: routers per 1-level group, 1-level groups per 2-level group, 2-level groups
IP_DF3_VARIANT = 26  # rt.ip: V_MIN, V_ROUTER, V_GROUP1 or V_GROUP2 (what the Valiant intermediate is)

V_MIN, V_ROUTER, V_GROUP1, V_GROUP2 = 0, 1, 2, 3
#: routing name -> variant
VARIANTS = {"df3-min": V_MIN, "df3-val": V_ROUTER, "df3-val-g1": V_GROUP1, "df3-val-g2": V_GROUP2}
# VCs per class (l, m, g) each variant's routes need; phase 2 starts after those phase 1 can use
_VCS = {V_MIN: (4, 2, 1), V_ROUTER: (8, 4, 2), V_GROUP1: (7, 4, 2), V_GROUP2: (6, 3, 2)}
_PHASE2 = {V_MIN: (0, 0, 0), V_ROUTER: (4, 2, 1), V_GROUP1: (3, 2, 1), V_GROUP2: (2, 1, 1)}
# what a target is: a router, a 1-level group or a 2-level group
T_ROUTER, T_GROUP1, T_GROUP2 = 0, 1, 2

# rt.dist (int8) holds the level tables, rows 0..R-1 one per router, rows R..R+n1-1 one per
# 1-level group; columns:
#   [0, c)        router: has a level-3 link to 2-level group C; 1-level group: holds such a router
#   [c, 2c)       router: has a level-2 link to a 1-level group holding such a router
#   [2c, 2c + n1) router: has a level-2 link to 1-level group X


def route_vcs(variant: int) -> tuple[int, int, int]:
    """VCs per class (l, m, g) the routes of ``variant`` need (Camarero et al. 2014, §8)."""
    return _VCS[variant]


@helper
def g2_of(rt, r):
    return rt.group[r] // rt.ip[IP_DF3_B]


@helper
def target_g2(rt, tkind, t):
    if tkind == T_ROUTER:
        return rt.group[t] // rt.ip[IP_DF3_B]
    if tkind == T_GROUP1:
        return t // rt.ip[IP_DF3_B]
    return t


@helper
def gateway1(rt, x, cg):
    """Whether 1-level group x holds a router with a level-3 link to 2-level group cg."""
    return rt.dist[rt.group.shape[0] + x, cg] != 0


@helper
def to_group2(rt, net, r, cg, out_arc):
    """Towards 2-level group cg != r's: its level-3 links from r; else, in a gateway 1-level group,
    the l steps to its routers that have one; else r's level-2 links into a gateway 1-level group;
    else the l steps to the routers that have such a link."""
    n = 0
    c = rt.ip[IP_DF3_C]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.akind[a] == 2 and g2_of(rt, rt.adst[a]) == cg:
            out_arc[n] = a
            n += 1
    if n > 0:
        return n
    if gateway1(rt, rt.group[r], cg):
        for a in range(net.ptr[r], net.ptr[r + 1]):
            if rt.akind[a] == 0 and rt.dist[rt.adst[a], cg] != 0:
                out_arc[n] = a
                n += 1
        return n
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.akind[a] == 1 and gateway1(rt, rt.group[rt.adst[a]], cg):
            out_arc[n] = a
            n += 1
    if n > 0:
        return n
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.akind[a] == 0 and rt.dist[rt.adst[a], c + cg] != 0:
            out_arc[n] = a
            n += 1
    return n


@helper
def to_group1(rt, net, r, x, out_arc):
    """Towards 1-level group x != r's in r's 2-level group: r's level-2 links to it, else the l
    steps to the routers that have one."""
    n = 0
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.akind[a] == 1 and rt.group[rt.adst[a]] == x:
            out_arc[n] = a
            n += 1
    if n > 0:
        return n
    col = 2 * rt.ip[IP_DF3_C] + x
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.akind[a] == 0 and rt.dist[rt.adst[a], col] != 0:
            out_arc[n] = a
            n += 1
    return n


@helper
def toward(rt, net, r, tkind, t, out_arc):
    """Hierarchical minimal next hops from router r to target t (a router, a 1-level group or a
    2-level group, by tkind); 0 at the target."""
    cg = target_g2(rt, tkind, t)
    if g2_of(rt, r) != cg:
        return to_group2(rt, net, r, cg, out_arc)
    if tkind == T_GROUP2:
        return 0
    x = rt.group[t] if tkind == T_ROUTER else t
    if rt.group[r] != x:
        return to_group1(rt, net, r, x, out_arc)
    if tkind == T_GROUP1 or r == t:
        return 0
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.akind[a] == 0 and rt.adst[a] == t:
            out_arc[0] = a
            return 1
    return 0


@helper
def hops_left(rt, r, tkind, t):
    """The template's bound on the hops left from r to target t."""
    cg = target_g2(rt, tkind, t)
    if g2_of(rt, r) != cg:
        rest = 4 if tkind == T_GROUP2 else (6 if tkind == T_GROUP1 else 7)
        return rest - 2 if gateway1(rt, rt.group[r], cg) else rest
    x = rt.group[t] if tkind == T_ROUTER else t
    if rt.group[r] != x:
        return 2 if tkind == T_GROUP1 else 3
    return 1


@helper
def phase1_target(rt, pk, p):
    v = rt.ip[IP_DF3_VARIANT]
    if v == V_ROUTER:
        return T_ROUTER
    if v == V_GROUP1:
        return T_GROUP1
    return T_GROUP2


@call
def step(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    d = pk.dr[p]
    if in_phase1(rt, pk, p, r):
        tk = phase1_target(rt, pk, p)
        n = toward(rt, net, r, tk, pk.inter[p], out_arc)
        label_all(out_lab, out_hops, n, np.int64(L_NONMIN), np.int64(hops_left(rt, r, tk, pk.inter[p]) + 7))
        return n
    if r == d:
        return eject(out_arc, out_lab, out_hops)
    n = toward(rt, net, r, np.int64(T_ROUTER), d, out_arc)
    label_all(out_lab, out_hops, n, np.int64(L_MIN), np.int64(hops_left(rt, r, np.int64(T_ROUTER), d)))
    return n


@helper
def slot_vc(rt, net, pk, p, a):
    """The template slot of hop a (module doc): l 0-3, m 0-1, g 0 within a phase, plus phase 2's offset."""
    if a < 0:
        return 0
    r = net.src[a]
    k = rt.akind[a]
    v = rt.ip[IP_DF3_VARIANT]
    if (pk.flags[p] & F_PHASE1) != 0:
        tk = phase1_target(rt, pk, p)
        t = pk.inter[p]
        off = 0
    else:
        tk = np.int64(T_ROUTER)
        t = pk.dr[p]
        off = 0
        if v == V_ROUTER:
            off = 4 if k == 0 else (2 if k == 1 else 1)
        elif v == V_GROUP1:
            off = 3 if k == 0 else (2 if k == 1 else 1)
        elif v == V_GROUP2:
            off = 2 if k == 0 else 1
    if k == 2:
        return off
    cg = target_g2(rt, tk, t)
    before_g = g2_of(rt, r) != cg
    if k == 1:
        return off + (0 if before_g else 1)
    if before_g:
        return off + (1 if gateway1(rt, rt.group[r], cg) else 0)
    x = rt.group[t] if tk == T_ROUTER else t
    return off + (3 if rt.group[r] == x else 2)


@helper
def own_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """Each candidate's VC is the slot of its hop (an l and an m candidate of one head differ)."""
    for i in range(n):
        out_vc[i] = slot_vc(rt, net, pk, p, out_arc[i])
        out_need[i] = 1
    return n


@helper
def init(rt, net, pk, p, sr, dr, st):
    v = rt.ip[IP_DF3_VARIANT]
    if v == V_ROUTER:
        R = rt.group.shape[0]
        if sr != dr and R > 2:
            pk.inter[p] = other_than(st, np.int64(R), np.int64(sr), np.int64(dr))
            pk.flags[p] = F_PHASE1
    elif v == V_GROUP1:
        n1 = rt.ip[IP_DF3_B] * rt.ip[IP_DF3_C]
        xs = np.int64(rt.group[sr])
        xd = np.int64(rt.group[dr])
        if xs != xd and n1 > 2:
            pk.inter[p] = other_than(st, np.int64(n1), xs, xd)
            pk.flags[p] = F_PHASE1
    elif v == V_GROUP2:
        c = rt.ip[IP_DF3_C]
        cs = np.int64(g2_of(rt, sr))
        cd = np.int64(g2_of(rt, dr))
        if cs != cd and c > 2:
            pk.inter[p] = other_than(st, np.int64(c), cs, cd)
            pk.flags[p] = F_PHASE1


@helper
def on_move(rt, net, pk, p, arc, vc):
    if (pk.flags[p] & F_PHASE1) == 0:
        return
    w = net.dst[arc]
    v = rt.ip[IP_DF3_VARIANT]
    t = pk.inter[p]
    if v == V_ROUTER:
        done = w == t
    elif v == V_GROUP1:
        done = rt.group[w] == t
    else:
        done = g2_of(rt, w) == t
    if done:
        pk.flags[p] &= ~F_PHASE1


class Df3Tables(RTables):
    """The 3-level dragonfly routings' tables (the class selects their compiled functions)."""

    __slots__ = ()


DF3 = Kind(Df3Tables, step=step, init=init, vcs=own_vcs, on_move=on_move)


def channel_sources(rout: Routing, net, s: int, d: int) -> list[tuple[int, int]]:
    """Every (intermediate, header flags) ``init`` can give a packet from router s to d."""
    ip = rout.tables.ip
    v, b, c = int(ip[IP_DF3_VARIANT]), int(ip[IP_DF3_B]), int(ip[IP_DF3_C])
    group = rout.tables.group
    if v == V_ROUTER:
        R = group.shape[0]
        return [(x, F_PHASE1) for x in range(R) if x not in (s, d)] if s != d and R > 2 else [(-1, 0)]
    if v == V_GROUP1:
        xs, xd = int(group[s]), int(group[d])
        return [(x, F_PHASE1) for x in range(b * c) if x not in (xs, xd)] if xs != xd and b * c > 2 else [(-1, 0)]
    if v == V_GROUP2:
        cs, cd = int(group[s]) // b, int(group[d]) // b
        return [(x, F_PHASE1) for x in range(c) if x not in (cs, cd)] if cs != cd and c > 2 else [(-1, 0)]
    return [(-1, 0)]


def level_tables(top: Topology) -> np.ndarray:
    """The int8 table of the module doc (level-3 and level-2 reachability per router and group)."""
    a, b, c = (int(top.params[k]) for k in "abc")
    R, n1 = top.n_routers, b * c
    arcs = top.arcs()
    src, dst, kind = (np.asarray(x, np.int64) for x in (arcs.src, arcs.dst, arcs.kind))
    g1 = np.arange(R) // a
    g2 = g1 // b
    t = np.zeros((R + n1, 2 * c + n1), np.int8)
    gl = kind == 2
    t[src[gl], g2[dst[gl]]] = 1
    gw = np.zeros((n1, c), np.int8)
    np.maximum.at(gw, g1[src[gl]], t[src[gl], :c])
    t[R:, :c] = gw
    ml = kind == 1
    t[src[ml], 2 * c + g1[dst[ml]]] = 1
    # a level-2 link into a gateway 1-level group of C
    np.maximum.at(t[:, c : 2 * c], src[ml], gw[g1[dst[ml]]])
    return t


def build(top: Topology, name: str) -> Routing:
    """``df3-min``, ``df3-val``, ``df3-val-g1`` or ``df3-val-g2`` on a 3-level dragonfly."""
    if name not in VARIANTS:
        raise ValueError(f"routing: {name!r} is none of the 3-level dragonfly routings {', '.join(VARIANTS)}")
    if top.family != "dragonfly3" or tuple(top.kind_names) != ("level1", "level2", "level3"):
        raise ValueError(
            f"routing {name!r}: needs a 3-level dragonfly (topology family 'dragonfly3', link kinds "
            f"level1..3; Camarero et al. 2014, §8), got family {top.family!r}"
        )
    v = VARIANTS[name]
    a, b, c = (int(top.params[k]) for k in "abc")
    t = empty_tables(top)
    r = np.arange(top.n_routers)
    t["group"] = (r // a).astype(np.int32)
    t["index"] = (r % a).astype(np.int32)
    t["dist"] = level_tables(top)
    t["ip"] = with_slots(t["ip"], {IP_DF3_A: a, IP_DF3_B: b, IP_DF3_C: c, IP_DF3_VARIANT: v})
    vcs = np.array(_VCS[v], np.int64)
    return Routing(
        name,
        DF3,
        RTables(**t),
        vcs.copy(),
        vcs=vcs,
        variant={
            V_MIN: "hierarchical",
            V_ROUTER: "intermediate-router",
            V_GROUP1: "intermediate-1-group",
            V_GROUP2: "intermediate-2-group",
        }[v],
        sources=channel_sources,
        minimal_only=v == V_MIN,
    )
