"""Camarero et al. 2014, Fig. 12 (§8) and §4's scalability statements:
compute nodes against router radix R for 2-level (Fig. 12a) and 3-level (Fig. 12b) designs.

    python -m topoanalysis.reproduce.seed000_fig12            # the staircase table and the statements
    python -m topoanalysis.reproduce.seed000_fig12 --verify   # also build the small instances and check them

Every design runs with its full concentration, Δ0 = Δn compute nodes per router, and router radix
R = Δ0 + Δ (§8). One row per integral instance with R <= ``max_radix``:

Fig. 12a, two levels (§4, §5): ``dragonfly``, the canonical dragonfly (t = 1, a = 2Δ2,
b = aΔ2 + 1, diameter 3); ``trunked``, global trunking 1 < t < a with the integral b nearest
eq. (4) that keeps Δ2 = t(b-1)/a integral (diameter 3); ``hamming-2d``, K_a □ K_a (t = a,
diameter 2).

Fig. 12b, three levels (§8, Table IV): ``hamming-3d``, K_a □ K_a □ K_a (t2 = a, t3 = a^2,
diameter 3); ``cascade``, the Cascade-like dragonfly (t2 = a, t3 = 1, diameter 5);
``dragonfly-3``, the canonical 3-level dragonfly (t2 = t3 = 1, diameter 7); and Table IV's
unnamed corner ``unnamed`` (t2 = 1, t3 = b, diameter 5), which the figure's text does not name.

The text around the figure states no sizes; :data:`PAPER` holds what it and §4 state that is a
number or an ordering, and :data:`TABLE_IV` Table IV's compute-node formulas (the curves' closed
forms). :data:`MEASURED` says how each is read off :func:`curves`: orderings compare the designs'
lines (:func:`on_curve`, log-linear between instances, as the figure draws them); :func:`largest`,
the largest instance whose routers need at most R ports, is the table :func:`main` prints.
The sizes are the generators' (``dragonfly``, ``dragonfly3``): :func:`verify` builds the small
instances and checks radix, routers, compute nodes and diameter against their rows.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..generators.dragonfly import resolve_groups
from ..generators.dragonfly3 import table_iv
from ..invariants.link_usage import balanced_groups
from ..invariants.moore import moore_fraction
from . import _size_curves
from ._size_curves import verify_rows
from ._statements import print_statements

__all__ = [
    "PAPER",
    "TABLE_IV",
    "MEASURED",
    "DESIGNS",
    "DIAMETER",
    "curves",
    "largest",
    "on_curve",
    "canonical_limit",
    "diameter",
    "network",
    "verify",
    "main",
]

#: Fig. 12a's designs, then Fig. 12b's
DESIGNS = ("hamming-2d", "trunked", "dragonfly", "hamming-3d", "cascade", "unnamed", "dragonfly-3")
#: the diameter each design has (§4: k = 3; §8 Fig. 12 text and Table IV's "general route")
DIAMETER = {"hamming-2d": 2, "trunked": 3, "dragonfly": 3, "hamming-3d": 3, "cascade": 5, "unnamed": 5, "dragonfly-3": 7}

#: what Camarero et al. 2014 states in numbers about Fig. 12 (§8) and the canonical dragonfly's scale (§4)
PAPER: dict[str, Any] = {
    # §4: "The canonical dragonfly, for k = 3, asymptotically reaches 4/27 of the vertices of the Moore bound"
    "dragonfly / Moore bound, h -> inf": 4 / 27,
    # §4: "routers have radix R ≈ 2a, there are about a^3/2 routers and about a^4/4 compute nodes. Then, for a
    # given radix R the network comprises up to ≈ R^4/2^6 compute nodes" (ratios to those, h -> inf)
    "dragonfly R / 2a": 1.0,
    "dragonfly routers / (a^3/2)": 1.0,
    "dragonfly nodes / (a^4/4)": 1.0,
    "dragonfly nodes / (R^4/2^6)": 1.0,
    # §8: "The 2D Hamming graph (t = a, diameter k = 2) and the canonical 2-level dragonfly topology
    # (t = 1, k = 3) are extreme cases"
    "fig12a diameters: hamming-2d, dragonfly": (2, 3),
    # §8: "Between them are multiple alternatives with variable trunking and smaller size than the
    # canonical dragonfly"
    "fig12a trunked below the dragonfly": True,
    # §8: "scaling from a 3D Hamming graph (t2 = a, t3 = a^2, k = 3) to a Cascade-like Dragonfly topology
    # (t2 = a, t3 = 1, k = 5) and then to a canonical 3-level Dragonfly without trunking (k = 7)"
    "fig12b diameters: hamming-3d, cascade, dragonfly-3": (3, 5, 7),
    "fig12b hamming-3d < cascade < dragonfly-3": True,
}

#: Camarero et al. 2014, Table IV "compute nodes" as functions of R, as printed (the Cascade-like third term reads 54R^3;
#: the exact count's is 54R^4, see tests/test_dragonfly3.py); "dragonfly" is the 2-level canonical row
TABLE_IV: dict[str, Callable[[float], float]] = {
    "dragonfly": lambda R: (R**4 + 4 * R**3 + 12 * R**2) / 2**6,
    "hamming-2d": lambda R: (R + 2) ** 3 / 3**3,
    "dragonfly-3": lambda R: R**4 * (R + 2) ** 4 / 2**14,
    "cascade": lambda R: (R**6 + 12 * R**5 + 54 * R**3) / (2**2 * 3**6),
    "unnamed": lambda R: R**6 / (2**6 * 3**3),
    "hamming-3d": lambda R: (R + 3) ** 4 / 2**8,
}

#: h of the canonical dragonfly where §4's asymptotic statements are read (closed forms, nothing is built)
LARGE_H = 4096


def _row(design: str, param: dict[str, Any], routers: int, delta: int, nodes_per_router: int) -> dict[str, Any]:
    return {
        "design": design,
        "param": param,
        "radix": nodes_per_router + delta,
        "routers": routers,
        "nodes": routers * nodes_per_router,
    }


def _two_level(a: int, h: int, t: int, design: str) -> dict[str, Any]:
    b, t = resolve_groups(a, h, None, t)
    arrangement = "hamming" if t == a and b == a else "palmtree"
    param = {"a": a, "h": h, "p": h, "trunking": t, "arrangement": arrangement}
    return _row(design, param, a * b, a - 1 + h, h)


def _trunked_groups(a: int, t: int) -> int:
    """The b >= 2 nearest eq. (4) with Δ2 = t(b-1)/a integral (ties to the smaller b)."""
    step = a // math.gcd(a, t)
    target = balanced_groups(a, t)
    k = max(1, round((target - 1) / step))
    cands = [1 + step * j for j in (k - 1, k, k + 1) if j >= 1]
    return min(cands, key=lambda b: (abs(b - target), b))


_TABLE_IV_NAME = {"canonical": "dragonfly-3", "cascade": "cascade", "unnamed": "unnamed", "hamming": "hamming-3d"}


def _three_level(case: str, a: int) -> dict[str, Any]:
    kw = table_iv(case, a)
    b, c, t2, t3 = kw["b"], kw["c"], kw["t2"], kw["t3"]
    d2, d3 = t2 * (b - 1) // a, t3 * (c - 1) // (a * b)
    return _row(_TABLE_IV_NAME[case], kw, a * b * c, a - 1 + d2 + d3, d3)


def curves(max_radix: int = 64) -> dict[str, list[dict[str, Any]]]:
    """Rows ``{"design", "param", "radix", "routers", "nodes"}`` per design, R <= ``max_radix``, by radix."""
    out: dict[str, list[dict[str, Any]]] = {d: [] for d in DESIGNS}

    def add(row: dict[str, Any]) -> None:
        if row["radix"] <= max_radix:
            out[row["design"]].append(row)

    for h in range(1, max_radix):
        add(_two_level(2 * h, h, 1, "dragonfly"))
    for a in range(2, max_radix):
        add(_two_level(a, a - 1, a, "hamming-2d"))
        for t in range(2, a):
            b = _trunked_groups(a, t)
            add(_two_level(a, t * (b - 1) // a, t, "trunked"))
        add(_three_level("hamming", a))
        if a % 2 == 1:
            add(_three_level("cascade", a))
        if a % 3 == 1:
            add(_three_level("unnamed", a))
        if a % 4 == 1:
            add(_three_level("canonical", a))
    return {d: sorted(rows, key=lambda r: (r["radix"], r["nodes"])) for d, rows in out.items()}


def largest(rows: Sequence[dict[str, Any]], radix: int) -> int:
    """Compute nodes of the largest instance whose routers need at most ``radix`` ports (0 if none)."""
    return max((r["nodes"] for r in rows if r["radix"] <= radix), default=0)


def on_curve(rows: Sequence[dict[str, Any]], radix: float) -> float:
    """Compute nodes on the design's line at ``radix``: log-linear between its instances with the nearest
    radixes below and above (the figure's lines join its points on a logarithmic axis); ``ValueError``
    outside the design's range."""
    pts: dict[int, int] = {}
    for r in rows:
        pts[r["radix"]] = max(pts.get(r["radix"], 0), r["nodes"])
    xs = sorted(pts)
    if not xs or not xs[0] <= radix <= xs[-1]:
        raise ValueError(f"radix {radix} is outside the design's instances {xs[:1]}..{xs[-1:]}")
    lo = max(x for x in xs if x <= radix)
    hi = min(x for x in xs if x >= radix)
    if lo == hi:
        return float(pts[lo])
    w = (radix - lo) / (hi - lo)
    return math.exp((1 - w) * math.log(pts[lo]) + w * math.log(pts[hi]))


def canonical_limit(h: int) -> dict[str, float]:
    """§4's ratios for the balanced canonical dragonfly a = 2h, b = ah + 1 (resolve_groups), diameter 3."""
    a = 2 * h
    b, _ = resolve_groups(a, h, None, None)
    routers, delta = a * b, a - 1 + h
    radix, nodes = delta + h, a * b * h
    return {
        "moore fraction": moore_fraction(routers, delta, 3),
        "R / 2a": radix / (2 * a),
        "routers / (a^3/2)": routers / (a**3 / 2),
        "nodes / (a^4/4)": nodes / (a**4 / 4),
        "nodes / (R^4/2^6)": nodes / (radix**4 / 2**6),
    }


def diameter(c: dict[str, list[dict[str, Any]]], design: str) -> int:
    """Diameter of the design's smallest instance, built by the generator."""
    return network(c[design][0]).to_igraph().diameter()


def _span(c: dict[str, list[dict[str, Any]]], designs: Sequence[str]) -> range:
    """The integer radixes inside every one of the designs' ranges."""
    return range(max(c[d][0]["radix"] for d in designs), min(c[d][-1]["radix"] for d in designs) + 1)


def _trunked_below_dragonfly(c: dict[str, list[dict[str, Any]]]) -> bool:
    """Every trunked instance lies below the canonical dragonfly's line at its radix. The balanced canonical
    dragonfly exists only at R = 4h - 1, so it is compared on its line, not by its largest instance."""
    span = _span(c, ("dragonfly", "trunked"))
    return all(r["nodes"] < on_curve(c["dragonfly"], r["radix"]) for r in c["trunked"] if r["radix"] in span)


def _ordered_3d(c: dict[str, list[dict[str, Any]]]) -> bool:
    """At every radix where all three lines exist, 3D Hamming < Cascade-like < canonical 3-level."""
    designs = ("hamming-3d", "cascade", "dragonfly-3")
    return all(
        on_curve(c["hamming-3d"], R) < on_curve(c["cascade"], R) < on_curve(c["dragonfly-3"], R) for R in _span(c, designs)
    )


#: how each :data:`PAPER` entry is read off :func:`curves` (the §4 limits at h = LARGE_H)
MEASURED: dict[str, Callable[[dict[str, list[dict[str, Any]]]], Any]] = {
    "dragonfly / Moore bound, h -> inf": lambda c: canonical_limit(LARGE_H)["moore fraction"],
    "dragonfly R / 2a": lambda c: canonical_limit(LARGE_H)["R / 2a"],
    "dragonfly routers / (a^3/2)": lambda c: canonical_limit(LARGE_H)["routers / (a^3/2)"],
    "dragonfly nodes / (a^4/4)": lambda c: canonical_limit(LARGE_H)["nodes / (a^4/4)"],
    "dragonfly nodes / (R^4/2^6)": lambda c: canonical_limit(LARGE_H)["nodes / (R^4/2^6)"],
    "fig12a diameters: hamming-2d, dragonfly": lambda c: (diameter(c, "hamming-2d"), diameter(c, "dragonfly")),
    "fig12a trunked below the dragonfly": _trunked_below_dragonfly,
    "fig12b diameters: hamming-3d, cascade, dragonfly-3": lambda c: (
        diameter(c, "hamming-3d"),
        diameter(c, "cascade"),
        diameter(c, "dragonfly-3"),
    ),
    "fig12b hamming-3d < cascade < dragonfly-3": _ordered_3d,
}


def network(row: dict[str, Any]):
    """The generator's network for one row of :func:`curves`."""
    from ..families import build

    if row["design"] in ("dragonfly", "trunked", "hamming-2d"):
        return build("dragonfly", **row["param"])
    return build("dragonfly3", **row["param"])


def verify(max_routers: int = 1000, max_radix: int = 64) -> list[tuple[str, dict[str, Any], bool]]:
    """Build every row with at most ``max_routers`` routers; ``(design, param, matches)`` each, where
    matches means the row's routers, compute nodes and radix (every router) and the design's diameter."""
    import numpy as np

    from ..invariants.distances import distance_stats

    return verify_rows(
        curves(max_radix),
        lambda design, row: network(row),
        lambda design, row, topo: (
            topo.n_routers == row["routers"]
            and topo.n_endpoints == row["nodes"]
            and bool(np.all(topo.radix() == row["radix"]))
            and distance_stats(topo).diameter == DIAMETER[design]
        ),
        max_routers,
    )


def _table(c: dict[str, list[dict[str, Any]]], max_radix: int) -> None:
    print("compute nodes of the largest instance with router radix <= R")
    print(f"{'R':>4s} " + " ".join(f"{d:>14s}" for d in DESIGNS))
    for R in range(4, max_radix + 1, 4):
        print(f"{R:4d} " + " ".join(f"{largest(c[d], R):14,d}" for d in DESIGNS))
    print(f"\nTable IV formulas against ours at each design's largest R <= {max_radix}")
    for d, f in TABLE_IV.items():
        row = max(c[d], key=lambda r: r["radix"])
        print(
            f"  {d:12s} R = {row['radix']:3d}: ours {row['nodes']:16,d}, Table IV {f(row['radix']):18,.0f}, "
            f"ratio {row['nodes'] / f(row['radix']):.4f}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Print the largest system per design and radix, and each statement of the paper beside ours."""
    return _size_curves.main(
        argv,
        module="seed000_fig12",
        doc=__doc__,
        default_radix=64,
        min_radix=16,
        why_min="every design has an instance by R = 16",
        radix_help="largest router radix R in the table",
        max_routers=1000,
        curves=curves,
        table=_table,
        statements=lambda c: print_statements(
            "seed000_fig12.PAPER",
            PAPER,
            MEASURED,
            c,
            ours_header=f"ours (§4 limits at h = {LARGE_H})",
            digits=6,
            paper_width=10,
        ),
        verify=verify,
        draw=lambda c, path: _size_curves.plot(
            c, path, "Camarero et al. 2014, Fig. 12: system size against radix", y="nodes", ylabel="compute nodes"
        ),
    )


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
