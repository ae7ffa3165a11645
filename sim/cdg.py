"""Channel dependency graph of a routing and its VC assignment (deadlock-freedom check).

García et al. 2014, §1 and Camarero et al. 2014, §2 rely on Günther's distance-based argument: a routing is deadlock-free
when its channel dependency graph — nodes are (arc, VC) buffers, an edge (c1 -> c2) whenever some
packet can hold c1 and request c2 — has no cycle.  :func:`channel_dependencies` enumerates every
path the compiled routing can produce on a small topology (every source/destination router
pair and every source decision the routing declares in its module, ``Routing.sources``:
Valiant intermediates, header flags; following every candidate it offers) by calling the very
functions the engine calls, so a test of acyclicity checks the real VC assignment, not a model
of it.  Exhaustive: meant for small networks (tens of routers).
"""

from __future__ import annotations

from typing import Any

import networkx as nx
import numpy as np

from topoanalysis.topology import Topology

from .routings import VC_SCHEMES, Packets, Routing, make_routing, route_candidates, route_on_move
from .routings.base import L_MIN, single_packet
from .network import choose, net_arrays

__all__ = ["channel_dependencies", "dependency_cycle", "waiting_cycle", "candidate_channels"]


def candidate_channels(out_arc: np.ndarray, out_vc: np.ndarray, n: int) -> list[tuple[int, int]]:
    """The (arc, VC) channels the first n candidates may take, in order: a VC range ``-k``
    (:func:`sim.policies.vc_span`) stands for VCs 0..k-1 of its arc."""
    out = []
    for i in range(n):
        a, v = int(out_arc[i]), int(out_vc[i])
        if v >= 0:
            out.append((a, v))
        else:
            out.extend((a, w) for w in range(-v))
    return out


def channel_dependencies(
    top: Topology, routing: str | Routing, vc_scheme: str = "routing", max_routers: int = 200, escape: bool = False
) -> tuple[nx.DiGraph, np.ndarray]:
    """Channel dependency graph over nodes ``(arc, vc)`` of ``routing`` on ``top`` (García et al. 2014, §1).

    Also returns the number of VCs used per link kind (max VC index + 1).  Only edges between
    network buffers are recorded (injection and ejection queues cannot close a cycle).

    ``escape``: record only each head's dependencies on its escape candidates, those labelled
    minimal, or all of its candidates when none is (every path is still followed).  For an
    in-transit routing without an escape subnetwork (OLM) whose policy takes a minimal candidate
    whenever one is available, an acyclic graph of these is Duato's condition: it orders the
    buffers so that every head, in whatever buffer and state, waits on a higher one."""
    if top.n_routers > max_routers:
        raise ValueError(
            f"topology: exhaustive path enumeration is for small networks (<= {max_routers} routers), got {top.n_routers}"
        )
    rout = routing if isinstance(routing, Routing) else make_routing(top, routing)
    scheme = choose(VC_SCHEMES, "vc_scheme", vc_scheme)
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    # a routing that offers every VC of an arc alike (the colour routings) is checked on one VC
    # per arc: a cycle among k copies of each buffer projects onto a cycle among the buffers
    anyvc = rout.any_vc and scheme == VC_SCHEMES["routing"]
    net = net_arrays(top, 1, one, one, (1 if anyvc else 64) * one)
    R = top.n_routers
    pk = single_packet(nk)
    deg = (int(np.diff(net.ptr).max()) + 2) * int(net.nv.max())  # one entry per (arc, VC) at most
    # a candidate's arc, VC, credits needed, label, hops and tag, as route_candidates writes them
    bufs = tuple(np.empty(deg + 8 * int(net.nv.max()), np.int64) for _ in range(6))
    g = nx.DiGraph()
    used = np.zeros(nk, np.int64)
    # A head's candidates depend on its router and header (destination, intermediate, hops,
    # flags), not on its source nor on the buffer it holds: each such state is routed once over
    # all sources, and every buffer a head reaches it from gains that state's dependencies.
    routed: dict[tuple, list[tuple[tuple[int, int], bool]]] = {}
    seen: set[tuple] = set()
    for s in range(R):
        for d in range(R):
            if s == d:
                continue
            for inter, flags0 in rout.sources(rout, net, s, d):
                # (destination, intermediate, router, hops per kind, total hops, flags), buffer held
                stack: list[tuple[tuple, tuple[int, int] | None]] = [((d, inter, s, (0,) * nk, 0, flags0), None)]
                while stack:
                    st = stack.pop()
                    if st in seen:
                        continue
                    seen.add(st)
                    core, held = st
                    deps = routed.get(core)
                    if deps is None:
                        deps = routed[core] = _route_state(rout, net, pk, scheme, core, used, escape, s, bufs, stack)
                    if held is None:
                        g.add_nodes_from(c for c, _ in deps)
                    else:
                        g.add_edges_from((held, c) for c, dep in deps if dep)
    return g, used


def _route_state(
    rout: Routing,
    net: Any,
    pk: Packets,
    scheme: int,
    core: tuple,
    used: np.ndarray,
    escape: bool,
    s: int,
    bufs: tuple[np.ndarray, ...],
    stack: list,
) -> list[tuple[tuple[int, int], bool]]:
    """The channels a head in state ``core`` may request, each with whether it is a recorded
    dependency (all of them, or with ``escape`` the minimal ones when there are); pushes the
    state after each hop on ``stack``."""
    d, inter, r, hops, htot, flags = core
    pk.dr[0], pk.inter[0], pk.flags[0], pk.htot[0] = d, inter, flags, htot
    pk.hops[0, :] = hops
    rt = rout.tables
    n = route_candidates(rt, net, pk, 0, r, scheme, *bufs)
    if n == 0:
        raise ValueError(f"routing {rout.name!r}: no candidate at router {r} for {s}->{d} (intermediate {inter})")
    out_vc, out_lab = bufs[1], bufs[3]
    cands = candidate_channels(bufs[0], out_vc, n)
    labs = [int(out_lab[i]) for i in range(n) for _ in range(max(1, -int(out_vc[i])))]
    any_min = L_MIN in labs
    deps = []
    for (a, v), lab in zip(cands, labs):
        if a < 0:
            continue
        k = int(net.kind[a])
        used[k] = max(used[k], v + 1)
        deps.append(((a, v), not escape or lab == L_MIN or not any_min))
        pk.hops[0, :] = hops
        pk.hops[0, k] += 1
        pk.htot[0], pk.flags[0] = htot + 1, flags
        route_on_move(rt, net, pk, 0, a, v)
        if htot + 1 > 64:
            raise ValueError(f"routing {rout.name!r}: path {s}->{d} longer than 64 hops")
        nxt = (d, inter, int(net.dst[a]), tuple(int(x) for x in pk.hops[0]), htot + 1, int(pk.flags[0]))
        stack.append((nxt, (a, v)))
    return deps


def dependency_cycle(top: Topology, routing: str | Routing, vc_scheme: str = "routing", escape: bool = False) -> list | None:
    """A cycle of the channel dependency graph (of the escape dependencies with ``escape``, see
    :func:`channel_dependencies`) as ``[(arc, vc), ...]``, or None if it is acyclic."""
    g, _ = channel_dependencies(top, routing, vc_scheme, escape=escape)
    try:
        return [e[0] for e in nx.find_cycle(g)]
    except nx.NetworkXNoCycle:
        return None


def _head_channels(
    top: Topology,
    rout: Routing,
    scheme: int,
    buffers: np.ndarray,
    q_head: np.ndarray,
    pk: Packets,
    nvc_per_arc: np.ndarray,
    vmax: int,
) -> tuple[Any, dict[int, list[tuple[int, int]]]]:
    """The (arc, VC) channels each listed buffer's head packet may take next, routed again by the
    engine's own routing function in the frozen state (an arc < 0 is ejection), and the network
    arrays used (buffers are keyed by the reverse arc, ``arc * vmax + vc``, as in the engine)."""
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(top, 1, one, one, one)
    net = net._replace(nv=np.ascontiguousarray(nvc_per_arc, np.int64))
    h = single_packet(nk)
    deg = (int(np.diff(net.ptr).max()) + 2) * vmax
    out_arc, out_vc, out_need, out_lab, out_hops, out_tag = (np.empty(deg + 8 * vmax, np.int64) for _ in range(6))
    chans = {}
    for qi in buffers.tolist():
        k = qi // vmax  # the buffer at router src[k] fed over rev(k) (engine layout)
        p = int(q_head[qi])
        h.dr[0], h.inter[0], h.flags[0], h.htot[0] = pk.dr[p], pk.inter[p], pk.flags[p], pk.htot[p]
        h.hops[0, :] = pk.hops[p]
        n = route_candidates(
            rout.tables, net, h, 0, int(net.src[k]), scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag
        )
        chans[qi] = candidate_channels(out_arc, out_vc, n)
    return net, chans


def _ring(
    top: Topology, net: Any, g: nx.DiGraph, q_cnt: np.ndarray, vmax: int, buffers: list[int] | None = None
) -> list[dict] | None:
    """A cycle of ``g`` as the channels feeding its buffers (their keys appended to ``buffers``)."""
    try:
        cyc = [e[0] for e in nx.find_cycle(g)]
    except nx.NetworkXNoCycle:
        return None
    if buffers is not None:
        buffers.extend(cyc)
    out = []
    for qi in cyc:
        k, v = divmod(qi, vmax)
        b = int(net.rev[k])
        out.append(
            {
                "from": int(net.src[b]),
                "to": int(net.dst[b]),
                "vc": v,
                "kind": top.kind_names[int(net.kind[b])],
                "packets": int(q_cnt[qi]),
            }
        )
    return out


def waiting_cycle(
    top: Topology,
    rout: Routing,
    scheme: int,
    q_head: np.ndarray,
    q_cnt: np.ndarray,
    pk: Packets,
    nvc_per_arc: np.ndarray,
    vmax: int,
) -> list[dict] | None:
    """A cycle of buffers each waiting for the next, in the frozen state of a run, or None.

    Every non-empty input buffer's head packet is routed again (the engine's own routing
    function); it waits for each candidate (arc, VC) whose downstream buffer holds packets, an
    ejection candidate waits for nothing.  A cycle of such waits among full buffers is a deadlock
    (Dally and Seitz); the watchdog fires on "no move for a long time", which a cycle proves to be
    a deadlock rather than a stall.  Buffers are reported as the channel feeding them.
    """
    net, chans = _head_channels(top, rout, scheme, np.flatnonzero(q_cnt), q_head, pk, nvc_per_arc, vmax)
    g = nx.DiGraph()
    for qi, cands in chans.items():
        for a, v in cands:
            if a >= 0 and q_cnt[int(net.rev[a]) * vmax + v] > 0:
                g.add_edge(qi, int(net.rev[a]) * vmax + v)
    return _ring(top, net, g, q_cnt, vmax)


def stuck_ring(
    top: Topology,
    rout: Routing,
    scheme: int,
    frozen: np.ndarray,
    q_head: np.ndarray,
    q_cnt: np.ndarray,
    pk: Packets,
    nvc_per_arc: np.ndarray,
    vmax: int,
    cr_av: np.ndarray,
    never: int,
    buffers: list[int] | None = None,
) -> list[dict] | None:
    """A deadlock among the ``frozen`` buffers (their heads have not moved for a while), as a ring
    of buffers each waiting for the next, or None when they are only slow.

    The proof does not depend on how long they waited: it is the largest set S of frozen buffers
    in which every candidate channel of every head (routed again by the engine's own routing
    function) feeds a buffer of S and has no credit slot free or on its way back (``cr_av`` of
    the channel is ``never``).  No head of S can move, so no slot of S ever frees, whatever the
    rest of the network does (a knot of full buffers, Dally and Seitz; an ejection candidate or a
    channel with a slot coming back takes its buffer out of S).  A deadlock of part of the
    network is found while the rest keeps delivering.  The ring's buffer keys are appended to
    ``buffers`` when it is given."""
    bufs = np.flatnonzero(frozen & (q_cnt > 0))
    if bufs.size == 0:
        return None
    net, chans = _head_channels(top, rout, scheme, bufs, q_head, pk, nvc_per_arc, vmax)
    succ: dict[int, list[int]] = {}
    for qi, cands in chans.items():
        ok = bool(cands)
        tg = []
        for a, v in cands:
            if a < 0 or cr_av[a * vmax + v] != never:
                ok = False
                break
            tg.append(int(net.rev[a]) * vmax + v)
        if ok:
            succ[qi] = tg
    # the largest closed subset: drop buffers waiting on one outside it until none is left to drop
    alive = set(succ)
    changed = True
    while changed:
        changed = False
        for qi in list(alive):
            if any(t not in alive for t in succ[qi]):
                alive.discard(qi)
                changed = True
    if not alive:
        return None
    g = nx.DiGraph()
    g.add_edges_from((qi, t) for qi in alive for t in succ[qi])
    return _ring(top, net, g, q_cnt, vmax, buffers)
