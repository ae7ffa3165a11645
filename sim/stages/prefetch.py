"""The front of a batch: the inputs due at a cycle (:func:`examine`), the prefetches that walk the
chain of cache misses of a router visit for the whole batch, and the pre-routing of new heads into
the candidate cache (:func:`preroute`)."""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from .._hints import prefetch
from .._jit import helper
from ..layout import CACHE_NARROW, CM, MAXBIT, NEVER, S_CALLS, _in_slot
from ..routings.dispatch import leaves_choice_to_policy, route_prefetch, route_step_candidates


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
    VM = cf.vmax
    c_arc, c_vc, c_need = cand.arc, cand.vc, cand.need
    if leaves_choice_to_policy(rt, pk, p):
        return
    n = route_step_candidates(rt, net, pk, p, r, cf.vcs, c_arc, c_vc, c_need, cand.lab, cand.hops, cand.tag)
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
            route_prefetch(rt, net, pk, h_p[j], h_r[j])
        for j in range(nh):
            # one call site: each inlined copy of the routing costs LLVM compile time
            k = h_k[j]
            if k >= 0:
                n_arr, arc_arr, vc_arr = qs.cn, qs.arc, qs.vc
            else:
                k = -1 - k
                n_arr, arc_arr, vc_arr = ep.cn, ep.arc, ep.vc
            _cache_route(h_p[j], h_r[j], k, n_arr, arc_arr, vc_arr, cf, net, rt, pk, cand, cr, po, scal)
