"""The ``ugal`` selection policy on paths (Besta & Hoefler 2014, §IV-C; :mod:`sim.policies`)."""

from __future__ import annotations

from .._jit import helper
from .._rng import rand_below
from .credits import Q_HELD, Q_RTT, _occupancy, _queued


@helper
def _ugal(n, cand, lv, rst, P, thr):
    """The ``ugal`` choice among all n candidates (:class:`sim.state.Candidates`), available or
    not, from the router's live state ``lv``: least occupancy x hops, plus ``thr`` phits for the
    non-minimal ones, ties to the lower label, then uniform (-1 if n = 0).  The occupancy of an
    output port, in phits, is by ``lv.uqueue``: Q_CREDITS, its credits in use (BookSim2's
    ``GetUsedCredit``); Q_RTT, those less 2 x the link's latency, at least 0 (BookSim2's
    ``remove_credit_rtt``); Q_HELD, those held longer than the link's zero-load round trip
    (``lv.held`` + 2 x s x its latency ticks): the queues ``queue="credits"``, ``"credits-rtt"``
    and ``"held"`` of :func:`sim.routings.ugal.build`."""
    c_arc, c_vc, c_lab, c_hops = cand.arc, cand.vc, cand.lab, cand.hops
    t, VM, nv, uq, held, sp2 = lv.t, lv.VM, lv.nv, lv.uqueue, lv.held, lv.sp2
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    best = -1
    bs = 0
    bl = 0
    cnt = 0
    for c in range(n):
        a = c_arc[c]
        q = 0
        if a >= 0:
            if c_vc[c] >= nv[a]:
                return -2 - a
            if uq == Q_HELD:
                q = P * _queued(a, t, held + sp2 * lv.lat[a], nv, VM, cr_q, cr_off, cr_cap, cr_time, lv.cr_take)
            else:
                q = P * _occupancy(a, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
                if uq == Q_RTT:
                    q = max(q - 2 * lv.lat[a], 0)
        lab = c_lab[c]
        sc = q * c_hops[c] + (thr if lab != 0 else 0)
        if best < 0 or sc < bs or (sc == bs and lab < bl):
            best = c
            bs = sc
            bl = lab
            cnt = 1
        elif sc == bs and lab == bl:
            cnt += 1
            if rand_below(rst, cnt) == 0:
                best = c
    return best
