"""Globally connected components (Hastings et al. 2015, §IV): components of the global-link subgraph."""

from __future__ import annotations

import numpy as np

from ..topology import Topology


def global_components(top: Topology, kind: str = "global") -> list[np.ndarray]:
    """Members of each component of the subgraph of ``kind`` links (all routers kept), largest first.

    Hastings et al. 2015, §IV: a GCC is a set of routers joined by global-only paths.
    """
    import scipy.sparse as sp
    from scipy.sparse.csgraph import connected_components

    if kind not in top.kind_names:
        raise ValueError(f"kind must be one of the link kinds {top.kind_names}, got {kind!r}")
    sel = top.kind == top.kind_index(kind)
    n = top.n_routers
    a = sp.csr_array((np.ones(int(sel.sum()), dtype=np.int8), (top.u[sel], top.v[sel])), shape=(n, n))
    _, lab = connected_components(a, directed=False)
    order = np.argsort(lab, kind="stable")
    comps = np.split(order, np.cumsum(np.bincount(lab))[:-1])
    comps.sort(key=lambda c: (-len(c), int(c[0])))
    return comps


def gcc_sizes(top: Topology, kind: str = "global") -> list[int]:
    """Sizes of the globally connected components, largest first (Hastings et al. 2015, §IV)."""
    return [len(c) for c in global_components(top, kind)]
