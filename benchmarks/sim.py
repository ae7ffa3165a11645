"""Simulator speed: cycles/s and router-cycles/s on the seed 001 network.

    python benchmarks/sim.py            # h = 6 (876 routers) at load 0.1 and 0.4 uniform, min (hierarchical) and sp-min
    python benchmarks/sim.py --h16      # also the h = 16 dragonfly (16,416 routers, 262,656 nodes)
    python benchmarks/sim.py --start    # first the cold (empty numba cache) and warm start times

Targets: >= 2,700 cycles/s for h = 6 at load 0.4, >= 50 cycles/s for h = 16 on one core.

Measured on the 2-core development VM (AMD EPYC, 1 MB L2 per core, 32 MB L3), 2026-11-24, with
the group windows (see ``sim.engine``, "Windows"); "measured" is the speed over the measured
cycles, after the warm-up:
h = 6, Table 1 model, uniform, min: load 0.4 3,176 cycles/s (target 2,000), load 0.1 10,833,
sp-min 0.4 2,626; peak RSS ~180 MB.
h = 16 (16,416 routers, 262,656 nodes), 200 measured cycles after 600 of warm-up: load 0.4
59.7 cycles/s (target 50; BookSim2 12.6), accepted 0.399; load 0.1 200.5 (BookSim2 35); peak RSS
884 MB (BookSim2 360-470 MB).
Interleaved A/B against the engine of the session's start (benchmarks/sim_ab.py, h = 16 load
0.4, --cycles 1200, 3 pairs): 38 -> 56 cycles/s (1.46x, 3 of 3); h = 6 unchanged (0.995x, 6
pairs, 3,161 vs 3,144).  Step by step at h = 16 load 0.4 (same process): cycle by cycle 39.2;
blocks of 8 routers through windows of 10 cycles 48.2-49.6; groups through windows of 100
cycles 54.3-55.8.  Batches of 4, 16 and 32 routers: 46.8, 51.3, 47.6 (8: 55.1).
Applying the deferred effects once per window instead of once per batch and cycle (with a
prefetch pipeline): 0.99x on its own; it is what lets the effects between groups wait for the
end of a group window.
Before the windows (2026-11-23): per-input next-move bounds so a visit examines only the ~2
inputs that can move (it walked ~14); credits as FIFO rings of slot return times; compact
routing tables; one router record per router; prefetching at request time the lines a grant
writes; visiting the routers in batches of 8, each link of a visit's chain of cache misses
(due inputs -> queue records -> head packets -> routing tables -> candidates' outputs and
credits) walked for the whole batch before the next; prefetching into L2.  Counters at h = 16
load 0.4: every cycle visits ~15,500 of the 16,416 routers, makes ~51,000 requests and ~45,000
packet moves.
The first run compiles the loop; the compiled code is cached.  Cold start (--start, 2026-11-25,
third session): 27.8 s and 0.39 GB, warm start 0.5 s: every helper and stage compiled once,
inlined by LLVM (``forceinline``) and without Python entry points (``sim/_jit.py``); 20.9 s
before UGAL-L/G and the loop-free variants were added.  Before: 45.8 s and 0.75 GB with numba's
IR inlining (146-155 s and 1.4 GB with every routing inlined by numba at both routing sites).
Interleaved A/B (h = 6, load 0.4, 3-5 pairs): LLVM inlining against numba's, MIN 1.10x (3,019
vs 2,754 cycles/s), Valiant 1.13x (1,963 vs 1,742); the loop split into named stages, 0.97x;
the UGAL interface (tags, path decisions, remote state), 0.94-0.97x; all of it against the
session's start, 1.02x (2,765 vs 2,716).  UGAL-L at h = 6, load 0.4: 1,775 cycles/s (MIN 3,130,
1.76x MIN's cost).  h = 16 at load 0.4: 54.7 cycles/s.
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


def start_times() -> None:
    """Cold start (an empty numba cache: the first run after an install) and warm start (the
    cache filled by the cold run) of one short simulation, each in a fresh process."""
    import os
    import subprocess
    import tempfile

    code = ("import time; t = time.perf_counter(); from topoanalysis import build; from sim import simulate; "
            "simulate(build('dragonfly', a=4, h=2, p=2), 'min', 'uniform', 0.1, cycles=10, warmup=0); "
            "print(time.perf_counter() - t)")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for what in ("cold", "warm"):
            t0 = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                                 cwd=str(_here.parent))
            rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            print(f"{what} start: {float(out.stdout.split()[-1]):6.1f} s to the first result "
                  f"(process {time.perf_counter() - t0:.1f} s, peak RSS of the children so far {rss:.0f} MB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--h16", action="store_true", help="also run the h = 16 dragonfly")
    ap.add_argument("--cycles", type=int, default=4000)
    ap.add_argument("--start", action="store_true", help="measure cold and warm start (compile) times first")
    args = ap.parse_args()
    if args.start:
        start_times()
    # warm the compiled code
    simulate(build("dragonfly", a=4, h=2, p=2), "min", "uniform", 0.1, cycles=10, warmup=0)
    top6 = build("dragonfly", a=12, h=6, p=6)  # García et al. 2014, Table 1
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
