"""Speed of one simulation on 1 and 2 threads (``simulate(threads=...)``, ``sim.engine_par``).

    python benchmarks/sim_threads.py                 # the h = 6 dragonfly (876 routers), load 0.4
    python benchmarks/sim_threads.py --h16           # also the h = 16 one (16,416 routers)
    python benchmarks/sim_threads.py --routings min --reps 5

For each network and routing (MIN, UGAL-L and OFAR, uniform traffic at load 0.4) it runs the same
simulation with 1 and 2 threads alternately (``--reps`` pairs: a busy host slows both alike) and
prints the cycles per second of the measured cycles (after the warm-up) of each, the speed-up of
their medians and whether the results were the same (they must be, bit for bit).  The runs with 2
threads also report the share of a window's time the engine spent in its serial part (the
snapshot of remote state, the top-up of the threads' packet free lists and the application of the
effects the threads deferred at each other's groups), measured with the CPU's cycle counter; from
it Amdahl's law gives what 16 threads would get: 1 / (s + (1 - s) / 16), with s = S / (S + 2 P)
for the serial time S and the parallel sections' time P with 2 threads (the serial part is timed
per window, not the start and end of each engine call: summing the threads' counters and
chaining their free lists, once per 1,000 cycles), if the parallel part divided evenly (16
threads over 73 groups at h = 6 get 4 or 5 each: at best 73 / 80 of that).

Measured 2026-11-27 on the 2-core development VM with no other job running (``--reps 3 --cycles
2000``; h = 16: ``--reps 2 --cycles 200 --h16 --h16-cycles 200 --h16-warmup 100``):

    h=6   min     1 thread   2801.1 cyc/s   2 threads   4938.0 cyc/s   x1.76   serial share  8.3% (Amdahl, 16 threads: x 7.1)
    h=6   ugal-l  1 thread   1487.3 cyc/s   2 threads   2780.0 cyc/s   x1.87   serial share  8.0% (Amdahl, 16 threads: x 7.3)
    h=6   ofar    1 thread    944.3 cyc/s   2 threads   1803.8 cyc/s   x1.91   serial share  5.7% (Amdahl, 16 threads: x 8.6)
    h=16  min     1 thread     57.5 cyc/s   2 threads    100.0 cyc/s   x1.74   serial share 10.8% (Amdahl, 16 threads: x 6.1)
    h=16  ugal-l  1 thread     39.2 cyc/s   2 threads     71.3 cyc/s   x1.82   serial share  9.9% (Amdahl, 16 threads: x 6.4)
    h=16  ofar    1 thread     19.9 cyc/s   2 threads     38.5 cyc/s   x1.93   serial share  6.4% (Amdahl, 16 threads: x 8.1)

With other jobs keeping the load average at about 5 the second thread has no core of its own and
2 threads ran no faster than 1 (MIN x0.80 at h = 6).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path = [p for p in sys.path if Path(p or ".").resolve() != _here] + [str(_here.parent)]

from sim import engine_par, simulate  # noqa: E402
from sim.testing import TIMING_FIELDS  # noqa: E402
from topoanalysis import build  # noqa: E402


def _kept(res: dict) -> dict:
    # the engine's work counters may differ by a spurious wake-up between 1 and 2 threads (see
    # tests/test_sim_threads.py); the results may not
    return {k: v for k, v in res.items() if k not in TIMING_FIELDS + ("engine_counters",)}


def bench(name: str, top, routing: str, load: float, cycles: int, warmup: int, reps: int) -> None:
    speed: dict[int, list[float]] = {1: [], 2: []}
    serial: list[float] = []
    same = True
    ref = None
    for _ in range(reps):
        for n in (1, 2):
            res = simulate(top, routing, "uniform", load, cycles=cycles, warmup=warmup, seed=1, threads=n)
            speed[n].append(res["measured_cycles_per_second"])
            if n == 2:
                # the serial part S and the parallel sections P (wall, 2 threads) of the whole run:
                # one thread would take S + 2 P, of which S is the serial share
                c = engine_par.LAST_CLOCK
                serial.append(float(c[0]) / float(c[0] + 2 * c[1]))
            if ref is None:
                ref = _kept(res)
            else:
                same = same and _kept(res) == ref
    s1, s2 = statistics.median(speed[1]), statistics.median(speed[2])
    sh = statistics.median(serial)
    amdahl16 = 1.0 / (sh + (1.0 - sh) / 16.0)
    print(
        f"{name:5s} {routing:7s} 1 thread {s1:8.1f} cyc/s   2 threads {s2:8.1f} cyc/s   x{s2 / s1:4.2f}   "
        f"serial share {100 * sh:4.1f}% (Amdahl, 16 threads: x{amdahl16:4.1f})   same results: {same}",
        flush=True,
    )
    print(f"      runs 1: {', '.join(f'{x:.1f}' for x in speed[1])}   2: {', '.join(f'{x:.1f}' for x in speed[2])}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routings", nargs="+", default=["min", "ugal-l", "ofar"])
    ap.add_argument("--load", type=float, default=0.4)
    ap.add_argument("--reps", type=int, default=3, help="pairs of runs (1 thread, 2 threads) per routing")
    ap.add_argument("--cycles", type=int, default=1500, help="h = 6: measured cycles per run (as many of warm-up)")
    ap.add_argument("--h16", action="store_true", help="also the h = 16 dragonfly")
    ap.add_argument("--h16-cycles", type=int, default=200, help="h = 16: measured cycles per run")
    ap.add_argument("--h16-warmup", type=int, default=300)
    args = ap.parse_args()
    t0 = time.perf_counter()
    # the engines, compiled or loaded, before any timing
    small = build("dragonfly", a=4, h=2, p=2)
    for routing in args.routings:
        for n in (1, 2):
            simulate(small, routing, "uniform", 0.1, cycles=10, warmup=0, threads=n)
    print(f"engines ready in {time.perf_counter() - t0:.0f} s", flush=True)
    top6 = build("dragonfly", a=12, h=6, p=6)  # García et al. 2014, Table 1
    for routing in args.routings:
        bench("h=6", top6, routing, args.load, args.cycles, args.cycles, args.reps)
    if args.h16:
        top16 = build("dragonfly", a=32, h=16, p=16)
        for routing in args.routings:
            bench("h=16", top16, routing, args.load, args.h16_cycles, args.h16_warmup, args.reps)


if __name__ == "__main__":
    main()
