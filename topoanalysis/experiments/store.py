"""The results file of a sweep: one row per finished point, never a torn or altered one.

A sweep appends each finished row to a journal beside the results file (``.NAME.journal``, one
checksummed JSON line per row, written with a single ``write`` on an append-only descriptor), so
saving a point costs one row of I/O however large the sweep.  When the sweep ends (finished,
interrupted or failed) the journal is compacted: the results file is rewritten once with every row
(through :func:`~topoanalysis.io.atomic.atomic_file`, complete or unchanged) and the journal is
removed.  A sweep killed before that (or interrupted with more rows than it can fold in at once)
leaves the journal; whoever opens the file next (a resumed sweep, :func:`read_results`) reads it
too, and the next sweep compacts it before appending.
Parquet (through pyarrow) by default, CSV when the file name ends in ``.csv``.

Every row carries a checksum of its column names and values (the last column, ``row_check``), and
every row read back is checked (:func:`incomplete_rows`): a row cut short (a CSV line with fewer
fields than the header, a journal line without its end), a row whose checksum does not match (a
changed byte), a missing ``point_id``/``status`` or a ``finished_at`` that is not a whole timestamp
is dropped with one :class:`ResultsWarning` line, so the sweep runs that point again and nothing
downstream sees its values.  A file that cannot be parsed at all is refused with one line naming
it.  Files written before rows had checksums are read with the other checks only.  A results file
reached through a symbolic link is locked and written at the link's target.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import re
import warnings
import zlib
from pathlib import Path
from typing import Any

__all__ = ["ResultStore", "read_results", "incomplete_rows", "saved_point_ids", "journal_path", "ResultsWarning", "CHECK_COLUMN"]

#: the columns every finished row has a value in
REQUIRED = ("point_id", "status", "finished_at")
#: columns read back as text whatever they look like
TEXT_COLUMNS = {"point_id": str, "git_commit": str, "software_version": str}
#: nested columns of files written before they became columns (JSON text, decoded on reading):
#: per-kind hops and utilisation (now ``average_hops_by_kind.KIND``, ``link_utilisation.KIND.mean``
#: and ``.max``, or per arc ``link_utilisation_per_arc``) and the runs of a saturation search (now
#: ``saturation_offered_loads`` and ``saturation_accepted_loads``)
LEGACY_NESTED = ("average_hops_by_kind", "link_utilisation", "saturation_runs")
#: the last column of a results file: a checksum of the row's other columns (names and values)
CHECK_COLUMN = "row_check"
# how a row's finish time is written (worker.py: isoformat(timespec="seconds") in UTC)
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)")
_CHECK = re.compile(r"[0-9a-f]{8}")


class ResultsWarning(UserWarning):
    """Rows of a results file that are incomplete and were left out (their points run again)."""


def _output_error(problem: str) -> ValueError:
    """A refused results file, worded for the library (``output: ...``) and the CLI (``-o/--output: ...``)."""
    from ..checks import OptionError

    return OptionError(f"output: {problem}", cli=f"-o/--output: {problem}")


def _format(path: Path) -> str:
    suf = path.suffix.lower()
    if suf == ".csv":
        return "csv"
    if suf in (".parquet", ".pq"):
        return "parquet"
    raise _output_error(f"{str(path)!r}: the results file must end in .parquet or .csv")


def journal_path(path: str | os.PathLike) -> Path:
    """Where the rows of a running (or killed) sweep writing ``path`` are appended: beside the
    file ``path`` resolves to."""
    target = Path(os.path.realpath(path))
    return target.parent / f".{target.name}.journal"


def _text(v: Any) -> str:
    """A cell as the text it is stored and checksummed as (CSV cells are this text)."""
    if isinstance(v, (list, tuple, dict)) or type(v).__name__ == "ndarray":
        # a list column's cell (Parquet gives it back as an array): its JSON text
        return json.dumps(_plain(v), sort_keys=True)
    if v is None or _isna(v):
        return ""
    if isinstance(v, bool) or type(v).__name__ == "bool_":
        return str(bool(v))
    if isinstance(v, int) or (hasattr(v, "dtype") and getattr(v.dtype, "kind", "") in "iu"):
        return str(int(v))
    if isinstance(v, float) or (hasattr(v, "dtype") and getattr(v.dtype, "kind", "") == "f"):
        return repr(float(v))
    return str(v)


def _plain(v: Any) -> Any:
    """Arrays (a Parquet list cell) and tuples as lists, numpy scalars as Python numbers."""
    if hasattr(v, "tolist"):
        return v.tolist()
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def _decoded(v: Any) -> Any:
    """A nested cell as a Python value: JSON text (a CSV file, or a file written before list
    columns) decoded, an array as a list; anything else as it is."""
    if isinstance(v, str) and v[:1] in "[{":
        try:
            return json.loads(v)
        except ValueError:
            return v
    if type(v).__name__ == "ndarray":
        return v.tolist()
    return v


def _decode(df: Any, columns: tuple[str, ...]) -> Any:
    """``df`` with the nested ``columns`` it has as Python lists (or mappings), None where empty."""
    import pandas as pd

    for c in columns:
        if c in df.columns:
            df[c] = pd.Series([None if _missing(v) else _decoded(v) for v in df[c]], index=df.index, dtype=object)
    return df


def _missing(v: Any) -> bool:
    return v is None or (isinstance(v, float) and v != v)


def _row_check(columns: list[str], texts: list[str]) -> str:
    """The checksum of one row: CRC-32 over its column names and cell texts, 8 hex digits."""
    data = "\x1e".join(f"{c}\x1f{t}" for c, t in zip(columns, texts)).encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(data):08x}"


def _line_check(payload: bytes) -> str:
    return f"{zlib.crc32(payload):08x}"


def _json_default(v: Any) -> Any:
    if hasattr(v, "item"):  # numpy scalars
        return v.item()
    raise TypeError(f"cannot store a {type(v).__name__} in a results file")


def _journal_line(row: dict[str, Any]) -> bytes:
    payload = json.dumps(row, default=_json_default, sort_keys=False).encode("utf-8")
    return _line_check(payload).encode() + b" " + payload + b"\n"


def _read_journal(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The intact rows of a journal, and where the others were."""
    data = path.read_bytes()
    rows: list[dict[str, Any]] = []
    bad: list[str] = []
    lines = data.split(b"\n")
    for i, line in enumerate(lines, start=1):
        if i == len(lines):
            if line:
                bad.append(f"journal line {i} (cut short)")
            break
        if not line:
            continue
        check, _, payload = line.partition(b" ")
        try:
            if check.decode("ascii") != _line_check(payload):
                raise ValueError("checksum")
            row = json.loads(payload)
            if not isinstance(row, dict) or not row.get("point_id"):
                raise ValueError("point_id")
        except (ValueError, UnicodeDecodeError):
            bad.append(f"journal line {i} (checksum does not match)")
            continue
        rows.append(row)
    return rows, bad


def _read(path: str | os.PathLike, check: bool) -> tuple[Any, list[str]]:
    """The rows of the results file at ``path`` and its journal, and the incomplete ones left out."""
    import pandas as pd

    p = Path(path)
    journal = journal_path(p)
    has_journal = journal.is_file()
    if not p.is_file() and not has_journal:
        raise ValueError(f"results: file {str(p)!r} does not exist")
    torn: list[tuple[int, str]] = []
    df = pd.DataFrame()
    try:
        if p.is_file():
            fmt = _format(p)
            if fmt == "csv":
                text, torn = _whole_csv_rows(p, check)
                # identifiers stay text: a commit such as 55e506435990 or a point id of digits would
                # otherwise read as a number (inf), and a resumed sweep would not find its points
                df = pd.read_csv(io.StringIO(text), keep_default_na=True, dtype=TEXT_COLUMNS) if text else pd.DataFrame()
                if check and CHECK_COLUMN in df.columns:
                    # checked on the cells' text as written (above), not on the values parsed from it
                    df = df.drop(columns=[CHECK_COLUMN])
            else:
                df = pd.read_parquet(p)
                _check_layout(df.columns, list(df.iloc[:, -1]) if len(df.columns) else [])
        extra, journal_bad = _read_journal(journal) if has_journal else ([], [])
    except Exception as exc:  # OSError, a decoding error, or the parser's own (pyarrow's are not all ValueErrors)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).strip()
        reason = reason.splitlines()[0] if reason else type(exc).__name__
        raise ValueError(f"results: cannot read {str(p)!r}: {reason}") from None
    if not check:
        if extra:
            df = pd.concat([df, pd.DataFrame(extra)], ignore_index=True)
        return df, []
    where = [f"line {line} ({why})" for line, why in torn]
    bad = incomplete_rows(df)
    where += [
        f"row {i + 1}"
        + (f" (point {df['point_id'].iloc[i]})" if "point_id" in df and not _isna(df["point_id"].iloc[i]) else "")
        + f": {why}"
        for i, why in bad
    ]
    if bad:
        df = df.drop(index=df.index[[i for i, _ in bad]]).reset_index(drop=True)
    if CHECK_COLUMN in df.columns:
        df = df.drop(columns=[CHECK_COLUMN])
    where += journal_bad
    if extra:
        jf = pd.DataFrame(extra)
        jbad = incomplete_rows(jf)
        where += [f"journal row {i + 1}: {why}" for i, why in jbad]
        if jbad:
            jf = jf.drop(index=jf.index[[i for i, _ in jbad]])
        df = pd.concat([df, jf], ignore_index=True) if len(df.columns) else jf.reset_index(drop=True)
    if "point_id" in df.columns and len(df):
        # a sweep killed between compacting and removing its journal has rows in both: the same rows
        df = df[~df["point_id"].astype(str).duplicated()].reset_index(drop=True)
    return df, where


def _check_layout(columns: Any, last: list[Any]) -> None:
    """Refuse a results file whose last column holds row checksums under another name: its header
    was damaged, and its rows could not be checked.  (A file without checksums, written before
    rows had them or saved from a DataFrame, is read without them.)"""
    columns = [str(c) for c in columns]
    if not columns or columns[-1] == CHECK_COLUMN or not last:
        return
    if sum(isinstance(v, str) and _CHECK.fullmatch(v) is not None for v in last) * 2 > len(last):
        raise ValueError(
            f"its last column holds row checksums but is named {columns[-1]!r}, not {CHECK_COLUMN!r}: the header is damaged"
        )


def read_results(path: str | os.PathLike, *, check: bool = True) -> Any:
    """The results file at ``path`` (with the rows of a running or killed sweep's journal) as a
    pandas DataFrame, complete rows only, each point once.

    Incomplete or altered rows (see :func:`incomplete_rows`) are left out with one
    :class:`ResultsWarning` naming them; ``check=False`` returns every row as stored (with its
    ``row_check``).  An unreadable file raises ``ValueError`` naming it.
    """
    from .worker import LIST_COLUMNS

    df, where = _read(path, check)
    if where:
        _warn(path, where, stacklevel=3)
    return _decode(df, LIST_COLUMNS + LEGACY_NESTED)


def _warn(path: Any, where: list[str], stacklevel: int) -> None:
    shown = "; ".join(where[:5]) + (f"; and {len(where) - 5} more" if len(where) > 5 else "")
    warnings.warn(
        f"results: {str(path)!r}: {len(where)} incomplete row(s) left out, their points run again in a sweep: {shown}",
        ResultsWarning,
        stacklevel=stacklevel,
    )


def saved_point_ids(path: str | os.PathLike) -> set[str]:
    """The ``point_id`` of every complete row saved at ``path`` (file and journal), quietly; an
    empty set when there is nothing (or nothing readable) there."""
    try:
        df, _ = _read(path, True)
    except ValueError:
        return set()
    return set(df["point_id"].astype(str)) if "point_id" in df.columns else set()


def _whole_csv_rows(p: Path, check: bool = True) -> tuple[str, list[tuple[int, str]]]:
    """The CSV text without its torn or altered records (fewer or more fields than the header, a
    ``row_check`` that does not match), and where those were (line, reason)."""
    text = p.read_text(encoding="utf-8")
    if not text.strip():
        raise ValueError("it is empty (a sweep's results file has at least its header)")
    records = list(csv.reader(io.StringIO(text)))
    header = records[0]
    # every record a results file holds ends with a newline: without one, the last was cut short
    cut = not text.endswith("\n")
    if cut and len(records) == 1:
        raise ValueError("it ends inside its header (cut short)")
    _check_layout(header, [rec[-1] for rec in records[1:] if rec])
    width = len(header)
    checked = check and header[-1] == CHECK_COLUMN
    torn: list[tuple[int, str]] = []
    keep = [header]
    for i, rec in enumerate(records[1:], start=2):
        if not rec:
            continue
        if len(rec) != width:
            torn.append((i, f"{len(rec)} of {width} fields"))
        elif cut and i == len(records):
            torn.append((i, "cut short"))
        elif checked and rec[-1] != _row_check(header[:-1], rec[:-1]):
            torn.append((i, "checksum does not match"))
        else:
            keep.append(rec)
    if not torn:
        return text, []
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(keep)
    return out.getvalue(), torn


def incomplete_rows(df: Any) -> list[tuple[int, str]]:
    """``(position, reason)`` of each row of a results frame that a finished point cannot have
    written: no value in a :data:`REQUIRED` column, a ``finished_at`` that is not a whole timestamp
    (a CSV row cut inside its last fields), or a ``row_check`` that does not match the row."""
    out: list[tuple[int, str]] = []
    cols = [c for c in REQUIRED if c in df.columns]
    if not len(df) or not cols:
        return out
    checked = CHECK_COLUMN in df.columns
    values = [c for c in df.columns if c != CHECK_COLUMN]
    for i, rec in enumerate(df.to_dict("records")):
        missing = [c for c in cols if rec[c] is None or _isna(rec[c]) or (isinstance(rec[c], str) and not rec[c])]
        if missing:
            out.append((i, f"no {', '.join(missing)}"))
        elif "finished_at" in rec and not _TIMESTAMP.fullmatch(str(rec["finished_at"])):
            out.append((i, f"finished_at {str(rec['finished_at'])!r} is not a whole timestamp (cut short)"))
        elif checked and not (
            isinstance(rec[CHECK_COLUMN], str)
            and _CHECK.fullmatch(rec[CHECK_COLUMN])
            and rec[CHECK_COLUMN] == _row_check(values, [_text(rec[c]) for c in values])
        ):
            out.append((i, "checksum does not match"))
    return out


def _cell(column: str, v: Any) -> Any:
    from .worker import LIST_COLUMNS

    if column in LIST_COLUMNS:
        return None if _missing(v) else _plain(v)
    # parameters given per kind (a list in kind order, or a mapping) are stored as the JSON text
    # they were given as: one type per column, whichever form a point used
    if isinstance(v, (list, tuple, dict)):
        return json.dumps(_plain(v), sort_keys=True)
    return v


class ResultStore:
    """The rows of a results file: kept in memory, each added row appended to the journal, the
    file rewritten once (atomically) when the store closes.

    ``path`` may be a symbolic link: the lock, the journal and every write go to its target, so the
    link stays a link and a sweep writing the target directly is seen as the same file's writer.
    Use it as a context manager or call :meth:`close`.
    """

    def __init__(self, path: str | os.PathLike | None):
        self.path = Path(path) if path is not None else None
        self.rows: list[dict[str, Any]] = []
        self._lock_fh: Any = None
        self._journal_fd: int | None = None
        self._dirty = False
        from .worker import LIST_COLUMNS

        if self.path is not None:
            self.format = _format(self.path)
            self.target = Path(os.path.realpath(self.path))
            self.journal = journal_path(self.path)
            if not self.target.parent.is_dir():
                raise _output_error(f"directory {str(self.target.parent)!r} does not exist")
            if self.target.is_dir():
                raise _output_error(f"{str(self.path)!r} is a directory, expected a file")
            self._lock()
            try:
                for stale in self.target.parent.glob(f".{self.target.name}.tmp-*"):
                    stale.unlink(missing_ok=True)  # a killed sweep's unfinished write; the lock says it is not ours
                if self.target.exists() or self.journal.exists():
                    try:
                        df, where = _read(self.path, True)
                    except ValueError as exc:
                        raise ValueError(f"{exc}; move it aside (or delete it) to run the sweep afresh") from None
                    if where:
                        _warn(self.path, where, stacklevel=4)
                    if len(df) and "point_id" not in df.columns:
                        raise _output_error(
                            f"{str(self.path)!r} exists and is not a results file of a sweep "
                            "(no point_id column); choose another name"
                        )
                    self.rows = [
                        {k: _cell(k, _decoded(v)) if k in LIST_COLUMNS else (None if _isna(v) else v) for k, v in r.items()}
                        for r in df.to_dict("records")
                    ]
                    if self.journal.exists():
                        # a killed sweep's rows: into the file before appending, so that a line it
                        # left cut short cannot run into the next one
                        self._dirty = True
                        self._compact()
            except OSError as exc:
                self._release()
                raise _output_error(f"cannot use {str(self.path)!r}: {exc.strerror or exc}") from None
            except BaseException:
                self._release()
                raise

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _lock(self) -> None:
        # one writer per results file: a second sweep on it would drop the first one's rows
        import fcntl

        assert self.path is not None
        lock = self.target.parent / f".{self.target.name}.lock"
        while True:
            try:
                fh = open(lock, "a")
            except OSError as exc:
                raise _output_error(
                    f"cannot write {str(self.path)!r} (its lock file {lock.name}): {exc.strerror or exc}"
                ) from None
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                fh.close()
                raise _output_error(f"another sweep is writing {str(self.path)!r}; wait for it or choose another file") from None
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

    def close(self, compact: bool = True) -> None:
        """Write every row into the results file (unless not ``compact``: the journal then keeps
        them for the next store), remove the journal, release the file for another sweep and
        remove its lock file.  A failed write keeps the journal (nothing is lost) and is one
        ``ValueError`` naming the file.  Closing again does nothing."""
        try:
            if self._lock_fh is not None and self._dirty and compact:
                self._compact()
        finally:
            self._release()

    def _release(self) -> None:
        if self._journal_fd is not None:
            fd, self._journal_fd = self._journal_fd, None
            os.close(fd)
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
        """Keep ``rows`` and append them to the journal (one ``write`` per row)."""
        new = [{k: _cell(k, v) for k, v in r.items()} for r in rows]
        self.rows.extend(new)
        if self.path is None:
            return
        self._dirty = True
        try:
            if self._journal_fd is None:
                self._journal_fd = os.open(self.journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            for r in new:
                line = _journal_line(r)
                if os.write(self._journal_fd, line) != len(line):  # a file system that just filled up
                    raise OSError(errno.ENOSPC, "the row was written in part (is the disk full?)")
        except OSError as exc:
            raise _output_error(f"cannot write {str(self.journal)!r}: {exc.strerror or exc}") from None

    def frame(self) -> Any:
        """The rows as a DataFrame, columns in first-seen order (``finished_at`` last)."""
        import pandas as pd

        cols: dict[str, None] = {}
        for r in self.rows:
            cols.update(dict.fromkeys(r))
        cols.pop(CHECK_COLUMN, None)
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
                    df[c] = [None if v is None or _isna(v) else (v if isinstance(v, str) else json.dumps(v)) for v in df[c]]
        return df

    def _compact(self) -> None:
        """Rewrite the results file with every row, then remove the journal."""
        from ..io.atomic import atomic_file

        assert self.path is not None
        df = self.frame()
        names = [str(c) for c in df.columns]
        texts = [[_text(v) for v in rec] for rec in df.itertuples(index=False, name=None)]
        checks = [_row_check(names, t) for t in texts]
        try:
            if self.format == "csv":
                with atomic_file(self.target, overwrite=True) as fh:
                    w = csv.writer(fh, lineterminator="\n")
                    w.writerow(names + [CHECK_COLUMN])
                    w.writerows(t + [c] for t, c in zip(texts, checks))
            else:
                df[CHECK_COLUMN] = checks
                with atomic_file(self.target, overwrite=True, mode="wb") as fh:
                    df.to_parquet(fh, index=False, engine="pyarrow")
            if self._journal_fd is not None:
                fd, self._journal_fd = self._journal_fd, None
                os.close(fd)
            self.journal.unlink(missing_ok=True)
        except OSError as exc:
            raise _output_error(f"cannot write {str(self.path)!r}: {exc.strerror or exc}") from None
        self._dirty = False


def _isna(v: Any) -> bool:
    try:
        return bool(v != v)  # NaN, and pandas' NA
    except (TypeError, ValueError):
        return False
