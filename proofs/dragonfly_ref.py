"""Reference dragonflies built from the papers' definitions of the global link arrangements.

This module is the oracle the library's generator (``topoanalysis.generators.arrangements``) is checked
against, so it shares none of the generator's formulas: no closed-form "port that points back", no
vectorised index arithmetic, no keep-``u < v`` shortcut.  Every builder follows the general construction
of any arrangement (Camarero et al. 2014, §4.1 steps (1)-(2) and §5.2 steps (1)-(2)):

1. *selection*: every router of every group lists where its ``h`` (Camarero et al. 2014's Δ2) global links go, by
   evaluating the rule the paper states for one router or one port at a time;
2. *matching*: the links are read off those lists.  Where the paper names only the far *group* (Hastings et al. 2015's
   port-level definitions: Hastings et al. 2015, §II), the far router is found by searching that group for the
   port that selected the near group.  Where the paper names the far *router* (Camarero et al. 2014's vertex-level
   definitions), every arc must be answered by an arc of the far router back to the near one, else the
   rule is not a set of links and the builder raises.

Every build is then checked against the properties the papers require of any arrangement (:func:`check`):
``h`` global links per router, ``t`` links between every pair of groups (Camarero et al. 2014, eq. (1)
``a h = t (b - 1)``), parallel links on disjoint router pairs (Camarero et al. 2014, §5.2).  Parallel links are kept
with their multiplicity.

Routers are numbered ``group * a + index`` (Camarero et al. 2014's vertex ``i`` of group ``j``, Hastings et al. 2015's switch
``(i, j)`` = switch ``j`` of group ``i``); link kinds ``("local", "global")``, local topology ``K_a``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import numpy as np

from topoanalysis.topology import Topology

Router = tuple[int, int]   # (group, index)


def check(a: int, b: int, h: int, t: int, links: Iterable[tuple[int, int]]) -> None:
    """Raise ``AssertionError`` unless ``links`` (global, router ids) is a dragonfly arrangement.

    Camarero et al. 2014, §4.1 step (1) / §5.2 step (1): each router has ``h`` global links and each group reaches every
    other group ``t`` times; §5.2: the ``t`` parallel links of a group pair join disjoint router pairs;
    no global link stays inside a group.
    """
    links = list(links)
    assert a * h == t * (b - 1), f"eq. (1) a h = t (b - 1) fails for a={a}, b={b}, h={h}, t={t}"
    deg = Counter()
    per_pair: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for u, v in links:
        gu, gv = u // a, v // a
        assert gu != gv, f"global link {u}-{v} inside group {gu}"
        deg[u] += 1
        deg[v] += 1
        per_pair.setdefault((min(gu, gv), max(gu, gv)), []).append((u, v))
    assert all(deg[r] == h for r in range(a * b)), "some router does not have h global links"
    assert len(per_pair) == b * (b - 1) // 2, "some pair of groups is not linked"
    for pair, ls in per_pair.items():
        assert len(ls) == t, f"groups {pair} joined by {len(ls)} links, not t={t}"
        ends = [r for link in ls for r in link]
        assert len(set(ends)) == len(ends), f"parallel links of groups {pair} share a router"


def _topology(a: int, b: int, links: list[tuple[int, int]], family: str) -> Topology:
    local = [(g * a + x, g * a + y) for g in range(b) for x in range(a) for y in range(x + 1, a)]
    u = [p[0] for p in local] + [p[0] for p in links]
    v = [p[1] for p in local] + [p[1] for p in links]
    kind = [0] * len(local) + [1] * len(links)
    r = np.arange(a * b)
    return Topology(a * b, np.array(u, np.int64), np.array(v, np.int64), np.array(kind, np.int8),
                    ("local", "global"), labels={"group": r // a, "index": r % a}, family=family)


def _from_ports(a: int, h: int, target: Callable[[int, int], int], family: str) -> Topology:
    """Hastings et al. 2015, §II port-level definition: ``target(i, k)`` is the group port ``k`` of group ``i`` joins.

    Port ``k`` of a group's virtual switch sits on switch ``k // h`` (Hastings et al. 2015, §II: switch ``(i, j)`` has
    ports ``hj .. h(j+1)-1``; Figure 1).  A link joins port ``k`` of group ``i`` to the port of group
    ``target(i, k)`` that targets ``i``; that port is searched for, not computed.
    """
    g = a * h + 1
    ports_to: list[dict[int, list[int]]] = []
    for i in range(g):
        sel: dict[int, list[int]] = {}
        for k in range(g - 1):
            sel.setdefault(target(i, k) % g, []).append(k)
        assert sorted(sel) == [x for x in range(g) if x != i], f"group {i}'s ports do not reach every other group once"
        ports_to.append(sel)
    links = []
    for i in range(g):
        for j in range(i + 1, g):
            (ki,), (kj,) = ports_to[i][j], ports_to[j][i]
            links.append((i * a + ki // h, j * a + kj // h))
    check(a, g, h, 1, links)
    return _topology(a, g, links, family)


def _from_vertices(a: int, b: int, h: int, far: Callable[[int, int], list[Router]], family: str) -> Topology:
    """Camarero et al. 2014 vertex-level definition: ``far(j, i)`` lists the routers ``(group, index)`` vertex ``i`` of
    group ``j`` is joined to (one entry per link).  Each link is named from both ends, so the arcs must
    pair up; the links are the matched pairs."""
    arcs: Counter[tuple[int, int]] = Counter()
    for j in range(b):
        for i in range(a):
            ends = far(j, i)
            assert len(ends) == h, f"vertex {i} of group {j} names {len(ends)} links, not h={h}"
            for gj, gi in ends:
                arcs[(j * a + i, (gj % b) * a + gi)] += 1
    links = []
    for (u, v), n in arcs.items():
        assert arcs[(v, u)] == n, f"router {u} names {n} links to {v}, router {v} names {arcs[(v, u)]} back"
        if u < v:
            links += [(u, v)] * n
    check(a, b, h, a * h // (b - 1), links)
    return _topology(a, b, links, family)


def consecutive(a: int, h: int) -> Topology:
    """Camarero et al. 2014, §4.1.1: vertex ``i`` of group ``j`` joins, for ``k = 0..Δ2-1`` and ``g = i Δ2 + k``, vertex
    ``⌊(j-1)/Δ2⌋`` of group ``g`` if ``g < j``, else vertex ``⌊j/Δ2⌋`` of group ``g + 1`` (``b = a Δ2 + 1``)."""
    def far(j, i):
        out = []
        for k in range(h):
            g = i * h + k
            out.append((g, (j - 1) // h) if g < j else (g + 1, j // h))
        return out
    return _from_vertices(a, a * h + 1, h, far, "dragonfly-ref-consecutive")


def absolute(a: int, h: int) -> Topology:
    """Hastings et al. 2015, §II absolute arrangement: port ``k`` of group ``i`` joins group ``k`` if ``k < i``, else
    group ``k + 1`` (Hastings et al. 2015, footnote 2: Camarero et al. 2014's consecutive arrangement)."""
    return _from_ports(a, h, lambda i, k: k if k < i else k + 1, "dragonfly-ref-absolute")


def palmtree(a: int, h: int) -> Topology:
    """Camarero et al. 2014, §4.1.2: vertex ``i`` of group ``j`` joins vertex ``a - 1 - i`` of groups
    ``j - i Δ2 - 1, ..., j - i Δ2 - Δ2 (mod b)``, ``b = a Δ2 + 1``."""
    return _from_vertices(a, a * h + 1, h, lambda j, i: [(j - i * h - m, a - 1 - i) for m in range(1, h + 1)],
                          "dragonfly-ref-palmtree")


def relative(a: int, h: int) -> Topology:
    """Hastings et al. 2015, §II relative arrangement: port ``k`` of group ``i`` joins group ``i + k + 1 (mod g)``."""
    return _from_ports(a, h, lambda i, k: i + k + 1, "dragonfly-ref-relative")


def circulant(a: int, h: int) -> Topology:
    """Camarero et al. 2014, §4.1.3 (``Δ2`` even): vertex ``i`` of group ``j`` joins vertex ``i`` of groups
    ``j ± (i Δ2/2 + s)``, ``s = 1..Δ2/2 (mod b)``, ``b = a Δ2 + 1``."""
    if h % 2:
        raise ValueError(f"h must be even for the circulant arrangement, got {h}")
    return _from_vertices(a, a * h + 1, h, lambda j, i: [(j + sign * (i * h // 2 + s), i) for s in range(1, h // 2 + 1)
                                                          for sign in (1, -1)], "dragonfly-ref-circulant")


def circulant_ports(a: int, h: int) -> Topology:
    """Hastings et al. 2015, §II circulant-based arrangement (``h`` even): port ``k`` of group ``i`` joins group
    ``i + k/2 + 1`` for even ``k`` and ``i - ⌊k/2⌋ - 1`` for odd ``k``."""
    if h % 2:
        raise ValueError(f"h must be even for the circulant arrangement, got {h}")
    return _from_ports(a, h, lambda i, k: i + k // 2 + 1 if k % 2 == 0 else i - k // 2 - 1,
                       "dragonfly-ref-circulant-ports")


def extended_palmtree(a: int, b: int, d2: int) -> Topology:
    """Camarero et al. 2014, §5.2.2: router ``x`` of group ``y`` joins the ``Δ2`` routers
    ``(a-x-1, rem(y + 1 + rem((a-x-1)Δ2 + k - 1, b-1), b))``, ``k = 1..Δ2``."""
    if (a * d2) % (b - 1):
        raise ValueError(f"eq. (1) needs t = a Δ2/(b-1) integral, got a={a}, b={b}, Δ2={d2}")
    return _from_vertices(a, b, d2, lambda y, x: [(y + 1 + ((a - x - 1) * d2 + k - 1) % (b - 1), a - x - 1)
                                                  for k in range(1, d2 + 1)], "dragonfly-ref-extended-palmtree")


def extended_circulant(a: int, b: int, d2: int) -> Topology:
    """Camarero et al. 2014, §5.2.3 (``Δ2`` even, ``b`` odd): vertex ``i`` of group ``j`` joins vertex ``i`` of groups
    ``j ± (rem(Δ2 i/2 + k, (b-1)/2) + 1) (mod b)``, ``k = 0..Δ2/2-1``."""
    if d2 % 2 or b % 2 == 0 or (a * d2) % (b - 1):
        raise ValueError(f"extended circulant needs Δ2 even, b odd and eq. (1); got a={a}, b={b}, Δ2={d2}")
    return _from_vertices(a, b, d2, lambda j, i: [(j + sign * ((d2 * i // 2 + k) % ((b - 1) // 2) + 1), i)
                                                  for k in range(d2 // 2) for sign in (1, -1)],
                          "dragonfly-ref-extended-circulant")


def hamming(a: int, b: int) -> Topology:
    """Camarero et al. 2014, §3 and §5: ``K_a □ K_b`` as a dragonfly with ``t = a``: two routers are joined by a global
    link exactly when they have the same index in different groups (found by testing every pair)."""
    links = [(u, v) for u in range(a * b) for v in range(u + 1, a * b) if u % a == v % a and u // a != v // a]
    check(a, b, b - 1, a, links)
    return _topology(a, b, links, "dragonfly-ref-hamming")


def global_links(top: Topology) -> list[tuple[int, int]]:
    """The global links of ``top`` as sorted ``(u, v)`` pairs with ``u < v``, one entry per link."""
    g = top.kind == top.kind_index("global")
    return sorted(zip(np.minimum(top.u[g], top.v[g]).tolist(), np.maximum(top.u[g], top.v[g]).tolist()))


def reflect_groups(top: Topology, a: int, b: int) -> list[tuple[int, int]]:
    """Global links of ``top`` after the group relabelling ``j -> -j (mod b)`` (router index kept): the map
    that turns Camarero et al. 2014's palmtree (groups ``j - i Δ2 - m``) into Hastings et al. 2015's relative arrangement (groups
    ``i + x h + m``), the labelling difference Hastings et al. 2015, footnote 2 glosses over."""
    def f(r):
        return ((-(r // a)) % b) * a + r % a
    return sorted((min(f(u), f(v)), max(f(u), f(v))) for u, v in global_links(top))
