"""Global link arrangements of dragonflies (Camarero et al. 2014, §4.1, §5.2; Hastings et al. 2015, §II).

Every function returns the global links of a dragonfly with ``b`` groups of
``a`` routers as two int64 arrays ``(u, v)`` of router ids
``router = group * a + index`` (one entry per physical link, ``u < v``, rows
sorted by ``(u, v)``).  ``h`` is the number of global links per router
(Camarero et al. 2014's Δ2, Hastings et al. 2015's h) and ``t`` the global trunking, related by Camarero et al. 2014,
eq. (1): ``a h = t (b - 1)``; canonical dragonflies have ``t = 1``,
``b = a h + 1``.

Equivalences between the two papers' definitions (all are tested in
``tests/test_dragonfly.py``):

* Camarero et al. 2014, §4.1.1 *consecutive* (vertex level) and Hastings et al. 2015, §II *absolute*
  (port level, port ``k`` on router ``k // h``) give IDENTICAL link multisets.
* Camarero et al. 2014, §4.1.2 *palmtree* and Hastings et al. 2015, §II *relative* are ISOMORPHIC but
  not identical: the palmtree sends router ``i`` of group ``j`` to groups
  ``j - i h - 1 .. j - i h - h``, the relative arrangement to
  ``j + i h + 1 .. j + i h + h``; the group reflection ``j -> -j (mod b)``
  maps one onto the other.  ``relative`` builds Hastings et al. 2015's own labelling.
* Camarero et al. 2014, §4.1.3 *circulant-based* and Hastings et al. 2015, §II *circulant-based*
  give IDENTICAL link multisets.
* Camarero et al. 2014, §5.2.2 *extended palmtree* with ``t = 1`` is IDENTICAL to the
  palmtree; Camarero et al. 2014, §5.2.3 *extended circulant* with ``t = 1`` is IDENTICAL
  to the circulant arrangement, and with ``t = a`` (b odd) to the Hamming
  arrangement (``K_a □ K_b``, Camarero et al. 2014, §5).
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "consecutive",
    "absolute",
    "palmtree",
    "relative",
    "circulant",
    "circulant_ports",
    "extended_palmtree",
    "extended_circulant",
    "hamming",
    "random",
    "ARRANGEMENTS",
    "ALIASES",
    "canonical_name",
    "global_links",
]


def _pairs_from_arcs(src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Links from an arc list holding every link once from each end (keep the arc with src < dst)."""
    keep = src < dst
    return _sorted(src[keep], dst[keep])


def _sorted(u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    lo = np.minimum(u, v).astype(np.int64)
    hi = np.maximum(u, v).astype(np.int64)
    order = np.lexsort((hi, lo))
    return lo[order], hi[order]


def consecutive(a: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Camarero et al. 2014, §4.1.1 consecutive arrangement (canonical, ``b = a h + 1``).

    Vertex ``i`` of group ``j`` joins, for ``k = 0..h-1`` and ``g = i h + k``,
    vertex ``floor((j-1)/h)`` of group ``g`` if ``g < j``, else vertex
    ``floor(j/h)`` of group ``g + 1``.  Identical to Hastings et al. 2015's absolute
    arrangement (:func:`absolute`).
    """
    b = a * h + 1
    j, i, k = np.meshgrid(np.arange(b), np.arange(a), np.arange(h), indexing="ij")
    g = i * h + k
    below = g < j
    dst_group = np.where(below, g, g + 1)
    dst_index = np.where(below, (j - 1) // h, j // h)
    return _pairs_from_arcs((j * a + i).ravel(), (dst_group * a + dst_index).ravel())


def absolute(a: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Hastings et al. 2015, §II absolute arrangement (port level; canonical, ``g = a h + 1`` groups).

    Port ``k`` (on router ``k // h``) of group ``i`` joins group ``k`` if ``k < i``
    and group ``k + 1`` otherwise; there it arrives on the port that points back
    at ``i``.  Identical link multiset to Camarero et al. 2014's :func:`consecutive`.
    """
    g = a * h + 1
    i, k = np.meshgrid(np.arange(g), np.arange(g - 1), indexing="ij")
    tgt = np.where(k < i, k, k + 1)
    back = np.where(i < tgt, i, i - 1)  # the port of group tgt that leads to group i
    return _pairs_from_arcs((i * a + k // h).ravel(), (tgt * a + back // h).ravel())


def palmtree(a: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Camarero et al. 2014, §4.1.2 palmtree arrangement (canonical, ``b = a h + 1``).

    Vertex ``i`` of group ``j`` joins vertex ``a-1-i`` of groups
    ``j - i h - 1, ..., j - i h - h (mod b)``.  Isomorphic (not identical) to
    Hastings et al. 2015's :func:`relative` via the group reflection ``j -> -j``.
    """
    b = a * h + 1
    j, i, m = np.meshgrid(np.arange(b), np.arange(a), np.arange(1, h + 1), indexing="ij")
    dst = ((j - i * h - m) % b) * a + (a - 1 - i)
    return _pairs_from_arcs((j * a + i).ravel(), dst.ravel())


def relative(a: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Hastings et al. 2015, §II relative arrangement (port level; canonical, ``g = a h + 1`` groups).

    Port ``k`` (on router ``k // h``) of group ``i`` joins group ``i + k + 1``,
    arriving on that group's port ``g - 2 - k``.  Router ``x`` thus reaches
    router ``a-1-x`` of groups ``i + x h + 1 .. i + x h + h``: the mirror image
    (groups ``j -> -j``) of Camarero et al. 2014's :func:`palmtree`, isomorphic to it.
    """
    g = a * h + 1
    i, k = np.meshgrid(np.arange(g), np.arange(g - 1), indexing="ij")
    tgt = (i + k + 1) % g
    return _pairs_from_arcs((i * a + k // h).ravel(), (tgt * a + (g - 2 - k) // h).ravel())


def _check_even(h: int) -> None:
    if h % 2:
        raise ValueError(
            f"h must be even for the circulant arrangement (Camarero et al. 2014, §4.1.3, Hastings et al. 2015, §II), got h={h}"
        )


def circulant(a: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Camarero et al. 2014, §4.1.3 circulant-based arrangement (``h`` even, canonical ``b = a h + 1``).

    Vertex ``i`` of group ``j`` joins vertex ``i`` of groups
    ``j ± (i h/2 + s)``, ``s = 1..h/2 (mod b)``: a subgraph of ``K_a □ K_b``.
    Identical to Hastings et al. 2015's port-level version (:func:`circulant_ports`).
    """
    _check_even(h)
    b = a * h + 1
    j, i, s = np.meshgrid(np.arange(b), np.arange(a), np.arange(1, h // 2 + 1), indexing="ij")
    # listing only the "+" direction names every link exactly once (its "-" twin is the same link)
    return _sorted((j * a + i).ravel(), (((j + i * h // 2 + s) % b) * a + i).ravel())


def circulant_ports(a: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Hastings et al. 2015, §II circulant-based arrangement (port level; ``h`` even).

    Port ``k`` (router ``k // h``) of group ``i`` joins group ``i + k/2 + 1`` for
    even ``k`` and ``i - floor(k/2) - 1`` for odd ``k``, on the like-numbered
    router.  Identical link multiset to :func:`circulant`.
    """
    _check_even(h)
    g = a * h + 1
    i, k = np.meshgrid(np.arange(g), np.arange(g - 1), indexing="ij")
    tgt = np.where(k % 2 == 0, i + k // 2 + 1, i - k // 2 - 1) % g
    return _pairs_from_arcs((i * a + k // h).ravel(), (tgt * a + k // h).ravel())


def extended_palmtree(a: int, b: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Camarero et al. 2014, §5.2.2 extended palmtree for trunking ``t = a h / (b - 1)``.

    Router ``x`` of group ``y`` joins the ``h`` routers
    ``(a-x-1, rem(y + 1 + rem((a-x-1) h + k - 1, b-1), b))``, ``k = 1..h``.
    The arc of ``k`` is answered by the arc ``h + 1 - k`` of the other end, so the
    lists of both ends describe the same ``t b (b-1)/2`` links, ``t`` between
    every pair of groups on disjoint router pairs (for ``t <= a``).  With
    ``t = 1`` the link multiset equals :func:`palmtree`'s.
    """
    y, x, k = np.meshgrid(np.arange(b), np.arange(a), np.arange(1, h + 1), indexing="ij")
    dst_group = (y + 1 + ((a - x - 1) * h + k - 1) % (b - 1)) % b
    return _pairs_from_arcs((y * a + x).ravel(), (dst_group * a + (a - x - 1)).ravel())


def extended_circulant(a: int, b: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Camarero et al. 2014, §5.2.3 extended circulant-based arrangement (``h`` even, ``b`` odd, eq. (1)).

    Vertex ``i`` of group ``j`` joins vertex ``i`` of groups
    ``j ± (rem(i h/2 + k, (b-1)/2) + 1) (mod b)`` for ``k = 0..h/2-1``.
    With ``t = 1`` it equals :func:`circulant`; with ``t = a`` it is :func:`hamming`.
    """
    _check_even(h)
    if b % 2 == 0:
        raise ValueError(f"groups must be odd for the extended circulant arrangement (Camarero et al. 2014, §5.2.3), got b={b}")
    j, i, k = np.meshgrid(np.arange(b), np.arange(a), np.arange(h // 2), indexing="ij")
    d = (i * h // 2 + k) % ((b - 1) // 2) + 1
    return _sorted((j * a + i).ravel(), (((j + d) % b) * a + i).ravel())


def hamming(a: int, b: int) -> tuple[np.ndarray, np.ndarray]:
    """Camarero et al. 2014, §5: the Hamming graph ``K_a □ K_b`` as a dragonfly with ``t = a``, ``h = b - 1``.

    Router ``x`` of group ``y`` joins router ``x`` of every other group.
    """
    gu, gv = np.triu_indices(b, 1)
    x = np.arange(a)
    return _sorted((gu[:, None] * a + x).ravel(), (gv[:, None] * a + x).ravel())


def random(a: int, b: int, h: int, seed: int = 0, copies: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Camarero et al. 2014, §4.1 / §5.2 random arrangement with trunking ``t = a h / (b - 1)``.

    Step (1) of Camarero et al. 2014: every group lists the other ``b - 1`` groups in a
    random order, repeats the list ``t`` times and deals the ``a h`` entries out
    ``h`` per router in a random router order, so each router selects ``h``
    groups and each other group is selected ``t`` times (by ``t`` different
    routers, since ``b - 1 >= h``).  For ``t = 1`` this is a uniformly random
    partition.  Step (2): for each pair of groups the ``t`` routers of either
    side are matched by a random permutation (one of the ``t!`` ways), so the
    ``t`` parallel group-to-group links join disjoint router pairs.

    ``copies`` independent draws are laid side by side (routers of copy ``c``
    are offset by ``c a b``), for the 3-level dragonfly.  Same seed, same links.
    """
    t = a * h // (b - 1)
    rng = np.random.default_rng(seed)
    n = copies * b
    offsets = rng.permuted(np.broadcast_to(np.arange(1, b), (n, b - 1)), axis=1)  # per (copy, group)
    seq = np.tile(offsets, (1, t))  # (n, a h)
    router_order = rng.permuted(np.broadcast_to(np.arange(a), (n, a)), axis=1)
    cg = np.arange(n)
    copy, grp = np.divmod(cg, b)
    src_group = np.broadcast_to(grp[:, None], seq.shape)
    dst_group = (src_group + seq) % b
    src_router = router_order[:, np.arange(a * h) // h]
    src = (copy[:, None] * b + src_group) * a + src_router
    lo = np.minimum(src_group, dst_group)
    hi = np.maximum(src_group, dst_group)
    pair = ((copy[:, None] * b + lo) * b + hi).ravel()
    side = (src_group > dst_group).ravel()
    key = rng.random(pair.size)
    src = src.ravel()
    ends = []
    for s in (False, True):
        sel = np.flatnonzero(side == s)
        ends.append(src[sel[np.lexsort((key[sel], pair[sel]))]])
    return _sorted(ends[0], ends[1])


#: canonical arrangement names
ARRANGEMENTS = ("consecutive", "absolute", "palmtree", "relative", "circulant", "random", "hamming")
#: accepted alternative spellings -> canonical name
ALIASES = {"extended_palmtree": "palmtree", "extended_circulant": "circulant", "circulant_based": "circulant"}


def canonical_name(name: str) -> str:
    """Normalise an arrangement name (case, '-' for '_', aliases); ``ValueError`` lists the known ones."""
    if not isinstance(name, str):
        raise ValueError(f"arrangement must be a name, got {name!r}")
    key = name.strip().lower().replace("-", "_")
    key = ALIASES.get(key, key)
    if key not in ARRANGEMENTS:
        known = ", ".join(list(ARRANGEMENTS) + sorted(ALIASES))
        raise ValueError(f"arrangement: unknown arrangement {name!r}; known: {known}")
    return key


def global_links(
    arrangement: str, a: int, b: int, h: int, t: int, seed: int | None = None, copies: int = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Global links of ``copies`` side-by-side dragonflies (``b`` groups of ``a``, ``h`` per router, trunking ``t``).

    Validates the arrangement against ``(a, b, h, t)`` (eq. (1) must already hold):
    consecutive/absolute/relative exist only for ``t = 1`` (Camarero et al. 2014, §5.2.1 gives no
    extended consecutive, Hastings et al. 2015 has no trunking), circulant needs even ``h``
    (and odd ``b`` when ``t > 1``), hamming needs ``t = a``.  ``palmtree`` and
    ``circulant`` with ``t > 1`` are the extended versions of Camarero et al. 2014, §5.2.
    """
    name = canonical_name(arrangement)
    if a * h != t * (b - 1):
        raise ValueError(f"trunking: eq. (1) of Camarero et al. 2014 needs a*h = t*(b-1), got a={a}, h={h}, t={t}, b={b}")
    if name in ("consecutive", "absolute", "relative") and t != 1:
        raise ValueError(
            f"arrangement: {name!r} is defined only without trunking (Camarero et al. 2014, §5.2.1 gives no "
            f"extended consecutive arrangement); use palmtree, circulant, random or hamming for t={t}"
        )
    if name == "hamming" and t != a:
        raise ValueError(f"arrangement: 'hamming' (K_a x K_b, Camarero et al. 2014, §5) needs trunking t = a = {a}, got t={t}")
    if name == "circulant":
        _check_even(h)
    if name == "random":
        u, v = random(a, b, h, 0 if seed is None else seed, copies)
        return u, v
    if t == 1 and name != "hamming":
        fn = {
            "consecutive": consecutive,
            "absolute": absolute,
            "palmtree": palmtree,
            "relative": relative,
            "circulant": circulant,
        }[name]
        u, v = fn(a, h)
    elif name == "palmtree":
        u, v = extended_palmtree(a, b, h)
    elif name == "circulant":
        u, v = extended_circulant(a, b, h)
    else:  # hamming
        u, v = hamming(a, b)
    if copies > 1:
        off = (np.arange(copies, dtype=np.int64) * (a * b))[:, None]
        u = (u[None, :] + off).ravel()
        v = (v[None, :] + off).ravel()
    return u, v
