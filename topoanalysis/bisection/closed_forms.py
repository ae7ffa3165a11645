"""Closed-form bisection widths and Hastings et al. 2015, §IV's large-α formulas.

Textbook values (unit link bandwidth, sides differing by at most one router, Hastings et al. 2015, §II):

- hypercube Q_n: ``2^(n-1)`` (Harper's edge-isoperimetric theorem: a subcube is optimal);
- torus with even sides k_1..k_n (k ≥ 4 wraps, k = 2 one link as in :func:`~topoanalysis.generators.torus.torus`):
  ``2·N/k_max`` (two rings' worth of links cut across the longest dimension, so ``2·k^(n-1)`` for
  the k-ary n-cube); when every side is 2 it is the hypercube's ``N/2``;
- complete graph K_n: ``⌊n/2⌋·⌈n/2⌉``;
- K_a □ K_b (2-D Hamming graph / flattened butterfly): the cut of an initial segment in
  lexicographic order (Lindsey 1964: lexicographic order solves the edge-isoperimetric problem on
  products of cliques), the better of the two coordinate orders.

Besta & Hoefler 2014, §III-C quotes the same analytic values, with N routers (p = 1): ⌊N/2⌋ for the
hypercube and ⌊2N/k⌋ for tori (the DF/FBF-3 formula is garbled in the extracted text).

Hastings et al. 2015, §IV (dragonfly ``(p, a, h)``, ``g = a h + 1`` groups), for sufficiently large α:

- Observation 1 (circulant-based, a even): ``(a/2)^2 g`` — but see :func:`observation1`;
- Corollary 3 (relative, a ≡ 0 mod 4): ``(a/2)^2 g``;
- Corollary 6 (absolute, a ≡ 0 mod 4): bounded (no global link need cross; no formula given);
- Theorem 2 / Theorem 5 and the §IV-A remark: the sizes of the globally connected components.
"""

from __future__ import annotations

from math import gcd, prod
from collections.abc import Sequence

from ..checks import check_int, check_int_list

__all__ = [
    "hypercube_bisection",
    "torus_bisection",
    "complete_bisection",
    "hamming2_bisection",
    "observation1",
    "corollary3",
    "corollary6_bounded",
    "relative_gcc_sizes",
    "absolute_gcc_sizes",
    "circulant_gcc_sizes",
]


def hypercube_bisection(n: int) -> int:
    """Bisection width ``2^(n-1)`` of the n-dimensional hypercube (Harper 1964)."""
    return 2 ** (check_int("n", n, 1) - 1)


def torus_bisection(dims: Sequence[int]) -> int:
    """Bisection width of the torus with even sides ``dims``: ``2·N/k_max`` (``N/2`` if all sides are 2).

    Sides of 2 carry one link (as the torus generator builds them), so a cut across a
    2-dimension costs ``N/2 = 2N/4``; it never beats a longer side.  Odd sides have no formula here.
    """
    ks = check_int_list("dims", dims, 2)
    if any(k % 2 for k in ks):
        raise ValueError(f"dims must be even integers >= 2 (odd sides have no closed form here), got {dims!r}")
    n, kmax = prod(ks), max(ks)
    return n // 2 if kmax == 2 else 2 * n // kmax


def complete_bisection(n: int) -> int:
    """Bisection width ``⌊n/2⌋·⌈n/2⌉`` of the complete graph K_n."""
    n = check_int("n", n, 2)
    return (n // 2) * ((n + 1) // 2)


def _lex_cut(outer: int, inner: int, m: int) -> int:
    # first m vertices of [outer] x [inner], inner coordinate fastest: q full inner cliques and r
    # vertices of the next; an outer clique (fixed inner coordinate y) holds q+1 chosen if y < r
    q, r = divmod(m, inner)
    return r * (inner - r) + r * (q + 1) * (outer - q - 1) + (inner - r) * q * (outer - q)


def hamming2_bisection(a: int, b: int) -> int:
    """Bisection width of K_a □ K_b: the lexicographic initial segment of ⌊ab/2⌋ routers (Lindsey 1964).

    Equal to ``a·b·min(a, b)/4`` when ``a`` and ``b`` are even (half of every clique of the
    smaller size on each side).
    """
    a, b = check_int("a", a, 2), check_int("b", b, 2)
    m = a * b // 2
    return min(_lex_cut(a, b, m), _lex_cut(b, a, m))


def _df(a: int, h: int) -> tuple[int, int, int]:
    a, h = check_int("a", a, 1), check_int("h", h, 2)  # Hastings et al. 2015, §II assumes h >= 2
    return a, h, a * h + 1


def observation1(a: int, h: int) -> int:
    """Hastings et al. 2015, §IV-A Observation 1: ``(a/2)^2 g`` for the circulant-based arrangement, a and h even.

    It is the local cost of putting a/2 whole switch numbers (each a union of GCCs) on each side.
    It is exact when no switch number splits into several GCCs, but it is only an upper bound in
    general: when g shares a factor with every link distance of some switch numbers (h = 2,
    g = 21 for a = 10), GCC unions can split groups unevenly and cost less
    (:func:`topoanalysis.bisection.large_alpha_bisection` finds 483 < 525 for (p, 10, 2)).
    """
    a, h, g = _df(a, h)
    if a % 2 or h % 2:
        raise ValueError(f"Observation 1 needs a and h even (circulant-based arrangement), got a={a}, h={h}")
    return (a // 2) ** 2 * g


def corollary3(a: int, h: int) -> int:
    """Hastings et al. 2015, §IV-B Corollary 3: ``(a/2)^2 g`` for the relative arrangement when a ≡ 0 (mod 4).

    Every GCC holds switches i and a-1-i of every group (Theorem 2), so a bisection crossed by
    no global link puts a/2 switches of every group on each side.
    """
    a, h, g = _df(a, h)
    if a % 4:
        raise ValueError(f"Corollary 3 needs a to be a multiple of 4, got a={a}")
    return (a // 2) ** 2 * g


def corollary6_bounded(a: int, h: int) -> bool:
    """Hastings et al. 2015, §IV-C Corollary 6: for a ≡ 0 (mod 4) the absolute arrangement's bisection is O(1) in α.

    True when Theorem 5's GCC sizes alone guarantee a bisection crossed by no global link (an even
    number of large and of small GCCs); False means the corollary does not apply (the bisection
    may still be bounded, as the paper notes).
    """
    a, h, _ = _df(a, h)
    return a % 4 == 0


def relative_gcc_sizes(a: int, h: int) -> list[int]:
    """Hastings et al. 2015, Theorem 2: ⌊a/2⌋ GCCs of size 2g, plus one of size g when a is odd (largest first)."""
    a, h, g = _df(a, h)
    return [2 * g] * (a // 2) + [g] * (a % 2)


def absolute_gcc_sizes(a: int, h: int) -> list[int]:
    """Hastings et al. 2015, Theorem 5: C(a, 2) GCCs of size 2h and a of size h + 1 (largest first)."""
    a, h, _ = _df(a, h)
    return [2 * h] * (a * (a - 1) // 2) + [h + 1] * a


def circulant_gcc_sizes(a: int, h: int) -> list[int]:
    """Hastings et al. 2015, §IV-A: switch j's links reach j·h/2 + 1 … (j+1)·h/2 groups away, so its g copies
    split into d = gcd(g, those distances) GCCs of g/d (largest first)."""
    a, h, g = _df(a, h)
    if h % 2:
        raise ValueError(f"the circulant-based arrangement needs h even, got h={h}")
    out: list[int] = []
    for j in range(a):
        d = g
        for s in range(1, h // 2 + 1):
            d = gcd(d, j * h // 2 + s)
        out += [g // d] * d
    return sorted(out, reverse=True)
