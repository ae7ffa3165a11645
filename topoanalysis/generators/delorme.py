"""Delorme (DEL) graphs: diameter 3 from a generalized quadrangle, close to the Moore bound.

Besta & Hoefler 2014, §II-C / Fig. 5b compares Slim Fly with the
diameter-3 graphs of Delorme (Besta & Hoefler 2014, ref. [13]: C. Delorme, "Grands graphes de
degré et diamètre donnés", Europ. J. Combin. 6, 1985), "characterized by
N_r = (v+1)^2 (v^2+1)^2 and k' = (v+1)^2 for a given prime power v"; the paper
leaves the construction to [13], whose text was not available here.  N_r is the
square of the number of points (and of lines) of a generalized quadrangle of order
v and k' the square of its line size, which the following construction realises; it
has exactly those parameters and diameter 3, but it is not checked against [13]:

Take the symplectic generalized quadrangle W(v) (points: the (v+1)(v^2+1) points
of PG(3, v); lines: the (v+1)(v^2+1) lines of PG(3, v) on which the alternating
form x0 y2 - x2 y0 + x1 y3 - x3 y1 vanishes; every line has v+1 points, every point
is on v+1 lines).  The routers are the pairs (P, L) of a point and a line, and

    (P, L) -- (P', L')  iff  P is on L' and P' is on L.

Why the diameter is 3: in the incidence graph of a generalized quadrangle (bipartite,
diameter 4, girth 8) a point and a line are at distance 1 or 3, and every vertex has
degree >= 2, so there is a walk of length exactly 3 from every point to every line.
A walk (P, L) = (P0, L0), (P1, L1), (P2, L2), (P3, L3) = (P', L') in this graph is a
pair of walks P0 L1 P2 L3 and L0 P1 L2 P3 of the incidence graph; taking walks of
length 3 from P to L' and from L to P' joins any two routers by a walk of length 3.
The graph is far larger than the diameter-2 Moore bound 1 + k'^2, so the diameter
is exactly 3.

Degrees: choosing L' through P and P' on L gives (v+1)^2 neighbours, except that
for a flag (P on L) one choice is (P, L) itself; a simple graph drops that loop, so
the (v+1)^2 (v^2+1) flag routers have k' - 1 links and the others k'.  k' is the
maximum degree, the figure the Moore bound (and Besta & Hoefler 2014's formula) uses.
"""

from __future__ import annotations

import numpy as np

from ..checks import check_int, check_size
from ..invariants.moore import moore_bound
from ..topology import Topology
from .galois_field import FieldTables, check_prime_power, field_tables

__all__ = ["delorme", "delorme_parameters", "symplectic_quadrangle", "MAX_V"]

#: Largest v accepted: v = 8 gives 342,225 routers and 13.9 M links; v = 9 (k' = 100) would
#: need 33.6 M links, beyond the package's MAX_LINKS.
MAX_V = 8


def delorme_parameters(v: int) -> tuple[int, int]:
    """``(N_r, k')`` = ((v+1)^2 (v^2+1)^2, (v+1)^2) for a prime power v (Besta & Hoefler 2014, §II-C).

    ``ValueError`` names v and the rule when v is not a prime power.
    """
    check_prime_power("v", v)
    v = int(v)
    return (v + 1) ** 2 * (v * v + 1) ** 2, (v + 1) ** 2


def _normalize(t: FieldTables, vec: np.ndarray) -> np.ndarray:
    """Scale each row (a nonzero vector over GF(q)) so that its first nonzero coordinate is 1."""
    q = t.q
    inv = np.zeros(q, dtype=np.int64)
    a, b = np.nonzero(t.mul == 1)
    inv[a] = b
    first = (vec != 0).argmax(axis=1)
    lead = vec[np.arange(vec.shape[0]), first]
    return t.mul[vec, inv[lead][:, None]]


def symplectic_quadrangle(v: int) -> tuple[np.ndarray, np.ndarray]:
    """The generalized quadrangle W(v) over GF(v): ``(points, lines)``.

    ``points`` is an (n, 4) array of the normalized coordinate vectors (first nonzero
    coordinate 1, element integers of :func:`field_tables`), n = (v+1)(v^2+1), in
    lexicographic order; ``lines`` is an (n, v+1) array, row = the sorted point ids of
    one totally isotropic line, rows in lexicographic order.
    """
    v = check_prime_power("v", v)
    t = field_tables(v)
    grid = np.stack(np.meshgrid(*[np.arange(v)] * 4, indexing="ij"), axis=-1).reshape(-1, 4)
    nonzero = (grid != 0).any(axis=1)
    lead = grid[np.arange(grid.shape[0]), (grid != 0).argmax(axis=1)]
    points = grid[nonzero & (lead == 1)]
    n = points.shape[0]
    weights = v ** np.arange(3, -1, -1)
    index = np.full(v**4, -1, dtype=np.int64)
    index[points @ weights] = np.arange(n)

    x, y = points[:, None, :], points[None, :, :]
    m, s, a = t.mul, t.sub, t.add
    form = a[s[m[x[..., 0], y[..., 2]], m[x[..., 2], y[..., 0]]], s[m[x[..., 1], y[..., 3]], m[x[..., 3], y[..., 1]]]]
    p_id, r_id = np.nonzero(np.triu(form == 0, k=1))
    # the line through P and R: R and P + c R for every c in GF(v)
    c = np.arange(v)
    span = a[points[p_id][:, None, :], m[c[None, :, None], points[r_id][:, None, :]]]
    span = _normalize(t, span.reshape(-1, 4)).reshape(p_id.size, v, 4)
    ids = np.concatenate([index[span @ weights], r_id[:, None]], axis=1)
    lines = np.unique(np.sort(ids, axis=1), axis=0)
    expected = (v + 1) * (v * v + 1)
    if n != expected or lines.shape[0] != expected:  # pragma: no cover - a broken field table
        raise AssertionError(f"W({v}) must have {expected} points and lines, got {n} and {lines.shape[0]}")
    return points, lines


def delorme(v: int, p: int = 1) -> Topology:
    """Delorme diameter-3 graph from the generalized quadrangle W(v) (Besta & Hoefler 2014, §II-C, ref. [13]).

    Router ``P * n + L`` for point P and line L of W(v) (n = (v+1)(v^2+1)), labels
    ``point``, ``line`` and ``flag`` (1 when P is on L); one link kind, ``link``.
    N_r = (v+1)^2 (v^2+1)^2 routers, maximum degree k' = (v+1)^2 (flag routers k' - 1),
    diameter 3; see the module docstring for the construction and why.  ``p`` endpoints
    per router (default 1: Besta & Hoefler 2014 gives no concentration for its diameter-3 graphs).
    ``ValueError`` unless v is a prime power <= MAX_V.
    """
    v = check_prime_power("v", v)
    p = check_int("p (endpoints per router)", p, 0)
    n_r, k_net = delorme_parameters(v)
    if v > MAX_V:
        raise ValueError(f"v must be <= {MAX_V} (v={v} would give {n_r} routers and about {n_r * k_net // 2} links)")
    n = (v + 1) * (v * v + 1)
    flags = n * (v + 1)
    check_size(f"delorme v={v}", n_r, (n_r * k_net - flags) // 2)
    _, lines = symplectic_quadrangle(v)
    # lines through each point, from the incidence pairs sorted by point
    inc_line = np.repeat(np.arange(n), v + 1)
    order = np.argsort(lines.ravel(), kind="stable")
    through = inc_line[order].reshape(n, v + 1)

    us, vs = [], []
    for point in range(n):
        src = point * n + np.arange(n)
        # neighbours (P', L'): P' on L (a row of ``lines``), L' through P
        dst = lines[:, :, None] * n + through[point][None, None, :]
        src = np.broadcast_to(src[:, None, None], dst.shape)
        keep = src < dst
        us.append(src[keep])
        vs.append(dst[keep])
    u = np.concatenate(us)
    w = np.concatenate(vs)

    r = np.arange(n_r)
    pt, ln = r // n, r % n
    incident = np.zeros((n, n), dtype=np.int64)
    incident[lines, np.arange(n)[:, None]] = 1
    labels = {"point": pt, "line": ln, "flag": incident[pt, ln]}
    params = {"v": v, "p": p, "network_radix": k_net, "moore_bound": moore_bound(k_net, 3)}
    return Topology(n_r, u, w, None, ("link",), p, labels, "delorme", params)
