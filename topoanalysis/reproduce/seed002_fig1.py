"""Besta & Hoefler 2014, Fig. 1 and §III-B (Besta & Hoefler 2014): average number of hops under uniform traffic
against network size (endpoints), for the Slim Fly and the topologies it is compared with.

    python -m topoanalysis.reproduce.seed002_fig1                      # up to 10,000 endpoints
    python -m topoanalysis.reproduce.seed002_fig1 --max-endpoints 3000

"Topologies are in balanced or close to balanced configurations (explained in Section III)" (the
figure's caption); ours are those of :mod:`.seed002_table3` at every size, not only its five:

- T3D, T5D: s^3 and s^5 tori, p = 1 (§III); HC: the n-cube, p = 1;
- LH-HC: the Long Hop hypercube :func:`~topoanalysis.generators.longhop.lhhc` (the figure's "Long
  Hop": §III compares "a variant of Long Hops that augments hypercubes"), p = 1 (§III), with
  L = :data:`LHHC_HOPS` = 5 long hops at every size: the only L the paper gives is Table IV's
  (k = 19 at 2^13 endpoints: 13 cube ports, 5 long hops, 1 endpoint), and with it Table II's
  diameters 4-6 for the paper's generated sizes 2^8 to 2^13 hold. Sizes: every n-cube of the figure's
  range whose n + 5 generators are distinct and nonzero (:func:`lhhc_sizes`: n >= 6; below, our
  reconstructed code repeats a unit vector as a long hop);
- FT-3: the 3-level fat tree of k-port switches, k even, k^3/4 endpoints;
- FBF-3: K_c □ K_c □ K_c with p = c;
- DF: the balanced dragonfly a = 2h, p = h;
- SF: the MMS graph with p = ceil(k'/2) (§II-B2);
- DLN: ring plus random shortcuts with the routers, degree and p of each SF (seed 1).

The long hops are reconstructed (README [seed002-t4-lhhc]). A point's value is the mean number of
router-to-router hops between two distinct endpoints, uniform over endpoint pairs (two endpoints of
one router are 0 hops apart): :attr:`DistanceStats.endpoint_average_hops`. :data:`PAPER` holds
what §III-B states about the figure; :data:`MEASURED` how we read each off :func:`points`.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from ..families import build
from ..generators.galois_field import is_prime_power
from ..generators.longhop import long_hops
from ..invariants.distances import distance_stats
from ..topology import Topology
from ._statements import print_statements

__all__ = [
    "PAPER",
    "MEASURED",
    "FAMILIES",
    "FIXED_DIAMETER",
    "LHHC_HOPS",
    "configurations",
    "lhhc_sizes",
    "points",
    "on_curve",
    "diameter_ratio",
    "nears_diameter",
    "main",
]

FAMILIES = ("T3D", "T5D", "HC", "LH-HC", "FT-3", "FBF-3", "DF", "DLN", "SF")
#: long hops per LH-HC router (L): Table IV's LH-HC (Besta & Hoefler 2014, §VI-B4) has k = 19 at 2^13 endpoints
LHHC_HOPS = 5
#: families whose diameter does not grow with the size (Besta & Hoefler 2014, Table II: FT-3 4, FBF-3 3, DF 3, SF 2)
FIXED_DIAMETER = {"FT-3": 4, "FBF-3": 3, "DF": 3, "SF": 2}
#: families that are Cayley graphs with every router alike (translations keep link kinds and endpoints),
#: so one BFS gives every router's distances
_TRANSITIVE = ("T3D", "T5D", "HC", "LH-HC", "FBF-3")

#: what Besta & Hoefler 2014, §III-B states about Fig. 1
PAPER: dict[str, Any] = {
    # "The distance between any two endpoints in SF is always equal to or smaller than two hops"
    "sf endpoint distance at most": 2,
    # "The average distance is asymptotically approaching the network diameter for all considered topologies":
    # read as average hops / diameter growing with the size, for the families of fixed diameter and for all
    "average nears the diameter, fixed-diameter families": True,
    "average nears the diameter, every family": True,
    # "... and is lowest for SF for all analyzed network sizes"
    "sf lowest at every size": True,
}


def lhhc_sizes(hops: int = LHHC_HOPS, max_n: int = 24) -> list[int]:
    """Cube dimensions n <= ``max_n`` for which :func:`~topoanalysis.generators.longhop.lhhc` ``(n, hops)`` is a
    simple graph of network degree n + ``hops`` (its generators distinct and nonzero)."""
    out = []
    for n in range(1, max_n + 1):
        try:
            extra = long_hops(n, hops)
        except ValueError:  # an L the reconstruction refuses at this n
            continue
        gens = [1 << i for i in range(n)] + extra
        if 0 not in gens and len(set(gens)) == len(gens):
            out.append(n)
    return out


def configurations(max_endpoints: int = 10_000) -> Iterator[tuple[str, dict[str, Any], int]]:
    """``(family, build arguments, endpoints)`` for every balanced instance with 16 to ``max_endpoints``
    endpoints."""

    def fits(n: int) -> bool:
        return 16 <= n <= max_endpoints

    for s in range(3, 100):
        if fits(s**3):
            yield "T3D", {"family": "torus", "dims": [s] * 3, "p": 1}, s**3
        if fits(s**5):
            yield "T5D", {"family": "torus", "dims": [s] * 5, "p": 1}, s**5
    for n in range(4, 30):
        if fits(2**n):
            yield "HC", {"family": "hypercube", "n": n, "p": 1}, 2**n
    for n in lhhc_sizes():
        if fits(2**n):
            yield "LH-HC", {"family": "lhhc", "n": n, "hops": LHHC_HOPS, "p": 1}, 2**n
    for k in range(4, 100, 2):
        if fits(k**3 // 4):
            yield "FT-3", {"family": "fattree", "k": k}, k**3 // 4
    for c in range(2, 100):
        if fits(c**4):
            yield "FBF-3", {"family": "hamming", "sizes": [c] * 3, "p": c}, c**4
    for h in range(1, 100):
        n = 2 * h * (2 * h * h + 1) * h
        if fits(n):
            yield "DF", {"family": "dragonfly", "a": 2 * h, "h": h, "p": h}, n
    for q in range(3, 100):
        if not is_prime_power(q):
            continue
        delta = 0 if q % 4 == 0 else (1 if q % 4 == 1 else -1)
        k = (3 * q - delta) // 2
        p = math.ceil(k / 2)
        n = 2 * q * q * p
        if fits(n):
            yield "SF", {"family": "slimfly", "q": q}, n
            yield "DLN", {"family": "random", "n": 2 * q * q, "degree": k, "p": p, "seed": 1}, n


def _network(args: dict[str, Any]) -> Topology:
    kw = dict(args)
    return build(kw.pop("family"), **kw)


def points(max_endpoints: int = 10_000) -> dict[str, list[dict[str, Any]]]:
    """Rows ``{"param", "endpoints", "routers", "hops", "diameter"}`` per family, by size; ``hops`` is the
    average endpoint-to-endpoint router hops, ``diameter`` the router graph's."""
    out: dict[str, list[dict[str, Any]]] = {f: [] for f in FAMILIES}
    for fam, args, n in configurations(max_endpoints):
        top = _network(args)
        assert top.n_endpoints == n, (fam, args)
        orbits = [np.arange(top.n_routers)] if fam in _TRANSITIVE else None
        st = distance_stats(top, orbits=orbits)
        out[fam].append(
            {
                "param": {k: v for k, v in args.items() if k != "family"},
                "endpoints": n,
                "routers": top.n_routers,
                "hops": st.endpoint_average_hops,
                "diameter": st.diameter,
            }
        )
    return {f: sorted(rows, key=lambda r: r["endpoints"]) for f, rows in out.items()}


def on_curve(rows: Sequence[dict[str, Any]], endpoints: float) -> float | None:
    """Average hops on the family's line at ``endpoints``: linear in log N between its two nearest sizes
    (the figure's logarithmic size axis); None outside the family's sizes."""
    if not rows or not rows[0]["endpoints"] <= endpoints <= rows[-1]["endpoints"]:
        return None
    lo = max((r for r in rows if r["endpoints"] <= endpoints), key=lambda r: r["endpoints"])
    hi = min((r for r in rows if r["endpoints"] >= endpoints), key=lambda r: r["endpoints"])
    if lo["endpoints"] == hi["endpoints"]:
        return lo["hops"]
    w = math.log(endpoints / lo["endpoints"]) / math.log(hi["endpoints"] / lo["endpoints"])
    return (1 - w) * lo["hops"] + w * hi["hops"]


def diameter_ratio(rows: Sequence[dict[str, Any]]) -> float:
    """Average hops over the diameter at the family's largest size."""
    return rows[-1]["hops"] / rows[-1]["diameter"]


def nears_diameter(rows: Sequence[dict[str, Any]]) -> bool:
    """Average hops / diameter grows (never falls) from each size to the next."""
    ratios = [r["hops"] / r["diameter"] for r in rows]
    return all(a <= b for a, b in zip(ratios, ratios[1:]))


def _sf_lowest(p: dict[str, list[dict[str, Any]]]) -> bool:
    for r in p["SF"]:
        for fam in FAMILIES:
            if fam == "SF":
                continue
            other = on_curve(p[fam], r["endpoints"])
            if other is not None and not r["hops"] < other:
                return False
    return True


#: how each :data:`PAPER` entry is read off :func:`points`
MEASURED: dict[str, Callable[[dict[str, list[dict[str, Any]]]], Any]] = {
    "sf endpoint distance at most": lambda p: max(r["diameter"] for r in p["SF"]),
    "average nears the diameter, fixed-diameter families": lambda p: all(nears_diameter(p[f]) for f in FIXED_DIAMETER),
    "average nears the diameter, every family": lambda p: all(nears_diameter(p[f]) for f in FAMILIES),
    "sf lowest at every size": _sf_lowest,
}


def plot(p: dict[str, list[dict[str, Any]]], path: str) -> None:
    """Fig. 1: average endpoint-to-endpoint router hops against network size (log-scaled size)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4.2))
    for fam in FAMILIES:
        if p.get(fam):
            ax.plot([r["endpoints"] for r in p[fam]], [r["hops"] for r in p[fam]], marker="o", ms=3, label=fam)
    ax.set_xscale("log")
    ax.set_xlabel("network size [endpoints]")
    ax.set_ylabel("average distance [hops]")
    ax.set_title("Besta & Hoefler 2014, Fig. 1: average hops against size")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    """Print every point and each statement of the paper beside ours (``--plot``: draw Fig. 1)."""
    import argparse

    ap = argparse.ArgumentParser(
        prog="python -m topoanalysis.reproduce.seed002_fig1",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--max-endpoints", type=int, default=10_000, help="largest network size (default 10,000)")
    ap.add_argument("--plot", default=None, metavar="IMAGE", help="draw Fig. 1 to IMAGE")
    ap.add_argument("-o", "--output", default=None, metavar="CSV", help="also write every point to CSV")
    a = ap.parse_args(argv)
    if a.max_endpoints < 1_000:
        raise ValueError(f"--max-endpoints must be >= 1,000 (every family has an instance by then), got {a.max_endpoints}")
    p = points(a.max_endpoints)
    if a.output:
        from ._size_curves import write_rows

        write_rows(p, a.output)
        print(f"wrote {a.output}", file=sys.stderr)
    print(f"{'family':6s} {'endpoints':>9s} {'routers':>7s} {'avg hops':>8s} {'diameter':>8s}  parameters")
    for fam in FAMILIES:
        for r in p[fam]:
            par = ", ".join(f"{k}={v}" for k, v in r["param"].items())
            print(f"{fam:6s} {r['endpoints']:9,d} {r['routers']:7,d} {r['hops']:8.4f} {r['diameter']:8d}  {par}")
    print(
        "\naverage hops / diameter at each family's largest size: "
        + ", ".join(f"{f} {diameter_ratio(p[f]):.3f}" for f in FAMILIES)
    )
    print_statements("seed002_fig1.PAPER", PAPER, MEASURED, p, paper_width=6)
    if a.plot:
        plot(p, a.plot)
        print(f"wrote {a.plot}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
