"""Wake-up bounds (:func:`wakeup`): the next cycle at which each visited router can have work, so
that routers with nothing to do are not visited."""

from __future__ import annotations

import numpy as np

from .._jit import helper
from ..layout import MAXBIT, NEVER, NEVER32, _bit
from ..policies import port_ready, vc_span
from .request import _next_input


@helper
def _held(h):
    """The bound kept in h (``request._hold``)."""
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
                            x = _unblock(t, fl, qs.cn[qi], qs.arc, qs.vc, qi * cw, q_head[qi], cf, pk, ep, po, cr, wbit)
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
                    if (srcdelay > 0 or cf.sp > 1) and pk.ready[s_head[e]] > x:
                        x = pk.ready[s_head[e]]
                    xi = x
                i_next[A + e] = xi
            if xi < nx:
                nx = xi
        if nx < r_next[rc]:
            r_next[rc] = nx  # arrivals applied meanwhile may have lowered it already
