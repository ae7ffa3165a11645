"""Route and select (:func:`requests`): each free input offers one head packet, the routing
proposes candidates (or the cache holds them), the selection policy picks one available candidate
with its VC; then switch allocation (:func:`grants`)."""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from .._hints import prefetch
from .._jit import helper
from .._rng import rand_below
from ..layout import CACHE_OFF, CACHE_WIDE, ECM_CREDITS, NEVER32, NL_LAB, NL_LAB_BITS, S_CALLS, S_DECLINE, S_ERR, S_SELECT, _bit
from ..policies import Live, _select, _wait_bound, available, checks_vcs, in_use
from ..routings.dispatch import (
    _route_candidates,
    decides_on_request,
    leaves_choice_to_policy,
    route_decide,
    route_is_escape,
    vcs_by_construction,
)


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
    """A declined head's wake-up bound x, kept with the cycle t it was declined at (``Queues.hold``,
    ``Endpoints.hold``): t in the high 32 bits, x (> t; NEVER as NEVER32) in the low ones."""
    return (np.int64(t) << 32) | min(x, NEVER32)


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
def _escape_congested(t, r, cf, rt, net, q_head, q_cnt, pk, cr):
    """ECM (García et al. 2014, §3.4.1): every escape buffer of router r holds more than ``cf.ecm``
    % of its packets.  Which buffers, by ``cf.ecmq``:

    ``ECM_BUFFERS``: r's own escape buffers, the escape VC of each input whose link belongs to the
    routing's escape subnetwork (the paper's words: "the local buffers of the escape subnetwork in
    the current router").  A buffer holds the packets routable there by cycle t.  A queue also
    lists packets still on their link, from when the engine applies the sender's effects (at
    once, or at the end of the window for a sender in another group), which depends on the visit
    order, the windows and the threads, none of which may change a result.

    ``ECM_CREDITS``: FOGSim's (``switchModule::escapeCongested`` at its first commit, b934297),
    the escape VC of each output of r on the escape subnetwork, counted by r's credits: the
    packets in the downstream buffer and on the link toward it.  r is the sender, so the lazy
    credit count (``policies.in_use``) is exact at any visit order."""
    VM = cf.vmax
    n = 0
    for b in range(net.ptr[r], net.ptr[r + 1]):
        if cf.ecmq == ECM_CREDITS:
            if not route_is_escape(rt, net, b):
                continue
            w = net.nv[b] - 1
            held = in_use(b * VM + w, b, w, t, cr.q, cr.off, cr.cap, cr.time)
            cap = cr.cap[b]
        else:
            if not route_is_escape(rt, net, net.rev[b]):
                continue
            qi = b * VM + net.nv[b] - 1
            held = 0
            p = q_head[qi]
            for _ in range(q_cnt[qi]):
                if pk.ready[p] <= t:
                    held += 1
                p = pk.nxt[p]
            cap = net.cap[b]
        n += 1
        if 100 * held <= cf.ecm * cap:
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
    VM, vcs, sel, vadelay, srcdelay, bubble, ecm = (
        cf.vmax,
        cf.vcs,
        cf.sel,
        cf.vadelay,
        cf.srcdelay,
        cf.bubble,
        cf.ecm,
    )
    c_arc, c_vc, c_need, c_lab, c_hops, c_tag = cand.arc, cand.vc, cand.need, cand.lab, cand.hops, cand.tag
    rq_in, rq_v, rq_p, rq_arc, rq_vc, rq_out = req.inp, req.v, req.p, req.arc, req.vc, req.out
    q_head, q_cnt, q_mask, q_ready = qs.head, qs.cnt, qs.mask, qs.ready
    s_cnt, s_head, inj_busy, ej_busy = ep.cnt, ep.head, ep.inj_busy, ep.ej_busy
    in_busy, in_vcp, out_busy = po.in_busy, po.in_vcp, po.out_busy
    cr_off, cr_cap, cr_time, cr_s = cr.off, cr.cap, cr.time, cr.s
    # what the selection policy reads of this router's live state
    lv = Live(
        np.int64(t),
        np.int64(VM),
        np.int64(vadelay),
        ej_busy,
        pk.dst,
        net.nv,
        cr.ovc_free,
        out_busy,
        cr.av,
        cr.q,
        cr.off,
        cr.cap,
        cr.time,
        cr.wait,
        np.int64(cf.uqueue),
        np.int64(cf.uheld),
        np.int64(2 * cf.sp),
        net.lat,
        cr.take,
        pk.htot,
    )
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
                    blocked = 1 if _escape_congested(t, r, cf, rt, net, q_head, q_cnt, pk, cr) else 0
                if blocked == 1:
                    continue
            if (srcdelay > 0 or cf.sp > 1) and pk.ready[s_head[e]] > t:
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
            undecided = leaves_choice_to_policy(rt, pk, p)
            n = _cached_candidates(ck, cf, n_arr, arc_arr, vc_arr, nl_arr, cand)
            if n < 0:
                n = _route_candidates(rt, net, pk, np.int64(p), np.int64(r), vcs, c_arc, c_vc, c_need, c_lab, c_hops, c_tag)
                scal[S_CALLS] += 1
                if n > c_arc.shape[0]:
                    # more candidates than the buffers hold (sim.layout sizes them by construction)
                    scal[S_ERR] = -1 - n
                    return -1
                if not checks_vcs(sel) and not vcs_by_construction(rt, vcs):
                    # a VC the arc lacks (a configuration error), checked once per routing: the
                    # ofar policy reads many cached candidates at every visit and does not check
                    for c in range(n):
                        if c_arc[c] >= 0 and (c_vc[c] >= net.nv[c_arc[c]] or c_vc[c] < -net.nv[c_arc[c]]):
                            scal[S_ERR] = c_arc[c]
                            return -1
                if cf.cache != CACHE_OFF and not undecided:
                    _store_candidates(ck, n, cf, n_arr, arc_arr, vc_arr, nl_arr, cand)
            if b < 0 and bubble > 0:
                # injection gate (BCM, García et al. 2014, §3.4): a new packet enters the network only where
                # the next buffer has room for 1 + bubble packets
                for c in range(n):
                    if c_arc[c] >= 0:
                        c_need[c] = 1 + bubble
            # ---- the selection policy picks one available candidate from live state
            chosen = _select(sel, n, cand, undecided, p, lv, rst, cf.P, cf.uthr)
            if chosen < -1:
                scal[S_ERR] = -2 - chosen
                return -1
            nsel += 1
            if chosen < 0:
                ndec += 1
            if cf.holds:
                # a declined head keeps the policy's own bound for the wake-up (policies._wait_bound)
                h = np.int64(-1)
                if chosen < 0:
                    h = _hold(t, _wait_bound(sel, np.int64(n), cand, np.int64(p), lv, np.int64(_bit(i) if not big else 0)))
                if b >= 0:
                    qs.hold[ck] = h
                else:
                    ep.hold[ck] = h
            if undecided and chosen >= 0:
                # the policy chose a path (UGAL at the source): fixed now and the packet waits for
                # it, or (PB) fixed only once its output is available, chosen again at every visit
                ok = available(chosen, cand, p, lv)
                if not ok and decides_on_request(rt):
                    continue
                route_decide(rt, net, pk, p, r, c_tag[chosen])
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
