"""Canonical dragonflies and dragonflies with global trunking.

Camarero et al. 2014, §4, §5; Hastings et al. 2015, §II; García et al. 2014, §1.

A dragonfly has ``b`` groups of ``a`` routers.  Inside a group the routers form
the complete graph ``K_a`` (local links, ``a - 1 = Δ1`` per router); every router
has ``h = Δ2`` global links; the global topology is the complete graph ``K_b``
with ``t`` parallel links between every pair of groups (global trunking), so
Camarero et al. 2014, eq. (1) holds: ``a h = t (b - 1)``.  The canonical dragonfly is
``t = 1``, ``b = a h + 1`` (Camarero et al. 2014, §4; Hastings et al. 2015's ``g = a h + 1``); the Hamming
graph ``K_a □ K_b`` is the case ``t = a`` with the ``hamming`` arrangement.
``p`` endpoints per router default to ``h``: the balanced ``a = 2p = 2h`` of
García et al. 2014, §1 / Camarero et al. 2014, §4 (``Δ0 = Δ2``).
"""

from __future__ import annotations


import numpy as np

from ..checks import check_int, check_seed, check_size
from ..topology import Topology
from . import arrangements as arr

__all__ = ["dragonfly", "resolve_groups", "local_links"]


def resolve_groups(a: int, h: int, groups: int | None, trunking: int | None) -> tuple[int, int]:
    """``(b, t)`` from Camarero et al. 2014, eq. (1) ``a h = t (b - 1)`` given either, both or neither of b and t.

    Neither: canonical ``t = 1``, ``b = a h + 1``.  Only ``t``: ``b = a h / t + 1``.
    Only ``b``: ``t = a h / (b - 1)``.  ``1 <= t <= a`` (parallel global links of
    one group pair join disjoint router pairs, Camarero et al. 2014, §5).
    """
    if trunking is not None:
        t = check_int("trunking", trunking, 1)
        if t > a:
            raise ValueError(
                f"trunking must be <= a = {a}: the t global links between two groups join disjoint "
                f"router pairs (Camarero et al. 2014, §5), got trunking={t}"
            )
    if groups is None:
        t = 1 if trunking is None else t
        if (a * h) % t:
            raise ValueError(
                f"trunking: eq. (1) of Camarero et al. 2014, a*h = t*(groups-1), needs t to divide a*h = {a * h}, "
                f"got trunking={t}"
            )
        return a * h // t + 1, t
    b = check_int("groups", groups, 2)
    if trunking is None:
        if (a * h) % (b - 1) or not 1 <= a * h // (b - 1) <= a:
            raise ValueError(
                f"groups={b} fits no trunking level: eq. (1) of Camarero et al. 2014, a*h = t*(groups-1), needs "
                f"groups-1 to divide a*h = {a * h} with 1 <= t <= a = {a}"
            )
        return b, a * h // (b - 1)
    if a * h != t * (b - 1):
        raise ValueError(
            f"groups={b} and trunking={t} violate eq. (1) of Camarero et al. 2014: a*h = {a * h} must equal "
            f"t*(groups-1) = {t * (b - 1)}"
        )
    return b, t


def local_links(a: int, n_groups: int) -> tuple[np.ndarray, np.ndarray]:
    """``K_a`` inside each of ``n_groups`` consecutive blocks of ``a`` routers."""
    iu, iv = np.triu_indices(a, 1)
    base = (np.arange(n_groups, dtype=np.int64) * a)[:, None]
    return (base + iu).ravel(), (base + iv).ravel()


def dragonfly(
    a: int,
    h: int,
    p: int | None = None,
    groups: int | None = None,
    arrangement: str = "palmtree",
    trunking: int | None = None,
    seed: int | None = None,
) -> Topology:
    """Dragonfly with ``b`` groups of ``a`` routers, ``h`` global links per router, ``p`` endpoints per router.

    Camarero et al. 2014, §4 (canonical dragonfly, complete local and global topologies) and
    §5 (global trunking ``t``, eq. (1) ``a h = t (b - 1)``; ``b``/``t`` resolved by
    :func:`resolve_groups`).  ``arrangement`` (see :mod:`.arrangements`):
    ``consecutive`` (= Hastings et al. 2015 ``absolute``, identical), ``palmtree`` (Hastings et al. 2015
    ``relative`` is its mirror image, isomorphic), ``circulant`` (``h`` even),
    ``random`` (``seed``, default 0 and recorded in ``params``; other arrangements
    ignore ``seed`` and record ``None``), ``hamming`` (``t = a``: ``K_a □ K_b``);
    with ``t > 1`` ``palmtree``/``circulant`` are Camarero et al. 2014, §5.2's extended versions.
    ``p`` defaults to ``h`` (García et al. 2014, §1: ``a = 2p = 2h``; Camarero et al. 2014, §4 ``Δ0 = Δ2``).

    Router ``group * a + index``; labels ``group``, ``index``; link kinds
    ``("local", "global")``; ``params`` record every argument after resolution.
    """
    a = check_int("a", a, 1)
    h = check_int("h", h, 1)
    p = h if p is None else check_int("p", p, 0)
    b, t = resolve_groups(a, h, groups, trunking)
    name = arr.canonical_name(arrangement)
    if name == "random":
        seed = 0 if seed is None else check_seed("seed", seed)
    else:
        seed = None
    n = a * b
    check_size(f"dragonfly a={a}, h={h}, groups={b}", n, n * (a - 1 + h) // 2)
    lu, lv = local_links(a, b)
    gu, gv = arr.global_links(name, a, b, h, t, seed)
    u = np.concatenate([lu, gu])
    v = np.concatenate([lv, gv])
    kind = np.concatenate([np.zeros(lu.size, np.int8), np.ones(gu.size, np.int8)])
    r = np.arange(n)
    params = {"a": a, "h": h, "p": p, "groups": b, "arrangement": name, "trunking": t, "seed": seed}
    return Topology(n, u, v, kind, ("local", "global"), p, {"group": r // a, "index": r % a}, "dragonfly", params)
