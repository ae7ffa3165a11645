"""Cascade-like dragonfly (Camarero et al. 2014, §4 and §8, Table IV; García et al. 2014, §1).

Camarero et al. 2014, §8 classifies the Cray Cascade topology as the 3-level corner case
``t2 = a``, ``t3`` free: the two lower levels form the 2D Hamming graph
``K_a □ K_b`` (each router joins its counterpart in every other 1-level group,
so ``Δ2 = b - 1``) and the groups ``K_a □ K_b`` are joined by global links with
trunking ``t3`` — "equivalent to a 2-level dragonfly in which a Hamming graph is
used for the local group topology".  García et al. 2014, §1 gives Cascade's local topology
``K16 × K6`` (the defaults ``a = 16``, ``b = 6``).
"""

from __future__ import annotations

from math import ceil

from ..topology import Topology
from ..checks import check_int
from .dragonfly3 import _build

__all__ = ["cascade"]


def cascade(
    a: int = 16,
    b: int = 6,
    h: int | None = None,
    p: int | None = None,
    groups: int | None = None,
    trunking: int | None = None,
    arrangement: str = "palmtree",
    seed: int | None = None,
) -> Topology:
    """Cascade-like network: ``groups`` groups ``K_a □ K_b``, ``h`` global links per router, trunking ``trunking``.

    Camarero et al. 2014, §8 / Table IV with ``t2 = a`` and ``t3 = trunking``; the global links
    obey ``a b h = t3 (groups - 1)`` (Camarero et al. 2014, eq. (1) with ``a b`` routers per
    group).  Defaults: ``a = 16``, ``b = 6`` (García et al. 2014, §1, ``K16 × K6``);
    ``h = ceil((b-1)/2)`` (Table IV balance ``Δ3 ≈ β Δ2``, ``β ≈ 1/2``,
    ``Δ2 = b - 1``, rounded up so global links are not the bottleneck);
    ``groups``/``trunking`` as in :func:`.dragonfly.resolve_groups` (canonical
    ``trunking = 1``, ``groups = a b h + 1``); ``p = h`` (``Δ0 = Δ3``).
    ``arrangement`` is the global (level-3) arrangement; ``seed`` for ``random``.

    Link kinds ``("level1", "level2", "level3")`` = (``K_a`` links, ``K_b`` links,
    global links); labels ``group`` (the ``K_a`` row, a 1-level group), ``index``,
    ``group1`` (position in ``K_b``), ``group2`` (the Cascade group); router id
    ``group2 * a b + group1 * a + index``.
    """
    a = check_int("a", a, 1)
    b = check_int("b", b, 2)
    h = ceil((b - 1) / 2) if h is None else check_int("h", h, 1)
    per = a * b
    if trunking is not None:
        t = check_int("trunking", trunking, 1)
    if groups is None:
        t = 1 if trunking is None else t
        if (per * h) % t:
            raise ValueError(
                f"trunking: a*b*h = {per * h} must be a multiple of trunking (Camarero et al. 2014, eq. (1) with "
                f"a*b routers per group), got trunking={t}"
            )
        c = per * h // t + 1
    else:
        c = check_int("groups", groups, 2)
        if trunking is None:
            if (per * h) % (c - 1):
                raise ValueError(
                    f"groups={c} fits no trunking level: a*b*h = {per * h} must be a multiple of "
                    f"groups-1 (Camarero et al. 2014, eq. (1) with a*b routers per group)"
                )
            t = per * h // (c - 1)
        elif per * h != t * (c - 1):
            raise ValueError(
                f"groups={c} and trunking={t} violate Camarero et al. 2014, eq. (1): a*b*h = {per * h} must equal "
                f"trunking*(groups-1) = {t * (c - 1)}"
            )
    if t > per:
        raise ValueError(f"trunking must be <= a*b = {per} (disjoint router pairs), got trunking={t}")
    top = _build(a, b, c, h if p is None else p, a, t, f"hamming,{arrangement}", seed, "cascade")
    params = {
        "a": a,
        "b": b,
        "h": h,
        "p": top.params["p"],
        "groups": c,
        "trunking": t,
        "arrangement": top.params["arrangement"].split(",")[1],
        "seed": top.params["seed"],
    }
    return Topology(top.n_routers, top.u, top.v, top.kind, top.kind_names, top.endpoints, top.labels, "cascade", params)
