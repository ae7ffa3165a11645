"""The invariants JSON dict: the keys ``topoanalysis invariants --json`` prints."""

from __future__ import annotations

from typing import Any

from ..topology import Topology
from .balance import balance_info
from .distances import distance_stats
from .gcc import gcc_sizes
from .link_usage import ratios
from .moore import moore_bound
from .symmetry import symmetry


def invariants(top: Topology, automorphisms: bool = True) -> dict[str, Any]:
    """All invariants of ``top`` as a JSON-ready dict.

    Distances use one BFS per orbit of the automorphisms that preserve link kinds and endpoint
    counts (so the per-kind averages stay exact); ``automorphisms`` / ``vertex_orbits`` /
    transitivity describe the plain graph (kinds ignored).  ``automorphisms=False`` skips BLISS.
    """
    deg = top.degree()
    out: dict[str, Any] = {
        "routers": top.n_routers,
        "links": top.n_links,
        "endpoints": top.n_endpoints,
        "degree_min": int(deg.min()) if deg.size else 0,
        "degree_max": int(deg.max()) if deg.size else 0,
    }
    multi = len(top.kind_names) > 1
    plain = symmetry(top) if automorphisms else None
    kinded = symmetry(top, respect_kinds=True) if (automorphisms and multi) else plain
    st = distance_stats(top, kinded.vertex_orbits if kinded else None)
    out["connected"] = st.connected
    out["diameter"] = st.diameter
    out["average_distance"] = st.average_distance
    out["distance_distribution"] = {str(k): v for k, v in st.distribution.items()}
    out["endpoint_average_hops"] = st.endpoint_average_hops
    out["moore_bound"] = moore_bound(out["degree_max"], st.diameter) if st.diameter else None
    out["moore_fraction"] = top.n_routers / out["moore_bound"] if out["moore_bound"] else None
    if plain is not None:
        out["automorphisms"] = plain.order
        out["vertex_orbits"] = len(plain.vertex_orbits)
        out["vertex_transitive"] = plain.vertex_transitive
        out["edge_transitive"] = plain.edge_transitive
    else:
        out.update(automorphisms=None, vertex_orbits=None, vertex_transitive=None, edge_transitive=None)
    out["bfs_runs"] = st.bfs_runs
    if multi:
        out["avg_hops_by_kind"] = st.avg_hops_by_kind
        out["avg_hops_by_kind_paths"] = st.avg_hops_by_kind_paths
        out.update(ratios(st.avg_hops_by_kind) if st.avg_hops_by_kind and len(top.kind_names) in (2, 3) else {"alpha": None})
        out["gcc_sizes"] = gcc_sizes(top, "global") if "global" in top.kind_names else None
    bal = balance_info(top)
    if bal is not None:
        out["balance"] = bal
    return out
