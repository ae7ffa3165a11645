"""The exact bisection bandwidth as a piecewise-linear function of α (Hastings et al. 2015, §III, Figure 5).

Every cut has bandwidth ``local + α·global``, so the minimum over cuts is the lower envelope of
these lines: concave and piecewise linear.  Hastings et al. 2015, §III's divide and conquer: solve exactly at
both ends of the α range; for two known lines A (optimal at the left end) and B (optimal at the
right end) solve at their intersection x; if the optimum there equals A(x) = B(x), x is a
confirmed breakpoint (by concavity the envelope equals A left of x and B right of x); otherwise
the new optimal cut C is strictly below both at x and the two halves (A, C) and (C, B) are done
the same way.  Each solve is a proven CP-SAT optimum (:func:`.exact.exact_bisection`), warm
started from the best known cut.

On canonical dragonflies the divide and conquer runs with short CP-SAT solves only, for good
cuts, and :func:`.profiles.profile_envelope` then proves the envelope for every α at once, each
group-size profile searched at most once (instead of once per solve: the (p, 6, 2) circulant's
envelope took over 20 minutes as separate proven solves).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..deadline import Deadline
from ..topology import Topology
from .cut import kind_weights, side_limits, to_fraction

__all__ = ["Piece", "Envelope", "bisection_envelope"]

#: seconds of each CP-SAT solve that only looks for starting cuts before the profile pass (the
#: (p,6,2) envelopes: 2 s gives the same cuts as 5 s; absolute 14 s in all instead of 34 s)
START_TIME = 2.0


@dataclass(frozen=True)
class Piece:
    """On ``alpha_from <= α <= alpha_to`` the bisection bandwidth is ``local + α·global``."""

    alpha_from: Fraction
    alpha_to: Fraction
    local: Fraction
    global_: int
    partition: np.ndarray

    def value(self, alpha: Any) -> Fraction:
        """Bandwidth of this piece's cut at ``alpha``."""
        return self.local + to_fraction(alpha) * self.global_

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready piece (α as float plus exact text)."""
        f = lambda x: int(x) if x.denominator == 1 else float(x)  # noqa: E731
        return {
            "alpha_from": f(self.alpha_from),
            "alpha_to": f(self.alpha_to),
            "local": f(self.local),
            "global": self.global_,
            "exact": [str(self.alpha_from), str(self.alpha_to)],
        }


@dataclass(frozen=True)
class Envelope:
    """Pieces left to right; ``proven`` is False when a solve hit its time limit."""

    pieces: list[Piece]
    proven: bool
    solves: int
    seconds: float

    @property
    def breakpoints(self) -> list[Fraction]:
        """The α values where the minimum cut changes."""
        return [p.alpha_to for p in self.pieces[:-1]]

    def value(self, alpha: Any) -> Fraction:
        """Bisection bandwidth at ``alpha`` (inside the computed range)."""
        a = to_fraction(alpha)
        if not self.pieces[0].alpha_from <= a <= self.pieces[-1].alpha_to:
            raise ValueError(f"alpha {a} outside the envelope's range {self.pieces[0].alpha_from}..{self.pieces[-1].alpha_to}")
        return min(p.value(a) for p in self.pieces)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready envelope."""
        return {
            "pieces": [p.to_dict() for p in self.pieces],
            "proven": self.proven,
            "solves": self.solves,
            "seconds": round(self.seconds, 4),
        }


def bisection_envelope(
    top: Topology,
    alpha_range: tuple[Any, Any] = (0, 6),
    weights: Mapping[str, Any] | None = None,
    balance: str = "routers",
    time_limit: float | Deadline | None = None,
    seed: int = 0,
    progress: bool = False,
    solver: str = "auto",
) -> Envelope:
    """Exact minimum bisection bandwidth as a function of α on ``alpha_range`` (Hastings et al. 2015, §III).

    ``weights`` may set the bandwidth of non-global kinds (default 1); "local" of a piece is the
    weighted crossing of every kind except "global".  ``time_limit``: seconds for the whole call
    (or a :class:`~topoanalysis.deadline.Deadline`), shared by every solve and the profile pass;
    once it runs out no further solve starts and the envelope of the cuts found so far (an upper
    bound on the bisection at every α) is returned with ``proven`` False.  ``solver``: ``"auto"``
    (the profile pass where it applies, else proven CP-SAT solves), ``"cp-sat"`` (proven CP-SAT
    solves everywhere) or ``"profiles"`` (the profile pass from the two ends' short CP-SAT cuts
    alone).  ``progress`` counts the solves on stderr (their number is not known in advance).
    """
    from .exact import SOLVERS, exact_bisection
    from .profiles import lower_envelope, profile_envelope, profile_structure

    t0 = time.perf_counter()
    dl = Deadline.of(time_limit)
    if "global" not in top.kind_names:
        raise ValueError(f"an α envelope needs a link kind named 'global'; this topology has {top.kind_names}")
    if weights and "global" in weights:
        raise ValueError("weights: the 'global' weight is α itself and cannot be given for an envelope")
    try:
        lo_a, hi_a = alpha_range
    except (TypeError, ValueError):
        raise ValueError(f"alpha_range must be a pair (from, to), got {alpha_range!r}") from None
    a0, a1 = to_fraction(lo_a, "alpha_range[0]"), to_fraction(hi_a, "alpha_range[1]")
    if not a0 < a1:
        raise ValueError(f"alpha_range must have from < to, got {a0}..{a1}")
    if solver not in SOLVERS:
        raise ValueError(f"solver must be one of {SOLVERS}, got {solver!r}")
    pst = None
    if solver != "cp-sat" and balance == "routers" and set(top.kind_names) == {"local", "global"}:
        pst = profile_structure(top)
    if solver == "profiles" and pst is None:
        raise ValueError(
            "solver='profiles' needs a canonical dragonfly (groups of a routers, one global link "
            "between every two groups, h global links per router, g = ah + 1), balance='routers'"
        )
    # with the profile pass to prove it, the divide and conquer only looks for good cuts
    solve_cap, solve_with = (START_TIME, "cp-sat") if pst is not None else (None, "auto")
    state: dict[str, Any] = {"solves": 0, "proven": True}
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(unit="solve", leave=False, desc="exact bisection")
    known: dict[tuple[Fraction, int], np.ndarray] = {}

    def line_of(res: Any) -> tuple[Fraction, int]:
        g = res.crossing["global"]
        return res.bandwidth - res.weights["global"] * g, g

    def solve(alpha: Fraction) -> tuple[Fraction, int]:
        hint = None
        if known:
            best = min(known, key=lambda k: k[0] + alpha * k[1])
            hint = known[best]
        # a solve of its own within what is left of the run's limit (the starting-cut solves at most START_TIME)
        limit: float | Deadline | None = dl
        if solve_cap is not None:
            limit = dl.limit(solve_cap)
        dl.note(stage=f"envelope solve {state['solves'] + 1} at α = {alpha}", cuts=len(known))
        res = exact_bisection(
            top, alpha=alpha, weights=weights, balance=balance, time_limit=limit, seed=seed, hint=hint, solver=solve_with
        )
        state["solves"] += 1
        if bar is not None:
            bar.update(1)
        state["proven"] = state["proven"] and res.optimal
        ln = line_of(res)
        known.setdefault(ln, res.partition)
        return ln

    def value(ln: tuple[Fraction, int], alpha: Fraction) -> Fraction:
        return ln[0] + alpha * ln[1]

    def between(xa: Fraction, la: tuple[Fraction, int], xb: Fraction, lb: tuple[Fraction, int]) -> list:
        if la[1] == lb[1] or la == lb:  # parallel lines optimal at two points coincide
            return [(xa, xb, la if la[0] <= lb[0] else lb)]
        x = (lb[0] - la[0]) / (la[1] - lb[1])
        x = min(max(x, xa), xb)
        if dl.expired():  # no time to confirm x: the known cuts' envelope, not proven
            state["proven"] = False
            return [(xa, x, la), (x, xb, lb)]
        lc = solve(x)
        if value(lc, x) >= value(la, x):
            return [(xa, x, la), (x, xb, lb)]
        # x clamped to an end whose line an unproven solve left too high: replace that line
        if x == xa:
            return between(xa, lc, xb, lb)
        if x == xb:
            return between(xa, la, xb, lc)
        return between(xa, la, x, lc) + between(x, lc, xb, lb)

    try:
        if solver == "profiles":
            solve(a0)
            solve(a1)
        else:
            raw = between(a0, solve(a0), a1, solve(a1))
        if pst is not None:
            _, lo, hi = side_limits(top, balance)
            res = profile_envelope(top, Fraction(kind_weights(top, 1, weights)["local"]), known, a0, a1, lo, hi, dl, pst)
            state["proven"] = res["proven"]
            raw = lower_envelope(list(known), a0, a1)
        elif not state["proven"]:  # a solve stopped early: the envelope of every cut found is the best upper bound
            raw = lower_envelope(list(known), a0, a1)
    finally:
        if bar is not None:
            bar.close()
    pieces: list[Piece] = []
    for xa, xb, ln in raw:
        if xb <= xa and not (len(raw) == 1):
            continue
        if pieces and (pieces[-1].local, pieces[-1].global_) == ln:
            last = pieces.pop()
            xa = last.alpha_from
        pieces.append(Piece(xa, xb, ln[0], ln[1], known[ln]))
    return Envelope(pieces, state["proven"], state["solves"], time.perf_counter() - t0)
