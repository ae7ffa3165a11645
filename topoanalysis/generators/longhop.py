"""Long Hop hypercube (LH-HC): a hypercube with extra "long hop" links chosen from an error-correcting code.

Besta & Hoefler 2014 compares Slim Fly with "Long Hops ... constructed from Cayley graphs using
optimal error correcting codes [39]", in the "variant of Long Hops that augments hypercubes
(introduced in Section E-S-3 of [39])" (§III): "In LH-HC routers have additional L ports to other
routers" (§VI-B3b), p = 1 (§III), Table IV's LH-HC has 8,192 routers of radix k = 19 (13 cube
dimensions, L = 5, one endpoint), Table II gives diameters 4-6 for 2^8 to 2^13 endpoints and
§III-C a bisection of "3N".  Its ref. [39] is Tomic, "Network Throughput Optimization via Error
Correcting Codes" (arXiv, 2013), whose abstract states the principle: a Cayley graph of Z_2^n
whose bisection is maximal when its generators are the columns of the generator matrix of a
linear code of maximal minimum distance.  The text of its §E-S-3 was not available to us, so the
construction below is RECONSTRUCTED from those statements:

* routers are the words x of Z_2^n (router id = x as an integer), N_r = 2^n;
* generators: the n unit vectors (the hypercube, link kinds ``dim0``..) and ``hops`` = L long hops
  (kinds ``hop0``..): x is joined to x XOR g for each generator g;
* the n + L generators are the columns of a systematic generator matrix [I_n | A] of a binary
  linear [n + L, n, D] code, so the long hops are the L columns of A (an n x L matrix whose row i
  says which long hops flip coordinate i);
* D is the largest possible: 4 when n <= 2^(L-1) - L (rows of A distinct, of odd weight >= 3:
  a shortened extended Hamming code; length n + L <= 2^(L-1) is the bound for distance 4), else
  3 when n <= 2^L - 1 - L (rows distinct, of weight >= 2: a shortened Hamming code), else 2 (rows
  nonzero).  Codes of distance 5 or more are not built: an L for which the sphere-packing bound
  allows one (2^L >= 1 + m + m(m-1)/2, m = n + L) is refused;
* among the admissible rows, the heaviest come first (then the smallest as integers): longer long
  hops.  This is our choice; it gives Table II's diameters 4-6 for n = 8..13 with L = 5 (taking
  the lightest rows first gives diameter 7 at n = 13).

Why the code's distance is the bisection: the Laplacian eigenvalues of Cay(Z_2^n, S) are
2·|{g in S: <x, g> = 1}| = 2·wt(x G) for x in Z_2^n (characters of Z_2^n), so the smallest nonzero
one is 2D and the spectral bound gives a bisection of at least N_r·2D/4 = N_r·D/2 links; the cut
{y: <x, y> = 0} for a codeword x G of weight D is balanced and cuts exactly N_r·D/2 links
(:func:`lhhc_bisection`).
"""

from __future__ import annotations

import numpy as np

from ..checks import check_int, check_size
from ..topology import Topology

__all__ = ["lhhc", "hybrid_cube", "long_hops", "code_distance", "lhhc_bisection"]


def _weight(x: int) -> int:
    return bin(x).count("1")


def code_distance(n: int, hops: int) -> int:
    """Minimum distance D of the [n + hops, n] code our LH-HC uses (see the module docstring)."""
    n = check_int("n (hypercube dimension)", n, 1, 24)
    L = check_int("hops (long hops per router)", hops, 1, 24)
    m = n + L
    if 2**L >= 1 + m + m * (m - 1) // 2:
        raise ValueError(
            f"hops: with n = {n} and hops = {L} a code of distance 5 or more may exist (sphere-packing "
            f"bound), which this reconstruction does not build; use fewer long hops"
        )
    if n <= 2 ** (L - 1) - L:
        return 4
    if n <= 2**L - 1 - L:
        return 3
    return 2


def long_hops(n: int, hops: int) -> list[int]:
    """The ``hops`` long-hop generators of the LH-HC of dimension ``n``, as n-bit integers."""
    d = code_distance(n, hops)
    words = range(1, 2**hops)
    if d == 4:
        rows = [x for x in words if _weight(x) >= 3 and _weight(x) % 2]
    elif d == 3:
        rows = [x for x in words if _weight(x) >= 2]
    else:
        rows = list(words)
    rows.sort(key=lambda x: (-_weight(x), x))
    rows = [rows[i % len(rows)] for i in range(n)]  # distance 2 only: rows may repeat
    return [sum(1 << i for i in range(n) if rows[i] >> j & 1) for j in range(hops)]


def lhhc(n: int, hops: int, p: int = 1) -> Topology:
    """Long Hop hypercube: the n-cube plus ``hops`` long-hop links per router (Besta & Hoefler 2014, §III, §VI-B3b).

    2^n routers of network degree n + ``hops``, ``p`` endpoints each (default 1, Besta & Hoefler 2014, §III).
    The long hops come from a systematic linear code of maximal distance D <= 4 (reconstructed; see the
    module docstring); the bisection is 2^n·D/2 links.  Labels ``c0..`` (the router's bits); kinds
    ``dim0..`` for the cube, ``hop0..`` for the long hops.
    """
    n = check_int("n (hypercube dimension)", n, 1, 24)
    p = check_int("p (endpoints per router)", p, 0)
    extra = _checked_long_hops(n, hops)
    nr = 1 << n
    gens = [1 << i for i in range(n)] + extra
    check_size(f"lhhc n={n}, hops={hops}", nr, len(gens) * nr // 2)
    u, v, k = _cayley_links(nr, gens)
    x = np.arange(nr, dtype=np.int64)
    labels = {f"c{i}": (x >> i) & 1 for i in range(n)}
    kinds = tuple(f"dim{i}" for i in range(n)) + tuple(f"hop{j}" for j in range(len(extra)))
    params = {"n": n, "hops": len(extra), "p": p, "long_hops": extra, "distance": code_distance(n, hops)}
    return Topology(nr, u, v, k, kinds, p, labels, "lhhc", params)


def _checked_long_hops(n: int, hops: int) -> list[int]:
    """:func:`long_hops`, refused when one is 0, a cube link or another long hop."""
    extra = long_hops(n, hops)
    gens = [1 << i for i in range(n)] + extra
    # a long hop equal to 0, to a cube link or to another long hop would give a router fewer
    # neighbours than its degree or duplicate links: refuse rather than build that silently
    if 0 in extra or len(set(gens)) != len(gens):
        bad = next(g for g in extra if g == 0 or gens.count(g) > 1)
        what = "no link" if bad == 0 else "a cube link" if _weight(bad) == 1 else "another long hop"
        raise ValueError(
            f"hops: with n = {n}, the {hops} long hop(s) include one ({bad:#0{n + 2}b}) that is {what}; "
            f"an n-cube this small has room for fewer distinct long hops"
        )
    return extra


def _cayley_links(nr: int, gens: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Links x -- x XOR g between routers 0..nr-1 (both present), kind = index of g in ``gens``."""
    x = np.arange(nr, dtype=np.int64)
    us, vs, ks = [], [], []
    for k, g in enumerate(gens):
        y = x ^ g
        lo = x[(x < y) & (y < nr)]
        us.append(lo)
        vs.append(lo ^ g)
        ks.append(np.full(lo.size, k, dtype=np.int8))
    return np.concatenate(us), np.concatenate(vs), np.concatenate(ks)


def hybrid_cube(routers: int, hops: int = 0, p: int = 1) -> Topology:
    """A hypercube (``hops`` = 0) or LH-HC of any size: the 2^n-router network plus a partial copy of it.

    Besta & Hoefler 2014, §VI-B4: "We additionally constructed hybrid hypercubes and Long Hops that consist
    of excessive routers and endpoints and are thus identical in size to SF".  The paper does not say
    how; this is our construction (RECONSTRUCTED).  With n = ⌊log2 ``routers``⌋, routers 0..2^n-1 form
    :func:`lhhc` (n, ``hops``) (the n-cube when ``hops`` = 0) and the R = ``routers`` - 2^n excess routers
    2^n + x (x < R) copy routers 0..R-1: each is joined to its original (link kind ``dim{n}``) and to the
    copy of each of the original's neighbours that exists.  These are routers 0..``routers``-1 of the
    Cayley graph of Z_2^(n+1) on the n + 1 unit vectors and the n-dimensional long hops; with ``hops`` = 0
    it is the incomplete hypercube of Katseff 1988.  ``p`` endpoints per router (default 1, as HC and
    LH-HC in Besta & Hoefler 2014, §III).  A power of two gives :func:`lhhc` / the hypercube itself.
    Racked like them (sub-cubes of 2^8 consecutive routers, :mod:`topoanalysis.cost.layout`).
    """
    routers = check_int("routers", routers, 2, 1 << 24)
    hops = check_int("hops (long hops per router)", hops, 0, 24)
    p = check_int("p (endpoints per router)", p, 0)
    n = routers.bit_length() - 1
    extra = _checked_long_hops(n, hops) if hops else []
    gens = [1 << i for i in range(n + (routers > 1 << n))] + extra
    check_size(f"hybridcube routers={routers}, hops={hops}", routers, len(gens) * routers // 2)
    u, v, k = _cayley_links(routers, gens)
    x = np.arange(routers, dtype=np.int64)
    dims = len(gens) - len(extra)
    labels = {f"c{i}": (x >> i) & 1 for i in range(dims)}
    kinds = tuple(f"dim{i}" for i in range(dims)) + tuple(f"hop{j}" for j in range(len(extra)))
    params = {"routers": routers, "hops": len(extra), "p": p, "n": n, "excess": routers - (1 << n), "long_hops": extra}
    return Topology(routers, u, v, k, kinds, p, labels, "hybridcube", params)


def lhhc_bisection(n: int, hops: int) -> int:
    """Bisection width 2^n·D/2 (links) of :func:`lhhc` ``(n, hops)``, D = :func:`code_distance` (module docstring)."""
    return (1 << check_int("n (hypercube dimension)", n, 1, 24)) * code_distance(n, hops) // 2
