"""The engine's calls into a routing, generated from its :class:`~sim.routings.kind.Kind`.

Each function here is an ``overload`` whose implementation numba picks from the type of the
routing tables ``rt``: every routing kind has a tables class of its own, so the cycle loop is
compiled once per kind with that kind's functions only (the first run of ``min`` does not
compile OFAR or UGAL).  Why types and not an integer id tested in if-chains: numba types and
LLVM optimises every branch of a chain even when a run takes one, which made the first run of any
routing compile all of them; and why not numba first-class functions: a function value cannot be
cached across processes and costs an indirect call per head.

Functions the engine calls start with ``_`` and have no Python entry point; ``route_init``,
``route_candidates`` and ``route_on_move`` are the same, callable from Python (tests, deadlock
rings), and ``route_states`` routes a batch of header states with one call from Python (the
channel-dependency enumeration of :mod:`sim.cdg`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba.core.errors import TypingError
from numba.extending import overload

from .._hints import prefetch, prefetch2
from .._jit import entry, helper, helper_py
from ..layout import CM
from .base import F_PHASE1, IP_BASE, IP_GPAIR, IP_GROUPS, L_MIN
from .kind import Kind, kind_of
from .vc import VC_ROUTING, every_vc, one_vc, scheme_vcs

__all__ = [
    "route_init",
    "route_candidates",
    "route_on_move",
    "route_states",
    "route_step_candidates",
    "route_prefetch",
    "route_decide",
    "route_decide_py",
    "route_is_escape",
    "leaves_choice_to_policy",
    "decides_on_request",
    "vcs_by_construction",
]

# what sim._jit's ``helper`` gives a function of the cycle loop (see there)
# (numba's stubs type jit_options as the public options only)
_OPTS: Any = {"forceinline": True, "_nrt": False, "no_cpython_wrapper": True, "no_cfunc_wrapper": True}


def _kind(rt: object) -> Kind:
    try:
        return kind_of(rt)
    except TypeError as e:
        raise TypingError(str(e)) from None


def _stub(*args: object) -> None:  # pragma: no cover - replaced by numba in compiled code
    raise TypeError("a compiled routing call: call it from compiled code or through its helper_py twin")


def _route_init(rt, net, pk, p, sr, dr, st):
    """Source decisions at generation: the header starts with flags 0 and no intermediate."""
    _stub()


@overload(_route_init, jit_options=_OPTS)
def _ov_route_init(rt, net, pk, p, sr, dr, st):
    init = _kind(rt).init
    if init is None:

        def impl(rt, net, pk, p, sr, dr, st):
            pk.flags[p] = 0
            pk.inter[p] = -1

    else:

        def impl(rt, net, pk, p, sr, dr, st):
            pk.flags[p] = 0
            pk.inter[p] = -1
            init(rt, net, pk, p, sr, dr, st)

    return impl


def _own_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """VCs of the n candidates under the routing's own scheme (``routing``)."""
    _stub()


@overload(_own_vcs, jit_options=_OPTS)
def _ov_own_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    k = _kind(rt)
    if k.any_vc:

        def impl(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
            return every_vc(net, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)

    elif k.vcs is not None:
        vcs = k.vcs

        def impl(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
            return vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)

    else:
        own_vc = k.own_vc

        def impl(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
            return one_vc(n, out_arc, out_vc, out_need, np.int64(own_vc(rt, net, pk, p, np.int64(-1))))

    return impl


@helper
def _assign_vcs(rt, net, pk, p, vc_scheme, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """VCs of the n candidates under ``vc_scheme``: the routing's own, or a scheme that wraps any
    routing (:func:`sim.routings.vc.scheme_vcs`); returns the number of candidates."""
    if vc_scheme == VC_ROUTING:
        return _own_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)
    return scheme_vcs(vc_scheme, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)


def route_step_candidates(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """:func:`route_candidates` for a head that does not leave the choice to the policy, at the
    engine's pre-routing site (which fills the narrow cache): an in-transit routing's heads are
    routed at request time only, so for them it gives more candidates than the cache holds."""
    _stub()


@overload(route_step_candidates, jit_options=_OPTS)
def _ov_route_step_candidates(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    k = _kind(rt)
    if k.transit:

        def impl(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
            return np.int64(CM + 1)

    else:
        step = k.step

        def impl(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
            n = step(rt, net, pk, np.int64(p), np.int64(r), out_arc, out_lab, out_hops)
            return _assign_vcs(rt, net, pk, p, vc_scheme, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)

    return impl


def leaves_choice_to_policy(rt, pk, p):
    """Whether head p's candidates are paths for the selection policy to choose from (an undecided
    packet at its source, UGAL and the adaptive colour routing): the engine routes such heads at
    request time and never caches them."""
    _stub()


@overload(leaves_choice_to_policy, jit_options=_OPTS)
def _ov_leaves_choice_to_policy(rt, pk, p):
    flag = _kind(rt).undecided
    if flag == 0:

        def impl(rt, pk, p):
            return False

    else:

        def impl(rt, pk, p):
            return (pk.flags[p] & flag) != 0

    return impl


def _route_candidates(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """Allowed (arc, VC, credits needed, label, hops left, tag) at router r in preference order;
    arc -1 = eject.  For a head that leaves the choice of a path to the policy
    (``leaves_choice_to_policy``) each candidate's tag names its path, and the chosen one's goes to
    ``route_decide``; other heads' tags are not written.  The buffers hold (max degree + 2 +
    ``ugal.K_MAX``) x (most VCs) entries (``sim.layout``); a larger count is returned unwritten
    for the caller to report."""
    _stub()


@overload(_route_candidates, jit_options=_OPTS)
def _ov_route_candidates(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    k = _kind(rt)
    step = k.step
    if k.source is None:

        def impl(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
            n = step(rt, net, pk, np.int64(p), np.int64(r), out_arc, out_lab, out_hops)
            if n > out_arc.shape[0]:
                return n
            return _assign_vcs(rt, net, pk, p, vc_scheme, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)

    else:
        source = k.source
        flag = k.undecided

        def impl(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
            if (pk.flags[p] & flag) != 0:
                n = source(rt, net, pk, np.int64(p), np.int64(r), out_arc, out_lab, out_hops, out_tag)
            else:
                n = step(rt, net, pk, np.int64(p), np.int64(r), out_arc, out_lab, out_hops)
            if n > out_arc.shape[0]:
                return n
            return _assign_vcs(rt, net, pk, p, vc_scheme, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)

    return impl


def vcs_by_construction(rt, vc_scheme):
    """Whether every VC the routing proposes exists on its arc by construction (an in-transit
    routing's own VCs: OFAR's range up to the arc's VC count, or its last VC), so the engine need
    not check them."""
    _stub()


@overload(vcs_by_construction, jit_options=_OPTS)
def _ov_vcs_by_construction(rt, vc_scheme):
    if _kind(rt).transit:

        def impl(rt, vc_scheme):
            return vc_scheme == VC_ROUTING

    else:

        def impl(rt, vc_scheme):
            return False

    return impl


def decides_on_request(rt):
    """Whether an undecided head keeps its path open until the output of the one the policy
    prefers is available (PB, as FOGSim re-evaluates it at every allocation attempt) instead of
    fixing it the first time it is at the head (UGAL, as BookSim routes a packet once per router)."""
    _stub()


@overload(decides_on_request, jit_options=_OPTS)
def _ov_decides_on_request(rt):
    on_request = _kind(rt).on_request
    if on_request is None:

        def impl(rt):
            return False

    else:

        def impl(rt):
            return on_request(rt)

    return impl


def route_decide(rt, net, pk, p, r, tag):
    """The selection policy chose the candidate of tag ``tag`` for head p at router r, whose
    candidates left the choice to it (``leaves_choice_to_policy``): the routing fixes the path."""
    _stub()


@overload(route_decide, jit_options=_OPTS)
def _ov_route_decide(rt, net, pk, p, r, tag):
    decide = _kind(rt).decide
    if decide is None:

        def impl(rt, net, pk, p, r, tag):
            return

    else:

        def impl(rt, net, pk, p, r, tag):
            decide(rt, net, pk, np.int64(p), np.int64(r), np.int64(tag))

    return impl


def _route_on_move(rt, net, pk, p, arc, vc):
    """Header update after winning VC ``vc`` of ``arc`` (hop counters already incremented)."""
    _stub()


@overload(_route_on_move, jit_options=_OPTS)
def _ov_route_on_move(rt, net, pk, p, arc, vc):
    on_move = _kind(rt).on_move
    if on_move is None:

        def impl(rt, net, pk, p, arc, vc):
            return

    else:

        def impl(rt, net, pk, p, arc, vc):
            on_move(rt, net, pk, p, arc, vc)

    return impl


def route_is_escape(rt, net, a):
    """Whether arc a belongs to the routing's escape subnetwork (its last VC; OFAR)."""
    _stub()


@overload(route_is_escape, jit_options=_OPTS)
def _ov_route_is_escape(rt, net, a):
    is_escape = _kind(rt).is_escape
    if is_escape is None:

        def impl(rt, net, a):
            return False

    else:

        def impl(rt, net, a):
            return is_escape(rt, net, a)

    return impl


@helper
def _prefetch_group_tables(rt, r, gd):
    """The group-pair entry from r's group to group gd and r's row of local arcs."""
    gs = rt.group[r]
    if gs != gd:
        if rt.ip[IP_GPAIR] == 1:
            prefetch(rt.gpair, 2 * (gs * rt.ip[IP_GROUPS] + gd))
        else:
            prefetch(rt.gptr, gs * rt.ip[IP_GROUPS] + gd)
    a = rt.larc.shape[1]
    for j in range(0, a, 16):
        prefetch2(rt.larc, r, j)
    prefetch2(rt.larc, r, a - 1)


def route_prefetch(rt, net, pk, p, r):
    """Hint: bring in the table lines the candidates of head p at router r will read (the
    engine calls it for a batch of heads before routing them, so the misses overlap).
    Dragonfly hierarchical routings: the group-pair entry and r's row of local arcs."""
    _stub()


@overload(route_prefetch, jit_options=_OPTS)
def _ov_route_prefetch(rt, net, pk, p, r):
    target_group = _kind(rt).target_group
    if target_group is None:

        def impl(rt, net, pk, p, r):
            return

    else:

        def impl(rt, net, pk, p, r):
            if rt.ip[IP_BASE] != 1:
                return
            if (pk.flags[p] & F_PHASE1) == 0 and r == pk.dr[p]:
                return
            _prefetch_group_tables(rt, r, target_group(rt, pk, p))

    return impl


# ----------------------------------------------------------------------------- from Python
@helper_py
def route_init(rt, net, pk, p, sr, dr, st):
    """:func:`_route_init`, callable from Python (tests, channel dependencies)."""
    return _route_init(rt, net, pk, p, sr, dr, st)


@entry
def route_candidates(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """:func:`_route_candidates`, callable from Python (tests, deadlock rings) and from :func:`route_states`."""
    return _route_candidates(rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)


@helper_py
def route_decide_py(rt, net, pk, p, r, tag):
    """:func:`route_decide`, callable from Python (tests of the declared source decisions)."""
    route_decide(rt, net, pk, p, r, tag)


@entry
def route_on_move(rt, net, pk, p, arc, vc):
    """:func:`_route_on_move`, callable from Python (tests) and from :func:`route_states`."""
    return _route_on_move(rt, net, pk, p, arc, vc)


@helper_py
def route_states(
    rt,
    net,
    pk,
    vc_scheme,
    st,
    i0,
    escape,
    b_arc,
    b_vc,
    b_need,
    b_lab,
    b_hops,
    b_tag,
    used,
    o_n,
    o_state,
    o_arc,
    o_vc,
    o_dep,
    o_flags,
    o_hops,
):
    """Route the header states ``st[i0:]`` one after the other (rows ``destination router,
    intermediate, router, total hops, flags, hops per link kind``) while their channels fit in the
    outputs; returns ``(next state to route, outputs written)``, the count -1 when the next state's
    channels alone exceed the outputs.

    Each state's candidates (``b_*``: scratch of :func:`route_candidates`, as long as the most
    (arc, VC) entries one call can give) are expanded to (arc, VC) channels, a VC range ``-k``
    standing for VCs 0..k-1; ejection is left out.  Per channel the outputs hold the state's row
    (``o_state``), the arc and VC, whether the head depends on it (every channel, or with
    ``escape`` only the minimal-labelled ones when the state has one) and the header's flags and
    hops per kind after :func:`route_on_move` over it.  ``o_n[i]`` is state i's number of
    candidates (ejection included; 0: the routing offered none) and ``used[k]`` grows to the
    highest VC + 1 taken on link kind k.  One call from Python routes thousands of states, where
    a call per state spent most of :func:`sim.cdg.channel_dependencies` unpacking arguments."""
    nk = pk.hops.shape[1]
    zero = np.int64(0)  # the packet index as Python passes it (an int64, not a literal): one compiled twin
    cap = o_arc.shape[0]
    m = 0
    i = i0
    while i < st.shape[0]:
        pk.dr[0], pk.inter[0], pk.htot[0], pk.flags[0] = st[i, 0], st[i, 1], st[i, 3], st[i, 4]
        for k in range(nk):
            pk.hops[0, k] = st[i, 5 + k]
        n = route_candidates(rt, net, pk, zero, st[i, 2], vc_scheme, b_arc, b_vc, b_need, b_lab, b_hops, b_tag)
        any_min = False
        need = 0
        for j in range(n):
            if b_lab[j] == L_MIN:
                any_min = True
            if b_arc[j] >= 0:
                need += 1 if b_vc[j] >= 0 else -b_vc[j]
        if m + need > cap:
            # state i's channels do not fit: stop before it (-1: not even alone)
            return i, (m if m > 0 else -1)
        o_n[i] = n
        for j in range(n):
            a = b_arc[j]
            if a < 0:
                continue
            v = b_vc[j]
            lo, hi = (v, v + 1) if v >= 0 else (0, -v)
            k = net.kind[a]
            dep = (not escape) or b_lab[j] == L_MIN or not any_min
            for w in range(lo, hi):
                if used[k] < w + 1:
                    used[k] = w + 1
                for x in range(nk):
                    pk.hops[0, x] = st[i, 5 + x]
                pk.hops[0, k] += 1
                pk.htot[0], pk.flags[0] = st[i, 3] + 1, st[i, 4]
                route_on_move(rt, net, pk, zero, a, np.int64(w))
                o_state[m], o_arc[m], o_vc[m], o_dep[m], o_flags[m] = i, a, w, dep, pk.flags[0]
                for x in range(nk):
                    o_hops[m, x] = pk.hops[0, x]
                m += 1
        i += 1
    return i, m
