"""Keep numba's on-disk caches honest.

Numba keys a cached function on its own source file only: a compiled function that calls
:func:`topoanalysis.bfs.bfs` would keep running the old search after ``bfs.py`` changes.
:func:`guard` hashes the sources a set of compiled modules depends on and drops their caches
when the hash changes.

Numba may keep a module's cache in three places: ``__pycache__`` next to the source, or, under
``NUMBA_CACHE_DIR`` or in the user-wide cache (used when ``__pycache__`` is read-only), a
directory named after the source directory.  Each place holds its own stamp of the hash it was
compiled from, so a cache filled by another version of the sources (another checkout, an earlier
install) is dropped too.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterable
from pathlib import Path

__all__ = ["guard", "cache_dirs"]


def _user_cache_root() -> Path | None:
    """numba's user-wide cache directory (its ``appdirs`` rule on Linux and macOS), else None."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "numba"
    if sys.platform.startswith("linux"):
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "numba"
    return None


def cache_dirs(source_dir: Path) -> list[Path]:
    """Every directory where numba may cache the compiled functions of modules in
    ``source_dir``: its ``__pycache__``, and numba's per-directory subpath (the directory's name
    and the SHA-1 of its absolute path, numba's ``get_suitable_cache_subpath``) under
    ``NUMBA_CACHE_DIR`` when set and under the user-wide cache.  Computed without importing
    numba, which ``import topoanalysis`` does not need."""
    source_dir = Path(os.path.abspath(source_dir))
    out = [source_dir / "__pycache__"]
    sub = f"{source_dir.name}_{hashlib.sha1(str(source_dir).encode()).hexdigest()}"
    if os.environ.get("NUMBA_CACHE_DIR"):
        out.append(Path(os.environ["NUMBA_CACHE_DIR"]) / sub)
    root = _user_cache_root()
    if root is not None:
        out.append(root / sub)
    return out


def guard(sources: Iterable[Path], caches: Iterable[Path], stamp_name: str) -> list[Path]:
    """Drop the ``*.nbi``/``*.nbc`` files of each directory in ``caches`` whose file
    ``stamp_name`` does not hold the hash of ``sources``, and stamp it; returns the directories
    dropped.  A missing directory is created and stamped when its parent exists (numba fills it
    next), else skipped; one that cannot be written is left alone."""
    digest = hashlib.sha256()
    for path in sorted(sources):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    want = digest.hexdigest()
    dropped = []
    for d in map(Path, caches):
        stamp = d / stamp_name
        try:
            if stamp.exists() and stamp.read_text() == want:
                continue
            if d.is_dir():
                for f in list(d.glob("*.nbi")) + list(d.glob("*.nbc")):
                    f.unlink(missing_ok=True)
                dropped.append(d)
            elif not d.parent.is_dir():
                continue
            d.mkdir(exist_ok=True)
            stamp.write_text(want)
        except OSError:
            continue
    return dropped
