"""Cuts, bisections and their bandwidth (Hastings et al. 2015, §II; Besta & Hoefler 2014, §III-C).

Hastings et al. 2015, §II: a *bisection* splits the routers into two sets of equal size (within one when the
number of routers is odd); a link *crosses* the cut when its ends lie on different sides; the
*bandwidth* of a cut is the summed bandwidth of the crossing links, local links counting 1 and
global links α.  Here every link kind gets a weight (default 1, the kind named "global" gets α),
kept as an exact :class:`fractions.Fraction` and scaled to integers for METIS and CP-SAT.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..topology import Topology

__all__ = [
    "BisectionResult",
    "kind_weights",
    "integer_weights",
    "cut_bandwidth",
    "crossing_counts",
    "check_partition",
    "side_limits",
    "to_fraction",
    "subset_sum_in_range",
]

BALANCES = ("routers", "endpoints")

#: largest integer link weight handed to METIS and CP-SAT, which sum weights in fixed-size integers
MAX_WEIGHT = 2**24


def to_fraction(value: Any, name: str = "alpha") -> Fraction:
    """``value`` as an exact non-negative Fraction (floats via their decimal text, so 1.25 -> 5/4)."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a number, got {value!r}")
    try:
        if isinstance(value, (np.integer, np.floating)):  # before float: np.float64 is a float
            return to_fraction(value.item(), name)
        if isinstance(value, float):
            if not np.isfinite(value):
                raise ValueError
            frac = Fraction(repr(value))
        else:
            frac = Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError):
        raise ValueError(f"{name} must be a finite number or fraction such as 5/4, got {value!r}") from None
    if frac < 0:
        raise ValueError(f"{name} must be >= 0, got {value!r}")
    return frac


def kind_weights(top: Topology, alpha: Any = 1, weights: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """Bandwidth per link kind: 1 for every kind, α for the kind named "global" (Hastings et al. 2015, §II),
    then any explicit ``weights`` (kind name -> bandwidth) on top."""
    a = to_fraction(alpha, "alpha")
    out = {name: Fraction(1) for name in top.kind_names}
    if "global" in out:
        out["global"] = a
    elif a != 1 and not weights:
        raise ValueError(
            f"alpha weights links of kind 'global', but this topology has kinds {top.kind_names}; "
            "give weights={kind: bandwidth} instead"
        )
    for name, w in (weights or {}).items():
        if name not in out:
            raise ValueError(f"weights: unknown link kind {name!r}; the kinds are {top.kind_names}")
        out[name] = to_fraction(w, f"weights[{name!r}]")
    return out


def integer_weights(weights: Mapping[str, Fraction]) -> tuple[dict[str, int], int]:
    """Exact integer weights: multiply by the lcm of the denominators; returns (ints, scale)."""
    scale = lcm(*(w.denominator for w in weights.values())) if weights else 1
    out = {k: int(w * scale) for k, w in weights.items()}
    big = max(out.values(), default=0)
    if big > MAX_WEIGHT:
        raise ValueError(
            f"alpha/weights: as exact integers (times {scale}, the lcm of the denominators) the "
            f"bandwidths reach {big}, above the solvers' limit of {MAX_WEIGHT} (2^24); give α and "
            "the weights as fractions with smaller numerators and denominators"
        )
    return out, scale


def link_weights(top: Topology, int_weights: Mapping[str, int]) -> np.ndarray:
    """Integer weight of every link (one entry per physical link) from its kind's weight."""
    per_kind = np.array([int_weights[k] for k in top.kind_names], dtype=np.int64)
    return per_kind[top.kind.astype(np.int64)]


def component_links(
    top: Topology, comps: list[np.ndarray], int_weights: Mapping[str, int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The quotient by the components ``comps`` (Hastings et al. 2015, §IV GCCs): ``cid`` (component of each
    router), ``w`` (integer weight of each link) and ``keep`` (the link joins two components and
    has positive weight)."""
    cid = np.empty(top.n_routers, dtype=np.int64)
    for i, c in enumerate(comps):
        cid[c] = i
    w = link_weights(top, int_weights)
    return cid, w, (cid[top.u] != cid[top.v]) & (w > 0)


def crossing_counts(top: Topology, partition: np.ndarray) -> dict[str, int]:
    """Number of crossing links of each kind for a 0/1 side vector."""
    side = np.asarray(partition)
    cross = side[top.u] != side[top.v]
    counts = np.bincount(top.kind[cross].astype(np.int64), minlength=len(top.kind_names))
    return {name: int(c) for name, c in zip(top.kind_names, counts)}


def cut_bandwidth(
    top: Topology, partition: Any, alpha: Any = 1, weights: Mapping[str, Any] | None = None
) -> tuple[Fraction, dict[str, int]]:
    """Bandwidth (exact) and per-kind crossing counts of the cut ``partition`` (0/1 per router)."""
    side = _as_sides(top, partition)
    w = kind_weights(top, alpha, weights)
    counts = crossing_counts(top, side)
    return sum((w[k] * c for k, c in counts.items()), Fraction(0)), counts


def _as_sides(top: Topology, partition: Any) -> np.ndarray:
    side = np.asarray(partition)
    if side.shape != (top.n_routers,):
        raise ValueError(f"partition must have one 0/1 entry per router ({top.n_routers}), got shape {side.shape}")
    if side.size and not np.isin(side, (0, 1)).all():
        raise ValueError("partition entries must be 0 or 1 (the side of each router)")
    return side.astype(np.int8)


def side_limits(top: Topology, balance: str) -> tuple[np.ndarray, int, int]:
    """(per-router balance weight, lo, hi): a cut is balanced when lo <= weight(side 1) <= hi.

    ``routers``: sides differ by at most one router (Hastings et al. 2015, §II).  ``endpoints``: the endpoint
    totals differ by at most the largest endpoint count of one router (the same rule when every
    router has p endpoints).  The rule is symmetric, so a cut's complement is balanced too.
    """
    if balance not in BALANCES:
        raise ValueError(f"balance must be one of {BALANCES}, got {balance!r}")
    n = top.n_routers
    if n < 2:
        raise ValueError(f"a bisection needs at least 2 routers, got {n}")
    if balance == "routers":
        return np.ones(n, dtype=np.int64), n // 2, (n + 1) // 2
    ep = np.asarray(top.endpoints, dtype=np.int64)
    total, big = int(ep.sum()), int(ep.max())
    if total == 0:
        raise ValueError("balance='endpoints' needs a topology with endpoints (see Topology.with_endpoints)")
    # |E1 - E2| <= big  <=>  (total - big)/2 <= E1 <= (total + big)/2
    return ep, -((big - total) // 2), (total + big) // 2


def check_partition(top: Topology, partition: Any, balance: str = "routers") -> np.ndarray:
    """The partition as an int8 side vector; ``ValueError`` unless it is a balanced cut."""
    side = _as_sides(top, partition)
    wt, lo, hi = side_limits(top, balance)
    s = int(wt[side == 1].sum())
    if not lo <= s <= hi:
        raise ValueError(f"partition is not balanced by {balance}: side 1 weighs {s}, allowed {lo}..{hi}")
    return side


def _num(x: Fraction | None) -> int | float | None:
    if x is None:
        return None
    return int(x) if x.denominator == 1 else float(x)


@dataclass(frozen=True)
class BisectionResult:
    """A balanced cut and what is known about the minimum bisection.

    ``bandwidth`` is this cut's bandwidth (= ``upper_bound``); ``optimal`` is True only when a
    solver proved that no balanced cut has less; ``lower_bound`` is the best proven bound (equal
    to the bandwidth when optimal; 0 for a heuristic).
    """

    bandwidth: Fraction
    crossing: dict[str, int]
    partition: np.ndarray
    method: str
    optimal: bool
    lower_bound: Fraction
    upper_bound: Fraction
    seconds: float
    weights: dict[str, Fraction]
    balance: str = "routers"
    status: str = ""
    info: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        # one line: the partition (one entry per router) is in .partition, not in the repr
        bound = "optimal" if self.optimal else f"lower bound {self.lower_bound}"
        return (
            f"BisectionResult(bandwidth={self.bandwidth}, {bound}, crossing={dict(self.crossing)}, "
            f"method={self.method!r}, routers={int(self.partition.size)}, side={int(self.partition.sum())}, "
            f"seconds={self.seconds:.2f})"
        )

    @property
    def side(self) -> np.ndarray:
        """Routers on side 1."""
        return np.flatnonzero(self.partition)

    def to_dict(self, partition: bool = False) -> dict[str, Any]:
        """JSON-ready summary (numbers as int/float; exact values as strings under ``exact``)."""
        out: dict[str, Any] = {
            "bandwidth": _num(self.bandwidth),
            "crossing": dict(self.crossing),
            "optimal": bool(self.optimal),
            "lower_bound": _num(self.lower_bound),
            "upper_bound": _num(self.upper_bound),
            "method": self.method,
            "seconds": round(self.seconds, 4),
            "status": self.status,
            "balance": self.balance,
            "weights": {k: _num(v) for k, v in self.weights.items()},
            "exact": {"bandwidth": str(self.bandwidth), "lower_bound": str(self.lower_bound)},
            "sides": [int((self.partition == 0).sum()), int((self.partition == 1).sum())],
        }
        out.update(self.info)
        if partition:
            out["partition"] = self.partition.astype(int).tolist()
        return out


def subset_sum_in_range(sizes: list[int], lo: int, hi: int) -> bool:
    """Whether some subset of ``sizes`` sums into ``lo..hi`` (bitset subset sum): with the sizes of
    the globally connected components, whether a union of them is a balanced side (Hastings et al. 2015, §IV)."""
    reach = 1
    mask = (1 << (hi + 1)) - 1
    for s in sizes:
        reach |= (reach << int(s)) & mask
    return (reach >> lo) != 0
