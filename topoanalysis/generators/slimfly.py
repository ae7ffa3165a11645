"""Slim Fly: the McKay-Miller-Siran (MMS) diameter-2 graphs over GF(q) with endpoints.

Besta & Hoefler 2014, §II-B1 builds, for a prime power
q = 4w + delta (delta in {-1, 0, 1}), a graph on the routers (s, x, y) with
s in {0, 1} and x, y in F_q; Han et al. 2017, §2 restates it with the generator sets
for all three values of delta.  Links (Besta & Hoefler 2014, Eq. (1)-(3)):

* (0, x, y) -- (0, x, y')  iff  y - y' in X      (inside subgroup x of subgraph 0)
* (1, m, c) -- (1, m, c')  iff  c - c' in X'     (inside subgroup m of subgraph 1)
* (0, x, y) -- (1, m, c)   iff  y = m x + c      (between the two subgraphs)

The result has 2q^2 routers, network radix k' = (3q - delta)/2 and diameter 2.
"""

from __future__ import annotations

import numpy as np

from ..checks import MAX_INT, check_int
from ..invariants.balance import slimfly_concentration as full_bandwidth_p
from ..invariants.moore import moore_bound
from ..topology import Topology
from .galois_field import FieldTables, field_tables, prime_power

__all__ = ["slimfly", "mms_parameters", "generator_sets", "full_bandwidth_p", "moore_bound", "slimfly_racks", "MAX_Q"]

#: Largest q accepted: q = 128 already gives 32,768 routers and ~3.1 M links.
MAX_Q = 128


def mms_parameters(q: int) -> tuple[int, int, int]:
    """``(w, delta, k')`` for ``q = 4w + delta`` (Besta & Hoefler 2014, §II-B1): network radix ``k' = (3q - delta)/2``.

    ``ValueError`` names q and the rule when q is not an admissible prime power.
    """
    if isinstance(q, bool) or not isinstance(q, (int, np.integer)):
        raise ValueError(f"q must be an integer prime power, got {q!r}")
    q = int(q)
    if q > MAX_INT:
        raise ValueError(f"q must be an integer <= {MAX_INT}, got q={q}")
    if q < 3:
        raise ValueError(f"q must be a prime power q = 4w + delta with delta in {{-1, 0, 1}} and w >= 1 (so q >= 3), got q={q}")
    prime_power(q)  # ValueError if not a prime power
    w, r = divmod(q + 1, 4)  # r == 0 <=> delta == -1
    if r == 0:
        delta = -1
    else:
        w, r = divmod(q, 4)
        if r == 0:
            delta = 0
        elif r == 1:
            delta = 1
        else:  # q = 2 mod 4 is never a prime power >= 3; kept for a clear message
            raise ValueError(f"q must be of the form 4w + delta with delta in {{-1, 0, 1}}, got q={q}")
    return w, delta, (3 * q - delta) // 2


def generator_sets(q: int, primitive: int, tables: FieldTables | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The generator sets ``(X, X')`` of Besta & Hoefler 2014, §II-B1 Step 2 / Han et al. 2017, §2, as sorted element integers.

    With xi = ``primitive`` and q = 4w + delta:

    * delta = 1 (Besta & Hoefler 2014 and Han et al. 2017): X = {1, xi^2, ..., xi^(q-3)}, X' = {xi, xi^3, ..., xi^(q-2)}.
    * delta = 0 (Han et al. 2017): X = {1, xi^2, ..., xi^(4w-2)}, X' = {xi, xi^3, ..., xi^(4w-1)}.
    * delta = -1: Han et al. 2017 lists only X = {1, xi^2, ..., xi^(2w-2)} and X' = {xi, ..., xi^(2w-1)};
      those w-element sets are not closed under negation (so Eq. (1) would not even
      define an undirected graph) and give radix w + q instead of (3q + 1)/2.  The
      MMS construction (Besta & Hoefler 2014, ref. [22]/[32]) completes each with its negatives,
      -xi^i = xi^(i + 2w - 1) since xi^(2w-1) = -1:
      X = {1, xi^2, ..., xi^(2w-2)} u {xi^(2w-1), xi^(2w+1), ..., xi^(4w-3)},
      X' = {xi, xi^3, ..., xi^(2w-1)} u {xi^(2w), xi^(2w+2), ..., xi^(4w-2)}.
    """
    w, delta, _ = mms_parameters(q)
    t = field_tables(q) if tables is None else tables
    if not t.is_primitive(primitive):
        raise ValueError(f"primitive must be a primitive element of GF({q}) (multiplicative order {q - 1}), got {primitive!r}")
    pw = t.powers(int(primitive), q)  # xi^0 .. xi^(q-1)
    if delta == 1:
        xs, xps = np.arange(0, q - 2, 2), np.arange(1, q - 1, 2)
    elif delta == 0:
        xs, xps = np.arange(0, 4 * w - 1, 2), np.arange(1, 4 * w, 2)
    else:
        xs = np.concatenate([np.arange(0, 2 * w - 1, 2), np.arange(2 * w - 1, 4 * w - 2, 2)])
        xps = np.concatenate([np.arange(1, 2 * w, 2), np.arange(2 * w, 4 * w - 1, 2)])
    return np.unique(pw[xs]), np.unique(pw[xps])


def _intra_links(q: int, sub: np.ndarray, gens: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Links (x, y) -- (x, y') with y - y' in gens, each once (y < y'), as (x*q + y, x*q + y') codes."""
    y = np.arange(q)
    # y' = y - g for each generator g; the set is closed under negation, so every link shows up twice
    yp = sub[y[:, None], gens[None, :]]
    keep = y[:, None] < yp
    ya, yb = np.broadcast_to(y[:, None], yp.shape)[keep], yp[keep]
    x = np.arange(q)[:, None] * q
    return (x + ya[None, :]).ravel(), (x + yb[None, :]).ravel()


def slimfly(q: int, p: int | None = None, primitive: int | None = None) -> Topology:
    """Slim Fly MMS network over GF(q) (Besta & Hoefler 2014, §II-B; Han et al. 2017, §2).

    Routers (s, x, y), id ``s*q*q + x*q + y``, labels ``s``, ``x``, ``y``
    (element integers in galois' representation of GF(q) with its Conway
    polynomial).  Link kinds: ``local`` = Eq. (1)/(2) links inside a subgroup
    (same s and x), ``global`` = Eq. (3) links between the two subgraphs
    (Besta & Hoefler 2014, §VI-A: subgroups of one subgraph are never joined directly).
    ``p`` defaults to ceil(k'/2) for full global bandwidth (Besta & Hoefler 2014, §II-B2);
    ``primitive`` defaults to the smallest primitive element of GF(q).
    """
    w, delta, k_net = mms_parameters(q)
    q = int(q)
    if q > MAX_Q:
        raise ValueError(f"q must be <= {MAX_Q} (q={q} would give {2 * q * q} routers and {q**3} global links)")
    if p is None:
        p = full_bandwidth_p(k_net)
    else:
        p = check_int("p (endpoints per router)", p, 0)
    t = field_tables(q)
    if primitive is None:
        primitive = t.smallest_primitive()
    elif isinstance(primitive, bool) or not isinstance(primitive, (int, np.integer)):
        raise ValueError(f"primitive must be an integer element of GF({q}) in 0..{q - 1}, got {primitive!r}")
    primitive = int(primitive)
    if not t.is_primitive(primitive):
        if not 0 <= primitive < q:
            detail = "outside 0..q-1"
        elif primitive == 0:
            detail = "0 has no multiplicative order"
        else:
            detail = f"its multiplicative order is {int(t.order[primitive])}"
        raise ValueError(
            f"primitive must be a primitive element of GF({q}) (multiplicative order {q - 1}); {primitive} is not ({detail})"
        )
    X, Xp = generator_sets(q, primitive, t)

    qq = q * q
    a0, b0 = _intra_links(q, t.sub, X)
    a1, b1 = _intra_links(q, t.sub, Xp)
    # Eq. (3): for every (m, c) and x there is exactly one y = m x + c
    m, c, x = np.meshgrid(np.arange(q), np.arange(q), np.arange(q), indexing="ij")
    y = t.add[t.mul[m, x], c]
    ga = (x * q + y).ravel()
    gb = (qq + m * q + c).ravel()
    u = np.concatenate([a0, qq + a1, ga])
    v = np.concatenate([b0, qq + b1, gb])
    kind = np.concatenate([np.zeros(a0.size + a1.size, dtype=np.int8), np.ones(ga.size, dtype=np.int8)])

    r = np.arange(2 * qq)
    labels = {"s": r // qq, "x": (r // q) % q, "y": r % q}
    params = {
        "q": q,
        "p": int(p),
        "primitive": primitive,
        "delta": delta,
        "w": w,
        "network_radix": k_net,
        "irreducible_poly": t.irreducible_poly,
        "irreducible_poly_int": t.irreducible_poly_int,
        "X": X,
        "X_prime": Xp,
    }
    return Topology(2 * qq, u, v, kind, ("local", "global"), int(p), labels, "slimfly", params)


def slimfly_racks(topo: Topology) -> np.ndarray:
    """Rack of every router in the Besta & Hoefler 2014, §VI-A layout: subgroups (0, x, .) and (1, x, .) share rack x.

    Each rack then holds 2q routers; its intra-rack cables are the local links
    of both subgroups plus the q global links (0, x, y) -- (1, x, c).
    """
    if topo.family != "slimfly" or not {"s", "x", "y"} <= topo.labels.keys():
        raise ValueError(f"topo must be a slimfly topology with labels s, x, y, got family {topo.family!r}")
    return topo.labels["x"].copy()
