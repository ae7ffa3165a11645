"""Link-kind usage α, β (Camarero et al. 2014, §5.1, §8) and the closed forms (2)-(5), Tables I and IV.

The exact averages come from :func:`topoanalysis.invariants.distances.distance_stats`; this
module holds the ratios and the paper's approximations to compare them with.
"""

from __future__ import annotations

import math


from ..checks import check_number


def ratios(avg_by_kind: dict[str, float]) -> dict[str, float]:
    """α = avg_2/avg_1 for 2 kinds (Camarero et al. 2014, §5.1); α = avg_3/avg_1, β = avg_3/avg_2 for 3 kinds (§8).

    Kinds are taken in ``kind_names`` order (local first, global last).
    """
    vals = list(avg_by_kind.values())
    if len(vals) == 2:
        return {"alpha": vals[1] / vals[0] if vals[0] else math.inf}
    if len(vals) == 3:
        return {"alpha": vals[2] / vals[0] if vals[0] else math.inf, "beta": vals[2] / vals[1] if vals[1] else math.inf}
    raise ValueError(f"alpha needs 2 or 3 link kinds, got {len(vals)}")


def alpha_approx(a: int, t: int) -> float:
    """Eq. (2): α ≈ 1 / (1 + (t/a - 1)²) for groups of a routers and trunking t (Camarero et al. 2014, §5.1)."""
    a_, t_ = check_number("a", a, minimum=1), check_number("t", t, minimum=1)
    if t_ > a_:
        raise ValueError(f"t must be <= a (trunking at most one global link per router per group pair), got t={t}, a={a}")
    return 1.0 / (1.0 + (t_ / a_ - 1.0) ** 2)


def alpha_from_edges(a: int, b: int, t: int) -> float:
    """Eq. (3): α = |E_2|/|E_1| = t(b-1) / (a(a-1)) for a balanced network (Camarero et al. 2014, §5.1)."""
    a_, b_, t_ = check_number("a", a, minimum=2), check_number("b", b, minimum=1), check_number("t", t, minimum=1)
    return t_ * (b_ - 1) / (a_ * (a_ - 1))


def balanced_groups(a: int, t: int, alpha: float | None = None) -> float:
    """Eq. (4): b = 1 + α a(a-1)/t, with α from eq. (2) unless given (Camarero et al. 2014, §5.1)."""
    al = alpha_approx(a, t) if alpha is None else check_number("alpha", alpha, minimum=0)
    return 1.0 + al * a * (a - 1) / t


def global_degree(a: int, b: int, t: int) -> float:
    """Eq. (5): Δ_2 = t(b-1)/a global links per router (Camarero et al. 2014, §5.1)."""
    return check_number("t", t, minimum=1) * (check_number("b", b, minimum=1) - 1) / check_number("a", a, minimum=1)


def table_i_row(a: int, t: int) -> dict[str, float]:
    """One row of Camarero et al. 2014, Table I: b limits from (3) with α = 1 and α = 1/2, and the balanced b of (4)."""
    return {
        "b_alpha_1": balanced_groups(a, t, 1.0),
        "b_balanced": balanced_groups(a, t),
        "b_alpha_half": balanced_groups(a, t, 0.5),
    }


def table_iv_radix(a: int, alpha: float, beta: float | None = None) -> float:
    """Camarero et al. 2014, §8 / Table IV: radix R = (a-1)(1+2α) (2 levels) or (a-1)(1+α+2αβ) (3 levels)."""
    a_, al = check_number("a", a, minimum=1), check_number("alpha", alpha, minimum=0)
    if beta is None:
        return (a_ - 1) * (1 + 2 * al)
    return (a_ - 1) * (1 + al + 2 * al * check_number("beta", beta, minimum=0))
