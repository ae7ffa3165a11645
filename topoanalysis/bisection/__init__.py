"""Bisection bandwidth (Hastings et al. 2015, §II–IV, Besta & Hoefler 2014, §III-C).

- :func:`bisection`: a balanced cut by METIS (heuristic upper bound) or CP-SAT (exact, with a
  proven lower bound when stopped by the time limit);
- :func:`bisection_envelope`: the exact minimum as a piecewise-linear function of α (Hastings et al. 2015, §III);
- :func:`large_alpha_bisection`: the α → ∞ limit from the globally connected components (§IV);
- :mod:`.closed_forms`: textbook values for hypercubes, tori, complete graphs, K_a □ K_b, and
  Hastings et al. 2015, §IV's formulas (Theorems 2 and 5, Observation 1, Corollaries 3 and 6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..topology import Topology
from . import closed_forms
from .cut import BisectionResult, check_partition, crossing_counts, cut_bandwidth, integer_weights, kind_weights
from .envelope import Envelope, Piece, bisection_envelope
from .exact import exact_bisection
from .gcc import LargeAlpha, large_alpha_bisection
from .metis import metis_bisection

__all__ = [
    "BisectionResult",
    "Envelope",
    "LargeAlpha",
    "Piece",
    "bisection",
    "bisection_envelope",
    "check_partition",
    "closed_forms",
    "crossing_counts",
    "cut_bandwidth",
    "exact_bisection",
    "integer_weights",
    "kind_weights",
    "large_alpha_bisection",
    "metis_bisection",
]

METHODS = ("metis", "exact")


def bisection(
    topology: Topology,
    alpha: Any = 1,
    method: str = "metis",
    time_limit: float | None = None,
    balance: str = "routers",
    weights: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> BisectionResult:
    """Minimum-bandwidth balanced cut of ``topology`` (Hastings et al. 2015, §II).

    Bandwidth = Σ_kind weight·(crossing links of that kind); weight 1 per kind, α for "global"
    (exact rationals: pass ``Fraction(5, 4)`` or "5/4"), overridden per kind by ``weights``.
    ``method="metis"`` is a heuristic (``optimal`` False); ``method="exact"`` is CP-SAT, optimal
    only when proven within ``time_limit`` seconds, else with ``lower_bound`` < ``bandwidth``.
    """
    if not isinstance(topology, Topology):
        raise ValueError(f"topology must be a Topology, got {type(topology).__name__}")
    if method == "metis":
        if time_limit is not None:
            raise ValueError("time_limit applies to method='exact' only")
        return metis_bisection(topology, alpha=alpha, weights=weights, balance=balance, seed=seed)
    if method == "exact":
        return exact_bisection(topology, alpha=alpha, weights=weights, balance=balance, time_limit=time_limit, seed=seed)
    raise ValueError(f"method must be one of {METHODS}, got {method!r}")
