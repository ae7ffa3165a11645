"""A routing as a module, the worked example of the docs ("Adding a routing"): ``sp-first``, the
first minimal next hop in arc order only (deterministic shortest paths), VC k on hop k.

It is not in :data:`sim.routings.REGISTRY` (it adds nothing the registered ``sp-table`` does not
give); a test registers it the way a new routing is registered, with one line, and runs it.
Everything it needs is here: its tables class, its compiled functions, its :class:`Kind`, its
builder and the option check; the engine, :mod:`sim.cdg` and the CLI learn of it from the kind
and the registry entry.
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .._jit import helper
from .base import L_MIN, Routing, RTables, eject
from .kind import Kind
from .tables import distance_table, empty_tables

__all__ = ["build", "SP_FIRST"]


@helper
def step(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """The lowest-numbered arc of router r one hop closer to the destination router."""
    d = pk.dr[p]
    if r == d:
        return eject(out_arc, out_lab, out_hops)
    d0 = rt.dist[r, d]
    for a in range(net.ptr[r], net.ptr[r + 1]):
        if rt.dist[rt.adst[a], d] == d0 - 1:
            out_arc[0] = a
            out_lab[0] = L_MIN
            out_hops[0] = d0
            return 1
    return 0


@helper
def own_vc(rt, net, pk, p, a):
    """VC k on hop k (Besta & Hoefler 2014, §IV-D): deadlock-free on shortest paths."""
    return pk.htot[p]


class SpFirstTables(RTables):
    """sp-first's tables (the class selects its compiled functions)."""

    __slots__ = ()


SP_FIRST = Kind(SpFirstTables, step=step, own_vc=own_vc)


def build(top: Topology, name: str) -> Routing:
    """``sp-first`` on any connected topology: a distance table, diameter D VCs per link kind."""
    t = empty_tables(top)
    dist, maxk = distance_table(top)
    t["dist"] = dist
    D = int(dist.max())
    return Routing(name, SP_FIRST, RTables(**t), np.where(maxk > 0, maxk, 0), vcs=np.where(maxk > 0, D, 0), minimal_only=True)
