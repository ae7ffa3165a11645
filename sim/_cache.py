"""Numba's on-disk cache of the compiled engine: invalidation and the cold-start notice."""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
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
    "records.py",
    "stages/*.py",
    "engine.py",
    "engine_par.py",
    "routings/*.py",
)


def guard() -> None:
    """Drop the cache whenever any simulator source (or the BFS the routing tables call)
    changes, so a stale compiled engine never runs (wherever numba keeps it: see
    :func:`topoanalysis._jit_cache.cache_dirs`)."""
    sources = [p for pattern in _SOURCES for p in _HERE.glob(pattern)] + [Path(bfs_module.__file__)]
    caches = [d for sub in (_HERE, _HERE / "stages", _HERE / "routings", _HERE / "policies") for d in _jit_cache.cache_dirs(sub)]
    _jit_cache.guard(sources, caches, "sim_sources.sha256")


def names(signature: object, name: str) -> bool:
    """Whether a compiled signature (numba types) has an argument of the record type ``name``
    (a routing kind's tables class: ``name(array(...), ...)``)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}\(", str(signature)) is not None


def _index_names(path: Path, name: str) -> bool:
    """Whether numba's cache index ``path`` holds a compiled signature naming ``name``."""
    try:
        with open(path, "rb") as f:
            pickle.load(f)  # numba's version
            _stamp, overloads = pickle.loads(f.read())
        return any(names(key, name) for key in overloads)
    except Exception:  # unreadable or of another numba: as if absent
        return False


def engine_cached(kind: str | None = None, threaded: bool = False) -> bool:
    """Whether a compiled engine loop is on disk (in ``sim/__pycache__`` or NUMBA_CACHE_DIR): for
    the routing kind whose tables class is named ``kind``, or for any; the one-thread loop
    (``sim.engine.run_cycles``) or, with ``threaded``, the threaded one (``sim.engine_par``)."""
    where = [_HERE / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        where.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    pattern = "engine_par.run_cycles_par-*.nbi" if threaded else "engine.run_cycles-*.nbi"
    for d in where:
        if d.is_dir():
            for idx in d.rglob(pattern):
                if kind is None or _index_names(idx, kind):
                    return True
    return False


def compile_notice(compiled_in_process: bool, kind: str | None = None, threaded: bool = False) -> None:
    """Say on stderr that the first run of a routing kind compiles the engine (57-95 s a kind on the
    2-core development machine; the threaded engine is compiled apart, ``threaded``), so a
    newcomer does not take the silence for a hang."""
    if compiled_in_process or engine_cached(kind, threaded):
        return
    print(
        "topoanalysis: compiling the simulator engine for this routing (its first run after an install "
        "or an update; one to two minutes on a 2-core machine, then cached in sim/__pycache__)...",
        file=sys.stderr,
        flush=True,
    )


@contextmanager
def compile_lock(kind: str, threaded: bool = False) -> Iterator[None]:
    """Hold, across the processes of this machine, the right to compile the engine for the routing
    kind whose tables class is named ``kind`` (the threaded engine apart, ``threaded``).  A process
    that finds it held waits, then loads from the disk cache what the holder compiled instead of
    compiling the same code at the same time: the workers of a parallel sweep, or of the test
    suite, on a cold cache.  One lock file per checkout and kind in the temporary directory; where
    file locks are not available (not POSIX, or no writable temporary directory) every process
    compiles for itself, as without the lock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    tag = hashlib.sha256(str(_HERE.resolve()).encode()).hexdigest()[:12]
    path = Path(tempfile.gettempdir()) / f"topoanalysis-compile-{tag}-{kind}{'-threaded' if threaded else ''}.lock"
    try:
        f = open(path, "a")
    except OSError:
        yield
        return
    with f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
