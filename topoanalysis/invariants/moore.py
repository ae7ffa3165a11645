"""Moore bound and the fraction of it a graph reaches.

Camarero et al. 2014, §1; Besta & Hoefler 2014, §II-A; Han et al. 2017, eq. 1.
"""

from __future__ import annotations

from ..checks import check_int


def moore_bound(degree: int, diameter: int) -> int:
    """M(Δ, k) = 1 + Δ Σ_{i<k} (Δ-1)^i: most vertices a Δ-regular graph of diameter k can have (Han et al. 2017, eq. 1)."""
    d = check_int("degree (radix)", degree, 1)
    k = check_int("diameter", diameter, 1, 64)
    return 1 + d * sum((d - 1) ** i for i in range(k))


def moore_fraction(n_vertices: int, degree: int, diameter: int) -> float:
    """n / M(Δ, k): how close a graph gets to the Moore bound (Besta & Hoefler 2014, §II-A, Figure 2)."""
    n = check_int("n_vertices", n_vertices, 1, None)
    return n / moore_bound(degree, diameter)
