"""Valiant routing through a random intermediate router (seed 001 §4 VAL-any on dragonflies;
seed 002 §IV-B VAL on other topologies).

At generation the source picks a router uniformly among those other than the source and the
destination router; the packet travels minimally to it (non-minimal candidates), then minimally
to the destination.  On a dragonfly both halves are hierarchical (l-g-l | l-g-l) with 4 local /
2 global VCs: the first half by global hops taken, the second half (l3 g2 l4) on local VCs 2, 3
and global VC 1 whatever the first half skipped (seed 001 §1 "skip indexes"; numbering the
second global hop by global hops taken so far put it on global VC 0 after an intra-group first
half, closing l2 -> g1 -> l1 -> l2).  Elsewhere segments follow shortest paths and VC k is used
on hop k, up to 2D VCs (seed 002 §IV-D).
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .._jit import call, helper
from .base import (
    F_PHASE1,
    F_SHIFT,
    L_NONMIN,
    Routing,
    RTables,
    cand_base,
    hops_base,
    label_all,
    other_than,
)
from .minimal import dragonfly_vcs, is_dragonfly
from .tables import distance_table, empty_tables

__all__ = ["build"]


@helper
def init(rt, net, pk, p, sr, dr, st):
    R = net.ptr.shape[0] - 1
    if sr != dr and R > 2:
        pk.inter[p] = other_than(st, R, sr, dr)
        pk.flags[p] = F_PHASE1


@call
def phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """Towards the intermediate router (after it: the base minimal step, ``minimal.base_candidates``)."""
    x = pk.inter[p]
    n = cand_base(rt, net, r, x, out_arc, np.int64(0))
    label_all(out_lab, out_hops, n, np.int64(L_NONMIN),
              np.int64(hops_base(rt, net, r, x) + hops_base(rt, net, x, pk.dr[p])))
    return n


@helper
def own_vc(rt, net, pk, p, a):
    if rt.ip[0] != 1:
        return pk.htot[p]
    vc = pk.hops[p, rt.ip[5]]
    if (pk.flags[p] & F_PHASE1) == 0 and pk.inter[p] >= 0:
        # second half l3-g2-l4: positions 4-6 of l1-g1-l2-l3-g2-l4
        return 2 + vc - (pk.flags[p] >> F_SHIFT) if net.kind[a] == rt.ip[4] else 1
    return vc


@helper
def on_move(rt, net, pk, p, arc):
    if (pk.flags[p] & F_PHASE1) != 0 and net.dst[arc] == pk.inter[p]:
        pk.flags[p] &= ~F_PHASE1
        if rt.ip[0] == 1:
            pk.flags[p] |= pk.hops[p, rt.ip[5]] << F_SHIFT


@helper
def target_group(rt, pk, p):
    if (pk.flags[p] & F_PHASE1) != 0:
        return rt.group[pk.inter[p]]
    return rt.group[pk.dr[p]]


def build(top: Topology, name: str, rid: int) -> Routing:
    t = empty_tables(top)
    if is_dragonfly(top):
        vcs, mh = dragonfly_vcs(top, name, t, 4, 2)  # seed 001 §4: VAL-any 4/2 VCs
    else:
        dist, maxk = distance_table(top)
        t["dist"] = dist
        D = int(dist.max())
        mh = 2 * maxk
        vcs = np.where(maxk > 0, 2 * D, 0)  # seed 002 §IV-D: up to 2D hops, VC k on hop k
    return Routing(name, rid, RTables(**t), mh, vcs=vcs, variant="intermediate-router")
