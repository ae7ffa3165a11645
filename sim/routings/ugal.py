"""UGAL-L: minimal or Valiant, decided at the source router from local queue lengths (Besta & Hoefler 2014,
§IV-C "UGAL-L"; Han et al. 2017, §3.1).

Besta & Hoefler 2014: "UGAL-L can only access the local output queues at each router.  To route a packet, it
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

Piggybacking (``pb``, dragonflies; García et al. 2014, §4 "PB", after Jiang et al.) is UGAL-L with one
Valiant path and remote congestion flags, as the simulator of García et al. 2014's group (FOGSim) defines
it.  Every router flags each of its global ports as congested when its credits in use per VC
exceed ``coef`` % of the mean over the router's global ports and VCs plus ``threshold`` packets
(FOGSim's defaults: 200 % and 5 packets), and broadcasts the flags to the routers of its group,
which hold them ``delay`` cycles later (default: the latency of the local links, one hop).  At
the source the packet is sent on its Valiant path if the global link of its minimal path is
flagged (the source's own ports as of this cycle, another router's as of ``delay`` cycles ago);
otherwise the UGAL-L comparison above decides.  Here the flags are recomputed from snapshots of
every global arc's credits in use (:func:`sim.stages.snapshot`), taken at every cycle by default
(``group_window`` 1).  Differences from FOGSim, stated: FOGSim re-evaluates the choice at every
allocation attempt until the packet leaves its injection queue, this routing decides once (as
UGAL-L here); FOGSim's UGAL-L term compares the occupancy of the one VC the packet would take,
this one the whole output port's (the ``ugal`` policy); the hops are the l-g-l bounds below, not
the exact lengths to a random intermediate node.

UGAL-G on a dragonfly sums the packets queued in the buffers along the minimal path to the
intermediate group and on from there to the destination (remote state as of the window's start).

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

from .base import IP_BASE, IP_GKIND, IP_GPAIR, IP_GROUPS, with_slots
from .._jit import call, helper
from .._rng import advance, to_float
from ..policies import P_UGAL, UGAL_QUEUES
from . import minimal, valiant, valiant_any
from .base import (
    F_PHASE1,
    F_SHIFT,
    IP_DELAY,
    L_MIN,
    L_NONMIN,
    REMOTE_BUFFERS,
    REMOTE_CREDITS,
    Routing,
    RTables,
    cand_base,
    in_phase1,
    draw_other,
    global_range,
    hops_base,
    label_all,
    remote_slot,
)
from .kind import Kind
from .vc import one_vc

__all__ = [
    "QUEUES",
    "build",
    "build_global",
    "build_pb",
    "UGAL",
    "F_UNDECIDED",
    "K_PATHS",
    "K_MAX",
    "PB_COEF",
    "PB_THRESHOLD",
]

F_UNDECIDED = 2  # header flag: at the source router, path not chosen yet
K_PATHS = 4  # Valiant paths compared with the minimal one (Besta & Hoefler 2014, §IV-C)
K_MAX = 8  # most Valiant candidates the engine's candidate buffers make room for (sim.layout)
PB_COEF = 200  # PB: a global port is congested above this % of its router's mean global occupancy ...
PB_THRESHOLD = 5  # ... plus this many packets (FOGSim's piggybacking_coef and UGAL global threshold)
IP_PATHS = 7  # rt.ip: Valiant paths compared per decision
IP_PB, IP_COEF, IP_THRESH = 9, 11, 12  # rt.ip: 1 for PB, its coefficient and threshold (IP_DELAY: the flags' age)
IP_BOOKSIM = 20  # rt.ip: 1 for BookSim2's ugal_dragonflynew (one intermediate router, weights 1 and 2, phase VCs)
IP_GLOBAL = 27  # rt.ip: 1 for UGAL-G (the decision reads the queues along each path: global_source_candidates)
BOOKSIM_THRESHOLD = 30  # phits: BookSim2's adaptive_threshold (dragonfly.cpp:473 at 28f43299)


@helper
def booksim(rt):
    """Whether the tables are those of ``ugal-booksim`` (BookSim2's ``ugal_dragonflynew``)."""
    return rt.ip.shape[0] > IP_BOOKSIM and rt.ip[IP_BOOKSIM] == 1


@helper
def _intermediate(rt, net, pk, p, r, j):
    """Candidate intermediate j of packet p (a group on a dragonfly, else a router), from the seed
    drawn at generation (the source router r is where the packet is undecided)."""
    if booksim(rt):
        return pk.inter[p]  # the intermediate router drawn at generation
    g = np.uint64(pk.inter[p]) * np.uint64(2) + np.uint64(1)
    for _ in range(j + 1):
        g = advance(g)
    d = pk.dr[p]
    if rt.ip[IP_BASE] == 1:
        if valiant.dest_group_allowed(rt):
            return valiant.draw_group(g, rt.ip[IP_GROUPS], np.int64(rt.group[r]))
        return draw_other(g, rt.ip[IP_GROUPS], np.int64(rt.group[r]), np.int64(rt.group[d]))
    return valiant_any.draw_router(rt, net, g, r, d)


@helper
def _first_hop(rt, net, r, x):
    """One first arc of the minimal path from router r to intermediate x (a group on a dragonfly,
    the first candidate of ``cand_to_group``; else the first arc one step closer to router x),
    -1 if none.  One arc per Valiant path keeps the candidates within the engine's buffers."""
    if rt.ip[IP_BASE] == 1:
        gs = rt.group[r]
        if rt.ip[IP_GPAIR] == 1:
            k = 2 * (gs * rt.ip[IP_GROUPS] + x)
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
    if booksim(rt):
        # BookSim2 draws an intermediate node uniformly over all nodes (dragonfly.cpp:505; every
        # router has p nodes, so a router uniformly) and routes minimally when it falls in the
        # source group (:512-513), with no comparison: decided here
        if rt.group[sr] != rt.group[dr]:
            x = advance(st[0])
            st[0] = x
            xr = np.int64(to_float(x) * (net.ptr.shape[0] - 1))
            if rt.group[xr] != rt.group[sr]:
                pk.inter[p] = xr
                pk.flags[p] = F_UNDECIDED
        return
    if rt.ip[IP_BASE] == 1:
        ok = rt.group[sr] != rt.group[dr] and rt.ip[IP_GROUPS] > 2
    else:
        ok = sr != dr and net.ptr.shape[0] - 1 > 2
    if ok:
        x = advance(st[0])
        st[0] = x
        pk.inter[p] = np.int64(x >> np.uint64(1))
        pk.flags[p] = F_UNDECIDED


@helper
def _flagged(rt, net, x, g, o):
    """PB: whether router x flags its global arc g as congested in the snapshot at offset o of
    ``rt.rocc`` (credits in use per arc): occupancy per VC of g above ``coef`` % of the mean per
    VC over x's global arcs plus ``threshold`` packets, in integers."""
    gk = rt.ip[IP_GKIND]
    tot = 0
    nvs = 0
    for a in range(net.ptr[x], net.ptr[x + 1]):
        if rt.akind[a] == gk:
            tot += rt.rocc[o + a]
            nvs += net.nv[a]
    ng = net.nv[g]
    return 100 * rt.rocc[o + g] * nvs > rt.ip[IP_COEF] * tot * ng + 100 * rt.ip[IP_THRESH] * nvs * ng


@helper
def _min_congested(rt, net, r, d, out_arc, n):
    """PB: whether the global link of every one of the n minimal first hops from source r to
    router d (another group) is flagged: r's own ports as of this cycle, the port of the next
    router (r's group) as of the delay ago; no snapshot yet: not flagged."""
    own = remote_slot(rt, r, np.int64(0))
    other = remote_slot(rt, r, rt.ip[IP_DELAY])
    gd = np.int64(rt.group[d])
    gk = rt.ip[IP_GKIND]
    for i in range(n):
        a = out_arc[i]
        if rt.akind[a] == gk:
            if own < 0 or not _flagged(rt, net, r, a, own):
                return False
        else:
            x = np.int64(rt.adst[a])
            g = _first_hop(rt, net, x, gd)
            if other < 0 or g < 0 or rt.akind[g] != gk or not _flagged(rt, net, x, g, other):
                return False
    return n > 0


@call
def source_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops, out_tag):
    """An undecided packet at its source router: the minimal next hops (tag 0) and one first hop
    per Valiant path (tag j + 1).  Once decided, the dispatch routes it as ``valiant`` (dragonfly)
    or ``valiant-any`` with tag 0 (``sim/routings/__init__.py``)."""
    d = pk.dr[p]
    bk = booksim(rt)
    n = cand_base(rt, net, r, d, out_arc, np.int64(0))
    # BookSim2 weighs the queues 1 (minimal) and 2 (non-minimal), whatever the paths' lengths
    label_all(out_lab, out_hops, n, np.int64(L_MIN), np.int64(1 if bk else hops_base(rt, net, r, d)))
    for i in range(n):
        out_tag[i] = 0
    nmin = n
    skip = rt.ip.shape[0] > IP_PB and rt.ip[IP_PB] == 1 and _min_congested(rt, net, r, d, out_arc, n)
    room = out_arc.shape[0]
    for j in range(rt.ip[IP_PATHS]):
        x = _intermediate(rt, net, pk, p, r, np.int64(j))
        a = _first_hop(rt, net, r, np.int64(rt.group[x]) if bk else x)
        if a < 0:
            continue
        # k is at most K_MAX (build), which the buffers make room for; a larger k (tables changed
        # by hand) is counted but never written past the buffers' end: the caller reports it
        if n < room:
            out_arc[n] = a
            out_lab[n] = L_NONMIN
            if bk:
                out_hops[n] = 2
            elif rt.ip[IP_BASE] == 1:
                out_hops[n] = 5 if rt.akind[a] != rt.ip[IP_GKIND] else 4  # l-g to group x, l-g-l from it
            else:
                out_hops[n] = rt.dist[r, x] + rt.dist[x, d]
            out_tag[n] = j + 1
        n += 1
    if n > room:
        return n
    if skip and n > nmin:
        # PB: the minimal path's global link is flagged: the Valiant paths only
        for i in range(n - nmin):
            out_arc[i] = out_arc[nmin + i]
            out_lab[i] = out_lab[nmin + i]
            out_hops[i] = out_hops[nmin + i]
            out_tag[i] = out_tag[nmin + i]
        n -= nmin
    return n


@helper
def _df_queues(rt, net, s, gx, d):
    """Dragonfly: packets queued (remote state ``rt.rocc``) along the minimal path from router s
    to group gx (-1: none) and on from there to router d (``_first_hop`` at each router, the
    local arc to d in its group)."""
    q = 0
    cur = s
    for k in range(2):
        tg = gx if k == 0 else np.int64(rt.group[d])
        if tg < 0:
            continue
        while rt.group[cur] != tg:
            a = _first_hop(rt, net, cur, tg)
            if a < 0:
                return q
            q += rt.rocc[a]
            cur = np.int64(rt.adst[a])
    if cur != d:
        a = rt.larc[cur, rt.index[d]]
        if a >= 0:
            q += rt.rocc[a]
    return q


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
    """UGAL-G (Besta & Hoefler 2014, §IV-C): of the minimal path and the k Valiant paths, the one with the
    fewest packets queued along it (remote state as of the window's start), ties to the minimal
    path, then to the lower j; its first hops (the minimal candidates, tag 0) or the Valiant
    path's first hop (tag j + 1)."""
    d = pk.dr[p]
    df = rt.ip[IP_BASE] == 1
    best = _df_queues(rt, net, r, np.int64(-1), d) if df else _path_queues(rt, net, r, d)
    bj = 0
    for j in range(rt.ip[IP_PATHS]):
        x = _intermediate(rt, net, pk, p, r, np.int64(j))
        if df:
            q = _df_queues(rt, net, r, x, d)
        else:
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
    a = _first_hop(rt, net, r, x)
    out_arc[0] = a
    out_lab[0] = L_NONMIN
    if df:
        out_hops[0] = 5 if rt.akind[a] != rt.ip[IP_GKIND] else 4
    else:
        out_hops[0] = rt.dist[r, x] + rt.dist[x, d]
    out_tag[0] = bj
    return 1


@helper
def sources(rt, net, pk, p, r, out_arc, out_lab, out_hops, out_tag):
    """The candidates of an undecided packet at its source: UGAL-G's or the others' (one kind for
    both, so that the test suite and a user running both compile the engine once for them; the
    flag costs a branch per decision)."""
    if rt.ip.shape[0] > IP_GLOBAL and rt.ip[IP_GLOBAL] == 1:
        return global_source_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops, out_tag)
    return source_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops, out_tag)


@helper
def own_vc(rt, net, pk, p, a):
    """Valiant's VC: global hops taken on a dragonfly, else the hop index."""
    if rt.ip[IP_BASE] == 1:
        return pk.hops[p, rt.ip[IP_GKIND]]
    return pk.htot[p]


@helper
def phase_vc(rt, net, pk, p, a, lab):
    """BookSim2's VC of ``ugal_dragonflynew`` for candidate arc a with label ``lab``
    (dragonfly.cpp:553-561): the phase, 0 on the way to the intermediate router, 1 from it (or
    from the source, for a minimal packet) up to the global hop, 2 from that global hop on and for
    packets inside one group."""
    gk = rt.ip[IP_GKIND]
    glob = a >= 0 and rt.akind[a] == gk
    f = pk.flags[p]
    if (f & F_UNDECIDED) != 0:
        if lab != L_MIN:
            return np.int64(0)
        return np.int64(2 if glob else 1)
    if (f & F_PHASE1) != 0:
        return np.int64(0)
    # global hops since the intermediate router (valiant_any.on_move keeps those before it)
    if glob or pk.hops[p, gk] - (f >> F_SHIFT) > 0:
        return np.int64(2)
    if pk.inter[p] < 0 and rt.group[net.src[a]] == rt.group[pk.dr[p]]:
        return np.int64(2)  # a minimal packet in its destination group before any global hop: inside one group
    return np.int64(1)


@helper
def own_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """The routing's own VCs: Valiant's (:func:`own_vc`), or BookSim2's by phase, which depend on
    the candidate (:func:`phase_vc`)."""
    if not booksim(rt):
        return one_vc(n, out_arc, out_vc, out_need, np.int64(own_vc(rt, net, pk, p, np.int64(-1))))
    for i in range(n):
        a = out_arc[i]
        out_vc[i] = phase_vc(rt, net, pk, p, a, out_lab[i]) if a >= 0 else 0
        out_need[i] = 1
    return n


@helper
def step(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """A decided packet travels as valiant (dragonfly, intermediate group) or valiant-any."""
    if in_phase1(rt, pk, p, r):
        if rt.ip[IP_BASE] == 1 and not booksim(rt):
            return valiant.phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
        return valiant_any.phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    return minimal.base_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)


@helper
def pb_on_request(rt):
    """Piggybacking keeps an undecided head's choice open until its output is available."""
    return rt.ip.shape[0] > IP_PB and rt.ip[IP_PB] == 1


@helper
def target_group(rt, pk, p):
    if not booksim(rt):
        return valiant.target_group(rt, pk, p)
    return valiant_any.target_group(rt, pk, p)


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
def on_move(rt, net, pk, p, arc, vc):
    if rt.ip[IP_BASE] == 1 and not booksim(rt):
        valiant.on_move(rt, net, pk, p, arc, vc)
    else:
        valiant_any.on_move(rt, net, pk, p, arc, vc)


class UgalTables(RTables):
    """ugal-l's, ugal-g's, pb's and ugal-booksim's tables (the class selects their compiled
    functions, ``sim.routings.kind``; the table values tell the four apart)."""

    __slots__ = ()


UGAL = Kind(
    UgalTables,
    step=step,
    init=init,
    vcs=own_vcs,
    on_move=on_move,
    source=sources,
    undecided=F_UNDECIDED,
    decide=decide,
    on_request=pb_on_request,
    target_group=target_group,
)


def _check_threshold(name: str, threshold: object) -> None:
    if isinstance(threshold, bool) or not isinstance(threshold, (int, np.integer)) or threshold < 0:
        raise ValueError(f"routing {name!r}: threshold must be an integer >= 0 (phits), got {threshold!r}")


QUEUES = UGAL_QUEUES  # what UGAL-L counts as an output port's queue (build's ``queue``)


def build(top: Topology, name: str, k: int = K_PATHS, threshold: int = 0, queue: str = "credits-rtt") -> Routing:
    """UGAL-L with ``k`` Valiant paths per decision: intermediate groups on a dragonfly with
    complete groups, intermediate routers elsewhere.  ``threshold`` (phits, default 0 as in
    Besta & Hoefler 2014, §IV-C, which states none): a Valiant path is taken only when its
    occupancy x hops, in phits, is lower than the minimal path's by more than this.  ``queue``:
    what the occupancy of an output port counts, in phits:

    * ``"credits-rtt"`` (the default): its credits in use, over all its VCs, less 2 x the link's
      latency, at least 0 (the ``remove_credit_rtt`` option of BookSim2's ``SRP_IAR`` branch,
      ``IQRouter::GetCredit``): the packets waiting downstream, without the round trip an idle
      link keeps in use, so that UGAL-L stays minimal at light load, as Han et al. 2017, §4.2
      reports (about 99 % of the messages minimal at load 0.1);
    * ``"credits"``: every credit in use (BookSim2's ``GetUsedCredit``, also the measure of the
      Slim Fly UGAL-L in the PolarFly BookSim of Besta et al.; FOGSim's counts the packet's VC
      only): the packets downstream, on the link, and the credits on their way back.  On a
      100-cycle global link an idle port has about load x 200 of them, which this measure counts
      as a queue, so a quarter to a half of the packets go non-minimal at load 0.1;
    * ``"held"``: only the credits held longer than the link's zero-load round trip (2 x latency
      + router delay + packet + credit delay + 1 cycle), the packets that waited downstream."""
    if not 1 <= k <= K_MAX:
        raise ValueError(f"routing {name!r}: k (Valiant paths per decision) must be 1..{K_MAX}, got {k}")
    _check_threshold(name, threshold)
    if queue not in QUEUES:
        raise ValueError(f"routing {name!r}: queue must be one of {', '.join(QUEUES)}, got {queue!r}")
    base = valiant.build(top, name) if minimal.is_dragonfly(top) else valiant.build_any(top, name)
    ip = with_slots(base.tables.ip, {IP_PATHS: k})
    tables = base.tables._replace(ip=ip)
    variant = "intermediate-group" if base.tables.ip[IP_BASE] == 1 else "intermediate-router"
    return Routing(
        name,
        UGAL,
        tables,
        base.max_hops,
        selection=P_UGAL,
        vcs=base._vcs,
        variant=variant,
        sources=channel_sources,
        threshold=threshold,
        queue=queue,
    )


def channel_sources(rout: Routing, net, s: int, d: int) -> list[tuple[int, int]]:
    """The paths a decided packet from router s to d can follow (``decide``): every Valiant
    intermediate of the base routing, and the minimal path."""
    base = valiant if rout.tables.ip[IP_BASE] == 1 else valiant_any
    return [x for x in base.channel_sources(rout, net, s, d) if x[0] >= 0] + [(-1, 0)]


def build_global(top: Topology, name: str, k: int = K_PATHS) -> Routing:
    """UGAL-G (Besta & Hoefler 2014, §IV-C) with ``k`` Valiant paths per decision: intermediate groups on a
    dragonfly with complete groups, intermediate routers elsewhere; the engine refreshes the
    remote state it reads at every global window (one cycle by default).  Among the first hops of the
    path it chose, the ``ugal`` policy counts every credit in use."""
    r = build(top, name, k, queue="credits")
    t = r.tables
    return r.replace(
        tables=t._replace(rocc=np.zeros(top.arcs().src.size, np.int64), ip=with_slots(t.ip, {IP_GLOBAL: 1})),
        remote=REMOTE_BUFFERS,
        remote_delay=0,
    )


def build_pb(
    top: Topology,
    name: str,
    delay: int | None = None,
    coef: int = PB_COEF,
    threshold: int = PB_THRESHOLD,
    destination_group: bool = False,
) -> Routing:
    """Piggybacking (García et al. 2014, §4) on a dragonfly with complete groups: UGAL-L with one Valiant
    path, overruled towards Valiant when the minimal path's global link is flagged congested
    (``coef`` %, ``threshold`` packets; flags ``delay`` cycles old, None: the local links'
    latency of the run).  ``destination_group``: the Valiant path's intermediate group drawn among
    all but the source's, as FOGSim draws VAL's (``valiant``'s option).
    See the module docstring.  The flag compares a port with its router's
    mean, so with h global ports it needs occupancy above coef/(h - coef/100) % of the sum over its
    other global ports: with h = 2 and the default 200 % no port is ever flagged and PB is UGAL-L
    with one Valiant path."""
    if not minimal.is_dragonfly(top):
        raise ValueError(
            f"routing {name!r}: Piggybacking (García et al. 2014, §4) is defined on dragonflies (flags of a "
            f"group's global links), got {top.family!r}; use ugal-l or ugal-g"
        )
    for nm, v in (("coef", coef), ("threshold", threshold)) + ((("delay", delay),) if delay is not None else ()):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise ValueError(f"routing {name!r}: {nm} must be an integer >= 0, got {v!r}")
    valiant.check_destination_group(name, destination_group)
    # FOGSim's UGAL term counts every credit in use of the VC, the round trip included
    r = build(top, name, 1, queue="credits")
    ip = with_slots(
        r.tables.ip,
        {
            IP_PB: 1,
            IP_DELAY: 0 if delay is None else delay,
            IP_COEF: coef,
            IP_THRESH: threshold,
            valiant.IP_DEST_GROUP: int(destination_group),
        },
    )
    return r.replace(tables=r.tables._replace(ip=ip), variant="piggybacking", remote=REMOTE_CREDITS, remote_delay=delay)


def build_booksim(top: Topology, name: str, threshold: int = BOOKSIM_THRESHOLD) -> Routing:
    """BookSim2's ``ugal`` on its dragonfly (``ugal_dragonflynew``, dragonfly.cpp:458-562 at commit
    28f43299; benchmarks/booksim/NOTES.md §3), for cross-validation: at generation one intermediate
    router drawn uniformly over all routers (in the source group: minimal, no comparison; the
    destination group allowed); at the source router minimal iff q_min <= 2 q_non + ``threshold``,
    q the phits of credits in use of the whole output port (all VCs; the ``ugal`` policy's
    occupancy times the packet size); a Valiant path goes minimally to that router, then
    minimally to the destination; 3 VCs by phase (:func:`phase_vc`), which are not deadlock-free:
    VC 0 of a local link carries first hops (then a global hop on VC 0) and hops inside an
    intermediate group (after one), a cycle through the groups that the channel-dependency proof
    finds (``proofs/test_routing_deadlock_freedom.py``); the engine's watchdog reports a deadlock if
    one forms.  Differences left: BookSim2
    decides when the head is written onto the injection channel, two cycles before it reaches the
    router, and its injection picks a VC at random (this engine has one source queue per node)."""
    if not minimal.is_dragonfly(top):
        raise ValueError(
            f"routing {name!r}: BookSim2's ugal is defined on its dragonfly (dragonflynew), got {top.family!r}; use ugal-l"
        )
    _check_threshold(name, threshold)
    base = valiant.build_any(top, name)
    ip = with_slots(base.tables.ip, {IP_PATHS: 1, IP_BOOKSIM: 1})
    vcs = np.zeros(len(top.kind_names), np.int64)
    vcs[top.kind_index("local")] = vcs[top.kind_index("global")] = 3
    return Routing(
        name,
        UGAL,
        base.tables._replace(ip=ip),
        base.max_hops,
        selection=P_UGAL,
        vcs=vcs,
        variant="booksim2 ugal_dragonflynew",
        sources=booksim_sources,
        threshold=int(threshold),
    )


def booksim_sources(rout: Routing, net, s: int, d: int) -> list[tuple[int, int]]:
    """The paths a decided ``ugal-booksim`` packet from router s to d can follow: through any
    router outside the source group, and the minimal one."""
    g = rout.tables.group
    if g[s] == g[d]:
        return [(-1, 0)]
    R = net.ptr.shape[0] - 1
    return [(x, F_PHASE1) for x in range(R) if g[x] != g[s]] + [(-1, 0)]
