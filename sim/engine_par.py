"""The engine's windows on several threads: the clusters of a window run concurrently.

Nothing a cluster does in a window reaches another cluster before the window ends (``sim.engine``,
Windows): its effects at other clusters wait in its deferred list until then, and every router
and endpoint draws from its own random stream.  So the clusters of a window can be simulated at
the same time, each thread through a contiguous range of clusters (:func:`partition`), and the
run is the serial engine's bit for bit, whatever the number of threads.  What the clusters would
otherwise share is given per thread:

* the scratch space and the list of effects at other clusters, sized for a whole window
  (:func:`other_room`): applying it early, as the serial loop does when it fills, could touch a
  cluster another thread is simulating;
* the counters and histograms that moves and ejections write (``Stats``: counters, latency sum,
  latency and hop histograms, hops per kind, the latency trace), summed into the run's when the
  call returns; per-arc phits, per-router injections and the tables of minimal hops are each
  written by one cluster (or only read) and stay shared;
* the packet pool's free list: each thread pops the packets it generates from its own list and
  pushes those it ejects on it; at each window start the lists are topped up to what the
  thread's endpoints can generate in the window (``gen_bound``), and on return they are chained
  back into the run's one list (the driver grows the pool from it).  Which pool slot a packet
  gets then differs from the serial run; no result depends on it (a slot is only a packet's
  identity);
* the clock a remote routing reads (``rt.rclock``: one per group; a remote routing runs on
  several threads only when its tables' groups are the clusters).

The serial part of a window: the snapshot of remote state, the top-up of the free lists, and
the application of the threads' deferred effects (in thread order, the serial engine's cluster
order; the order does not matter anyway, each queue and credit ring having one writer).
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from ._hints import cycle_counter
from ._jit import call, helper
from .engine import gen_bound
from .layout import (
    KB,
    MAXBIT,
    N_SCAL,
    NEVER,
    S_ERR,
    S_FREE,
    S_INNET,
    S_LASTDELIV,
    S_LASTMOVE,
    S_NFREE,
    S_HEADS,
    ST_DEADLOCK,
    ST_ERROR,
    ST_FULL,
    ST_GROW,
    ST_OK,
)
from .stages import _pf_ports, apply_effects, examine, generate, grants, moves, preroute, requests, snapshot, wakeup
from .state import Deferred, Scratch, Stats, Visit, scratch_views, workspace

__all__ = ["ParWork", "partition", "other_room", "par_work", "run_cycles_par", "LAST_CLOCK"]

#: of the last threaded run in this process: CPU cycles in its windows' serial parts, in their
#: parallel sections (both on the calling thread), and the windows run (benchmarks/sim_threads.py)
LAST_CLOCK = np.zeros(3, np.int64)


class ParWork(NamedTuple):
    """Per-thread state of :func:`run_cycles_par` (one row per thread)."""

    part: np.ndarray  # (n+1,) thread k simulates clusters part[k] .. part[k+1]-1
    ncand: int  # candidate slots per visit (sim.state.scratch_sizes)
    ws: np.ndarray  # (n, W) scratch space (sim.state.workspace)
    oth: np.ndarray  # (n, 3, X) deferred effects at other clusters: x, y, p (sim.state.Deferred)
    scal: np.ndarray  # (n, N_SCAL) counters; S_FREE / S_NFREE: the thread's free list
    fst: np.ndarray  # (n, 2) latency sum
    lat: np.ndarray  # (n, LATMAX + 1) latency histogram
    hop: np.ndarray  # (n, HMAX) hop histogram
    hopk: np.ndarray  # (n, kinds) hops per link kind
    trace: np.ndarray  # (n, 2 + 2L) latency trace (first cycle and L as the run's)
    need: np.ndarray  # (n, 1+) free packets the thread needs for the window, in column 0
    out: np.ndarray  # (n, 4+) per thread: status, its cycle, effects deferred, first move
    clock: np.ndarray  # (3,) CPU cycles of the windows' serial parts and parallel sections, windows run


def partition(c_ptr: np.ndarray, threads: int) -> np.ndarray:
    """Boundaries of ``min(threads, clusters)`` contiguous ranges of clusters with about as many
    routers each (``c_ptr``: the clusters' router boundaries)."""
    nc = c_ptr.size - 1
    n = max(1, min(int(threads), nc))
    R = int(c_ptr[-1])
    cut = np.searchsorted(c_ptr[1:], np.arange(1, n) * R / n, side="left") + 1
    part = np.r_[0, cut, nc].astype(np.int64)
    # each range holds at least one cluster
    for k in range(1, n):
        part[k] = min(max(part[k], part[k - 1] + 1), nc - (n - k))
    return part


def other_room(
    net_ptr: np.ndarray, dst: np.ndarray, r_cl: np.ndarray, part: np.ndarray, ticks: int, P: int, per_batch: int
) -> int:
    """Room for the effects a thread's moves defer at other clusters in a window of ``ticks``: each
    arc to another cluster carries at most one move per P ticks (an arrival there) and its input
    buffer frees at most one packet per P ticks (a credit returned there); and ``per_batch``
    beyond, which the loop keeps free before each batch."""
    src_cl = np.repeat(r_cl, np.diff(net_ptr))
    cross = np.bincount(src_cl[r_cl[dst] != src_cl], minlength=int(part[-1]))
    per_port = (ticks + P - 1) // P + 1
    most = max(int(cross[part[k] : part[k + 1]].sum()) for k in range(part.size - 1))
    return 2 * most * per_port + per_batch


def par_work(run, part: np.ndarray) -> ParWork:
    """The per-thread state of a run (``sim.state.Run``) for the threads of ``part``."""
    n = part.size - 1
    net, stt, cf = run.net, run.stt, run.cf
    ws = workspace(net.ptr, net.ep_ptr, cf.vmax)
    ncand = int((np.diff(net.ptr) + np.diff(net.ep_ptr)).max(initial=0)) + 2
    per_batch = 2 * min(max(cf.batch, 1), KB) * ncand  # as in sim.engine._cluster
    nx = other_room(net.ptr, net.dst, run.ro.cl, part, max(cf.gwin, cf.win, 1), cf.P, per_batch)
    trace = np.zeros((n, _row(stt.trace.size)), np.int64)
    trace[:, :2] = stt.trace[:2]
    return ParWork(
        part,
        ncand,
        np.zeros((n, _row(ws.size)), np.int64),
        np.zeros((n, 3, nx), np.int64),
        np.zeros((n, _row(N_SCAL)), np.int64),
        np.zeros((n, _row(stt.fst.size)), np.float64),
        np.zeros((n, _row(stt.lat_hist.size)), np.int64),
        np.zeros((n, _row(stt.hop_hist.size)), np.int64),
        np.zeros((n, _row(stt.hopk_sum.size)), np.int64),
        trace,
        np.zeros((n, _row(1)), np.int64),
        np.zeros((n, _row(4)), np.int64),
        np.zeros(3, np.int64),
    )


def _row(k: int) -> int:
    """Elements (8 bytes) per row of a per-thread array of k: a whole number of cache lines and one
    line beyond, so that no two threads' counters share a line (each thread writes its own on every
    router visit; a shared line would travel between the cores at each write)."""
    return 8 * ((k + 7) // 8) + 8


@helper
def _cluster(cc, T, Tend, fx, lq, cf, net, rt, tr, pk, qs, ep, cr, po, ro, stt, sc):
    """Simulate cluster ``cc`` through the window [T, Tend) (``sim.engine``: its sub-windows, blocks
    and batches).  ``fx`` = (effects deferred at other clusters in ``sc.other``, first move of the
    window).  Returns (status, its cycle, fx): ST_FULL if ``sc.other`` fills up, which the one-thread
    loop empties early but which here may hold effects at routers another thread is simulating."""
    nxc, fmove = fx
    scal = stt.scal
    ncand = sc.req.inp.shape[0]
    kb = min(max(cf.batch, 1), KB)  # routers per batch (results do not depend on it)
    win = max(cf.win, 1)  # cycles per window within a cluster (see module doc)
    per_batch = 2 * kb * ncand  # most effects a batch's moves defer
    nd_max = sc.same.x.shape[0]
    nx_max = sc.other.x.shape[0]
    bat = sc.bat
    b_r = bat.r
    remote = cf.remote != 0
    R0 = ro.c_ptr[cc]
    R1 = ro.c_ptr[cc + 1]
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
                    return ST_FULL, t, nxc, fmove
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
                            return ST_ERROR, t, nxc, fmove
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
                        nd, nxc, fmove = moves(t, vis, ntouch, cc, (nd, nxc, fmove), cf, net, rt, pk, qs, ep, cr, po, ro, stt, sc)
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
    return ST_OK, Tend, nxc, fmove


@call
def _need(th, T, Tend, lq, cf, net, ep, ro, pw):
    """The free packets thread ``th`` needs in the window [T, Tend): what its endpoints can generate
    (``gen_bound``) and 2 beyond, as the serial loop keeps."""
    e0 = net.ep_ptr[ro.c_ptr[pw.part[th]]]
    e1 = net.ep_ptr[ro.c_ptr[pw.part[th + 1]]]
    pw.need[th, 0] = gen_bound(T, Tend, ep.next_gen[e0:e1], ep.gst[e0:e1], cf.q, lq, cf.burst, ep.burst_left[e0:e1], cf.sp) + 2


@call
def _thread_window(th, T, Tend, Tnext, lq, cf, net, rt, tr, pk, qs, ep, cr, po, ro, stt, pw):
    """Thread ``th``'s clusters through the window [T, Tend); its status, the cycle of a stop,
    its deferred effects at other clusters and its first move go to ``pw.out[th]``, and the free
    packets it needs in the next window [Tend, Tnext) to ``pw.need[th, 0]`` (its endpoints' generation
    is done with the window: computed here, not in a serial part or a second parallel section)."""
    st_th = Stats(
        pw.scal[th, :N_SCAL],
        pw.fst[th, : stt.fst.shape[0]],
        pw.lat[th, : stt.lat_hist.shape[0]],
        pw.hop[th, : stt.hop_hist.shape[0]],
        pw.hopk[th, : stt.hopk_sum.shape[0]],
        stt.link_phits,
        stt.inj_count,
        pw.trace[th, : stt.trace.shape[0]],
        stt.dmin,
    )
    s0 = scratch_views(pw.ws[th], pw.ncand, cf.vmax)
    sc = Scratch(s0.cand, s0.req, s0.same, Deferred(pw.oth[th, 0], pw.oth[th, 1], pw.oth[th, 2]), s0.bat)
    for i in range(pw.ncand):
        sc.req.best[i] = -1
        sc.req.bcnt[i] = 0
    nxc = np.int64(0)
    fmove = NEVER
    st = ST_OK
    ts = Tend
    for cc in range(pw.part[th], pw.part[th + 1]):
        st, ts, nxc, fmove = _cluster(cc, T, Tend, (nxc, fmove), lq, cf, net, rt, tr, pk, qs, ep, cr, po, ro, st_th, sc)
        if st != ST_OK:
            break
    pw.out[th, 0] = st
    pw.out[th, 1] = ts
    pw.out[th, 2] = nxc
    pw.out[th, 3] = fmove
    if st == ST_OK and Tnext > Tend:
        _need(th, Tend, Tnext, lq, cf, net, ep, ro, pw)


@call
def _split(stt, pw):
    """Start of a call: the threads' counters from zero, thread 0 holding the whole free list."""
    n = pw.part.shape[0] - 1
    for th in range(n):
        pw.scal[th, :] = 0
        pw.scal[th, S_FREE] = -1
        pw.fst[th, :] = 0.0
        pw.lat[th, :] = 0
        pw.hop[th, :] = 0
        pw.hopk[th, :] = 0
        pw.trace[th, 2:] = 0
    pw.scal[0, S_FREE] = stt.scal[S_FREE]
    pw.scal[0, S_NFREE] = stt.scal[S_NFREE]


@call
def _fold(stt, pk, pw):
    """End of a call: the threads' counters into the run's (sums; the last move and delivery are
    maxima; an error code from the first thread that stopped on one) and their free lists
    chained back into one."""
    n = pw.part.shape[0] - 1
    scal = stt.scal
    head = np.int64(-1)
    nfree = np.int64(0)
    for th in range(n - 1, -1, -1):
        ts = pw.scal[th]
        for i in range(N_SCAL):
            if i == S_FREE or i == S_NFREE or i == S_ERR:
                continue
            if i == S_LASTMOVE or i == S_LASTDELIV:
                if ts[i] > scal[i]:
                    scal[i] = ts[i]
            else:
                scal[i] += ts[i]
        if ts[S_ERR] != 0:
            scal[S_ERR] = ts[S_ERR]  # the first thread's, folded last
        for i in range(stt.fst.shape[0]):
            stt.fst[i] += pw.fst[th, i]
        for i in range(stt.lat_hist.shape[0]):
            stt.lat_hist[i] += pw.lat[th, i]
        for i in range(stt.hop_hist.shape[0]):
            stt.hop_hist[i] += pw.hop[th, i]
        for i in range(stt.hopk_sum.shape[0]):
            stt.hopk_sum[i] += pw.hopk[th, i]
        for i in range(2, stt.trace.shape[0]):
            stt.trace[i] += pw.trace[th, i]
        h = ts[S_FREE]
        if h >= 0:
            x = h
            while pk.nxt[x] >= 0:
                x = pk.nxt[x]
            pk.nxt[x] = head
            head = h
        nfree += ts[S_NFREE]
    scal[S_FREE] = head
    scal[S_NFREE] = nfree


@call
def _top_up(pk, pw):
    """Give every thread at least the free packets it needs in the window (``pw.need``), taken from
    the threads with more than they need; False when all together have too few."""
    n = pw.part.shape[0] - 1
    s = pw.scal
    have = np.int64(0)
    need = np.int64(0)
    for th in range(n):
        have += s[th, S_NFREE]
        need += pw.need[th, 0]
    if have < need:
        return False
    for th in range(n):
        while s[th, S_NFREE] < pw.need[th, 0]:
            d = -1
            most = np.int64(0)
            for x in range(n):
                if s[x, S_NFREE] - pw.need[x, 0] > most:
                    most = s[x, S_NFREE] - pw.need[x, 0]
                    d = x
            # twice the need when the donor has it: fewer top-ups in the next windows
            k = min(2 * pw.need[th, 0] - s[th, S_NFREE], most)
            for _ in range(k):
                p = s[d, S_FREE]
                s[d, S_FREE] = pk.nxt[p]
                pk.nxt[p] = s[th, S_FREE]
                s[th, S_FREE] = p
            s[d, S_NFREE] -= k
            s[th, S_NFREE] += k
    return True


@numba.njit(cache=True, parallel=True)
def run_cycles_par(t0, t1, cf, net, rt, tr, pk, qs, ep, cr, po, ro, stt, pw):
    """``sim.engine.run_cycles`` with the clusters of each window on ``pw``'s threads (see the
    module doc; the number of threads running them is numba's, set by the driver)."""
    n = pw.part.shape[0] - 1
    scal = stt.scal
    gwin = max(cf.gwin, cf.win, 1)
    q = cf.q
    lq = np.log(1.0 - q) if q < 1.0 else 0.0
    _split(stt, pw)
    T = t0
    for th in range(n):
        _need(th, T, min(T + gwin, t1), lq, cf, net, ep, ro, pw)
    while T < t1:
        c0 = cycle_counter()
        Tend = min(T + gwin, t1)
        if not _top_up(pk, pw):
            _fold(stt, pk, pw)
            return ST_GROW, T
        if cf.remote != 0:
            snapshot(T, cf, net, rt, qs.cnt, cr)
        innet0 = scal[S_INNET]
        lm0 = scal[S_LASTMOVE]
        for th in range(n):
            innet0 += pw.scal[th, S_INNET]
            lm0 = max(lm0, pw.scal[th, S_LASTMOVE])
        c1 = cycle_counter()
        for th in numba.prange(n):
            # the parallel loop's index is unsigned: as int64, the one signature the serial calls use
            _thread_window(np.int64(th), T, Tend, min(Tend + gwin, t1), lq, cf, net, rt, tr, pk, qs, ep, cr, po, ro, stt, pw)
        c2 = cycle_counter()
        fmove = NEVER
        for th in range(n):
            if pw.out[th, 0] != ST_OK:
                _fold(stt, pk, pw)
                return pw.out[th, 0], pw.out[th, 1]
            fmove = min(fmove, pw.out[th, 3])
        for th in range(n):
            if pw.out[th, 2] > 0:
                apply_effects(pw.out[th, 2], Deferred(pw.oth[th, 0], pw.oth[th, 1], pw.oth[th, 2]), cf, net, pk, qs, cr, po, ro)
        pw.clock[0] += c1 - c0 + cycle_counter() - c2
        pw.clock[1] += c2 - c1
        pw.clock[2] += 1
        if innet0 > 0:
            tw = lm0 + cf.watchdog + 1
            if tw < T:
                tw = T
            if tw < Tend and tw < fmove:
                _fold(stt, pk, pw)
                return ST_DEADLOCK, tw + 1
        T = Tend
    _fold(stt, pk, pw)
    return ST_OK, t1
