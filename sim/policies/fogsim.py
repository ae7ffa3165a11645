"""The ``fogsim`` selection policy: FOGSim's rule for in-transit misrouting (:mod:`sim.policies`).

FOGSim (the simulator of Camarero et al. 2014 and García et al. 2014, commit ``b934297``;
``benchmarks/fogsim/NOTES.md``) routes a head minimally whenever its minimal output can take it,
and considers a misroute only when that output was granted to another packet earlier in the same
allocator cycle (``out_port_used``, ``switchModule.cc:3493`` and ``3284``), not when it is merely
out of credits or its link is busy from an earlier cycle; a packet that must leave by a global
link (MM+L's second hop) may take any of them.  FOGSim retries every unserved input at each
allocator iteration of every cycle (2893-2899), so a head whose minimal VC has no room misroutes
in a cycle in which another packet takes that output; the engine re-examines in later iterations
only the inputs that lost an arbitration, and a head waiting for room only when it may move, so
here such a head may misroute while another packet holds the output (granted within the last
P cycles).  A non-minimal candidate qualifies when its VC
has room for the packet and its occupancy (credits in use over the VC's slots) is at most
Th_non-min percent of the minimal VC's (``variableThreshold=1``, 3526-3535), and one is drawn
uniformly.

An escape candidate (label 2, OFAR's escape subnetwork) is taken as FOGSim's OFAR takes it
(``switchModule.cc:1546-1551`` at b934297): when no misroute was chosen and the minimal output has
no room for the packet (FOGSim: no credit left on the VC the packet would request; a minimal
output that is only busy is waited for), and never from an injection queue
(``forbid_from_injQueues_to_ring``, the setting of García et al. 2014).  Without a minimal candidate, when no
canonical candidate has room.
"""

from __future__ import annotations

import numpy as np

from .._jit import call, helper
from .._rng import rand_below
from .credits import available, best_minimal, in_use, room, vc_available, vc_span


@call
def _fogsim(n, cand, p, lv, rst, P, th):
    """The ``fogsim`` choice (see the module doc) among the first n candidates of head p, -1 if
    none; ``P`` the packet size (an output granted at cycle t is busy until t + P), ``th``
    Th_non-min in percent.  A VC range counts as its candidates (arc, VC) in order."""
    c_arc, c_vc, c_need, c_lab = cand.arc, cand.vc, cand.need, cand.lab
    t, VM, vadelay, ovc_free, out_busy = lv.t, lv.VM, lv.vadelay, lv.ovc_free, lv.out_busy
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    best, bw = best_minimal(n, cand, p, lv)
    if best >= 0:
        c_vc[best] = bw
        return best
    # the misroute trigger, and the least occupied minimal VC (mo / mc of its slots)
    has_min = False
    granted = False
    mo = np.int64(0)
    mc = np.int64(0)
    for c in range(n):
        if c_lab[c] != 0:
            continue
        has_min = True
        a = c_arc[c]
        if a < 0:
            continue
        lo, k = vc_span(c_vc[c])
        full = True
        for w in range(lo, lo + k):
            o = in_use(a * VM + w, a, w, t, cr_q, cr_off, cr_cap, cr_time)
            if mc == 0 or o * mc < mo * cr_cap[a]:
                mo = o
                mc = cr_cap[a]
            if room(a * VM + w, a, w, t, c_need[c], cr_av, cr_q, cr_off, cr_cap, cr_time) >= c_need[c]:
                full = False
        # granted to another packet this cycle; or, with no room on the head's VC, since the
        # head last could have seen it (FOGSim retries such a head at every allocator iteration
        # of every cycle, the engine only when it may move)
        if out_busy[a] == t + P or (full and out_busy[a] > t):
            granted = True
    chosen = -1
    cw = 0
    cnt = 0
    # a misroute only when triggered (or without a minimal candidate); else only the escape is left
    for c in range(n if granted or not has_min else 0):
        a = c_arc[c]
        if c_lab[c] != 1 or a < 0 or out_busy[a] > t:
            continue
        lo, k = vc_span(c_vc[c])
        for w in range(lo, lo + k):
            if not vc_available(a, w, c_need[c], t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time):
                continue
            # occupancy <= th % of the minimal VC's: 100 o / cap <= th mo / mc, in integers
            if has_min and 100 * in_use(a * VM + w, a, w, t, cr_q, cr_off, cr_cap, cr_time) * mc > th * mo * cr_cap[a]:
                continue
            cnt += 1
            if rand_below(rst, cnt) == 0:
                chosen = c
                cw = w
    if chosen >= 0:
        c_vc[chosen] = cw
        return chosen
    return _escape(n, cand, p, lv, has_min)


@helper
def _escape(n, cand, p, lv, has_min):
    """The escape candidate FOGSim's OFAR would take for head p (see the module doc), or -1."""
    c_arc, c_vc, c_need, c_lab = cand.arc, cand.vc, cand.need, cand.lab
    t, VM, cr_av, cr_q, cr_off, cr_cap, cr_time = lv.t, lv.VM, lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    if lv.phtot[p] == 0:
        return -1
    esc = -1
    for c in range(n):
        if c_lab[c] == 2:
            esc = c
            break
    if esc < 0:
        return -1
    for c in range(n):
        a = c_arc[c]
        if c_lab[c] == 2 or (has_min and c_lab[c] != 0):
            continue
        if a < 0:
            return -1  # ejection: never escape at the destination
        lo, k = vc_span(c_vc[c])
        for w in range(lo, lo + k):
            if room(a * VM + w, a, w, t, c_need[c], cr_av, cr_q, cr_off, cr_cap, cr_time) >= c_need[c]:
                return -1
    for c in range(esc, n):
        if c_lab[c] == 2 and available(c, cand, p, lv):
            return c
    return -1
