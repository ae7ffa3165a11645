"""Task mapping of stencil jobs onto dragonflies (Hastings et al. 2015, §V).

:mod:`.stencil` holds the job (a 2D nearest-neighbour stencil), the mapping's phases and the
check of Hastings et al. 2015's criteria; :mod:`.search` finds a mapping that meets them with CP-SAT, with
the fewest distinct group configurations; :func:`.stencil.stencil_traffic` turns a mapping's
phase into a traffic pattern for the simulator.
"""

from .search import MappingSearch, find_mapping
from .stencil import MappingReport, PhaseReport, Stencil, check_mapping, group_configurations, stencil_traffic

__all__ = [
    "Stencil",
    "check_mapping",
    "MappingReport",
    "PhaseReport",
    "group_configurations",
    "find_mapping",
    "MappingSearch",
    "stencil_traffic",
]
