"""Write files and directories so that they are either complete or absent.

Everything is first written under a hidden temporary name in the *same*
parent directory (so the final ``os.replace``/``os.rename`` stays on one file
system and is atomic), then renamed into place.  A crash or an exception
while writing leaves at most a ``.NAME.tmp-*`` entry behind, never a
half-written export under the real name.  Temporary names carry the host and
process id (``.NAME.tmp-HOST.PID.*``), so the next write of the same target
removes what a dead process of this host left behind (and puts back an
export that a killed overwrite had renamed aside).  A file system that
refuses a write (read-only, full, no permission) is one ``ValueError``
naming the path and the reason.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..checks import OptionError, check_bool, check_path

__all__ = ["atomic_file", "atomic_directory", "check_target", "clean_stale", "fs_error"]


def _out_error(problem: str, keyword_hint: str = "", flag_hint: str = "") -> OptionError:
    """A refused output target: ``out: PROBLEM (keyword_hint)`` for a library caller,
    ``-o/--output: PROBLEM (flag_hint)`` on the command line, where the target is ``-o/--output``."""
    return OptionError(
        f"out: {problem}" + (f" ({keyword_hint})" if keyword_hint else ""),
        cli=f"-o/--output: {problem}" + (f" ({flag_hint})" if flag_hint else ""),
    )


def fs_error(path: str | os.PathLike, exc: OSError, what: str = "out") -> ValueError:
    """One-line ``ValueError`` for a file system refusal: the path and the reason, no traceback."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if what == "out":
        return _out_error(f"cannot write {str(path)!r}: {reason}")
    return ValueError(f"{what}: cannot write {str(path)!r}: {reason}")


def _owner_tag() -> str:
    host = re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:40] or "host"
    return f"{host}.{os.getpid()}"


# .NAME.tmp-HOST.PID.RANDOM (a file or directory being written) or .NAME.old-HOST.PID.RANDOM (an
# export renamed aside while its replacement is moved in)
_STALE = re.compile(r"\.(tmp|old)-(?P<host>[A-Za-z0-9-]+)\.(?P<pid>\d+)\.[^.]*$")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


def clean_stale(path: str | os.PathLike) -> None:
    """Remove the temporaries that dead processes of this host left next to ``path``.

    An export renamed aside (``.NAME.old-*``) by an overwrite killed before the new export was in
    place is moved back when ``path`` is missing, so the previous data is not lost.  Entries of
    live processes, of other hosts, or not named by this module are left alone.
    """
    p = Path(path)
    host = _owner_tag().rsplit(".", 1)[0]
    try:
        entries = list(p.parent.glob(f".{glob.escape(p.name)}.*-*"))
    except OSError:
        return
    for e in sorted(entries, key=lambda e: e.name):
        m = _STALE.match(e.name[len(p.name) + 1 :])
        if m is None or m["host"] != host or _alive(int(m["pid"])):
            continue
        try:
            if m.group(1) == "old" and not os.path.lexists(p):
                os.rename(e, p)
            elif e.is_dir() and not e.is_symlink():
                shutil.rmtree(e)
            else:
                e.unlink()
        except OSError:
            pass  # cleaning up is a courtesy; the write itself reports real problems


def check_target(path: str | os.PathLike, overwrite: bool, directory: bool) -> Path:
    """Validate an output target; ``ValueError`` when it may not be written.

    A directory target may exist only if it is empty, unless ``overwrite``;
    a file target may exist only with ``overwrite``.  A target of the other
    type (a file where a directory is wanted, or the reverse) is always refused.
    """
    p = check_path("path", path)
    check_bool("overwrite", overwrite)
    if not p.parent.is_dir():
        raise _out_error(f"parent directory {str(p.parent)!r} does not exist")
    if directory:
        if p.exists() and not p.is_dir():
            raise _out_error(f"{str(p)!r} exists and is not a directory")
        if p.is_dir() and any(p.iterdir()) and not overwrite:
            raise _out_error(
                f"directory {str(p)!r} exists and is not empty", "pass overwrite=True to replace it", "give --force to replace it"
            )
    else:
        if p.is_dir():
            raise _out_error(f"{str(p)!r} is a directory, expected a file path")
        if p.exists() and not overwrite:
            raise _out_error(f"file {str(p)!r} exists", "pass overwrite=True to replace it", "give --force to replace it")
    return p


@contextmanager
def atomic_file(path: str | os.PathLike, overwrite: bool = False, mode: str = "w") -> Iterator[Any]:
    """Open a temporary sibling of ``path`` for writing; rename it to ``path`` on success."""
    check_path("path", path)
    clean_stale(path)  # first: it may put back the export a killed overwrite had moved aside
    p = check_target(path, overwrite, directory=False)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.tmp-{_owner_tag()}.", dir=p.parent)
    except OSError as exc:
        raise fs_error(p, exc) from None
    try:
        kwargs: dict[str, Any] = {"newline": "", "encoding": "utf-8"} if "b" not in mode else {}
        with os.fdopen(fd, mode, **kwargs) as fh:
            yield fh
        os.chmod(tmp, 0o644)
        os.replace(tmp, p)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise fs_error(p, exc) from None
        raise


@contextmanager
def atomic_directory(path: str | os.PathLike, overwrite: bool = False) -> Iterator[Path]:
    """Yield a temporary sibling directory of ``path``; move it into place on success.

    An existing empty directory is replaced.  With ``overwrite`` an existing
    non-empty directory is first renamed aside and deleted only after the new
    one is in place, so at every moment ``path`` is either the old or the
    new complete export (POSIX offers no atomic swap of two directories).
    """
    check_path("path", path)
    clean_stale(path)  # first: it may put back the export a killed overwrite had moved aside
    p = check_target(path, overwrite, directory=True)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{p.name}.tmp-{_owner_tag()}.", dir=p.parent))
    except OSError as exc:
        raise fs_error(p, exc) from None
    try:
        yield tmp
        os.chmod(tmp, 0o755)
        if p.is_dir():
            if not any(p.iterdir()):
                p.rmdir()
                os.rename(tmp, p)
            else:
                old = Path(tempfile.mkdtemp(prefix=f".{p.name}.old-{_owner_tag()}.", dir=p.parent))
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
    except BaseException as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(exc, OSError):
            raise fs_error(p, exc) from None
        raise
