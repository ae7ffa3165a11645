"""3-level dragonflies (Camarero et al. 2014, §8, Table IV).

A 1-level group is ``K_a`` (level-1 links, ``Δ1 = a - 1``); ``b`` 1-level groups
form a 2-level group, joined by level-2 links with ``t2`` links between every
pair of 1-level groups; ``c`` 2-level groups form the network, joined by level-3
links with ``t3`` links between every pair of 2-level groups.  Camarero et al. 2014, §8:

    a Δ2 = t2 (b - 1),        a b Δ3 = t3 (c - 1).

Construction: each 2-level group is a 2-level dragonfly ``(a, b, Δ2, t2)`` with
the *medium* arrangement, and the network is a 2-level dragonfly of the
flattened 2-level groups ``(a b, c, Δ3, t3)`` with the *global* arrangement
(router ``x`` of 1-level group ``y`` is router ``y a + x`` of its 2-level group).
Camarero et al. 2014, §8 says this reuse of the 2-level definition is exact for ``t2 = 1`` and
"needs some adaption" otherwise without giving one; the flattened construction
keeps eq. above and the trunking counts for every ``t2``, and with ``t3 = b`` the
extended palmtree gives the "proper arrangement" of Table IV's unnamed corner
case (each level-3 link lands in a distinct 1-level group, routes ``lmlgl``).

Arrangement names are those of :mod:`.arrangements`; ``hamming`` at level 2
(``t2 = a``) makes 2-level groups ``K_a □ K_b`` and at level 3 (``t3 = a b``)
the whole network ``K_a □ K_b □ K_c``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..topology import Topology
from . import arrangements as arr
from ..checks import check_int, check_seed, check_size
from .dragonfly import local_links

__all__ = ["dragonfly3", "table_iv", "TABLE_IV_CASES", "level_degree"]


def level_degree(routers: int, groups: int, t: int, tname: str, gname: str, level: int) -> int:
    """``Δ = t (groups - 1) / routers`` (Camarero et al. 2014, §8); ``ValueError`` naming the parameters if not integral."""
    if t > routers:
        raise ValueError(
            f"{tname} must be <= {routers} (routers per level-{level - 1} group): parallel level-{level} "
            f"links join disjoint router pairs, got {tname}={t}"
        )
    if (t * (groups - 1)) % routers:
        raise ValueError(
            f"{tname}={t} and {gname}={groups} give a non-integral level-{level} degree: Camarero et al. 2014, §8 "
            f"needs {tname}*({gname}-1) = {t * (groups - 1)} to be a multiple of {routers}"
        )
    return t * (groups - 1) // routers


def _split_arrangement(arrangement: str) -> tuple[str, str]:
    if not isinstance(arrangement, str):
        raise ValueError(f"arrangement must be a name or 'medium,global', got {arrangement!r}")
    parts = arrangement.split(",")
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2:
        raise ValueError(f"arrangement must be one name or 'medium,global' (two names), got {arrangement!r}")
    return arr.canonical_name(parts[0]), arr.canonical_name(parts[1])


def _build(a: int, b: int, c: int, p: int | None, t2: int, t3: int, arrangement: str, seed: int | None, family: str) -> Topology:
    d2 = level_degree(a, b, t2, "t2", "b", 2)
    d3 = level_degree(a * b, c, t3, "t3", "c", 3)
    p = d3 if p is None else check_int("p", p, 0)
    medium, glob = _split_arrangement(arrangement)
    rand = "random" in (medium, glob)
    seed = (0 if seed is None else check_seed("seed", seed)) if rand else None
    n = a * b * c
    check_size(f"dragonfly3 a={a}, b={b}, c={c}", n, n * (a - 1 + d2 + d3) // 2)
    s2, s3 = np.random.SeedSequence(seed if seed is not None else 0).spawn(2)
    try:
        mu, mv = arr.global_links(medium, a, b, d2, t2, s2, copies=c)
    except ValueError as exc:
        raise ValueError(f"level-2 (medium) arrangement, with t2 in the role of trunking: {exc}") from None
    try:
        gu, gv = arr.global_links(glob, a * b, c, d3, t3, s3)
    except ValueError as exc:
        raise ValueError(f"level-3 (global) arrangement, with t3 in the role of trunking: {exc}") from None
    lu, lv = local_links(a, b * c)
    u = np.concatenate([lu, mu, gu])
    v = np.concatenate([lv, mv, gv])
    kind = np.concatenate([np.zeros(lu.size, np.int8), np.ones(mu.size, np.int8), np.full(gu.size, 2, np.int8)])
    r = np.arange(n)
    labels = {"group": r // a, "index": r % a, "group1": (r // a) % b, "group2": r // (a * b)}
    name = medium if medium == glob else f"{medium},{glob}"
    params = {"a": a, "b": b, "c": c, "p": p, "t2": t2, "t3": t3, "arrangement": name, "seed": seed}
    return Topology(n, u, v, kind, ("level1", "level2", "level3"), p, labels, family, params)


def dragonfly3(
    a: int, b: int, c: int, p: int | None = None, t2: int = 1, t3: int = 1, arrangement: str = "palmtree", seed: int | None = None
) -> Topology:
    """3-level dragonfly of Camarero et al. 2014, §8: ``c`` 2-level groups of ``b`` 1-level groups of ``a`` routers.

    ``t2``/``t3``: trunking of level-2 links between 1-level groups and of level-3
    links between 2-level groups; ``Δ2 = t2 (b-1)/a`` and ``Δ3 = t3 (c-1)/(a b)``
    must be integers.  ``p`` defaults to ``Δ3`` (Camarero et al. 2014, §8: ``Δ0 = Δn`` for full
    throughput).  ``arrangement``: one name for both levels or ``"medium,global"``
    (e.g. ``"random,palmtree"``, §8); ``random`` uses ``seed`` (default 0, recorded).

    Router id ``group * a + index`` with ``group`` the global 1-level group id;
    labels ``group``, ``index``, ``group1`` (1-level group inside its 2-level group)
    and ``group2``; link kinds ``("level1", "level2", "level3")``.  See
    :func:`table_iv` for the paper's corner cases.
    """
    a = check_int("a", a, 1)
    b = check_int("b", b, 2)
    c = check_int("c", c, 2)
    t2 = check_int("t2", t2, 1)
    t3 = check_int("t3", t3, 1)
    return _build(a, b, c, p, t2, t3, arrangement, seed, "dragonfly3")


#: Camarero et al. 2014, Table IV 3-level corner cases -> (t2, t3, general route)
TABLE_IV_CASES = {
    "canonical": ("1", "1", "lmlglml"),
    "cascade": ("a", "1", "lmglm"),
    "unnamed": ("1", "b", "lmlgl"),
    "hamming": ("a", "ab", "lmg"),
}


def table_iv(case: str, a: int) -> dict[str, Any]:
    """:func:`dragonfly3` keyword arguments of a Camarero et al. 2014, Table IV 3-level corner case with 1-level groups of ``a``.

    * ``canonical`` (t2 = t3 = 1): ``b = 1 + a(a-1)/2``, ``c = 1 + b(b-1)/2``; needs ``a = 1 (mod 4)``.
    * ``cascade`` (t2 = a, t3 = 1): ``a = b``, ``c - 1 = a^2 (a-1)/2``; needs ``a`` odd.
    * ``unnamed`` (t2 = 1, t3 = b): ``c = b = 1 + a(a-1)/3``; needs ``a = 1 (mod 3)``.
    * ``hamming`` (t2 = a, t3 = a b): ``a = b = c``, the 3D Hamming graph ``K_a □ K_a □ K_a``.

    The integral balancing relations of Table IV; arrangements are ``hamming`` where
    the trunking is full and the extended palmtree otherwise.
    """
    a = check_int("a", a, 2)
    if case == "canonical":
        if a % 4 != 1:
            raise ValueError(
                f"a must be 1 mod 4 for the 3-level canonical dragonfly of Camarero et al. 2014, Table IV "
                f"(Δ2 = (a-1)/2, Δ3 = (a-1)/4 integral), got a={a}"
            )
        b = 1 + a * (a - 1) // 2
        return dict(a=a, b=b, c=1 + b * (b - 1) // 2, t2=1, t3=1, arrangement="palmtree")
    if case == "cascade":
        if a % 2 != 1:
            raise ValueError(
                f"a must be odd for the Cascade-like corner case of Camarero et al. 2014, Table IV "
                f"(Δ3 = (a-1)/2 integral), got a={a}"
            )
        return dict(a=a, b=a, c=1 + a * a * (a - 1) // 2, t2=a, t3=1, arrangement="hamming,palmtree")
    if case == "unnamed":
        if a % 3 != 1:
            raise ValueError(
                f"a must be 1 mod 3 for the t3 = b corner case of Camarero et al. 2014, Table IV "
                f"(b - 1 = a(a-1)/3 integral), got a={a}"
            )
        b = 1 + a * (a - 1) // 3
        return dict(a=a, b=b, c=b, t2=1, t3=b, arrangement="palmtree")
    if case == "hamming":
        return dict(a=a, b=a, c=a, t2=a, t3=a * a, arrangement="hamming")
    raise ValueError(f"case: unknown Table IV case {case!r}; known: {', '.join(TABLE_IV_CASES)}")
