"""Deadlock-free single-source shortest-path routing (DFSSSP) and the virtual channels it needs.

Besta & Hoefler 2014, §IV-D: "To avoid deadlocks in minimum routing one can also use a generic
deadlock-avoidance technique based on automatic VC assignment to break cycles in the channel
dependency graph ... We tested the DFSSSP scheme implemented in the Open Fabrics Enterprise Edition
(OFED) ... OFED DFSSSP consistently needed three VCs to route all SF networks. We also compared this
number to random DLN networks, which needed between 8 and 15 VLs for network sizes of 338 endpoints
and 1,682 endpoints, respectively."

The scheme (Domke, Hoefler and Nagel 2011, "Deadlock-free oblivious routing for arbitrary
topologies", IPDPS) has two steps, implemented here as that paper describes them:

1. **SSSP routing**: destinations are routed one after the other, each by a shortest-path tree
   (Dijkstra) over link weights that count the routes already laid over each directed link, so
   later destinations avoid loaded links; after a destination, every route to it adds 1 to the
   weight of each link it uses.  Every link starts at a weight no sum of those counts can reach
   (OFED: the square of the endpoint count, "to force shortest paths"; here R³ for R routers, as
   a route crosses at most R - 1 links and at most R(R - 1) routes cross a link), so the routes
   are minimal in hops and the counts choose among the minimal ones.  The routes are
   destination-based: one next hop per router and destination.
2. **Virtual layers**: every route starts in layer 0.  While the channel dependency graph of a
   layer (one node per directed link, an edge a -> b for each route using b right after a) has a
   cycle, the dependency of that cycle induced by the fewest routes of the layer is broken by
   moving those routes to the next layer; when the layer is acyclic the next one is processed.
   The number of layers used is the number of VCs the routing needs.

Routes are between routers (every router pair, as OFED routes every pair of endpoints' switches; the
endpoints of one router share its routes).  :func:`layers_are_acyclic` checks the result
independently of the construction (strongly connected components of each layer's dependency graph).
The layer count depends on the order of the destinations and on how ties are broken (ours: routers
in index order, Dijkstra's ties as scipy breaks them, the first cycle a depth-first search meets); it
is a property of this implementation on a network, as OFED's count is of OFED's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components, dijkstra

from ..topology import Topology

__all__ = ["DfssspRouting", "dfsssp", "sssp_next_hops", "layers_are_acyclic"]


@dataclass(frozen=True)
class DfssspRouting:
    """A DFSSSP routing towards ``targets`` destinations (routers, or endpoints with
    ``per_endpoint``): ``target_router[j]`` the router of destination j, ``next_arc[r, j]`` the arc
    router r sends a packet for destination j on (-1 at its router), ``layer[s, j]`` the virtual
    layer (VC) of the route from router s to destination j (-1 at its router), ``n_layers`` the
    layers used, ``max_hops`` the longest route."""

    next_arc: np.ndarray
    layer: np.ndarray
    target_router: np.ndarray
    n_layers: int
    max_hops: int

    def route(self, top: Topology, s: int, j: int) -> list[int]:
        """The arcs of the route from router ``s`` to destination ``j``."""
        arcs = top.arcs()
        out = []
        r = s
        d = int(self.target_router[j])
        while r != d:
            a = int(self.next_arc[r, j])
            out.append(a)
            r = int(arcs.dst[a])
        return out

    def __repr__(self) -> str:
        return (
            f"DfssspRouting(routers={self.next_arc.shape[0]}, destinations={self.next_arc.shape[1]}, "
            f"n_layers={self.n_layers}, max_hops={self.max_hops})"
        )


def _targets(top: Topology, per_endpoint: bool) -> np.ndarray:
    """The router of each destination: every router, or every endpoint (in router order)."""
    if per_endpoint:
        return np.repeat(np.arange(top.n_routers, dtype=np.int64), np.asarray(top.endpoints, dtype=np.int64))
    return np.arange(top.n_routers, dtype=np.int64)


def sssp_next_hops(top: Topology, per_endpoint: bool = False) -> np.ndarray:
    """Step 1 of DFSSSP: the next arc of every router towards every destination (router, or with
    ``per_endpoint`` every endpoint, as OFED routes every LID: the endpoints of one router are
    routed one after the other and may take different routes), each destination routed by
    Dijkstra over the link weights the earlier destinations' routes left (module doc).  A route
    adds the source router's endpoint count to each of its links with ``per_endpoint`` (OFED's
    ``num_hca``), else 1.  ``ValueError`` for a disconnected network."""
    arcs = top.arcs()
    R = top.n_routers
    A = arcs.src.shape[0]
    targets = _targets(top, per_endpoint)
    if R == 0:
        return np.zeros((0, targets.shape[0]), dtype=np.int64)
    # arc id of each (src, dst) pair; parallel links: the first arc (routes do not need the others)
    arc_of = {}
    for a in range(A - 1, -1, -1):
        arc_of[(int(arcs.src[a]), int(arcs.dst[a]))] = a
    pair_src = np.array([k[0] for k in arc_of], dtype=np.int64)
    pair_dst = np.array([k[1] for k in arc_of], dtype=np.int64)
    pair_arc = np.array(list(arc_of.values()), dtype=np.int64)
    # OFED starts every link at the square of the endpoint count "to force shortest paths": a
    # weight no sum of route counts can outweigh, so the counts only choose among minimal routes
    add = np.asarray(top.endpoints, dtype=np.float64) if per_endpoint else np.ones(R)
    base = float(R) * float(targets.shape[0]) * float(add.max(initial=1.0)) * R + 1.0
    weight = np.full(pair_arc.shape[0], base, dtype=np.float64)
    next_arc = np.full((R, targets.shape[0]), -1, dtype=np.int64)
    arc_to_pair = np.full(A, -1, dtype=np.int64)
    arc_to_pair[pair_arc] = np.arange(pair_arc.shape[0])
    arc_dst = arcs.dst.astype(np.int64)
    for j, d in enumerate(targets.tolist()):
        # Dijkstra from d over the reversed links: the tree's parent of s is s's next hop to d
        w = csr_matrix((weight, (pair_dst, pair_src)), shape=(R, R))
        dist, pred = dijkstra(w, directed=True, indices=d, return_predecessors=True)
        if not np.all(np.isfinite(dist)):
            bad = int(np.argmax(~np.isfinite(dist)))
            raise ValueError(f"top: DFSSSP needs a connected network; router {bad} cannot reach router {d}")
        for s in range(R):
            if s != d:
                next_arc[s, j] = arc_of[(s, int(pred[s]))]
        _add_route_weights(next_arc, arc_dst, arc_to_pair, weight, j, d, add)
    return next_arc


@numba.njit(cache=True)
def _add_route_weights(next_arc, arc_dst, arc_to_pair, weight, j, d, add):
    for s in range(next_arc.shape[0]):
        r = s
        while r != d:
            a = next_arc[r, j]
            weight[arc_to_pair[a]] += add[s]
            r = arc_dst[a]


@numba.njit(cache=True)
def _routes(next_arc, arc_dst, targets):
    """Every route from a router to a destination at another router, as arcs in CSR form:
    (ptr, arcs, source router, destination index)."""
    R = next_arc.shape[0]
    T = targets.shape[0]
    n = T * (R - 1)  # each destination is at one router, and every other router routes to it
    ptr = np.zeros(n + 1, dtype=np.int64)
    src = np.empty(n, dtype=np.int64)
    dst = np.empty(n, dtype=np.int64)
    k = 0
    total = 0
    for s in range(R):
        for j in range(T):
            d = targets[j]
            if s == d:
                continue
            r = s
            h = 0
            while r != d:
                r = arc_dst[next_arc[r, j]]
                h += 1
            total += h
            src[k] = s
            dst[k] = j
            k += 1
            ptr[k] = total
    out = np.empty(total, dtype=np.int64)
    k = 0
    for i in range(n):
        r = src[i]
        j = dst[i]
        d = targets[j]
        while r != d:
            a = next_arc[r, j]
            out[k] = a
            k += 1
            r = arc_dst[a]
    return ptr, out, src, dst


def _dependencies(ptr: np.ndarray, route_arcs: np.ndarray, A: int) -> tuple[np.ndarray, ...]:
    """The channel dependencies of the routes: unique (from arc, to arc) pairs, each route's
    dependencies (CSR) and each dependency's routes (CSR)."""
    n = ptr.shape[0] - 1
    hops = np.diff(ptr)
    ndep = np.maximum(hops - 1, 0)
    route_of = np.repeat(np.arange(n), ndep)
    # position of each dependency's first arc in route_arcs
    first = np.concatenate([np.arange(ptr[i], ptr[i + 1] - 1) for i in range(n)]) if ndep.sum() else np.zeros(0, np.int64)
    key = route_arcs[first] * A + route_arcs[first + 1]
    uniq, dep_id = np.unique(key, return_inverse=True)
    dep_from, dep_to = uniq // A, uniq % A
    rd_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(ndep, out=rd_ptr[1:])
    order = np.argsort(dep_id, kind="stable")
    dr_ptr = np.zeros(uniq.shape[0] + 1, dtype=np.int64)
    np.cumsum(np.bincount(dep_id, minlength=uniq.shape[0]), out=dr_ptr[1:])
    return dep_from, dep_to, rd_ptr, dep_id.astype(np.int64), dr_ptr, route_of[order].astype(np.int64)


@numba.njit(cache=True)
def _assign_layers(A, dep_from, dep_to, rd_ptr, rd_dep, dr_ptr, dr_route, n_routes):
    """Step 2 of DFSSSP (module doc): each route's layer."""
    D = dep_from.shape[0]
    layer = np.zeros(n_routes, dtype=np.int64)
    # dependencies by their first channel (CSR), for the depth-first search
    order = np.argsort(dep_from, kind="mergesort")
    c_ptr = np.zeros(A + 1, dtype=np.int64)
    for i in range(D):
        c_ptr[dep_from[i] + 1] += 1
    for a in range(A):
        c_ptr[a + 1] += c_ptr[a]
    count = np.zeros(D, dtype=np.int64)
    L = 0
    while True:
        for i in range(D):
            count[i] = 0
        pending = 0
        for r in range(n_routes):
            if layer[r] == L:
                for j in range(rd_ptr[r], rd_ptr[r + 1]):
                    count[rd_dep[j]] += 1
            elif layer[r] > L:
                pending += 1
        colour = np.zeros(A, dtype=np.int64)  # 0 unvisited, 1 on the stack, 2 done (no cycle through it)
        stack_node = np.empty(A, dtype=np.int64)
        stack_pos = np.empty(A, dtype=np.int64)
        stack_dep = np.empty(A, dtype=np.int64)  # the dependency that entered the node
        root = 0
        while root < A:
            if colour[root] != 0:
                root += 1
                continue
            top = 0
            stack_node[0] = root
            stack_pos[0] = c_ptr[root]
            stack_dep[0] = -1
            colour[root] = 1
            while top >= 0:
                u = stack_node[top]
                if stack_pos[top] == c_ptr[u + 1]:
                    colour[u] = 2
                    top -= 1
                    continue
                e = order[stack_pos[top]]
                stack_pos[top] += 1
                if count[e] == 0:
                    continue
                v = dep_to[e]
                if colour[v] == 2:
                    continue
                if colour[v] == 0:
                    top += 1
                    stack_node[top] = v
                    stack_pos[top] = c_ptr[v]
                    stack_dep[top] = e
                    colour[v] = 1
                    continue
                # a cycle: v ... u on the stack, closed by e; break its weakest dependency
                weakest = e
                k = top
                while stack_node[k] != v:
                    x = stack_dep[k]
                    if count[x] < count[weakest]:
                        weakest = x
                    k -= 1
                for j in range(dr_ptr[weakest], dr_ptr[weakest + 1]):
                    r = dr_route[j]
                    if layer[r] == L:
                        layer[r] = L + 1
                        pending += 1
                        for jj in range(rd_ptr[r], rd_ptr[r + 1]):
                            count[rd_dep[jj]] -= 1
                # resume the search below the first dependency on the stack that is gone (the moved
                # routes may have taken others with them); the nodes above it are unvisited again.
                # Finished nodes stay finished: removing dependencies cannot close a cycle.
                cut = top + 1
                for kk in range(1, top + 1):
                    if count[stack_dep[kk]] == 0:
                        cut = kk
                        break
                for kk in range(cut, top + 1):
                    colour[stack_node[kk]] = 0
                top = cut - 1
            root += 1
        if pending == 0:
            return layer
        L += 1


def dfsssp(top: Topology, per_endpoint: bool = False) -> DfssspRouting:
    """DFSSSP on ``top`` (module doc): the SSSP routes from every router to every destination
    (router, or with ``per_endpoint`` every endpoint, as OFED routes LIDs) and the virtual layer of
    each; ``n_layers`` is the number of VCs it needs."""
    if not isinstance(top, Topology):
        raise ValueError(f"top must be a Topology, got {type(top).__name__}")
    if not isinstance(per_endpoint, bool):
        raise ValueError(f"per_endpoint must be True or False, got {per_endpoint!r}")
    targets = _targets(top, per_endpoint)
    R = top.n_routers
    arcs = top.arcs()
    A = arcs.src.shape[0]
    next_arc = sssp_next_hops(top, per_endpoint)
    arc_dst = arcs.dst.astype(np.int64)
    ptr, route_arcs, src, dst = _routes(next_arc, arc_dst, targets)
    table = np.full((R, targets.shape[0]), -1, dtype=np.int64)
    if src.shape[0] == 0:
        return DfssspRouting(next_arc, table, targets, 0, 0)
    dep_from, dep_to, rd_ptr, rd_dep, dr_ptr, dr_route = _dependencies(ptr, route_arcs, A)
    layer = _assign_layers(A, dep_from, dep_to, rd_ptr, rd_dep, dr_ptr, dr_route, src.shape[0])
    table[src, dst] = layer
    return DfssspRouting(next_arc, table, targets, int(layer.max()) + 1, int(np.diff(ptr).max()))


def layers_are_acyclic(top: Topology, routing: DfssspRouting) -> bool:
    """Whether the channel dependency graph of every layer of ``routing`` is acyclic, checked from
    the routes alone: no dependency of a channel on itself and no strongly connected component of
    more than one channel (Dally and Seitz 1987: then the routing is deadlock-free with one VC per
    layer)."""
    arcs = top.arcs()
    A = arcs.src.shape[0]
    ptr, route_arcs, src, dst = _routes(routing.next_arc, arcs.dst.astype(np.int64), routing.target_router)
    lay = routing.layer[src, dst]
    for L in range(routing.n_layers):
        a, b = [], []
        for i in np.flatnonzero(lay == L):
            seq = route_arcs[ptr[i] : ptr[i + 1]]
            a.append(seq[:-1])
            b.append(seq[1:])
        if not a:
            continue
        fa, fb = np.concatenate(a), np.concatenate(b)
        if np.any(fa == fb):
            return False
        g = csr_matrix((np.ones(fa.shape[0]), (fa, fb)), shape=(A, A))
        n, lab = connected_components(g, directed=True, connection="strong")
        if n < A:
            return False
    return True
