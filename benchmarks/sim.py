"""Simulator speed (issue 5 "Speed"): cycles/s and router-cycles/s on the seed 001 network.

    python benchmarks/sim.py            # h = 6 (876 routers) at load 0.1 and 0.4 uniform, min (hierarchical) and sp-min
    python benchmarks/sim.py --h16      # also the h = 16 dragonfly (16,416 routers, 262,656 nodes)

Targets (issue 5): >= 2,000 cycles/s for h = 6, >= 50 cycles/s for h = 16 on one core.

Measured on the 2-core development VM, 2026-11-23.  The host is shared: the same run varies
from minute to minute by up to a factor 1.7 (h = 6 load 0.4 gave 1,350 once and 2,700 in a quiet
minute); results are bit for bit the same as before the engine work of that day.
h = 6, Table 1 model, uniform, min: load 0.4 2,000-2,460 cycles/s in most runs (target 2,000;
900-1,060 at the start of that day, 225 before the first engine work), load 0.1 8,400-10,600,
sp-min 0.4 1,650-1,990; 175 MB peak RSS once the compiled code is cached (a cold numba cache
compiles the loop first, which alone peaks at ~730 MB).
h = 16 (16,416 routers, 262,656 nodes), 300 cycles: load 0.1 64-72 cycles/s (>= 50), load 0.4
21-23 cycles/s (12 at the start of that day; BookSim2 12.6), 880 MB peak RSS.  At load 0.4 the
h = 16 network does NOT reach 50 cycles/s: its state (~400 MB) lives in DRAM and a perf profile
is flat over a dozen scattered stalls per packet move (output busy times and arc records of the
candidates, the credit ring write at a dequeue, the free packet list, routing tables).
What made the difference (each step checked bit-identical on 18 configurations): per-input
next-move bounds so a visit examines only the ~2 inputs that can move (it walked ~14);
credits as FIFO rings of slot return times (one read per check, exact wake-up times); compact
routing tables (no 64-byte record read per arc of a router); one router record per router;
each packet keeps its successor's ready cycle; prefetching, at request time, the credit slot
and next-router lines a grant writes (the top two stalls in the perf profile); a direct
group-pair table for the hierarchical routing (h = 16: 1.03x).
Next step for h = 16: overlap those misses across routers.  Within one cycle the routers'
decisions are independent (everything a move writes elsewhere is due at t + 1 or later), so the
requests of a batch of routers can be made first, prefetching what their moves write, and the
moves done after; only the order of random draws changes (the router's r_next must then be reset
before the batch so that arrivals during it are kept).
Single runs minutes apart are not comparable here: compare two versions with
``benchmarks/sim_ab.py`` (both alternate in one process, so they share the machine's state).
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
