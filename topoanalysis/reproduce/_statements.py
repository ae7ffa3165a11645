"""The paper's statements beside ours: the table every reproduction prints after its rows.

A figure module holds ``PAPER`` (statement -> the paper's value) and ``MEASURED`` (statement -> a
function of the module's results giving ours); :func:`print_statements` prints one line per
statement of ``PAPER``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._compare import peak, value_at

__all__ = ["format_value", "print_statements", "print_curve_summary"]


def format_value(x: Any, digits: int = 4) -> str:
    """A value as the statement tables print it: floats to ``digits`` significant digits (an infinite one,
    a load never reached, as "none in the swept loads"), booleans as yes/no, tuples and lists
    joined with commas, anything else as ``str``."""
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return "none in the swept loads" if math.isinf(x) else f"{x:.{digits}g}"
    if isinstance(x, (tuple, list)):
        return ", ".join(format_value(v, digits) for v in x)
    return str(x)


def print_curve_summary(df: Any, labels: Sequence[str], traffics: Sequence[str], load: float = 0.1) -> None:
    """Print each curve's throughput (its highest accepted load) and its average latency at
    offered ``load`` under each traffic, one line per curve and traffic (the traffic column only
    when there is more than one)."""
    many = len(traffics) > 1
    tcol = f" {'traffic':8s}" if many else ""
    print(f"\n{'curve':12s}{tcol} {'throughput':>10s} {f'latency at {load:g}':>14s}")
    for label in labels:
        for t in traffics:
            tval = f" {t:8s}" if many else ""
            print(f"{label:12s}{tval} {peak(df, label, t):10.4f} {value_at(df, label, t, load):14.1f}")


def print_statements(
    title: str,
    paper: Mapping[str, Any],
    measured: Mapping[str, Callable[[Any], Any]],
    data: Any,
    *,
    paper_width: int = 8,
    ours_header: str = "ours",
    digits: int = 4,
) -> None:
    """Print each statement of ``paper`` with the paper's value and ours, ``measured[key](data)``,
    under the heading ``statement (TITLE)``.  Ours is "n/a (why)" when the run left out what the
    statement needs (the function raises ValueError or KeyError) and "not measured here" when
    ``measured`` has no function for it.  Floats are shown to ``digits`` significant digits."""
    head = f"statement ({title})"
    width = max([len(head)] + [len(k) for k in paper])
    print(f"\n{head:{width}s}  {'paper':>{paper_width}s}  {ours_header}")
    for key, value in paper.items():
        if key in measured:
            try:
                ours = format_value(measured[key](data), digits)
            except (ValueError, KeyError) as exc:  # a curve, family or size left out of this run
                ours = f"n/a ({exc})"
        else:
            ours = "not measured here"
        print(f"{key:{width}s}  {format_value(value, digits):>{paper_width}s}  {ours}")
