"""Moore bound (seed 000 §1, seed 002 §II-A, seed 003 eq. 1) and the fraction of it a graph reaches."""

from __future__ import annotations

import numpy as np


def _pos_int(name: str, val: object, minimum: int) -> int:
    if isinstance(val, bool) or not isinstance(val, (int, np.integer)) or int(val) < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {val!r}")
    return int(val)


def moore_bound(degree: int, diameter: int) -> int:
    """M(Δ, k) = 1 + Δ Σ_{i<k} (Δ-1)^i: most vertices a Δ-regular graph of diameter k can have (seed 003 eq. 1)."""
    d = _pos_int("degree", degree, 0)
    k = _pos_int("diameter", diameter, 0)
    return 1 + d * sum((d - 1) ** i for i in range(k))


def moore_fraction(n_vertices: int, degree: int, diameter: int) -> float:
    """n / M(Δ, k): how close a graph gets to the Moore bound (seed 002 §II-A, Figure 2)."""
    n = _pos_int("n_vertices", n_vertices, 1)
    return n / moore_bound(degree, diameter)
