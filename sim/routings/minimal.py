"""Minimal routings: shortest paths from a distance table (``sp-min``, any topology) and the
hierarchical l-g-l routing of dragonflies (``df-min``; ``min`` picks one of them).

* ``sp-min``: random among the minimal next hops (Besta & Hoefler 2014, §IV-A MIN), VC = hops so far (seed
  002 §IV-D "VC k on hop k").
* ``df-min``: Camarero et al. 2014, §7 "Minimal" / García et al. 2014, §4 MIN: the source router's own global link to
  the destination group if it has one, else a local hop to a router that has one; then the
  local hop to the destination.  VCs by position in l-g-l (García et al. 2014, §1): a hop on either kind
  uses VC = global hops taken so far, 2 local / 1 global VCs.
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology

from .base import IP_BASE, IP_GKIND
from .._jit import helper
from .base import L_MIN, Routing, RTables, cand_base, dest_group, eject, hops_base, label_all
from .kind import Kind
from .tables import distance_table, dragonfly_tables, empty_tables

__all__ = ["build_sp_min", "build_df_min", "build_min", "MIN"]


# ------------------------------------------------------------------ sp-min (distance table)
@helper
def sp_own_vc(rt, net, pk, p, a):
    return pk.htot[p]


# ------------------------------------------------------------------ the minimal step
@helper
def base_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """The base minimal step to the destination (hierarchical l-g-l on a dragonfly, else shortest
    paths): sp-min, df-min, and Valiant / Valiant-any after their intermediate."""
    d = pk.dr[p]
    if r == d:
        return eject(out_arc, out_lab, out_hops)
    n = cand_base(rt, net, r, d, out_arc, np.int64(0))
    label_all(out_lab, out_hops, n, np.int64(L_MIN), np.int64(hops_base(rt, net, r, d)))
    return n


# ------------------------------------------------------------------ df-min (hierarchical)
@helper
def df_own_vc(rt, net, pk, p, a):
    return pk.hops[p, rt.ip[IP_GKIND]]  # global hops so far: position in l-g-l


@helper
def own_vc(rt, net, pk, p, a):
    """df-min's VC on the dragonfly tables, sp-min's on a distance table."""
    if rt.ip[IP_BASE] == 1:
        return df_own_vc(rt, net, pk, p, a)
    return sp_own_vc(rt, net, pk, p, a)


# ------------------------------------------------------------------ the kind
class MinTables(RTables):
    """sp-min's and df-min's tables (the class selects their compiled functions,
    ``sim.routings.kind``); one kind for both, the most used routings, so that the engine is
    compiled once for them (the tables tell them apart)."""

    __slots__ = ()


MIN = Kind(MinTables, step=base_candidates, own_vc=own_vc, target_group=dest_group)


# ------------------------------------------------------------------ Python builders
def build_sp_min(top: Topology, name: str) -> Routing:
    t = empty_tables(top)
    dist, maxk = distance_table(top)
    t["dist"] = dist
    D = int(dist.max())
    return Routing(
        name,
        MIN,
        RTables(**t),
        np.where(maxk > 0, maxk, 0),
        vcs=np.where(maxk > 0, D, 0),
        variant="shortest-path",
        minimal_only=True,
    )


def dragonfly_vcs(top: Topology, name: str, t: dict, nl: int, ng: int) -> tuple[np.ndarray, np.ndarray]:
    """Fill the dragonfly tables of ``t``; VCs per kind (``nl`` local, ``ng`` global, which are
    also the most hops per kind of the routing's paths).  Refuses incomplete groups."""
    dl = dragonfly_tables(top, t)
    if dl > 1:
        raise ValueError(
            f"routing {name!r}: the dragonfly VC scheme assumes complete groups (one local hop per "
            f"group visit); this topology has intra-group diameter {dl}"
        )
    vcs = np.zeros(len(top.kind_names), np.int64)
    vcs[top.kind_index("local")], vcs[top.kind_index("global")] = nl, ng
    return vcs, vcs.copy()


def build_df_min(top: Topology, name: str) -> Routing:
    t = empty_tables(top)
    vcs, mh = dragonfly_vcs(top, name, t, 2, 1)  # García et al. 2014, §4: MIN uses 2/1 VCs
    return Routing(name, MIN, RTables(**t), mh, vcs=vcs, variant="hierarchical", minimal_only=True)


def is_dragonfly(top: Topology) -> bool:
    return "group" in top.labels and "local" in top.kind_names and "global" in top.kind_names


def build_min(top: Topology, name: str) -> Routing:
    """``min``: hierarchical on a dragonfly with complete groups (what the papers call minimal
    there, avoiding the shorter but global-heavy g-g paths, Camarero et al. 2014, §7); else shortest paths."""
    if is_dragonfly(top):
        try:
            return build_df_min(top, name)
        except ValueError:
            pass  # incomplete groups: shortest paths
    return build_sp_min(top, name)
