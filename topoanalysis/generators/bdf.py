"""Bermond-Delorme-Farhi (BDF) type diameter-3 graphs: a star product over the polarity graph ER_u.

Besta & Hoefler 2014, §II-C / Fig. 5b compares Slim Fly with BDF graphs
(Besta & Hoefler 2014, ref. [6]: J.-C. Bermond, C. Delorme, G. Farhi, "Large graphs with given
degree and diameter III", Annals of Discrete Math. 13, 1982), which "have
k' = 3(u+1)/2 and N_r = 8/27 k'^3 - 4/9 k'^2 + 2/3 k' for a given odd prime power u",
i.e. N_r = (u+1)(u^2+u+1); the paper leaves the construction to [6].  That order is
(u^2+u+1) supernodes of u+1 routers, and the degree is u+1 + (u+1)/2: the shape of
Bermond, Delorme and Farhi's star product (compounding) of the Erdős-Rényi polarity
graph ER_u with a joiner graph of order u+1 and degree (u+1)/2.  The text of [6] was
not available here, so the joiner below is this module's own, chosen so that the
diameter is provably 3; the graph has the paper's N_r, k' and diameter, but it is not
claimed to be the very graph of [6].

Construction.  ER_u: the u^2+u+1 points of PG(2, u), x -- y when x . y = 0 and x != y
(the u+1 absolute points, x . x = 0, lose their loop and have degree u, the others u+1).
The joiner J has vertices 0..u (u + 1 = 2m) and the involution f(j) = j + m mod 2m.
Router (g, j) for point g and joiner vertex j; links

* (g, j) -- (g, j')     when j -- j' in J             (kind ``local``)
* (g, j) -- (h, f(j))   when g -- h in ER_u            (kind ``global``)

Why the diameter is 3.  In ER_u two distinct points have exactly one point orthogonal to
both (their cross product), so two non-adjacent points g, h have one common neighbour z,
and for any other neighbour a of g the common neighbour b of a and h gives a path
g a b h of length 3.  If J has diameter <= 2 and, for every j,

    N[j]  u  f(N(f(j)))  u  {f(j)}  =  V(J)                       (property P)

then from (g, j): routers of supernode g are within 2; those of a neighbour h within 3
((h, f(j)) then two joiner hops); for h at distance 2, (z, f(j)) then (h, j) reaches j,
one more local hop N(j), the path g z z h (global, local, global) f(N(f(j))), and the
path g a b h (three global hops) f(j).  So every router is within 3, and the diameter
is exactly 3 because N_r exceeds the diameter-2 Moore bound 1 + k'^2.

The joiner (:func:`joiner`): for m >= 4, the halves A = {0..m-1} and B = f(A) = {m..2m-1};
a tournament T on 0..m-1 (i -> i + k mod m for k = 1..floor((m-1)/2), and i -> i + m/2
for i < m/2 when m is even) with in-degrees s_i; a graph G on 0..m-1 with degrees
d_i <= s_i (a circulant, then a deterministic greedy matching of the vertices still
short); then A induces G, B induces the complement of G, a_i -- b_j for i -> j in T, and
a_i -- b_i when d_i = s_i.  So a_i has d_i + (m-1-s_i) + [d_i = s_i] <= m links and b_i
has (m-1-d_i) + s_i + [d_i = s_i], at most m when the greedy leaves no vertex two short
(m for both when d_i = s_i).  Property P,
diameter <= 2 and degree <= m are checked on every joiner before it is used
(``AssertionError`` otherwise); the tests check them for every m up to 64.  For m = 2
and 3 (u = 3, 5) the scheme leaves a vertex isolated or at distance 3; they use the
4-cycle (the only graph on 4 vertices of degree <= 2 with property P) and a 3-regular
graph on 6 vertices with property P (triangles 012 and 345 and the links 0-4, 1-5,
2-3), both found by exhaustive search.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse.csgraph import shortest_path

from ..checks import check_int, check_size
from ..invariants.moore import moore_bound
from ..topology import Topology
from .galois_field import check_prime_power, field_tables

__all__ = ["bdf", "bdf_parameters", "polarity_graph", "joiner", "joiner_property", "MAX_U"]

#: Largest u accepted: u = 49 gives 122,550 routers (k' = 75) and about 4.6 M links.
MAX_U = 49

#: joiners for m = 2, 3 (u = 3, 5), where the tournament scheme leaves a vertex short
_SMALL_JOINERS = {
    2: [(0, 1), (1, 2), (2, 3), (3, 0)],
    3: [(0, 1), (0, 2), (1, 2), (3, 4), (3, 5), (4, 5), (0, 4), (1, 5), (2, 3)],
}


def bdf_parameters(u: int) -> tuple[int, int]:
    """``(N_r, k')`` = ((u+1)(u^2+u+1), 3(u+1)/2) for an odd prime power u (Besta & Hoefler 2014, §II-C).

    ``ValueError`` names u and the rule when u is not an odd prime power.
    """
    u = check_prime_power("u", u)
    if u % 2 == 0:
        raise ValueError(f"u must be an odd prime power (k' = 3(u+1)/2 needs u odd), got u={u}")
    return (u + 1) * (u * u + u + 1), 3 * (u + 1) // 2


def polarity_graph(q: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Erdős-Rényi polarity graph ER_q: ``(points, u, v)``.

    ``points`` is the (q^2+q+1, 3) array of normalized points of PG(2, q) (first nonzero
    coordinate 1) in lexicographic order; ``u < v`` list the links x -- y, x . y = 0, x != y.
    """
    q = check_prime_power("q", q)
    t = field_tables(q)
    grid = np.stack(np.meshgrid(*[np.arange(q)] * 3, indexing="ij"), axis=-1).reshape(-1, 3)
    nonzero = (grid != 0).any(axis=1)
    lead = grid[np.arange(grid.shape[0]), (grid != 0).argmax(axis=1)]
    points = grid[nonzero & (lead == 1)]
    n = points.shape[0]
    a, m = t.add, t.mul
    us, vs = [], []
    for s in range(0, n, 512):  # row blocks keep the n x n dot products small
        x, y = points[s : s + 512, None, :], points[None, :, :]
        dot = a[a[m[x[..., 0], y[..., 0]], m[x[..., 1], y[..., 1]]], m[x[..., 2], y[..., 2]]]
        i, j = np.nonzero(dot == 0)
        i = i + s
        keep = i < j
        us.append(i[keep])
        vs.append(j[keep])
    return points, np.concatenate(us), np.concatenate(vs)


def joiner(m: int) -> np.ndarray:
    """Adjacency (2m x 2m, bool) of the joiner graph on 2m = u+1 vertices; see the module docstring."""
    m = check_int("m (half the joiner order)", m, 2)
    n = 2 * m
    H = np.zeros((n, n), dtype=bool)
    if m in _SMALL_JOINERS:
        a, b = np.array(_SMALL_JOINERS[m]).T
        H[a, b] = H[b, a] = True
        return H
    idx = np.arange(m)
    T = np.zeros((m, m), dtype=bool)
    for k in range(1, (m - 1) // 2 + 1):
        T[idx, (idx + k) % m] = True
    if m % 2 == 0:
        T[idx[: m // 2], idx[: m // 2] + m // 2] = True
    s = T.sum(axis=0)
    G = np.zeros((m, m), dtype=bool)
    for k in range(1, max(0, (int(s.min()) - 1) // 2) + 1):
        G[idx, (idx + k) % m] = G[(idx + k) % m, idx] = True
    # the circulant leaves every vertex at most a few links short of s_i: pair the short
    # ones, each with the farthest (cyclically) short vertex it is not yet joined to
    changed = True
    while changed:
        changed = False
        for a in range(m):
            if G[a].sum() >= s[a]:
                continue
            short = [b for b in range(m) if b != a and not G[a, b] and G[b].sum() < s[b]]
            if short:
                b = max(short, key=lambda b: (min((b - a) % m, (a - b) % m), -b))
                G[a, b] = G[b, a] = True
                changed = True
    H[:m, :m] = G
    H[m:, m:] = ~G & ~np.eye(m, dtype=bool)
    R = T | np.diag(G.sum(axis=1) == s)
    H[:m, m:] = R
    H[m:, :m] = R.T
    return H


def joiner_property(H: np.ndarray) -> tuple[bool, int, int]:
    """``(P holds, diameter, max degree)`` of a joiner with f(j) = j + m mod 2m (module docstring)."""
    n = H.shape[0]
    m = n // 2
    f = (np.arange(n) + m) % n
    cover = H | np.eye(n, dtype=bool)
    cover |= H[f][:, f]  # row j: f(N(f(j)))
    cover[np.arange(n), f] = True
    dist = shortest_path(H.astype(np.float64), unweighted=True)
    diameter = int(dist.max()) if np.isfinite(dist).all() else -1
    return bool(cover.all()), diameter, int(H.sum(axis=1).max())


def bdf(u: int, p: int = 1) -> Topology:
    """Diameter-3 graph with the BDF parameters of Besta & Hoefler 2014, §II-C (ref. [6]): star product ER_u * J.

    Router ``g * (u+1) + j`` for point g of PG(2, u) and joiner vertex j; labels ``point``
    and ``j``; kinds ``local`` (joiner links inside a supernode) and ``global`` (ER_u links
    between supernodes).  N_r = (u+1)(u^2+u+1) routers, maximum degree k' = 3(u+1)/2
    (supernodes of the u+1 absolute points, and joiner vertices below degree (u+1)/2, have
    fewer), diameter 3; see the module docstring.  ``p`` endpoints per router (default 1:
    Besta & Hoefler 2014 gives no concentration for its diameter-3 graphs).  ``ValueError`` unless u is
    an odd prime power <= MAX_U.
    """
    n_r, k_net = bdf_parameters(u)
    u = int(u)
    p = check_int("p (endpoints per router)", p, 0)
    if u > MAX_U:
        raise ValueError(f"u must be <= {MAX_U} (u={u} would give {n_r} routers and about {n_r * k_net // 2} links)")
    check_size(f"bdf u={u}", n_r, n_r * k_net // 2)
    m = (u + 1) // 2
    H = joiner(m)
    holds, diameter, degree = joiner_property(H)
    if not (holds and 0 < diameter <= 2 and degree <= m):  # pragma: no cover - checked for all m in tests
        raise AssertionError(f"joiner for m={m} lacks property P (P={holds}, diameter {diameter}, degree {degree})")
    _, eu, ev = polarity_graph(u)
    n_j = u + 1
    n_points = u * u + u + 1
    f = (np.arange(n_j) + m) % n_j
    ja, jb = np.nonzero(np.triu(H))
    base = np.arange(n_points)[:, None] * n_j
    lu, lv = (base + ja).ravel(), (base + jb).ravel()
    gu = (eu[:, None] * n_j + np.arange(n_j)).ravel()
    gv = (ev[:, None] * n_j + f).ravel()
    kind = np.concatenate([np.zeros(lu.size, dtype=np.int8), np.ones(gu.size, dtype=np.int8)])
    r = np.arange(n_r)
    labels = {"point": r // n_j, "j": r % n_j}
    params = {"u": u, "p": p, "network_radix": k_net, "moore_bound": moore_bound(k_net, 3)}
    return Topology(n_r, np.concatenate([lu, gu]), np.concatenate([lv, gv]), kind, ("local", "global"), p, labels, "bdf", params)
