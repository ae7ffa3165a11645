"""Keep numba's on-disk caches honest.

Numba keys a cached function on its own source file only: a compiled function that calls
:func:`topoanalysis.bfs.bfs` would keep running the old search after ``bfs.py`` changes.
:func:`guard` hashes the sources a set of caches depends on and drops those caches when the
hash changes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

__all__ = ["guard"]


def guard(sources: Iterable[Path], caches: Iterable[Path], stamp: Path) -> bool:
    """Drop the ``*.nbi``/``*.nbc`` files in ``caches`` unless ``stamp`` holds the hash of
    ``sources``; returns whether they were dropped.  A read-only install is left alone (numba
    then compiles in memory)."""
    digest = hashlib.sha256()
    for path in sorted(sources):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    try:
        if stamp.exists() and stamp.read_text() == digest.hexdigest():
            return False
        for d in caches:
            for f in list(d.glob("*.nbi")) + list(d.glob("*.nbc")):
                f.unlink(missing_ok=True)
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:
        return False
    return True
