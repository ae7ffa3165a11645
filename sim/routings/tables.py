"""Routing tables built once per topology: all-pair distances, dragonfly group tables, Hamming
coordinates.  The routings (one module each in this package) pick what they need."""

from __future__ import annotations

import numba
import numpy as np

from topoanalysis.bfs import bfs, reset
from topoanalysis.topology import Arcs, Topology

from .base import IP_BASE, IP_DIMS, IP_GPAIR, IP_N_TABLES

__all__ = ["distance_table", "empty_tables", "dragonfly_tables", "hamming_tables", "reverse_arcs"]


def reverse_arcs(arcs: Arcs) -> np.ndarray:
    """For each arc of ``Topology.arcs()``, the arc of the other direction of the same physical
    link (by link id, so parallel links pair correctly)."""
    order = np.lexsort((arcs.src, arcs.link))
    rev = np.empty(arcs.src.size, np.int64)
    rev[order[0::2]] = order[1::2]
    rev[order[1::2]] = order[0::2]
    return rev


@numba.njit(cache=True)
def _all_pairs(ptr, dst, akind, n, nk, dist, maxk):
    """BFS from every router; dist[s, v] and maxk[k] = max kind-k hops on any shortest path.
    False if the network is disconnected or has a distance above 126 (int8 table)."""
    d = np.full(n, -1, np.int32)
    queue = np.empty(n, np.int32)
    mk = np.zeros((n, nk), np.int64)
    for s in range(n):
        r = bfs(ptr, dst, s, d, queue, 126)
        if r != n:
            return False
        for i in range(n):
            for k in range(nk):
                mk[i, k] = 0
        # predecessors come earlier in BFS order: one pass gives the most kind-k hops to each v
        for i in range(n):
            w = queue[i]
            dw = d[w]
            dist[s, w] = dw
            for a in range(ptr[w], ptr[w + 1]):
                v = dst[a]
                if d[v] == dw + 1:
                    for k in range(nk):
                        c = mk[w, k] + (1 if akind[a] == k else 0)
                        if c > mk[v, k]:
                            mk[v, k] = c
        for i in range(n):
            for k in range(nk):
                if mk[i, k] > maxk[k]:
                    maxk[k] = mk[i, k]
        reset(d, queue, r)
    return True


_MAX_DIST_ROUTERS = 8192  # an (R, R) int8 table: 64 MB at this size


def distance_table(top: Topology) -> tuple[np.ndarray, np.ndarray]:
    """All-pairs router distances (int8) and the max hops per link kind along shortest paths."""
    R = top.n_routers
    if R > _MAX_DIST_ROUTERS:
        raise ValueError(
            f"routing 'min' keeps an R x R distance table; {R} routers exceeds {_MAX_DIST_ROUTERS} (use 'df-min' on dragonflies)"
        )
    arcs = top.arcs()
    dist = np.empty((R, R), np.int8)
    maxk = np.zeros(len(top.kind_names), np.int64)
    ok = _all_pairs(arcs.ptr, arcs.dst.astype(np.int64), arcs.kind.astype(np.int64), R, len(top.kind_names), dist, maxk)
    if not ok:
        raise ValueError("topology: routing needs a connected network with diameter < 127")
    return dist, maxk


def empty_tables(top: Topology) -> dict:
    """Every RTables field, tiny, for the routings to fill in."""
    R = top.n_routers
    arcs = top.arcs()
    return dict(
        dist=np.zeros((1, 1), np.int8),
        group=np.zeros(R, np.int32),
        index=np.zeros(R, np.int32),
        ldist=np.zeros((1, 1), np.int8),
        gkey=np.zeros(0, np.int64),
        garc=np.zeros(0, np.int64),
        gptr=np.zeros(1, np.int32),
        comp=np.zeros((0, R), np.int32),
        dkind=np.zeros(0, np.int8),
        ip=np.zeros(IP_N_TABLES, np.int64),
        adst=np.ascontiguousarray(arcs.dst, np.int32),
        akind=np.ascontiguousarray(arcs.kind, np.int8),
        gsrc=np.zeros(0, np.int32),
        larc=np.full((1, 1), -1, np.int32),
        gpair=np.zeros(2, np.int32),
        nxt=np.full((1, 1), -1, np.int32),
        rocc=np.zeros(1, np.int64),
        esc=np.full((4, 1), -1, np.int32),
        rclock=np.array([1, 0, -1, 0], np.int64),  # unused: no remote state (see RTables.rclock)
        colour=np.zeros(1, np.int8),
        cgarc=np.full(1, -1, np.int32),
        elink=np.zeros(1, np.int8),
        lblk=np.zeros((1, 2), np.int32),
    )


@numba.njit(cache=True)
def _local_dists(ptr, dst, index, a, out):
    """out[s, index[v]] = distance from s to v over the (local, same-group) arcs ``ptr``/``dst``; -1 if none."""
    R = ptr.shape[0] - 1
    d = np.full(R, -1, np.int32)
    queue = np.empty(R, np.int32)
    for s in range(R):
        for j in range(a):
            out[s, j] = -1
        r = bfs(ptr, dst, s, d, queue, -1)
        for i in range(r):
            out[s, index[queue[i]]] = d[queue[i]]
        reset(d, queue, r)
    return 0


def dragonfly_tables(top: Topology, t: dict) -> int:
    """Fill group/local/global tables; returns the intra-group diameter. ValueError if not a dragonfly."""
    if "group" not in top.labels or "index" not in top.labels:
        raise ValueError("routing: dragonfly routings need router labels 'group' and 'index'")
    if "local" not in top.kind_names or "global" not in top.kind_names:
        raise ValueError(f"routing: dragonfly routings need link kinds 'local' and 'global', got {top.kind_names}")
    group = top.labels["group"].astype(np.int32)
    index = top.labels["index"].astype(np.int32)
    lk, gk = top.kind_index("local"), top.kind_index("global")
    G = int(group.max()) + 1
    a = int(index.max()) + 1
    arcs = top.arcs()
    ldist = np.empty((top.n_routers, a), np.int8)
    # the local arcs inside each group, still in CSR order (arcs are sorted by source)
    inside = (arcs.kind == lk) & (group[arcs.src] == group[arcs.dst])
    lptr = np.zeros(top.n_routers + 1, np.int64)
    np.cumsum(np.bincount(arcs.src[inside], minlength=top.n_routers), out=lptr[1:])
    _local_dists(lptr, np.ascontiguousarray(arcs.dst[inside], np.int32), index, a, ldist)
    # every router must reach every other router of its group over local links
    counts = np.bincount(group, minlength=G)
    present = np.zeros((G, a), bool)
    present[group, index] = True
    if np.any((ldist < 0) & present[group]):
        raise ValueError("topology: some group is not connected by its local links")
    if counts.min() == 0:
        raise ValueError("topology: dragonfly group labels must be 0..G-1 without gaps")
    sel = np.flatnonzero(arcs.kind == gk)
    keys = group[arcs.src[sel]].astype(np.int64) * G + group[arcs.dst[sel]]
    order = np.argsort(keys, kind="stable")
    garc = sel[order].astype(np.int64)
    # larc[r, j]: the local arc from r to the router of index j in r's group when there is exactly one
    lsel = np.flatnonzero((arcs.kind == lk) & (group[arcs.src] == group[arcs.dst]))
    cell = arcs.src[lsel].astype(np.int64) * a + index[arcs.dst[lsel]]
    larc = np.full(top.n_routers * a, -1, np.int32)
    once = np.bincount(cell, minlength=top.n_routers * a) == 1
    larc[cell[once[cell]]] = lsel[once[cell]]
    t.update(
        group=group,
        index=index,
        ldist=ldist,
        gkey=keys[order],
        garc=garc,
        gptr=np.searchsorted(keys[order], np.arange(G * G + 1)).astype(np.int32),
        gsrc=arcs.src[garc].astype(np.int32),
        larc=larc.reshape(top.n_routers, a),
    )
    gpairs = np.unique(keys)
    if gpairs.size != G * (G - 1):
        raise ValueError(
            f"topology: dragonfly routings need a global link between every pair of groups "
            f"({G * (G - 1)} ordered pairs, found {gpairs.size})"
        )
    t["ip"][IP_BASE:IP_GPAIR] = [1, G, a, 0, lk, gk]  # IP_BASE .. IP_GKIND
    per_pair = np.diff(t["gptr"])
    if np.all(per_pair[np.flatnonzero(np.arange(G * G) // G != np.arange(G * G) % G)] == 1):
        gp = np.full((G * G, 2), -1, np.int32)
        keys_o = keys[order]
        gp[keys_o, 0] = garc
        gp[keys_o, 1] = t["gsrc"]
        t["gpair"] = gp.ravel()
        t["ip"][IP_GPAIR] = 1
    return int(ldist[present[group]].max()) if a > 1 else 0


def hamming_tables(top: Topology, t: dict) -> None:
    """Coordinates of a Hamming graph: each link kind is a dimension; the component of r in the
    graph without kind-k links is its coordinate x_k (routers sharing x_k)."""
    import scipy.sparse as sp
    from scipy.sparse.csgraph import connected_components

    R = top.n_routers
    D = len(top.kind_names)
    comp = np.empty((D, R), np.int32)
    sizes = []
    arcs = top.arcs()
    for k in range(D):
        m = top.kind != k
        adj = sp.coo_array((np.ones(int(m.sum())), (top.u[m], top.v[m])), shape=(R, R))
        nc, lab = connected_components(adj, directed=False)
        comp[k] = lab
        sizes.append(nc)
        # kind-k neighbours of r must be one router per other coordinate value
        sel = arcs.kind == k
        deg = np.bincount(arcs.src[sel], minlength=R)
        if np.any(deg != nc - 1) or np.any(lab[arcs.src[sel]] == lab[arcs.dst[sel]]):
            raise ValueError(
                "routing 'dor' needs a Hamming graph whose link kinds are its dimensions "
                f"(kind {top.kind_names[k]!r} is not a K_{nc} factor)"
            )
    if int(np.prod(sizes)) != R:
        raise ValueError(f"routing 'dor': {R} routers is not the product of the dimension sizes {sizes}")
    t.update(comp=comp, dkind=np.arange(D, dtype=np.int8))
    t["ip"][IP_DIMS] = D


MAX_MINIMAL_HOPS_ROUTERS = 4096  # the minimal-hops table of the non-minimal fraction: 16 MB at this size


def minimal_hops(top: Topology) -> tuple[np.ndarray, str]:
    """(R, R) int8 table of the router hops of a minimal path, by the papers' meaning of minimal,
    and that meaning: on a dragonfly with complete groups the hierarchical l-g-l path (a local
    hop, the group pair's global link, a local hop; the shorter g-g paths through a third group
    are not minimal there, Camarero et al. 2014, §7), elsewhere the shortest path.  An empty (0, 0)
    table with the reason when the network has more than ``MAX_MINIMAL_HOPS_ROUTERS`` routers."""
    R = top.n_routers
    if R > MAX_MINIMAL_HOPS_ROUTERS:
        return np.zeros((0, 0), np.int8), f"not measured: more than {MAX_MINIMAL_HOPS_ROUTERS} routers"
    if "group" in top.labels and "local" in top.kind_names and "global" in top.kind_names:
        group = np.asarray(top.labels["group"], np.int64)
        arcs = top.arcs()
        lk, gk = top.kind_index("local"), top.kind_index("global")
        same = group[:, None] == group[None, :]
        local = (arcs.kind == lk) & (group[arcs.src] == group[arcs.dst])
        sizes = np.bincount(group)
        if int(np.count_nonzero(local)) == int(np.sum(sizes * (sizes - 1))):
            d = np.full((R, R), 127, np.int8)
            d[same] = 1
            np.fill_diagonal(d, 0)
            members = [np.flatnonzero(group == g) for g in range(sizes.shape[0])]
            for u, v in zip(arcs.src[arcs.kind == gk].tolist(), arcs.dst[arcs.kind == gk].tolist()):
                ms, mt = members[group[u]], members[group[v]]
                if group[u] == group[v]:
                    continue
                cost = (ms != u)[:, None].astype(np.int8) + np.int8(1) + (mt != v)[None, :].astype(np.int8)
                blk = d[np.ix_(ms, mt)]
                d[np.ix_(ms, mt)] = np.minimum(blk, cost)
            return d, "hierarchical l-g-l (dragonfly)"
    d, _ = distance_table(top)
    return d, "shortest path"
