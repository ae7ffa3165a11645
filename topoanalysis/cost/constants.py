"""Every constant of the Besta & Hoefler 2014, §VI cost and power models, in one documented place.

Override any of them per call: ``network_cost(top, constants=DEFAULT.replace(fibre_intercept=5.0))``
or on the command line with ``topoanalysis cost ... --set fibre_intercept=5.0``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..checks import check_number

__all__ = ["CostConstants", "DEFAULT"]


@dataclass(frozen=True)
class CostConstants:
    """Cost / power model constants (Besta & Hoefler 2014, §VI-B, §VI-C).

    Cable prices are in $ per Gb/s as a linear function of the length ``x`` in metres,
    fitted by the paper to Mellanox InfiniBand FDR10 40 Gb/s QSFP cables (§VI-B1):
    electric ``0.4079 x + 0.5771``, optical ``0.0919 x + 7.2745``.  A cable's price is that
    times its bandwidth (``cable_gbps``).  Routers cost ``350.4 k - 892.3`` $ for radix ``k``
    (§VI-B2, Mellanox FDR10 routers; the extracted text lost the minus sign, which the fit
    to a 36-port FDR10 switch, ~$11.7k, confirms).  Power: every port has 4 lanes with one
    SerDes of 0.7 W per lane (§VI-C).
    """

    #: electric (copper) cable: $/(Gb/s) per metre and fixed $/(Gb/s) (§VI-B1)
    electric_slope: float = 0.4079
    electric_intercept: float = 0.5771
    #: optical (fibre) cable: $/(Gb/s) per metre and fixed $/(Gb/s) (§VI-B1)
    fibre_slope: float = 0.0919
    fibre_intercept: float = 7.2745
    #: bandwidth of one cable, Gb/s (FDR10 QSFP: 4 lanes x 10 Gb/s, §VI-B1)
    cable_gbps: float = 40.0
    #: router price 350.4 k - 892.3 $ for radix k (§VI-B2)
    router_slope: float = 350.4
    router_intercept: float = -892.3
    #: power: lanes per port and watts per SerDes (one SerDes per lane, §VI-C)
    lanes_per_port: int = 4
    serdes_watts: float = 0.7
    #: racks are 1 x 1 x 2 m (§VI-B); racks stand on a grid with this pitch (metres)
    rack_width_m: float = 1.0
    rack_depth_m: float = 1.0
    rack_height_m: float = 2.0
    #: average intra-rack cable: Manhattan distance between routers on top of a rack is
    #: 5-10 cm .. 2 m, "thus on average intra-rack cables are 1 m long" (§VI-B)
    intra_rack_cable_m: float = 1.0
    #: overhead added to every inter-rack (global) cable, following [27] (§VI-B)
    global_overhead_m: float = 2.0

    def replace(self, **changes: Any) -> CostConstants:
        """A copy with some constants changed; unknown names or non-numbers raise ``ValueError``."""
        names = {f.name for f in dataclasses.fields(self)}
        for key, val in changes.items():
            if key not in names:
                raise ValueError(f"cost constant {key!r} does not exist; known: {', '.join(sorted(names))}")
            check_number(f"cost constant {key}", val)
        out = dataclasses.replace(self, **changes)
        out.validate()
        return out

    def validate(self) -> None:
        """Raise ``ValueError`` for physically meaningless values."""
        for f in dataclasses.fields(self):
            val = getattr(self, f.name)
            check_number(f"cost constant {f.name}", val, minimum=None if f.name == "router_intercept" else 0.0)
        if self.lanes_per_port != int(self.lanes_per_port):
            raise ValueError(f"cost constant lanes_per_port must be an integer, got {self.lanes_per_port}")

    def as_dict(self) -> dict[str, float]:
        """The constants as a plain dict (for JSON output)."""
        return dataclasses.asdict(self)


#: the paper's values
DEFAULT = CostConstants()
