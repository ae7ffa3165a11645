"""VC schemes: how a routing's candidate arcs get their VCs, composable with any routing.

* ``routing``: the routing's own deadlock-free assignment (each module's ``own_vc``; see its
  docstring and García et al. 2014, §1, Besta & Hoefler 2014, §IV-D).
* ``hops``: VC = hops taken so far (Besta & Hoefler 2014, §IV-D "VC k on hop k"), for every routing.
* ``hops-kind``: VC = hops taken so far on the candidate's link kind (CAMINOS's "VCs per hop and
  link class").  Deadlock-free only when every path takes the kinds in one fixed order, as
  dimension order does on a Hamming graph; the channel dependency graph has a cycle for minimal
  routing on a dragonfly (a path that skips the first local hop puts its last one on local VC 0:
  l0 -> g0 -> l0) and for shortest paths on a Hamming graph (tests/test_sim_routings.py).
* ``none``: every hop on VC 0 -- not deadlock-free; it exists so tests can build a deadlock.
* ``any``: every hop may take any VC of the arc, the selection policy choosing from the credits
  (BookSim2's ``min`` on ``anynet``); not deadlock-free in general, for cross-validation.

Under ``routing`` and ``hops`` the VC index never decreases along a path, so the classes it
separates cannot form a cycle (``sim.cdg`` checks the channel dependency graph of the compiled
code exhaustively).
"""

from __future__ import annotations

import numpy as np

from .._jit import helper

__all__ = ["VC_SCHEMES", "required_vcs", "every_vc", "one_vc", "scheme_vcs"]

VC_ROUTING, VC_HOPS, VC_NONE, VC_ANY, VC_HOPS_KIND = 0, 1, 2, 3, 4
VC_SCHEMES = {"routing": VC_ROUTING, "hops": VC_HOPS, "none": VC_NONE, "any": VC_ANY, "hops-kind": VC_HOPS_KIND}


def required_vcs(scheme: int, max_hops: np.ndarray, own: np.ndarray | None) -> np.ndarray:
    """VCs needed per link kind under ``scheme`` by a routing taking at most ``max_hops`` hops per
    kind whose own scheme needs ``own`` (None: the hop index)."""
    if scheme == VC_ROUTING and own is not None:
        return own.copy()
    if scheme in (VC_NONE, VC_ANY):
        return np.where(max_hops > 0, 1, 0)
    if scheme == VC_HOPS_KIND:
        return np.where(max_hops > 0, max_hops, 0)
    return np.where(max_hops > 0, int(max_hops.sum()), 0)


@helper
def every_vc(net, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """Expand the n candidate arcs into one candidate per (arc, VC), in place from the back (each
    arc's entries land at or after its own slot, so nothing unread is overwritten).  The caller's
    buffers hold (most candidate arcs) x (most VCs) entries."""
    total = 0
    for i in range(n):
        total += net.nv[out_arc[i]] if out_arc[i] >= 0 else 1
    pos = total
    for i in range(n - 1, -1, -1):
        a = out_arc[i]
        lab = out_lab[i]
        h = out_hops[i]
        tg = out_tag[i]
        for v in range((net.nv[a] if a >= 0 else 1) - 1, -1, -1):
            pos -= 1
            out_arc[pos] = a
            out_vc[pos] = v
            out_need[pos] = 1
            out_lab[pos] = lab
            out_hops[pos] = h
            out_tag[pos] = tg
    return total


@helper
def one_vc(n, out_arc, out_vc, out_need, v):
    """VC v for each of the n candidates (VC 0 for ejection), each needing one credit."""
    for i in range(n):
        out_vc[i] = v if out_arc[i] >= 0 else 0
        out_need[i] = 1
    return n


@helper
def scheme_vcs(vc_scheme, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """VCs of the n candidates of head p under a scheme other than ``routing``, whatever the
    routing: every VC (``any``), the hops taken on the candidate's link kind (``hops-kind``), the
    hops taken (``hops``) or VC 0 (``none``: deliberately unsafe, for watchdog tests and deadlock
    demonstrations).  Returns the number of candidates."""
    if vc_scheme == VC_ANY:
        return every_vc(net, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)
    if vc_scheme == VC_HOPS_KIND:
        for i in range(n):
            a = out_arc[i]
            out_vc[i] = pk.hops[p, net.kind[a]] if a >= 0 else 0
            out_need[i] = 1
        return n
    return one_vc(n, out_arc, out_vc, out_need, np.int64(pk.htot[p] if vc_scheme == VC_HOPS else 0))
