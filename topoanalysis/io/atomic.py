"""Write files and directories so that they are either complete or absent.

Everything is first written under a hidden temporary name in the *same*
parent directory (so the final ``os.replace``/``os.rename`` stays on one file
system and is atomic), then renamed into place.  A crash or an exception
while writing leaves at most a ``.NAME.tmp-*`` entry behind, never a
half-written export under the real name.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["atomic_file", "atomic_directory", "check_target"]


def check_target(path: str | os.PathLike, overwrite: bool, directory: bool) -> Path:
    """Validate an output target; ``ValueError`` when it may not be written.

    A directory target may exist only if it is empty, unless ``overwrite``;
    a file target may exist only with ``overwrite``.  A target of the other
    type (a file where a directory is wanted, or the reverse) is always refused.
    """
    p = Path(path)
    if not p.parent.is_dir():
        raise ValueError(f"out: parent directory {str(p.parent)!r} does not exist")
    if directory:
        if p.exists() and not p.is_dir():
            raise ValueError(f"out: {str(p)!r} exists and is not a directory")
        if p.is_dir() and any(p.iterdir()) and not overwrite:
            raise ValueError(f"out: directory {str(p)!r} exists and is not empty (use --force / overwrite=True to replace it)")
    else:
        if p.is_dir():
            raise ValueError(f"out: {str(p)!r} is a directory, expected a file path")
        if p.exists() and not overwrite:
            raise ValueError(f"out: file {str(p)!r} exists (use --force / overwrite=True to replace it)")
    return p


@contextmanager
def atomic_file(path: str | os.PathLike, overwrite: bool = False, mode: str = "w") -> Iterator[object]:
    """Open a temporary sibling of ``path`` for writing; rename it to ``path`` on success."""
    p = check_target(path, overwrite, directory=False)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.tmp-", dir=p.parent)
    try:
        kwargs = {"newline": "", "encoding": "utf-8"} if "b" not in mode else {}
        with os.fdopen(fd, mode, **kwargs) as fh:
            yield fh
        os.chmod(tmp, 0o644)
        os.replace(tmp, p)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@contextmanager
def atomic_directory(path: str | os.PathLike, overwrite: bool = False) -> Iterator[Path]:
    """Yield a temporary sibling directory of ``path``; move it into place on success.

    An existing empty directory is replaced.  With ``overwrite`` an existing
    non-empty directory is first renamed aside and deleted only after the new
    one is in place, so at every moment ``path`` is either the old or the
    new complete export (POSIX offers no atomic swap of two directories).
    """
    p = check_target(path, overwrite, directory=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{p.name}.tmp-", dir=p.parent))
    try:
        yield tmp
        os.chmod(tmp, 0o755)
        if p.is_dir():
            if not any(p.iterdir()):
                p.rmdir()
                os.rename(tmp, p)
            else:
                old = Path(tempfile.mkdtemp(prefix=f".{p.name}.old-", dir=p.parent))
                old.rmdir()
                os.rename(p, old)
                try:
                    os.rename(tmp, p)
                except BaseException:
                    os.rename(old, p)
                    raise
                shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, p)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
