"""OFAR and OFAR-L: in-transit adaptive routing with an escape ring (seed 001 §3).

Candidates at every router (seed 001 §3.1-3.3), in three labels the ``ofar`` selection policy
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
    MM policy, the simulator of seed 001's group, defines it);

* escape: the next arc of ring A (§3.3.2), on one extra VC of the ring's arcs (``3/2(+1)``).  A
  packet enters the ring only into a buffer with room for two packets (bubble flow control,
  §3.3.2); inside the ring one is enough.  It leaves the ring as soon as a canonical hop is
  available again: the precedence applies whatever buffer the packet is in.

The policy takes a minimal candidate when one is available (the VC with the shortest queue,
seed 001 Table 1), else a random non-minimal port whose occupancy (percent of its buffers) is at
most Th_non-min = 90 % of the minimal port's (§3.2, Table 1), else the escape hop.  Canonical hops
may use any canonical VC ("any available VC can be selected", §3.3): deadlock freedom comes from
the ring, which every router reaches (Duato's condition) and which bubble flow control keeps
deadlock-free (``proofs/test_ofar_escape.py``).

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

import numpy as np

from topoanalysis.invariants.rings import ring_a, ring_links
from topoanalysis.topology import Topology

from .._jit import call, helper
from ..policies import P_OFAR
from .base import L_ESCAPE, L_MIN, L_NONMIN, Routing, RTables, add_arc, cand_base, eject, hops_base, label_all
from .minimal import dragonfly_vcs
from .tables import empty_tables

__all__ = ["build", "F_GMIS", "F_LMIS", "F_GPEND", "F_ESC", "ESC_HOPS"]

F_GMIS = 2    # header flag: the packet took its global misroute
F_LMIS = 4    # ... took a local misroute in its current group
F_GPEND = 8   # ... took MM+L's local hop in its source group: a global link of this router next
F_ESC = 16    # ... is in the escape ring (its buffer is an escape VC)
ESC_HOPS = 99  # hops estimate of the escape candidate (the ring is long; the policy reads labels)


@helper
def _nonmin_global(rt, net, r, gd, out_arc, out_lab, out_hops, n):
    """Every global arc of r to a group other than r's and gd (MM+L's global misroute)."""
    gk = rt.ip[5]
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
def _nonmin_local(rt, net, r, d, nmin, out_arc, out_lab, out_hops, n):
    """Every local arc of r inside its group except the first nmin (minimal) and the arc to d."""
    lk = rt.ip[4]
    gs = rt.group[r]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.akind[a] != lk or rt.group[rt.adst[a]] != gs or rt.adst[a] == d:
            continue
        dup = False
        for i in range(nmin):
            if out_arc[i] == a:
                dup = True
        if not dup:
            out_arc[n] = a
            out_lab[n] = L_NONMIN
            out_hops[n] = 1 + hops_base(rt, net, np.int64(rt.adst[a]), d)
            n += 1
    return n


@call
def candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    d = pk.dr[p]
    if r == d:
        return eject(out_arc, out_lab, out_hops)
    flags = pk.flags[p]
    gs = np.int64(rt.group[r])
    gd = np.int64(rt.group[d])
    if (flags & F_GPEND) != 0:
        # MM+L after its local hop: this router's global links (the one to gd is minimal)
        n = 0
        gk = rt.ip[5]
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
                    n = _nonmin_local(rt, net, r, d, nmin, out_arc, out_lab, out_hops, n)
        elif rt.ip[7] == 1 and (flags & F_LMIS) == 0 and nmin > 0 and rt.akind[out_arc[0]] == rt.ip[4]:
            n = _nonmin_local(rt, net, r, d, nmin, out_arc, out_lab, out_hops, n)
    e = rt.esc[r]
    if e >= 0:
        out_arc[n] = e
        out_lab[n] = L_ESCAPE
        out_hops[n] = ESC_HOPS
        n += 1
    return n


@call
def assign_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """OFAR's VCs: a canonical candidate on every canonical VC of its arc, the escape candidate on
    the ring arc's last VC, needing room for two packets unless the packet is in the ring already
    (bubble flow control).  Expanded in place from the back, as ``vc.every_vc``."""
    total = 0
    for i in range(n):
        a = out_arc[i]
        if a < 0 or out_lab[i] == L_ESCAPE:
            total += 1
        else:
            total += net.nv[a] - (1 if rt.esc[net.src[a]] == a else 0)
    pos = total
    inring = (pk.flags[p] & F_ESC) != 0
    for i in range(n - 1, -1, -1):
        a = out_arc[i]
        lab = out_lab[i]
        h = out_hops[i]
        if a < 0 or lab == L_ESCAPE:
            pos -= 1
            out_arc[pos] = a
            out_vc[pos] = 0 if a < 0 else net.nv[a] - 1
            out_need[pos] = 1 if (a < 0 or inring) else 2
            out_lab[pos] = lab
            out_hops[pos] = h
            out_tag[pos] = 0
            continue
        nv = net.nv[a] - (1 if rt.esc[net.src[a]] == a else 0)
        for v in range(nv - 1, -1, -1):
            pos -= 1
            out_arc[pos] = a
            out_vc[pos] = v
            out_need[pos] = 1
            out_lab[pos] = lab
            out_hops[pos] = h
            out_tag[pos] = 0
    return total


@helper
def on_move(rt, net, pk, p, arc, vc):
    """Header flags after winning (arc, vc): the escape flag, and the misroutes taken."""
    r = net.src[arc]
    f = pk.flags[p]
    if rt.esc[r] == arc and vc == net.nv[arc] - 1:
        pk.flags[p] = f | F_ESC
        return
    f &= ~F_ESC
    d = pk.dr[p]
    gs = rt.group[r]
    gn = rt.group[net.dst[arc]]
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
            minimal = False
            gk = rt.ip[5]
            x = net.dst[arc]
            for b in range(net.ptr[x], net.ptr[x + 1]):
                if rt.akind[b] == gk and rt.group[rt.adst[b]] == gd:
                    minimal = True
            for b in range(net.ptr[r], net.ptr[r + 1]):
                if rt.akind[b] == gk and rt.group[rt.adst[b]] == gd:
                    minimal = False  # r itself has the global link: any local hop is a misroute
        if not minimal:
            f |= F_LMIS
            gsrc = rt.group[net.ep_router[pk.src[p]]]
            if gs != gd and gs == gsrc and (f & F_GMIS) == 0:
                f |= F_GPEND
    pk.flags[p] = f


def escape_ring(top: Topology, name: str) -> np.ndarray:
    """Ring A's next arc from each router (Topology.arcs() order), checked against the topology:
    ValueError unless ``top`` is the canonical dragonfly ring A is defined on (a = 2h, 2h² + 1
    groups, the palmtree global links)."""
    lab = top.labels
    a = int(lab["index"].max()) + 1
    G = int(lab["group"].max()) + 1
    h = a // 2
    if a % 2 or G != 2 * h * h + 1:
        raise ValueError(f"routing {name!r}: escape ring A (seed 001 §3.3.2) is defined on the canonical dragonfly "
                         f"with a = 2h routers per group and 2h^2 + 1 groups; got a = {a}, {G} groups")
    ring = ring_a(h)
    ids = np.asarray(lab["group"], np.int64) * a + np.asarray(lab["index"], np.int64)
    router_of = np.empty(ids.size, np.int64)
    router_of[ids] = np.arange(ids.size)
    arcs = top.arcs()
    key = {(int(s), int(t)): i for i, (s, t) in enumerate(zip(arcs.src, arcs.dst))}
    nxt = np.full(top.n_routers, -1, np.int32)
    for k in range(ring.size):
        u, v = int(router_of[ring[k]]), int(router_of[ring[(k + 1) % ring.size]])
        arc = key.get((u, v))
        if arc is None:
            raise ValueError(f"routing {name!r}: ring A needs the link {u}-{v}, which this dragonfly lacks "
                             f"(ring A follows the palmtree global links, seed 001 §3.3.2)")
        nxt[u] = arc
    assert len(ring_links(ring)) == ring.size
    return nxt


def build(top: Topology, name: str, rid: int, local: bool = True) -> Routing:
    """OFAR (``local``) or OFAR-L with the ring A escape subnetwork on a canonical dragonfly."""
    from .minimal import is_dragonfly

    if not is_dragonfly(top):
        raise ValueError(f"routing {name!r}: OFAR (seed 001 §3) is defined on dragonflies, got {top.family!r}")
    t = empty_tables(top)
    dragonfly_vcs(top, name, t, 1, 1)
    t["esc"] = escape_ring(top, name)
    ip = np.zeros(12, np.int64)
    ip[:7] = t["ip"][:7]
    ip[7] = 1 if local else 0
    t["ip"] = ip
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    esc = np.zeros(top.arcs().src.size, np.int64)
    esc[t["esc"][t["esc"] >= 0]] = 1
    # canonical hops may use any VC: one per kind is enough for correctness (the escape VC is
    # added on the ring's arcs); the paper's 3/2 come from the model
    mh = np.full(nk, 8, np.int64)
    return Routing(name, rid, RTables(**t), mh, selection=P_OFAR, vcs=one, cacheable=False,
                   variant="ring-a" if local else "ring-a, no local misrouting", escape_arcs=esc)
