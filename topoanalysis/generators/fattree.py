"""Fat trees (folded Clos networks of k-port switches), Besta & Hoefler 2014's FT-3.

Besta & Hoefler 2014, §VI-B3c models the 3-level fat tree FT-3 with concentration p (the
paper's p there is half the radix, p = ⌊k/2⌋ by §III): "FT-3 has 3 layers with
the sum of 5p² routers ... Core routers are connected to aggregation routers with
2p³ optical cables.  Each aggregation router is connected to p edge routers giving
a total of further 2p³ fiber channels ... the number of endpoints and the cables
connecting them to routers is also 2p³ ... p² endpoints form a single group (pod)."
With k-port switches and m = k/2 that is the folded Clos of k pods:

* levels 1 .. L-1 live in pods: every pod is an m-ary (L-1)-tree with m^(L-2)
  switches per level; a level-l switch (l < L-1) whose index has base-m digits
  w = (w_0, w_1, ...) is joined to the m level-(l+1) switches of its pod whose
  index equals w except, possibly, in digit l-1;
* level L (core): m^(L-1) switches, core ``w + m^(L-2)·d`` (d in Z_m) is joined to
  switch w of the top pod level in every one of the k pods;
* only level-1 (edge) switches have endpoints, m = k/2 each by default.

With fewer pods (``pods``, default k) the core switches use only ``pods`` of their ports; with
pods = m this is the m-ary L-tree of Petrini & Vanneschi 1997, the FT-3 Besta & Hoefler 2014, §V
simulates (k = 44, p = 22: 1,452 routers, 10,648 endpoints; 3m² switches and m³ endpoints, where
§VI-B3c's cost model counts 5p² and 2p³).

So 2m^L endpoints, (2L-1)·m^(L-1) switches, (L-1)·2m^L links, every switch of radix
k (with k pods); for L = 3: k³/4 endpoints, 5k²/4 switches, k/2·k/2 edge switches and k²/4
endpoints per pod (Besta & Hoefler 2014: 2p³, 5p², p² with p = k/2).  Besta & Hoefler 2014, Table IV lists FT-3
with odd k (43, 35), where these formulas are not integers; it reports them rounded,
and no folded Clos of odd-radix switches splits ports evenly, so odd k is rejected.

Routers are numbered level by level (edge first, core last); inside levels 1..L-1
by (pod, index).  Labels ``level`` (1..L), ``pod`` (-1 for core switches) and
``index`` (position inside the pod level, or core number).  Link kinds
``level1 .. level{L-1}``: a ``level{l}`` link joins a level-l switch to a level-(l+1) one.
"""

from __future__ import annotations

import numpy as np

from ..topology import Topology
from ..checks import check_int, check_number, check_size

__all__ = ["fattree", "fattree_counts"]

#: levels beyond this give more than 2^24 switches for every k >= 4 (k = 2 is a path of 2L-1 switches)
_MAX_LEVELS = 64


def fattree_counts(k: int | float, levels: int = 3) -> dict[str, float]:
    """Closed-form counts of the L-level fat tree of k-port switches, m = k/2 (Besta & Hoefler 2014, §VI-B3c).

    ``routers`` (2L-1)m^(L-1), ``endpoints`` 2m^L, ``links`` (L-1)·2m^L, ``cables``
    = links + endpoint cables.  Accepts non-integral m on purpose: Besta & Hoefler 2014, Table IV
    evaluates these formulas at odd k.
    """
    k = check_number("k", k, above=0)
    levels = check_int("levels", levels, 2, _MAX_LEVELS)
    m = k / 2
    return {
        "routers": (2 * levels - 1) * m ** (levels - 1),
        "endpoints": 2 * m**levels,
        "links": (levels - 1) * 2 * m**levels,
        "cables": levels * 2 * m**levels,
    }


def fattree(k: int, levels: int = 3, p: int | None = None, pods: int | None = None) -> Topology:
    """L-level fat tree (folded Clos) of k-port switches; FT-3 of Besta & Hoefler 2014, §III/§VI-B3c for levels = 3.

    ``k`` even >= 2 (ports per switch), ``levels`` >= 2, ``p`` endpoints per edge
    switch (default k/2, full bisection; at most k/2, the edge switch's down ports),
    ``pods`` 1..k (default k; k/2 gives the (k/2)-ary L-tree, the FT-3 of Besta & Hoefler
    2014, §V). Only edge (level-1) switches get endpoints.  See the module docstring for
    the numbering, labels and kinds.
    """
    k = check_int("k (switch radix)", k, 2)
    if k % 2:
        raise ValueError(f"k (switch radix) must be even (k/2 ports down, k/2 up), got k={k}")
    levels = check_int("levels", levels, 2, _MAX_LEVELS)
    m = k // 2
    if p is None:
        p = m
    p = check_int("p (endpoints per edge switch)", p, 0)
    if p > m:
        raise ValueError(f"p (endpoints per edge switch) must be <= k/2 = {m} (the edge switch's down ports), got {p}")
    n_pods = k if pods is None else check_int("pods", pods, 1)
    if n_pods > k:
        raise ValueError(f"pods must be <= k = {k} (a core switch joins one switch of every pod), got {n_pods}")
    per_level = m ** (levels - 2)  # switches per pod per pod level
    n_pod_sw = (levels - 1) * n_pods * per_level
    n_core = m ** (levels - 1)
    n = n_pod_sw + n_core
    check_size(f"fattree k={k} levels={levels}", n, (levels - 1) * n_pods * m**levels)
    w = np.arange(per_level, dtype=np.int64)
    pod_ids = np.arange(n_pods, dtype=np.int64)
    x = np.arange(m, dtype=np.int64)
    us, vs, ks = [], [], []
    for lev in range(levels - 2):  # pod level lev (0 = edge) to lev + 1, digit lev varies
        digit = (w // m**lev) % m
        up = w[:, None] + (x[None, :] - digit[:, None]) * m**lev  # (per_level, m)
        src = lev * n_pods * per_level + pod_ids[:, None, None] * per_level + w[None, :, None]
        dst = (lev + 1) * n_pods * per_level + pod_ids[:, None, None] * per_level + up[None, :, :]
        us.append(np.broadcast_to(src, dst.shape).ravel())
        vs.append(dst.ravel())
        ks.append(np.full(dst.size, lev, dtype=np.int8))
    top = (levels - 2) * n_pods * per_level + pod_ids[:, None, None] * per_level + w[None, :, None]
    core = n_pod_sw + w[None, :, None] + per_level * x[None, None, :]
    us.append(np.broadcast_to(top, (n_pods, per_level, m)).ravel())
    vs.append(np.broadcast_to(core, (n_pods, per_level, m)).ravel())
    ks.append(np.full(n_pods * per_level * m, levels - 2, dtype=np.int8))
    rid = np.arange(n_pod_sw, dtype=np.int64)
    level = np.concatenate([rid // (n_pods * per_level) + 1, np.full(n_core, levels)])
    pod = np.concatenate([(rid // per_level) % n_pods, np.full(n_core, -1)])
    index = np.concatenate([rid % per_level, np.arange(n_core)])
    endpoints = np.where(level == 1, p, 0)
    return Topology(
        n,
        np.concatenate(us),
        np.concatenate(vs),
        np.concatenate(ks),
        tuple(f"level{lev}" for lev in range(1, levels)),
        endpoints,
        {"level": level, "pod": pod, "index": index},
        "fattree",
        {"k": k, "levels": levels, "p": p, "pods": n_pods},
    )
