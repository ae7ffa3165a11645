"""The compiled cycle loop: input-queued virtual cut-through routers over flat numpy arrays.

Model (seed 001 §4 and Table 1; seed 000 §7 Table II; seed 002 §V with P = 1):

* Packet-level virtual cut-through.  Every buffer is a FIFO of whole packets of P phits; a
  packet may leave for the next buffer only when that buffer has room for the whole packet
  (credit-based flow control, counted in packets of P phits).  When a packet wins output arc
  ``a`` at cycle t its head reaches the next router's input buffer at t + lat(a), where it can
  be routed after the router delay rd (0 in seed 001, where router delay is subsumed in the
  link latency, §4); the output port and the input port it left are busy for P cycles
  (1 phit/cycle, tail serialisation, no speedup); the freed buffer space returns to the
  upstream router as a credit at t + P + lat(b) + cd (tail gone, credit delay cd, the credit's
  trip back over link b).  A generated packet is routable after the injection latency + rd;
  ejection takes P cycles and the packet is received, and its latency measured, at
  t + P + the ejection latency.  Zero-load latency is therefore the node channels + rd per
  router + the link latencies on the path + P (tested analytically and against BookSim2).
  With a VC allocation delay va (``sim.models``), an input VC's next packet and an output VC
  can be granted again only va cycles after a tail has left them (``ovc_free``).
* Endpoints generate packets by a Bernoulli process (geometric gaps) into unbounded source
  queues (linked lists in a growable packet pool); the injection port moves 1 phit/cycle and
  competes in the router's allocator like an input port.
* Separable input-first allocator with ``iters`` iterations: each free input port offers its
  VCs in round-robin order; the first head packet with an available candidate (selection
  policy: first-available, random-available or least-occupied) requests that output; every
  output grants one request, least-recently-served input (per-input last-grant cycle) or random.
* Everything random comes from xorshift streams seeded by the run's seed, one per router (its
  allocator's draws, its endpoints' destinations and Valiant intermediates) and one per endpoint
  (the gaps between its packets).  A router's decisions then depend on nothing but its own
  state and what reached it, so the order in which the engine visits routers cannot change a
  run.
* Memory layout: the input buffer at router w fed by arc b = (v -> w) is stored under the
  reverse arc rev(b) = (w -> v), so the state of all input ports of a router (queues, busy
  times, VC masks) is contiguous with its output ports; keyed by b it was scattered over the
  whole network and every router visit missed the cache once per port.  ``q_mask`` keeps one
  bit per non-empty VC so empty ports cost one load, and ``q_ready`` the cycle at which each
  queue's head becomes routable, so a head still on the wire costs no visit to the packet pool.
  ``r_act`` keeps one bit per input of a router that holds packets, so a visit walks only those
  (in index order: the same requests and random draws as a full scan, ``full_scan`` reference).
  ``i_next`` keeps, per input, a lower bound of the cycle at which it can next move (its heads'
  ready cycles, its busy time, the free cycles of the outputs and ejection ports its cached
  candidates need, the return of the credit slot it waits for); a visit examines only inputs
  whose bound has come and recomputes the bound of those it examined.  Arrivals at an empty
  queue lower the bound; an input waiting for a credit slot not yet freed downstream registers
  in ``cr_wait`` of that arc and the slot's release lowers it.  Without these bounds ~88% of the
  inputs a visit walked found nothing to do (h = 6, load 0.4).
* Credits: per (arc, VC) a ring of one slot per packet of downstream buffer, holding the cycle
  at which that slot's credit is back at the sender (``NEVER32`` while taken).  The sender takes
  slots in order (``cr_s``), the downstream buffer frees them in the same FIFO order
  (``cr_d``), and ``cr_av`` caches the time of the sender's next slot, so a credit check is one
  read and the bound above is exact.
  The driver hands in the per-field arrays as views into records that share cache lines (see
  ``simulator._Run``).
* Batches: the routers of a block due at a cycle form a batch (at most ``KB`` routers), and each
  link of a visit's chain of cache misses is walked for the whole batch before the next,
  prefetching what the next link reads: the port lines of the next block; the due inputs and
  their queue records; the head packets; the routing tables of the new heads
  (``route_prefetch``, a hint each routing gives); the new heads' candidates, computed into the
  candidate cache with their output and credit lines prefetched; then the requests, which
  prefetch the credit slot a grant takes.  A visit's effects at other routers (the arrival at
  the next router, the credit returned upstream) are deferred (see Windows), and then each
  router of the batch computes its wake-up bound.  Every result is that of visiting the routers
  one at a time (checked bit for bit); prefetches are hints, and routing a head early fills
  the cache entry its request would fill itself.
* Windows (conservative lookahead, as in parallel discrete-event simulation): nothing a router
  does at cycle t reaches another router before t + L, L the latency of the link between them
  (a packet arrives after lat cycles, a credit after P + lat).  The routers form clusters of
  consecutive indices (``c_ptr``, ``r_cl``: the groups of a dragonfly, else one cluster); Lg is
  the smallest latency of the links between clusters, Ll that of the links inside one.  The
  network is simulated in windows of ``gwin`` <= Lg cycles; in each, cluster after cluster
  through the whole window, in sub-windows of ``win`` <= Ll cycles; in each sub-window, block
  after block of ``batch`` consecutive routers through the whole sub-window (generation, then
  the visits of the block's routers due at each cycle).  Whatever another block or cluster does
  in the same (sub-)window is due after it, so no decision depends on the order.  The moves'
  effects at routers of the same cluster are deferred to the end of the sub-window and those at
  other clusters to the end of the window (``apply_effects``; applying them earlier, when the
  lists fill up, changes nothing either).  A block's ports, queues and credit rings stay in the
  caches over a sub-window and a cluster's (about 1 MB for an h = 16 group) over a window,
  instead of being fetched again every cycle: h = 16 dragonfly at load 0.4, 39 cycles/s cycle
  by cycle, 48-49 with win = 10, 54-56 with win = 10 and gwin = 100.
  With a random stream per router (allocator, destinations, Valiant intermediates) and one per
  endpoint (the gaps of its Bernoulli process, which ``gen_bound`` replays to size the packet
  pool for a window) the run is the cycle-by-cycle one (``win`` = ``gwin`` = 1), bit for bit
  (tested).  A routing that read other routers' state (UGAL-G) would need ``gwin`` = 1.
  The watchdog is checked at the end of each window and reports the cycle at which the
  cycle-by-cycle check would have fired.

The loop returns to the Python driver at a window boundary when the packet pool could run out
within the window (the driver grows it), when the watchdog sees no movement for ``watchdog`` cycles while packets are
in the network (deadlock), or at the end of the requested chunk.
"""

from __future__ import annotations

import numba
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ._hints import prefetch
from ._rng import advance, rand_below, rand_float, to_float
from .policies import select
from .routings import route_candidates, route_candidates_call, route_init, route_on_move, route_prefetch
from .traffic import pick_dest

# cfg indices
(C_P, C_VMAX, C_ITERS, C_ARB, C_SEL, C_VCS, C_WD, C_MS, C_ME, C_NK, C_RID, C_BURST, C_LATMAX, C_CACHE, C_EAGER,
 C_SCAN, C_BATCH, C_WIN, C_GWIN, C_RDELAY, C_CDELAY, C_INJLAT, C_EJLAT, C_VADELAY, C_BUBBLE) = range(25)
CM = 2  # candidates cached per buffer head (oblivious routings; heads with more are re-routed at each visit)
# scal indices
(S_FREE, S_NFREE, S_GEN, S_DELIV, S_LASTMOVE, S_INNET, S_INSRC, S_MPKTS, S_MPHITS, S_MINJ, S_MGEN,
 S_LASTDELIV, S_ERR, S_CALLS, S_HEADS) = range(15)
N_SCAL = 15
ST_OK, ST_GROW, ST_DEADLOCK, ST_ERROR = 0, 1, 2, 3


NEVER = np.int64(1) << 62
NEVER32 = np.int64(2 ** 31 - 1)  # credit slot not freed yet (int32 slot times)


MAXBIT = 63  # routers with more inputs scan them all (r_act holds one bit per input)


@numba.njit(cache=True, forceinline=True, _nrt=False)
def _bit(i):
    """r_act bit of input i (0 beyond MAXBIT: those routers scan every input)."""
    return np.int64(1) << i if i < MAXBIT else np.int64(0)


@numba.njit(cache=True, forceinline=True, _nrt=False)
def _in_slot(i, a0, deg, e0, A):
    """Index in the per-input arrays (``i_next``) of input i of a router whose arcs start at a0
    (deg of them) and endpoints at e0: its arc, or A + its endpoint."""
    return a0 + i if i < deg else A + e0 + i - deg


@numba.njit(cache=True, forceinline=True, _nrt=False)
def _unblock(t, cn, c_arc, c_vc, base, pdst, p, ej_busy, out_busy, cr_av, vmax, cr_wait, wbit, vadelay, ovc_free):
    """Earliest cycle > t at which a head with cached candidates c_arc/c_vc[base:base+cn] could
    move (t + 1 without a cache entry).  A credit slot not yet freed downstream gives NEVER: the
    input registers ``wbit`` in ``cr_wait`` of that arc, and the credit push wakes it (see the
    moves)."""
    if cn < 0:
        return t + 1
    best = NEVER
    for c in range(cn):
        a = c_arc[base + c]
        x = t + 1
        if a < 0:
            d = pdst[p]
            if ej_busy[d] > x:
                x = ej_busy[d]
        else:
            if out_busy[a] > x:
                x = out_busy[a]
            if vadelay > 0 and ovc_free[a * vmax + c_vc[base + c]] > x:
                x = ovc_free[a * vmax + c_vc[base + c]]
            tc = cr_av[a * vmax + c_vc[base + c]]
            if tc == NEVER32:
                cr_wait[a] |= wbit
                continue
            if tc > x:
                x = tc
        if x < best:
            best = x
    return best


@numba.njit(cache=True, forceinline=True, _nrt=False)
def _pf_ports(x, net, A, i_next, q_mask):
    """Router x of the next batch: its per-input due cycles and the hot records (VC masks, busy
    times) of all its ports.  The arc records (``net.rev`` ...) are fetched later, only for the
    inputs found due and the heads' candidates: fetching all of them here (24 lines per router at
    h = 16) cost more than it saved (A/B 1.18x without them at h = 16, 1.03x at h = 6)."""
    a0 = net.ptr[x]
    a1 = net.ptr[x + 1]
    for a in range(a0, a1, 8):
        prefetch(i_next, a)
    for a in range(a0, a1, 4):
        prefetch(q_mask, a)
    if a1 > a0:
        prefetch(i_next, a1 - 1)
        prefetch(q_mask, a1 - 1)
    e0 = net.ep_ptr[x]
    e1 = net.ep_ptr[x + 1]
    if e1 > e0:
        prefetch(i_next, A + e0)
        prefetch(i_next, A + e1 - 1)


@numba.njit(cache=True, forceinline=True, _nrt=False)
def _pf_heads(x, exam, net, A, VM, t, q_mask, q_ready, q_head, cq_n, cq_arc, cr_av, cq_vc, s_cnt, s_head, ci_n, ci_arc,
              pnxt, cr_off, h_p, h_k, h_r, nh):
    """Router x of the batch: the head packets of its examined inputs and what their cached
    candidates touch; the ready heads without cached candidates are appended to the new-head list
    (packet, cache entry: queue, or -1 - endpoint; router) from ``nh`` on.  Returns its length."""
    a0 = net.ptr[x]
    deg = net.ptr[x + 1] - a0
    e0 = net.ep_ptr[x]
    m = exam
    while m != 0:
        i = trailing_zeros(m)
        m &= m - 1
        if i < deg:
            a = a0 + i
            mk = q_mask[a]
            v = 0
            while mk != 0:
                if mk & 1:
                    qi = a * VM + v
                    if q_ready[qi] <= t:
                        prefetch(pnxt, q_head[qi])
                        n = cq_n[qi]
                        if n < 0:
                            h_p[nh] = q_head[qi]
                            h_k[nh] = qi
                            h_r[nh] = x
                            nh += 1
                        for c in range(n):
                            o = cq_arc[qi * CM + c]
                            if o >= 0:
                                w = cq_vc[qi * CM + c]
                                prefetch(cr_av, o * VM + w)
                                prefetch(net.rev, o)
                mk >>= 1
                v += 1
        else:
            e = e0 + i - deg
            if s_cnt[e] > 0:
                prefetch(pnxt, s_head[e])
                if ci_n[e] < 0:
                    h_p[nh] = s_head[e]
                    h_k[nh] = -1 - e
                    h_r[nh] = x
                    nh += 1
                for c in range(ci_n[e]):
                    o = ci_arc[e * CM + c]
                    if o >= 0:
                        prefetch(cr_av, o * VM)
                        prefetch(net.rev, o)
    return nh


@numba.njit(cache=True, forceinline=True, _nrt=False)
def _cache_route(rid, rt, net, pk, p, r, vcs, c_arc, c_vc, c_need, c_lab, c_hops, k, n_arr, arc_arr, vc_arr, scal,
                 out_busy, cr_av, VM):
    """Route head p at router r into the candidate cache entry k (when it fits: at most CM
    candidates each needing one credit) and prefetch the candidates' output and credit lines."""
    n = route_candidates(rid, rt, net, pk, p, r, vcs, c_arc, c_vc, c_need, c_lab, c_hops)
    scal[S_CALLS] += 1
    if n > CM:
        return
    for c in range(n):
        if c_need[c] != 1:
            return
    for c in range(n):
        arc_arr[k * CM + c] = c_arc[c]
        vc_arr[k * CM + c] = c_vc[c]
        if c_arc[c] >= 0:
            prefetch(net.rev, c_arc[c])
            prefetch(out_busy, c_arc[c])
            prefetch(cr_av, c_arc[c] * VM + c_vc[c])
    n_arr[k] = n


KB = 64  # most routers per batch (cfg C_BATCH, default 8)


def workspace(ptr: np.ndarray, ep_ptr: np.ndarray, vmax: int) -> np.ndarray:
    """Scratch array for :func:`run_cycles` (layout in :func:`_ws_sizes`)."""
    deg = np.diff(ptr) + np.diff(ep_ptr)
    ncand = int(deg.max(initial=0)) + 2
    return np.zeros(_ws_total(ncand, vmax), np.int64)


@numba.njit(cache=True, forceinline=True, _nrt=False)
def _ws_sizes(ncand, vmax):
    """Scratch sizes for routers of at most ncand - 2 inputs: per-router slices (the candidate
    buffers hold ncand x vmax entries: one per (arc, VC) under the "any" VC scheme), deferred effects
    within a cluster (each move makes at most two: the arrival downstream and the credit
    upstream, and a batch of KB routers at most one move per input), deferred effects across
    clusters, new heads of a batch (one per VC of each input)."""
    nd = 2 * KB * ncand
    return 5 * ncand * vmax + 9 * ncand, nd, 4 * nd, KB * vmax * ncand


@numba.njit(cache=True)
def _ws_total(ncand, vmax):
    a, nd, nx, nh = _ws_sizes(ncand, vmax)
    return a + 3 * nd + 3 * nx + 3 * nh + 3 * KB


@numba.njit(cache=True)
def credits_consistent(cr_time, cr_off, cr_cap, nv, rev, q_cnt, cr_s, cr_av, vmax):
    """Check of the credit state (tests, end of run): each (arc, VC) ring has as many slots taken
    as packets in the buffer the arc feeds, and ``cr_av`` holds the time of the sender's next slot."""
    for a in range(nv.shape[0]):
        C = cr_cap[a]
        for w in range(nv[a]):
            off = cr_off[a] + w * C
            taken = 0
            for j in range(C):
                if cr_time[off + j] == NEVER32:
                    taken += 1
            if taken != q_cnt[rev[a] * vmax + w] or cr_av[a * vmax + w] != cr_time[off + cr_s[a * vmax + w]]:
                return False
    return True


PF_D = 8  # pipeline distance of apply_effects (effects)


@numba.njit(cache=True)
def apply_effects(nd, d_x, d_y, d_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask, q_ready, cq_n,
                  cr_av, cr_s, cr_d, cr_cap, cr_time, cr_roff, r_next, r_act, r_load, i_next, cr_wait):
    """Apply the deferred effects 0..nd-1 of the moves at other routers, in the order they were
    made: an arrival (d_p = the packet, d_x = its output arc a, d_y = VC) joins the input buffer
    of dst[a]; a credit return (d_p = -1 - the cycle it is back, d_x = the input arc b it left,
    d_y = VC) frees the next slot of the upstream ring.  Each effect reads a first line (the
    queue or credit record), then a second that depends on it (the tail packet, the ring slot);
    the loop prefetches the first 2 PF_D effects ahead and the second PF_D ahead, so the misses
    of ~3 PF_D effects overlap."""
    for k in range(nd + 2 * PF_D):
        k1 = k  # stage 1: the records this effect reads first
        if k1 < nd:
            if d_p[k1] < 0:
                bu = net.rev[d_x[k1]]
                prefetch(cr_av, bu * VM + d_y[k1])
                prefetch(cr_wait, bu)
            else:
                ar = net.rev[d_x[k1]]
                prefetch(q_ready, ar * VM + d_y[k1])
                prefetch(q_mask, ar)
                prefetch(i_next, ar)
                prefetch(r_next, net.dst[d_x[k1]])
        k2 = k - PF_D  # stage 2: the lines that depend on them
        if 0 <= k2 < nd:
            if d_p[k2] < 0:
                b = d_x[k2]
                prefetch(cr_time, cr_roff[b] + d_y[k2] * cr_cap[b] + cr_d[net.rev[b] * VM + d_y[k2]])
            else:
                qt = q_tail[net.rev[d_x[k2]] * VM + d_y[k2]]
                if qt >= 0:
                    prefetch(pk.nxt, qt)
        k3 = k - 2 * PF_D  # stage 3: the effect itself
        if k3 < 0:
            continue
        p = d_p[k3]
        if p < 0:
            b = d_x[k3]
            v = d_y[k3]
            tc = -1 - p
            # credit for the freed space goes back to the upstream output arc bu
            # (its slots are freed in the order they were taken: cr_d is the next).  The
            # link's buffer size is that of b, its ring offset cr_roff[b] and its router
            # dst[b]: read from b's record, which the move brought in.
            bu = net.rev[b]
            cu = bu * VM + v
            slot = cr_d[cu]
            C = cr_cap[b]
            cr_time[cr_roff[b] + v * C + slot] = tc
            cr_d[cu] = slot + 1 if slot + 1 < C else 0
            if cr_s[cu] == slot:
                cr_av[cu] = tc  # the sender's next slot: all were taken
            ur = net.dst[b]
            wm = cr_wait[bu]
            if wm != 0:
                # inputs at ur waiting for a credit of bu with none on its way
                cr_wait[bu] = 0
                ua0 = net.ptr[ur]
                udeg = net.ptr[ur + 1] - ua0
                ue0 = net.ep_ptr[ur]
                while wm != 0:
                    j = trailing_zeros(wm)
                    wm &= wm - 1
                    ix = _in_slot(j, ua0, udeg, ue0, A)
                    if i_next[ix] > tc:
                        i_next[ix] = tc
                if r_next[ur] > tc:
                    r_next[ur] = tc
            elif (scan_all or net.ptr[ur + 1] - net.ptr[ur] + net.ep_ptr[ur + 1] - net.ep_ptr[ur] > MAXBIT) \
                    and r_next[ur] > tc:
                r_next[ur] = tc  # routers scanning all inputs register no waiters
        else:
            a = d_x[k3]
            w = d_y[k3]
            ar = net.rev[a]  # the input buffer at dst[a], keyed by its reverse arc
            qi = ar * VM + w
            rdy = pk.ready[p]
            if q_cnt[qi] == 0:
                # an emptied queue keeps the cycle its VC is free again (VC allocation delay, see
                # the moves); otherwise its stale value is older than any arrival
                if q_ready[qi] > rdy:
                    rdy = q_ready[qi]
                q_head[qi] = p
                q_ready[qi] = rdy
                cq_n[qi] = -1
                if i_next[ar] > rdy:
                    i_next[ar] = rdy
                wr = net.dst[a]
                if r_next[wr] > rdy:
                    r_next[wr] = rdy
            else:
                pk.nxt[q_tail[qi]] = p
                pk.nready[q_tail[qi]] = rdy
            q_tail[qi] = p
            q_cnt[qi] += 1
            if q_mask[ar] == 0:
                wr = net.dst[a]
                r_act[wr] |= _bit(ar - net.ptr[wr])
            q_mask[ar] |= np.int64(1) << w
            r_load[net.dst[a]] += 1



@numba.njit(cache=True)
def gen_bound(T, Tend, next_gen, gst, q, lq, burst, burst_left):
    """Most packets the endpoints can generate in cycles [T, Tend): the gaps of each endpoint's
    Bernoulli process come from its own random stream (``gst``), so they are drawn here on copies
    of the streams exactly as the generation will draw them.  The driver grows the packet pool to
    hold them before the window starts."""
    n = 0
    if burst > 0:
        for e in range(burst_left.shape[0]):
            n += min(burst_left[e], Tend - T)
        return n
    for e in range(next_gen.shape[0]):
        x = next_gen[e]
        if x >= Tend:
            continue
        g = gst[e]
        while x < Tend:
            n += 1
            if q >= 1.0:
                x += 1
            else:
                g = advance(g)
                x += 1 + int(np.log(1.0 - to_float(g)) / lq)
    return n


# _nrt=False (here and on every function the loop calls): no reference counting.  With it, every
# read of a NamedTuple field (pk.ready, net.dst, ...) in the routing/traffic code cost an atomic
# incref/decref pair, about half of the run time; the loop allocates nothing (scratch space
# comes in ``ws``).
@numba.njit(cache=True, _nrt=False)
def run_cycles(t0, t1, cfg, scal, fst, net, rt, tr, pk, st,
               q_head, q_tail, q_cnt, q_mask, q_ready, s_head, s_tail, s_cnt,
               cr_av, cr_s, cr_d, cr_off, cr_cap, cr_time, cr_roff,
               out_busy, ej_busy, in_busy, inj_busy, in_last, inj_last, in_vcp,
               next_gen, gen_q, burst_left, r_load,
               lat_hist, hop_hist, hopk_sum, link_phits, inj_count,
               r_next, r_act, cq_n, cq_arc, cq_vc, ci_n, ci_arc, ci_vc, i_next, cr_wait, ws, gst, c_ptr, r_cl,
               ovc_free):
    """Simulate cycles t0 .. t1-1; returns (status, next cycle)."""
    P = cfg[C_P]
    VM = cfg[C_VMAX]
    iters = cfg[C_ITERS]
    arb = cfg[C_ARB]
    sel = cfg[C_SEL]
    vcs = cfg[C_VCS]
    wd = cfg[C_WD]
    ms = cfg[C_MS]
    me = cfg[C_ME]
    nk = cfg[C_NK]
    rid = cfg[C_RID]
    burst = cfg[C_BURST]
    latmax = cfg[C_LATMAX]
    use_cache = cfg[C_CACHE]
    eager = cfg[C_EAGER]  # 1: revisit routers with a routable head every cycle (reference for tests)
    scan_all = cfg[C_SCAN] != 0  # 1: scan every input instead of the r_act bits (reference for tests)
    rdelay = cfg[C_RDELAY]  # router pipeline: cycles from a head's arrival to its first allocation
    cdelay = cfg[C_CDELAY]  # credit processing before a freed slot's credit leaves downstream
    ejlat = cfg[C_EJLAT]  # ejection channel latency (added to the reception time)
    srcdelay = cfg[C_INJLAT] + rdelay  # a generated packet is routable after the injection channel + pipeline
    vadelay = cfg[C_VADELAY]  # an input VC's next packet waits this long after a tail leaves (VC allocation)
    bubble = cfg[C_BUBBLE]  # injection gate: packets of room beyond the injected one (0: none)
    R = net.ptr.shape[0] - 1
    A = net.src.shape[0]
    hmax = hop_hist.shape[0]
    ncand = 2
    for r in range(R):
        x = net.ptr[r + 1] - net.ptr[r] + net.ep_ptr[r + 1] - net.ep_ptr[r] + 2
        if x > ncand:
            ncand = x
    sz0, nd_max, nx_max, nh_max = _ws_sizes(np.int64(ncand), VM)
    ncv = ncand * VM
    c_arc = ws[0:ncv]
    c_vc = ws[ncv:2 * ncv]
    c_need = ws[2 * ncv:3 * ncv]
    c_lab = ws[3 * ncv:4 * ncv]  # candidate labels (minimal / non-minimal / escape) and hops left
    c_hops = ws[4 * ncv:5 * ncv]
    o = 5 * ncv
    rq_in = ws[o:o + ncand]
    rq_v = ws[o + ncand:o + 2 * ncand]
    rq_p = ws[o + 2 * ncand:o + 3 * ncand]
    rq_arc = ws[o + 3 * ncand:o + 4 * ncand]
    rq_vc = ws[o + 4 * ncand:o + 5 * ncand]
    rq_out = ws[o + 5 * ncand:o + 6 * ncand]
    best = ws[o + 6 * ncand:o + 7 * ncand]
    bcnt = ws[o + 7 * ncand:o + 8 * ncand]
    touched = ws[o + 8 * ncand:o + 9 * ncand]
    kb = min(max(cfg[C_BATCH], 1), KB)  # routers per batch (results do not depend on it)
    win = max(cfg[C_WIN], 1)  # cycles per window within a cluster (see module doc)
    gwin = max(cfg[C_GWIN], win)  # cycles per window of the whole network
    per_batch = 2 * kb * ncand  # most effects a batch's moves defer
    bo = sz0
    # deferred effects of the moves at routers of the same cluster (d_) and of others (x_):
    # input arc b and -1 - the cycle it is due (credit return), or output arc a and the arriving
    # packet; the VC (see apply_effects)
    d_x = ws[bo:bo + nd_max]
    d_y = ws[bo + nd_max:bo + 2 * nd_max]
    d_p = ws[bo + 2 * nd_max:bo + 3 * nd_max]
    bo += 3 * nd_max
    x_x = ws[bo:bo + nx_max]
    x_y = ws[bo + nx_max:bo + 2 * nx_max]
    x_p = ws[bo + 2 * nx_max:bo + 3 * nx_max]
    bo += 3 * nx_max
    h_p = ws[bo:bo + nh_max]  # the batch's new heads (packet, cache entry, router), see _pf_heads
    h_k = ws[bo + nh_max:bo + 2 * nh_max]
    h_r = ws[bo + 2 * nh_max:bo + 3 * nh_max]
    bo += 3 * nh_max
    b_r = ws[bo:bo + KB]  # the batch's routers, their examined inputs and least bound of the others
    b_exam = ws[bo + KB:bo + 2 * KB]
    b_nmin = ws[bo + 2 * KB:bo + 3 * KB]
    NC = c_ptr.shape[0] - 1
    for i in range(ncand):
        best[i] = -1
        bcnt[i] = 0

    q = gen_q[0]
    lq = np.log(1.0 - q) if q < 1.0 else 0.0
    T = t0
    while T < t1:
        # a window of cycles [T, Tend) no longer than the smallest latency of the links between
        # clusters: whatever a cluster does in it reaches another cluster at Tend or later
        # (arrivals after lat cycles, credits after P + lat), so each cluster is simulated through
        # the whole window before the next, in windows [Ti, Ti_end) no longer than the smallest
        # latency of its own links, each block of routers through a whole window before the next;
        # the state in use stays in the caches (see module doc)
        Tend = min(T + gwin, t1)
        if scal[S_NFREE] < gen_bound(T, Tend, next_gen, gst, q, lq, burst, burst_left) + 2:
            return ST_GROW, T
        innet0 = scal[S_INNET]
        lm0 = scal[S_LASTMOVE]
        fmove = NEVER  # first move of the window (watchdog)
        nxc = 0  # deferred effects at routers of other clusters
        for cc in range(NC):
            R0 = c_ptr[cc]
            R1 = c_ptr[cc + 1]
            Ti = T
            while Ti < Tend:
                Ti_end = min(Ti + win, Tend)
                nd = 0  # deferred effects at routers of this cluster
                for B in range(R0, R1, kb):
                    Bend = min(B + kb, R1)
                    for t in range(Ti, Ti_end):
                        measuring = ms <= t < me
                        # ------------------------------------------------------------ generation
                        for sr in range(B, Bend):
                            rst = st[sr:sr + 1]  # the router's own random stream (destinations, intermediates)
                            for e in range(net.ep_ptr[sr], net.ep_ptr[sr + 1]):
                                make = False
                                gtime = t
                                if burst > 0:
                                    if burst_left[e] > 0 and s_cnt[e] == 0:
                                        make = True
                                        gtime = 0
                                        burst_left[e] -= 1
                                elif next_gen[e] <= t:
                                    # Bernoulli(q) per cycle == geometric gaps
                                    if q >= 1.0:
                                        gap = 1
                                    else:
                                        u = rand_float(gst[e:e + 1])  # the endpoint's own (see gen_bound)
                                        gap = 1 + int(np.log(1.0 - u) / lq)
                                    next_gen[e] = t + gap
                                    make = True
                                if not make:
                                    continue
                                d = pick_dest(tr, net, e, t, rst)
                                if d < 0:
                                    continue
                                p = scal[S_FREE]
                                scal[S_FREE] = pk.nxt[p]
                                scal[S_NFREE] -= 1
                                prefetch(pk.nxt, scal[S_FREE])  # the free list is a chain: fetch the next one now
                                pk.nxt[p] = -1
                                pk.src[p] = e
                                pk.dst[p] = d
                                dr = net.ep_router[d]
                                pk.dr[p] = dr
                                pk.gen[p] = gtime
                                pk.ready[p] = t + srcdelay
                                pk.htot[p] = 0
                                for k in range(nk):
                                    pk.hops[p, k] = 0
                                route_init(rid, rt, net, pk, p, sr, dr, rst)
                                if s_cnt[e] == 0:
                                    s_head[e] = p
                                    ci_n[e] = -1
                                    i_next[A + e] = t + srcdelay
                                    r_act[sr] |= _bit(net.ptr[sr + 1] - net.ptr[sr] + e - net.ep_ptr[sr])
                                    if r_next[sr] > t + srcdelay:
                                        r_next[sr] = t + srcdelay
                                else:
                                    pk.nxt[s_tail[e]] = p
                                s_tail[e] = p
                                s_cnt[e] += 1
                                r_load[sr] += 1
                                scal[S_GEN] += 1
                                scal[S_INSRC] += 1
                                if measuring:
                                    scal[S_MGEN] += 1
                        # ------------------------------------------------------------ routers
                        # A visit reads ~30-60 cache lines scattered over a state much larger than the
                        # caches, in chains (due inputs -> queue records -> head packets -> routing tables ->
                        # candidate outputs and credits).  The block's routers due at t form a batch, and
                        # each link of the chain is walked for the whole batch before the next (prefetching
                        # what the next link reads), so the batch's misses overlap instead of stalling one
                        # after the other.  Prefetches are hints and pre-routing fills the candidate cache
                        # a request would fill itself: results do not depend on them.
                        nb = 0
                        for rs in range(B, Bend):
                            if r_load[rs] != 0 and r_next[rs] <= t:
                                b_r[nb] = rs
                                nb += 1
                        if t == Ti_end - 1:
                            # the next block's port lines (due bounds, masks), for its first cycle
                            for x in range(Bend, min(Bend + kb, R1)):
                                if r_load[x] != 0:
                                    _pf_ports(x, net, A, i_next, q_mask)
                        if nb == 0:
                            continue
                        # room for this batch's deferred effects (applying them early changes nothing:
                        # they are due after the window)
                        if nd + per_batch > nd_max:
                            apply_effects(np.int64(nd), d_x, d_y, d_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask,
                                          q_ready, cq_n, cr_av, cr_s, cr_d, cr_cap, cr_time, cr_roff, r_next, r_act, r_load,
                                          i_next, cr_wait)
                            nd = 0
                        if nxc + per_batch > nx_max:
                            apply_effects(np.int64(nxc), x_x, x_y, x_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask,
                                          q_ready, cq_n, cr_av, cr_s, cr_d, cr_cap, cr_time, cr_roff, r_next, r_act, r_load,
                                          i_next, cr_wait)
                            nxc = 0
                        # inputs examined this visit: those holding packets whose i_next bound has come (a
                        # lower bound of the cycle at which the input can next move, see the wake-up below:
                        # before it the input would find nothing and draw nothing); nmin: the least bound of
                        # the others, which nothing in this visit changes.  r_next restarts from NEVER: the
                        # arrivals applied later lower it, and the wake-up bound is merged in at the end.
                        for j in range(nb):
                            r = b_r[j]
                            a0 = net.ptr[r]
                            deg = net.ptr[r + 1] - a0
                            e0 = net.ep_ptr[r]
                            exam = np.int64(0)
                            nmin = NEVER
                            if not (scan_all or deg + net.ep_ptr[r + 1] - e0 > MAXBIT):
                                m = r_act[r]
                                while m != 0:
                                    i = trailing_zeros(m)
                                    m &= m - 1
                                    x = i_next[_in_slot(i, a0, deg, e0, A)]
                                    if x <= t:
                                        exam |= np.int64(1) << i
                                        if i < deg:
                                            b = a0 + i
                                            prefetch(q_mask, b)
                                            prefetch(in_vcp, b)
                                            prefetch(net.rev, b)
                                            prefetch(q_ready, b * VM)
                                        else:
                                            prefetch(s_cnt, e0 + i - deg)
                                            prefetch(s_head, e0 + i - deg)
                                    elif x < nmin:
                                        nmin = x
                            b_exam[j] = exam
                            b_nmin[j] = nmin
                            r_next[r] = NEVER
                        nh = 0
                        for j in range(nb):
                            nh = _pf_heads(b_r[j], b_exam[j], net, A, VM, t, q_mask, q_ready, q_head, cq_n, cq_arc, cr_av, cq_vc,
                                           s_cnt, s_head, ci_n, ci_arc, pk.nxt, cr_off, h_p, h_k, h_r, np.int64(nh))
                        if use_cache:
                            # route the ready heads of the examined inputs that have no cached candidates yet
                            # (first fetching the routing tables they need, for the whole batch), into the
                            # cache entry their request would fill (the routing is a function of header and
                            # router only)
                            for j in range(nh):
                                route_prefetch(rid, rt, net, pk, h_p[j], h_r[j])
                            for j in range(nh):
                                # one call site: each inlined copy of the routing costs LLVM compile time
                                k = h_k[j]
                                if k >= 0:
                                    n_arr, arc_arr, vc_arr = cq_n, cq_arc, cq_vc
                                else:
                                    k = -1 - k
                                    n_arr, arc_arr, vc_arr = ci_n, ci_arc, ci_vc
                                _cache_route(rid, rt, net, pk, h_p[j], h_r[j], vcs, c_arc, c_vc, c_need, c_lab, c_hops, k,
                                             n_arr, arc_arr, vc_arr, scal, out_busy, cr_av, VM)
                        for j in range(nb):
                            r = b_r[j]
                            exam = b_exam[j]
                            scal[S_HEADS] += 1  # router wake-ups (benchmark counter)
                            a0 = net.ptr[r]
                            deg = net.ptr[r + 1] - a0
                            e0 = net.ep_ptr[r]
                            nin = deg + (net.ep_ptr[r + 1] - e0)
                            big = scan_all or nin > MAXBIT
                            lost = np.int64(0)
                            rst = st[r:r + 1]  # the router's own random stream: results do not depend on the visiting order
                            for it in range(iters):
                                nrq = 0
                                # ---- requests: each free input offers one head packet
                                # inputs holding packets only: the set bits of r_act (every input on routers with
                                # more than MAXBIT inputs); the order, hence every random draw, is that of a full scan.
                                # Later iterations: only the inputs that lost an arbitration.  The others either
                                # moved (busy now) or found no available candidate, and none can appear within the
                                # cycle (outputs and credits only get scarcer), so they would draw nothing.
                                m = exam if it == 0 else lost
                                i = -1
                                while True:
                                    if big:
                                        i += 1
                                        if i >= nin:
                                            break
                                    else:
                                        if m == 0:
                                            break
                                        i = trailing_zeros(m)
                                        m &= m - 1
                                    if i < deg:
                                        b = a0 + i  # input port i: state keyed by the reverse (outgoing) arc
                                        if in_busy[b] > t:
                                            continue
                                        mk = q_mask[b]
                                        if mk == 0:
                                            continue
                                        nvb = net.nv[b]
                                        v0 = in_vcp[b]
                                    else:
                                        b = -1
                                        e = e0 + i - deg
                                        if inj_busy[e] > t or s_cnt[e] == 0:
                                            continue
                                        if srcdelay > 0 and pk.ready[s_head[e]] > t:
                                            continue
                                        nvb = 1
                                        v0 = 0
                                    for kk in range(nvb):
                                        if b >= 0:
                                            v = v0 + kk
                                            if v >= nvb:
                                                v -= nvb
                                            if (mk >> v) & 1 == 0:
                                                continue
                                            if q_ready[b * VM + v] > t:
                                                continue
                                            p = q_head[b * VM + v]
                                        else:
                                            v = 0
                                            p = s_head[e]
                                        if b >= 0:
                                            ck = b * VM + v
                                            cn = cq_n[ck] if use_cache else -1
                                        else:
                                            ck = e
                                            cn = ci_n[ck] if use_cache else -1
                                        if cn >= 0:
                                            n = cn
                                            for c in range(n):
                                                if b >= 0:
                                                    c_arc[c] = cq_arc[ck * CM + c]
                                                    c_vc[c] = cq_vc[ck * CM + c]
                                                else:
                                                    c_arc[c] = ci_arc[ck * CM + c]
                                                    c_vc[c] = ci_vc[ck * CM + c]
                                                c_need[c] = 1
                                        else:
                                            n = route_candidates_call(rid, rt, net, pk, p, r, vcs, c_arc, c_vc, c_need,
                                                                      c_lab, c_hops)
                                            scal[S_CALLS] += 1
                                            if use_cache and n <= CM:
                                                ok = True
                                                for c in range(n):
                                                    if c_need[c] != 1:
                                                        ok = False
                                                if ok:
                                                    for c in range(n):
                                                        if b >= 0:
                                                            cq_arc[ck * CM + c] = c_arc[c]
                                                            cq_vc[ck * CM + c] = c_vc[c]
                                                        else:
                                                            ci_arc[ck * CM + c] = c_arc[c]
                                                            ci_vc[ck * CM + c] = c_vc[c]
                                                    if b >= 0:
                                                        cq_n[ck] = n
                                                    else:
                                                        ci_n[ck] = n
                                        if b < 0 and bubble > 0:
                                            # injection gate (BCM, seed 001 §3.4): a new packet enters the
                                            # network only where the next buffer has room for 1 + bubble packets
                                            for c in range(n):
                                                if c_arc[c] >= 0:
                                                    c_need[c] = 1 + bubble
                                        # ---- the selection policy picks one available candidate from live state
                                        chosen = select(sel, n, c_arc, c_vc, c_need, c_lab, t, ej_busy, pk.dst, p, net.nv, VM,
                                                        vadelay, ovc_free, out_busy, cr_av, cr_s, cr_off, cr_cap, cr_time, rst)
                                        if chosen < -1:
                                            scal[S_ERR] = -2 - chosen
                                            return ST_ERROR, t
                                        if chosen >= 0:
                                            a = c_arc[chosen]
                                            rq_in[nrq] = i
                                            rq_v[nrq] = v
                                            rq_p[nrq] = p
                                            rq_arc[nrq] = a
                                            rq_vc[nrq] = c_vc[chosen]
                                            rq_out[nrq] = (a - a0) if a >= 0 else deg + (pk.dst[p] - e0)
                                            nrq += 1
                                            if a >= 0:
                                                # a grant takes the next credit slot of (a, VC): bring its ring
                                                # line in while the other inputs request (it missed at every send)
                                                w = c_vc[chosen]
                                                prefetch(cr_time, cr_off[a] + w * cr_cap[a] + cr_s[a * VM + w])
                                            break
                                if nrq == 0:
                                    break
                                # ---- grants: each requested output picks one input
                                ntouch = 0
                                for k in range(nrq):
                                    o = rq_out[k]
                                    if best[o] < 0:
                                        best[o] = k
                                        bcnt[o] = 1
                                        touched[ntouch] = o
                                        ntouch += 1
                                    elif arb == 1:
                                        ik = rq_in[k]
                                        ib = rq_in[best[o]]
                                        lk_ = in_last[a0 + ik] if ik < deg else inj_last[e0 + ik - deg]
                                        lb_ = in_last[a0 + ib] if ib < deg else inj_last[e0 + ib - deg]
                                        if lk_ < lb_:
                                            best[o] = k
                                    else:
                                        bcnt[o] += 1
                                        if rand_below(rst, bcnt[o]) == 0:
                                            best[o] = k
                                # ---- moves
                                all_granted = ntouch == nrq
                                lost = np.int64(0)
                                if not all_granted and not big:
                                    for k in range(nrq):
                                        lost |= np.int64(1) << rq_in[k]
                                    for j in range(ntouch):
                                        lost &= ~(np.int64(1) << rq_in[best[touched[j]]])
                                for j in range(ntouch):
                                    o = touched[j]
                                    k = best[o]
                                    best[o] = -1
                                    i = rq_in[k]
                                    p = rq_p[k]
                                    a = rq_arc[k]
                                    from_net = i < deg
                                    if from_net:
                                        b = a0 + i
                                        v = rq_v[k]
                                        qi = b * VM + v
                                        q_head[qi] = pk.nxt[p]
                                        q_cnt[qi] -= 1
                                        cq_n[qi] = -1
                                        if q_cnt[qi] == 0:
                                            q_tail[qi] = -1
                                            q_mask[b] &= ~(np.int64(1) << v)
                                            if q_mask[b] == 0:
                                                r_act[r] &= ~_bit(i)
                                                i_next[b] = NEVER
                                            if vadelay > 0:
                                                q_ready[qi] = t + P + vadelay  # kept for the next arrival
                                        else:
                                            q_ready[qi] = pk.nready[p]
                                            if vadelay > 0 and q_ready[qi] < t + P + vadelay:
                                                q_ready[qi] = t + P + vadelay
                                        # the credit for the freed space goes back upstream, where it is due at
                                        # t + P + lat + credit delay: deferred (see apply_effects)
                                        if r_cl[net.dst[b]] == cc:
                                            d_x[nd] = b
                                            d_y[nd] = v
                                            d_p[nd] = -1 - (t + P + net.lat[b] + cdelay)
                                            nd += 1
                                        else:
                                            x_x[nxc] = b
                                            x_y[nxc] = v
                                            x_p[nxc] = -1 - (t + P + net.lat[b] + cdelay)
                                            nxc += 1
                                        in_busy[b] = t + P
                                        in_last[b] = t
                                        in_vcp[b] = v + 1 if v + 1 < net.nv[b] else 0
                                    else:
                                        e = e0 + i - deg
                                        s_head[e] = pk.nxt[p]
                                        s_cnt[e] -= 1
                                        ci_n[e] = -1
                                        if s_cnt[e] == 0:
                                            s_tail[e] = -1
                                            r_act[r] &= ~_bit(i)
                                            i_next[A + e] = NEVER
                                        inj_busy[e] = t + P
                                        inj_last[e] = t
                                        scal[S_INSRC] -= 1
                                        if measuring:
                                            inj_count[r] += 1
                                            scal[S_MINJ] += 1
                                    r_load[r] -= 1
                                    pk.nxt[p] = -1
                                    if t > scal[S_LASTMOVE]:
                                        scal[S_LASTMOVE] = t
                                    if t < fmove:
                                        fmove = t
                                    if a >= 0:
                                        w = rq_vc[k]
                                        ca = a * VM + w
                                        C = cr_cap[a]
                                        off = cr_off[a] + w * C
                                        slot = cr_s[ca]
                                        cr_time[off + slot] = NEVER32
                                        slot = slot + 1 if slot + 1 < C else 0
                                        cr_s[ca] = slot
                                        cr_av[ca] = cr_time[off + slot]
                                        out_busy[a] = t + P
                                        if vadelay > 0:
                                            ovc_free[ca] = t + P + vadelay  # the output VC is allocated again then
                                        pk.hops[p, net.kind[a]] += 1
                                        pk.htot[p] += 1
                                        route_on_move(rid, rt, net, pk, p, a)
                                        pk.ready[p] = t + net.lat[a] + rdelay
                                        # the arrival at dst[a] (routable at t + lat + router delay): deferred
                                        if r_cl[net.dst[a]] == cc:
                                            d_x[nd] = a
                                            d_y[nd] = w
                                            d_p[nd] = p
                                            nd += 1
                                        else:
                                            x_x[nxc] = a
                                            x_y[nxc] = w
                                            x_p[nxc] = p
                                            nxc += 1
                                        if not from_net:
                                            scal[S_INNET] += 1
                                        if measuring:
                                            link_phits[a] += P
                                    else:
                                        ed = pk.dst[p]
                                        ej_busy[ed] = t + P
                                        if from_net:
                                            scal[S_INNET] -= 1
                                        trecv = t + P + ejlat
                                        scal[S_DELIV] += 1
                                        if trecv > scal[S_LASTDELIV]:
                                            scal[S_LASTDELIV] = trecv
                                        if ms <= trecv < me or (burst > 0 and trecv >= ms):
                                            lat = trecv - pk.gen[p]
                                            scal[S_MPKTS] += 1
                                            scal[S_MPHITS] += P
                                            fst[0] += lat
                                            lat_hist[lat if lat < latmax else latmax] += 1
                                            h = pk.htot[p]
                                            hop_hist[h if h < hmax else hmax - 1] += 1
                                            for kq in range(nk):
                                                hopk_sum[kq] += pk.hops[p, kq]
                                        pk.nxt[p] = scal[S_FREE]
                                        scal[S_FREE] = p
                                        scal[S_NFREE] += 1
                                if all_granted:
                                    # nobody lost: later iterations cannot find a new request (outputs and
                                    # credits only got scarcer, the granted inputs are busy)
                                    break
                        # ---- end of a batch of kb routers: each router's wake-up bound.  The moves'
                        # effects at other routers (arrivals, credits returned upstream) are all due at Tend
                        # or later, so they wait in d_x/d_y/d_p and are applied together (apply_effects)
                        # when the list is long or at the end of the window; nothing decided before Tend
                        # depends on them.
                        for j in range(nb):
                            rc = b_r[j]
                            exam = b_exam[j]
                            nmin = b_nmin[j]
                            a0 = net.ptr[rc]
                            deg = net.ptr[rc + 1] - a0
                            e0 = net.ep_ptr[rc]
                            nin = deg + (net.ep_ptr[rc + 1] - e0)
                            big = scan_all or nin > MAXBIT
                            # next cycle at which this router can have work: a head becomes routable, a busy
                            # input frees, or a routable but blocked head gets one of its cached candidates
                            # back (output free again, a credit returns, the ejection port frees).  Only
                            # cycles in which nothing can move are skipped, so results do not change.
                            # (inputs not examined keep their bound: this visit only took outputs and credits)
                            nx = nmin
                            m = exam & r_act[rc]
                            # the walk of the requests above, written out again: one inline helper returning
                            # (input, mask) for both made the loop 12% slower (interleaved A/B, h = 6 load 0.4)
                            i = -1
                            while True:
                                if big:
                                    i += 1
                                    if i >= nin:
                                        break
                                else:
                                    if m == 0:
                                        break
                                    i = trailing_zeros(m)
                                    m &= m - 1
                                wbit = _bit(i) if not big else np.int64(0)
                                xi = NEVER
                                if i < deg:
                                    b = a0 + i
                                    mk = q_mask[b]
                                    if mk == 0:
                                        continue
                                    for v in range(net.nv[b]):
                                        if (mk >> v) & 1 != 0:
                                            qi = b * VM + v
                                            x = q_ready[qi]
                                            if x <= t and eager:
                                                x = t + 1
                                            elif x <= t:
                                                x = _unblock(t, cq_n[qi], cq_arc, cq_vc, qi * CM, pk.dst, q_head[qi], ej_busy,
                                                             out_busy, cr_av, VM, cr_wait, wbit, vadelay, ovc_free)
                                            if in_busy[b] > x:
                                                x = in_busy[b]
                                            if x < xi:
                                                xi = x
                                    i_next[b] = xi
                                else:
                                    e = e0 + i - deg
                                    if s_cnt[e] > 0:
                                        if eager:
                                            x = t + 1
                                        else:
                                            x = _unblock(t, ci_n[e], ci_arc, ci_vc, e * CM, pk.dst, s_head[e], ej_busy,
                                                         out_busy, cr_av, VM, cr_wait, wbit, vadelay, ovc_free)
                                        if inj_busy[e] > x:
                                            x = inj_busy[e]
                                        if srcdelay > 0 and pk.ready[s_head[e]] > x:
                                            x = pk.ready[s_head[e]]
                                        xi = x
                                    i_next[A + e] = xi
                                if xi < nx:
                                    nx = xi
                            if nx < r_next[rc]:
                                r_next[rc] = nx  # arrivals applied meanwhile may have lowered it already
                if nd > 0:
                    apply_effects(np.int64(nd), d_x, d_y, d_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask, q_ready,
                                  cq_n, cr_av, cr_s, cr_d, cr_cap, cr_time, cr_roff, r_next, r_act, r_load, i_next,
                                  cr_wait)
                Ti = Ti_end
        if nxc > 0:
            apply_effects(np.int64(nxc), x_x, x_y, x_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask, q_ready, cq_n,
                          cr_av, cr_s, cr_d, cr_cap, cr_time, cr_roff, r_next, r_act, r_load, i_next, cr_wait)
        # watchdog: the cycle-by-cycle check "packets in the network and no move for wd cycles"
        # fires at lm0 + wd + 1 if no move came before it (before the first move of the window
        # nothing has entered or left the network, so the count at T holds)
        if innet0 > 0:
            tw = lm0 + wd + 1
            if tw < T:
                tw = T
            if tw < Tend and tw < fmove:
                return ST_DEADLOCK, tw + 1
        T = Tend
    return ST_OK, t1
