"""Besta & Hoefler 2014, Table IV (cost and power of a ~10k-endpoint Slim Fly and the compared networks, §VI).

``PAPER`` holds the printed rows; :func:`network` builds the network we price for each row.
Configurations follow §VI-B3 where it states them and Table IV's counts where it does not:
T5D 6×6×6×6×8 (its N = 10,368), HC 13-cube, DF balanced a = 2p = 2h with g = ah + 1,
FBF-3 K_c³ with p = c, DLN ring + random shortcuts (seed 1) with the paper's N, Nr and radix.

DF990 (the caption's "additional variant of a DF that has both comparable N and identical k as the
analyzed SF": N = 10,890, N_r = 990, k = 43) is the one dragonfly with those counts: p = N/N_r = 11,
a - 1 + h = 43 - 11 and a·g = 990 with a·h = t(g - 1) (Camarero et al. 2014, eq. (1)) leave only a = 18, h = 15,
g = 55 groups joined by t = 5 global links each. §VI-B4 says the row comes from "an exhaustive search
over the space of all Dragonflies that satisfy the condition a ≥ 2h and p ≥ h" with k = 43 and N closest
to the SF's; that search over full dragonflies (g = ah + 1, :func:`df_search`) gives a = 34, h = 1, p = 9
(N = 10,710, N_r = 1,190), and with N_r = 990 and those conditions only a = 22, h = 11 (45 groups) and
a = 30, h = 3 (33 groups) remain, neither with the same number of global links between every two groups
(README [seed002-t4-df990]).

The two FT-3 rows (k = 43 and 35) are odd-radix fat trees, which cannot be built (k/2 ports down and up);
:func:`modelled` prices them from §VI-B3c's closed forms instead (:data:`MODELLED`): 5p² routers of radix
k, 2p³ endpoints, 2p³ core-aggregation and 2p³ aggregation-edge cables (optical, 1 m on average: "We
estimate average cable length between routers to be 1m") and 2p³ endpoint cables (electric: "links
shorter than 20 meters are electrical", 1 m as intra-rack cables), p = k/2, counts truncated as the
paper's N and N_r are.

LH-HC (the long-hop hypercube of ref. [39], Tomic 2013, §E-S-3) is the 13-cube with L = 5 long hops
per router and p = 1 (k = 13 + 5 + 1 = 19), racked like HC (sub-cubes of 2^8 routers); its long
hops are reconstructed from what the paper and ref. [39]'s abstract state, not from §E-S-3
(:mod:`topoanalysis.generators.longhop`; README [seed002-t4-lhhc]).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..families import build
from ..topology import Topology

__all__ = ["PAPER", "MODELLED", "FIELDS", "network", "modelled", "df_search", "main"]

#: field names of a Table IV row
FIELDS: tuple[str, ...] = (
    "endpoints",
    "routers",
    "radix",
    "electric_cables",
    "fibre_cables",
    "cost_per_endpoint",
    "power_per_endpoint",
)

#: (N, Nr, k, electric, fibre, $/endpoint, W/endpoint) of Besta & Hoefler 2014, Table IV
PAPER: dict[str, tuple[int, int, int, int, int, int, float]] = {
    "T3D": (10648, 10648, 7, 31900, 0, 1682, 19.6),
    "T5D": (10368, 10368, 11, 50688, 0, 3176, 30.8),
    "HC": (8192, 8192, 14, 32768, 12288, 4631, 39.2),
    "LH-HC": (8192, 8192, 19, 53248, 12288, 6481, 53.2),
    "DLN43": (40200, 4020, 43, 32488, 33842, 1743, 12.04),
    "FBF43": (20736, 1728, 43, 9504, 20736, 1570, 10.8),
    "DF43": (58806, 5346, 43, 56133, 29524, 1438, 10.9),
    "DLN28": (9702, 1386, 28, 6837, 7716, 1566, 11.2),
    "FBF33": (10000, 1000, 33, 4500, 10000, 1535, 10.8),
    "DF27": (9702, 1386, 27, 9009, 4900, 1342, 10.8),
    "DF990": (10890, 990, 43, 6885, 1012, 1365, 10.9),
    "SF": (10830, 722, 43, 6669, 6869, 1033, 8.02),
}

#: Table IV rows priced from closed forms (:func:`modelled`): the FT-3s of radix 43 and 35
MODELLED: dict[str, tuple[int, int, int, int, int, int, float]] = {
    "FT43": (19876, 2311, 43, 19414, 40215, 2346, 14.0),
    "FT35": (10718, 1531, 35, 7350, 24806, 2315, 14.0),
}

_BUILD: dict[str, tuple[str, dict[str, Any]]] = {
    "T3D": ("torus", {"dims": [22, 22, 22]}),
    "T5D": ("torus", {"dims": [6, 6, 6, 6, 8]}),
    "HC": ("hypercube", {"n": 13}),
    "LH-HC": ("lhhc", {"n": 13, "hops": 5, "p": 1}),
    "DLN43": ("random", {"n": 4020, "degree": 33, "p": 10, "seed": 1}),
    "FBF43": ("hamming", {"sizes": [12, 12, 12], "p": 12}),
    "DF43": ("dragonfly", {"a": 22, "h": 11, "p": 11}),
    "DLN28": ("random", {"n": 1386, "degree": 21, "p": 7, "seed": 1}),
    "FBF33": ("hamming", {"sizes": [10, 10, 10], "p": 10}),
    "DF27": ("dragonfly", {"a": 14, "h": 7, "p": 7}),
    "DF990": ("dragonfly", {"a": 18, "h": 15, "p": 11, "groups": 55}),
    "SF": ("slimfly", {"q": 19}),
}


def network(row: str) -> Topology:
    """The network we price for Table IV row ``row`` (a key of :data:`PAPER`)."""
    if row in MODELLED:
        raise ValueError(f"row {row!r} is an odd-radix fat tree, which cannot be built: price it with modelled()")
    if row not in _BUILD:
        raise ValueError(f"row must be one of {', '.join(_BUILD)}, got {row!r}")
    family, params = _BUILD[row]
    return build(family, **params)


def modelled(row: str, constants=None) -> dict[str, float]:
    """Table IV FT-3 row ``row`` (a key of :data:`MODELLED`) from §VI-B3c's closed forms, one value per
    :data:`FIELDS` entry plus ``total_cost`` (see the module docstring; the cost model of :mod:`topoanalysis.cost`)."""
    import math

    from ..cost import DEFAULT, cable_cost, router_cost, router_power
    from ..generators.fattree import fattree_counts

    if row not in MODELLED:
        raise ValueError(f"row must be one of {', '.join(MODELLED)}, got {row!r}")
    c = DEFAULT if constants is None else constants
    k = MODELLED[row][2]
    f = fattree_counts(k)
    n, nr = math.floor(f["endpoints"]), math.floor(f["routers"])
    fibre = math.floor(f["links"])  # core-aggregation plus aggregation-edge, 2p³ each
    electric = n  # one cable per endpoint
    total = (
        nr * router_cost(k, c)
        + fibre * cable_cost(c.intra_rack_cable_m, True, c)
        + electric * cable_cost(c.intra_rack_cable_m, False, c)
    )
    return {
        "endpoints": n,
        "routers": nr,
        "radix": k,
        "electric_cables": electric,
        "fibre_cables": fibre,
        # (scalar lengths and radixes give scalar costs)
        "cost_per_endpoint": float(total / n),
        "power_per_endpoint": float(nr * router_power(k, c) / n),
        "total_cost": float(total),
    }


def df_search(k: int = 43, n: int = 10830, full: bool = True, routers: int | None = None) -> list[dict[str, int]]:
    """Besta & Hoefler 2014, §VI-B4's search: dragonflies with radix ``k`` = a - 1 + h + p, a ≥ 2h and p ≥ h, nearest ``n``
    endpoints first.  ``full``: g = ah + 1 groups (one global link per group pair); otherwise every g with
    a·g = ``routers`` and g ≤ ah + 1.  Rows ``{"a", "h", "p", "groups", "routers", "endpoints"}``."""
    from ..checks import check_int

    k = check_int("k", k, 3)
    n = check_int("n", n, 1)
    if not full and routers is None:
        raise ValueError("routers must be given when full is False")
    out = []
    for a in range(2, k + 1):
        for h in range(1, k + 1):
            p = k - (a - 1) - h
            if p < 1 or a < 2 * h or p < h:
                continue
            if full:
                gs = [a * h + 1]
            else:
                # (routers is given when not full)
                gs = [routers // a] if routers % a == 0 and routers // a <= a * h + 1 else []  # type: ignore[operator]
            out += [{"a": a, "h": h, "p": p, "groups": g, "routers": a * g, "endpoints": a * g * p} for g in gs]
    return sorted(out, key=lambda r: (abs(r["endpoints"] - n), r["routers"]))


def main(argv: Sequence[str] | None = None) -> int:
    """Print every Table IV row, the paper's value beside ours in each column (``topoanalysis reproduce seed002-table4``;
    :func:`topoanalysis.reproduce.seed002_vib4.rows` gives the same values as a DataFrame)."""
    import argparse

    from ..cost import network_cost

    ap = argparse.ArgumentParser(
        prog="python -m topoanalysis.reproduce.seed002_table4",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.parse_args(argv)
    print(f"{'row':6s} " + " ".join(f"{f:>24s}" for f in FIELDS))
    print(f"{'':6s} " + " ".join(f"{'paper / ours':>24s}" for _ in FIELDS))
    for row, paper in {**PAPER, **MODELLED}.items():
        ours = modelled(row) if row in MODELLED else network_cost(network(row)).to_dict()
        cells = []
        for i, f in enumerate(FIELDS):
            v = float(ours[f])
            mine = f"{v:,.2f}" if f == "power_per_endpoint" else f"{round(v):,d}"
            cells.append(f"{paper[i]:,} / {mine}")
        print(f"{row:6s} " + " ".join(f"{c:>24s}" for c in cells))
    print("\n(FT43, FT35: §VI-B3c's closed forms; where ours differs: the README's list of disagreements, [seed002-t4-*])")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
