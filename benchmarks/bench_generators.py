"""Build times of the dragonfly-family generators (the h = 16 dragonfly should take well under a second).

    python benchmarks/bench_generators.py          # best of 3 per case; prints routers, links, seconds

Cases: the h = 16 canonical dragonfly (a = 32, 513 groups, 16,416 routers, 385,776 links, 262,656 endpoints)
under every arrangement, the seed 000 Table II trunked network, the Cascade-like K16 x K6 default, 3-level
Table IV corner cases, and the Slim Fly q = 53 for comparison.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from topoanalysis.generators.cascade import cascade
from topoanalysis.generators.dragonfly import dragonfly
from topoanalysis.generators.dragonfly3 import dragonfly3, table_iv
from topoanalysis.generators.slimfly import slimfly
from topoanalysis.topology import Topology


def best_of(fn: Callable[[], Topology], repeat: int = 3) -> tuple[float, Topology]:
    best, top = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        top = fn()
        best = min(best, time.perf_counter() - t0)
    return best, top


CASES: list[tuple[str, Callable[[], Topology]]] = [
    *[(f"dragonfly h=16 a=32 {arr}", (lambda arr=arr: dragonfly(32, 16, arrangement=arr)))
      for arr in ("palmtree", "consecutive", "relative", "circulant", "random")],
    ("dragonfly seed000 Table II a=24 t=4 b=79", lambda: dragonfly(24, 13, trunking=4)),
    ("dragonfly seed001 h=6", lambda: dragonfly(12, 6)),
    ("cascade K16xK6 default (289 groups)", cascade),
    ("dragonfly3 Table IV canonical a=9", lambda: dragonfly3(**table_iv("canonical", 9))),
    ("dragonfly3 Table IV cascade a=7", lambda: dragonfly3(**table_iv("cascade", 7))),
    ("dragonfly3 Table IV unnamed a=10", lambda: dragonfly3(**table_iv("unnamed", 10))),
    ("slimfly q=53", lambda: slimfly(53)),
]


def main() -> None:
    print(f"{'case':45s} {'routers':>9s} {'links':>10s} {'seconds':>8s}")
    for name, fn in CASES:
        sec, top = best_of(fn)
        print(f"{name:45s} {top.n_routers:9d} {top.n_links:10d} {sec:8.3f}")


if __name__ == "__main__":
    main()
