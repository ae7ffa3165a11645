"""OFAR and OFAR-L: in-transit adaptive routing with an escape subnetwork (García et al. 2014, §3).

Candidates at every router (García et al. 2014, §3.1-3.3), in three labels the ``ofar`` selection policy
(:mod:`sim.policies`) takes in precedence order minimal, non-minimal, escape (§3.3 "routers will
always use the following precedence order for the output selection"):

* minimal: the hierarchical l-g-l next hop (``df-min``);
* non-minimal (§3.1), at most one global misroute per packet and one local misroute per group
  (two header flags):

  - destination in another group, packet in its source group: global misrouting only, by the
    MM+L policy (§3.1): from the injection queue, any global link of this router to a group other
    than the destination's; from a local queue (after a minimal local hop), a local hop to any
    other router of the group first (not from the escape ring; it counts as the group's local
    misroute), from which the packet must take one of that router's global links (its next
    candidates are those links, the one to the destination group labelled minimal);
  - otherwise (an intermediate group, the destination's, or traffic inside one group), when the
    minimal next hop is local: any other local link (OFAR only: OFAR-L is OFAR without these
    local misroutes, and keeps MM+L's local hop of a global misroute, as FOGSim's OFAR with the
    MM policy, the simulator of García et al. 2014's group, defines it);

* escape (§3.3), on one extra VC of the escape subnetwork's arcs (``3/2(+1)``): the next arc of
  ring A (``ofar``, ``ofar-l``; rings B and C through ``build(escape=...)``), of one of the two
  rings A and B drawn per packet (``ofar-2rings``, §3.3.3), or the up/down route of the tree of
  §3.3.1 (``ofar-tree``, ``ofar-l-tree``).  A packet enters a ring only into a buffer with room
  for two packets (bubble flow control, §3.3.2); inside it one is enough, and the tree needs no
  bubble (up/down routing is acyclic).  A packet leaves the escape subnetwork as soon as a
  canonical hop is available again: the precedence applies whatever buffer the packet is in.

The policy takes a minimal candidate when one is available (the VC with the shortest queue,
García et al. 2014, Table 1), else a random non-minimal port whose occupancy (percent of its buffers) is at
most Th_non-min = 90 % of the minimal port's (§3.2, Table 1), else the escape hop.  Canonical hops
may use any canonical VC ("any available VC can be selected", §3.3): deadlock freedom comes from
the escape subnetwork, which every router reaches (Duato's condition) and which is deadlock-free
by itself: a ring with bubble flow control, a tree with up/down routing
(``proofs/test_ofar_escape.py``).

Where the text leaves a choice, this module chooses (each is a statement of what the code does):

* the misroute flags reset the local misroute on entering a new group by a global hop;
* MM+L's second hop: after a non-minimal local hop in the source group the packet takes a
  global link of its new router (minimal if it leads to the destination group), never the local
  hop back; its global misroute flag is set when that hop is taken;
* the occupancy of a port is its credits in use over all its VCs, escape VC included, in percent
  of its buffer slots; with several minimal ports the smallest occupancy is Q_min;
* non-minimal local candidates exclude the minimal arc and the arc to the destination router.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from topoanalysis.checks import check_int
from topoanalysis.invariants.rings import ring_a, ring_b, ring_c, ring_links
from topoanalysis.topology import Topology

from .base import IP_BASE, IP_GKIND, IP_GPAIR, IP_GROUPS, IP_LKIND, IP_N_TABLES, with_slots
from .._jit import call, helper
from .._rng import rand_below
from ..policies import OFAR_TH, P_OFAR
from .base import (
    L_ESCAPE,
    L_MIN,
    L_NONMIN,
    Routing,
    RTables,
    add_arc,
    cand_base,
    dest_group,
    eject,
    global_range,
    hops_base,
    label_all,
)
from .kind import Kind
from .minimal import dragonfly_vcs
from .tables import empty_tables, reverse_arcs

__all__ = ["build", "OFAR", "ESCAPES", "F_GMIS", "F_LMIS", "F_GPEND", "F_ESC", "ESC_HOPS", "escape_ring", "escape_tree"]

F_GMIS = 2  # header flag: the packet took its global misroute
F_LMIS = 4  # ... took a local misroute in its current group
F_GPEND = 8  # ... took MM+L's local hop in its source group: a global link of this router next
F_ESC = 16  # ... is in the escape subnetwork (its buffer is an escape VC)
ESC_SHIFT = 8  # flags >> ESC_SHIFT: the packet's entries into the escape subnetwork so far (at most ESC_MAX)
ESC_MAX = 255
ESC_HOPS = 99  # hops estimate of the escape candidate (the ring is long; the policy reads labels)
E_RING, E_TREE, E_TWO_RINGS = 0, 1, 2  # rt.ip[IP_ESC]: the escape subnetwork's kind
IP_LOCAL = 16  # rt.ip: 1 when OFAR misroutes locally too (ofar; 0 for ofar-l)
IP_ESC = 17  # rt.ip: the escape subnetwork's kind (E_*)
IP_ESC_LIMIT = 18  # rt.ip: entries into the escape subnetwork after which a packet stays in it (0: no limit)
IP_LBLK = 19  # rt.ip: 1 when each router's rt.lblk range holds only local arcs inside its group
#: escape subnetworks (García et al. 2014, §3.3): name -> (kind, rings)
ESCAPES = {
    "ring-a": (E_RING, "a"),
    "ring-b": (E_RING, "b"),
    "ring-c": (E_RING, "c"),
    "rings-ab": (E_TWO_RINGS, "ab"),
    "tree": (E_TREE, ""),
}


@helper
def is_escape(rt, net, a):
    """Whether arc a belongs to the escape subnetwork (its last VC is the escape VC)."""
    r = net.src[a]
    return rt.esc[0, r] == a or rt.esc[1, r] == a or rt.esc[2, r] == a or rt.esc[3, net.dst[a]] == a


@helper
def escape_vcs(rt, net, a):
    """1 if the link of arc a carries the escape VC in either direction (its last VC, unused by
    canonical hops in both), else 0 (``rt.elink``, from :func:`is_escape` at build time)."""
    return np.int64(rt.elink[a])


@helper
def escape_arc(rt, net, pk, p, r, d):
    """The escape hop from router r towards d: the next arc of the packet's ring, or on the tree
    the down arc towards d when r is an ancestor of d (at most 3 levels), else r's up arc."""
    k = rt.ip[IP_ESC]
    if k == E_RING:
        return np.int64(rt.esc[0, r])
    if k == E_TWO_RINGS:
        return np.int64(rt.esc[pk.inter[p], r])
    x = d
    for _ in range(4):
        down = rt.esc[3, x]
        if down < 0:
            break  # x is the root
        if net.src[down] == r:
            return np.int64(down)
        x = np.int64(net.src[down])
    return np.int64(rt.esc[2, r])


@helper
def init(rt, net, pk, p, sr, dr, st):
    """Two escape rings: each packet is assigned one of them at random (García et al. 2014, §5.8)."""
    if rt.ip[IP_ESC] == E_TWO_RINGS:
        pk.inter[p] = rand_below(st, 2)


@helper
def _nonmin_global(rt, net, r, gd, out_arc, out_lab, out_hops, n):
    """Every global arc of r to a group other than r's and gd (MM+L's global misroute)."""
    gk = rt.ip[IP_GKIND]
    gs = rt.group[r]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.akind[a] == gk:
            g = rt.group[rt.adst[a]]
            if g != gd and g != gs:
                out_arc[n] = a
                out_lab[n] = L_NONMIN
                out_hops[n] = 4  # the global hop, then l-g-l at most
                n += 1
    return n


@helper
def _nonmin_local(rt, net, r, d, out_arc, out_lab, out_hops, n):
    """Every local arc of r inside its group, after the n candidates listed (the minimal ones),
    except those and the arc to d."""
    lk = rt.ip[IP_LKIND]
    gs = rt.group[r]
    block = rt.ip[IP_LBLK] == 1  # rt.lblk holds local arcs inside the group only
    n0 = n
    hl = np.int64(-1)
    for a in range(rt.lblk[r, 0], rt.lblk[r, 1]):  # (every local arc of r, in arc order)
        x = np.int64(rt.adst[a])
        if x == d or not (block or (rt.akind[a] == lk and rt.group[x] == gs)):
            continue
        minimal = False
        for i in range(n0):
            if out_arc[i] == a:
                minimal = True
        if not minimal:  # (each arc comes once: only the minimal ones need a check)
            if hl < 0 or rt.ip[IP_BASE] == 0:
                hl = 1 + hops_base(rt, net, x, d)  # (on a dragonfly the same for every local hop)
            out_arc[n] = a
            out_lab[n] = L_NONMIN
            out_hops[n] = hl
            n += 1
    return n


@call
def candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """Minimal, non-minimal and escape candidates of head p at router r (see the module doc)."""
    d = pk.dr[p]
    if r == d:
        return eject(out_arc, out_lab, out_hops)
    flags = pk.flags[p]
    gs = np.int64(rt.group[r])
    gd = np.int64(rt.group[d])
    lim = rt.ip[IP_ESC_LIMIT]
    if (flags & F_ESC) != 0 and lim > 0 and (flags >> ESC_SHIFT) >= lim:
        n = 0  # the re-injection counter is spent: the escape subnetwork to the destination
    elif (flags & F_GPEND) != 0:
        # MM+L after its local hop: this router's global links (the one to gd is minimal)
        n = 0
        gk = rt.ip[IP_GKIND]
        for a in range(net.ptr[r], net.ptr[r + 1]):
            if rt.akind[a] == gk and rt.group[rt.adst[a]] == gd:
                n = add_arc(out_arc, n, a)
        label_all(out_lab, out_hops, n, np.int64(L_MIN), np.int64(hops_base(rt, net, r, d)))
        n = _nonmin_global(rt, net, r, gd, out_arc, out_lab, out_hops, n)
    else:
        n = cand_base(rt, net, r, d, out_arc, np.int64(0))
        nmin = n
        label_all(out_lab, out_hops, n, np.int64(L_MIN), np.int64(hops_base(rt, net, r, d)))
        gsrc = rt.group[net.ep_router[pk.src[p]]]
        if gs != gd and gs == gsrc:
            if (flags & F_GMIS) == 0:
                if pk.htot[p] == 0:
                    n = _nonmin_global(rt, net, r, gd, out_arc, out_lab, out_hops, n)
                elif (flags & (F_LMIS | F_ESC)) == 0:
                    n = _nonmin_local(rt, net, r, d, out_arc, out_lab, out_hops, n)
        elif rt.ip[IP_LOCAL] == 1 and (flags & F_LMIS) == 0 and nmin > 0 and rt.akind[out_arc[0]] == rt.ip[IP_LKIND]:
            n = _nonmin_local(rt, net, r, d, out_arc, out_lab, out_hops, n)
    e = escape_arc(rt, net, pk, p, r, d)
    if e >= 0:
        out_arc[n] = e
        out_lab[n] = L_ESCAPE
        out_hops[n] = ESC_HOPS
        n += 1
    return n


@call
def assign_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """OFAR's VCs: a canonical candidate may take any canonical VC of its arc (the range
    ``-k``: VCs 0..k-1, see :func:`sim.policies.vc_span`; the policy picks one), the escape
    candidate the ring arc's last VC, needing room for two packets unless the packet is in the
    ring already (bubble flow control)."""
    # bubble flow control on entering a ring; the tree's up/down routing needs none
    inring = (pk.flags[p] & F_ESC) != 0 or rt.ip[IP_ESC] == E_TREE
    for i in range(n):
        a = out_arc[i]
        out_tag[i] = 0
        if a < 0:
            out_vc[i] = 0
            out_need[i] = 1
        elif out_lab[i] == L_ESCAPE:
            out_vc[i] = net.nv[a] - 1
            out_need[i] = 1 if inring else 2
        else:
            out_vc[i] = -(net.nv[a] - escape_vcs(rt, net, a))
            out_need[i] = 1
    return n


@helper
def _links_to(rt, x, gd):
    """Whether router x has a global link to group gd (another group than its own): the one
    link of the group pair (``rt.gpair``) or the pair's list of global arcs."""
    gs = rt.group[x]
    if rt.ip[IP_GPAIR] == 1:
        return rt.gpair[2 * (gs * rt.ip[IP_GROUPS] + gd) + 1] == x
    lo, hi = global_range(rt, gs, gd)
    for i in range(lo, hi):
        if rt.gsrc[i] == x:
            return True
    return False


@helper
def on_move(rt, net, pk, p, arc, vc):
    """Header flags after winning (arc, vc): the escape flag, and the misroutes taken."""
    r = net.src[arc]
    f = pk.flags[p]
    gs = rt.group[r]
    gn = rt.group[net.dst[arc]]
    if vc == net.nv[arc] - 1 and is_escape(rt, net, arc):
        if (f & F_ESC) == 0 and (f >> ESC_SHIFT) < ESC_MAX:
            f += 1 << ESC_SHIFT  # an entry into the escape subnetwork
        f |= F_ESC
        if gn != gs:
            f &= ~(F_LMIS | F_GPEND)
        pk.flags[p] = f
        return
    f &= ~F_ESC
    d = pk.dr[p]
    gd = rt.group[d]
    if gn != gs:
        # a global hop: towards the destination group or a misroute; the next group allows a
        # local misroute again
        if gn != gd:
            f |= F_GMIS
        f &= ~(F_LMIS | F_GPEND)
    else:
        # a local hop: a misroute unless it is the minimal one
        if gs == gd:
            minimal = net.dst[arc] == d
        else:
            # towards a router with a global link to gd, unless r itself has one (then any
            # local hop is a misroute)
            minimal = _links_to(rt, np.int64(net.dst[arc]), gd) and not _links_to(rt, np.int64(r), gd)
        if not minimal:
            f |= F_LMIS
            gsrc = rt.group[net.ep_router[pk.src[p]]]
            if gs != gd and gs == gsrc and (f & F_GMIS) == 0:
                f |= F_GPEND
    pk.flags[p] = f


def _canonical(top: Topology, name: str, what: str) -> tuple[int, int, np.ndarray]:
    """(a, h, router of each ring id group * a + index); ValueError unless ``top`` is the
    canonical dragonfly the rings are defined on (a = 2h, 2h² + 1 groups)."""
    lab = top.labels
    a = int(lab["index"].max()) + 1
    G = int(lab["group"].max()) + 1
    h = a // 2
    if a % 2 or G != 2 * h * h + 1:
        raise ValueError(
            f"routing {name!r}: escape {what} (García et al. 2014, §3.3.2) is defined on the canonical dragonfly "
            f"with a = 2h routers per group and 2h^2 + 1 groups; got a = {a}, {G} groups"
        )
    ids = np.asarray(lab["group"], np.int64) * a + np.asarray(lab["index"], np.int64)
    router_of = np.empty(ids.size, np.int64)
    router_of[ids] = np.arange(ids.size)
    return a, h, router_of


def _arc_index(top: Topology) -> dict[tuple[int, int], int]:
    arcs = top.arcs()
    return {(int(s), int(t)): i for i, (s, t) in enumerate(zip(arcs.src, arcs.dst))}


def escape_ring(top: Topology, name: str, which: str = "a") -> np.ndarray:
    """Ring ``which`` (A, B or C of García et al. 2014, §3.3.2-3.3.3): its next arc from each router
    (Topology.arcs() order), checked against the topology's links."""
    a, h, router_of = _canonical(top, name, f"ring {which.upper()}")
    try:
        ring = {"a": ring_a, "b": ring_b, "c": ring_c}[which](h)
    except ValueError as e:
        raise ValueError(
            f"routing {name!r}: ring {which.upper()} (García et al. 2014, §3.3.3: ring B exists for h > 2 "
            f"even and h > 3 odd, ring C for h > 3 odd): {e}"
        ) from None
    key = _arc_index(top)
    nxt = np.full(top.n_routers, -1, np.int32)
    for k in range(ring.size):
        u, v = int(router_of[ring[k]]), int(router_of[ring[(k + 1) % ring.size]])
        arc = key.get((u, v))
        if arc is None:
            raise ValueError(
                f"routing {name!r}: ring {which.upper()} needs the link {u}-{v}, which this dragonfly "
                f"lacks (the rings follow the palmtree global links, García et al. 2014, §3.3.2)"
            )
        nxt[u] = arc
    assert len(ring_links(ring)) == ring.size
    return nxt


def escape_tree(top: Topology, name: str) -> tuple[np.ndarray, np.ndarray]:
    """The escape tree of García et al. 2014, §3.3.1 and Fig. 3: R_root (router 0 of group 0) joined to the
    other routers of its group, each of them to one router of each group its global links reach,
    and that router to the rest of its group.  Returns (up arc, down arc into) per router (-1 at
    the root); ValueError if the root group's global links do not reach every group once."""
    group = np.asarray(top.labels["group"], np.int64)
    index = np.asarray(top.labels["index"], np.int64)
    key = _arc_index(top)
    R = top.n_routers
    parent = np.full(R, -2, np.int64)
    root = int(np.flatnonzero((group == 0) & (index == 0))[0])
    parent[root] = -1
    g0 = np.flatnonzero(group == 0)
    x: Any  # a numpy integer of g0, then a Python int
    for x in g0:
        if x != root:
            parent[x] = root
    arcs = top.arcs()
    gk = top.kind_index("global")
    entry = {}
    for x in g0:
        for i in np.flatnonzero((arcs.src == x) & (arcs.kind == gk)):
            y = int(arcs.dst[i])
            if int(group[y]) not in entry:
                entry[int(group[y])] = y
                parent[y] = x
    G = int(group.max()) + 1
    if len(entry) != G - 1:
        raise ValueError(
            f"routing {name!r}: the escape tree (García et al. 2014, §3.3.1) needs a global link from "
            f"the root group to every other group; group 0 reaches {len(entry)} of {G - 1}"
        )
    for g, y in entry.items():
        for z in np.flatnonzero(group == g):
            if z != y:
                parent[z] = y
    up = np.full(R, -1, np.int32)
    down = np.full(R, -1, np.int32)
    for x in range(R):
        if parent[x] >= 0:
            u, d = key.get((x, int(parent[x]))), key.get((int(parent[x]), x))
            if u is None or d is None:
                raise ValueError(f"routing {name!r}: the escape tree needs the link {x}-{int(parent[x])}")
            up[x], down[x] = u, d
    return up, down


def local_blocks(top: Topology) -> tuple[np.ndarray, bool]:
    """Each router's range of arcs (``rt.lblk``) from its first to its last local arc inside its
    group, and whether every range holds only such arcs."""
    arcs = top.arcs()
    group = np.asarray(top.labels["group"], np.int64)
    inside = (arcs.kind == top.kind_index("local")) & (group[arcs.src] == group[arcs.dst])
    lblk = np.zeros((top.n_routers, 2), np.int32)
    exact = True
    for r in range(top.n_routers):
        loc = np.flatnonzero(inside[arcs.ptr[r] : arcs.ptr[r + 1]])
        if loc.size:
            lblk[r] = arcs.ptr[r] + loc[0], arcs.ptr[r] + loc[-1] + 1
            exact &= bool(loc[-1] - loc[0] + 1 == loc.size)
    return lblk, exact


def _most_candidates(top: Topology) -> int:
    """The most candidates :func:`candidates` lists at a router of ``top``: its local arcs (the
    minimal one and the local misroutes), or its global arcs and one local arc (MM+L at the
    source), and the escape hop; with more than one minimal local arc (trunked links) a head
    may have more, and is then routed at every visit."""
    arcs = top.arcs()
    gk = top.kind_index("global")
    glob = np.bincount(arcs.src[arcs.kind == gk], minlength=top.n_routers)
    loc = np.bincount(arcs.src[arcs.kind != gk], minlength=top.n_routers)
    return int(np.maximum(loc, glob + 1).max()) + 1


class OfarTables(RTables):
    """The OFAR family's tables (the class selects its compiled functions, ``sim.routings.kind``)."""

    __slots__ = ()


OFAR = Kind(
    OfarTables,
    step=candidates,
    init=init,
    vcs=assign_vcs,
    on_move=on_move,
    transit=True,
    is_escape=is_escape,
    target_group=dest_group,
)


def build(top: Topology, name: str, local: bool = True, escape: str = "ring-a", escape_limit: int = 0) -> Routing:
    """OFAR (``local``) or OFAR-L on a canonical dragonfly with the escape subnetwork ``escape``
    (:data:`ESCAPES`: ring A, B or C, the two rings A and B with a ring drawn per packet, or the
    tree with up/down routing; García et al. 2014, §3.3).  ``escape_limit = k > 0``: the re-injection
    counter of García et al. 2014, §5.7, a packet that has entered the escape subnetwork k times stays in it
    to its destination (the paper's example: 15, a 4-bit counter); 0, the paper's runs, no limit
    (the packet's counter still counts, up to 255)."""
    from .minimal import is_dragonfly

    if not is_dragonfly(top):
        raise ValueError(f"routing {name!r}: OFAR (García et al. 2014, §3) is defined on dragonflies, got {top.family!r}")
    if escape not in ESCAPES:
        raise ValueError(f"routing {name!r}: escape must be one of {', '.join(ESCAPES)}, got {escape!r}")
    t = empty_tables(top)
    dragonfly_vcs(top, name, t, 1, 1)
    kind, rings = ESCAPES[escape]
    esc = np.full((4, top.n_routers), -1, np.int32)
    if kind == E_TREE:
        esc[2], esc[3] = escape_tree(top, name)
    else:
        for row, which in enumerate(rings):
            esc[row] = escape_ring(top, name, which)
    t["esc"] = esc
    arcs = top.arcs()
    on = np.zeros(arcs.src.size, np.int8)
    for row in range(4):
        on[esc[row][esc[row] >= 0]] = 1
    t["elink"] = on | on[reverse_arcs(arcs)]  # the escape VC is on both directions of the link (its last VC)
    t["lblk"], exact = local_blocks(top)
    t["ip"] = with_slots(
        t["ip"][:IP_N_TABLES],
        {
            IP_LOCAL: 1 if local else 0,
            IP_ESC: kind,
            IP_ESC_LIMIT: check_int("escape_limit", escape_limit, 0, ESC_MAX),
            IP_LBLK: 1 if exact else 0,
        },
    )
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    # canonical hops may use any VC: one per kind is enough for correctness (the escape VC is
    # added on the escape subnetwork's arcs); the paper's 3/2 come from the model
    mh = np.full(nk, 8, np.int64)
    return Routing(
        name,
        OFAR,
        RTables(**t),
        mh,
        selection=P_OFAR,
        # the fogsim selection's Th_non-min (the ofar policy's is OFAR_TH itself)
        threshold=OFAR_TH,
        vcs=one,
        cacheable=False,
        wide_cache=_most_candidates(top),
        escape_arcs=on.astype(np.int64),
        variant=(escape if local else escape + ", no local misrouting")
        + (f", escape limit {escape_limit}" if escape_limit else ""),
        escape_room=1 if kind == E_TREE else 2,
        sources=channel_sources,
    )


def channel_sources(rout: Routing, net, s: int, d: int) -> list[tuple[int, int]]:
    """Every (intermediate, header flags) ``init`` can give a packet: with two escape rings, the
    ring it is assigned (0 or 1, in ``inter``); else none."""
    if rout.tables.ip[IP_ESC] == E_TWO_RINGS:
        return [(0, 0), (1, 0)]
    return [(-1, 0)]
