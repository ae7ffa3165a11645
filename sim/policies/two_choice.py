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
the ejection port) is taken without a draw.  The draws are among ports: a port whose VCs come as
a range or as adjacent candidates counts once, whatever their labels.  On the chosen port the VC
with the most free credits is taken (the lowest on ties).
"""

from __future__ import annotations

import numpy as np

from .._jit import call, helper
from .._rng import rand_below
from .credits import _most_free_vc, _occupancy, available, vc_span


@helper
def _port_count(n, cand, p, lv, i, j):
    """The available ports among the first n candidates of head p, a port that comes as adjacent
    candidates (one per VC, or a VC range) counted once; and the arcs of the i-th and j-th of them
    (-2 if there are fewer)."""
    c_arc = cand.arc
    m = 0
    ai = -2
    aj = -2
    last = -2
    for c in range(n):
        a = c_arc[c]
        if a == last or not available(c, cand, p, lv):
            continue
        last = a
        if m == i:
            ai = a
        if m == j:
            aj = a
        m += 1
    return m, ai, aj


@call
def _two_choice(n, cand, p, lv, rst):
    """The ``two-choice`` choice (see the module doc) among the first n candidates of head p, -1
    if none is available.  A port counts once, whether its VCs come as a range or as adjacent
    candidates, so both forms choose alike."""
    c_arc, c_vc, c_need = cand.arc, cand.vc, cand.need
    t, VM, vadelay, nv, ovc_free = lv.t, lv.VM, lv.vadelay, lv.nv, lv.ovc_free
    cr_av, cr_q, cr_off, cr_cap, cr_time = lv.cr_av, lv.cr_q, lv.cr_off, lv.cr_cap, lv.cr_time
    m, ai, aj = _port_count(n, cand, p, lv, -1, -1)
    if m == 0:
        return -1
    i = 0
    j = 0
    if m > 1:
        i = rand_below(rst, m)
        j = rand_below(rst, m)
    m, ai, aj = _port_count(n, cand, p, lv, i, j)
    port = ai
    if aj != ai and ai >= 0 and aj >= 0:
        oi = _occupancy(ai, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
        oj = _occupancy(aj, t, nv, VM, cr_av, cr_q, cr_off, cr_cap, cr_time)
        if oi > oj:
            port = aj
    # the port's VC with the most free credits (the lowest on ties), over its candidates in order
    best = -1
    bw = -1
    bfree = np.int64(-1)
    for c in range(n):
        if c_arc[c] != port:
            continue
        if port < 0:
            if available(c, cand, p, lv):
                return c
            continue
        lo, k = vc_span(c_vc[c])
        w, f = _most_free_vc(port, lo, k, c_need[c], t, VM, vadelay, ovc_free, cr_av, cr_q, cr_off, cr_cap, cr_time, bfree)
        if w >= 0:
            best = c
            bw = w
            bfree = f
    c_vc[best] = bw
    return best
