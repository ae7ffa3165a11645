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

from .routings import VC_SCHEMES, Packets, Routing, make_routing, route_candidates, route_states
from .records import engine_net
from .routings.base import single_packet
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
    used = np.zeros(nk, np.int64)
    # a channel (arc, VC) as one integer
    stride = 1 << 16
    # A head's candidates depend on its router and header (destination, intermediate, hops,
    # flags), not on its source nor on the buffer it holds: each such state is routed once over
    # all sources, and every buffer a head reaches it from gains that state's dependencies.  The
    # heads are followed level by level, a level being one more hop (total hops are part of the
    # header, so a state never recurs in another level): each level's distinct states are routed
    # by one compiled call (route_states) and the rest is array work.
    # a level's rows: destination, intermediate, router, total hops, flags, hops per kind, then
    # the channel held (arc * stride + VC; -1 at the source); and each row's first source router
    rows, src = _source_rows(rout, net, R, nk)
    nodes, edges = [], []
    while len(rows):
        rows, first, _ = _unique_rows(rows)
        src = src[first]
        cores, first, inv = _unique_rows(rows[:, :-1])
        state, arc, vc, dep, flags, hops = _route_level(rout, net, pk, scheme, cores, src[first], used, escape, bufs)
        # each row's outputs: its core's run of outputs (route_states writes them core by core)
        count = np.bincount(state, minlength=len(cores))
        start = np.concatenate(([0], np.cumsum(count)[:-1]))
        per_row = count[inv]
        row_of = np.repeat(np.arange(len(rows)), per_row)
        out = np.repeat(start[inv], per_row) + (np.arange(len(row_of)) - np.repeat(np.cumsum(per_row) - per_row, per_row))
        chan = arc[out] * stride + vc[out]
        held = rows[row_of, -1]
        nodes.append(chan[held < 0])
        keep = (held >= 0) & (dep[out] != 0)
        edges.append(np.stack((held[keep], chan[keep]), axis=1))
        nxt = np.empty((len(out), rows.shape[1]), np.int64)
        nxt[:, 0:2] = rows[row_of, 0:2]
        nxt[:, 2] = net.dst[arc[out]]
        nxt[:, 3] = rows[row_of, 3] + 1
        nxt[:, 4] = flags[out]
        nxt[:, 5:-1] = hops[out]
        nxt[:, -1] = chan
        rows, src = nxt, src[row_of]
    g = nx.DiGraph()
    if nodes:
        g.add_nodes_from(divmod(int(c), stride) for c in np.unique(np.concatenate(nodes)).tolist())
    e = np.unique(np.concatenate(edges), axis=0) if edges else np.empty((0, 2), np.int64)
    g.add_edges_from((divmod(int(a), stride), divmod(int(b), stride)) for a, b in e.tolist())
    return g, used


def _source_rows(rout: Routing, net: Any, R: int, nk: int) -> tuple[np.ndarray, np.ndarray]:
    """The first level's rows (a fresh head at its source, every source decision the routing
    declares) and their source routers."""
    rows, src = [], []
    for s in range(R):
        for d in range(R):
            if s == d:
                continue
            for inter, flags0 in rout.sources(rout, net, s, d):
                rows.append((d, inter, s, 0, flags0, *(0,) * nk, -1))
                src.append(s)
    return np.array(rows, np.int64).reshape(-1, 6 + nk), np.array(src, np.int64)


def _unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct rows of a 2-D int64 array (compared as bytes: fast, in a fixed order), the
    index of each one's first occurrence and each row's index among them."""
    rows = np.ascontiguousarray(rows)
    keys = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
    _, first, inv = np.unique(keys, return_index=True, return_inverse=True)
    return rows[first], first, inv.ravel()


def _route_level(
    rout: Routing,
    net: Any,
    pk: Packets,
    scheme: int,
    cores: np.ndarray,
    src: np.ndarray,
    used: np.ndarray,
    escape: bool,
    bufs: tuple[np.ndarray, ...],
) -> tuple[np.ndarray, ...]:
    """Route the distinct header states ``cores`` (rows as :func:`channel_dependencies` keeps
    them, ``src`` a source router whose packets reach each) with
    :func:`sim.routings.route_states`: the outputs, core by core, each a channel taken (the core's
    index, arc, VC), whether it is a recorded dependency (all of them, or with ``escape`` the
    minimal ones when there are) and the header's flags and hops per kind after that hop."""
    nk = used.shape[0]
    cap = max(bufs[0].shape[0], min(len(cores) * bufs[0].shape[0], 1 << 20))
    o_n = np.zeros(len(cores), np.int64)
    parts = []
    i = 0
    while i < len(cores):
        out = [np.empty(cap, np.int64) for _ in range(5)] + [np.empty((cap, nk), np.int64)]
        i, m = route_states(rout.tables, net, pk, scheme, cores, i, escape, *bufs, used, o_n, *out)
        if m < 0:  # one state offers more channels than the outputs hold
            cap *= 2
            continue
        parts.append([o[:m] for o in out])
    for j in np.flatnonzero(o_n == 0).tolist():
        d, inter, r = cores[j, :3].tolist()
        raise ValueError(f"routing {rout.name!r}: no candidate at router {r} for {src[j]}->{d} (intermediate {inter})")
    state, arc, vc, dep, flags, hops = (np.concatenate(x) for x in zip(*parts))
    long = np.flatnonzero(cores[state, 3] + 1 > 64)
    if len(long):
        j = int(state[long[0]])
        raise ValueError(f"routing {rout.name!r}: path {src[j]}->{cores[j, 0]} longer than 64 hops")
    return state, arc, vc, dep, flags, hops


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
    net = engine_net(net_arrays(top, 1, one, one, one)._replace(nv=np.asarray(nvc_per_arc, np.int64)))
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
