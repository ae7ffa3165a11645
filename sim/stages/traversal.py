"""Traversal (:func:`moves`): granted packets leave their inputs, take a credit slot and their
output, or are ejected and measured; their effects at other routers (arrivals, credits returned
upstream) are deferred and applied at the end of a window (:func:`apply_effects`)."""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from .._hints import prefetch
from .._jit import call, helper
from ..layout import (
    MAXBIT,
    NEVER,
    NEVER32,
    S_DELIV,
    S_FREE,
    S_INNET,
    S_INSRC,
    S_LASTDELIV,
    S_LASTMOVE,
    S_MINJ,
    S_MPHITS,
    S_MPKTS,
    S_NFREE,
    S_NONMIN,
    _bit,
    _in_slot,
)
from ..policies import Q_HELD, in_use, q_count, q_first, q_pack
from ..routings.dispatch import _route_on_move


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
    if cf.uqueue == Q_HELD:
        cr.take[off + slot] = t  # for the ugal policy's count of slots held past the round trip
    slot = slot + 1 if slot + 1 < C else 0
    cr_s[ca] = slot
    cr_av[ca] = cr_time[off + slot]
    out_busy[a] = t + P
    if vadelay > 0:
        ovc_free[ca] = t + P + vadelay  # the output VC is allocated again then


@helper
def _depart(t, k, sp, P, lf, j):
    """Internal speedup s = ``sp`` (ticks of 1/s cycle): a packet that crossed the crossbar at tick t
    joins the output queue of link (or ejection channel) j and leaves it at the start of the network
    cycle after the one holding tick t + k - 1 (k = 1: the output register, BookSim2's WriteOutputs
    at the end of the crossbar's cycle; k = 0: none), or once the packet before it has left, the
    link moving 1 phit per cycle; returns that tick (a cycle's first) and books the link."""
    x = sp * ((t + k + sp - 1) // sp)
    if lf[j] > x:
        x = lf[j]
    lf[j] = x + P * sp
    return x


@helper
def _eject(t, p, from_net, cf, net, pk, ej_busy, stt, lf):
    """Packet p leaves through its ejection port: received (and measured) P + the ejection
    latency later (with an internal speedup: through the port's output queue ``lf``, as over a
    link, see :func:`moves`; latencies counted in network cycles); its pool slot is freed.
    ``stt.trace`` = [first cycle, L, latency sums of the L generation cycles from it, their
    packet counts]: the latency trace by generation cycle."""
    P, ejlat, ms, me, burst, nk, sp = cf.P, cf.ejlat, cf.ms, cf.me, cf.burst, cf.nk, cf.sp
    scal, fst, lat_hist, hop_hist, hopk_sum, trace = stt.scal, stt.fst, stt.lat_hist, stt.hop_hist, stt.hopk_sum, stt.trace
    hmax = hop_hist.shape[0]
    latmax = lat_hist.shape[0] - 1
    ed = pk.dst[p]
    ej_busy[ed] = t + P
    if from_net:
        scal[S_INNET] -= 1
    if sp == 1:
        trecv = t + P + ejlat
    else:
        x = _depart(t, 1, sp, P, lf, lf.shape[0] - 2 * ej_busy.shape[0] + ed)  # lf: arcs, ejection, injection
        trecv = x + sp * (P - 1 + ejlat)
    scal[S_DELIV] += 1
    if trecv > scal[S_LASTDELIV]:
        scal[S_LASTDELIV] = trecv
    if ms <= trecv < me or (burst > 0 and trecv >= ms):
        lat = trecv - pk.gen[p]
        if sp != 1:
            lat //= sp  # in ticks, a whole number of cycles (see moves)
        scal[S_MPKTS] += 1
        scal[S_MPHITS] += P
        fst[0] += lat
        lat_hist[lat if lat < latmax else latmax] += 1
        h = pk.htot[p]
        hop_hist[h if h < hmax else hmax - 1] += 1
        for kq in range(nk):
            hopk_sum[kq] += pk.hops[p, kq]
        dmin = stt.dmin
        if dmin.shape[0] > 0 and h > dmin[net.ep_router[pk.src[p]], pk.dr[p]]:
            scal[S_NONMIN] += 1
    L = trace[1]
    if L > 0:
        g = pk.gen[p] - trace[0]
        d = trecv - pk.gen[p]
        if sp != 1:
            g //= sp
            d //= sp
        if 0 <= g < L:
            trace[2 + g] += d
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
    P, cdelay, rdelay, sp = cf.P, cf.cdelay, cf.rdelay, cf.sp
    measuring = cf.ms <= t < cf.me
    best, rq_in, rq_p, rq_arc, rq_v, rq_vc, touched = (
        sc.req.best,
        sc.req.inp,
        sc.req.p,
        sc.req.arc,
        sc.req.v,
        sc.req.vc,
        sc.req.touched,
    )
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
            tc = t + P + net.lat[b] + cdelay
            if sp != 1:
                # the tail left the buffer in tick t + P - 2 (switch allocation, a step before
                # its crossbar step); its credit goes upstream at the end of that cycle, over the
                # link and the credit delay in cycles, and is used from the upstream switch
                # allocation of the cycle it is back in (its crossbar step, one tick later)
                tc = sp * ((t + P - 1 + sp - 1) // sp) + sp * (net.lat[b] + cdelay) + 1
            nd, nxc = _defer(r_cl[net.dst[b]] == cc, b, v, -1 - tc, nd, nxc, sc)
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
            _route_on_move(rt, net, pk, p, a, w)
            if sp == 1:
                pk.ready[p] = t + net.lat[a] + rdelay
            else:
                # the router delay's last cycle is the output register (k = 1), its other stages
                # (rdelay - k) internal steps at the next router before its crossbar step
                k = 1 if rdelay > 0 else 0
                pk.ready[p] = _depart(t, k, sp, P, po.link_free, a) + sp * net.lat[a] + rdelay - k
            # the arrival at dst[a], routable at t + lat + router delay
            nd, nxc = _defer(r_cl[net.dst[a]] == cc, a, w, p, nd, nxc, sc)
            if not from_net:
                scal[S_INNET] += 1
            if measuring:
                link_phits[a] += P
        else:
            _eject(t, p, from_net, cf, net, pk, ep.ej_busy, stt, po.link_free)
    return nd, nxc, fmove


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
    cr_av, cr_s, cr_d, cr_q, cr_cap, cr_time, cr_roff, cr_wait = cr.av, cr.s, cr.d, cr.q, cr.cap, cr.time, cr.roff, cr.wait
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
            elif (scan_all or net.ptr[ur + 1] - net.ptr[ur] + net.ep_ptr[ur + 1] - net.ep_ptr[ur] > MAXBIT) and r_next[ur] > tc:
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
