"""Physical layout: routers into racks, racks on a near-square grid, cable types and lengths.

Besta & Hoefler 2014, §VI-A/B: routers and their endpoints are grouped into racks of 1 x 1 x 2 m, routers on
top; intra-rack cables are electric and 1 m long on average; inter-rack cables are optical and
as long as the Manhattan distance between the racks plus a 2 m overhead.  Racks form a square
(or a rectangle close to a square) of x by y racks; when no such rectangle holds all
``N_rck`` racks, ``N_rck = x·y + z`` and the z remaining racks go along one side.

Racks per family (Besta & Hoefler 2014, §VI-A, §VI-B3):

* ``slimfly``: one (0, x, ·) subgroup plus one (1, x, ·) subgroup per rack (q racks of 2q
  routers, :func:`topoanalysis.generators.slimfly.slimfly_racks`);
* ``dragonfly``, ``dragonfly3``, ``cascade``: one group (label ``group``) per rack;
* ``flatfly`` / ``hamming``: the routers that differ only in coordinate ``c0`` form a rack
  (FBF-3: "p routers in every group (rack) and p² groups forming an ideal square");
* ``torus``: folded tori need no optical links (§VI-B3a): every cable electric, 1 m;
* ``hypercube``: racks are sub-cubes of 2^8 routers (dimensions 0..7 inside a rack).  The paper
  does not state the rack size; 2^8 is taken from its HC electric count 32,768 = 8 x 4,096 (the
  only sub-cube size giving it), so that count is an input here, not a reproduced number; the
  long-hop hypercube ``lhhc`` and the ``hybridcube`` of either are racked the same way (consecutive router
  ids; a long hop is electric only inside a sub-cube);
* ``fattree``: routers in a central row, all router-router cables optical with an average
  length of 1 m (§VI-B3c);
* ``random`` (DLN): racks of ``a`` consecutive routers with ``a`` the balanced dragonfly group
  size of the same radix, a = 2⌊(k+1)/4⌋ ("DLN have groups with the same size (a)", §VI-B3e);
* anything else: a ``group`` label when present, else racks of ⌈√N_r⌉ consecutive routers.

``routers_per_rack`` overrides the rule with racks of that many consecutive router ids.
Endpoint cables are not counted (the paper's Table IV counts only router-router cables,
except for FT-3).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..checks import check_int
from ..topology import Topology
from .constants import DEFAULT, CostConstants

__all__ = ["Layout", "rack_grid", "rack_assignment", "layout"]

#: routers per hypercube rack (2^8, inferred from Besta & Hoefler 2014, Table IV: see the module docstring)
HYPERCUBE_RACK = 256


def rack_grid(n_racks: int) -> tuple[np.ndarray, tuple[int, int, int]]:
    """Grid coordinates ``(n_racks, 2)`` of racks 0.. and the shape ``(x, y, z)`` (Besta & Hoefler 2014, §VI-A).

    An exact rectangle x·y = N_rck with y <= 2x (x the largest divisor <= √N_rck) is used when
    one exists; otherwise x = ⌊√N_rck⌋ columns, y = ⌊N_rck / x⌋ full rows and the z = N_rck - x·y
    remaining racks form a partial row along one side.  Racks fill the grid row by row.
    """
    n = check_int("n_racks", n_racks, 1)
    root = math.isqrt(n)
    x = max(d for d in range(1, root + 1) if n % d == 0)
    if n // x > 2 * x:
        x = root
    y, z = divmod(n, x)
    i = np.arange(n)
    return np.column_stack([i % x, i // x]), (x, y, z)


def _consecutive(n: int, size: int) -> np.ndarray:
    return np.arange(n) // size


def rack_assignment(top: Topology, routers_per_rack: int | None = None) -> np.ndarray:
    """Rack id (0..N_rck-1) of every router by the family rules of the module docstring."""
    n = top.n_routers
    if routers_per_rack is not None:
        return _consecutive(n, check_int("routers_per_rack", routers_per_rack, 1))
    fam = top.family
    if fam == "slimfly":
        from ..generators.slimfly import slimfly_racks

        return slimfly_racks(top)
    if fam in ("flatfly", "hamming") and "c0" in top.labels and len([k for k in top.labels if k.startswith("c")]) > 1:
        side = int(top.labels["c0"].max()) + 1
        return _consecutive(n, side)  # ids are mixed radix with c0 fastest
    if fam in ("hypercube", "lhhc", "hybridcube"):
        return _consecutive(n, HYPERCUBE_RACK)
    if fam == "random":
        k = int(top.radix().max())
        return _consecutive(n, max(1, 2 * ((k + 1) // 4)))
    if "group" in top.labels:
        g = top.labels["group"]
        _, inv = np.unique(g, return_inverse=True)
        return inv.astype(np.int64)
    return _consecutive(n, max(1, math.isqrt(max(n - 1, 0)) + 1))


@dataclass(frozen=True)
class Layout:
    """Racks, grid positions and every link's cable type and length (metres)."""

    rack: np.ndarray  #: rack of every router
    n_racks: int
    rack_xy: np.ndarray  #: (n_racks, 2) grid coordinates
    grid: tuple[int, int, int]  #: (x, y, z): x columns, y full rows, z racks in a partial row
    fibre: np.ndarray  #: per link: True for an optical cable
    length_m: np.ndarray  #: per link: cable length in metres

    @property
    def electric_cables(self) -> int:
        return int((~self.fibre).sum())

    @property
    def fibre_cables(self) -> int:
        return int(self.fibre.sum())


def layout(top: Topology, routers_per_rack: int | None = None, constants: CostConstants = DEFAULT) -> Layout:
    """Place ``top`` in racks on a near-square grid and type and measure its cables (Besta & Hoefler 2014, §VI)."""
    if not isinstance(top, Topology):
        raise ValueError(f"top must be a Topology, got {type(top).__name__}")
    if top.n_routers < 1:
        raise ValueError("top must have at least one router")
    rack = np.asarray(rack_assignment(top, routers_per_rack), dtype=np.int64)
    n_racks = int(rack.max()) + 1
    xy, grid = rack_grid(n_racks)
    ru, rv = rack[top.u], rack[top.v]
    m = top.n_links
    if top.family == "torus" and routers_per_rack is None:
        # folded tori: no optical links (§VI-B3a)
        return Layout(rack, n_racks, xy, grid, np.zeros(m, dtype=bool), np.full(m, constants.intra_rack_cable_m))
    if top.family == "fattree" and routers_per_rack is None:
        # central row, optical router-router cables averaging 1 m (§VI-B3c)
        return Layout(rack, n_racks, xy, grid, np.ones(m, dtype=bool), np.full(m, constants.intra_rack_cable_m))
    fibre = ru != rv
    d = np.abs(xy[ru] - xy[rv])
    inter = d[:, 0] * constants.rack_width_m + d[:, 1] * constants.rack_depth_m + constants.global_overhead_m
    length = np.where(fibre, inter, constants.intra_rack_cable_m).astype(np.float64)
    return Layout(rack, n_racks, xy, grid, fibre, length)
