"""Simulator speed (issue 5 "Speed"): cycles/s and router-cycles/s on the seed 001 network.

    python benchmarks/sim.py            # h = 6 (876 routers) at load 0.1 and 0.4 uniform, min (hierarchical) and sp-min
    python benchmarks/sim.py --h16      # also the h = 16 dragonfly (16,416 routers, 262,656 nodes)

Targets (issue 5): >= 2,000 cycles/s for h = 6, >= 50 cycles/s for h = 16 on one core.

Measured on the 2-core development VM (shared with another job, so +-15-30%), 2026-11-23,
after the cache-line work of that day (same results bit for bit):
h = 6, Table 1 model, uniform, min: load 0.1 about 5,300 cycles/s (3,000-3,500 before), load 0.4
about 900-1,060 cycles/s (500-650 before; 225 before the first engine work), sp-min 0.4 about 730;
175 MB peak RSS.  h = 16: load 0.1 34 cycles/s (25 before), load 0.4 12 cycles/s (6.5 before;
first 500 cycles, network still filling), 950 MB peak RSS (1.06 GB before).
The 0.4 targets are still NOT met (about 2x and 4x short).  What limits the loop: not the amount
of work (per cycle at load 0.4 on h = 6: ~630 router visits, ~1,000 packet moves, ~1,000 routing
calls, i.e. already proportional to events) but the ~40-60 scattered cache lines each visit
reads: the state of 876 routers (~7 MB) is far larger than L2 (512 KB per core), so every visit
streams its router's lines from L3, and a 36-router network (all in cache) still costs ~0.5 us
per visit in instructions (numba array accesses with strides and negative-index handling).
Records sharing cache lines, int32 state, software prefetch of the next routers and input bit
masks gave the factor ~2; more needs an event-queue engine (per-output waiting lists) that
touches only the queues whose state changed.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

# this file is itself named sim.py: keep its folder off sys.path so "import sim" finds the package
_here = Path(__file__).resolve().parent
sys.path = [p for p in sys.path if Path(p or ".").resolve() != _here] + [str(_here.parent)]

from topoanalysis import build  # noqa: E402

from sim import simulate  # noqa: E402


def bench(top, routing: str, load: float, cycles: int, warmup: int, **kw) -> None:
    t0 = time.perf_counter()
    c0 = time.process_time()
    res = simulate(top, routing, "uniform", load, cycles=cycles, warmup=warmup, seed=1, **kw)
    cpu = time.process_time() - c0
    wall = time.perf_counter() - t0
    cps = res["total_cycles"] / res["wall_seconds"]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # CPU time of this process (setup included): less sensitive to a second job on the machine
    print(f"{top.n_routers:6d} routers {top.n_endpoints:7d} nodes  {routing:8s} load {load:.2f}: "
          f"{cps:9.1f} cycles/s ({res['total_cycles'] / cpu:7.1f} per CPU s)  "
          f"{cps * top.n_routers / 1e6:7.2f} M router-cycles/s  "
          f"accepted {res['accepted_load']:.3f}  latency {res['average_latency']:.1f}  "
          f"(loop {res['wall_seconds']:.1f}s, total {wall:.1f}s, peak RSS {rss:.0f} MB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--h16", action="store_true", help="also run the h = 16 dragonfly")
    ap.add_argument("--cycles", type=int, default=4000)
    args = ap.parse_args()
    # warm the compiled code
    simulate(build("dragonfly", a=4, h=2, p=2), "min", "uniform", 0.1, cycles=10, warmup=0)
    top6 = build("dragonfly", a=12, h=6, p=6)  # seed 001 Table 1
    for load in (0.1, 0.4):
        bench(top6, "min", load, args.cycles, args.cycles // 2)
    bench(top6, "sp-min", 0.4, args.cycles, args.cycles // 2, vcs=(3, 3))
    if args.h16:
        top16 = build("dragonfly", a=32, h=16, p=16)
        for load in (0.1, 0.4):
            bench(top16, "min", load, 300, 200)


if __name__ == "__main__":
    main()
