"""The ``ofar`` selection policy and its own wake-up bound (García et al. 2014, §3.2-3.3;
:mod:`sim.policies`)."""

from __future__ import annotations

import numpy as np

from .._jit import call, helper
from .._rng import rand_below
from ..layout import NEVER
from .credits import _drop_time, _most_free_vc, _occupancy, available, best_minimal, port_ready, room, vc_span

OFAR_TH = 90  # García et al. 2014, §3.2 / Table 1: Th_non-min = 0.9 x Q_min (percent of the minimal port's occupancy)


@helper
def _pct(a, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time):
    """Occupancy of output arc a at cycle t in percent x 100 of its slots (integer arithmetic)."""
    return 10000 * _occupancy(a, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time) // (cr_cap[a] * nv[a])


@helper
def _min_pct(n, c_arc, c_lab, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time):
    """The least occupancy (``_pct``) of the minimal candidates' ports (2^40 if none)."""
    qmin = np.int64(1) << 40
    last = -2
    for c in range(n):
        a = c_arc[c]
        if c_lab[c] == 0 and a >= 0 and a != last:
            last = a
            q = _pct(a, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
            if q < qmin:
                qmin = q
    return qmin


@call
def _ofar(n, cand, p, lv, rst):
    """The ``ofar`` choice (see the module doc); -1 if nothing is available.  A candidate is a
    port (its VCs a range, or one VC), and each port's occupancy is read once."""
    c_arc, c_vc, c_need, c_lab = cand.arc, cand.vc, cand.need, cand.lab
    t, VM, vadelay, nv, ovc_free, out_busy = lv.t, lv.VM, lv.vadelay, lv.nv, lv.ovc_free, lv.out_busy
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    best, bw = best_minimal(n, cand, p, lv)
    if best >= 0:
        c_vc[best] = bw
        return best
    # a random non-minimal port under the threshold, then its VC with the most free credits;
    # the threshold is relative to the least occupied minimal port, read when a non-minimal port
    # is available (most heads take a minimal port or find none)
    # (a port may also come as adjacent candidates of one VC each: each port counts once)
    qmin = -1
    kmin = np.int64(0)
    nm_free = False  # a non-minimal port was available (so it has room), over the threshold or not
    port = -1
    cnt = 0
    last = -2
    for c in range(n):
        a = c_arc[c]
        if c_lab[c] != 1 or a == last:
            continue
        if out_busy[a] > t:
            last = a  # the port is busy: none of its VCs is available
            continue
        if not available(c, cand, p, lv):
            continue
        last = a
        nm_free = True
        if qmin < 0:
            qmin = _min_pct(n, c_arc, c_lab, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
            # 100 x pct > OFAR_TH x qmin, pct = floor(10000 occ / slots), holds exactly when
            # pct >= kmin, that is when 10000 occ >= kmin x slots: no division per port
            kmin = OFAR_TH * qmin // 100 + 1
        if 10000 * _occupancy(a, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time) >= kmin * (cr_cap[a] * nv[a]):
            continue
        cnt += 1
        if rand_below(rst, cnt) == 0:
            port = a
    if port >= 0:
        bw = -1
        bfree = -1
        for c in range(n):
            if c_arc[c] != port or c_lab[c] != 1:
                continue
            lo, k = vc_span(c_vc[c])
            w, f = _most_free_vc(port, lo, k, c_need[c], t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time, bfree)
            if w >= 0:
                best = c
                bw = w
                bfree = f
        c_vc[best] = bw
        return best
    # the escape only when no canonical output has room for the packet: one that is only busy
    # (transmitting another packet) is waited for, as FOGSim diverts to the escape subnetwork
    # only an output out of credits (an available port has room)
    if nm_free:
        return -1
    for c in range(n):
        a = c_arc[c]
        if c_lab[c] != 2 and a >= 0:
            lo, k = vc_span(c_vc[c])
            for w in range(lo, lo + k):
                if room(a * VM + w, a, w, t, c_need[c], cr_av, cr_q, cr_off, cr_cap, cr_time) >= c_need[c]:
                    return -1
    for c in range(n):
        if c_lab[c] == 2 and available(c, cand, p, lv):
            return c
    return -1


@call
def _ofar_wait(n, cand, p, lv, wbit):
    """Earliest cycle > t at which the ``ofar`` policy, which declined all n candidates of head p
    at cycle t, may take one (NEVER when only a credit push, registered in ``cr_wait``, can
    change that).  The engine's generic bound (the first cycle a candidate is available) would
    wake the head at every cycle in which an escape or non-minimal candidate is available but
    declined; until a minimal port frees (a packet holds it P cycles) nothing changes for it:

    * a minimal candidate, or one unavailable at t: the cycle it is available;
    * a non-minimal port available at t was over the threshold.  It stays over until its
      occupancy falls (a credit back on it) or Q_min rises, which needs a take of every least
      occupied minimal port: takes only make a port fuller and credits back only make Q_min
      smaller, and the threshold grows with Q_min;
    * the escape: the cycle it is available, unless a canonical port with room is busy: no packet
      takes that room before the port is ready again, room only grows by itself, and the escape
      is not taken while a canonical port has room, so that port's bound covers the escape.

    A declined selection draws no random number, so the visits skipped change nothing.  Returns
    t + 1 as soon as a candidate may be available then (the waits of the others are registered
    at that visit)."""
    c_arc, c_vc, c_need, c_lab = cand.arc, cand.vc, cand.need, cand.lab
    t, VM, vadelay, ej_busy, pdst, nv, ovc_free, out_busy = (
        lv.t,
        lv.VM,
        lv.vadelay,
        lv.ej_busy,
        lv.pdst,
        lv.nv,
        lv.ovc_free,
        lv.out_busy,
    )
    cr_av, cr_q, cr_off, cr_cap, cr_time, cr_wait = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time, lv.cr_wait
    t1 = t + 1
    best = NEVER
    t2 = np.int64(-1)  # the cycle Q_min may rise, computed once
    for c in range(n):
        lab = c_lab[c]
        if lab == 2:
            continue
        a = c_arc[c]
        if a < 0:
            x = max(t1, ej_busy[pdst[p]])
        else:
            lo, k = vc_span(c_vc[c])
            x = port_ready(a, lo, k, max(t, out_busy[a]), VM, vadelay, ovc_free, cr_av, cr_wait, wbit)
            if x == t:
                # free at t with a credit: available then unless it needs more room
                if lab == 1 and (c_need[c] == 1 or available(c, cand, p, lv)):
                    # declined: over the threshold at t
                    if t2 < 0:
                        t2 = _qmin_rise(n, cand, lv, wbit)
                    x = t2
                    if x > t1:
                        x = min(x, _drop_time(a, t, nv, VM, cr_q, cr_off, cr_cap, cr_time, cr_wait, wbit))
                else:
                    x = t1
        if x <= t1:
            return t1
        if x < best:
            best = x
    for c in range(n):
        a = c_arc[c]
        if c_lab[c] != 2 or a < 0:
            continue
        lo, k = vc_span(c_vc[c])
        x = port_ready(a, lo, k, max(t1, out_busy[a]), VM, vadelay, ovc_free, cr_av, cr_wait, wbit)
        if x < best and not _busy_room(n, c_arc, c_vc, c_need, c_lab, t, VM, out_busy, cr_av, cr_q, cr_off, cr_cap, cr_time):
            best = x
    return best


@helper
def _busy_room(n, c_arc, c_vc, c_need, c_lab, t, VM, out_busy, cr_av, cr_q, cr_off, cr_cap, cr_time):
    """Whether a canonical candidate's port is busy at t and has room for it.  The escape is not
    taken while it has (room only goes with a take, and a busy port is taken by nobody), and the
    head cannot move before that port is ready again: its bound then covers the escape's."""
    for c in range(n):
        a = c_arc[c]
        if c_lab[c] == 2 or a < 0 or out_busy[a] <= t:
            continue
        lo, k = vc_span(c_vc[c])
        for w in range(lo, lo + k):
            if room(a * VM + w, a, w, t, c_need[c], cr_av, cr_q, cr_off, cr_cap, cr_time) >= c_need[c]:
                return True
    return False


@helper
def _qmin_rise(n, cand, lv, wbit):
    """Earliest cycle > t at which Q_min (:func:`_min_pct`) may rise: each least occupied
    minimal port must be taken first, on any of its VCs, by any packet."""
    c_arc, c_lab = cand.arc, cand.lab
    t, VM, vadelay, nv, ovc_free, out_busy = lv.t, lv.VM, lv.vadelay, lv.nv, lv.ovc_free, lv.out_busy
    cr_av, cr_q, cr_off, cr_cap, cr_time, cr_wait = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time, lv.cr_wait
    qmin = np.int64(1) << 40
    x = t + 1
    last = -2
    for c in range(n):
        a = c_arc[c]
        if c_lab[c] == 0 and a >= 0 and a != last:
            last = a
            q = _pct(a, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
            if q <= qmin:
                y = port_ready(a, 0, nv[a], max(t + 1, out_busy[a]), VM, vadelay, ovc_free, cr_av, cr_wait, wbit)
                x = y if q < qmin else max(x, y)
                qmin = q
    return x
