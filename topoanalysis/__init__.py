"""topoanalysis: build, analyse and simulate interconnection network topologies.

Five papers are the specification; each module cites the paper and the section it implements as
"Camarero et al. 2014, §4.1.2".  Their full citations, and those of the other works cited, are in
:mod:`topoanalysis.references` (``reference("camarero2014")``).
"""

from pathlib import Path as _Path

from . import _jit_cache
from .families import FAMILIES, build, get_family
from .topology import Arcs, Topology

# compiled functions that call the shared BFS (the distances, resilience) are recompiled when it changes
_HERE = _Path(__file__).parent
_jit_cache.guard(
    [_HERE / "bfs.py"], _jit_cache.cache_dirs(_HERE) + _jit_cache.cache_dirs(_HERE / "invariants"), "bfs_sources.sha256"
)

__version__ = "0.1.0"

__all__ = ["Topology", "Arcs", "FAMILIES", "build", "get_family", "read_csv", "write_csv", "simulate", "sweep", "summarize"]


def __dir__() -> list[str]:
    # the lazy attributes too, so that tab completion and dir() show the whole public API
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str):
    # Lazy so that ``import topoanalysis`` stays cheap.
    if name in ("read_csv", "write_csv"):
        from .io import csv as _csv

        return getattr(_csv, name)
    if name == "simulate":
        from .simulation import simulate

        return simulate
    if name in ("sweep", "summarize"):
        from . import experiments

        return getattr(experiments, name)
    raise AttributeError(f"module 'topoanalysis' has no attribute {name!r}")
