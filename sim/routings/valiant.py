"""Valiant routing on a dragonfly through a random intermediate group (García et al. 2014, §2 and §4 VAL).

At generation the source picks a group uniformly among those other than the source's and the
destination's (none within a group, or with two groups); the packet travels minimally (l-g) to
the intermediate group, then minimally (l-g-l) to the destination: l-g-l-g-l, 3 local / 2 global
VCs by position in the path (García et al. 2014, §1: VC = global hops taken so far on either kind).
Candidates towards the intermediate group are labelled non-minimal.
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .base import IP_GKIND, IP_GROUPS
from .._jit import call, helper
from .base import (
    F_PHASE1,
    L_NONMIN,
    Routing,
    RTables,
    cand_to_group,
    label_all,
    other_than,
)
from .minimal import dragonfly_vcs
from .tables import empty_tables

__all__ = ["build"]


@helper
def init(rt, net, pk, p, sr, dr, st):
    G = rt.ip[IP_GROUPS]
    gs = rt.group[sr]
    gd = rt.group[dr]
    if gs != gd and G > 2:
        pk.inter[p] = other_than(st, G, np.int64(gs), np.int64(gd))
        pk.flags[p] = F_PHASE1


@call
def phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """Towards the intermediate group (after it: the base minimal step, ``minimal.base_candidates``)."""
    n = cand_to_group(rt, net, r, pk.inter[p], out_arc, np.int64(0))
    # bound: l-g to the intermediate group, l-g-l from it
    hops = 5 if n > 0 and rt.akind[out_arc[0]] != rt.ip[IP_GKIND] else 4
    label_all(out_lab, out_hops, n, np.int64(L_NONMIN), np.int64(hops))
    return n


@helper
def own_vc(rt, net, pk, p, a):
    return pk.hops[p, rt.ip[IP_GKIND]]


@helper
def on_move(rt, net, pk, p, arc):
    if (pk.flags[p] & F_PHASE1) != 0 and rt.group[net.dst[arc]] == pk.inter[p]:
        pk.flags[p] &= ~F_PHASE1


@helper
def target_group(rt, pk, p):
    """The group the packet heads for now (prefetch hint)."""
    if (pk.flags[p] & F_PHASE1) != 0:
        return pk.inter[p]
    return rt.group[pk.dr[p]]


def channel_sources(rout: Routing, net, s: int, d: int) -> list[tuple[int, int]]:
    """Every (intermediate group, header flags) ``init`` can give a packet from router s to d."""
    t = rout.tables
    G, gs, gd = int(t.ip[IP_GROUPS]), int(t.group[s]), int(t.group[d])
    if gs != gd and G > 2:
        return [(g, F_PHASE1) for g in range(G) if g not in (gs, gd)]
    return [(-1, 0)]


def build(top: Topology, name: str, rid: int) -> Routing:
    t = empty_tables(top)
    vcs, mh = dragonfly_vcs(top, name, t, 3, 2)  # García et al. 2014, §1: l-g-l-g-l, 3/2 VCs
    return Routing(name, rid, RTables(**t), mh, vcs=vcs, variant="intermediate-group", sources=channel_sources)
