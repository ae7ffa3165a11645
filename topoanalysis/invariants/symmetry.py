"""Automorphism group order, vertex/edge orbits and transitivity (igraph's BLISS).

Link classes (kind, and parallel-link multiplicity) are encoded with the layered-graph trick of
the nauty/Traces guide: class c gets the binary code c+1 over L = bit_length(#classes) layers,
each layer a copy of the routers (copies joined vertically, layers told apart by vertex colour),
and a link sits in every layer where its code has a 1 bit.  Automorphisms of the layered graph
are exactly the class-preserving automorphisms of the network; with one class it is the graph
itself.  Edge orbits come from applying the BLISS generators to the link list.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..topology import Topology


@dataclass(frozen=True)
class Symmetry:
    """Automorphism data; ``respect_kinds`` says whether link kinds had to be preserved."""

    order: int
    vertex_orbits: list[np.ndarray]
    edge_orbits: int
    vertex_transitive: bool
    edge_transitive: bool
    respect_kinds: bool


def _components(n: int, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    import scipy.sparse as sp
    from scipy.sparse.csgraph import connected_components

    a = sp.csr_array((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(n, n))
    return connected_components(a, directed=True, connection="weak")[1]


def _groups(labels: np.ndarray) -> list[np.ndarray]:
    _, inv = np.unique(labels, return_inverse=True)
    inv = inv.reshape(-1)
    order = np.argsort(inv, kind="stable")
    return np.split(order, np.cumsum(np.bincount(inv))[:-1])


def _layered(top: Topology, respect_kinds: bool, respect_endpoints: bool):
    """The layered graph whose automorphisms are the network's class-preserving ones, its vertex
    colours, and the distinct router pairs (see the module docstring)."""
    import igraph as ig

    n = top.n_routers
    if n == 0:
        raise ValueError("symmetry needs at least one router")
    nk = len(top.kind_names) if respect_kinds else 1
    kinds = top.kind.astype(np.int64) if respect_kinds else np.zeros(top.n_links, dtype=np.int64)
    key = (top.u.astype(np.int64) * n + top.v) * nk + kinds
    uk, cnt = np.unique(key, return_counts=True)
    pairs, inv = np.unique(uk // nk, return_inverse=True)
    sig = np.zeros((pairs.size, nk), dtype=np.int64)
    sig[inv.reshape(-1), uk % nk] = cnt
    _, ecls = np.unique(sig, axis=0, return_inverse=True)
    ecls = ecls.reshape(-1)
    pu, pv = pairs // n, pairs % n
    vcls = np.unique(top.endpoints, return_inverse=True)[1].reshape(-1) if respect_endpoints else np.zeros(n, dtype=np.int64)
    nvc = int(vcls.max()) + 1
    code = ecls + 1
    layers = int(code.max()).bit_length() if code.size else 1
    eu, ev = [], []
    for layer in range(layers):
        sel = (code >> layer) & 1 == 1
        eu.append(pu[sel] + layer * n)
        ev.append(pv[sel] + layer * n)
        if layer:
            eu.append(np.arange(n) + (layer - 1) * n)
            ev.append(np.arange(n) + layer * n)
    colors = (np.arange(layers).repeat(n) * nvc + np.tile(vcls, layers)).tolist()
    g = ig.Graph(n=layers * n, edges=np.stack([np.concatenate(eu), np.concatenate(ev)], 1).tolist())
    return g, colors, layers, pairs


def automorphism_generators(top: Topology, respect_kinds: bool = False, respect_endpoints: bool = True) -> np.ndarray:
    """Generators of the automorphism group (BLISS), one router permutation per row: row ``p``
    maps router ``r`` to ``p[r]``.  No rows when the group is trivial."""
    g, colors, layers, _ = _layered(top, respect_kinds, respect_endpoints)
    return _router_generators(g, colors, layers, top.n_routers)


def _router_generators(g, colors: list[int], layers: int, n: int) -> np.ndarray:
    """BLISS generators of the layered graph, restricted to the routers (its first layer)."""
    return np.asarray(g.automorphism_group(color=colors), dtype=np.int64).reshape(-1, layers * n)[:, :n]


def symmetry(top: Topology, respect_kinds: bool = False, respect_endpoints: bool = True) -> Symmetry:
    """Automorphisms of ``top`` (optionally preserving link kinds and endpoint counts).

    Vertex-transitive: one vertex orbit; edge-transitive: one orbit on the distinct router pairs
    (Camarero et al. 2014, §3: Hamming graphs are vertex-transitive, edge-transitive iff square).
    """
    g, colors, layers, pairs = _layered(top, respect_kinds, respect_endpoints)
    n = top.n_routers
    pu, pv = pairs // n, pairs % n
    gens = _router_generators(g, colors, layers, n)
    order = int(g.count_automorphisms(color=colors))
    k = gens.shape[0]
    vid = _components(n, np.tile(np.arange(n), k), gens.reshape(-1)) if k else np.arange(n)
    m = pairs.size
    if k and m:
        a, b = gens[:, pu], gens[:, pv]
        img = np.minimum(a, b) * n + np.maximum(a, b)
        eid = _components(m, np.tile(np.arange(m), k), np.searchsorted(pairs, img).reshape(-1))
        n_eorb = int(np.unique(eid).size)
    else:
        n_eorb = m
    vorbits = _groups(vid)
    return Symmetry(order, vorbits, n_eorb, len(vorbits) == 1, n_eorb == 1, respect_kinds)
