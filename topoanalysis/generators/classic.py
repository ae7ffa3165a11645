"""The two classic Moore graphs of diameter 2 used as references for Slim Fly.

Besta & Hoefler 2014, §II-A/§II-B: the Moore bound for radix k' and diameter 2 is
1 + k'^2; the Petersen graph (k' = 3, 10 routers) and the Hoffman-Singleton
graph (k' = 7, 50 routers, 175 links) attain it, and the q = 5 MMS graph is
the Hoffman-Singleton graph (Besta & Hoefler 2014, §II-B1 d).  Both are built here from
their standard constructions, independently of the MMS code, so that tests
can compare the two.
"""

from __future__ import annotations

import numpy as np

from ..checks import check_int
from ..topology import Topology

__all__ = ["petersen", "hoffman_singleton"]


def petersen(p: int = 0) -> Topology:
    """Petersen graph: outer 5-cycle, inner pentagram, five spokes (Moore graph k' = 3, D = 2; Besta & Hoefler 2014, §II-A).

    Routers ``ring*5 + i`` (ring 0 = outer cycle, 1 = inner pentagram); labels
    ``ring``, ``i``; link kinds ``outer`` (i -- i+1), ``inner`` (i -- i+2), ``spoke``.
    """
    p = check_int("p (endpoints per router)", p, 0)
    i = np.arange(5)
    u = np.concatenate([i, 5 + i, i])
    v = np.concatenate([(i + 1) % 5, 5 + (i + 2) % 5, 5 + i])
    kind = np.repeat(np.arange(3), 5)
    r = np.arange(10)
    return Topology(10, u, v, kind, ("outer", "inner", "spoke"), p, {"ring": r // 5, "i": r % 5}, "petersen", {"p": p})


def hoffman_singleton(p: int = 0) -> Topology:
    """Hoffman-Singleton graph from Robertson's pentagons and pentagrams (Moore graph k' = 7, D = 2).

    Five pentagons P_h and five pentagrams Q_i (h, i, j in Z_5): P_h[j] -- P_h[j+1],
    Q_i[j] -- Q_i[j+2], and P_h[j] -- Q_i[h*i + j].  Router ``shape*25 + h*5 + j``
    (shape 0 = pentagon, 1 = pentagram); labels ``shape``, ``h``, ``j``; link kinds
    ``pentagon``, ``pentagram``, ``cross``.  Besta & Hoefler 2014, §II-B: 50 radix-7 routers, 175 links.
    """
    p = check_int("p (endpoints per router)", p, 0)
    h, j = np.divmod(np.arange(25), 5)
    pent_u, pent_v = h * 5 + j, h * 5 + (j + 1) % 5
    star_u, star_v = 25 + h * 5 + j, 25 + h * 5 + (j + 2) % 5
    hh, ii, jj = np.meshgrid(np.arange(5), np.arange(5), np.arange(5), indexing="ij")
    cross_u = (hh * 5 + jj).ravel()
    cross_v = (25 + ii * 5 + (hh * ii + jj) % 5).ravel()
    u = np.concatenate([pent_u, star_u, cross_u])
    v = np.concatenate([pent_v, star_v, cross_v])
    kind = np.concatenate([np.zeros(25), np.ones(25), np.full(125, 2)]).astype(np.int8)
    r = np.arange(50)
    labels = {"shape": r // 25, "h": (r // 5) % 5, "j": r % 5}
    return Topology(50, u, v, kind, ("pentagon", "pentagram", "cross"), p, labels, "hoffman_singleton", {"p": p})
