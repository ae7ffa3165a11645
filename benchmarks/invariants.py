"""Time the invariants: distances via one compiled BFS per orbit, full JSON.

    python benchmarks/invariants.py            # h = 16 palmtree dragonfly, q = 53 Slim Fly, papers' networks
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from proofs.dragonfly_ref import palmtree  # noqa: E402
from topoanalysis.generators.slimfly import slimfly  # noqa: E402
from topoanalysis.invariants import distance_stats, invariants, symmetry  # noqa: E402


def _dragonfly(a: int, h: int):
    try:  # the project generator when it exists, else the seed 000 §4.1.2 reference build
        from topoanalysis.generators.dragonfly import dragonfly

        return dragonfly(a, h, arrangement="palmtree"), "generators.dragonfly"
    except ImportError:
        return palmtree(a, h), "proofs.dragonfly_ref"


def main() -> None:
    distance_stats(palmtree(2, 1))  # numba compile (cached on disk afterwards)
    cases = [("dragonfly h=16 (a=32)", lambda: _dragonfly(32, 16)), ("slimfly q=53", lambda: (slimfly(53), "slimfly")),
             ("dragonfly h=6 (a=12, seed 001)", lambda: _dragonfly(12, 6)),
             ("dragonfly h=8 (a=16, seed 000 Table II)", lambda: _dragonfly(16, 8)),
             ("slimfly q=13 (seed 003)", lambda: (slimfly(13), "slimfly")),
             ("slimfly q=19 (seed 002)", lambda: (slimfly(19), "slimfly"))]
    print(f"{'network':40s} {'routers':>8s} {'links':>8s} {'build':>7s} {'BLISS':>7s} {'orbits':>6s} "
          f"{'BFS/orb':>8s} {'BFS all':>8s} {'JSON':>7s}")
    for name, make in cases:
        t0 = time.perf_counter()
        top, _src = make()
        t1 = time.perf_counter()
        sym = symmetry(top, respect_kinds=True)
        t2 = time.perf_counter()
        st = distance_stats(top, sym.vertex_orbits)
        t3 = time.perf_counter()
        full = "-"
        if top.n_routers <= 4000:
            distance_stats(top)
            full = f"{time.perf_counter() - t3:7.2f}s"
        t4 = time.perf_counter()
        invariants(top)
        t5 = time.perf_counter()
        print(f"{name:40s} {top.n_routers:8d} {top.n_links:8d} {t1 - t0:6.2f}s {t2 - t1:6.2f}s {len(sym.vertex_orbits):6d} "
              f"{t3 - t2:7.3f}s {full:>8s} {t5 - t4:6.2f}s   diameter {st.diameter}, avg {st.average_distance:.4f}")


if __name__ == "__main__":
    main()
