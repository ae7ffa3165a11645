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
  inputs a visit walked found nothing to do (h = 6, load 0.4).  A policy that declines available
  candidates (``ofar``: an escape while a canonical port has room, a port over its threshold)
  gives its own bound for a head it declined (``policies.ofar_wait``), kept with the queue
  record for the wake-up of the same cycle.
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
  (tested).  A routing that reads other routers' state (UGAL-G, PB) reads snapshots taken at the
  start of each window (``snapshot``), the same for every router of the window; the window then
  bounds the age of that information, not only a simulation device (``gwin`` = 1 by default for
  them, so that a delay of d cycles is exactly d).
  The watchdog is checked at the end of each window and reports the cycle at which the
  cycle-by-cycle check would have fired.

Code layout: :func:`run_cycles` holds the windows, clusters, blocks and batches; the work of a
cycle is a sequence of named stages in ``sim/stages.py`` (inject, due inputs, pre-routing, route
and select with the VC, switch allocation, traversal, wake-up bounds, deferred arrivals and credit
returns), each compiled once and inlined by LLVM; array layout and indices are in
``sim/layout.py``.

The loop returns to the Python driver at a window boundary when the packet pool could run out
within the window (the driver grows it), when the watchdog sees no movement for ``watchdog`` cycles while packets are
in the network (deadlock), or at the end of the requested chunk.
"""

from __future__ import annotations

import numba
import numpy as np

from ._rng import advance, to_float
from .layout import (C_ARB, C_BATCH, C_BUBBLE, C_BURST, C_CACHE, C_CDELAY, C_CW, C_EAGER, C_ECM, C_EJLAT, C_GWIN, C_INJLAT,
                     C_ITERS, C_LATMAX, C_ME, C_MS, C_NK, C_P, C_RDELAY, C_REMOTE, C_RID, C_SCAN, C_SEL, C_VADELAY,
                     C_VCS, C_VMAX, C_WD, C_WIN, KB, MAXBIT, NC_EXTRA, NEVER, NEVER32, ST_DEADLOCK, ST_ERROR, ST_GROW,
                     ST_OK, S_HEADS, S_INNET, S_LASTMOVE, S_NFREE, workspace, _ws_sizes)
from .policies import P_OFAR, q_count, q_first, q_time
from .stages import _pf_ports, apply_effects, examine, generate, grants, moves, preroute, requests, snapshot, wakeup

__all__ = ["run_cycles", "gen_bound", "credits_consistent", "workspace"]


@numba.njit(cache=True)
def credits_consistent(cr_time, cr_off, cr_cap, nv, rev, q_cnt, cr_s, cr_av, cr_q, vmax):
    """Check of the credit state (tests, end of run): each (arc, VC) ring has as many slots taken
    as packets in the buffer the arc feeds, ``cr_av`` holds the time of the sender's next slot,
    and the lazy count of slots in use (``policies.in_use``) ends at the sender's next slot,
    starts at a slot of the time it records and leaves out no taken slot."""
    for a in range(nv.shape[0]):
        C = cr_cap[a]
        for w in range(nv[a]):
            off = cr_off[a] + w * C
            ca = a * vmax + w
            taken = 0
            for j in range(C):
                if cr_time[off + j] == NEVER32:
                    taken += 1
            if taken != q_cnt[rev[a] * vmax + w] or cr_av[ca] != cr_time[off + cr_s[ca]]:
                return False
            q = cr_q[ca]
            n = q_count(q)
            f = q_first(q)
            if n > C or (f + n) % C != cr_s[ca] or (n > 0 and q_time(q) != cr_time[off + f]):
                return False
            for k in range(n, C):
                if cr_time[off + (f + k) % C] == NEVER32:
                    return False
    return True


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
               cr_av, cr_s, cr_d, cr_q, cr_off, cr_cap, cr_time, cr_roff,
               out_busy, ej_busy, in_busy, inj_busy, in_last, inj_last, in_vcp,
               next_gen, gen_q, burst_left, r_load,
               lat_hist, hop_hist, hopk_sum, link_phits, inj_count, trace,
               r_next, r_act, cq_n, cq_arc, cq_vc, cq_nl, ci_n, ci_arc, ci_vc, ci_nl, i_next, cr_wait, ws, gst, c_ptr, r_cl,
               ovc_free, q_hold, s_hold):
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
    use_cache = cfg[C_CACHE]  # CACHE_OFF, CACHE_NARROW or CACHE_WIDE (sim.layout)
    cw = cfg[C_CW]  # candidates per cache entry
    eager = cfg[C_EAGER]  # 1: revisit routers with a routable head every cycle (reference for tests)
    scan_all = cfg[C_SCAN] != 0  # 1: scan every input instead of the r_act bits (reference for tests)
    rdelay = cfg[C_RDELAY]  # router pipeline: cycles from a head's arrival to its first allocation
    cdelay = cfg[C_CDELAY]  # credit processing before a freed slot's credit leaves downstream
    ejlat = cfg[C_EJLAT]  # ejection channel latency (added to the reception time)
    srcdelay = cfg[C_INJLAT] + rdelay  # a generated packet is routable after the injection channel + pipeline
    vadelay = cfg[C_VADELAY]  # an input VC's next packet waits this long after a tail leaves (VC allocation)
    bubble = cfg[C_BUBBLE]  # injection gate: packets of room beyond the injected one (0: none)
    ecm = cfg[C_ECM]  # injection gate: escape buffers' occupancy threshold in percent (-1: none)
    rkind = cfg[C_REMOTE]  # the routing reads other routers' state (rt.rocc, see snapshot): what
    remote = rkind != 0
    holds = sel == P_OFAR  # the policy bounds its declined heads' wake-up itself (see requests)
    R = net.ptr.shape[0] - 1
    A = net.src.shape[0]
    hmax = hop_hist.shape[0]
    ncand = 2
    for r in range(R):
        x = net.ptr[r + 1] - net.ptr[r] + net.ep_ptr[r + 1] - net.ep_ptr[r] + 2
        if x > ncand:
            ncand = x
    sz0, nd_max, nx_max, nh_max = _ws_sizes(np.int64(ncand), VM)
    ncv = (ncand + NC_EXTRA) * VM
    c_arc = ws[0:ncv]
    c_vc = ws[ncv:2 * ncv]
    c_need = ws[2 * ncv:3 * ncv]
    c_lab = ws[3 * ncv:4 * ncv]  # candidate labels (minimal / non-minimal / escape) and hops left
    c_hops = ws[4 * ncv:5 * ncv]
    c_tag = ws[5 * ncv:6 * ncv]  # routing-defined path tags (UGAL), see route_candidates
    o = 6 * ncv
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
        if remote:
            # what a global routing knows of other routers: their buffers as of the window's start
            # (every router of the window reads the same state, whatever the visiting order)
            snapshot(T, rkind, net, VM, q_cnt, rt, cr_av, cr_q, cr_off, cr_cap, cr_time)
        innet0 = scal[S_INNET]
        lm0 = scal[S_LASTMOVE]
        fmove = NEVER  # first move of the window (watchdog)
        nxc = np.int64(0)  # deferred effects at routers of other clusters
        for cc in range(NC):
            R0 = c_ptr[cc]
            R1 = c_ptr[cc + 1]
            Ti = T
            while Ti < Tend:
                Ti_end = min(Ti + win, Tend)
                nd = np.int64(0)  # deferred effects at routers of this cluster
                for B in range(R0, R1, kb):
                    Bend = min(B + kb, R1)
                    for t in range(Ti, Ti_end):
                        measuring = ms <= t < me
                        if remote:
                            rt.rclock[0] = t  # the cycle a remote routing's reads are as of (see snapshot)
                        generate(t, B, Bend, measuring, A, burst, burst_left, ci_n, gst, i_next, lq, net, next_gen, nk,
                                 pk, q, r_act, r_load, r_next, rid, rt, s_cnt, s_head, s_tail, scal, srcdelay, st, tr)
                        # A visit reads ~30-60 cache lines scattered over a state much larger than the
                        # caches, in chains (due inputs -> queue records -> head packets -> routing tables ->
                        # candidate outputs and credits).  The block's routers due at t form a batch, and
                        # each link of the chain is walked for the whole batch before the next (prefetching
                        # what the next link reads), so the batch's misses overlap instead of stalling one
                        # after the other.  Prefetches are hints and pre-routing fills the candidate cache
                        # a request would fill itself: results do not depend on them.
                        nb = np.int64(0)
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
                            apply_effects(nd, d_x, d_y, d_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask,
                                          q_ready, cq_n, cr_av, cr_s, cr_d, cr_q, cr_cap, cr_time, cr_roff, r_next, r_act,
                                          r_load, i_next, cr_wait)
                            nd = np.int64(0)
                        if nxc + per_batch > nx_max:
                            apply_effects(nxc, x_x, x_y, x_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask,
                                          q_ready, cq_n, cr_av, cr_s, cr_d, cr_q, cr_cap, cr_time, cr_roff, r_next, r_act,
                                          r_load, i_next, cr_wait)
                            nxc = np.int64(0)
                        examine(t, nb, b_r, b_exam, b_nmin, A, VM, i_next, in_vcp, net, q_mask, q_ready, r_act, r_next,
                                s_cnt, s_head, scan_all)
                        preroute(t, nb, b_r, b_exam, A, VM, cw, c_arc, c_hops, c_lab, c_need, c_tag, c_vc, ci_arc, ci_n,
                                 ci_vc, cq_arc, cq_n, cq_vc, cr_av, cr_off, h_k, h_p, h_r, net, out_busy, pk, q_head,
                                 q_mask, q_ready, rid, rt, s_cnt, s_head, scal, use_cache, vcs)
                        for j in range(nb):
                            r = b_r[j]
                            scal[S_HEADS] += 1  # router wake-ups (benchmark counter)
                            a0 = net.ptr[r]
                            deg = net.ptr[r + 1] - a0
                            e0 = net.ep_ptr[r]
                            nin = deg + (net.ep_ptr[r + 1] - e0)
                            big = scan_all or nin > MAXBIT
                            lost = np.int64(0)
                            rst = st[r:r + 1]  # the router's own random stream: results do not depend on the visiting order
                            for it in range(iters):
                                # the first iteration: the examined inputs (the set bits of r_act whose bound
                                # has come; every input on routers with more than MAXBIT inputs).  Later ones:
                                # only the inputs that lost an arbitration.  The others either moved (busy now)
                                # or found no available candidate, and none can appear within the cycle
                                # (outputs and credits only get scarcer), so they would draw nothing.
                                m = b_exam[j] if it == 0 else lost
                                nrq = requests(t, r, m, a0, deg, e0, nin, big, rst, VM, cw, bubble, ecm, c_arc, c_hops,
                                               c_lab, c_need, c_tag, c_vc, ci_arc, ci_n, ci_vc, ci_nl, cq_arc, cq_n,
                                               cq_vc, cq_nl, cr_av, cr_cap, cr_off, cr_s, cr_q, cr_time, ej_busy, in_busy,
                                               in_vcp, inj_busy, net,
                                               out_busy, ovc_free, pk, q_cnt, q_head, q_mask, q_ready, rid, rq_arc, rq_in,
                                               rq_out, rq_p, rq_v, rq_vc, rt, s_cnt, s_head, scal, sel,
                                               srcdelay, use_cache, vadelay, vcs, cr_wait, q_hold, s_hold)
                                if nrq < 0:
                                    return ST_ERROR, t
                                if nrq == 0:
                                    break
                                ntouch = grants(nrq, a0, deg, e0, rst, arb, bcnt, best, in_last, inj_last, rq_in, rq_out,
                                                touched)
                                all_granted = ntouch == nrq
                                lost = np.int64(0)
                                if not all_granted and not big:
                                    for k in range(nrq):
                                        lost |= np.int64(1) << rq_in[k]
                                    for k in range(ntouch):
                                        lost &= ~(np.int64(1) << rq_in[best[touched[k]]])
                                nd, nxc, fmove = moves(t, r, ntouch, a0, deg, e0, cc, measuring, nd, nxc, fmove, A, P,
                                    VM, best, burst, cdelay, ci_n, cq_n, cr_av, cr_cap, cr_off, cr_s, cr_q, cr_time, d_p,
                                    d_x, d_y, ej_busy, ejlat, fst, hmax, hop_hist, hopk_sum, i_next, in_busy, in_last,
                                    in_vcp, inj_busy, inj_count, inj_last, lat_hist, latmax, link_phits, me, ms, net,
                                    nk, out_busy, ovc_free, pk, q_cnt, q_head, q_mask, q_ready, q_tail, r_act, r_cl,
                                    r_load, rdelay, rid, rq_arc, rq_in, rq_p, rq_v, rq_vc, rt, s_cnt, s_head,
                                    s_tail, scal, touched, trace, vadelay, x_p, x_x, x_y)
                                if all_granted:
                                    # nobody lost: later iterations cannot find a new request (outputs and
                                    # credits only got scarcer, the granted inputs are busy)
                                    break
                        # The moves' effects at other routers (arrivals, credits returned upstream) are all
                        # due at Tend or later, so they wait in d_x/d_y/d_p and are applied together
                        # (apply_effects) when the list is long or at the end of the window; nothing
                        # decided before Tend depends on them.
                        wakeup(t, nb, b_r, b_exam, b_nmin, A, VM, cw, ci_arc, ci_n, ci_vc, cq_arc, cq_n, cq_vc, cr_av,
                               cr_wait, eager, ej_busy, i_next, in_busy, inj_busy, net, out_busy, ovc_free, pk, q_head,
                               q_mask, q_ready, r_act, r_next, s_cnt, s_head, scan_all, srcdelay, vadelay, holds, q_hold,
                               s_hold)
                if nd > 0:
                    apply_effects(nd, d_x, d_y, d_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask, q_ready,
                                  cq_n, cr_av, cr_s, cr_d, cr_q, cr_cap, cr_time, cr_roff, r_next, r_act, r_load, i_next,
                                  cr_wait)
                Ti = Ti_end
        if nxc > 0:
            apply_effects(nxc, x_x, x_y, x_p, net, A, VM, scan_all, pk, q_head, q_tail, q_cnt, q_mask, q_ready, cq_n,
                          cr_av, cr_s, cr_d, cr_q, cr_cap, cr_time, cr_roff, r_next, r_act, r_load, i_next, cr_wait)
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
