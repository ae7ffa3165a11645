"""One time limit shared by every stage of a long computation, and progress lines while it runs.

A :class:`Deadline` is made once, at the start of a run, from the caller's ``time_limit``
(seconds, or None for no limit) and handed down to every stage that can run long (bounds,
CP-SAT solves, enumerations, compiled searches).  Each stage asks it for the time left
(:meth:`Deadline.limit`, what a CP-SAT solve gets as ``max_time_in_seconds``) or whether it has
:meth:`~Deadline.expired`, and stops with the best result so far, marked as not proven.  So the
whole run, not each stage, keeps to the limit; what it may overrun by is one uninterruptible
step (a METIS cut, a bound's model build, at most a few hundred milliseconds of compiled search
between clock checks).

Stages also :meth:`~Deadline.note` what they are doing and the best bound and cut so far;
:func:`progress_lines` prints that to a stream (stderr) at a fixed interval from a background
thread, whether or not the stream is a terminal.  CP-SAT releases the GIL while it solves and the
compiled profile search runs without it, so the lines keep coming during those too.
"""

from __future__ import annotations

import contextlib
import math
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any, TextIO

from .checks import check_number

__all__ = ["Deadline", "progress_lines", "MIN_SOLVE_SECONDS", "PROGRESS_INTERVAL"]

#: the least time a solve is given (CP-SAT refuses 0): a solve started at the deadline stops at once
MIN_SOLVE_SECONDS = 1e-3

#: seconds between two progress lines
PROGRESS_INTERVAL = 30.0


class Deadline:
    """``seconds`` from now (None: no limit).  ``name`` is the parameter the limit came from, for
    the error a bad value (<= 0, NaN, infinite, not a number) raises."""

    def __init__(self, seconds: Any = None, name: str = "time_limit"):
        self.seconds = None if seconds is None else check_number(f"{name} (seconds)", seconds, above=0.0)
        self.start = time.perf_counter()
        #: time.perf_counter() value at which the limit runs out (inf without a limit)
        self.at = math.inf if self.seconds is None else self.start + self.seconds
        #: what the running stage last reported: stage, best cut, bound, ... (see :meth:`note`)
        self.status: dict[str, Any] = {}

    @classmethod
    def of(cls, time_limit: Any, name: str = "time_limit") -> Deadline:
        """``time_limit`` itself when it is a Deadline already (a stage of a larger run), else a new one."""
        return time_limit if isinstance(time_limit, Deadline) else cls(time_limit, name)

    @property
    def limited(self) -> bool:
        """Whether there is a limit at all."""
        return self.seconds is not None

    def elapsed(self) -> float:
        """Seconds since the deadline was made."""
        return time.perf_counter() - self.start

    def remaining(self) -> float:
        """Seconds left (inf without a limit, never below 0)."""
        return max(0.0, self.at - time.perf_counter())

    def expired(self) -> bool:
        """Whether the limit has run out."""
        return time.perf_counter() >= self.at

    def limit(self, cap: float | None = None) -> float | None:
        """Seconds one solve may take: the time left, at most ``cap``, at least
        :data:`MIN_SOLVE_SECONDS`; None when there is neither a limit nor a cap."""
        left = self.remaining()
        if cap is not None:
            left = min(left, float(cap))
        if math.isinf(left):
            return None
        return max(MIN_SOLVE_SECONDS, left)

    def note(self, **status: Any) -> None:
        """Record what the run is doing (``stage=``, ``best=``, ``bound=``, ...) for the progress lines."""
        self.status.update(status)

    def line(self, what: str) -> str:
        """One progress line: elapsed time, the limit and the last :meth:`note`."""
        head = f"{what}: {self.elapsed():.0f} s"
        if self.limited:
            head += f" of {self.seconds:g} s"
        rest = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in self.status.items() if v is not None)
        return f"{head}{'; ' + rest if rest else ''}"


@contextlib.contextmanager
def progress_lines(
    deadline: Deadline, what: str, stream: TextIO | None = None, interval: float = PROGRESS_INTERVAL, enabled: bool = True
) -> Iterator[Deadline]:
    """Print ``deadline``'s progress line to ``stream`` (default stderr) every ``interval``
    seconds while the block runs (from a daemon thread; nothing when ``enabled`` is False)."""
    if not enabled:
        yield deadline
        return
    check_number("interval (seconds)", interval, above=0.0)
    out = stream if stream is not None else sys.stderr
    stop = threading.Event()

    def run() -> None:
        while not stop.wait(interval):
            try:
                print(deadline.line(what), file=out, flush=True)
            except (OSError, ValueError):  # a closed stream: stop printing, never the run
                return

    th = threading.Thread(target=run, name="progress", daemon=True)
    th.start()
    try:
        yield deadline
    finally:
        stop.set()
        th.join(timeout=1.0)
