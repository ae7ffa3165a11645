"""Progress lines for logs: where stderr is not a terminal (a batch job, ``2> log``), a long step
prints one line every :data:`~topoanalysis.deadline.PROGRESS_INTERVAL` seconds (30) with what is
done of how much and an estimate of the time left; on a terminal the progress bars do that job.

The lines come from :func:`topoanalysis.deadline.progress_lines` (the thread behind the exact
bisection's lines), with a :class:`Progress` in place of the bisection's deadline.  The
environment variable ``TOPOANALYSIS_PROGRESS_INTERVAL`` (seconds) changes the interval.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import time
from collections.abc import Iterator
from typing import Any, TextIO

__all__ = ["Progress", "log_progress", "interval"]


def interval() -> float:
    """Seconds between two lines: ``TOPOANALYSIS_PROGRESS_INTERVAL`` when set (a number > 0),
    else :data:`~topoanalysis.deadline.PROGRESS_INTERVAL`."""
    from ..deadline import PROGRESS_INTERVAL

    text = os.environ.get("TOPOANALYSIS_PROGRESS_INTERVAL")
    if not text:
        return PROGRESS_INTERVAL
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value > 0 or math.isinf(value):
        raise ValueError(f"TOPOANALYSIS_PROGRESS_INTERVAL: seconds > 0, got {text!r}")
    return value


def _duration(s: float) -> str:
    return f"{s:.0f} s" if s < 120 else f"{s / 60:.0f} min" if s < 7200 else f"{s / 3600:.1f} h"


class Progress:
    """What a long step has done: ``done`` of ``total`` ``unit`` (the caller advances ``done``),
    or, for a step that cannot count (a compile, one simulation), the time against an
    ``estimate`` in seconds."""

    def __init__(self, total: float | None = None, unit: str = "", estimate: float | None = None, done: float = 0):
        self.total, self.unit, self.estimate, self.done = total, unit, estimate, done
        self.start = time.perf_counter()
        self._done0 = done  # done before this run (a resumed sweep): not part of its rate

    def __repr__(self) -> str:
        return f"Progress({self.done}/{self.total} {self.unit})"

    def advance(self, n: float = 1) -> None:
        """``n`` more done."""
        self.done += n

    def line(self, what: str) -> str:
        """One progress line: ``what: 12/40 points done, 3 min elapsed, about 7 min left``."""
        elapsed = time.perf_counter() - self.start
        parts = [f"{_duration(elapsed)} elapsed"]
        if self.total is not None:
            parts.insert(0, f"{self.done:g}/{self.total:g} {self.unit} done".replace("  ", " "))
            ran = self.done - self._done0
            if ran > 0 and self.total > self.done:
                parts.append(f"about {_duration(elapsed / ran * (self.total - self.done))} left")
        if self.estimate is not None:
            left = self.estimate - elapsed
            parts.append(
                f"estimated {_duration(self.estimate)} in all"
                + (f", about {_duration(left)} left" if left > 0 and self.total is None else "")
            )
        return f"{what}: " + ", ".join(parts)


@contextlib.contextmanager
def log_progress(
    what: str,
    total: float | None = None,
    unit: str = "",
    estimate: float | None = None,
    done: float = 0,
    stream: TextIO | None = None,
    enabled: bool | None = None,
) -> Iterator[Progress]:
    """Print a :class:`Progress` line to ``stream`` (stderr) every :func:`interval` seconds while
    the block runs; by default only when the stream is not a terminal (a terminal has the bars)."""
    from ..deadline import progress_lines

    out: Any = stream if stream is not None else sys.stderr
    if enabled is None:
        try:
            enabled = not out.isatty()
        except (AttributeError, ValueError):
            enabled = True
    prog = Progress(total, unit, estimate, done)
    with progress_lines(prog, what, out, interval(), enabled=enabled):  # type: ignore[arg-type]  # a Deadline's line()
        yield prog
