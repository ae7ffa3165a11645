"""Physical layout, cost and power models of Besta & Hoefler 2014, §VI (Table IV).

* :mod:`.constants` -- every constant, documented and overridable (:data:`DEFAULT`);
* :mod:`.layout` -- racks, near-square rack grid, cable types and Manhattan lengths;
* :mod:`.cost` -- router and cable prices, SerDes power, per-network report.
"""

from .constants import DEFAULT, CostConstants
from .cost import CostReport, cable_cost, network_cost, router_cost, router_power
from .layout import Layout, layout, rack_assignment, rack_grid

__all__ = [
    "DEFAULT",
    "CostConstants",
    "CostReport",
    "cable_cost",
    "network_cost",
    "router_cost",
    "router_power",
    "Layout",
    "layout",
    "rack_assignment",
    "rack_grid",
]
