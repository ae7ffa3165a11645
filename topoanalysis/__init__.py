"""topoanalysis: build, analyse and simulate interconnection network topologies.

The five source papers (``shared/seeds``) are the specification; each module
cites the seed file and section it implements.
"""

from .families import FAMILIES, build, get_family
from .topology import Arcs, Topology

__version__ = "0.1.0"

__all__ = ["Topology", "Arcs", "FAMILIES", "build", "get_family", "read_csv", "write_csv"]


def __getattr__(name: str):
    # Lazy so that ``import topoanalysis`` stays cheap.
    if name in ("read_csv", "write_csv"):
        from .io import csv as _csv

        return getattr(_csv, name)
    raise AttributeError(f"module 'topoanalysis' has no attribute {name!r}")
