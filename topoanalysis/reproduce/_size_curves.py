"""What the size-against-radix figures share (Besta & Hoefler 2014, Fig. 5a and 5b, Camarero et al. 2014, Fig. 12): checking their
closed-form rows against the built networks, printing the paper's statements beside ours, and the command
line around both.

Each figure module keeps what is its own: its curves (closed forms, one row per instance with ``param``,
``radix`` and ``routers``), the network of a row, what a built row must match, and its table.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

__all__ = ["max_degree", "verify_rows", "plot", "write_rows", "main"]

Curves = Mapping[str, Sequence[dict[str, Any]]]


def max_degree(topo) -> int:
    """The largest number of links at one router (the network radix k')."""
    return int(np.bincount(np.concatenate([topo.u, topo.v]), minlength=topo.n_routers).max())


def verify_rows(
    curves: Curves,
    build: Callable[[str, dict[str, Any]], Any],
    matches: Callable[[str, dict[str, Any], Any], bool],
    max_routers: int,
) -> list[tuple[str, dict[str, Any], bool]]:
    """Build every row with at most ``max_routers`` routers (``build(family, row)``); ``(family, param, ok)``
    each, ``ok`` = ``matches(family, row, network)``."""
    out = []
    for fam, rows in curves.items():
        for row in rows:
            if row["routers"] > max_routers:
                continue
            out.append((fam, row["param"], bool(matches(fam, row, build(fam, row)))))
    return out


def plot(curves: Curves, path: str, title: str, y: str = "routers", ylabel: str = "routers", diameter: int | None = None) -> None:
    """The figure: ``y`` of every curve against the radix, log-scaled, and the Moore bound of ``diameter`` (when
    given) over the same radixes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ..invariants.moore import moore_bound

    fig, ax = plt.subplots(figsize=(6, 4.2))
    radixes = [r["radix"] for rows in curves.values() for r in rows]
    for fam, rows in curves.items():
        if rows:
            xs = [r["radix"] for r in rows]
            # several rows at one radix (e.g. trunking options) are points, not a line
            ax.plot(xs, [r[y] for r in rows], marker="o", ms=3, label=fam, linestyle="-" if len(set(xs)) == len(xs) else "none")
    if diameter is not None and radixes:
        ks = list(range(max(2, min(radixes)), max(radixes) + 1))
        ax.plot(ks, [moore_bound(k, diameter) for k in ks], color="black", linestyle="--", label=f"Moore bound, D = {diameter}")
    ax.set_yscale("log")
    ax.set_xlabel("network radix (k')" if diameter is not None else "router radix")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write_rows(curves: Curves, path: str) -> None:
    """Write every curve's rows to the CSV file ``path`` (replacing it, complete or not at all): a
    ``family`` column, then the rows' values, a row's ``param`` mapping as ``param.NAME`` columns
    (empty where a family has no such parameter)."""
    import csv

    from ..io.atomic import atomic_file

    flat = []
    for fam, rows in curves.items():
        for r in rows:
            row: dict[str, Any] = {"family": fam}
            for k, v in r.items():
                if isinstance(v, Mapping):
                    row.update({f"{k}.{n}": x for n, x in v.items()})
                else:
                    row[k] = v
            flat.append(row)
    columns: list[str] = []
    for row in flat:
        columns += [k for k in row if k not in columns]
    with atomic_file(path, overwrite=True) as f:
        w = csv.DictWriter(f, fieldnames=columns, restval="")
        w.writeheader()
        w.writerows(flat)


def main(
    argv: Sequence[str] | None,
    *,
    module: str,
    doc: str | None,
    default_radix: int,
    min_radix: int,
    why_min: str,
    radix_help: str,
    max_routers: int,
    curves: Callable[[int], Any],
    table: Callable[[Any, int], None],
    statements: Callable[[Any], None],
    verify: Callable[[int, int], list[tuple[str, dict[str, Any], bool]]],
    draw: Callable[[Any, str], None] | None = None,
) -> int:
    """The command line of a size-against-radix figure: ``--max-radix`` (at least ``min_radix``, because
    ``why_min``) and ``--verify`` (build the instances up to ``max_routers`` routers; exit 1 on a mismatch).
    Prints ``table(curves, max_radix)`` and ``statements(curves)``; ``--plot IMAGE`` draws ``draw(curves, IMAGE)``;
    ``-o CSV`` writes the rows (:func:`write_rows`)."""
    ap = argparse.ArgumentParser(
        prog=f"python -m topoanalysis.reproduce.{module}", description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--max-radix", type=int, default=default_radix, help=f"{radix_help} (default {default_radix})")
    ap.add_argument("--verify", action="store_true", help=f"build the instances up to {max_routers:,} routers and check them")
    if draw is not None:
        ap.add_argument("--plot", default=None, metavar="IMAGE", help="draw the figure to IMAGE")
    ap.add_argument("-o", "--output", default=None, metavar="CSV", help="also write the curves' rows to CSV")
    a = ap.parse_args(argv)
    if a.max_radix < min_radix:
        raise ValueError(f"--max-radix must be >= {min_radix} ({why_min}), got {a.max_radix}")
    c = curves(a.max_radix)
    table(c, a.max_radix)
    statements(c)
    if a.output:
        import sys

        write_rows(c, a.output)
        print(f"wrote {a.output}", file=sys.stderr)
    if draw is not None and a.plot:
        import sys

        draw(c, a.plot)
        print(f"wrote {a.plot}", file=sys.stderr)
    if a.verify:
        bad = [(f, p) for f, p, ok in verify(max_routers, a.max_radix) if not ok]
        print(f"\nbuilt instances up to {max_routers:,} routers: " + ("all match" if not bad else f"MISMATCH {bad}"))
        return 1 if bad else 0
    return 0
