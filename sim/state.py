"""The engine's state as named records, built in one place (:class:`Run`).

The compiled loop (``sim.engine.run_cycles``) and its stages (``sim.stages``) take these records
and read their fields by name; a stage takes only the records it touches.  Every record is a
``NamedTuple`` of numpy arrays (numba passes it as a struct; after inlining a field read costs
what a separate argument did):

* :class:`Config`: the run's settings (scalars; the router model, the policy and VC scheme ids, the
  windows, the offered load per cycle).
* :class:`Queues`: per (arc, VC) input buffer, keyed by the reverse arc (see ``sim.engine``): FIFO
  of packets, its ready cycle, the cached candidates of its head and a declined head's bound.
* :class:`Endpoints`: per endpoint: source queue, its cached candidates, injection and ejection
  ports, the Bernoulli process and burst counters.
* :class:`Credits`: per (arc, VC) ring of credit slots and its pointers, the lazy count of slots in
  use, the waiters per arc and the VC allocation free times.
* :class:`Ports`: per arc busy times, round-robin VC pointer and last grant; per input (arc, then
  endpoint) the lower bound of its next move; per link the end of its output queue (speedup).
* :class:`Routers`: per router wake-up cycle, active-input bits, packets held, random stream, and
  the clusters (groups) the windows follow.
* :class:`Stats`: counters (``scal``, indices in ``sim.layout``), latency sum, histograms, per-link
  phits, injections per router and the latency trace.
* :class:`Scratch`: work space of one router visit and one batch (candidates, requests, deferred
  effects, the batch's routers and new heads), slices of one array made inside the loop
  (:func:`scratch_views`); :class:`Visit`: the router a visit works at.

The fields a router visit reads together share cache lines: they are views into records (a port's
credit ring pointers and link data; a queue's head, tail, count, ready cycle and cached
candidates; an endpoint's source queue; a packet's header), int32 where the value is a cycle, an
index or a count.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from topoanalysis.topology import Topology

from . import layout as lay
from ._jit import helper, helper_py
from ._rng import make_state
from .layout import KB, NC_EXTRA
from .network import net_arrays
from .policies import Q_HELD
from .records import pool_records, port_records
from .records import records as _records
from .resources import human_bytes, memory_budget, state_bytes
from .routings import Packets, Routing

__all__ = [
    "Config",
    "Queues",
    "Endpoints",
    "Credits",
    "Ports",
    "Routers",
    "Stats",
    "Candidates",
    "Requests",
    "Deferred",
    "Batch",
    "Visit",
    "Scratch",
    "Run",
    "LATMAX",
    "HMAX",
]

LATMAX = 1 << 17  # latency histogram bins: the last one counts the packets of LATMAX cycles or more
HMAX = 1024  # hop histogram bins: the last one counts the packets of HMAX - 1 hops or more


class Config(NamedTuple):
    """A run's settings (``sim.simulator.simulate`` fills them; see ``sim.engine`` for the model).
    Times are in the loop's ticks, ``sp`` per network cycle (1 without internal speedup)."""

    P: int  # phits per packet
    vmax: int  # VCs of the arc with the most (the stride of per-(arc, VC) arrays)
    iters: int  # allocator iterations
    arb: int  # output arbitration: 0 random, 1 least recently served
    sel: int  # selection policy (sim.policies.POLICIES)
    vcs: int  # VC scheme (sim.routings.VC_SCHEMES)
    watchdog: int  # cycles without a move (packets in the network) that report a deadlock
    ms: int  # first measured cycle
    me: int  # end of the measured cycles
    nk: int  # link kinds
    burst: int  # packets per node of a burst run (0: Bernoulli sources)
    cache: int  # candidate cache: CACHE_OFF, CACHE_NARROW or CACHE_WIDE (sim.layout)
    cw: int  # candidates per cache entry
    eager: int  # 1: revisit routers with a routable head every cycle (reference for tests)
    scan_all: int  # 1: scan every input instead of the active-input bits (reference for tests)
    batch: int  # routers per batch (results do not depend on it)
    win: int  # cycles per window within a cluster
    gwin: int  # cycles per window of the whole network
    rdelay: int  # router pipeline: cycles from a head's arrival to its first allocation
    cdelay: int  # credit processing before a freed slot's credit leaves downstream
    ejlat: int  # ejection channel latency (added to the reception time)
    srcdelay: int  # a generated packet is routable after the injection channel + the pipeline
    vadelay: int  # an input VC's next packet waits this long after a tail leaves (VC allocation)
    bubble: int  # injection gate: packets of room beyond the injected one (0: none)
    remote: int  # what a routing reads of other routers' state (0: nothing; see stages.snapshot)
    ecm: int  # injection gate: escape buffers' occupancy threshold in percent (-1: none)
    ecmq: int  # which escape buffers the gate reads (layout.ECM_BUFFERS, ECM_CREDITS)
    holds: int  # 1: the policy bounds its declined heads' wake-up itself (the ofar policy)
    uthr: int  # Routing.threshold: the ugal policy's bias toward the minimal path (phits), the fogsim policy's Th_non-min (%)
    uqueue: int  # the ugal policy's queue (sim.policies.credits: Q_CREDITS, Q_RTT, Q_HELD)
    # with Q_HELD, a slot in use counts once held longer than this + 2 x sp x its link's latency (ticks)
    uheld: int
    sp: int  # internal speedup s: the loop's time unit (tick) is 1/s network cycle (see sim.engine)
    q: float  # packets generated per node and cycle (offered load / P)


class Queues(NamedTuple):
    """Input buffers, one per (arc, VC), keyed by the reverse arc (``arc * vmax + vc``)."""

    head: np.ndarray
    tail: np.ndarray
    cnt: np.ndarray
    ready: np.ndarray  # the cycle the head becomes routable
    mask: np.ndarray  # per arc: bit v set when VC v holds packets
    cn: np.ndarray  # cached candidates of the head (-1: none yet)
    arc: np.ndarray  # their arcs, ``cw`` per entry
    vc: np.ndarray  # their VCs (or VC ranges)
    nl: np.ndarray  # wide cache: credits needed + NL_LAB * label
    hold: np.ndarray  # a declined head's wake-up bound and the cycle it was declined (ofar policy)


class Endpoints(NamedTuple):
    """Per endpoint: its source queue (same fields as :class:`Queues`), ports and sources."""

    head: np.ndarray
    tail: np.ndarray
    cnt: np.ndarray
    cn: np.ndarray
    arc: np.ndarray
    vc: np.ndarray
    nl: np.ndarray
    hold: np.ndarray
    inj_busy: np.ndarray  # injection port busy until
    inj_last: np.ndarray  # last grant of the injection port
    ej_busy: np.ndarray  # ejection port busy until
    next_gen: np.ndarray  # next generation cycle
    gst: np.ndarray  # random stream of the gaps between packets
    burst_left: np.ndarray  # packets of the burst not generated yet


class Credits(NamedTuple):
    """Per (arc, VC) a ring of one slot per packet of downstream buffer, holding the cycle the
    slot's credit is back at the sender (``NEVER32`` while taken)."""

    av: np.ndarray  # the time of the sender's next slot
    s: np.ndarray  # the sender's next slot
    d: np.ndarray  # the next slot the downstream buffer frees
    q: np.ndarray  # the lazy count of slots in use (policies.in_use)
    off: np.ndarray  # per arc: ring offset in ``time``
    cap: np.ndarray  # per arc: slots per VC
    time: np.ndarray  # the slots
    roff: np.ndarray  # per arc b: ring offset of rev(b) (credits return over it)
    wait: np.ndarray  # per arc: inputs of its router waiting for a slot not freed yet
    ovc_free: np.ndarray  # per (arc, VC): the cycle the output VC can be granted again
    take: np.ndarray  # the cycle each slot was taken (the Q_HELD queue only; one unused entry without)


class Ports(NamedTuple):
    """Per arc: its output and the input buffer it keys; per input (arc, then A + endpoint)."""

    out_busy: np.ndarray
    in_busy: np.ndarray
    in_last: np.ndarray  # last grant of the input
    in_vcp: np.ndarray  # the input's round-robin VC pointer
    i_next: np.ndarray  # per input: lower bound of the cycle it can next move
    link_free: np.ndarray  # per arc, then A + endpoint, A + E + endpoint: when its link (the ejection,
    # the injection channel) takes the next packet (internal speedup only; one unused entry without)


class Routers(NamedTuple):
    """Per router, and the clusters of consecutive routers the windows follow."""

    next: np.ndarray  # the cycle it next has work
    act: np.ndarray  # bit i: input i holds packets
    load: np.ndarray  # packets in its buffers and source queues
    rng: np.ndarray  # its random stream (allocator, destinations, intermediates)
    c_ptr: np.ndarray  # cluster boundaries over router indices
    cl: np.ndarray  # each router's cluster


class Stats(NamedTuple):
    """What the run measures."""

    scal: np.ndarray  # counters, indices S_* in sim.layout
    fst: np.ndarray  # [latency sum]
    lat_hist: np.ndarray
    hop_hist: np.ndarray
    hopk_sum: np.ndarray  # hops per link kind
    link_phits: np.ndarray  # per arc, measured cycles
    inj_count: np.ndarray  # per router, measured cycles
    trace: np.ndarray  # [first cycle, L, L latency sums, L counts]: the latency trace (L = 0: none)
    dmin: np.ndarray  # (R, R) router hops of a minimal path, or (0, 0): the non-minimal count is not kept


class Candidates(NamedTuple):
    """One head's candidates (``ncand + NC_EXTRA`` per VC)."""

    arc: np.ndarray
    vc: np.ndarray
    need: np.ndarray  # credits needed
    lab: np.ndarray  # minimal / non-minimal / escape
    hops: np.ndarray  # hops left through it
    tag: np.ndarray  # routing-defined path tags (UGAL)


class Requests(NamedTuple):
    """One router visit's requests and grants (``ncand`` each)."""

    inp: np.ndarray
    v: np.ndarray
    p: np.ndarray
    arc: np.ndarray
    vc: np.ndarray
    out: np.ndarray
    best: np.ndarray  # per output: the request it grants (-1: none)
    bcnt: np.ndarray
    touched: np.ndarray  # the outputs granted


class Deferred(NamedTuple):
    """Moves' effects at other routers, applied at the end of a window (``stages.apply_effects``):
    an arrival (p = the packet, x = its arc, y = the VC) or a credit return (p = -1 - its cycle,
    x = the input arc, y = the VC)."""

    x: np.ndarray
    y: np.ndarray
    p: np.ndarray


class Batch(NamedTuple):
    """The routers of a batch (at most KB) and their new heads."""

    r: np.ndarray
    exam: np.ndarray  # their inputs due now
    nmin: np.ndarray  # the least bound of their other inputs
    hp: np.ndarray  # new heads: packet
    hk: np.ndarray  # cache entry (queue, or -1 - endpoint)
    hr: np.ndarray  # router


class Visit(NamedTuple):
    """The router a visit works at: its index, first arc and number of arcs, first endpoint, number
    of inputs (arcs, then endpoints), and whether it scans every input (more than MAXBIT inputs, or
    the full-scan reference) instead of its active-input bits."""

    r: int
    a0: int
    deg: int
    e0: int
    nin: int
    big: bool


class Scratch(NamedTuple):
    """The work space of the loop; ``same``/``other``: deferred effects at routers of the same
    cluster (applied at the end of the sub-window) and of others (end of the window)."""

    cand: Candidates
    req: Requests
    same: Deferred
    other: Deferred
    bat: Batch


@helper_py
def scratch_sizes(ncand, vmax):
    """(candidates per head, requests per visit, deferred effects within a cluster, across
    clusters, new heads per batch) for routers of at most ``ncand - 2`` inputs: the sizes
    :func:`workspace` allocates and :func:`scratch_views` slices."""
    return (ncand + NC_EXTRA) * vmax, ncand, 2 * KB * ncand, 8 * KB * ncand, KB * vmax * ncand


def workspace(ptr: np.ndarray, ep_ptr: np.ndarray, vmax: int) -> np.ndarray:
    """The loop's work space as one array (:func:`scratch_views` slices it into the records of
    :class:`Scratch`), sized for routers of up to the network's most inputs."""
    ncv, nrq, nd, nx, nh = scratch_sizes(int((np.diff(ptr) + np.diff(ep_ptr)).max(initial=0)) + 2, vmax)
    return np.zeros(6 * ncv + 9 * nrq + 3 * nd + 3 * nx + 3 * nh + 3 * KB, np.int64)


@helper
def scratch_views(ws, ncand, vmax):
    """The records of :class:`Scratch` as slices of the one work-space array ``ws`` (views made
    inside the loop share one base pointer, which keeps the loop's live values few): per-head
    candidates (one per (arc, VC) under the "any" VC scheme, and UGAL's Valiant paths), per-visit
    requests, deferred effects (each move makes at most two, a batch at most one move per input:
    within a cluster; four times as many across clusters) and the batch's new heads (one per VC
    of each input)."""
    ncv, _, nd, nx, nh = scratch_sizes(ncand, vmax)
    cand = Candidates(
        ws[0:ncv], ws[ncv : 2 * ncv], ws[2 * ncv : 3 * ncv], ws[3 * ncv : 4 * ncv], ws[4 * ncv : 5 * ncv], ws[5 * ncv : 6 * ncv]
    )
    o = 6 * ncv
    req = Requests(
        ws[o : o + ncand],
        ws[o + ncand : o + 2 * ncand],
        ws[o + 2 * ncand : o + 3 * ncand],
        ws[o + 3 * ncand : o + 4 * ncand],
        ws[o + 4 * ncand : o + 5 * ncand],
        ws[o + 5 * ncand : o + 6 * ncand],
        ws[o + 6 * ncand : o + 7 * ncand],
        ws[o + 7 * ncand : o + 8 * ncand],
        ws[o + 8 * ncand : o + 9 * ncand],
    )
    o += 9 * ncand
    same = Deferred(ws[o : o + nd], ws[o + nd : o + 2 * nd], ws[o + 2 * nd : o + 3 * nd])
    o += 3 * nd
    other = Deferred(ws[o : o + nx], ws[o + nx : o + 2 * nx], ws[o + 2 * nx : o + 3 * nx])
    o += 3 * nx
    hp, hk, hr = ws[o : o + nh], ws[o + nh : o + 2 * nh], ws[o + 2 * nh : o + 3 * nh]
    o += 3 * nh
    bat = Batch(ws[o : o + KB], ws[o + KB : o + 2 * KB], ws[o + 2 * KB : o + 3 * KB], hp, hk, hr)
    return Scratch(cand, req, same, other, bat)


def _slots(rec: np.ndarray, dtype: Any, offset: int, per: int, stride: int) -> np.ndarray:
    """A flat view of ``per`` values of ``dtype`` per record at ``offset + c * stride`` (c < per), so
    that element ``i * per + c`` is slot c of record i (the engine indexes ``ck * CM + c``)."""
    if stride * per != rec.dtype.itemsize:
        raise ValueError("slots must tile the record")
    dt = np.dtype(dtype)
    raw = rec.view(np.uint8)
    return np.lib.stride_tricks.as_strided(
        raw[offset : offset + dt.itemsize].view(dt), shape=(rec.shape[0] * per,), strides=(stride,)
    )


def _holds(rec: np.ndarray) -> np.ndarray:
    """An int64 view at byte 16 of 32-byte records: a declined head's wake-up bound and the cycle
    it was declined at (sim.stages.requests), in bytes only the narrow cache uses."""
    return _slots(rec, np.int64, 16, 1, 32)


WIDE_BYTES = 8  # per candidate slot of the wide cache (arc, VC, need and label)


def _wide_cache(n: int, per: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The wide candidate cache of n entries of ``per`` candidates: flat (arc int32, VC int16,
    need + NL_LAB * label int16) views, element ``i * per + c`` slot c of entry i (strided views
    of one record per slot, the same array types as the narrow cache's)."""
    rec = _records(n * per, [("arc", np.int32, 0), ("vc", np.int16, 4), ("nl", np.int16, 6)], WIDE_BYTES)
    return rec["arc"], rec["vc"], rec["nl"]


class Run:
    """All state of one simulation: the named records the compiled loop takes (module doc).

    With one int64 array per field a router visit touched ~130 cache lines; the whole state of
    an 876-router network is ~7 MB, so every line came from L3 and the loop stalled on them:
    hence the records sharing cache lines below.
    """

    def __init__(
        self,
        top: Topology,
        routing: Routing,
        traffic: tuple,
        lat: np.ndarray,
        buf: np.ndarray,
        vcs: np.ndarray,
        cf: Config,
        seed: int,
        burst: int,
        cl: tuple[np.ndarray, np.ndarray],
        arc_vcs: np.ndarray | None = None,
    ):
        R, E = top.n_routers, top.n_endpoints
        # the port records hold the network's per-arc arrays (sim.records.port_records), filled here
        port = port_records(top.arcs().src.size)
        net = net_arrays(top, cf.P, lat, buf, vcs, arc_vcs, port)
        A = net.src.size
        self.top, self.E, self.A = top, E, A
        nv, cap = net.nv, net.cap
        VM = cf.vmax
        n0 = max(1024, 4 * E + 64)
        self.budget = memory_budget()
        self.static_bytes = state_bytes(R, E, A, VM, int((nv.astype(np.int64) * cap).sum()))
        need = self.static_bytes + n0 * pool_records(1, len(top.kind_names)).itemsize
        if need > self.budget:
            raise ValueError(
                f"topology: simulating {R} routers and {E} endpoints needs about {human_bytes(need)} "
                f"of state, more than the budget of {human_bytes(self.budget)} (half this machine's "
                "memory)"
            )
        self.rt = routing.tables
        self.tr = traffic
        self.cf = cf
        CM = lay.CM
        nk = len(top.kind_names)
        i4, i8 = np.int32, np.int64
        # --- per port (arc a: output arc a and the input buffer keyed by a, see engine).  What a
        # request and a move over arc a read (32 bytes: a router's arcs span half as many cache lines
        # as with one 64-byte port record, whose misses were the top stall), and the input side of
        # the port (round-robin VC pointer, last grant, credit waiters)
        hot = _records(A, [("q_mask", i8, 0), ("in_busy", i4, 8), ("out_busy", i4, 12)], 16)
        inp = _records(A, [("in_vcp", i4, 0), ("in_last", i4, 4), ("cr_wait", i8, 8)], 16)
        self._keep = [hot, port, inp]
        self.net = net
        in_last = inp["in_last"]
        in_last[:] = -1
        self.po = Ports(
            hot["out_busy"],
            hot["in_busy"],
            in_last,
            inp["in_vcp"],
            np.full(A + E, lay.NEVER, i8),
            np.zeros(A + 2 * E if cf.sp > 1 else 1, i8),
        )
        # --- credits (see Credits); the engine returns a credit over the reverse arc rev(b) reading
        # b's record only: ring offset of rev(b) here, its latency, buffer size and router from b
        cr_cap = port["cr_cap"]
        cr_cap[:] = cap
        slots = int((nv * cap).sum())
        if slots >= 2**31:
            raise ValueError("buffer: total credit ring size exceeds the engine's int32 offsets")
        cr_off = port["cr_off"]
        cr_off[1:] = np.cumsum(nv * cap)[:-1]
        rev = net.rev
        if not ((net.lat[rev] == net.lat).all() and (cap[rev] == cap).all() and (net.dst[rev] == net.src).all()):
            raise ValueError("topology: the two directions of a link differ in latency or buffer size")
        cr_roff = port["cr_roff"]
        cr_roff[:] = cr_off[rev]
        # the lazy count of slots in use (policies.in_use) in the record the sender reads
        crec = _records(A * VM, [("av", i4, 0), ("s", np.int16, 4), ("d", np.int16, 6), ("q", np.int64, 8)], 16)
        self._keep.append(crec)
        vmask = np.arange(VM)[None, :] < nv[:, None]
        crec["av"] = np.where(vmask, 0, lay.NEVER32).ravel()  # VCs the arc lacks never have credit
        # per (arc, VC): the cycle the output VC can be granted again (a VC allocation stage per
        # packet, ``vc_alloc_delay``; all zero without one)
        self.cr = Credits(
            crec["av"],
            crec["s"],
            crec["d"],
            crec["q"],
            cr_off,
            cr_cap,
            np.zeros(slots, i4),
            cr_roff,
            inp["cr_wait"],
            np.zeros(A * VM, i4),
            np.zeros(slots if cf.uqueue == Q_HELD else 1, i4),
        )
        # --- per queue (arc * VM + vc), 32 bytes: the CM = 2 cached candidates at 0 and 16, the rest
        # in between (the cache count fits int16)
        qr = _records(A * VM, [("head", i4, 8), ("tail", i4, 12), ("cnt", i4, 24), ("ready", i4, 28), ("cn", np.int16, 6)], 32)
        # --- per endpoint: the request scan reads busy and count of every endpoint of the router
        # (hot, 16 bytes); the source queue, ports and cached candidates share 32 bytes
        eh = _records(E, [("busy", i4, 0), ("cnt", i4, 4), ("burst", i4, 8)], 16)
        er = _records(E, [("cn", np.int16, 6), ("head", i4, 8), ("tail", i4, 12), ("last", i4, 24), ("ej", i4, 28)], 32)
        self._keep += [qr, eh, er]
        for rec in (qr, er):
            rec["head"] = -1
            rec["tail"] = -1
            rec["cn"] = -1
        er["last"] = -1
        eh["burst"] = burst
        q_arc, q_vc = _slots(qr, i4, 0, CM, 32 // CM), _slots(qr, np.int16, 4, CM, 32 // CM)
        e_arc, e_vc = _slots(er, i4, 0, CM, 32 // CM), _slots(er, np.int16, 4, CM, 32 // CM)
        if cf.cache == lay.CACHE_WIDE:
            # the wide candidate cache (sim.layout): arrays of their own, replacing the narrow views
            q_arc, q_vc, q_nl = _wide_cache(A * VM, cf.cw)
            e_arc, e_vc, e_nl = _wide_cache(E, cf.cw)
            # the ofar policy's wake-up bound of a head it declined, and the cycle it did (see
            # sim.stages.requests): in the bytes of the queue records the narrow cache would use
            q_hold, e_hold = _holds(qr), _holds(er)
        else:
            # unused; two slots, so that its array type is the wide cache's (one would be contiguous)
            q_nl = e_nl = _wide_cache(2, 1)[2]
            # (full size only where the ofar policy keeps them: no unused state among the hot arrays)
            nq, ne = (A * VM, E) if cf.holds else (2, 2)
            q_hold, e_hold = _holds(_records(nq, [], 32)), _holds(_records(ne, [], 32))
        q_hold[:] = -1  # declined at no cycle
        e_hold[:] = -1
        self.qs = Queues(qr["head"], qr["tail"], qr["cnt"], qr["ready"], hot["q_mask"], qr["cn"], q_arc, q_vc, q_nl, q_hold)
        # one random stream per router and one per endpoint's packet gaps (see engine)
        streams = make_state(seed, R + E)
        if cf.q > 0 and burst == 0:
            # in ticks: packets are generated at the start of network cycles (see sim.engine)
            next_gen = (np.random.default_rng(seed).geometric(min(cf.q, 1.0), size=E) - 1).astype(np.int64) * cf.sp
        else:
            next_gen = np.full(E, np.iinfo(np.int64).max // 2, np.int64)
        self.ep = Endpoints(
            er["head"],
            er["tail"],
            eh["cnt"],
            er["cn"],
            e_arc,
            e_vc,
            e_nl,
            e_hold,
            eh["busy"],
            er["last"],
            er["ej"],
            next_gen,
            streams[R:],
            eh["burst"],
        )
        # per router (one record: a move updates all three at the router it feeds)
        rr = _records(R, [("next", i8, 0), ("act", i8, 8), ("load", i8, 16)], 32)
        self._keep.append(rr)
        self.ro = Routers(rr["next"], rr["act"], rr["load"], streams[:R], cl[0], cl[1])
        scal = np.zeros(lay.N_SCAL, np.int64)
        self.stt = Stats(
            scal,
            np.zeros(2, np.float64),
            np.zeros(LATMAX + 1, np.int64),
            np.zeros(HMAX, np.int64),
            np.zeros(nk, np.int64),
            port["link_phits"],
            np.zeros(R, np.int64),
            np.zeros(2, np.int64),  # trace [first cycle, L = 0]: none (see simulate)
            np.zeros((0, 0), np.int8),
        )  # dmin: set by simulate
        self.pk = self._new_pool(n0, nk)
        scal[lay.S_FREE] = 0
        scal[lay.S_NFREE] = n0
        self.ws = workspace(self.net.ptr, self.net.ep_ptr, VM)

    def _new_pool(self, n: int, nk: int) -> Packets:
        """The packet pool: one record (cache line) per packet, fields viewed as arrays."""
        rec = pool_records(n, nk)
        rec["nxt"] = np.arange(1, n + 1)
        rec["nxt"][-1] = -1
        self._pk = rec
        return Packets(*(rec[f] for f in Packets._fields))

    def grow(self) -> None:
        """Double the packet pool, chaining the new slots in front of the free list."""
        old = self._pk
        n = old.shape[0]
        scal = self.stt.scal
        if 2 * n >= 2**31 or self.static_bytes + 2 * n * old.itemsize > self.budget:
            raise ValueError(
                f"packet pool: {n} packets generated and not yet delivered fill the memory budget of "
                f"{human_bytes(self.budget)} (half this machine's memory; the engine counts packets in "
                "int32): the offered load is above what the network delivers and the source queues "
                "keep growing; run fewer cycles or a lower load, or find the saturation load with "
                "saturation_search / --saturation"
            )
        rec = pool_records(2 * n, self.pk.hops.shape[1])
        rec[:n] = old
        rec["nxt"][n : 2 * n - 1] = np.arange(n + 1, 2 * n)
        rec["nxt"][2 * n - 1] = scal[lay.S_FREE]
        scal[lay.S_FREE] = n
        scal[lay.S_NFREE] += n
        self._pk = rec
        self.pk = Packets(*(rec[f] for f in Packets._fields))

    def records(self) -> tuple:
        """The arguments of ``sim.engine.run_cycles`` after the cycle range: the configuration, the
        network, the routing's tables, the traffic, the packet pool and the state records."""
        return (self.cf, self.net, self.rt, self.tr, self.pk, self.qs, self.ep, self.cr, self.po, self.ro, self.stt, self.ws)
