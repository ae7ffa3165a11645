"""Counting Han et al. 2017, §3's Valiant loop cases on a diameter-2 graph (helper for the Theorem 1 proof test).

Triples (s, d, i) of distinct routers, i the Valiant intermediate.  With several minimal routes
(MMS graphs have triangles and multiple 2-paths) a triple counts when SOME minimal routing loops:
  case 1 (Fig. 1): s~d, i~s, i not~d    -> s, i, s, d reuses edge (s,i)
  case 2 (Fig. 3): s~d, i~d, i not~s    -> s, d, i, d reuses edge (d,i)
  case 3 (Fig. 4): s not~d, some x adjacent to s, d and i, with i not~s, i not~d -> reuses edge (x,i)
(The proof of Theorem 1 calls the Fig. 3 case "third" and the Fig. 4 case "second"; same sets.)
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology


def loop_case_counts(top: Topology) -> tuple[int, int, int, int]:
    """(case1, case2, case3, number of triples) over ordered distinct (s, d, i)."""
    n = top.n_routers
    a = top.adjacency().toarray().astype(np.int64)
    deg = a.sum(1)
    common = a @ a
    c1 = int((a * (deg[:, None] - 1 - common)).sum())
    c2 = int((a * (deg[None, :] - 1 - common)).sum())
    c3 = 0
    eye = np.eye(n, dtype=bool)
    notadj = (a == 0) & ~eye
    for s in range(n):
        xs = np.flatnonzero(a[s])
        p = (a[:, xs] @ a[xs, :]) > 0            # p[d, i]: some neighbour x of s is adjacent to d and i
        ok = p & notadj[s][:, None] & notadj[s][None, :] & notadj   # d not~s, i not~s, i not~d, all distinct
        c3 += int(ok.sum())
    return c1, c2, c3, n * (n - 1) * (n - 2)
