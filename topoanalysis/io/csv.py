"""CSV export/import of a :class:`~topoanalysis.topology.Topology` (the format of ``topoanalysis build``).

A topology directory holds

``links.csv`` (required)
    Header ``u,v,kind``; one row per physical link, parallel links repeated;
    ``kind`` is the kind *name* (e.g. ``local``/``global``).  The ``kind``
    column may be omitted in hand-written files: every link is then of the
    single kind ``link``.  Other columns are ignored.
``routers.csv`` (optional when reading)
    Header ``router,endpoints`` followed by the family's integer label columns
    (``group,index`` for dragonflies, ``s,x,y`` for Slim Fly, ``c0,c1,...``
    for Hamming/torus).  Router ids must be exactly ``0..n-1`` (any row order).
    ``endpoints`` may be omitted (0 per router); every other column is kept
    as a label column and must hold integers.  Without ``routers.csv`` the
    routers are ``0..n-1`` with ``n`` = ``routers`` from ``topology.json`` if
    given (at most 2^24), else the routers named in ``links.csv``, which must then be
    exactly ``0..n-1`` (a router in no link needs ``routers.csv`` or ``routers``); endpoints 0.
``topology.json`` (optional when reading)
    :meth:`Topology.summary` plus a format tag.  Gives ``family``, ``params``
    and ``kind_names`` (their order fixes the kind numbering); its
    ``routers``/``links`` counts are checked against the CSV files so that a
    truncated or hand-edited export is detected.  Without it the family is
    ``custom`` and kind names are numbered in first-seen order.

Blank lines and lines starting with ``#`` are ignored in both CSV files.
Writing then reading gives back the same network, link order, family and
params.  Directories are written atomically (see :mod:`topoanalysis.io.atomic`).
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from ..checks import MAX_ROUTERS, check_path
from ..topology import Topology
from .atomic import atomic_directory

__all__ = ["write_csv", "read_csv", "FORMAT_TAG"]

#: value of ``format`` in topology.json
FORMAT_TAG = "topoanalysis-csv/1"


def _write_int_table(fh, header: list[str], columns: list[np.ndarray]) -> None:
    fh.write(",".join(header) + "\n")
    if columns and columns[0].size:
        np.savetxt(fh, np.column_stack(columns).astype(np.int64), fmt="%d", delimiter=",")


def _csv_name(name: str, what: str) -> str:
    # Names go unquoted into the header / kind column: refuse ones that would break the CSV.
    if not name or any(c in name for c in ',"\r\n#') or name != name.strip():
        raise ValueError(
            f"{what} {name!r} cannot be written to CSV: it must be non-empty, without ',', '\"', '#', "
            "line breaks or surrounding spaces"
        )
    return name


def write_csv(topology: Topology, directory: str | os.PathLike, overwrite: bool = False) -> Path:
    """Write ``routers.csv``, ``links.csv`` and ``topology.json`` into ``directory`` (atomically).

    ``directory`` may not exist yet or be empty; an existing non-empty
    directory is replaced only with ``overwrite=True``.  Returns its path.
    """
    if not isinstance(topology, Topology):
        raise ValueError(f"topology must be a Topology, got {type(topology).__name__}")
    kinds = [_csv_name(k, "link kind name") for k in topology.kind_names]
    labels = [_csv_name(k, "label column") for k in topology.labels]
    if {"router", "endpoints"} & set(labels):
        raise ValueError("label columns may not be called 'router' or 'endpoints'")
    meta = {"format": FORMAT_TAG, **topology.summary()}
    with atomic_directory(directory, overwrite) as tmp:
        table = topology.label_table()
        with open(tmp / "routers.csv", "w", encoding="utf-8", newline="") as fh:
            _write_int_table(fh, list(table), list(table.values()))
        names = np.array(kinds, dtype=object)[topology.kind]
        with open(tmp / "links.csv", "w", encoding="utf-8", newline="") as fh:
            fh.write("u,v,kind\n")
            # One join over preformatted rows: ~0.2 s for the 400k-link h=16 dragonfly.
            fh.write("".join(f"{a},{b},{k}\n" for a, b, k in zip(topology.u.tolist(), topology.v.tolist(), names)))
        with open(tmp / "topology.json", "w", encoding="utf-8") as fh:
            json.dump(meta, fh, indent=2)
            fh.write("\n")
    return Path(directory)


class _Table:
    """Columns of one CSV file with their physical line numbers, for precise error messages."""

    def __init__(self, path: Path, required: tuple[str, ...]) -> None:
        self.name = path.name
        self.required = required
        try:
            text = path.read_text(encoding="utf-8-sig")  # -sig: drop the BOM spreadsheet programs write
        except UnicodeDecodeError as exc:
            raise ValueError(f"{self.name}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        if not self._fast(text):
            self._general(text)

    def _set_header(self, fields: list[str], line: int) -> None:
        self.header = [c.strip() for c in fields]
        dup = sorted({c for c in self.header if self.header.count(c) > 1})
        if dup:
            raise ValueError(f"{self.name} line {line}: duplicate column(s) {', '.join(dup)}")
        missing = [c for c in self.required if c not in self.header]
        if missing:
            raise ValueError(
                f"{self.name} line {line}: missing column(s) {', '.join(missing)} (header is {','.join(self.header)})"
            )

    def _fast(self, text: str) -> bool:
        """Plain files (no quotes, comments, blank lines or CR): split the whole text at once.

        Returns False (caller falls back to the csv module) when the file is not
        that simple or when a row has the wrong number of fields, so that the
        general path can report the line.
        """
        if not text or any(c in text for c in '"#\r') or "\n\n" in text or text[0] == "\n":
            return False
        if text[-1] != "\n":
            text += "\n"
        head_end = text.index("\n")
        self._set_header(text[:head_end].split(","), 1)
        width = len(self.header)
        if width == 1:
            return False  # a blank line would pass the comma count; let the general path drop it
        body = text[head_end + 1 :]
        raw = np.frombuffer(body.encode("utf-8"), dtype=np.uint8)
        newlines = np.flatnonzero(raw == 10)
        commas_before = np.searchsorted(np.flatnonzero(raw == 44), newlines)
        if np.any(np.diff(commas_before, prepend=0) != width - 1):
            return False
        n = int(newlines.size)
        tokens = body.replace("\n", ",").split(",")[:-1] if n else []
        self.n = n
        self.lines = np.arange(2, n + 2, dtype=np.int64)
        self.columns = {c: tokens[j::width] for j, c in enumerate(self.header)}
        return True

    def _general(self, text: str) -> None:
        rows = list(csv.reader(io.StringIO(text)))
        lens = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
        # Vectorised screening; Python only looks at the few rows that may be blank or comments.
        drop = lens == 0
        for i in np.flatnonzero(lens == 1):
            drop[i] = not rows[i][0].strip()
        if "#" in text:
            drop |= np.fromiter((bool(r) and r[0].lstrip().startswith("#") for r in rows), dtype=bool, count=len(rows))
        keep = np.flatnonzero(~drop)
        if not keep.size:
            raise ValueError(f"{self.name}: empty file, expected a header line with columns {','.join(self.required)}")
        head = int(keep[0])
        self._set_header(rows[head], head + 1)
        body = keep[1:]
        width = len(self.header)
        wrong = body[lens[body] != width]
        if wrong.size:
            i = int(wrong[0])  # type: ignore[assignment]  # a numpy integer above, a line number here
            raise ValueError(f"{self.name} line {i + 1}: expected {width} fields ({','.join(self.header)}), got {len(rows[i])}")
        self.lines = body + 1
        self.n = int(body.size)
        cols = list(zip(*(rows[i] for i in body.tolist())))
        self.columns = {c: (list(cols[j]) if cols else []) for j, c in enumerate(self.header)}

    def __len__(self) -> int:
        return self.n

    def text(self, column: str) -> np.ndarray:
        col = self.columns[column]
        uniq = {s: s.strip() for s in set(col)}
        return np.asarray([uniq[s] for s in col], dtype=object)

    def ints(self, column: str) -> np.ndarray:
        col = self.columns[column]
        if not col:
            return np.zeros(0, dtype=np.int64)
        try:
            # map(int) is several times faster than numpy's str->int cast and also accepts spaces
            return np.fromiter(map(int, col), dtype=np.int64, count=len(col))
        except (ValueError, OverflowError):
            # Slow path only to name the offending line.
            for k, s in enumerate(col):
                try:
                    val = int(s)
                except ValueError:
                    raise ValueError(
                        f"{self.name} line {self.lines[k]}: column {column!r} must be an integer, got {s.strip()!r}"
                    ) from None
                if not -(2**63) <= val < 2**63:
                    raise ValueError(f"{self.name} line {self.lines[k]}: column {column!r} value {val} is out of range") from None
            raise

    def error(self, k: int, message: str) -> ValueError:
        return ValueError(f"{self.name} line {self.lines[k]}: {message}")


def _read_meta(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"topology.json: not valid JSON ({exc})") from None
    if not isinstance(meta, dict):
        raise ValueError("topology.json: expected a JSON object")
    if "params" in meta and not isinstance(meta["params"], dict):
        raise ValueError("topology.json: 'params' must be an object")
    kn = meta.get("kind_names")
    if kn is not None and (not isinstance(kn, list) or not kn or not all(isinstance(k, str) for k in kn)):
        raise ValueError("topology.json: 'kind_names' must be a non-empty list of strings")
    for key in ("routers", "links"):
        if key in meta and (isinstance(meta[key], bool) or not isinstance(meta[key], int) or meta[key] < 0):
            raise ValueError(f"topology.json: {key!r} must be a non-negative integer, got {meta[key]!r}")
    return meta


def _read_routers(path: Path) -> tuple[int, np.ndarray, dict[str, np.ndarray]]:
    t = _Table(path, ("router",))
    ids = t.ints("router")
    n = len(t)
    if n and (ids.min() < 0 or ids.max() >= n):
        k = int(np.flatnonzero((ids < 0) | (ids >= n))[0])
        raise t.error(k, f"router id {ids[k]} out of range: {n} routers must be numbered 0..{n - 1}")
    order = np.argsort(ids, kind="stable")
    dupe = np.flatnonzero(ids[order][1:] == ids[order][:-1])
    if dupe.size:
        a, b = sorted((int(order[dupe[0]]), int(order[dupe[0] + 1])))
        raise t.error(b, f"duplicate router id {ids[a]} (first defined on line {t.lines[a]})")
    endpoints = t.ints("endpoints") if "endpoints" in t.header else np.zeros(n, dtype=np.int64)
    neg = np.flatnonzero(endpoints < 0)
    if neg.size:
        raise t.error(int(neg[0]), f"endpoints must be >= 0, got {endpoints[neg[0]]}")
    cols = [c for c in t.header if c not in ("router", "endpoints") and c]
    for c in cols:
        try:  # the names write_csv can write back: a file that reads must round-trip
            _csv_name(c, "label column")
        except ValueError as exc:
            raise ValueError(f"{t.name} line 1: {exc}") from None
    labels = {c: t.ints(c)[order] for c in cols}
    return n, endpoints[order], labels


def _implied_routers(links: _Table, u: np.ndarray, v: np.ndarray) -> int:
    """Router count of a directory that declares none: every router must appear in a link.

    Checked before anything is sized by the largest id, so that one mistyped id is refused
    instead of allocating (or silently building) a network of that many routers.
    """
    ends = np.concatenate([u, v])
    if not ends.size:
        return 0
    if int(ends.min()) < 0:
        k = int(np.flatnonzero((u < 0) | (v < 0))[0])
        raise links.error(k, f"unknown router {min(int(u[k]), int(v[k]))} (router ids must be >= 0)")
    named = np.unique(ends)
    n = int(named.size)
    if int(named[-1]) >= n:
        first_gap = int(np.flatnonzero(named != np.arange(n))[0])
        k = int(np.flatnonzero((u >= n) | (v >= n))[0])
        r = int(u[k]) if u[k] >= n else int(v[k])
        raise links.error(
            k,
            f"router {r}, but links.csv names only {n} routers (router {first_gap} is in no link); "
            "without routers.csv or 'routers' in topology.json the routers must be numbered 0..n-1 "
            "and each must appear in a link",
        )
    return n


def read_csv(directory: str | os.PathLike) -> Topology:
    """Read a topology directory (written by :func:`write_csv` or by hand); see the module doc.

    Malformed input raises ``ValueError`` naming the file, line and problem.
    """
    d = check_path("directory", directory)
    if not d.is_dir():
        raise ValueError(f"csv: {str(d)!r} is not a directory")
    if not (d / "links.csv").is_file():
        raise ValueError(f"csv: {str(d)!r} has no links.csv (a topology directory needs at least links.csv)")
    meta = _read_meta(d / "topology.json")

    links = _Table(d / "links.csv", ("u", "v"))
    u, v = links.ints("u"), links.ints("v")

    if (d / "routers.csv").is_file():
        n, endpoints, labels = _read_routers(d / "routers.csv")
        if "routers" in meta and meta["routers"] != n:
            raise ValueError(f"topology.json says {meta['routers']} routers but routers.csv defines {n}")
        where = f"routers.csv defines 0..{n - 1}"
    else:
        if "routers" in meta:
            n = int(meta["routers"])
            if n > MAX_ROUTERS:
                raise ValueError(f"topology.json: 'routers' is {n}, above the limit of {MAX_ROUTERS} routers (2^24)")
            where = f"topology.json says {n} routers"
        else:
            n = _implied_routers(links, u, v)
            where = f"links.csv names routers 0..{n - 1}"
        endpoints, labels = np.zeros(n, dtype=np.int64), {}
    bad = np.flatnonzero((u < 0) | (u >= n) | (v < 0) | (v >= n))
    if bad.size:
        k = int(bad[0])
        r = u[k] if not 0 <= u[k] < n else v[k]
        raise links.error(k, f"unknown router {r} ({where})")
    loop = np.flatnonzero(u == v)
    if loop.size:
        raise links.error(int(loop[0]), f"self-loop at router {u[loop[0]]}: a link must join two different routers")
    if "links" in meta and meta["links"] != len(links):
        raise ValueError(f"topology.json says {meta['links']} links but links.csv has {len(links)}")

    if "kind" in links.header:
        names = links.text("kind")
        if meta.get("kind_names"):
            kind_names = tuple(meta["kind_names"])
        else:
            # dict preserves first-seen order
            kind_names = tuple(dict.fromkeys(names.tolist())) or ("link",)
        lookup = {k: i for i, k in enumerate(kind_names)}
        try:
            kind = np.fromiter((lookup[s] for s in names), dtype=np.int8, count=names.size)
        except KeyError:
            k = next(i for i, s in enumerate(names) if s not in lookup)
            raise links.error(k, f"unknown link kind {names[k]!r}; topology.json lists {list(kind_names)}") from None
        if "" in lookup:
            raise links.error(int(np.flatnonzero(names == "")[0]), "empty link kind")
    else:
        kind_names = tuple(meta.get("kind_names") or ("link",))
        if len(kind_names) != 1:
            raise ValueError(f"links.csv has no 'kind' column but topology.json lists kinds {list(kind_names)}")
        kind = np.zeros(u.size, dtype=np.int8)

    try:
        return Topology(
            n, u, v, kind, kind_names, endpoints, labels, family=str(meta.get("family", "custom")), params=meta.get("params", {})
        )
    except ValueError as exc:  # what the files say together is no topology: name the directory
        raise ValueError(f"csv: {str(d)!r}: {exc}") from None
