"""Valiant routing on a dragonfly through a random intermediate group (García et al. 2014, §2 and §4 VAL).

At generation the source picks a group uniformly among those other than the source's and the
destination's (none within a group, or with two groups); the packet travels minimally (l-g) to
the intermediate group, then minimally (l-g-l) to the destination: l-g-l-g-l, 3 local / 2 global
VCs by position in the path (García et al. 2014, §1: VC = global hops taken so far on either kind).
Candidates towards the intermediate group are labelled non-minimal.

Option ``destination_group`` (FOGSim's draw, ``generatorModule.cc:111-114`` at b934297; see
benchmarks/fogsim/NOTES.md): the intermediate is drawn among all groups but the source's, so
1/(G - 1) of the packets draw the destination's and go minimally.

Its routing kind, :data:`VALIANT`, is also valiant-any's (:mod:`sim.routings.valiant_any`), told
apart by a table flag (``rt.ip[IP_ANY]``): the engine is compiled once for both, at the cost of a
branch per call into the routing.
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .base import IP_GKIND, IP_GROUPS, with_slots
from .._jit import call, helper
from .._rng import advance, to_float
from .base import (
    F_PHASE1,
    L_NONMIN,
    Routing,
    RTables,
    cand_to_group,
    in_phase1,
    label_all,
    other_than,
)
from . import valiant_any
from .kind import Kind
from .minimal import base_candidates, dragonfly_vcs
from .tables import empty_tables
from .vc import one_vc

__all__ = ["build", "build_any", "VALIANT"]

IP_DEST_GROUP = 22  # rt.ip: 1 when the intermediate group may be the destination's (FOGSim's draw)
IP_ANY = 28  # rt.ip: 1 for valiant-any's tables (and its loop-free variant), which share this kind


@helper
def dest_group_allowed(rt):
    return rt.ip.shape[0] > IP_DEST_GROUP and rt.ip[IP_DEST_GROUP] == 1


@helper
def draw_group(g, G, gs):
    """Generator state g uniform over the G - 1 groups other than gs."""
    x = np.int64(to_float(g) * (G - 1))
    return x + 1 if x >= gs else x


@helper
def init(rt, net, pk, p, sr, dr, st):
    G = rt.ip[IP_GROUPS]
    gs = rt.group[sr]
    gd = rt.group[dr]
    if gs != gd and dest_group_allowed(rt):
        g = advance(st[0])
        st[0] = g
        x = draw_group(g, G, np.int64(gs))
        if x != gd:  # (the destination's group: the packet is minimal from the start)
            pk.inter[p] = x
            pk.flags[p] = F_PHASE1
    elif gs != gd and G > 2:
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
def step(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """Towards the intermediate group, then the base minimal step."""
    if in_phase1(rt, pk, p, r):
        return phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    return base_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)


@helper
def own_vc(rt, net, pk, p, a):
    return pk.hops[p, rt.ip[IP_GKIND]]


@helper
def on_move(rt, net, pk, p, arc, vc):
    if (pk.flags[p] & F_PHASE1) != 0 and rt.group[net.dst[arc]] == pk.inter[p]:
        pk.flags[p] &= ~F_PHASE1


@helper
def target_group(rt, pk, p):
    """The group the packet heads for now (prefetch hint)."""
    if (pk.flags[p] & F_PHASE1) != 0:
        return pk.inter[p]
    return rt.group[pk.dr[p]]


@helper
def _is_any(rt):
    return rt.ip.shape[0] > IP_ANY and rt.ip[IP_ANY] == 1


@helper
def _init(rt, net, pk, p, sr, dr, st):
    if _is_any(rt):
        valiant_any.init(rt, net, pk, p, sr, dr, st)
    else:
        init(rt, net, pk, p, sr, dr, st)


@helper
def _step(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    if _is_any(rt):
        return valiant_any.step(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    return step(rt, net, pk, p, r, out_arc, out_lab, out_hops)


@helper
def _vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """valiant-any's VCs, which depend on the candidate; valiant's, one for every candidate."""
    if _is_any(rt):
        return valiant_any.own_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)
    return one_vc(n, out_arc, out_vc, out_need, np.int64(own_vc(rt, net, pk, p, np.int64(-1))))


@helper
def _on_move(rt, net, pk, p, arc, vc):
    if _is_any(rt):
        valiant_any.on_move(rt, net, pk, p, arc, vc)
    else:
        on_move(rt, net, pk, p, arc, vc)


@helper
def _target_group(rt, pk, p):
    if _is_any(rt):
        return valiant_any.target_group(rt, pk, p)
    return target_group(rt, pk, p)


class ValiantTables(RTables):
    """valiant's and valiant-any's tables (the class selects their compiled functions,
    ``sim.routings.kind``; the flag ``IP_ANY`` tells the two apart)."""

    __slots__ = ()


VALIANT = Kind(ValiantTables, step=_step, init=_init, vcs=_vcs, on_move=_on_move, target_group=_target_group)


def channel_sources(rout: Routing, net, s: int, d: int) -> list[tuple[int, int]]:
    """Every (intermediate group, header flags) ``init`` can give a packet from router s to d."""
    t = rout.tables
    G, gs, gd = int(t.ip[IP_GROUPS]), int(t.group[s]), int(t.group[d])
    dg = t.ip.shape[0] > IP_DEST_GROUP and t.ip[IP_DEST_GROUP] == 1
    if gs != gd and (G > 2 or dg):
        return [(g, F_PHASE1) for g in range(G) if g not in (gs, gd)] + ([(-1, 0)] if dg else [])
    return [(-1, 0)]


def build_any(top: Topology, name: str) -> Routing:
    """valiant-any (:mod:`sim.routings.valiant_any`): through a random intermediate router, with
    this module's routing kind and the flag that selects valiant-any's functions."""
    t, mh, vcs = valiant_any.tables(top, name)
    t["ip"] = with_slots(t["ip"], {IP_ANY: 1})
    return Routing(name, VALIANT, RTables(**t), mh, vcs=vcs, variant="intermediate-router", sources=valiant_any.channel_sources)


def check_destination_group(name: str, destination_group: object) -> None:
    """ValueError unless the ``destination_group`` option of routing ``name`` is a bool."""
    if not isinstance(destination_group, bool):
        raise ValueError(f"routing {name!r}: destination_group must be True or False, got {destination_group!r}")


def build(top: Topology, name: str, destination_group: bool = False) -> Routing:
    """Valiant through an intermediate group; ``destination_group``: drawn among all groups but
    the source's (FOGSim), else among those but the source's and the destination's."""
    check_destination_group(name, destination_group)
    t = empty_tables(top)
    vcs, mh = dragonfly_vcs(top, name, t, 3, 2)  # García et al. 2014, §1: l-g-l-g-l, 3/2 VCs
    if destination_group:
        t["ip"] = with_slots(t["ip"], {IP_DEST_GROUP: 1})
    return Routing(
        name,
        VALIANT,
        RTables(**t),
        mh,
        vcs=vcs,
        variant="intermediate-group" + (", destination group allowed" if destination_group else ""),
        sources=channel_sources,
    )
