"""The engine's view of a topology: per-arc arrays in ``Topology.arcs()`` order (latency, VCs,
buffer slots, reverse arc) and the endpoint layout.  Shared by the simulator and the
channel-dependency analysis, which must see the very same arcs."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from topoanalysis.checks import check_choice
from topoanalysis.topology import Topology

from .records import engine_net
from .routings import NetArrays
from .routings.tables import reverse_arcs

__all__ = ["net_arrays", "choose"]


def choose(table: Mapping[str, int], what: str, value: str) -> int:
    """The engine code of the named choice ``value`` of ``table``; ValueError naming ``what``."""
    return table[check_choice(what, value, list(table))]


def net_arrays(
    top: Topology,
    P: int,
    lat: np.ndarray,
    buf: np.ndarray,
    vcs: np.ndarray,
    arc_vcs: np.ndarray | None = None,
    port: np.ndarray | None = None,
) -> NetArrays:
    """The engine's view of ``top``: arcs in ``Topology.arcs()`` order with per-arc latency, VCs and
    buffer per VC in packets of ``P`` phits (``lat``, ``buf``, ``vcs`` are per link kind; ``arc_vcs``
    per arc, when some arcs have more VCs than their kind, each with the kind's buffer per VC; both
    directions of a link get the larger count).  The per-arc arrays the engine keeps in its port
    records are views into such records (``sim.records.engine_net``; ``port``, the engine's own, or
    new ones): int32, or int8 for the kind and the VC count, strided, so that compiled routing
    functions called from Python with this network have the engine's types."""
    arcs = top.arcs()
    R = top.n_routers
    kind = arcs.kind.astype(np.int8)
    rev = reverse_arcs(arcs)  # the other direction of the same physical link
    ep_ptr = np.zeros(R + 1, np.int64)
    np.cumsum(top.endpoints, out=ep_ptr[1:])
    nv = np.asarray(vcs)[kind].astype(np.int64) if arc_vcs is None else np.asarray(arc_vcs, np.int64).copy()
    # a link has as many VCs in both directions: the engine keys the input buffer of one direction
    # by the other direction's arc and walks its VCs by that arc's count
    nv = np.maximum(nv, nv[rev])
    cap = (np.asarray(buf) // P)[kind].astype(np.int64)
    net = NetArrays(
        arcs.ptr.astype(np.int64),
        arcs.src.astype(np.int32),
        arcs.dst.astype(np.int32),
        kind,
        rev,
        np.asarray(lat)[kind].astype(np.int64),
        nv,
        cap,
        ep_ptr,
        np.repeat(np.arange(R, dtype=np.int64), top.endpoints),
    )
    return engine_net(net, port)
