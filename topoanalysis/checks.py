"""Input checks shared by the whole package: one helper per rule, each raising ``ValueError``
that names the parameter and the rule it breaks.

Every public function validates its arguments with these before it allocates or computes
anything, so a bad value fails at once with a message a user can act on, never deep inside
numpy or numba (an ``OverflowError``), in a hang, or as a silently wrong result.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "check_int",
    "check_int_list",
    "check_number",
    "check_choice",
    "check_size",
    "check_seed",
    "OptionError",
    "MAX_INT",
    "MAX_ROUTERS",
    "MAX_LINKS",
]

#: Largest integer a structural parameter (a, h, p, q, k, n, sizes, ...) may take.  Products of
#: a few of them stay inside int64, and no network one could hold in memory needs more.
MAX_INT = 2**31 - 1

#: Size limits of a generated topology: beyond these its arrays alone take gigabytes (a router
#: costs about 100 bytes, a link 40) and every analysis is out of reach on one machine.
MAX_ROUTERS = 1 << 24
MAX_LINKS = 1 << 25


class OptionError(ValueError):
    """A ``ValueError`` whose remedy is an option, worded twice: ``str(exc)`` names the Python
    keyword (``overwrite=True``) for a library caller, ``exc.cli`` the command-line flag
    (``--force``) that ``topoanalysis`` prints instead."""

    def __init__(self, message: str, cli: str) -> None:
        super().__init__(message)
        self.cli = cli


def check_int(name: str, value: Any, minimum: int, maximum: int | None = MAX_INT) -> int:
    """``value`` as an ``int`` in ``minimum..maximum``; bools, floats and strings are refused."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    v = int(value)
    if v < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {v}")
    if maximum is not None and v > maximum:
        raise ValueError(f"{name} must be an integer <= {maximum}, got {v}")
    return v


def check_seed(name: str, value: Any) -> int:
    """A random seed: an integer in 0..2^63-1 (what numpy's generators take)."""
    return check_int(name, value, 0, 2**63 - 1)


def check_int_list(name: str, values: Any, minimum: int, maximum: int | None = MAX_INT) -> list[int]:
    """A non-empty sequence of ints each in ``minimum..maximum``."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise ValueError(f"{name} must be a non-empty list of integers, got {values!r}")
    out = [check_int(f"{name}[{i}]", x, minimum, maximum) for i, x in enumerate(values)]
    if not out:
        raise ValueError(f"{name} must be a non-empty list of integers, got an empty list")
    return out


def check_number(
    name: str,
    value: Any,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
    above: float | None = None,
    below: float | None = None,
) -> float:
    """A finite real number with the given bounds (``minimum``/``maximum`` inclusive,
    ``above``/``below`` exclusive); NaN and infinities are refused."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValueError(f"{name} must be a number, got {value!r}")
    v = float(value)
    rules = []
    if minimum is not None:
        rules.append((v >= minimum, f">= {minimum:g}"))
    if above is not None:
        rules.append((v > above, f"> {above:g}"))
    if maximum is not None:
        rules.append((v <= maximum, f"<= {maximum:g}"))
    if below is not None:
        rules.append((v < below, f"< {below:g}"))
    if not math.isfinite(v) or not all(ok for ok, _ in rules):
        rule = " and ".join(text for _, text in rules)
        raise ValueError(f"{name} must be a finite number{' ' + rule if rule else ''}, got {value!r}")
    return v


def check_bool(name: str, value: Any) -> bool:
    """``value`` as a bool; anything but True or False (a string such as "no" would read as true) is a
    ValueError naming the parameter."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ValueError(f"{name} must be True or False, got {value!r}")


def check_text(name: str, value: Any, what: str) -> str:
    """``value`` as a str; anything else is a ValueError naming the parameter and what it expects."""
    if isinstance(value, str):
        return value
    raise ValueError(f"{name} must be {what}, got {type(value).__name__} {value!r}"[:300])


def check_path(name: str, value: Any) -> Path:
    """``value`` (a str or path-like, not empty) as a :class:`~pathlib.Path`; anything else is a
    ValueError naming the parameter."""
    if isinstance(value, (str, os.PathLike)) and not isinstance(value, bytes) and str(value) != "":
        return Path(value)
    raise ValueError(f"{name} must be a file system path (str or os.PathLike), got {type(value).__name__} {value!r}"[:300])


def check_choice(name: str, value: Any, choices: Sequence[str]) -> str:
    """One of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(str, choices))}; got {value!r}")
    return value


def check_size(what: str, n_routers: int, n_links: int) -> None:
    """Refuse a network too large to hold (``MAX_ROUTERS`` routers, ``MAX_LINKS`` links) before
    anything is allocated; ``what`` names the parameters that gave it."""
    if n_routers > MAX_ROUTERS:
        raise ValueError(f"{what}: {n_routers} routers exceeds the limit of {MAX_ROUTERS} (2^24)")
    if n_links > MAX_LINKS:
        raise ValueError(f"{what}: {n_links} links exceeds the limit of {MAX_LINKS} (2^25)")
