"""Besta & Hoefler 2014, Table IV (cost and power of a ~10k-endpoint Slim Fly and the compared networks, §VI).

``PAPER`` holds the printed rows; :func:`network` builds the network we price for each row.
Configurations follow §VI-B3 where it states them and Table IV's counts where it does not:
T5D 6×6×6×6×8 (its N = 10,368), HC 13-cube, DF balanced a = 2p = 2h with g = ah + 1,
FBF-3 K_c³ with p = c, DLN ring + random shortcuts (seed 1) with the paper's N, Nr and radix.
FT-3 and LH-HC rows are not built (odd-k fat trees and long-hop hypercubes are not implemented).
"""

from __future__ import annotations

from ..families import build
from ..topology import Topology

__all__ = ["PAPER", "FIELDS", "network"]

#: field names of a Table IV row
FIELDS: tuple[str, ...] = ("endpoints", "routers", "radix", "electric_cables", "fibre_cables",
                           "cost_per_endpoint", "power_per_endpoint")

#: (N, Nr, k, electric, fibre, $/endpoint, W/endpoint) of Besta & Hoefler 2014, Table IV
PAPER: dict[str, tuple[int, int, int, int, int, int, float]] = {
    "T3D": (10648, 10648, 7, 31900, 0, 1682, 19.6),
    "T5D": (10368, 10368, 11, 50688, 0, 3176, 30.8),
    "HC": (8192, 8192, 14, 32768, 12288, 4631, 39.2),
    "DLN43": (40200, 4020, 43, 32488, 33842, 1743, 12.04),
    "FBF43": (20736, 1728, 43, 9504, 20736, 1570, 10.8),
    "DF43": (58806, 5346, 43, 56133, 29524, 1438, 10.9),
    "DLN28": (9702, 1386, 28, 6837, 7716, 1566, 11.2),
    "FBF33": (10000, 1000, 33, 4500, 10000, 1535, 10.8),
    "DF27": (9702, 1386, 27, 9009, 4900, 1342, 10.8),
    "SF": (10830, 722, 43, 6669, 6869, 1033, 8.02),
}

_BUILD = {
    "T3D": ("torus", {"dims": [22, 22, 22]}),
    "T5D": ("torus", {"dims": [6, 6, 6, 6, 8]}),
    "HC": ("hypercube", {"n": 13}),
    "DLN43": ("random", {"n": 4020, "degree": 33, "p": 10, "seed": 1}),
    "FBF43": ("hamming", {"sizes": [12, 12, 12], "p": 12}),
    "DF43": ("dragonfly", {"a": 22, "h": 11, "p": 11}),
    "DLN28": ("random", {"n": 1386, "degree": 21, "p": 7, "seed": 1}),
    "FBF33": ("hamming", {"sizes": [10, 10, 10], "p": 10}),
    "DF27": ("dragonfly", {"a": 14, "h": 7, "p": 7}),
    "SF": ("slimfly", {"q": 19}),
}


def network(row: str) -> Topology:
    """The network we price for Table IV row ``row`` (a key of :data:`PAPER`)."""
    if row not in _BUILD:
        raise ValueError(f"row must be one of {', '.join(_BUILD)}, got {row!r}")
    family, params = _BUILD[row]
    return build(family, **params)
