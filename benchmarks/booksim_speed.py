"""BookSim2's and this engine's simulated cycles per second, side by side, on the seed 002 configuration:
the Slim Fly q = 19 of Besta & Hoefler 2014 (722 routers, 15 nodes each, 10,830 nodes), §V's router
(single-flit packets, 3 VCs, 64 flits a port, credit delay 2, internal speedup 2), uniform traffic.

    python benchmarks/booksim_speed.py --booksim PATH [--load 0.4]
        [--short 100 --long 300] [--ours-short 500 --ours-long 1500]

The network is data/seed002_slimfly_q19 for both: BookSim2 reads it as an ``anynet`` file (links
of 1 cycle, ``benchmarks/booksim/booksim.py``'s cross-validated ``BASE`` router with 3 VCs of 21
flits and ``internal_speedup = 2.0``), this engine runs it with the ``seed002`` preset.  BookSim2's
``anynet`` routes MIN only (``min_anynet``; benchmarks/booksim/NOTES.md section 3, item 7), so its
UGAL-L row says so instead of a figure.

Each simulator runs every configuration twice, a short and a long measurement (BookSim2: one
warm-up period and one sample period of ``--short`` / ``--long`` cycles, then the drain of the
measured packets; ours: a warm-up and a measurement of ``--ours-short`` / ``--ours-long`` cycles
each), and the speed is the difference of the simulated cycles over the difference of the times:
network construction, routing tables, compilation and the drain's tail cancel out.  Per wall
second and per CPU second of the process; both simulators are single-threaded and run one at a
time, BookSim2 under ``nice -n 10`` (``benchmarks/booksim/speed.py``), so on a shared machine the
CPU-second figures are the ones to compare.

Measured 2026-11-27 (2-core VM shared with four other sessions), load 0.4, two runs of the script:

    BookSim2 MIN (anynet)   6.8 and 7.0 simulated cycles per CPU second (--short 200 --long 500:
                            222 / 522 cycles; --short 100 --long 300: 123 / 323; accepted 0.35-0.39,
                            the network still filling in such short runs)
    this engine MIN         199 and 200 per CPU second (1,000 / 3,000 cycles; accepted 0.400)
    this engine UGAL-L      107 and 109 per CPU second (1.9x MIN's time)

this engine's MIN about 29 times BookSim2's on the same network and router.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks" / "booksim"))

from speed import run as booksim_run  # noqa: E402

from sim import simulate  # noqa: E402
from topoanalysis.io.csv import read_csv  # noqa: E402
from topoanalysis.io.formats import to_booksim_anynet  # noqa: E402

#: Besta & Hoefler 2014, §V in BookSim2's names (on top of ``BASE``): 64 flits a port over 3 VCs
#: (21 each, as the seed002 preset divides them), internal speedup 2
BOOKSIM_SEED002 = dict(topology="anynet", num_vcs=3, vc_buf_size=21, internal_speedup=2.0)


def ours(top, routing: str, load: float, period: int) -> tuple[int, float, float, float]:
    """(simulated cycles, wall seconds, CPU seconds, accepted load) of one run of this engine:
    ``period`` cycles of warm-up and ``period`` measured."""
    t0, c0 = time.perf_counter(), time.process_time()
    r = simulate(top, routing, "uniform", load, model="seed002", warmup=period, cycles=period, seed=1)
    return r["total_cycles"], time.perf_counter() - t0, time.process_time() - c0, r["accepted_load"]


def _speed(a: tuple, b: tuple) -> tuple[float, float]:
    dc = b[0] - a[0]
    return (dc / (b[1] - a[1]) if b[1] > a[1] else float("nan"), dc / (b[2] - a[2]) if b[2] > a[2] else float("nan"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--booksim", required=True, help="a built BookSim2 binary")
    ap.add_argument("--load", type=float, default=0.4)
    ap.add_argument("--short", type=int, default=100, help="BookSim2's short sample period (cycles)")
    ap.add_argument("--long", type=int, default=300, help="BookSim2's long sample period (cycles)")
    ap.add_argument("--ours-short", type=int, default=500, help="this engine's short warm-up and measurement")
    ap.add_argument("--ours-long", type=int, default=1500, help="this engine's long warm-up and measurement")
    ap.add_argument("--routings", default="min,ugal-l")
    args = ap.parse_args(argv)
    top = read_csv(ROOT / "data" / "seed002_slimfly_q19")
    print(f"Slim Fly q = 19 (Besta & Hoefler 2014, §V router): {top.n_routers} routers, {top.n_endpoints} nodes; "
          f"uniform, load {args.load}", flush=True)
    ours(top, "min", args.load, 20)  # the engine's compilation (or its cache's load) outside the timings
    rows = []
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "sf19.anynet")
        to_booksim_anynet(top, path, overwrite=True, latency=1)
        for routing in args.routings.split(","):
            if routing == "min":
                bs = dict(BOOKSIM_SEED002, network_file=path, routing_function="min")
                a = booksim_run(args.booksim, bs, args.load, args.short)
                b = booksim_run(args.booksim, bs, args.load, args.long)
                rows.append(("BookSim2", routing, a, b))
            else:
                rows.append(("BookSim2", routing, None, None))
            a = ours(top, routing, args.load, args.ours_short)
            b = ours(top, routing, args.load, args.ours_long)
            rows.append(("this engine", routing, a, b))
            for sim_name, r, a, b in rows[-2:]:
                _print(sim_name, r, a, b)
    print()
    print("| simulator | routing | cycles (short / long) | cycles per wall second | per CPU second | accepted |")
    print("| --- | --- | --- | --- | --- | --- |")
    for sim_name, r, a, b in rows:
        if a is None:
            print(f"| {sim_name} | {r} | - | (anynet routes MIN only) | | |")
            continue
        w, c = _speed(a, b)
        print(f"| {sim_name} | {r} | {a[0]:,} / {b[0]:,} | {w:,.1f} | {c:,.1f} | {a[3]:.3f} / {b[3]:.3f} |")
    return 0


def _print(sim_name: str, routing: str, a: tuple | None, b: tuple | None) -> None:
    if a is None:
        print(f"{sim_name:11s} {routing:6s} no UGAL on anynet", flush=True)
        return
    w, c = _speed(a, b)
    print(f"{sim_name:11s} {routing:6s} {a[0]:6d} cycles in {a[1]:7.1f} s ({a[2]:7.1f} s CPU), {b[0]:6d} in "
          f"{b[1]:7.1f} s ({b[2]:7.1f} s CPU): {w:8.1f} cycles/s of wall time, {c:8.1f} per CPU second", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
