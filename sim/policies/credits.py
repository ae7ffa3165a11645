"""Credit state as the selection policies read it: free credit slots, the lazy count of slots in
use, VC availability and the cycles at which they change (:mod:`sim.policies`)."""

from __future__ import annotations

import numpy as np

from .._jit import helper, helper_py
from ..layout import NEVER, NEVER32


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


#: what the ``ugal`` policy counts as an output port's queue (``Routing.queue``), and its code in
#: ``Config.uqueue`` and ``Live.uqueue``: every credit in use, those less twice the link's latency,
#: or only the slots held longer than the link's zero-load round trip (:func:`_queued`)
UGAL_QUEUES = ("credits", "credits-rtt", "held")
Q_CREDITS, Q_RTT, Q_HELD = 0, 1, 2


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
def _queued(a, t, horizon, nv, VM, cr_q, cr_off, cr_cap, cr_time, cr_take):
    """Credits of output arc a in use at cycle t that were taken ``horizon`` cycles ago or
    earlier, over all its VCs: the slots held longer than the link's zero-load round trip, whose
    packets waited downstream (see the ``ugal`` policy).  The slots in use of a VC are the lazy
    count's (:func:`in_use`) and were taken in ring order, so the old ones are its first ones."""
    old = t - horizon
    q = 0
    for w in range(nv[a]):
        ca = a * VM + w
        n = in_use(ca, a, w, t, cr_q, cr_off, cr_cap, cr_time)
        if n == 0:
            continue
        C = cr_cap[a]
        off = cr_off[a] + w * C
        f = q_first(cr_q[ca])
        for _ in range(n):
            if cr_take[off + f] > old:
                break
            q += 1
            f = f + 1 if f + 1 < C else 0
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
def best_minimal(n, cand, p, lv):
    """The first choice of the ``ofar`` and ``fogsim`` policies among the first n candidates of head
    p: the minimal candidate (label 0) with the available VC with the most free credits (the first
    such candidate and its lowest such VC on ties; an ejection port that is free beats any VC).
    Returns (candidate, VC), or (-1, -1) if no minimal candidate is available."""
    c_arc, c_vc, c_need, c_lab = cand.arc, cand.vc, cand.need, cand.lab
    t, VM, vadelay, ej_busy, pdst, ovc_free, out_busy = lv.t, lv.VM, lv.vadelay, lv.ej_busy, lv.pdst, lv.ovc_free, lv.out_busy
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
    return best, bw


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
