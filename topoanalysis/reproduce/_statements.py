"""The paper's statements beside ours: the table every reproduction prints after its rows.

A figure module holds ``PAPER`` (statement -> the paper's value) and ``MEASURED`` (statement -> a
function of the module's results giving ours); :func:`print_statements` prints one line per
statement of ``PAPER``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["format_value", "print_statements"]


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
