"""Balancing and concentration rules (Camarero et al. 2014, §3, §5.1 eq. (4); Besta & Hoefler 2014, §II-B2)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..checks import check_int
from ..topology import Topology
from .link_usage import balanced_groups


def dragonfly_balance(a: int, b: int, t: int = 1) -> dict[str, Any]:
    """Is an (a, b, t) dragonfly balanced by eq. (4)?  Returns the real b of (4), its integral rounding and the verdict."""
    breal = balanced_groups(a, t)
    bint = int(round(breal))
    return {"b_eq4": breal, "b_integral": bint, "balanced": int(b) == bint}


def slimfly_concentration(network_radix: int) -> int:
    """Concentration for full global bandwidth, p = ⌈k'/2⌉ (Besta & Hoefler 2014, §II-B2).

    §II-B2 balances the channel load: p = k' N_r / (2 N_r - k' - 2), which for large N_r tends
    to k'/2; the paper rounds it to ⌈k'/2⌉ (q = 19: k' = 29, p = 15).  The Slim Fly generator's
    default concentration.
    """
    return math.ceil(check_int("network_radix", network_radix, 1) / 2)


def hamming_concentration(a: int, b: int) -> int:
    """Largest concentration without bisection bottleneck in K_a □ K_b: min(a, b) (Camarero et al. 2014, §3)."""
    return min(check_int("a", a, 1), check_int("b", b, 1))


def balance_info(top: Topology) -> dict[str, Any] | None:
    """Balancing figures for the families the papers cover (dragonfly, slimfly, hamming), else None."""
    p = top.params
    if top.family == "dragonfly" and "a" in p:
        a = int(p["a"])
        b = int(p.get("groups") or len(np.unique(top.labels["group"])))
        return dragonfly_balance(a, b, int(p.get("trunking", 1) or 1))
    if top.family == "slimfly":
        k = int(top.degree().max())
        return {"full_bandwidth_p": slimfly_concentration(k)}
    if top.family == "hamming" and len(p.get("sizes", ())) == 2:
        return {"concentration_limit": hamming_concentration(*map(int, p["sizes"]))}
    return None
