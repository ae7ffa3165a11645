"""The results file of a sweep: one row per finished point, never a torn one.

Every finished point is added by writing the whole table to a temporary sibling and renaming it
over the results file (``os.replace`` is atomic), so a sweep killed at any instant leaves the file
as it was after some point: complete rows only.  A sweep started again with the same output reads
the ``point_id`` column and runs only what is missing.  Parquet (through pyarrow) by default,
CSV when the file name ends in ``.csv``.

Every row read back is checked (:func:`incomplete_rows`): a row cut short (a CSV line with fewer
fields than the header, a missing ``point_id``/``status`` or a ``finished_at`` that is not a whole
timestamp; ``finished_at`` is always the last column) is dropped with a :class:`ResultsWarning`,
so the sweep runs that point again and nothing downstream sees its missing values.  A results
file reached through a symbolic link is locked and written at the link's target.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import warnings
from pathlib import Path
from typing import Any

__all__ = ["ResultStore", "read_results", "incomplete_rows", "ResultsWarning"]

#: the columns every finished row has a value in
REQUIRED = ("point_id", "status", "finished_at")
# how a row's finish time is written (worker.py: isoformat(timespec="seconds") in UTC)
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)")


class ResultsWarning(UserWarning):
    """Rows of a results file that are incomplete and were left out (their points run again)."""


def _format(path: Path) -> str:
    suf = path.suffix.lower()
    if suf == ".csv":
        return "csv"
    if suf in (".parquet", ".pq"):
        return "parquet"
    raise ValueError(f"output: {str(path)!r}: the results file must end in .parquet or .csv")


def read_results(path: str | os.PathLike, *, check: bool = True) -> Any:
    """The results file at ``path`` as a pandas DataFrame, complete rows only.

    Incomplete rows (see :func:`incomplete_rows`) are left out with a :class:`ResultsWarning`
    naming them; ``check=False`` returns every row as stored.  An unreadable file raises
    ``ValueError`` naming it.
    """
    import pandas as pd

    p = Path(path)
    if not p.is_file():
        raise ValueError(f"results: file {str(p)!r} does not exist")
    fmt = _format(p)
    torn: list[tuple[int, str]] = []
    try:
        if fmt == "csv":
            text, torn = _whole_csv_rows(p)
            df = pd.read_csv(io.StringIO(text), keep_default_na=True) if text else pd.DataFrame()
        else:
            df = pd.read_parquet(p)
    except Exception as exc:  # OSError, a decoding error, or the parser's own (pyarrow's are not all ValueErrors)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).strip()
        reason = reason.splitlines()[0] if reason else type(exc).__name__
        raise ValueError(f"results: cannot read {str(p)!r}: {reason}") from None
    if not check:
        return df
    bad = incomplete_rows(df)
    if torn or bad:
        where = [f"line {line} ({why})" for line, why in torn]
        where += [f"row {i + 1}" + (f" (point {df['point_id'].iloc[i]})" if "point_id" in df
                                    and not _isna(df["point_id"].iloc[i]) else "") + f": {why}" for i, why in bad]
        shown = "; ".join(where[:5]) + (f"; and {len(where) - 5} more" if len(where) > 5 else "")
        warnings.warn(f"results: {str(p)!r}: {len(where)} incomplete row(s) left out, their points run again in a "
                      f"sweep: {shown}", ResultsWarning, stacklevel=2)
        if bad:
            df = df.drop(index=df.index[[i for i, _ in bad]]).reset_index(drop=True)
    return df


def _whole_csv_rows(p: Path) -> tuple[str, list[tuple[int, str]]]:
    """The CSV text without its torn records (fewer or more fields than the header), and where
    those were (line, reason)."""
    text = p.read_text(encoding="utf-8")
    if not text.strip():
        return "", []
    records = list(csv.reader(io.StringIO(text)))
    width = len(records[0])
    torn: list[tuple[int, str]] = []
    keep = [records[0]]
    for i, rec in enumerate(records[1:], start=2):
        if not rec:
            continue
        if len(rec) != width:
            torn.append((i, f"{len(rec)} of {width} fields"))
        else:
            keep.append(rec)
    if not torn:
        return text, []
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(keep)
    return out.getvalue(), torn


def incomplete_rows(df: Any) -> list[tuple[int, str]]:
    """``(position, reason)`` of each row of a results frame that a finished point cannot have
    written: no value in a :data:`REQUIRED` column, or a ``finished_at`` that is not a whole
    timestamp (a CSV row cut inside its last field)."""
    out: list[tuple[int, str]] = []
    cols = [c for c in REQUIRED if c in df.columns]
    if not len(df) or not cols:
        return out
    for i, row in enumerate(df[cols].itertuples(index=False, name=None)):
        rec = dict(zip(cols, row))
        missing = [c for c in cols if rec[c] is None or _isna(rec[c]) or (isinstance(rec[c], str) and not rec[c])]
        if missing:
            out.append((i, f"no {', '.join(missing)}"))
        elif "finished_at" in rec and not _TIMESTAMP.fullmatch(str(rec["finished_at"])):
            out.append((i, f"finished_at {str(rec['finished_at'])!r} is not a whole timestamp (cut short)"))
    return out


def _cell(v: Any) -> Any:
    # per-kind parameters (lists, mappings) are stored as JSON text: one type per column
    if isinstance(v, (list, tuple, dict)):
        return json.dumps(v, sort_keys=True)
    return v


class ResultStore:
    """The rows of a results file, kept in memory and rewritten atomically on every :meth:`add`.

    ``path`` may be a symbolic link: the lock and every write go to its target, so the link stays
    a link and a sweep writing the target directly is seen as the same file's writer.
    """

    def __init__(self, path: str | os.PathLike | None):
        self.path = Path(path) if path is not None else None
        self.rows: list[dict[str, Any]] = []
        self._lock_fh: Any = None
        if self.path is not None:
            self.format = _format(self.path)
            self.target = Path(os.path.realpath(self.path))
            if not self.target.parent.is_dir():
                raise ValueError(f"output: directory {str(self.target.parent)!r} does not exist")
            if self.target.is_dir():
                raise ValueError(f"output: {str(self.path)!r} is a directory, expected a file")
            self._lock()
            try:
                for stale in self.target.parent.glob(f".{self.target.name}.tmp-*"):
                    stale.unlink(missing_ok=True)  # a killed sweep's unfinished write; the lock says it is not ours
                if self.target.exists():
                    df = read_results(self.path)
                    if "point_id" not in df.columns:
                        raise ValueError(f"output: {str(self.path)!r} exists and is not a results file of a sweep "
                                         "(no point_id column); choose another name")
                    self.rows = [{k: (None if _isna(v) else v) for k, v in r.items()} for r in df.to_dict("records")]
            except OSError as exc:
                self.close()
                raise ValueError(f"output: cannot use {str(self.path)!r}: {exc.strerror or exc}") from None
            except BaseException:
                self.close()
                raise

    def _lock(self) -> None:
        # one writer per results file: a second sweep on it would drop the first one's rows
        import fcntl

        assert self.path is not None
        lock = self.target.parent / f".{self.target.name}.lock"
        while True:
            try:
                fh = open(lock, "a")
            except OSError as exc:
                raise ValueError(f"output: cannot write {str(self.path)!r} (its lock file {lock.name}): "
                                 f"{exc.strerror or exc}") from None
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                fh.close()
                raise ValueError(f"output: another sweep is writing {str(self.path)!r}; wait for it or choose another "
                                 "file") from None
            # the holder removes the lock file as it finishes: a lock on the removed file locks nothing
            try:
                st = os.stat(lock)
            except FileNotFoundError:
                st = None
            mine = os.fstat(fh.fileno())
            if st is not None and (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino):
                self._lock_fh, self._lock_path = fh, lock
                return
            fh.close()

    def close(self) -> None:
        """Release the results file for another sweep and remove its lock file."""
        fh = self._lock_fh
        if fh is not None:
            self._lock_fh = None
            try:
                os.unlink(self._lock_path)  # while still holding it, so no one can lock the removed file
            except OSError:
                pass
            fh.close()

    def done(self) -> set[str]:
        """The ``point_id`` of every stored row."""
        return {str(r["point_id"]) for r in self.rows}

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Append ``rows`` and rewrite the file (complete or unchanged, never in between)."""
        self.rows.extend({k: _cell(v) for k, v in r.items()} for r in rows)
        if self.path is not None:
            self._write()

    def frame(self) -> Any:
        """The rows as a DataFrame, columns in first-seen order."""
        import pandas as pd

        cols: dict[str, None] = {}
        for r in self.rows:
            cols.update(dict.fromkeys(r))
        if "finished_at" in cols:
            # last, so that a row cut anywhere loses or truncates its finish time and is caught on reading
            del cols["finished_at"]
            cols["finished_at"] = None
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
        try:
            if self.format == "csv":
                with atomic_file(self.target, overwrite=True) as fh:
                    df.to_csv(fh, index=False)
            else:
                with atomic_file(self.target, overwrite=True, mode="wb") as fh:
                    df.to_parquet(fh, index=False, engine="pyarrow")
        except OSError as exc:
            raise ValueError(f"output: cannot write {str(self.path)!r}: {exc.strerror or exc}") from None


def _isna(v: Any) -> bool:
    try:
        return bool(v != v)  # NaN, and pandas' NA
    except (TypeError, ValueError):
        return False
