"""The named stages of the engine's cycle loop (``sim.engine.run_cycles`` calls them in order;
the model is described there): inject (:func:`generate`), due inputs (:func:`examine`),
pre-routing into the candidate cache (:func:`preroute`), route and select with the VC
(:func:`requests`), switch allocation (:func:`grants`), traversal (:func:`moves`), wake-up bounds
(:func:`wakeup`), and the deferred arrivals and credit returns (:func:`apply_effects`).

Each stage is compiled once and inlined into the loop by LLVM (``forceinline``), so splitting
the loop costs no speed.  A stage takes the records of ``sim.state`` it touches (``cf`` the
configuration, ``qs`` queues, ``ep`` endpoints, ``cr`` credits, ``po`` ports, ``ro`` routers, ``stt``
statistics, ``sc`` scratch) and a router visit's :class:`Visit`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ._hints import prefetch
from ._jit import call, helper
from ._rng import rand_below, rand_float
from .layout import (CACHE_NARROW, CACHE_OFF, CACHE_WIDE, CM, MAXBIT, NL_LAB, NL_LAB_BITS, NEVER, NEVER32, S_CALLS,
                     S_DECLINE, S_DELIV, S_ERR, S_FREE, S_GEN, S_INNET, S_INSRC, S_LASTDELIV, S_LASTMOVE, S_MGEN,
                     S_MINJ, S_MPHITS, S_MPKTS, S_NFREE, S_SELECT, _bit, _in_slot)
from .policies import (P_OFAR, _occupancy, _ofar_wait, _select, available, in_use, port_ready, q_count, q_first,
                       q_pack, vc_span)
from .routings import (_route_candidates, _route_init, _route_on_move, decides_on_request, leaves_choice_to_policy,
                       route_decide, route_is_escape, route_prefetch, route_step_candidates, vcs_by_construction)
from .routings.base import REMOTE_CREDITS
from .traffic import _pick_dest


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


@helper
def _next_input(i, m, big, nin):
    """The input a router visit walks after input i: the next index on routers that scan every
    input (``big``), else the lowest set bit of the mask m; returns (input or -1 when done, the
    mask left)."""
    if big:
        i += 1
        return (i if i < nin else -1), m
    if m == 0:
        return -1, m
    return trailing_zeros(m), m & (m - 1)


@helper
def _hold(t, x):
    """A declined head's wake-up bound x, kept with the cycle t it was declined at (``q_hold``,
    ``s_hold``): t in the high 32 bits, x (> t; NEVER as NEVER32) in the low ones."""
    return (np.int64(t) << 32) | min(x, NEVER32)


@helper
def _held(h):
    """The bound kept in h (:func:`_hold`)."""
    x = h & 0xFFFFFFFF
    return NEVER if x == NEVER32 else x


@helper
def _unblock(t, floor, cn, c_arc, c_vc, base, p, cf, pk, ep, po, cr, wbit):
    """Earliest cycle > t at which a head with cached candidates c_arc/c_vc[base:base+cn] could
    move (t + 1 without a cache entry), or any cycle up to ``floor`` (> t) when that is earlier:
    the caller waits until ``floor`` anyway (its input is busy until then).  A credit slot not yet
    freed downstream gives NEVER: the input registers ``wbit`` in ``cr_wait`` of that arc, and the
    credit push wakes it (see the moves).  A candidate needing more than one credit (wide cache)
    is bounded by its first: not later than the cycle it can move, so the bound stays safe.  The
    bound also holds for a policy that may decline available candidates (OFAR's): it never takes
    an unavailable one."""
    if cn < 0:
        return t + 1
    best = NEVER
    for c in range(cn):
        a = c_arc[base + c]
        x = t + 1
        if a < 0:
            d = pk.dst[p]
            if ep.ej_busy[d] > x:
                x = ep.ej_busy[d]
        else:
            if po.out_busy[a] > x:
                x = po.out_busy[a]
            lo, k = vc_span(c_vc[base + c])  # (one VC, or a range: the earliest of its VCs)
            x = port_ready(a, lo, k, x, cf.vmax, cf.vadelay, cr.ovc_free, cr.av, cr.wait, wbit)
        if x < best:
            best = x
            if best <= floor:
                break  # the caller waits until floor (the waits not registered are registered then)
    return best


@helper
def _pf_ports(x, net, po, qs):
    """Router x of the next batch: its per-input due cycles and the hot records (VC masks, busy
    times) of all its ports.  The arc records (``net.rev`` ...) are fetched later, only for the
    inputs found due and the heads' candidates: fetching all of them here (24 lines per router at
    h = 16) cost more than it saved."""
    A = net.src.shape[0]
    i_next = po.i_next
    q_mask = qs.mask
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


PF_CANDS = 4  # cached candidates whose lines a head's prefetch brings in (a routing lists its preferred first)


@helper
def _pf_heads(x, exam, t, cf, net, pk, qs, ep, cr, bat, nh):
    """Router x of the batch: the head packets of its examined inputs and what their cached
    candidates touch; the ready heads without cached candidates are appended to the new-head list
    (packet, cache entry: queue, or -1 - endpoint; router) from ``nh`` on.  Returns its length."""
    VM = cf.vmax
    cw = cf.cw
    pnxt = pk.nxt
    q_mask, q_ready, q_head, cq_n, cq_arc, cq_vc = qs.mask, qs.ready, qs.head, qs.cn, qs.arc, qs.vc
    s_cnt, s_head, ci_n, ci_arc = ep.cnt, ep.head, ep.cn, ep.arc
    cr_av = cr.av
    h_p, h_k, h_r = bat.hp, bat.hk, bat.hr
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
                            prefetch(cq_arc, qi * cw)  # the cache entry its routing fills
                            prefetch(cq_arc, qi * cw + cw - 1)
                            h_p[nh] = q_head[qi]
                            h_k[nh] = qi
                            h_r[nh] = x
                            nh += 1
                        for c in range(min(n, PF_CANDS)):
                            o = cq_arc[qi * cw + c]
                            if o >= 0:
                                w = max(cq_vc[qi * cw + c], 0)  # (a VC range: its first VC)
                                prefetch(cr_av, o * VM + w)
                                prefetch(net.rev, o)
                mk >>= 1
                v += 1
        else:
            e = e0 + i - deg
            if s_cnt[e] > 0:
                prefetch(pnxt, s_head[e])
                if ci_n[e] < 0:
                    prefetch(ci_arc, e * cw)
                    prefetch(ci_arc, e * cw + cw - 1)
                    h_p[nh] = s_head[e]
                    h_k[nh] = -1 - e
                    h_r[nh] = x
                    nh += 1
                for c in range(min(ci_n[e], PF_CANDS)):
                    o = ci_arc[e * cw + c]
                    if o >= 0:
                        prefetch(cr_av, o * VM)
                        prefetch(net.rev, o)
    return nh


@helper
def _cache_route(p, r, k, n_arr, arc_arr, vc_arr, cf, net, rt, pk, cand, cr, po, scal):
    """Route head p at router r into the candidate cache entry k (when it fits: at most CM
    candidates each needing one credit) and prefetch the candidates' output and credit lines.
    Heads that leave the choice of a path to the policy are routed at request time."""
    rid = cf.rid
    VM = cf.vmax
    c_arc, c_vc, c_need = cand.arc, cand.vc, cand.need
    if leaves_choice_to_policy(rid, pk, p):
        return
    n = route_step_candidates(rid, rt, net, pk, p, r, cf.vcs, c_arc, c_vc, c_need, cand.lab, cand.hops, cand.tag)
    scal[S_CALLS] += 1
    # _store_candidates with the prefetches in its loop (calling it and prefetching after it was
    # slower: the lines are requested while the stores retire)
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
            prefetch(po.out_busy, c_arc[c])
            prefetch(cr.av, c_arc[c] * VM + max(c_vc[c], 0))
    n_arr[k] = n


PF_D = 8  # pipeline distance of apply_effects (effects)


@call
def apply_effects(nd, dfr, cf, net, pk, qs, cr, po, ro):
    """Apply the deferred effects 0..nd-1 of the moves at other routers (``dfr``, a
    :class:`~sim.state.Deferred`), in the order they were made: an arrival (p = the packet, x = its
    output arc a, y = VC) joins the input buffer of dst[a]; a credit return (p = -1 - the cycle it
    is back, x = the input arc b it left, y = VC) frees the next slot of the upstream ring.  Each
    effect reads a first line (the queue or credit record), then a second that depends on it (the
    tail packet, the ring slot); the loop prefetches the first 2 PF_D effects ahead and the second
    PF_D ahead, so the misses of ~3 PF_D effects overlap."""
    d_x, d_y, d_p = dfr.x, dfr.y, dfr.p
    A = net.src.shape[0]
    VM = cf.vmax
    scan_all = cf.scan_all != 0
    q_head, q_tail, q_cnt, q_mask, q_ready, cq_n = qs.head, qs.tail, qs.cnt, qs.mask, qs.ready, qs.cn
    cr_av, cr_s, cr_d, cr_q, cr_cap, cr_time, cr_roff, cr_wait = cr.av, cr.s, cr.d, cr.q, cr.cap, cr.time, cr.roff, \
        cr.wait
    r_next, r_act, r_load = ro.next, ro.act, ro.load
    i_next = po.i_next
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
            q = cr_q[cu]
            if q_first(q) == slot:
                cr_q[cu] = q_pack(tc, slot, q_count(q))  # the first slot of the lazy count (policies.in_use)
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


@helper
def generate(t, B, Bend, lq, cf, net, rt, tr, pk, ep, po, ro, scal):
    """Inject: the endpoints of routers B..Bend-1 generate their packets of cycle t (Bernoulli
    gaps from each endpoint's stream, or bursts; ``lq`` = log(1 - cf.q)) into their source queues;
    the routing takes its source decisions (``route_init``)."""
    A = net.src.shape[0]
    burst, q, nk, rid, srcdelay = cf.burst, cf.q, cf.nk, cf.rid, cf.srcdelay
    measuring = cf.ms <= t < cf.me
    burst_left, next_gen, gst = ep.burst_left, ep.next_gen, ep.gst
    s_cnt, s_head, s_tail, ci_n = ep.cnt, ep.head, ep.tail, ep.cn
    i_next = po.i_next
    r_act, r_load, r_next, st = ro.act, ro.load, ro.next, ro.rng
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
            d = _pick_dest(tr, net, e, t, rst)
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
            _route_init(rid, rt, net, pk, p, sr, dr, rst)
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


@helper
def examine(t, nb, bat, cf, net, qs, ep, po, ro):
    """Due inputs of the batch's routers at cycle t: ``bat.exam`` gets the inputs holding packets
    whose ``i_next`` bound has come (before it an input would find nothing and draw nothing),
    ``bat.nmin`` the least bound of the others, which nothing in this visit changes.  The router's
    next cycle restarts from NEVER: the arrivals applied later lower it, and the wake-up bound is
    merged in at the end."""
    A = net.src.shape[0]
    VM = cf.vmax
    scan_all = cf.scan_all != 0
    b_r, b_exam, b_nmin = bat.r, bat.exam, bat.nmin
    i_next, in_vcp = po.i_next, po.in_vcp
    q_mask, q_ready = qs.mask, qs.ready
    s_cnt, s_head = ep.cnt, ep.head
    r_act, r_next = ro.act, ro.next
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


@helper
def preroute(t, nb, bat, cf, net, rt, pk, qs, ep, cr, po, cand, scal):
    """Route the ready heads of the batch's examined inputs that have no cached candidates yet
    into the cache entry their request would fill (first fetching the routing tables they need,
    for the whole batch, so the misses overlap); an oblivious routing's candidates are a function
    of header and router only.  The wide cache is filled at request time only (the routings
    that use it stay out of this inlined copy of the dispatch)."""
    nh = 0
    for j in range(nb):
        nh = _pf_heads(bat.r[j], bat.exam[j], t, cf, net, pk, qs, ep, cr, bat, np.int64(nh))
    if cf.cache == CACHE_NARROW:
        h_p, h_k, h_r = bat.hp, bat.hk, bat.hr
        for j in range(nh):
            route_prefetch(cf.rid, rt, net, pk, h_p[j], h_r[j])
        for j in range(nh):
            # one call site: each inlined copy of the routing costs LLVM compile time
            k = h_k[j]
            if k >= 0:
                n_arr, arc_arr, vc_arr = qs.cn, qs.arc, qs.vc
            else:
                k = -1 - k
                n_arr, arc_arr, vc_arr = ep.cn, ep.arc, ep.vc
            _cache_route(h_p[j], h_r[j], k, n_arr, arc_arr, vc_arr, cf, net, rt, pk, cand, cr, po, scal)


@helper
def _cached_candidates(ck, cf, n_arr, arc_arr, vc_arr, nl_arr, cand):
    """The cached candidates of cache entry ck (``n_arr``, ``arc_arr``, ``vc_arr``, ``nl_arr``:
    the queue or source-queue cache, ``cf.cw`` per entry) into ``cand``; their number, or -1
    without an entry.  The narrow cache holds arc and VC (one credit needed), the wide one also
    the credits needed and the label (``need + NL_LAB * label``)."""
    use_cache = cf.cache
    c_arc, c_vc, c_need, c_lab = cand.arc, cand.vc, cand.need, cand.lab
    n = n_arr[ck] if use_cache != CACHE_OFF else -1
    o = ck * cf.cw
    for c in range(n):
        c_arc[c] = arc_arr[o + c]
        c_vc[c] = vc_arr[o + c]
        if use_cache == CACHE_WIDE:
            x = np.int64(nl_arr[o + c])  # >= 0: NL_LAB a power of two, so a mask and a shift
            c_need[c] = x & (NL_LAB - 1)
            c_lab[c] = x >> NL_LAB_BITS
        else:
            c_need[c] = 1
    return n


@helper
def _store_candidates(ck, n, cf, n_arr, arc_arr, vc_arr, nl_arr, cand):
    """Cache the n candidates just routed in entry ck when they fit (at most ``cf.cw``; in the
    narrow cache each needing one credit)."""
    cw = cf.cw
    use_cache = cf.cache
    c_arc, c_vc, c_need, c_lab = cand.arc, cand.vc, cand.need, cand.lab
    if n > cw:
        return
    o = ck * cw
    if use_cache == CACHE_WIDE:
        for c in range(n):
            arc_arr[o + c] = c_arc[c]
            vc_arr[o + c] = c_vc[c]
            nl_arr[o + c] = c_need[c] + NL_LAB * c_lab[c]
    else:
        for c in range(n):
            if c_need[c] != 1:
                return
        for c in range(n):
            arc_arr[o + c] = c_arc[c]
            vc_arr[o + c] = c_vc[c]
    n_arr[ck] = n


@helper
def _escape_congested(r, cf, rt, net, q_cnt):
    """ECM (seed 001 §3.4.1): every escape buffer of router r (the escape VC of each input whose
    link belongs to the routing's escape subnetwork) holds more than ``cf.ecm`` % of its packets."""
    n = 0
    for b in range(net.ptr[r], net.ptr[r + 1]):
        if route_is_escape(cf.rid, rt, net, net.rev[b]):
            n += 1
            if 100 * q_cnt[b * cf.vmax + net.nv[b] - 1] <= cf.ecm * net.cap[b]:
                return False
    return n > 0


@helper
def requests(t, vis, m, rst, cf, net, rt, pk, qs, ep, cr, po, cand, req, scal):
    """Route and select (with the VC: the candidate's): each free input of the visited router
    among the bits of ``m`` offers one head packet, in the order of a full scan (every random draw
    is that of one; ``rst`` is the router's stream).  The selection policy picks one available
    candidate from live state; the injection gate asks room for 1 + bubble packets.  Writes the
    requests to ``req``; returns how many, or -1 after an error: ``scal[S_ERR]`` = the arc whose VC
    a candidate lacks, or -1 - the number of candidates when a routing proposed more than the
    candidate buffers hold."""
    r, a0, deg, e0, nin, big = vis.r, vis.a0, vis.deg, vis.e0, vis.nin, vis.big
    VM, rid, vcs, sel, vadelay, srcdelay, bubble, ecm = cf.vmax, cf.rid, cf.vcs, cf.sel, cf.vadelay, cf.srcdelay, \
        cf.bubble, cf.ecm
    c_arc, c_vc, c_need, c_lab, c_hops, c_tag = cand.arc, cand.vc, cand.need, cand.lab, cand.hops, cand.tag
    rq_in, rq_v, rq_p, rq_arc, rq_vc, rq_out = req.inp, req.v, req.p, req.arc, req.vc, req.out
    q_head, q_cnt, q_mask, q_ready = qs.head, qs.cnt, qs.mask, qs.ready
    s_cnt, s_head, inj_busy, ej_busy = ep.cnt, ep.head, ep.inj_busy, ep.ej_busy
    in_busy, in_vcp, out_busy = po.in_busy, po.in_vcp, po.out_busy
    cr_av, cr_q, cr_off, cr_cap, cr_time, cr_s, ovc_free = cr.av, cr.q, cr.off, cr.cap, cr.time, cr.s, cr.ovc_free
    nrq = 0
    nsel = 0  # selections and declined ones (engine counters; kept in registers until the end)
    ndec = 0
    blocked = -1  # ECM's verdict for this router's injection, computed at its first injection input
    i = -1
    while True:
        i, m = _next_input(i, m, big, nin)
        if i < 0:
            break
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
            if ecm >= 0:
                if blocked < 0:
                    blocked = 1 if _escape_congested(r, cf, rt, net, q_cnt) else 0
                if blocked == 1:
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
                ck, n_arr, arc_arr, vc_arr, nl_arr = b * VM + v, qs.cn, qs.arc, qs.vc, qs.nl
            else:
                ck, n_arr, arc_arr, vc_arr, nl_arr = e, ep.cn, ep.arc, ep.vc, ep.nl
            # a head whose candidates are paths for the policy to choose from (UGAL at the source)
            # is routed here, every visit, and never cached
            undecided = leaves_choice_to_policy(rid, pk, p)
            n = _cached_candidates(ck, cf, n_arr, arc_arr, vc_arr, nl_arr, cand)
            if n < 0:
                n = _route_candidates(rid, rt, net, pk, np.int64(p), np.int64(r), vcs, c_arc, c_vc, c_need, c_lab,
                                      c_hops, c_tag)
                scal[S_CALLS] += 1
                if n > c_arc.shape[0]:
                    # more candidates than the buffers hold (sim.layout sizes them by construction)
                    scal[S_ERR] = -1 - n
                    return -1
                if sel == P_OFAR and not vcs_by_construction(rid, vcs):
                    # a VC the arc lacks (a configuration error), checked once per routing: the
                    # ofar policy reads many cached candidates at every visit and does not check
                    for c in range(n):
                        if c_arc[c] >= 0 and (c_vc[c] >= net.nv[c_arc[c]] or c_vc[c] < -net.nv[c_arc[c]]):
                            scal[S_ERR] = c_arc[c]
                            return -1
                if cf.cache != CACHE_OFF and not undecided:
                    _store_candidates(ck, n, cf, n_arr, arc_arr, vc_arr, nl_arr, cand)
            if b < 0 and bubble > 0:
                # injection gate (BCM, seed 001 §3.4): a new packet enters the network only where
                # the next buffer has room for 1 + bubble packets
                for c in range(n):
                    if c_arc[c] >= 0:
                        c_need[c] = 1 + bubble
            # ---- the selection policy picks one available candidate from live state
            chosen = _select(sel, n, c_arc, c_vc, c_need, c_lab, c_hops, undecided, t, ej_busy, pk.dst, p, net.nv,
                             VM, vadelay, ovc_free, out_busy, cr_av, cr_q, cr_off, cr_cap, cr_time, rst)
            if chosen < -1:
                scal[S_ERR] = -2 - chosen
                return -1
            nsel += 1
            if chosen < 0:
                ndec += 1
            if sel == P_OFAR:
                # a declined head keeps the policy's own bound for the wake-up (policies._ofar_wait)
                h = np.int64(-1)
                if chosen < 0:
                    h = _hold(t, _ofar_wait(np.int64(t), np.int64(n), c_arc, c_vc, c_need, c_lab, ej_busy, pk.dst,
                                            np.int64(p), net.nv, np.int64(VM), np.int64(vadelay), ovc_free, out_busy,
                                            cr_av, cr_q, cr_off, cr_cap, cr_time, cr.wait,
                                            np.int64(_bit(i) if not big else 0)))
                if b >= 0:
                    qs.hold[ck] = h
                else:
                    ep.hold[ck] = h
            if undecided and chosen >= 0:
                # the policy chose a path (UGAL at the source): fixed now and the packet waits for
                # it, or (PB) fixed only once its output is available, chosen again at every visit
                ok = available(chosen, c_arc, c_vc, c_need, t, ej_busy, pk.dst, p, VM, vadelay, ovc_free, out_busy,
                               cr_av, cr_q, cr_off, cr_cap, cr_time)
                if not ok and decides_on_request(rid, rt):
                    continue
                route_decide(rid, rt, net, pk, p, r, c_tag[chosen])
                if not ok:
                    continue
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
    scal[S_SELECT] += nsel
    scal[S_DECLINE] += ndec
    return nrq


@helper
def grants(nrq, vis, rst, arb, req, in_last, inj_last):
    """Switch allocation: each requested output grants one request (least recently served
    input, or uniform).  Returns the number of granted outputs, listed in ``req.touched``;
    ``req.best`` maps each to its request."""
    a0, deg, e0 = vis.a0, vis.deg, vis.e0
    bcnt, best, rq_in, rq_out, touched = req.bcnt, req.best, req.inp, req.out, req.touched
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
    return ntouch


@helper
def _defer(same, x, y, val, nd, nxc, sc):
    """Append an effect at another router to this cluster's list (``same``: applied at the end
    of the sub-window) or to the other clusters' (end of the window); returns (nd, nxc)."""
    if same:
        sc.same.x[nd] = x
        sc.same.y[nd] = y
        sc.same.p[nd] = val
        return nd + 1, nxc
    sc.other.x[nxc] = x
    sc.other.y[nxc] = y
    sc.other.p[nxc] = val
    return nd, nxc + 1


@helper
def _leave_queue(t, r, i, b, v, p, cf, pk, qs, ro, po):
    """Packet p leaves the head of VC v of input port b (input i of router r)."""
    P, VM, vadelay = cf.P, cf.vmax, cf.vadelay
    q_head, q_cnt, q_tail, q_mask, q_ready, cq_n = qs.head, qs.cnt, qs.tail, qs.mask, qs.ready, qs.cn
    r_act, i_next = ro.act, po.i_next
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


@helper
def _leave_source(t, r, i, e, p, measuring, cf, net, pk, ep, ro, po, stt):
    """Packet p leaves the source queue of endpoint e (input i of router r) into the network."""
    A = net.src.shape[0]
    P = cf.P
    s_head, s_cnt, s_tail, ci_n, inj_busy, inj_last = ep.head, ep.cnt, ep.tail, ep.cn, ep.inj_busy, ep.inj_last
    r_act, i_next = ro.act, po.i_next
    inj_count, scal = stt.inj_count, stt.scal
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


@helper
def _take_output(t, a, w, cf, cr, out_busy):
    """A packet wins VC w of output arc a: the next credit slot of (a, w) is taken (and joins the
    lazy count of slots in use, see ``policies.in_use``), the port is busy for P cycles, and the VC
    can be allocated again after the VC allocation delay."""
    P, VM, vadelay = cf.P, cf.vmax, cf.vadelay
    cr_cap, cr_off, cr_s, cr_q, cr_time, cr_av, ovc_free = cr.cap, cr.off, cr.s, cr.q, cr.time, cr.av, cr.ovc_free
    ca = a * VM + w
    C = cr_cap[a]
    off = cr_off[a] + w * C
    slot = cr_s[ca]
    q = cr_q[ca]
    n = q_count(q)
    if n == 0:
        q = q_pack(NEVER32, slot, 1)
    else:
        if n == C:
            # the count covers every slot, the taken one (free: it has a credit) first
            in_use(ca, a, w, t, cr_q, cr_off, cr_cap, cr_time)
            q = cr_q[ca]
        q += np.int64(1) << 48
    cr_q[ca] = q
    cr_time[off + slot] = NEVER32
    slot = slot + 1 if slot + 1 < C else 0
    cr_s[ca] = slot
    cr_av[ca] = cr_time[off + slot]
    out_busy[a] = t + P
    if vadelay > 0:
        ovc_free[ca] = t + P + vadelay  # the output VC is allocated again then


@helper
def _eject(t, p, from_net, cf, pk, ej_busy, stt):
    """Packet p leaves through its ejection port: received (and measured) P + the ejection
    latency later; its pool slot is freed.  ``stt.trace`` = [first cycle, L, latency sums of the L
    generation cycles from it, their packet counts]: the latency trace by generation cycle."""
    P, ejlat, ms, me, burst, nk = cf.P, cf.ejlat, cf.ms, cf.me, cf.burst, cf.nk
    scal, fst, lat_hist, hop_hist, hopk_sum, trace = stt.scal, stt.fst, stt.lat_hist, stt.hop_hist, stt.hopk_sum, \
        stt.trace
    hmax = hop_hist.shape[0]
    latmax = lat_hist.shape[0] - 1
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
    L = trace[1]
    if L > 0:
        g = pk.gen[p] - trace[0]
        if 0 <= g < L:
            trace[2 + g] += trecv - pk.gen[p]
            trace[2 + L + g] += 1
    pk.nxt[p] = scal[S_FREE]
    scal[S_FREE] = p
    scal[S_NFREE] += 1


@helper
def moves(t, vis, ntouch, cc, fx, cf, net, rt, pk, qs, ep, cr, po, ro, stt, sc):
    """Traversal: each granted packet leaves its input (the credit for the freed space goes
    back upstream) and takes a credit slot and its output arc (arrival at the next router after
    the link latency), or is ejected and measured.  Effects at other routers are deferred
    (``sc.same`` in this cluster ``cc``, ``sc.other`` in others, see :func:`apply_effects`).
    ``fx`` = (effects deferred in this cluster, in others, first move of the window); returns it
    updated."""
    nd, nxc, fmove = fx
    r, a0, deg, e0 = vis.r, vis.a0, vis.deg, vis.e0
    P, cdelay, rdelay, rid = cf.P, cf.cdelay, cf.rdelay, cf.rid
    measuring = cf.ms <= t < cf.me
    best, rq_in, rq_p, rq_arc, rq_v, rq_vc, touched = sc.req.best, sc.req.inp, sc.req.p, sc.req.arc, sc.req.v, \
        sc.req.vc, sc.req.touched
    in_busy, in_last, in_vcp = po.in_busy, po.in_last, po.in_vcp
    r_cl, r_load = ro.cl, ro.load
    scal, link_phits = stt.scal, stt.link_phits
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
            _leave_queue(t, r, i, b, v, p, cf, pk, qs, ro, po)
            # the credit for the freed space is back upstream at t + P + lat + credit delay
            nd, nxc = _defer(r_cl[net.dst[b]] == cc, b, v, -1 - (t + P + net.lat[b] + cdelay), nd, nxc, sc)
            in_busy[b] = t + P
            in_last[b] = t
            in_vcp[b] = v + 1 if v + 1 < net.nv[b] else 0
        else:
            _leave_source(t, r, i, e0 + i - deg, p, measuring, cf, net, pk, ep, ro, po, stt)
        r_load[r] -= 1
        pk.nxt[p] = -1
        if t > scal[S_LASTMOVE]:
            scal[S_LASTMOVE] = t
        if t < fmove:
            fmove = t
        if a >= 0:
            w = rq_vc[k]
            _take_output(t, a, w, cf, cr, po.out_busy)
            pk.hops[p, net.kind[a]] += 1
            pk.htot[p] += 1
            _route_on_move(rid, rt, net, pk, p, a, w)
            pk.ready[p] = t + net.lat[a] + rdelay
            # the arrival at dst[a], routable at t + lat + router delay
            nd, nxc = _defer(r_cl[net.dst[a]] == cc, a, w, p, nd, nxc, sc)
            if not from_net:
                scal[S_INNET] += 1
            if measuring:
                link_phits[a] += P
        else:
            _eject(t, p, from_net, cf, pk, ep.ej_busy, stt)
    return nd, nxc, fmove


@helper
def wakeup(t, nb, bat, cf, net, pk, qs, ep, cr, po, ro):
    """Each batch router's wake-up bound: the next cycle at which it can have work (a head
    becomes routable, a busy input frees, or a routable but blocked head gets one of its cached
    candidates back: output free again, a credit returns, the ejection port frees).  Only cycles
    in which nothing can move are skipped, so results do not change.  Inputs not examined keep
    their bound (this visit only took outputs and credits)."""
    A = net.src.shape[0]
    VM, cw, srcdelay = cf.vmax, cf.cw, cf.srcdelay
    eager = cf.eager != 0
    scan_all = cf.scan_all != 0
    holds = cf.holds != 0
    b_r, b_exam, b_nmin = bat.r, bat.exam, bat.nmin
    q_head, q_mask, q_ready, q_hold = qs.head, qs.mask, qs.ready, qs.hold
    s_cnt, s_head, inj_busy, s_hold = ep.cnt, ep.head, ep.inj_busy, ep.hold
    in_busy, i_next = po.in_busy, po.i_next
    r_act, r_next = ro.act, ro.next
    for j in range(nb):
        rc = b_r[j]
        exam = b_exam[j]
        nmin = b_nmin[j]
        a0 = net.ptr[rc]
        deg = net.ptr[rc + 1] - a0
        e0 = net.ep_ptr[rc]
        nin = deg + (net.ep_ptr[rc + 1] - e0)
        big = scan_all or nin > MAXBIT
        nx = nmin
        m = exam & r_act[rc]
        i = -1
        while True:
            i, m = _next_input(i, m, big, nin)
            if i < 0:
                break
            wbit = _bit(i) if not big else np.int64(0)
            xi = NEVER
            if i < deg:
                b = a0 + i
                mk = q_mask[b]
                if mk == 0:
                    continue
                fl = max(t + 1, in_busy[b])  # no bound of this input is earlier
                for v in range(net.nv[b]):
                    if xi <= fl:
                        break  # (the waits of the heads not visited are registered at fl)
                    if (mk >> v) & 1 != 0:
                        qi = b * VM + v
                        x = q_ready[qi]
                        if x <= t and eager:
                            x = t + 1
                        elif x <= t and holds and (q_hold[qi] >> 32) == t:
                            x = _held(q_hold[qi])  # declined at t: the policy's bound (see requests)
                        elif x <= t:
                            x = _unblock(t, fl, qs.cn[qi], qs.arc, qs.vc, qi * cw, q_head[qi], cf, pk, ep, po, cr,
                                         wbit)
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
                    elif holds and (s_hold[e] >> 32) == t:
                        x = _held(s_hold[e])
                    else:
                        x = _unblock(t, t + 1, ep.cn[e], ep.arc, ep.vc, e * cw, s_head[e], cf, pk, ep, po, cr, wbit)
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


@helper
def snapshot(T, cf, net, rt, q_cnt, cr):
    """Remote state for routings that read other routers' state, taken at the start of the global
    window at cycle T into the next of the H slots of ``rt.rocc`` (the oldest): ``cf.remote``
    REMOTE_CREDITS, the credits in use of each global arc (dragonflies: ``rt.garc``, all VCs: a
    router's output queue length for its global port); else the packets in the input buffer each
    arc feeds (all its VCs; the buffer is keyed by the reverse arc, see the engine's memory
    layout)."""
    H = rt.rclock.shape[0] - 2
    slot = rt.rclock[1] % H
    rt.rclock[1] += 1
    rt.rclock[2 + slot] = T
    A = net.src.shape[0]
    o = slot * A
    VM = cf.vmax
    if cf.remote == REMOTE_CREDITS:
        for i in range(rt.garc.shape[0]):
            a = rt.garc[i]
            rt.rocc[o + a] = _occupancy(a, T, net.nv, VM, cr.av, cr.q, cr.off, cr.cap, cr.time)
        return
    for a in range(A):
        b = net.rev[a] * VM
        n = 0
        for v in range(net.nv[a]):
            n += q_cnt[b + v]
        rt.rocc[o + a] = n
