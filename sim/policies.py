"""Selection policies: which of a head packet's candidates it requests, from the live state of
the router that decides.

The routing proposes candidates (output arc, VC, credits needed, label, estimated hops left;
``sim/routings``); the policy sees, for each, whether its output is free this cycle, whether its
VC may be granted again (VC allocation delay), and the free credit slots of the (output, VC)
downstream buffer, and picks one or none.  CAMINOS separates routing and policy the same way;
this is where decisions from queue state live.

* ``first``: the first available candidate (the routing's preference order).
* ``random``: uniform among the available candidates.
* ``least-occupied``: the available candidate with the most free credits downstream, ties
  uniform (García et al. 2014, Table 1 "VC selection: shortest-queue").
* ``min-first``: precedence by label -- minimal, then non-minimal, then escape (García et al. 2014, §3.2),
  uniform among the available candidates of the best label.
* ``ugal``: when the candidates are paths for the policy to choose from (a routing that leaves
  the path to the policy: UGAL-L at the source, ``sim/routings/ugal.py``), the candidate with the
  least (occupancy of its output port: credits in use over all its VCs) x (hops of its path),
  ties to the better label (minimal), then uniform, among all candidates, available or not
  (Besta & Hoefler 2014, §IV-C); the routing fixes that path and the packet waits for it.  Otherwise (a path
  already chosen): as ``random``.
* ``ofar`` (García et al. 2014, §3.2-3.3): an available minimal candidate if there is one (the one with the
  most free credits: "VC selection: shortest-queue", Table 1); else a random non-minimal port,
  among the available ones whose occupancy (credits in use over all its VCs, percent of its
  slots) is at most ``OFAR_TH`` % of the least occupied minimal port's, on its VC with the most
  free credits; else, if no canonical candidate has room downstream (an output that is only busy
  is waited for, as in FOGSim, García et al. 2014's simulator), an available escape candidate.

A candidate is available when its output (or the ejection port) is free this cycle, its
output VC may be allocated again, and the downstream buffer has room for what the candidate
needs.  Random draws come from the deciding router's own stream.

A candidate's VC field names one VC (``w >= 0``) or a range, ``w = -k``: any of VCs 0..k-1 of its
arc (:func:`vc_span`; OFAR's canonical hops, which may use any canonical VC).  Every policy treats
a range as the candidates (arc, 0), ..., (arc, k-1) in that order, so a range and its expansion
choose alike, and writes the VC it chose into the chosen candidate's field.  A range keeps the
candidate list, the candidate cache and the wake-up scan one entry per port instead of one per VC.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._jit import call, helper, helper_py
from ._rng import rand_below
from .layout import NEVER, NEVER32

__all__ = ["POLICIES", "OWN_WAIT_BOUND", "Live", "select", "wait_bound", "available", "vc_span", "OFAR_TH", "lazy_counts"]

P_FIRST, P_RANDOM, P_LEAST_OCCUPIED, P_MIN_FIRST, P_UGAL, P_OFAR = 0, 1, 2, 3, 4, 5
POLICIES = {
    "first": P_FIRST,
    "random": P_RANDOM,
    "least-occupied": P_LEAST_OCCUPIED,
    "min-first": P_MIN_FIRST,
    "ugal": P_UGAL,
    "ofar": P_OFAR,
}
OFAR_TH = 90  # García et al. 2014, §3.2 / Table 1: Th_non-min = 0.9 x Q_min (percent of the minimal port's occupancy)


class Live(NamedTuple):
    """What a selection policy reads of the deciding router's live state at cycle ``t`` (the
    engine's records :class:`sim.state.Credits`, :class:`sim.state.Ports` and
    :class:`sim.state.Endpoints`, as one view)."""

    t: int
    VM: int  # VCs of the arc with the most (the stride of per-(arc, VC) arrays)
    vadelay: int  # VC allocation delay (an output VC is granted again this long after a tail)
    ej_busy: np.ndarray  # per endpoint: its ejection port busy until
    pdst: np.ndarray  # per packet: destination endpoint
    nv: np.ndarray  # per arc: VCs
    ovc_free: np.ndarray  # per (arc, VC): the cycle the output VC can be granted again
    out_busy: np.ndarray  # per arc: the output port busy until
    cr_av: np.ndarray  # credit rings (sim.state.Credits: av, q, off, cap, time, wait)
    cr_q: np.ndarray
    cr_off: np.ndarray
    cr_cap: np.ndarray
    cr_time: np.ndarray
    cr_wait: np.ndarray


@helper
def room(ca, a, w, t, limit, cr_av, cr_q, cr_off, cr_cap, cr_time):
    """Credits of VC w on arc a usable at cycle t, counted up to ``limit``: the slots not in use
    (slots are used and freed in FIFO order, so the free ones follow the sender's next one)."""
    if cr_av[ca] > t:
        return 0
    if limit == 1:
        return 1
    return min(limit, cr_cap[a] - in_use(ca, a, w, t, cr_q, cr_off, cr_cap, cr_time))


@helper
def q_pack(ft, f, n):
    """The lazy credit count of one (arc, VC) as one int64 (``cr_q``, see :func:`in_use`): the
    first slot's credit time in bits 0-31, the first slot in bits 32-47, the count from bit 48."""
    return np.int64(ft) | (np.int64(f) << 32) | (np.int64(n) << 48)


@helper
def q_time(q):
    """The credit time of the first slot of lazy count q (:func:`q_pack`)."""
    return q & 0xFFFFFFFF


@helper
def q_first(q):
    """The first slot of lazy count q (:func:`q_pack`)."""
    return (q >> 32) & 0xFFFF


@helper
def q_count(q):
    """The number of slots of lazy count q (:func:`q_pack`)."""
    return q >> 48


@helper
def in_use(ca, a, w, t, cr_q, cr_off, cr_cap, cr_time):
    """Credit slots of VC w on arc a in use at cycle t (taken, and their credit not back yet).

    ``cr_q[ca]`` packs (n, f, ft): the n slots from f on, in ring order up to the sender's next
    one, may be in use and all others are free; ft is the credit time of slot f (NEVER32 while
    the packet is still downstream).  Slots are freed in the order they were taken and their
    credit times do not decrease, so the slots in use are the last of the n: the first ones
    whose time has come are dropped here, and the count is kept for later calls (each slot is
    dropped once, and the ring is read only then).  The engine's queries come at non-decreasing
    cycles per arc (its sending router's), and a credit is never returned for a cycle already
    queried (credits come back after the window: see the engine), so the count stays exact."""
    q = cr_q[ca]
    ft = q_time(q)
    n = q_count(q)
    if n == 0 or ft > t:
        return n
    C = cr_cap[a]
    off = cr_off[a] + w * C
    f = q_first(q)
    while True:
        f = f + 1 if f + 1 < C else 0
        n -= 1
        if n == 0:
            ft = NEVER32  # the next slot taken is slot f
            break
        ft = cr_time[off + f]
        if ft > t:
            break
    cr_q[ca] = q_pack(ft, f, n)
    return n


def lazy_counts(
    cr_time: np.ndarray, cr_off: np.ndarray, cr_cap: np.ndarray, nv: np.ndarray, vmax: int, cr_s: np.ndarray, t: int
) -> np.ndarray:
    """``cr_q`` for credit rings set up by hand (tests): for each (arc, VC) the slots in use at
    cycle t, counted back from the sender's next slot ``cr_s``, as :func:`in_use` keeps them."""
    q = np.zeros(nv.shape[0] * vmax, np.int64)
    for a in range(nv.shape[0]):
        C = int(cr_cap[a])
        for w in range(int(nv[a])):
            off = int(cr_off[a]) + w * C
            s = int(cr_s[a * vmax + w])
            n = 0
            while n < C and cr_time[off + (s - 1 - n) % C] > t:
                n += 1
            f = (s - n) % C
            ft = int(cr_time[off + f]) if n else int(NEVER32)
            q[a * vmax + w] = ft | (f << 32) | (n << 48)  # as q_pack (compiled only) packs it
    return q


@helper
def _occupancy(a, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time):
    """Credits of output arc a in use at cycle t, over all its VCs (the downstream buffer's
    packets and the credits still on their way back): the local output queue length of UGAL.
    The sum of its VCs' lazy counts (:func:`in_use`)."""
    q = 0
    for w in range(nv[a]):
        q += in_use(a * VM + w, a, w, t, cr_q, cr_off, cr_cap, cr_time)
    return q


@helper
def vc_ready(a, w, x, vmax, vadelay, ovc_free, cr_av, cr_wait, wbit):
    """Earliest cycle >= x at which VC w of arc a can be allocated and has a credit, or NEVER
    when its next credit slot is not freed downstream yet (the input then registers ``wbit`` in
    ``cr_wait`` of a, and the credit push wakes it)."""
    if vadelay > 0 and ovc_free[a * vmax + w] > x:
        x = ovc_free[a * vmax + w]
    tc = cr_av[a * vmax + w]
    if tc == NEVER32:
        cr_wait[a] |= wbit
        return NEVER
    if tc > x:
        x = tc
    return x


@helper_py
def vc_span(w):
    """(first VC, number of VCs) a candidate's VC field allows: ``w >= 0`` is VC w alone,
    ``w = -k`` any of VCs 0..k-1."""
    if w >= 0:
        return w, 1
    return 0, -w


@helper
def vc_available(a, w, need, t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time):
    """Whether VC w of arc a (whose port the caller found free) can be allocated at cycle t to a
    packet needing ``need`` credits."""
    if vadelay > 0 and ovc_free[a * VM + w] > t:
        return False
    return room(a * VM + w, a, w, t, need, cr_av, cr_q, cr_off, cr_cap, cr_time) >= need


@helper
def available(c, cand, p, lv):
    """Whether candidate c of head p can be requested at cycle ``lv.t`` (for a VC range: on one of
    its VCs)."""
    c_arc, c_vc, c_need = cand.arc, cand.vc, cand.need
    t, VM, vadelay, ej_busy, pdst, ovc_free, out_busy = lv.t, lv.VM, lv.vadelay, lv.ej_busy, lv.pdst, lv.ovc_free, lv.out_busy
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    a = c_arc[c]
    if a < 0:
        return ej_busy[pdst[p]] <= t
    if out_busy[a] > t:
        return False
    lo, k = vc_span(c_vc[c])
    for w in range(lo, lo + k):
        if vc_available(a, w, c_need[c], t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time):
            return True
    return False


@helper
def _most_free_vc(a, lo, k, need, t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time, bfree):
    """(VC, free credits) of the available VC among lo..lo+k-1 of arc a with more free credits
    than ``bfree`` and the most of them, the lowest such VC on ties; (-1, bfree) if none."""
    bw = -1
    for w in range(lo, lo + k):
        if not vc_available(a, w, need, t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time):
            continue
        free = cr_cap[a] - in_use(a * VM + w, a, w, t, cr_q, cr_off, cr_cap, cr_time)
        if free > bfree:
            bw = w
            bfree = free
    return bw, bfree


@helper
def _ugal(n, c_arc, c_vc, c_lab, c_hops, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time, rst, P, thr):
    """The ``ugal`` choice among all n candidates, available or not: least occupancy (phits of
    credits in use) x hops, plus ``thr`` phits for the non-minimal ones, ties to the lower label,
    then uniform (-1 if n = 0)."""
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
            q = _occupancy(a, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
        lab = c_lab[c]
        sc = q * P * c_hops[c] + (thr if lab != 0 else 0)
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
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    best = -1
    bw = -1
    bfree = -1
    for c in range(n):
        if c_lab[c] != 0:
            continue
        a = c_arc[c]
        if a < 0:
            if ej_busy[pdst[p]] <= t and (1 << 30) > bfree:
                best = c
                bw = 0
                bfree = 1 << 30
            continue
        if out_busy[a] > t:
            continue
        lo, k = vc_span(c_vc[c])
        w, f = _most_free_vc(a, lo, k, c_need[c], t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time, bfree)
        if w >= 0:
            best = c
            bw = w
            bfree = f
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


@helper
def port_ready(a, lo, k, x, VM, vadelay, ovc_free, cr_av, cr_wait, wbit):
    """Earliest cycle >= x (x at least the port's free cycle) at which one of VCs lo..lo+k-1 of
    arc a can be allocated with a credit (:func:`vc_ready`; NEVER with the waits registered)."""
    y = NEVER
    for w in range(lo, lo + k):
        y = min(y, vc_ready(a, w, x, VM, vadelay, ovc_free, cr_av, cr_wait, wbit))
        if y == x:
            break
    return y


@helper
def _drop_time(a, t, nv, VM, cr_q, cr_off, cr_cap, cr_time, cr_wait, wbit):
    """Earliest cycle > t at which the occupancy of arc a (:func:`_occupancy`) may fall: the
    first credit back among its VCs' slots in use (a slot whose packet is still downstream has
    no time yet: the input registers ``wbit`` in ``cr_wait`` of a, and that credit's push wakes
    it)."""
    x = NEVER
    for w in range(nv[a]):
        ca = a * VM + w
        if in_use(ca, a, w, t, cr_q, cr_off, cr_cap, cr_time) == 0:
            continue
        ft = q_time(cr_q[ca])
        if ft == NEVER32:
            cr_wait[a] |= wbit
        elif ft < x:
            x = ft
    return x


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


@call
def _select_ranges(sel, n, cand, p, lv, rst):
    """The policies of :func:`_select` other than ``ugal`` on paths and ``ofar``, for candidates
    with VC ranges: each range as its candidates (arc, VC) in order; the chosen VC is written
    into the chosen candidate.  (Inlined into the common loop, the inner VC loop cost MIN 10-13 %:
    sim_ab.py, h = 6, load 0.4.)"""
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
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    chosen = -1
    cw = 0  # the chosen candidate's VC
    best = -1
    cnt = 0
    for c in range(n):
        a = c_arc[c]
        lo = 0
        hi = 1
        if a < 0:
            if ej_busy[pdst[p]] > t:
                continue
        else:
            if out_busy[a] > t:
                continue
            lo = c_vc[c]
            if lo >= 0:
                hi = lo + 1
            else:
                hi = -lo
                lo = 0
            if hi > nv[a]:
                return -2 - a
        for w in range(lo, hi):  # a VC range as its candidates (arc, VC), in order
            if a < 0:
                free = 1 << 30
            else:
                if vadelay > 0 and ovc_free[a * VM + w] > t:
                    continue
                free = room(
                    a * VM + w, a, w, t, cr_cap[a] if sel == P_LEAST_OCCUPIED else c_need[c], cr_av, cr_q, cr_off, cr_cap, cr_time
                )
                if free < c_need[c]:
                    continue
            if sel == P_FIRST:
                if a >= 0:
                    c_vc[c] = w
                return c
            if sel == P_RANDOM or sel == P_UGAL:
                cnt += 1
                if rand_below(rst, cnt) == 0:
                    chosen = c
                    cw = w
                continue
            # the score to maximise: free credits, or the label's precedence
            score = free if sel == P_LEAST_OCCUPIED else -c_lab[c]
            if score > best or chosen < 0:
                best = score
                chosen = c
                cw = w
                cnt = 1
            elif score == best:
                cnt += 1
                if rand_below(rst, cnt) == 0:
                    chosen = c
                    cw = w
    if chosen >= 0 and c_arc[chosen] >= 0:
        c_vc[chosen] = cw
    return chosen


@helper
def _select(sel, n, cand, paths, p, lv, rst, P, thr):
    """Index of the chosen candidate among the first n of ``cand`` (:class:`sim.state.Candidates`)
    for head p, -1 if none is available, or -2 - arc when a candidate asks for a VC the arc does
    not have (a configuration error).  ``paths``: the candidates are first hops of paths for the
    policy to choose from (UGAL at the source); with ``ugal`` the chosen one may not be available
    yet: the caller fixes the path and waits for it.  ``lv``: the router's live state
    (:class:`Live`); ``rst``: its random stream; ``P``, ``thr``: the packet size and the ``ugal``
    policy's threshold in phits (``Routing.threshold``), which it reads when choosing paths."""
    c_arc, c_vc, c_need, c_lab, c_hops = cand.arc, cand.vc, cand.need, cand.lab, cand.hops
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
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    if sel == P_UGAL and paths:
        return _ugal(n, c_arc, c_vc, c_lab, c_hops, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time, rst, P, thr)
    if sel == P_OFAR:
        # (its candidates' VCs are checked once, when they are routed: see the engine's requests)
        # a function of its own (sim/_jit.py): inlined at both selection sites it cost LLVM time;
        # integer arguments as int64 variables, one signature
        return _ofar(np.int64(n), cand, np.int64(p), lv, rst)
    for c in range(n):
        if c_vc[c] < 0 and c_arc[c] >= 0:
            # VC ranges: a loop of their own, out of line (one VC per candidate is the common case)
            return _select_ranges(np.int64(sel), np.int64(n), cand, np.int64(p), lv, rst)
    # one VC per candidate: the loop of _select_ranges without its VC loop, kept apart because
    # that loop here (inlined, or its scoring step as a helper returning a tuple) cost MIN 10-13 %
    chosen = -1
    best = -1
    cnt = 0
    for c in range(n):
        a = c_arc[c]
        if a < 0:
            if ej_busy[pdst[p]] > t:
                continue
            free = 1 << 30
        else:
            if out_busy[a] > t:
                continue
            w = c_vc[c]
            if w >= nv[a]:
                return -2 - a
            if vadelay > 0 and ovc_free[a * VM + w] > t:
                continue
            free = room(
                a * VM + w, a, w, t, cr_cap[a] if sel == P_LEAST_OCCUPIED else c_need[c], cr_av, cr_q, cr_off, cr_cap, cr_time
            )
            if free < c_need[c]:
                continue
        if sel == P_FIRST:
            return c
        if sel == P_RANDOM or sel == P_UGAL:
            cnt += 1
            if rand_below(rst, cnt) == 0:
                chosen = c
            continue
        # the score to maximise: free credits, or the label's precedence
        score = free if sel == P_LEAST_OCCUPIED else -c_lab[c]
        if score > best or chosen < 0:
            best = score
            chosen = c
            cnt = 1
        elif score == best:
            cnt += 1
            if rand_below(rst, cnt) == 0:
                chosen = c
    return chosen


#: the policies with a wake-up bound of their own (:func:`_wait_bound`; the engine keeps it per head)
OWN_WAIT_BOUND = (P_OFAR,)


@helper
def checks_vcs(sel):
    """Whether the policy checks each candidate's VC against its arc as it reads it: all but
    ``ofar``, which reads many cached candidates at every visit (the engine checks them once, when
    they are routed)."""
    return sel != P_OFAR


@helper
def _wait_bound(sel, n, cand, p, lv, wbit):
    """The policy's own bound on when head p, whose n candidates it declined at cycle ``lv.t``,
    may take one: the engine skips the head until then (NEVER: until a credit push registered
    with ``wbit`` in ``lv.cr_wait`` wakes it).  -1: the policy has none, and the engine uses its
    generic bound (the first cycle a candidate is available).  The ``ofar`` policy declines
    available candidates (over its threshold), so the generic bound would wake its heads at every
    cycle: :func:`_ofar_wait`."""
    if sel == P_OFAR:
        return _ofar_wait(np.int64(n), cand, np.int64(p), lv, np.int64(wbit))
    return np.int64(-1)


@helper_py
def wait_bound(sel, n, cand, p, lv, wbit):
    """:func:`_wait_bound`, callable from Python (tests)."""
    return _wait_bound(sel, n, cand, p, lv, wbit)


@helper_py
def select(sel, n, cand, paths, p, lv, rst, P=1, thr=0):
    """:func:`_select`, callable from Python (tests, channel dependencies); the engine
    calls ``_select``, compiled without a Python entry point."""
    return _select(sel, n, cand, paths, p, lv, rst, P, thr)
