"""What every routing shares: the arrays it reads (network, tables, packet headers), the
:class:`Routing` object the driver holds, candidate labels, and compiled next-hop helpers.

A routing's compiled functions (see ``sim/routings/__init__.py`` for the interface) write
candidates as parallel arrays: output arc (``-1``: eject here), label (:data:`L_MIN`,
:data:`L_NONMIN`, :data:`L_ESCAPE`) and an estimate of the hops left to the destination along
the path through that arc.  VCs are added by the VC scheme (``sim/routings/vc.py``): one VC per
candidate, or a range ``-k`` (any of VCs 0..k-1 of the arc, the policy picks one;
:func:`sim.policies.vc_span`).
"""

from __future__ import annotations

from typing import Any, NamedTuple
from collections.abc import Callable

import numpy as np

from .._jit import helper
from .._rng import advance, to_float
from ..records import pool_records

__all__ = [
    "RTables",
    "NetArrays",
    "Packets",
    "Routing",
    "single_packet",
    "L_MIN",
    "L_NONMIN",
    "L_ESCAPE",
    "F_PHASE1",
    "F_SHIFT",
    "single_source",
    "with_slots",
    "IP_BASE",
    "IP_GROUPS",
    "IP_A",
    "IP_DIMS",
    "IP_LKIND",
    "IP_GKIND",
    "IP_GPAIR",
    "IP_N_TABLES",
    "REMOTE_BUFFERS",
    "REMOTE_CREDITS",
    "IP_DELAY",
    "remote_slot",
    "in_phase1",
    "dest_group",
]

#: candidate labels: a minimal hop, a non-minimal one (towards a Valiant intermediate, a
#: misroute), a hop in an escape subnetwork
L_MIN, L_NONMIN, L_ESCAPE = 0, 1, 2
F_PHASE1 = 1  # header flag: still travelling to the Valiant intermediate
F_SHIFT = 4  # flags >> F_SHIFT: global hops taken when the intermediate was reached (VAL-any)
REMOTE_BUFFERS, REMOTE_CREDITS = 1, 2  # what the engine snapshots for a remote routing (Routing.remote)
# rt.ip holds a routing's integer parameters, each in a named slot.  Slots 0-6 describe the tables
# every routing shares (sim.routings.tables fills them); each routing module names its own slots,
# every name an index of its own (tests/test_sim_registry.py checks that no two names share one).
IP_BASE = 0  # 1: dragonfly hierarchical tables (group-pair lookups); 0: distance table
IP_GROUPS = 1  # dragonfly groups G
IP_A = 2  # routers per dragonfly group
IP_DIMS = 3  # Hamming graph dimensions
IP_LKIND = 4  # link kind of the local links
IP_GKIND = 5  # link kind of the global links
IP_GPAIR = 6  # 1: one global link per ordered group pair, found in rt.gpair
IP_N_TABLES = 7  # slots of the shared tables
IP_DELAY = 10  # a remote routing's delay, set per run (Routing.with_remote_state)
IP_INTERCEPT = 21  # 1: a packet at its destination router is ejected there, Valiant phase or not (set per run)


class RTables(NamedTuple):
    """Routing tables; every routing gets all fields (unused ones are tiny).  Each routing kind
    has a subclass of its own (``sim.routings.kind``), whose type selects the kind's compiled
    functions."""

    dist: np.ndarray  # int8 (R, R) router distances, or (1, 1)
    group: np.ndarray  # int32 (R,) dragonfly group, or zeros
    index: np.ndarray  # type: ignore[assignment]  # int32 (R,) index inside the group (shadows tuple.index)
    ldist: np.ndarray  # int8 (R, a) distance inside the group over local links to index j
    gkey: np.ndarray  # int64 sorted keys g_src * G + g_dst of global arcs
    garc: np.ndarray  # int64 arcs for gkey
    gptr: np.ndarray  # int32 (G*G+1,) global arcs from group gs to gd are garc[gptr[k]:gptr[k+1]], k = gs*G+gd
    comp: np.ndarray  # int32 (D, R) Hamming coordinate ids per dimension
    dkind: np.ndarray  # int8 (D,) link kind of each dimension
    ip: np.ndarray  # int64 params: [base (0 dist, 1 dragonfly), G, a, D, local kind, global kind, gpair]
    # compact copies for the candidate loops (the engine's net.dst/kind are strided views into
    # 64-byte port records: a loop over a router's arcs read one cache line per arc)
    adst: np.ndarray  # int32 (A,) head router of each arc
    akind: np.ndarray  # int8 (A,) link kind of each arc
    gsrc: np.ndarray  # int32 source router of garc[i]
    larc: np.ndarray  # int32 (R, a) the one local arc from r to index j of its group, else -1
    gpair: np.ndarray  # int32 (2*G*G,) with one global link per ordered group pair (ip[IP_GPAIR] = 1): its arc
    # and source router at 2k, 2k+1 for k = gs*G+gd (one table read per routing call)
    nxt: np.ndarray  # int32 (R, R) next arc towards each router (sp-table), or (1, 1)
    rocc: np.ndarray  # int64 (H*A,) remote state for routings that read other routers' state (UGAL-G, PB):
    # H snapshots of a per-arc count taken at the engine's global window starts
    # (see Routing.remote), slot s at rocc[s*A:(s+1)*A]; or (1,)
    esc: np.ndarray  # int32 (4, R) OFAR's escape subnetwork: next arc of ring 0 and ring 1, tree up arc,
    # tree arc down into each router; or (4, 1)
    rclock: np.ndarray  # int64 (2+H+G,) [H, snapshots taken, cycle of the snapshot in each of the H slots
    # (-1: none yet), the current cycle of the routers of each of the G values of ``group`` (the
    # engine's threads simulate different groups at the same time, each with its clock)]; the engine
    # keeps it while it runs a remote routing
    colour: np.ndarray  # int8 (R,) router colour of the colour routings (Camarero et al. 2014, §6), or (1,)
    cgarc: np.ndarray  # int32 (G*G*colours*T,) the T global arcs of each colour from group gs to gd (-1
    # padded; T = ip[colour.IP_T]), or (1,)
    elink: np.ndarray  # int8 (A,) 1 where the arc's link carries OFAR's escape VC (its last VC) in either
    # direction, or (1,)
    lblk: np.ndarray  # int32 (R, 2) the arcs of r from the first local one inside its group to the last
    # (OFAR's local misroutes: a range covering them, in arc order), or (1, 2)


class NetArrays(NamedTuple):
    """Topology arrays the engine and routings share (ports = ``Topology.arcs()`` order)."""

    ptr: np.ndarray  # int64 (R+1,) arcs of router r are ptr[r]:ptr[r+1]
    src: np.ndarray  # int32 (A,)
    dst: np.ndarray  # int32 (A,)
    kind: np.ndarray  # int8 (A,)
    rev: np.ndarray  # int64 (A,) the opposite arc over the same physical link
    lat: np.ndarray  # int64 (A,) link latency in cycles
    nv: np.ndarray  # int64 (A,) VCs on the arc
    cap: np.ndarray  # int64 (A,) buffer per VC, in packets
    ep_ptr: np.ndarray  # int64 (R+1,) endpoints of router r are ep_ptr[r]:ep_ptr[r+1]
    ep_router: np.ndarray  # int64 (E,)


class Packets(NamedTuple):
    """Packet pool (header fields) — grown by the driver when it runs low."""

    src: np.ndarray  # int64 source endpoint
    dst: np.ndarray  # int64 destination endpoint
    dr: np.ndarray  # int64 destination router
    gen: np.ndarray  # int64 generation cycle
    ready: np.ndarray  # int64 cycle at which the head is routable at its current buffer
    inter: np.ndarray  # int64 intermediate (router or group; routing-defined)
    flags: np.ndarray  # int64 routing flags
    hops: np.ndarray  # int16 (pool, n_kinds) hops taken per link kind
    htot: np.ndarray  # int64 total hops
    nxt: np.ndarray  # int64 linked-list successor (queues and free list)
    nready: np.ndarray  # int64 ready cycle of the successor in its queue (dequeue needs no successor read)


def single_packet(nk: int) -> Packets:
    """A one-packet header pool (``nk`` link kinds), for calling the compiled routing functions
    from Python on a header set by hand (channel dependencies, deadlock rings): a packet record
    of the engine's pool (``sim.records``), so that those functions have the engine's types.
    Packet 0 is the header; a second record makes the field views strided, as the pool's are
    (numpy calls a one-element view contiguous, and numba would compile a twin for it)."""
    rec = pool_records(2, nk)
    rec["nxt"] = -1
    return Packets(*(rec[f] for f in Packets._fields))


def with_slots(ip: np.ndarray, values: dict[int, int]) -> np.ndarray:
    """A copy of parameter vector ``ip``, lengthened to hold every slot of ``values``, with those set."""
    out = np.zeros(max(ip.shape[0], max(values) + 1), np.int64)
    out[: ip.shape[0]] = ip
    for k, v in values.items():
        out[k] = v
    return out


def single_source(rout: Routing, net: NetArrays, s: int, d: int) -> list[tuple[int, int]]:
    """The source decisions of a routing that makes none: no intermediate, no header flag."""
    return [(-1, 0)]


class Routing:
    """A compiled routing: name, kind (its compiled functions, ``sim.routings.kind``), tables (in
    the kind's tables class), and the max hops per link kind it can take (which is how many VCs
    per kind the per-kind VC scheme needs)."""

    def __init__(
        self,
        name: str,
        kind: Any,  # a sim.routings.kind.Kind (not imported: kind.py builds on this module)
        tables: RTables,
        max_hops: np.ndarray,
        selection: int = 1,
        cacheable: bool = True,
        vcs: np.ndarray | None = None,
        variant: str = "",
        remote: int = 0,
        arc_vcs: np.ndarray | None = None,
        remote_delay: int | None = 0,
        escape_arcs: np.ndarray | None = None,
        escape_room: int = 1,
        wide_cache: int = 0,
        sources: Callable[[Routing, NetArrays, int, int], list[tuple[int, int]]] | None = None,
        any_vc: bool = False,
        threshold: int = 0,
        minimal_only: bool = False,
        queue: str = "credits",
    ):
        self.name = name
        # every path it gives is a minimal one (MIN, DOR, the anynet table): the engine does not
        # count non-minimal packets for it
        self.minimal_only = minimal_only
        # the ``ugal`` policy's bias toward the minimal path, in phits: a non-minimal path is taken
        # only when its score is lower by more than this (BookSim2's adaptive_threshold); for the
        # ``fogsim`` policy Th_non-min, the percent of the minimal VC's occupancy a misroute may have
        self.threshold = int(threshold)
        # the ``ugal`` policy's queue of an output port: "credits", its credits in use; "credits-rtt",
        # those less twice the link's latency; "held", those held longer than the link's zero-load
        # round trip (sim.routings.ugal)
        self.queue = queue
        # its own VC scheme offers every VC of an arc alike (the colour routings need no VCs)
        self.any_vc = any_vc
        # the routing's source decisions, for the channel-dependency enumeration (sim.cdg):
        # sources(routing, net, s, d) lists every (intermediate, header flags) its ``init`` can
        # give a packet from router s to router d
        self.sources = single_source if sources is None else sources
        self.variant = variant  # which definition a generic name resolved to on this topology
        # oblivious routings: candidates depend only on the header and the router, so the
        # engine may cache them per buffer head (adaptive routings set this False)
        self.cacheable = cacheable
        # candidates a function of the header and the router too, but many and with labels and
        # needs the policy reads (OFAR): cached in the engine's wide cache, filled at request time,
        # whose entries hold this many (the most a head has; a head with more is routed at every
        # visit); 0: no wide cache
        self.wide_cache = int(wide_cache)
        self.kind = kind
        self.tables = kind.tables(*tables)
        self.max_hops = np.asarray(max_hops, dtype=np.int64)
        self.selection = selection
        # reads other routers' state: tables.rocc, snapshots the engine takes at each global window
        # start of REMOTE_BUFFERS (packets in the buffer each arc feeds, every arc) or REMOTE_CREDITS
        # (credits in use of each global arc, dragonflies); 0: none.  ``remote_delay``: the age in
        # cycles of the state it reads of other routers (None: the latency of the links within a group)
        self.remote = int(remote)
        self.remote_delay = remote_delay
        # per-arc least VC counts (Topology.arcs() order) on top of the per-kind ones: a VC that
        # exists only on some arcs, such as an escape VC on the arcs of a ring or tree; or None
        self.arc_vcs = None if arc_vcs is None else np.asarray(arc_vcs, dtype=np.int64)
        # per-arc 0/1: the arc carries one escape VC beyond its kind's VCs (the last VC; OFAR's ring)
        self.escape_arcs = None if escape_arcs is None else np.asarray(escape_arcs, dtype=np.int64)
        self.escape_room = escape_room  # packets of room a packet needs to enter the escape subnetwork
        self._vcs = None if vcs is None else np.asarray(vcs, dtype=np.int64)

    def __repr__(self) -> str:
        return f"Routing({self.name!r})"

    def replace(self, kind: Any = None, **changes: Any) -> Routing:
        """A copy with the given attributes changed (``tables`` into the kind's class)."""
        import copy

        r = copy.copy(self)
        if kind is not None:
            r.kind = kind
        for k, v in changes.items():
            if not hasattr(r, k) or callable(getattr(type(r), k, None)):
                raise TypeError(f"Routing.replace: unknown attribute {k!r}")
            setattr(r, k, v)
        r.tables = r.kind.tables(*r.tables)
        return r

    def with_remote_state(self, n_arcs: int, window: int, delay: int) -> Routing:
        """A copy whose tables hold room for the snapshots a run with global window ``window`` keeps
        so that state ``delay`` cycles old is always among them (the engine snapshots at each window
        start; a reader takes the newest snapshot at least ``delay`` cycles old)."""
        slots = 1 if delay == 0 else delay // window + 2
        clock = np.full(2 + slots + int(self.tables.group.max(initial=0)) + 1, -1, np.int64)
        clock[0] = slots
        clock[1] = 0
        clock[2 + slots :] = 0
        ip = self.tables.ip.copy()
        if ip.shape[0] > IP_DELAY:
            ip[IP_DELAY] = delay
        return self.replace(
            tables=self.tables._replace(rocc=np.zeros(slots * n_arcs, np.int64), rclock=clock, ip=ip), remote_delay=delay
        )

    def with_interception(self) -> Routing:
        """A copy whose packets are ejected at their destination router whenever they reach it,
        also on the way to a Valiant intermediate (the router model's ``intercept``; Han et al. 2017,
        §3: "switches intercept arriving messages intended for its own nodes rather than
        forwarding them on")."""
        return self.replace(tables=self.tables._replace(ip=with_slots(self.tables.ip, {IP_INTERCEPT: 1})))

    def required_vcs(self, vc_scheme: int) -> np.ndarray:
        """VCs needed per link kind for deadlock freedom under ``vc_scheme`` (see ``vc.py``)."""
        from .vc import required_vcs

        return required_vcs(vc_scheme, self.max_hops, self._vcs)


# ----------------------------------------------------------------------------- compiled helpers
@helper
def eject(out_arc, out_lab, out_hops):
    """The one candidate of a packet at its destination router: its ejection port."""
    out_arc[0] = -1
    out_lab[0] = L_MIN
    out_hops[0] = 0
    return 1


@helper
def in_phase1(rt, pk, p, r):
    """Whether head p at router r still travels to its Valiant intermediate (a packet ejected at its
    destination router on the way, the router model's ``intercept``, takes the minimal step)."""
    return (pk.flags[p] & F_PHASE1) != 0 and not (r == pk.dr[p] and rt.ip.shape[0] > IP_INTERCEPT and rt.ip[IP_INTERCEPT] == 1)


@helper
def dest_group(rt, pk, p):
    """The dragonfly group of head p's destination router."""
    return rt.group[pk.dr[p]]


@helper
def remote_slot(rt, r, delay):
    """Offset in ``rt.rocc`` of the newest snapshot taken at least ``delay`` cycles before the
    current cycle of router r, -1 if there is none yet (the run's first cycles)."""
    A = rt.adst.shape[0]
    H = rt.rclock[0]
    tmax = rt.rclock[2 + H + rt.group[r]] - delay
    best = np.int64(-1)
    bt = np.int64(-1)
    for s in range(H):
        ts = rt.rclock[2 + s]
        if bt < ts <= tmax:
            bt = ts
            best = s * A
    return best


@helper
def add_arc(out_arc, n, a):
    """Append arc a unless it is among the first n; returns the new count."""
    for i in range(n):
        if out_arc[i] == a:
            return n
    out_arc[n] = a
    return n + 1


@helper
def cand_dist(rt, net, r, target, out_arc, n):
    """Every arc from r one step closer to router ``target`` (distance table)."""
    d0 = rt.dist[r, target]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.dist[rt.adst[a], target] == d0 - 1:
            out_arc[n] = a
            n += 1
    return n


@helper
def cand_local(rt, net, r, tidx, out_arc, n):
    """Local arcs from r one step closer (inside its group) to the router of index ``tidx``."""
    la = rt.larc[r, tidx]
    if la >= 0:
        # r is next to the target (local distance 1), and the loop below would find exactly
        # this arc, the only local one to the target itself
        return add_arc(out_arc, n, np.int64(la))
    d0 = rt.ldist[r, tidx]
    lk = rt.ip[IP_LKIND]
    g = rt.group[r]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        w = rt.adst[a]
        if rt.akind[a] == lk and rt.group[w] == g and rt.ldist[w, tidx] == d0 - 1:
            n = add_arc(out_arc, n, np.int64(a))
    return n


@helper
def global_range(rt, gs, gd):
    # a direct table: a binary search over the G(G-1) keys was a chain of dependent cache misses
    key = gs * rt.ip[IP_GROUPS] + gd
    return rt.gptr[key], rt.gptr[key + 1]


@helper
def cand_to_group(rt, net, r, gd, out_arc, n):
    """Camarero et al. 2014, §7 'Minimal': take a global link to group gd from r if r has one; otherwise a
    local step towards any router of r's group that has one (random choice by the selector)."""
    gs = rt.group[r]
    if rt.ip[IP_GPAIR] == 1 and gs != gd:
        # exactly one global link from gs to gd: what the loops below find, in one table read
        k = 2 * (gs * rt.ip[IP_GROUPS] + gd)
        if rt.gpair[k + 1] == r:
            out_arc[n] = rt.gpair[k]
            return n + 1
        return cand_local(rt, net, r, rt.index[rt.gpair[k + 1]], out_arc, n)
    lo, hi = global_range(rt, gs, gd)
    n0 = n
    for i in range(lo, hi):
        if rt.gsrc[i] == r:
            out_arc[n] = rt.garc[i]
            n += 1
    if n > n0:
        return n
    for i in range(lo, hi):
        n = cand_local(rt, net, r, rt.index[rt.gsrc[i]], out_arc, n)
    return n


@helper
def cand_base(rt, net, r, d, out_arc, n):
    """Minimal next hops from r to router d != r with the base minimal routing (distance table,
    or hierarchical l-g-l on a dragonfly)."""
    if rt.ip[IP_BASE] == 0:
        return cand_dist(rt, net, r, d, out_arc, n)
    if rt.group[r] == rt.group[d]:
        return cand_local(rt, net, r, rt.index[d], out_arc, n)
    return cand_to_group(rt, net, r, rt.group[d], out_arc, n)


@helper
def hops_base(rt, net, w, d):
    """Hops left from router w to router d with the base minimal routing: the distance, or on a
    dragonfly the l-g-l bound (local distance inside a group; else one global hop and at most
    one local hop on each side)."""
    if rt.ip[IP_BASE] == 0:
        return rt.dist[w, d]
    if rt.group[w] == rt.group[d]:
        return 1 if w != d else 0  # complete groups (the dragonfly routings refuse others)
    return 3


@helper
def label_all(out_lab, out_hops, n, lab, hops):
    for i in range(n):
        out_lab[i] = lab
        out_hops[i] = hops


@helper
def draw_other(g, n, a, b):
    """The value of generator state g uniform over range(n) without the two distinct values a
    and b."""
    x = int(to_float(g) * (n - 2))
    if x >= min(a, b):
        x += 1
    if x >= max(a, b):
        x += 1
    return x


@helper
def other_than(st, n, a, b):
    """Uniform draw from range(n) without the two distinct values a and b (one random number
    of the stream in st[0])."""
    g = advance(st[0])
    st[0] = g
    return draw_other(g, n, a, b)
