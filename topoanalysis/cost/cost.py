"""Network cost and power (Besta & Hoefler 2014, §VI-B, §VI-C, Table IV).

Cost = routers + cables.  A router of radix k costs ``router_slope·k + router_intercept``
(350.4 k - 892.3 $); a cable of length x metres costs ``(slope·x + intercept)·cable_gbps``
with the electric or optical line of :mod:`.constants` (type and length from :mod:`.layout`).
Power = Σ over routers of ports x 4 lanes x 0.7 W (one SerDes per lane).  Radix and ports
count every port of a router: network ports plus endpoint ports.  Per-endpoint figures divide
by the number of endpoints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..checks import check_int
from ..topology import Topology
from .constants import DEFAULT, CostConstants
from .layout import Layout, layout

__all__ = ["CostReport", "cable_cost", "router_cost", "router_power", "network_cost"]


def cable_cost(length_m: float | np.ndarray, fibre: bool | np.ndarray, constants: CostConstants = DEFAULT) -> float | np.ndarray:
    """Price in $ of cables of the given lengths (Besta & Hoefler 2014, §VI-B1), electric or optical."""
    x = np.asarray(length_m, dtype=np.float64)
    if np.any(x < 0):
        raise ValueError("length_m must be >= 0")
    f = np.asarray(fibre, dtype=bool)
    per_gbps = np.where(
        f, constants.fibre_slope * x + constants.fibre_intercept, constants.electric_slope * x + constants.electric_intercept
    )
    out = per_gbps * constants.cable_gbps
    return float(out) if out.ndim == 0 else out


def router_cost(radix: int | np.ndarray, constants: CostConstants = DEFAULT) -> float | np.ndarray:
    """Price in $ of routers of the given radix: 350.4 k - 892.3 (Besta & Hoefler 2014, §VI-B2)."""
    k = np.asarray(radix, dtype=np.float64)
    if np.any(k < 0):
        raise ValueError("radix must be >= 0")
    out = constants.router_slope * k + constants.router_intercept
    return float(out) if out.ndim == 0 else out


def router_power(radix: int | np.ndarray, constants: CostConstants = DEFAULT) -> float | np.ndarray:
    """Watts of routers with ``radix`` ports: ports x lanes x SerDes watts (Besta & Hoefler 2014, §VI-C)."""
    k = np.asarray(radix, dtype=np.float64)
    if np.any(k < 0):
        raise ValueError("radix must be >= 0")
    out = k * constants.lanes_per_port * constants.serdes_watts
    return float(out) if out.ndim == 0 else out


@dataclass(frozen=True)
class CostReport:
    """Besta & Hoefler 2014, Table IV row of one network, plus the totals behind it."""

    family: str
    params: dict[str, Any]
    routers: int
    endpoints: int
    radix: int  #: largest router radix (network + endpoint ports)
    racks: int
    grid: tuple[int, int, int]
    electric_cables: int
    fibre_cables: int
    electric_length_m: float
    fibre_length_m: float
    router_cost: float
    electric_cost: float
    fibre_cost: float
    total_cost: float
    cost_per_endpoint: float
    power_w: float
    power_per_endpoint: float
    constants: CostConstants

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with the Table IV keys first."""
        return {
            "routers": self.routers,
            "endpoints": self.endpoints,
            "radix": self.radix,
            "electric_cables": self.electric_cables,
            "fibre_cables": self.fibre_cables,
            "cost_per_endpoint": round(self.cost_per_endpoint, 6),
            "power_per_endpoint": round(self.power_per_endpoint, 6),
            "total_cost": round(self.total_cost, 2),
            "power_w": round(self.power_w, 3),
            "router_cost": round(self.router_cost, 2),
            "electric_cost": round(self.electric_cost, 2),
            "fibre_cost": round(self.fibre_cost, 2),
            "electric_length_m": round(self.electric_length_m, 3),
            "fibre_length_m": round(self.fibre_length_m, 3),
            "racks": self.racks,
            "grid": list(self.grid),
            "family": self.family,
            "params": self.params,
            "constants": self.constants.as_dict(),
        }


def network_cost(
    top: Topology,
    *,
    constants: CostConstants = DEFAULT,
    routers_per_rack: int | None = None,
    router_radix: int | None = None,
    placement: Layout | None = None,
) -> CostReport:
    """Cost and power of ``top`` under Besta & Hoefler 2014, §VI (see the module docstring).

    ``router_radix`` prices and powers every router as a router of that many ports (e.g. the
    k = 43 the paper uses for its Slim Fly, or a 48-port product); it must be at least the
    largest radix the topology needs.  ``placement`` reuses a precomputed :func:`layout`.
    """
    if not isinstance(top, Topology):
        raise ValueError(f"top must be a Topology, got {type(top).__name__}")
    if not isinstance(constants, CostConstants):
        raise ValueError(f"constants must be a CostConstants, got {type(constants).__name__}")
    constants.validate()
    if top.n_endpoints < 1:
        raise ValueError("top must have endpoints (p >= 1) to give per-endpoint cost and power")
    lay = placement if placement is not None else layout(top, routers_per_rack, constants)
    if lay.fibre.shape != (top.n_links,):
        raise ValueError(f"placement must describe {top.n_links} links, got {lay.fibre.shape[0]}")
    radix = top.radix()
    need = int(radix.max())
    if router_radix is not None:
        router_radix = check_int("router_radix", router_radix, 1)
        if router_radix < need:
            raise ValueError(f"router_radix must be >= {need}, the largest radix this topology needs, got {router_radix}")
        radix = np.full(top.n_routers, int(router_radix))
    prices: np.ndarray = cable_cost(lay.length_m, lay.fibre, constants)  # type: ignore[assignment]  # arrays in, array out
    e_cost = float(prices[~lay.fibre].sum())
    f_cost = float(prices[lay.fibre].sum())
    r_cost = float(np.sum(router_cost(radix, constants)))
    total = r_cost + e_cost + f_cost
    power = float(np.sum(router_power(radix, constants)))
    n_ep = top.n_endpoints
    return CostReport(
        family=top.family,
        params=dict(top.params),
        routers=top.n_routers,
        endpoints=n_ep,
        radix=int(radix.max()),
        racks=lay.n_racks,
        grid=lay.grid,
        electric_cables=lay.electric_cables,
        fibre_cables=lay.fibre_cables,
        electric_length_m=float(lay.length_m[~lay.fibre].sum()),
        fibre_length_m=float(lay.length_m[lay.fibre].sum()),
        router_cost=r_cost,
        electric_cost=e_cost,
        fibre_cost=f_cost,
        total_cost=total,
        cost_per_endpoint=total / n_ep,
        power_w=power,
        power_per_endpoint=power / n_ep,
        constants=constants,
    )
