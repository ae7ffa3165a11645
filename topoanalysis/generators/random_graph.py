"""Seeded random regular networks: Besta & Hoefler 2014's random shortcut topologies (DLN) and Jellyfish-like graphs.

Besta & Hoefler 2014, §III compares Slim Fly with random topologies "constructed from a ring
topology by adding random edges identified by a number of routers and degree"
(footnote 3: Koibuchi et al.'s DLN-2-y, a ring plus y random shortcuts at every
router); §VI-B3e builds them with the same router count as a dragonfly "but cables
are placed randomly", and Table IV lists them by router count N_r and radix k with
p = ⌊k/4⌋ endpoints (e.g. N_r = 1,386, k = 28, p = 7, so network degree 21).

:func:`random_regular` builds, for ``n`` routers and network ``degree`` d, a simple
d-regular graph, seeded and connected:

* ``ring=True`` (default, Besta & Hoefler 2014's DLN-2-(d-2)): the ring 0 - 1 - ... - n-1 - 0
  (kind ``ring``) plus a random (d-2)-regular graph of shortcuts that avoids the ring
  links (kind ``shortcut``); connected by construction.
* ``ring=False``: a random d-regular graph (one kind, ``link``), as in Jellyfish
  (Besta & Hoefler 2014, ref. [37]).  A draw that is not connected is thrown away and the next
  one is drawn from the derived seed ``[seed, attempt]`` (numpy SeedSequence), up
  to 100 attempts; for d >= 3 the first draw is connected with high probability.
  d = 2 is drawn directly as a uniformly random Hamiltonian cycle, d = 1 needs n = 2.

The regular graph is drawn by the pairing (configuration) model followed by repair
switches: each loop, repeated or forbidden link (a, b) is swapped with a random good
link (c, d) into (a, c), (b, d) (or (a, d), (b, c)) when both are new and allowed.
The result is close to, but not exactly, uniform over d-regular graphs (document
this when comparing with exact random-graph statistics).  Graphs denser than half
of the allowed pairs are drawn as the complement of a sparse one, so dense cases
(up to the complete graph) never stall.  The same seed always gives the same network.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from ..topology import Topology
from ..checks import OptionError, check_bool, check_int, check_seed, check_size

__all__ = ["random_regular", "MAX_ATTEMPTS"]

#: connectivity retries (``ring=False``) and repair restarts before giving up
MAX_ATTEMPTS = 100


def _sparse_regular(n: int, y: int, forbidden: set[int], rng: np.random.Generator) -> np.ndarray | None:
    """Codes ``u*n + v`` (u < v) of a random simple y-regular graph avoiding ``forbidden``; None if repair stalls."""
    if y == 0:
        return np.empty(0, dtype=np.int64)
    stubs = np.repeat(np.arange(n, dtype=np.int64), y)
    rng.shuffle(stubs)
    a, b = stubs[0::2], stubs[1::2]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    code = lo * n + hi
    first = np.zeros(code.size, dtype=bool)
    first[np.unique(code, return_index=True)[1]] = True
    good = first & (lo != hi)
    if forbidden:
        good &= ~np.isin(code, np.fromiter(forbidden, dtype=np.int64, count=len(forbidden)))
    eu, ev = lo[good].tolist(), hi[good].tolist()
    present = set(code[good].tolist())
    bad = list(zip(lo[~good].tolist(), hi[~good].tolist()))
    budget = 200 * len(bad) + 10_000
    # repair: the bad links are few (about d²/4 repeats and d/2 loops in expectation)
    while bad:
        if budget == 0 or not eu:  # nothing to swap with: redraw
            return None
        budget -= 1
        x, z = bad[-1]
        j = int(rng.integers(len(eu)))
        c, d = eu[j], ev[j]
        if rng.random() < 0.5:
            c, d = d, c
        if x == c or z == d:
            continue
        k1 = min(x, c) * n + max(x, c)
        k2 = min(z, d) * n + max(z, d)
        if k1 == k2 or k1 in present or k2 in present or k1 in forbidden or k2 in forbidden:
            continue
        present.discard(min(c, d) * n + max(c, d))
        present.add(k1)
        present.add(k2)
        eu[j], ev[j] = min(x, c), max(x, c)
        eu.append(min(z, d))
        ev.append(max(z, d))
        bad.pop()
    return np.asarray(eu, dtype=np.int64) * n + np.asarray(ev, dtype=np.int64)


def _regular(n: int, y: int, forbidden: np.ndarray, rng: np.random.Generator) -> np.ndarray | None:
    """Random y-regular graph on n vertices avoiding the ``forbidden`` codes (a regular graph itself)."""
    f_deg = 2 * forbidden.size // n if n else 0
    room = n - 1 - f_deg
    forb = set(forbidden.tolist())
    if 2 * y <= room:
        return _sparse_regular(n, y, forb, rng)
    # dense: draw the sparse complement inside the allowed pairs
    comp = _sparse_regular(n, room - y, forb, rng)
    if comp is None:
        return None
    keep = np.ones((n, n), dtype=bool)  # n x n booleans: cheaper than the int64 pair list when dense
    drop = np.concatenate([comp, forbidden])
    keep[drop // n, drop % n] = False
    keep &= ~np.tri(n, dtype=bool)  # keep u < v only
    u, v = np.nonzero(keep)
    return u.astype(np.int64) * n + v


def _connected(n: int, codes: np.ndarray) -> bool:
    u, v = codes // n, codes % n
    a = sp.csr_array((np.ones(u.size, dtype=np.int8), (u, v)), shape=(n, n))
    return connected_components(a, directed=False)[0] == 1


def random_regular(n: int, degree: int, p: int = 1, seed: int = 0, ring: bool = True) -> Topology:
    """Seeded, connected, simple random ``degree``-regular network on ``n`` routers (Besta & Hoefler 2014, §III, §VI-B3e).

    ``ring=True`` (default): Besta & Hoefler 2014's random shortcut network DLN-2-(degree-2), a
    ring plus random shortcuts (kinds ``ring``, ``shortcut``); ``ring=False``: a
    Jellyfish-like random regular graph (kind ``link``).  ``p`` endpoints per router
    (default 1; Besta & Hoefler 2014, Table IV uses p = ⌊(degree + p)/4⌋, e.g. ``n=1386, degree=21, p=7``).
    ``ValueError`` when n·degree is odd, degree >= n, degree < 1 (ring: < 2), or
    no connected draw is found.  See the module docstring for the algorithm.
    """
    n = check_int("n (routers)", n, 2)
    degree = check_int("degree", degree, 1)
    p = check_int("p (endpoints per router)", p, 0)
    seed = check_seed("seed", seed)
    ring = check_bool("ring", ring)
    if degree >= n:
        raise ValueError(f"degree must be < n (a simple graph on n={n} routers has degree <= {n - 1}), got {degree}")
    if n * degree % 2:
        raise ValueError(f"n*degree must be even (each link has two ends), got n={n}, degree={degree}")
    if ring and degree < 2:
        raise OptionError(
            f"degree must be >= 2 with ring=True (the ring alone has degree 2), got {degree}",
            cli=f"--degree must be >= 2 with the ring (the ring alone has degree 2; --no-ring gives "
            f"a plain random regular graph), got {degree}",
        )
    if not ring and degree == 1 and n != 2:
        raise ValueError(f"degree=1 gives a perfect matching, connected only for n=2, got n={n}")
    check_size(f"random n={n} degree={degree}", n, n * degree // 2)
    params = {"n": n, "degree": degree, "p": p, "seed": seed, "ring": ring}
    ids = np.arange(n, dtype=np.int64)
    ring_codes = (
        np.unique(np.minimum(ids, (ids + 1) % n) * n + np.maximum(ids, (ids + 1) % n)) if ring else np.empty(0, dtype=np.int64)
    )
    for attempt in range(MAX_ATTEMPTS):
        rng = np.random.default_rng([seed, attempt])
        if not ring and degree == 2:
            perm = rng.permutation(n)
            a, b = perm, np.roll(perm, -1)
            codes = np.minimum(a, b) * n + np.maximum(a, b)
        else:
            codes = _regular(n, degree - 2 if ring else degree, ring_codes, rng)  # type: ignore[assignment]  # None: checked next
            if codes is None or (not ring and not _connected(n, codes)):
                continue
        if ring:
            u = np.concatenate([ring_codes // n, codes // n])
            v = np.concatenate([ring_codes % n, codes % n])
            kind = np.concatenate([np.zeros(ring_codes.size, np.int8), np.ones(codes.size, np.int8)])
            return Topology(n, u, v, kind, ("ring", "shortcut"), p, None, "random", params)
        return Topology(n, codes // n, codes % n, None, ("link",), p, None, "random", params)
    raise ValueError(
        f"no connected simple {degree}-regular graph on n={n} routers found in {MAX_ATTEMPTS} "
        f"draws from seed={seed}; try another seed or degree"
    )
