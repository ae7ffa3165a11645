"""Simulator speed (issue 5 "Speed"): cycles/s and router-cycles/s on the seed 001 network.

    python benchmarks/sim.py            # h = 6 (876 routers) at load 0.1 and 0.4 uniform, min (hierarchical) and sp-min
    python benchmarks/sim.py --h16      # also the h = 16 dragonfly (16,416 routers, 262,656 nodes)

Targets (issue 5): >= 2,000 cycles/s for h = 6, >= 50 cycles/s for h = 16 on one core.

Measured on the 2-core development VM, 2026-11-23 (the host is shared: the same run varies from
minute to minute by up to a factor 1.7; results are bit for bit those of the first engine that
visited routers one at a time).  "Measured" is the speed over the measured cycles, after the
warm-up; the whole-run figure includes the warm-up, which runs faster while the network fills.
h = 6, Table 1 model, uniform, min: load 0.4 1,690-2,250 cycles/s in the same hour (four runs in
a row: 2,059, 2,161, 2,037, 1,852; target 2,000; 900-1,060 at the start of that day, 225 before
the first engine work), load 0.1 6,500-8,900, sp-min 0.4 1,360-1,820.
h = 16 (16,416 routers, 262,656 nodes), 200 measured cycles after 600 of warm-up: load 0.1
75-91 cycles/s (>= 50; BookSim2 35), load 0.4 25-26 cycles/s, accepted 0.400 (BookSim2 12.6).
The network fills fast up to cycle ~250 and then slowly; deliveries reach the generation rate
only by cycle ~600 (over cycles 301-400 the same code runs at 28-33 cycles/s, over 301-500 at
25-27 with accepted 0.391).  Earlier figures (27-29 at load 0.4) timed 300 cycles after only 200
of warm-up and so included part of the filling.  At load 0.4 the h = 16 network does NOT reach
50 cycles/s.
Peak RSS: the first run compiles the loop (about 76 s, up to 1.1 GB); with the compiled
code cached, h = 6 needs ~175 MB and h = 16 ~900 MB.
What made the difference (each step checked bit-identical on 18 configurations): per-input
next-move bounds so a visit examines only the ~2 inputs that can move (it walked ~14);
credits as FIFO rings of slot return times; compact routing tables; one router record per
router; prefetching at request time the lines a grant writes; visiting the routers in batches
of 8 (h = 16, 1.4x together): each link of a visit's chain of cache misses (due inputs -> queue
records -> head packets -> routing tables -> candidates' outputs and credits) is walked for the
whole batch before the next, and the moves' effects at other routers are applied at the end of
the batch; and prefetching the arc records only of the inputs found due and of the heads'
candidates instead of all arcs of the next batch's routers (h = 16 1.18x over the first 200
cycles); prefetching into L2 rather than L1 (h = 16 1.05-1.10x, h = 6 1.04x).  At steady state
those two gained less: cycles 301-400 at h = 16, 5 paired runs, 28.5 -> 30.1 cycles/s (1.06x).
Where h = 16 at load 0.4 stands (counters, 600 cycles): every cycle visits ~15,500 of the
16,416 routers, finds ~35 inputs holding packets per router (551,000 bound checks), examines
67,000 inputs, makes 51,000 requests and 45,000 packet moves, and routes 45,000 heads; that is
~2,000 TSC ticks (~0.9 us) per move, against ~1,300 at h = 6 (976 moves per cycle), whose
state fits the 32 MB L3.
The rdtsc split is flat (generation 10%, finding due inputs 8%, head-packet pass 16%,
pre-routing 8%, requests 23%, moves 10%, deferred effects 13%, wake-up bounds 5%), and h = 6
splits almost the same way, so no single phase holds the missing 2x: it would take both
fewer instructions per move and far fewer cache misses.  Tried and not kept (A/B within noise
or slower): a deeper pipeline with each stage one batch ahead (0.91-0.96x), prefetching the next
batch's queue records (0.93x), batches of 4, 16 or 32 routers (also at steady state: 4 23-25,
8 26-27, 16 23-24, 32 21-25 cycles/s), dropping the remote-line prefetches of the head pass,
not prefetching the hot port records of the next batch (1.02x / 1.00x), preparing the
generating endpoints 32 at a time with their records prefetched (0.98x at h = 16, 0.91x at h = 6),
finding the due inputs with a branch-free loop over all inputs (0.95x at h = 16), per-input
due cycles in int32 (0.99x / 0.97x), routing a packet that arrives at an empty queue right after
its arrival, with the next batch's new heads (1.01x / 1.00x).
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
            # 200 measured cycles after 600 of warm-up: at load 0.4 the network fills fast up to
            # cycle ~250 and then slowly; deliveries reach the generation rate by cycle ~600
            bench(top16, "min", load, 200, 600)


if __name__ == "__main__":
    main()
