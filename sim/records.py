"""The engine's record arrays: fields of several arrays packed into one cache-aligned record per
element (``sim.state``, module doc), and the same views for code that calls the compiled routing
functions from Python.

Numba compiles a function once per argument types, and a field of a record array is a strided
int32 (or int8, int16) array, where a plain array is a contiguous int64 one.  Channel
dependencies (``sim.cdg``), deadlock rings and tests that route a header by hand take the
network and the packet pool in these views (:func:`engine_net`, ``sim.routings.base.single_packet``), so that
the routing functions they call have the engine's types: numba then loads them from the on-disk
cache the engine's compile wrote, instead of compiling a twin of each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["records", "pool_records", "port_records", "engine_net", "PORT_COPIED"]


def records(n: int, fields: Sequence[tuple[str, Any, int]], itemsize: int = 64) -> np.ndarray:
    """``n`` zeroed records with fields at explicit offsets, 64-byte aligned (one cache line each
    when ``itemsize`` is 64)."""
    dt = np.dtype(
        {
            "names": [f[0] for f in fields],
            "formats": [f[1] for f in fields],
            "offsets": [f[2] for f in fields],
            "itemsize": itemsize,
        }
    )
    raw = np.zeros(n * itemsize + 64, np.uint8)
    off = (-raw.ctypes.data) % 64
    return raw[off : off + n * itemsize].view(dt)


def pool_records(n: int, nk: int) -> np.ndarray:
    """``n`` packet records (one cache line each with up to 12 link kinds); their fields, in the
    order of ``sim.routings.Packets``, are the packet pool's arrays."""
    i4 = np.int32
    fields = [
        ("src", i4, 0),
        ("dst", i4, 4),
        ("dr", i4, 8),
        ("gen", i4, 12),
        ("ready", i4, 16),
        ("inter", i4, 20),
        ("flags", i4, 24),
        ("htot", i4, 28),
        ("nxt", i4, 32),
        ("nready", i4, 36),
        ("hops", (np.int16, (nk,)), 40),
    ]
    return records(n, fields, 64 * ((40 + 2 * nk + 63) // 64))


#: the network's per-arc arrays a port record holds (``sim.routings.NetArrays`` field names)
PORT_COPIED = ("rev", "lat", "nv", "dst", "src", "kind")


def port_records(A: int) -> np.ndarray:
    """``A`` port records: what a request and a move over an arc read (32 bytes: a router's arcs
    span half as many cache lines as with one 64-byte port record, whose misses were the top
    stall), the network's :data:`PORT_COPIED` arrays and the arc's credit ring."""
    i4 = np.int32
    return records(
        A,
        [
            ("rev", i4, 0),
            ("dst", i4, 4),
            ("src", i4, 8),
            ("lat", i4, 12),
            ("cr_off", i4, 16),
            ("cr_cap", np.int16, 20),
            ("nv", np.int8, 22),
            ("kind", np.int8, 23),
            ("link_phits", i4, 24),
            ("cr_roff", i4, 28),
        ],
        32,
    )


def engine_net(net: Any, port: np.ndarray | None = None) -> Any:
    """``net`` (``sim.routings.NetArrays``) with its :data:`PORT_COPIED` arrays copied into port
    records (``port``, or new ones) and viewed there, as the engine holds them."""
    if port is None:
        port = port_records(net.src.shape[0])
    for f in PORT_COPIED:
        v = np.asarray(getattr(net, f))
        lim = np.iinfo(port[f].dtype)
        if v.size and (v.min() < lim.min or v.max() > lim.max):
            what = {"nv": "vcs", "lat": "latency"}.get(f, f"arcs ({f})")
            raise ValueError(f"{what}: per-arc values {v.min()}..{v.max()} do not fit the engine's {port[f].dtype} port records")
        port[f] = v
    return net._replace(**{f: port[f] for f in PORT_COPIED})
