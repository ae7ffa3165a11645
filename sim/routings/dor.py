"""Dimension-order routing on Hamming graphs (Camarero et al. 2014, §3): correct the first differing
coordinate, one link per dimension.  Deadlock-free by itself: every hop on VC 0."""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .._jit import call, helper
from .base import L_MIN, Routing, RTables, eject, label_all
from .kind import Kind
from .tables import empty_tables, hamming_tables

__all__ = ["build", "DOR"]


@call
def candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    d = pk.dr[p]
    if r == d:
        return eject(out_arc, out_lab, out_hops)
    n = 0
    left = 0
    for k in range(rt.comp.shape[0]):
        if rt.comp[k, r] != rt.comp[k, d]:
            left += 1
    for k in range(rt.comp.shape[0]):
        cd = rt.comp[k, d]
        if rt.comp[k, r] != cd:
            dk = rt.dkind[k]
            for a in range(net.ptr[r], net.ptr[r + 1]):
                if rt.akind[a] == dk and rt.comp[k, rt.adst[a]] == cd:
                    out_arc[n] = a
                    n += 1
            break
    label_all(out_lab, out_hops, np.int64(n), np.int64(L_MIN), np.int64(left))
    return n


@helper
def own_vc(rt, net, pk, p, a):
    return 0


class DorTables(RTables):
    """dor's tables (the class selects its compiled functions, ``sim.routings.kind``)."""

    __slots__ = ()


DOR = Kind(DorTables, step=candidates, own_vc=own_vc)


def build(top: Topology, name: str) -> Routing:
    t = empty_tables(top)
    hamming_tables(top, t)
    nk = len(top.kind_names)
    return Routing(
        name, DOR, RTables(**t), np.ones(nk, np.int64), vcs=np.ones(nk, np.int64), variant="dimension-order", minimal_only=True
    )
