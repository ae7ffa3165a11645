"""The results file of a sweep: one row per finished point, never a torn one.

Every finished point is added by writing the whole table to a temporary sibling and renaming it
over the results file (``os.replace`` is atomic), so a sweep killed at any instant leaves the file
as it was after some point: complete rows only.  A sweep started again with the same output reads
the ``point_id`` column and runs only what is missing.  Parquet (through pyarrow) by default,
CSV when the file name ends in ``.csv``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["ResultStore", "read_results"]


def _format(path: Path) -> str:
    suf = path.suffix.lower()
    if suf == ".csv":
        return "csv"
    if suf in (".parquet", ".pq"):
        return "parquet"
    raise ValueError(f"output: {str(path)!r}: the results file must end in .parquet or .csv")


def read_results(path: str | os.PathLike) -> "Any":
    """The results file at ``path`` as a pandas DataFrame."""
    import pandas as pd

    p = Path(path)
    if not p.is_file():
        raise ValueError(f"results: file {str(p)!r} does not exist")
    if _format(p) == "csv":
        return pd.read_csv(p, keep_default_na=True)
    return pd.read_parquet(p)


def _cell(v: Any) -> Any:
    # per-kind parameters (lists, mappings) are stored as JSON text: one type per column
    if isinstance(v, (list, tuple, dict)):
        return json.dumps(v, sort_keys=True)
    return v


class ResultStore:
    """The rows of a results file, kept in memory and rewritten atomically on every :meth:`add`."""

    def __init__(self, path: str | os.PathLike | None):
        self.path = Path(path) if path is not None else None
        self.rows: list[dict[str, Any]] = []
        if self.path is not None:
            self.format = _format(self.path)
            if not self.path.parent.is_dir():
                raise ValueError(f"output: directory {str(self.path.parent)!r} does not exist")
            if self.path.is_dir():
                raise ValueError(f"output: {str(self.path)!r} is a directory, expected a file")
            self._lock()
            for stale in self.path.parent.glob(f".{self.path.name}.tmp-*"):
                stale.unlink(missing_ok=True)  # a killed sweep's unfinished write; the lock says it is not ours
            if self.path.exists():
                df = read_results(self.path)
                if "point_id" not in df.columns:
                    raise ValueError(f"output: {str(self.path)!r} exists and is not a results file of a sweep "
                                     "(no point_id column); choose another name")
                self.rows = [{k: (None if _isna(v) else v) for k, v in r.items()} for r in df.to_dict("records")]

    def _lock(self) -> None:
        # one writer per results file: a second sweep on it would drop the first one's rows
        import fcntl

        assert self.path is not None
        self._lock_fh = open(self.path.parent / f".{self.path.name}.lock", "w")
        try:
            fcntl.flock(self._lock_fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock_fh.close()
            raise ValueError(f"output: another sweep is writing {str(self.path)!r}; wait for it or choose another "
                             "file") from None

    def close(self) -> None:
        """Release the results file for another sweep."""
        fh = getattr(self, "_lock_fh", None)
        if fh is not None:
            fh.close()
            self._lock_fh = None

    def done(self) -> set[str]:
        """The ``point_id`` of every stored row."""
        return {str(r["point_id"]) for r in self.rows}

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Append ``rows`` and rewrite the file (complete or unchanged, never in between)."""
        self.rows.extend({k: _cell(v) for k, v in r.items()} for r in rows)
        if self.path is not None:
            self._write()

    def frame(self) -> "Any":
        """The rows as a DataFrame, columns in first-seen order."""
        import pandas as pd

        cols: dict[str, None] = {}
        for r in self.rows:
            cols.update(dict.fromkeys(r))
        df = pd.DataFrame(self.rows, columns=list(cols))
        for c in df.columns:
            if df[c].dtype == object:
                kinds = {type(v) for v in df[c] if v is not None and not _isna(v)}
                # a column mixing numbers and text (vcs = 2 in one point, {"local": 3} in another)
                if len(kinds) > 1 and str in kinds:
                    df[c] = [None if v is None or _isna(v) else (v if isinstance(v, str) else json.dumps(v))
                             for v in df[c]]
        return df

    def _write(self) -> None:
        from ..io.atomic import atomic_file

        assert self.path is not None
        df = self.frame()
        if self.format == "csv":
            with atomic_file(self.path, overwrite=True) as fh:
                df.to_csv(fh, index=False)
        else:
            with atomic_file(self.path, overwrite=True, mode="wb") as fh:
                df.to_parquet(fh, index=False, engine="pyarrow")


def _isna(v: Any) -> bool:
    try:
        return bool(v != v)  # NaN, and pandas' NA
    except (TypeError, ValueError):
        return False
