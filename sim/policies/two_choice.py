"""The ``two-choice`` selection policy: the power of two random choices among the available
candidates, BookSim2's ``fattree_anca`` (:mod:`sim.policies`).

BookSim2 (``booksim/booksim2``, ``src/routefunc.cpp``, ``fattree_anca``) routes a packet that
must climb a fat tree to a nearest common ancestor through one of the k up ports: it draws two
of them at random (independently, so possibly the same one), compares their credits in use over
the whole output port (``Router::GetUsedCredit``) and takes the less used one, the first drawn on
a tie.  This is the Adaptive Nearest Common Ancestor routing (ANCA) with which Besta & Hoefler
2014, §V simulates FT-3 in a modified BookSim.  Two random choices instead of the least used of
all ports keep the inputs of a router from all asking for the same port in the same cycle.

Here the two are drawn among the *available* candidates (output free, VC grantable, room
downstream; :func:`sim.policies.credits.available`), so the policy never declines a head that
could move and draws nothing when it declines: BookSim2 fixes the port when it computes the
route and then waits for it, whatever its state.  A single available candidate (the way down,
the ejection port) is taken without a draw.  On the chosen port the VC with the most free
credits is taken (the lowest on ties).
"""

from __future__ import annotations

import numpy as np

from .._jit import call
from .._rng import rand_below
from .credits import _most_free_vc, _occupancy, available, vc_span


@call
def _two_choice(n, cand, p, lv, rst):
    """The ``two-choice`` choice (see the module doc) among the first n candidates of head p, -1
    if none is available."""
    c_arc, c_vc, c_need = cand.arc, cand.vc, cand.need
    t, VM, vadelay, nv, ovc_free = lv.t, lv.VM, lv.vadelay, lv.nv, lv.ovc_free
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    m = 0
    for c in range(n):
        if available(c, cand, p, lv):
            m += 1
    if m == 0:
        return -1
    if m == 1:
        i = 0
        j = 0
    else:
        i = rand_below(rst, m)
        j = rand_below(rst, m)
    ci = -1
    cj = -1
    k = 0
    for c in range(n):
        if not available(c, cand, p, lv):
            continue
        if k == i:
            ci = c
        if k == j:
            cj = c
        k += 1
    chosen = ci
    if cj != ci:
        ai, aj = c_arc[ci], c_arc[cj]
        if ai >= 0 and aj >= 0:
            oi = _occupancy(ai, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
            oj = _occupancy(aj, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
            if oi > oj:
                chosen = cj
    a = c_arc[chosen]
    if a >= 0:
        lo, kk = vc_span(c_vc[chosen])
        need = c_need[chosen]
        w, _ = _most_free_vc(a, lo, kk, need, t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time, np.int64(-1))
        c_vc[chosen] = w
    return chosen
