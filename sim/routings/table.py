"""One fixed shortest path per router pair from a next-hop table (``sp-table``): the routing of
BookSim2's ``anynet`` network, for cross-validation on matched routes.

BookSim2 (``AnyNet::route``) runs Dijkstra from every router over the link latencies, finalising
routers in order of (distance, router number) and keeping for each router the first finalised
neighbour that reached it; the table's next hop from s towards t is the first router of that
predecessor chain.  On a graph with one shortest path per pair (a Moore graph such as the Slim
Fly with q = 5) this is ``sp-min``; on a Hamming graph it is neither dimension order nor balanced
(ties go to the lower-numbered router).  Every hop on VC = hops so far under the ``routing`` VC
scheme (Besta & Hoefler 2014, §IV-D); BookSim2 allows any VC, the ``any`` scheme.
"""

from __future__ import annotations

import heapq

import numpy as np

from topoanalysis.topology import Topology

from .._jit import call, helper
from .base import L_MIN, Routing, RTables, eject
from .kind import Kind
from .tables import distance_table, empty_tables

__all__ = ["build", "next_hop_table", "SP_TABLE"]

_MAX_ROUTERS = 4096  # an (R, R) int32 table: 64 MB at this size


def next_hop_table(top: Topology, latency: np.ndarray | None = None) -> np.ndarray:
    """``nxt[s, t]``: the arc from router s on BookSim2's anynet path to router t (-1 on the
    diagonal); ``latency`` per link kind (default 1, BookSim2's)."""
    R = top.n_routers
    if R > _MAX_ROUTERS:
        raise ValueError(f"routing 'sp-table' keeps an R x R next-hop table; {R} routers exceeds {_MAX_ROUTERS}")
    arcs = top.arcs()
    w = np.ones(arcs.src.size, np.int64) if latency is None else np.asarray(latency, np.int64)[arcs.kind]
    # BookSim2 keeps one channel per neighbour (a map keyed by router): the first arc to it
    first: dict[tuple[int, int], int] = {}
    for a in range(arcs.src.size):
        first.setdefault((int(arcs.src[a]), int(arcs.dst[a])), a)
    nbrs = [sorted({int(arcs.dst[a]) for a in range(arcs.ptr[r], arcs.ptr[r + 1])}) for r in range(R)]
    weight = {(int(arcs.src[a]), int(arcs.dst[a])): int(w[a]) for a in first.values()}
    nxt = np.full((R, R), -1, np.int32)
    for s in range(R):
        dist = np.full(R, np.iinfo(np.int64).max, np.int64)
        prev = np.full(R, -1, np.int64)
        dist[s] = 0
        heap = [(0, s)]
        done = np.zeros(R, bool)
        while heap:
            d, u = heapq.heappop(heap)  # (distance, router number): BookSim2's finalisation order
            if done[u]:
                continue
            done[u] = True
            for v in nbrs[u]:
                nd = d + weight[(u, v)]
                if nd < dist[v]:
                    dist[v] = nd
                    prev[v] = u
                    heapq.heappush(heap, (nd, v))
        if not done.all():
            raise ValueError("topology: routing 'sp-table' needs a connected network")
        for t in range(R):
            if t == s:
                continue
            x = t
            while prev[x] != s:
                x = prev[x]
            nxt[s, t] = first[(s, int(x))]
    return nxt


@call
def candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    d = pk.dr[p]
    if r == d:
        return eject(out_arc, out_lab, out_hops)
    out_arc[0] = rt.nxt[r, d]
    out_lab[0] = L_MIN
    out_hops[0] = rt.dist[r, d]
    return 1


@helper
def own_vc(rt, net, pk, p, a):
    return pk.htot[p]


class TableTables(RTables):
    """sp-table's tables (the class selects its compiled functions, ``sim.routings.kind``)."""

    __slots__ = ()


SP_TABLE = Kind(TableTables, step=candidates, own_vc=own_vc)


def build(top: Topology, name: str) -> Routing:
    t = empty_tables(top)
    dist, maxk = distance_table(top)
    t["dist"] = dist
    t["nxt"] = next_hop_table(top)
    D = int(dist.max())
    return Routing(
        name,
        SP_TABLE,
        RTables(**t),
        np.where(maxk > 0, maxk, 0),
        vcs=np.where(maxk > 0, D, 0),
        variant="booksim-anynet-table",
        minimal_only=True,
    )
