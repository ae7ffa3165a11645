"""Simulator speed (issue 5 "Speed"): cycles/s and router-cycles/s on the seed 001 network.

    python benchmarks/sim.py            # h = 6 (876 routers) at load 0.1 and 0.4 uniform, min (hierarchical) and sp-min
    python benchmarks/sim.py --h16      # also the h = 16 dragonfly (16,416 routers, 262,656 nodes)

Targets (issue 5): >= 2,000 cycles/s for h = 6, >= 50 cycles/s for h = 16 on one core.

Measured on the 2-core development VM, 2026-11-23 (the host is shared: the same run varies from
minute to minute by up to a factor 1.7; results are bit for bit those of the first engine that
visited routers one at a time).
h = 6, Table 1 model, uniform, min: load 0.4 2,140-2,260 cycles/s (target 2,000; 900-1,060 at
the start of that day, 225 before the first engine work), load 0.1 8,600-8,900, sp-min 0.4
1,540-1,820.
h = 16 (16,416 routers, 262,656 nodes), 300 cycles after 200 of warm-up: load 0.1 82-94
cycles/s (>= 50; BookSim2 35), load 0.4 27-29 cycles/s (12 at the start of that day, 19-23
before the batches; BookSim2 12.6).  At load 0.4 the h = 16 network does NOT reach 50 cycles/s.
Peak RSS: the first run compiles the loop (about 76 s, up to 1.1 GB); with the compiled
code cached, h = 6 needs ~175 MB and h = 16 ~900 MB.
What made the difference (each step checked bit-identical on 18 configurations): per-input
next-move bounds so a visit examines only the ~2 inputs that can move (it walked ~14);
credits as FIFO rings of slot return times; compact routing tables; one router record per
router; prefetching at request time the lines a grant writes; and (h = 16, 1.4x together)
visiting the routers in batches of 8: each link of a visit's chain of cache misses (due inputs
-> queue records -> head packets -> routing tables -> candidates' outputs and credits) is
walked for the whole batch before the next, and the moves' effects at other routers are
applied at the end of the batch.  With rdtsc timers the h = 16 cycle splits into generation
11%, finding due inputs 7%, head-packet prefetch 15%, pre-routing 12%, requests 21%, moves
10%, deferred effects 12%, wake-up bounds 4%; the head-packet pass ran 4x faster when repeated
on warm lines, so the loop is still bound by cache misses (about 18 distinct lines per packet
move), now limited by how many can be in flight.  Tried and not kept (A/B within noise or
slower): a deeper pipeline with each stage one batch ahead (0.91-0.96x), prefetching the next
batch's queue records (0.93x), batches of 4, 16 or 32 routers, dropping the remote-line
prefetches of the head pass.  Next: fewer distinct lines per move (credit pointers, waiters and
arc data in one record; the queue record on one line).
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
    # the measured cycles (after the warm-up: the network's steady state; the warm-up runs faster
    # while the network fills) and the whole run
    cps = res["measured_cycles_per_second"]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # CPU time of this process (setup included): less sensitive to a second job on the machine
    print(f"{top.n_routers:6d} routers {top.n_endpoints:7d} nodes  {routing:8s} load {load:.2f}: "
          f"{cps:9.1f} cycles/s measured, {res['cycles_per_second']:9.1f} whole run "
          f"({res['total_cycles'] / cpu:7.1f} per CPU s)  "
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
            # 200 measured cycles after 300 of warm-up: at load 0.4 the network is full (packets in
            # flight stop growing) from about cycle 250 on
            bench(top16, "min", load, 200, 300)


if __name__ == "__main__":
    main()
