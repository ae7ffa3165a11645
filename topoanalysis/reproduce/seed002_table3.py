"""Besta & Hoefler 2014, Table III (disconnection resiliency, §III-D1): the paper's numbers and our networks.

The paper does not list the configuration behind each cell, only that each is the balanced
variant nearest N ("missing values indicate the inadequacy of a balanced topology variant for
a given N").  Our choices (documented, not tuned to the results):

- T3D / T5D / HC: p = 1 (Besta & Hoefler 2014, §III), T3D and T5D dimension sizes below;
- FT-3: 3-level k-ary fat tree with N = k³/4 (k even) nearest N;
- DF: balanced a = 2p = 2h (Besta & Hoefler 2014, §II-B / Camarero et al. 2014, eq. (4)) with N = 2h²(2h² + 1) nearest N;
- FBF-3: K_c³ with p = c, N = c⁴ nearest N;
- SF: q listed below with p = ⌈k'/2⌉ (Besta & Hoefler 2014, §II-B2);
- DLN: ring + random shortcuts (Besta & Hoefler 2014, §VI-B3e) on the routers, degree and p of that row's SF,
  seed 1.
- LH-HC: the long-hop hypercube :func:`~topoanalysis.generators.longhop.lhhc` of dimension log2 N with
  L = 5 long hops and p = 1 (Table IV's LH-HC has L = 5 at N = 2^13; the paper gives no L for the
  other rows, and its construction is reconstructed: see :mod:`topoanalysis.generators.longhop`).
"""

from __future__ import annotations

import math

from ..families import build
from ..topology import Topology

__all__ = ["PAPER", "COLUMNS", "ROWS", "network"]

#: Besta & Hoefler 2014, Table III, percent; None where the paper prints "-"
PAPER: dict[str, dict[int, int | None]] = {
    "T3D": {512: 30, 1024: 25, 2048: 20, 4096: 15, 8192: 10},
    "T5D": {512: None, 1024: 40, 2048: None, 4096: None, 8192: 35},
    "HC": {512: 40, 1024: 40, 2048: 40, 4096: 45, 8192: 45},
    "LH-HC": {512: 55, 1024: 55, 2048: 55, 4096: 55, 8192: 55},
    "FT-3": {512: 35, 1024: 40, 2048: 40, 4096: 55, 8192: 60},
    "DF": {512: None, 1024: 50, 2048: 55, 4096: 60, 8192: 65},
    "FBF-3": {512: 55, 1024: 60, 2048: 65, 4096: 70, 8192: None},
    "DLN": {512: 60, 1024: None, 2048: 65, 4096: 70, 8192: 75},
    "SF": {512: 60, 1024: None, 2048: 65, 4096: 70, 8192: 75},
}

_T3D = {512: [8, 8, 8], 1024: [16, 8, 8], 2048: [16, 16, 8], 4096: [16, 16, 16], 8192: [32, 16, 16]}
_T5D = {1024: [4, 4, 4, 4, 4], 8192: [8, 8, 8, 4, 4]}
#: long hops per router of the LH-HC column (Table IV's L at N = 2^13, kept at every N)
LHHC_HOPS = 5
_SF_Q = {512: 7, 2048: 11, 4096: 13, 8192: 17}


def _nearest(n: int, sizes: dict[int, int]) -> int:
    """The parameter whose endpoint count is nearest to n on a log scale."""
    return min(sizes, key=lambda par: abs(math.log(sizes[par] / n)))


def _sf(q: int) -> Topology:
    return build("slimfly", q=q)


def network(column: str, n: int) -> Topology:
    """The balanced network we use for the paper's cell (``column``, ``n`` = N endpoints) of Table III."""
    if n not in ROWS:
        raise ValueError(f"n must be one of the Table III rows {ROWS}, got {n!r}")
    if column in PAPER and PAPER[column].get(n) is None:
        raise ValueError(f"Table III has no {column} value for N={n} (the paper prints '-')")
    if column == "T3D":
        return build("torus", dims=_T3D[n], p=1)
    if column == "T5D":
        return build("torus", dims=_T5D[n], p=1)
    if column == "HC":
        return build("hypercube", n=int(math.log2(n)), p=1)
    if column == "LH-HC":
        return build("lhhc", n=int(math.log2(n)), hops=LHHC_HOPS, p=1)
    if column == "FT-3":
        k = _nearest(n, {k: k**3 // 4 for k in range(4, 40, 2)})
        return build("fattree", k=k)
    if column == "DF":
        h = _nearest(n, {h: 2 * h * h * (2 * h * h + 1) for h in range(2, 9)})
        return build("dragonfly", a=2 * h, h=h, p=h)
    if column == "FBF-3":
        c = _nearest(n, {c: c**4 for c in range(3, 12)})
        return build("hamming", sizes=[c, c, c], p=c)
    if column == "SF":
        return _sf(_SF_Q[n])
    if column == "DLN":
        sf = _sf(_SF_Q[n])
        return build("random", n=sf.n_routers, degree=int(sf.degree().max()), p=int(sf.endpoints.max()), seed=1)
    raise ValueError(f"column must be one of {', '.join(PAPER)}, got {column!r}")


COLUMNS: tuple[str, ...] = tuple(PAPER)
ROWS: tuple[int, ...] = (512, 1024, 2048, 4096, 8192)
