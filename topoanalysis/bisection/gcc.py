"""Bisection for large α from the globally connected components (Hastings et al. 2015, §IV).

Hastings et al. 2015, §IV: for sufficiently large α the minimum bisection is the one crossed by the fewest
global links, and a bisection crossed by none exists exactly when a union of globally connected
components (GCCs) is balanced.  Then every GCC lies on one side, so the problem shrinks to the
quotient graph with one vertex per GCC (weight = its routers) and the local links between GCCs:
a small exact CP-SAT problem whose optimum is the bounded large-α bisection bandwidth (and an
upper bound, and warm start, for the bisection at every α).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..deadline import Deadline
from ..invariants.gcc import global_components
from ..topology import Topology
from .cut import component_links, crossing_counts, integer_weights, kind_weights, side_limits, subset_sum_in_range
from .exact import exact_bisection, gcc_hint, solve_weighted

__all__ = ["LargeAlpha", "large_alpha_bisection"]


@dataclass(frozen=True)
class LargeAlpha:
    """α → ∞ limit: the bisection bandwidth is ``local + α·global_`` for all large α.

    ``global_`` is the fewest global links any bisection has (0 when a union of GCCs is balanced),
    ``local`` the least weighted non-global crossing among those bisections, ``partition`` one such
    bisection.  When a solve stops unproven, ``optimal`` is False, ``global_`` is a lower bound and
    ``local``/``partition`` may be None."""

    global_: int
    local: Fraction | None
    partition: np.ndarray | None
    optimal: bool
    gcc_sizes: list[int]
    seconds: float


def large_alpha_bisection(
    top: Topology,
    weights: Mapping[str, Any] | None = None,
    balance: str = "routers",
    time_limit: float | Deadline | None = None,
    seed: int = 0,
) -> LargeAlpha:
    """The large-α bisection of Hastings et al. 2015, §IV (Observation 1, Corollaries 3, 4 and 6).

    If no union of GCCs is balanced, every bisection is crossed by a global link (Corollary 4's
    argument): CP-SAT then minimises the cut with each global link weighing more than all other
    links together, which gives the fewest global links and, among those cuts, the least local.
    ``time_limit``: seconds for the whole call (or a :class:`~topoanalysis.deadline.Deadline`).
    """
    t0 = time.perf_counter()
    dl = Deadline.of(time_limit)
    if "global" not in top.kind_names:
        raise ValueError(f"large-α bisection needs a link kind named 'global'; this topology has {top.kind_names}")
    comps = global_components(top)
    vw, lo, hi = side_limits(top, balance)
    cw = [int(vw[c].sum()) for c in comps]
    sizes = [len(c) for c in comps]
    kw = kind_weights(top, 1, weights)
    if not subset_sum_in_range(cw, lo, hi):
        # every bisection is crossed by a global link: minimise global first, then local, by
        # giving a global link more weight than all other links together
        big = sum(kw[k] * int((top.kind == top.kind_index(k)).sum()) for k in top.kind_names if k != "global") + 1
        w: Any = {k: v for k, v in kw.items() if k != "global"}  # the weights, below the links' weights
        res: Any
        w["global"] = Fraction(big)
        res = exact_bisection(top, weights=w, balance=balance, time_limit=dl, seed=seed)
        g = res.crossing["global"]
        if not res.optimal:
            return LargeAlpha(int(res.lower_bound // big), None, None, False, sizes, time.perf_counter() - t0)
        return LargeAlpha(g, res.bandwidth - big * g, res.partition, True, sizes, time.perf_counter() - t0)
    kw["global"] = Fraction(0)
    iw, scale = integer_weights(kw)
    cid, w, keep = component_links(top, comps, iw)
    cu, cv = cid[top.u], cid[top.v]
    a, b = np.minimum(cu, cv)[keep], np.maximum(cu, cv)[keep]
    _, qhint = gcc_hint(top, iw, vw, lo, hi, seed)
    if qhint is not None and qhint[0] == 1:
        qhint = 1 - qhint
    dl.note(stage="CP-SAT on the GCC quotient graph")
    res = solve_weighted(len(comps), a, b, w[keep], np.array(cw), lo, hi, {0: 0}, qhint, dl.limit(), seed)
    if res["side"] is None:
        return LargeAlpha(0, None, None, False, sizes, time.perf_counter() - t0)
    part = res["side"][cid].astype(np.int8)
    assert crossing_counts(top, part)["global"] == 0
    return LargeAlpha(0, Fraction(res["objective"], scale), part, res["status"] == "OPTIMAL", sizes, time.perf_counter() - t0)
