"""Flattened butterflies, Besta & Hoefler 2014's FBF-3, as Hamming graphs with concentration.

Camarero et al. 2014, §1 notes that Hamming graphs are "also known as flattened butterflies".
Besta & Hoefler 2014, §VI-B3d arranges the 3-level flattened butterfly FBF-3 as "p routers in
every group (rack) and p² groups forming an ideal square.  Each group is fully
connected (p(p-1) electric channels) and there are p fiber links between every two
groups in the same row or column of racks": the Hamming graph K_c □ K_c □ K_c with
c = p routers per dimension and p endpoints per router.  Besta & Hoefler 2014, §III picks the
concentration from the router radix k as p = ⌊(k+3)/4⌋ for FBF-3: a router has
p endpoint ports and 3(c-1) network ports, so with c = p the radix is 4p - 3.

:func:`flatfly` follows that parametrisation by the router radix k (the CLI's
``--k``), for any number of router dimensions ``levels`` (L): c = p =
⌊(k + L)/(L + 1)⌋, the largest c with L(c-1) + c <= k; ports left over when
k + L is not a multiple of L + 1 stay unused.  To build a given side c directly,
use :func:`topoanalysis.generators.hamming.hamming` with ``sizes=[c]*L, p=c``
(or radix k = (L+1)c - L here).  Labels ``c0..``, kinds ``dim0..`` as in :mod:`.hamming`;
``dim0`` is the intra-group (intra-rack) dimension of Besta & Hoefler 2014, §VI-B3d.
"""

from __future__ import annotations

from ..topology import Topology
from ..checks import check_int
from .hamming import hamming

__all__ = ["flatfly", "flatfly_side"]


def flatfly_side(k: int, levels: int = 3) -> int:
    """Routers per dimension c = ⌊(k + L)/(L + 1)⌋ of the balanced L-dimensional flattened butterfly of radix k.

    For L = 3 this is Besta & Hoefler 2014, §III's p = ⌊(k+3)/4⌋ (FBF-3).  ``ValueError`` when c < 2.
    """
    k = check_int("k (router radix)", k, 1)
    levels = check_int("levels", levels, 1)
    c = (k + levels) // (levels + 1)
    if c < 2:
        raise ValueError(
            f"k (router radix) must be >= levels + 2 = {levels + 2} to give at least 2 routers per dimension, got k={k}"
        )
    return c


def flatfly(k: int, levels: int = 3, p: int | None = None) -> Topology:
    """Balanced flattened butterfly of radix-k routers with ``levels`` router dimensions (Besta & Hoefler 2014, §III, §VI-B3d).

    K_c □ ... □ K_c (``levels`` factors) with c = :func:`flatfly_side` (k, levels):
    c^L routers, c^L·L(c-1)/2 links, diameter L.  ``p`` defaults to c (Besta & Hoefler 2014:
    "p routers in every group"); an explicit ``p`` must fit the radix,
    p <= k - L(c-1).
    """
    c = flatfly_side(k, levels)
    k, levels = int(k), int(levels)
    free = k - levels * (c - 1)
    if p is None:
        p = c
    p = check_int("p (endpoints per router)", p, 0)
    if p > free:
        raise ValueError(
            f"p (endpoints per router) must be <= k - levels*(c-1) = {free} (c = {c} routers per dimension), got {p}"
        )
    h = hamming([c] * levels, p)
    return Topology(
        h.n_routers, h.u, h.v, h.kind, h.kind_names, h.endpoints, h.labels, "flatfly", {"k": k, "levels": levels, "p": p}
    )
