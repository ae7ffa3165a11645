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
  least (occupancy of its output port: credits in use over all its VCs, less twice the link's
  latency by default; the routing's ``queue``, :data:`UGAL_QUEUES`) x (hops of its path),
  ties to the better label (minimal), then uniform, among all candidates, available or not
  (Besta & Hoefler 2014, §IV-C); the routing fixes that path and the packet waits for it.  Otherwise (a path
  already chosen): as ``random``.
* ``ofar`` (García et al. 2014, §3.2-3.3): an available minimal candidate if there is one (the one with the
  most free credits: "VC selection: shortest-queue", Table 1); else a random non-minimal port,
  among the available ones whose occupancy (credits in use over all its VCs, percent of its
  slots) is at most ``OFAR_TH`` % of the least occupied minimal port's, on its VC with the most
  free credits; else, if no canonical candidate has room downstream (an output that is only busy
  is waited for, as in FOGSim, García et al. 2014's simulator), an available escape candidate.
* ``fogsim`` (FOGSim's in-transit misrouting, :mod:`sim.policies.fogsim`; OLM's): an available
  minimal candidate if there is one (the VC with the most free credits); else, only when a
  minimal output was granted to another packet earlier in this cycle, or holds another packet
  while the head's minimal VC has no room, or the routing offers no minimal candidate, a random
  available non-minimal (arc, VC) whose occupancy is at most
  ``thr`` % (``Routing.threshold``) of the least occupied minimal VC's; never an escape.
* ``two-choice`` (BookSim2's ``fattree_anca``, the ANCA of Besta & Hoefler 2014, §V's FT-3;
  :mod:`sim.policies.two_choice`): two available candidates drawn at random, the one whose output
  port has fewer credits in use (the first on ties), on its VC with the most free credits; a
  single available candidate without a draw.

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

from .._jit import call, helper, helper_py
from .._rng import rand_below
from .credits import (
    Q_CREDITS,
    Q_HELD,
    Q_RTT,
    UGAL_QUEUES,
    _occupancy,
    available,
    in_use,
    lazy_counts,
    port_ready,
    q_count,
    q_first,
    q_pack,
    q_time,
    room,
    vc_available,
    vc_ready,
    vc_span,
)
from .fogsim import _fogsim
from .two_choice import _two_choice
from .ofar import OFAR_TH, _ofar, _ofar_wait
from .ugal import _ugal

__all__ = [
    "POLICIES",
    "UGAL_QUEUES",
    "Q_CREDITS",
    "Q_RTT",
    "Q_HELD",
    "OWN_WAIT_BOUND",
    "Live",
    "select",
    "wait_bound",
    "available",
    "vc_span",
    "vc_ready",
    "vc_available",
    "port_ready",
    "room",
    "in_use",
    "q_pack",
    "q_time",
    "q_first",
    "q_count",
    "OFAR_TH",
    "lazy_counts",
    "_occupancy",
]

P_FIRST, P_RANDOM, P_LEAST_OCCUPIED, P_MIN_FIRST, P_UGAL, P_OFAR, P_FOGSIM, P_TWO_CHOICE = 0, 1, 2, 3, 4, 5, 6, 7
POLICIES = {
    "first": P_FIRST,
    "random": P_RANDOM,
    "least-occupied": P_LEAST_OCCUPIED,
    "min-first": P_MIN_FIRST,
    "ugal": P_UGAL,
    "ofar": P_OFAR,
    "fogsim": P_FOGSIM,
    "two-choice": P_TWO_CHOICE,
}


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
    uqueue: int  # Config.uqueue: the ugal policy's queue, Q_CREDITS, Q_RTT or Q_HELD
    held: int  # Config.uheld: with Q_HELD, a slot counts once held longer than this + sp2 x its link's latency
    sp2: int  # 2 x the internal speedup: a link's round trip in ticks per cycle of its latency
    lat: np.ndarray  # per arc: link latency
    cr_take: np.ndarray  # per slot: the cycle it was taken (with Q_HELD)
    phtot: np.ndarray  # per packet: hops taken (0: still at its source)


@call
def _select_ranges(sel, n, cand, p, lv, rst):
    """The policies of :func:`_select` other than ``ugal`` on paths and ``ofar``, for candidates
    with VC ranges: each range as its candidates (arc, VC) in order; the chosen VC is written
    into the chosen candidate.  (A loop of its own, out of line: in the common loop, the inner VC
    loop slows the routings of one VC per candidate.)"""
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
    (:class:`Live`); ``rst``: its random stream; ``P``, ``thr``: the packet size and the
    routing's threshold (``Routing.threshold``): the ``ugal`` policy's in phits, which it reads
    when choosing paths, or the ``fogsim`` policy's Th_non-min in percent."""
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
    if sel == P_UGAL and paths:
        return _ugal(n, cand, lv, rst, P, thr)
    if sel == P_OFAR:
        # (its candidates' VCs are checked once, when they are routed: see the engine's requests)
        # a function of its own (sim/_jit.py): inlined at both selection sites it cost LLVM time;
        # integer arguments as int64 variables, one signature
        return _ofar(np.int64(n), cand, np.int64(p), lv, rst)
    if sel == P_FOGSIM:
        return _fogsim(np.int64(n), cand, np.int64(p), lv, rst, np.int64(P), np.int64(thr))
    if sel == P_TWO_CHOICE:
        return _two_choice(np.int64(n), cand, np.int64(p), lv, rst)
    for c in range(n):
        if c_vc[c] < 0 and c_arc[c] >= 0:
            # VC ranges: a loop of their own, out of line (one VC per candidate is the common case)
            return _select_ranges(np.int64(sel), np.int64(n), cand, np.int64(p), lv, rst)
    # one VC per candidate: the loop of _select_ranges without its VC loop, kept apart because
    # that loop here (inlined, or its scoring step as a helper returning a tuple) slows MIN
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
    ``ofar``, ``fogsim`` and ``two-choice``, which read many cached candidates at every visit (the
    engine checks them once, when they are routed)."""
    return sel != P_OFAR and sel != P_FOGSIM and sel != P_TWO_CHOICE


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
