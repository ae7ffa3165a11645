"""The compiled cycle loop: input-queued virtual cut-through routers over flat numpy arrays.

Model (García et al. 2014, §4 and Table 1; Camarero et al. 2014, §7 Table II; Besta & Hoefler 2014, §V with P = 1):

* Packet-level virtual cut-through.  Every buffer is a FIFO of whole packets of P phits; a
  packet may leave for the next buffer only when that buffer has room for the whole packet
  (credit-based flow control, counted in packets of P phits).  When a packet wins output arc
  ``a`` at cycle t its head reaches the next router's input buffer at t + lat(a), where it can
  be routed after the router delay rd (0 in García et al. 2014, where router delay is subsumed in the
  link latency, §4); the output port and the input port it left are busy for P cycles
  (1 phit/cycle, tail serialisation, no speedup); the freed buffer space returns to the
  upstream router as a credit at t + P + lat(b) + cd (tail gone, credit delay cd, the credit's
  trip back over link b).  A generated packet is routable after the injection latency + rd;
  ejection takes P cycles and the packet is received, and its latency measured, at
  t + P + the ejection latency.  Zero-load latency is therefore the node channels + rd per
  router + the link latencies on the path + P (tested analytically and against BookSim2).
  With a VC allocation delay va (``sim.models``), an input VC's next packet and an output VC
  can be granted again only va cycles after a tail has left them (``ovc_free``).
* Internal speedup s (``RouterModel.internal_speedup``; BookSim2's ``internal_speedup``,
  ``routers/router.cpp:105-112``, benchmarks/booksim/NOTES.md §5; Besta & Hoefler 2014, §V uses
  2): the loop's time unit is then a tick of 1/s cycle, an internal step of the router, and with
  s = 1 everything above holds as written.  The allocator runs every tick; a grant occupies the
  input port and the crossbar output for P ticks (one phit per step, so each input sends and
  each output accepts at most one packet per step) and takes the downstream credit at once, so
  what waits in the output queue counts in the credits in use.  The granted packet joins a FIFO
  output queue per link (``link_free``: when the link takes the next packet) and leaves it at a
  cycle's start, 1 phit per cycle: departure D = max(the start of the cycle after the one
  holding its crossbar tick, the previous packet's D + P s).  The router delay rd splits into
  its last cycle, that output register (BookSim2's ``WriteOutputs`` at the end of the crossbar's
  cycle and the channel's input latch), and rd - 1 stages (VC and switch allocation) that take
  one internal step each: the head is routable at the next router at D + lat s + rd - 1 (rd = 0:
  no register, D the start of the crossbar tick's cycle or later).  In cycles a router then
  costs ceil(rd / s) per hop at zero load, 2 instead of 3 for BookSim2's pipeline with s = 2 (its
  measured line latencies, NOTES.md §4).  ``vc_alloc_delay`` is in steps (BookSim2 runs every
  stage each step: an input VC forwards one single-flit packet per cycle with s = 2 instead of
  one per 2 cycles).  Links, node channels (the injection channel delivers 1 phit per cycle into
  the router's injection buffer, whose packets cross the crossbar like any input's; ejection
  through an output queue like a link), credits (back at the start of the cycle after the tail left the
  buffer + (lat + cd) s, usable from the next tick), packet generation (at cycle starts),
  the watchdog, the warm-up and the measured window stay in cycles, i.e. are scaled by s, and so
  are the windows below (still no longer than the smallest link latency, in ticks).  Results
  are in cycles.  Not modelled: BookSim2's per-input credit queue (one credit message per cycle,
  ``iq_router.cpp:2264-2274``: the second of two packets an input sends in one cycle returns its
  credit a cycle later) and a bounded ``output_buffer_size`` (BookSim2's default is unbounded).
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
  in ``cr_wait`` of that arc and the slot's release lowers it.  Without these bounds most of the
  inputs a visit walked found nothing to do.  A policy that declines available
  candidates (``ofar``: an escape while a canonical port has room, a port over its threshold)
  gives its own bound for a head it declined (``policies.ofar._ofar_wait``), kept with the queue
  record for the wake-up of the same cycle.
* Credits: per (arc, VC) a ring of one slot per packet of downstream buffer, holding the cycle
  at which that slot's credit is back at the sender (``NEVER32`` while taken).  The sender takes
  slots in order (``cr_s``), the downstream buffer frees them in the same FIFO order
  (``cr_d``), and ``cr_av`` caches the time of the sender's next slot, so a credit check is one
  read and the bound above is exact.
  The driver hands in the state as the named records of ``sim.state``, whose arrays are views
  into records that share cache lines.
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
  instead of being fetched again every cycle.
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
cycle is a sequence of named stages in ``sim/stages/`` (inject, due inputs, pre-routing, route
and select with the VC, switch allocation, traversal, wake-up bounds, deferred arrivals and credit
returns), each compiled once and inlined by LLVM.  The state they share is a handful of named
records (``sim/state.py``: configuration, queues, endpoints, credits, ports, routers, statistics,
scratch), built in one place; a stage takes the records it touches.  Constants and counter
indices are in ``sim/layout.py``.

``sim.engine_par`` runs the clusters of each window on several threads (the run is the same bit
for bit): a copy of :func:`run_cycles`' cluster loop, each thread through a range of clusters.

The loop returns to the Python driver at a window boundary when the packet pool could run out
within the window (the driver grows it), when the watchdog sees no movement for ``watchdog`` cycles while packets are
in the network (deadlock), or at the end of the requested chunk.
"""

from __future__ import annotations

import numba
import numpy as np

from ._rng import advance, to_float
from .layout import KB, MAXBIT, NEVER, NEVER32, ST_DEADLOCK, ST_ERROR, ST_GROW, ST_OK, S_HEADS, S_INNET, S_LASTMOVE, S_NFREE
from .policies import q_count, q_first, q_time
from .stages import _pf_ports, apply_effects, examine, generate, grants, moves, preroute, requests, snapshot, wakeup
from .state import Visit, scratch_views

__all__ = ["run_cycles", "gen_bound", "credits_consistent"]


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
def gen_bound(T, Tend, next_gen, gst, q, lq, burst, burst_left, sp):
    """Most packets the endpoints can generate in ticks [T, Tend): the gaps of each endpoint's
    Bernoulli process (``sp`` ticks per cycle) come from its own random stream (``gst``), so they
    are drawn here on copies of the streams exactly as the generation will draw them.  The driver
    grows the packet pool to hold them before the window starts."""
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
                x += sp
            else:
                g = advance(g)
                x += (1 + int(np.log(1.0 - to_float(g)) / lq)) * sp
    return n


# _nrt=False (here and on every function the loop calls): no reference counting.  With it, every
# read of a NamedTuple field (pk.ready, net.dst, ...) in the routing/traffic code cost an atomic
# incref/decref pair; the loop allocates nothing (scratch space comes in ``sc``).
@numba.njit(cache=True, _nrt=False)  # type: ignore[call-overload]  # _nrt: absent from numba's stubs
def run_cycles(t0, t1, cf, net, rt, tr, pk, qs, ep, cr, po, ro, stt, ws):
    """Simulate cycles t0 .. t1-1 of the state in the records of ``sim.state`` (``cf`` the
    configuration, ``qs`` queues, ``ep`` endpoints, ``cr`` credits, ``po`` ports, ``ro`` routers,
    ``stt`` statistics, ``sc`` scratch); returns (status, next cycle)."""
    scal = stt.scal
    R = net.ptr.shape[0] - 1
    ncand = 2
    for r in range(R):
        x = net.ptr[r + 1] - net.ptr[r] + net.ep_ptr[r + 1] - net.ep_ptr[r] + 2
        if x > ncand:
            ncand = x
    sc = scratch_views(ws, ncand, cf.vmax)
    kb = min(max(cf.batch, 1), KB)  # routers per batch (results do not depend on it)
    win = max(cf.win, 1)  # cycles per window within a cluster (see module doc)
    gwin = max(cf.gwin, win)  # cycles per window of the whole network
    per_batch = 2 * kb * ncand  # most effects a batch's moves defer
    nd_max = sc.same.x.shape[0]
    nx_max = sc.other.x.shape[0]
    bat = sc.bat
    b_r = bat.r
    c_ptr = ro.c_ptr
    NC = c_ptr.shape[0] - 1
    for i in range(ncand):
        sc.req.best[i] = -1
        sc.req.bcnt[i] = 0

    q = cf.q
    lq = np.log(1.0 - q) if q < 1.0 else 0.0
    remote = cf.remote != 0
    T = t0
    while T < t1:
        # a window of cycles [T, Tend) no longer than the smallest latency of the links between
        # clusters: whatever a cluster does in it reaches another cluster at Tend or later
        # (arrivals after lat cycles, credits after P + lat), so each cluster is simulated through
        # the whole window before the next, in windows [Ti, Ti_end) no longer than the smallest
        # latency of its own links, each block of routers through a whole window before the next;
        # the state in use stays in the caches (see module doc)
        Tend = min(T + gwin, t1)
        if scal[S_NFREE] < gen_bound(T, Tend, ep.next_gen, ep.gst, q, lq, cf.burst, ep.burst_left, cf.sp) + 2:
            return ST_GROW, T
        if remote:
            # what a global routing knows of other routers: their buffers as of the window's start
            # (every router of the window reads the same state, whatever the visiting order)
            snapshot(T, cf, net, rt, qs.cnt, cr)
        innet0 = scal[S_INNET]
        lm0 = scal[S_LASTMOVE]
        fmove = NEVER  # first move of the window (watchdog)
        nxc = np.int64(0)  # deferred effects at routers of other clusters
        for cc in range(NC):
            R0 = c_ptr[cc]
            R1 = c_ptr[cc + 1]
            clk = 2 + rt.rclock[0] + rt.group[R0] if remote else 0  # its routers' clock (RTables.rclock)
            Ti = T
            while Ti < Tend:
                Ti_end = min(Ti + win, Tend)
                nd = np.int64(0)  # deferred effects at routers of this cluster
                for B in range(R0, R1, kb):
                    Bend = min(B + kb, R1)
                    for t in range(Ti, Ti_end):
                        if remote:
                            rt.rclock[clk] = t  # the cycle the cluster's remote reads are as of (see snapshot)
                        generate(t, B, Bend, lq, cf, net, rt, tr, pk, ep, po, ro, scal)
                        # A visit reads ~30-60 cache lines scattered over a state much larger than the
                        # caches, in chains (due inputs -> queue records -> head packets -> routing tables ->
                        # candidate outputs and credits).  The block's routers due at t form a batch, and
                        # each link of the chain is walked for the whole batch before the next (prefetching
                        # what the next link reads), so the batch's misses overlap instead of stalling one
                        # after the other.  Prefetches are hints and pre-routing fills the candidate cache
                        # a request would fill itself: results do not depend on them.
                        nb = np.int64(0)
                        for rs in range(B, Bend):
                            if ro.load[rs] != 0 and ro.next[rs] <= t:
                                b_r[nb] = rs
                                nb += 1
                        if t == Ti_end - 1:
                            # the next block's port lines (due bounds, masks), for its first cycle
                            for x in range(Bend, min(Bend + kb, R1)):
                                if ro.load[x] != 0:
                                    _pf_ports(x, net, po, qs)
                        if nb == 0:
                            continue
                        # room for this batch's deferred effects (applying them early changes nothing:
                        # they are due after the window)
                        if nd + per_batch > nd_max:
                            apply_effects(nd, sc.same, cf, net, pk, qs, cr, po, ro)
                            nd = np.int64(0)
                        if nxc + per_batch > nx_max:
                            apply_effects(nxc, sc.other, cf, net, pk, qs, cr, po, ro)
                            nxc = np.int64(0)
                        examine(t, nb, bat, cf, net, qs, ep, po, ro)
                        preroute(t, nb, bat, cf, net, rt, pk, qs, ep, cr, po, sc.cand, scal)
                        for j in range(nb):
                            r = b_r[j]
                            scal[S_HEADS] += 1  # router wake-ups (benchmark counter)
                            a0 = net.ptr[r]
                            deg = net.ptr[r + 1] - a0
                            e0 = net.ep_ptr[r]
                            nin = deg + (net.ep_ptr[r + 1] - e0)
                            big = cf.scan_all != 0 or nin > MAXBIT
                            vis = Visit(r, a0, deg, e0, nin, big)
                            lost = np.int64(0)
                            rst = ro.rng[r : r + 1]  # the router's own random stream: results do not depend on the visiting order
                            for it in range(cf.iters):
                                # the first iteration: the examined inputs (the set bits of r_act whose bound
                                # has come; every input on routers with more than MAXBIT inputs).  Later ones:
                                # only the inputs that lost an arbitration.  The others either moved (busy now)
                                # or found no available candidate, and none can appear within the cycle
                                # (outputs and credits only get scarcer), so they would draw nothing.
                                m = bat.exam[j] if it == 0 else lost
                                nrq = requests(t, vis, m, rst, cf, net, rt, pk, qs, ep, cr, po, sc.cand, sc.req, scal)
                                if nrq < 0:
                                    return ST_ERROR, t
                                if nrq == 0:
                                    break
                                ntouch = grants(nrq, vis, rst, cf.arb, sc.req, po.in_last, ep.inj_last)
                                all_granted = ntouch == nrq
                                lost = np.int64(0)
                                if not all_granted and not big:
                                    for k in range(nrq):
                                        lost |= np.int64(1) << sc.req.inp[k]
                                    for k in range(ntouch):
                                        lost &= ~(np.int64(1) << sc.req.inp[sc.req.best[sc.req.touched[k]]])
                                nd, nxc, fmove = moves(
                                    t, vis, ntouch, cc, (nd, nxc, fmove), cf, net, rt, pk, qs, ep, cr, po, ro, stt, sc
                                )
                                if all_granted:
                                    # nobody lost: later iterations cannot find a new request (outputs and
                                    # credits only got scarcer, the granted inputs are busy)
                                    break
                        # The moves' effects at other routers (arrivals, credits returned upstream) are all
                        # due at Tend or later, so they wait in sc.same / sc.other and are applied together
                        # (apply_effects) when the list is long or at the end of the window; nothing
                        # decided before Tend depends on them.
                        wakeup(t, nb, bat, cf, net, pk, qs, ep, cr, po, ro)
                if nd > 0:
                    apply_effects(nd, sc.same, cf, net, pk, qs, cr, po, ro)
                Ti = Ti_end
        if nxc > 0:
            apply_effects(nxc, sc.other, cf, net, pk, qs, cr, po, ro)
        # watchdog: the cycle-by-cycle check "packets in the network and no move for wd cycles"
        # fires at lm0 + wd + 1 if no move came before it (before the first move of the window
        # nothing has entered or left the network, so the count at T holds)
        if innet0 > 0:
            tw = lm0 + cf.watchdog + 1
            if tw < T:
                tw = T
            if tw < Tend and tw < fmove:
                return ST_DEADLOCK, tw + 1
        T = Tend
    return ST_OK, t1
