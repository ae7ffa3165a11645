"""Numba's on-disk cache of the compiled engine: invalidation and the cold-start notice."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# the modules themselves, not the package: topoanalysis's lazy attributes (simulate, sweep) use sim
import topoanalysis._jit_cache as _jit_cache
import topoanalysis.bfs as bfs_module

_HERE = Path(__file__).parent
#: the sources the engine inlines (numba keys its cache on the jitted function's own file only)
_SOURCES = (
    "_hints.py",
    "_rng.py",
    "traffic.py",
    "policies/*.py",
    "layout.py",
    "state.py",
    "stages/*.py",
    "engine.py",
    "routings/*.py",
)


def guard() -> None:
    """Drop the cache whenever any simulator source (or the BFS the routing tables call)
    changes, so a stale compiled engine never runs (wherever numba keeps it: see
    :func:`topoanalysis._jit_cache.cache_dirs`)."""
    sources = [p for pattern in _SOURCES for p in _HERE.glob(pattern)] + [Path(bfs_module.__file__)]
    caches = [d for sub in (_HERE, _HERE / "stages", _HERE / "routings", _HERE / "policies") for d in _jit_cache.cache_dirs(sub)]
    _jit_cache.guard(sources, caches, "sim_sources.sha256")


def engine_cached() -> bool:
    """Whether a compiled engine loop is on disk (in ``sim/__pycache__`` or NUMBA_CACHE_DIR)."""
    where = [_HERE / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        where.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    return any(next(d.rglob("engine.run_cycles-*.nbi"), None) is not None for d in where if d.is_dir())


def compile_notice(compiled_in_process: bool) -> None:
    """Say on stderr that the first run compiles the engine (about 37 s on the 2-core development
    machine), so a newcomer does not take the silence for a hang."""
    if compiled_in_process or engine_cached():
        return
    print(
        "topoanalysis: compiling the simulator engine (first run after an install or an update; "
        "about a minute, then cached in sim/__pycache__)...",
        file=sys.stderr,
        flush=True,
    )
