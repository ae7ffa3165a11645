"""Simulated cycles per second of FOGSim and of our engine on the canonical palmtree h = 6.

    python benchmarks/fogsim/speed.py --fogsim /tmp/fogsim-b934297/fogsim [--cycles 1000] [--load 0.4]

The network is seed 001's h = 6 dragonfly (a = 12, p = 6, 73 groups, 876 routers, 5,256 nodes)
with the Table 1 router of :mod:`configs`; MIN, PB and OFAR (escape ring A) under uniform
traffic at one load.  Both simulators warm up for ``--cycles`` and measure as many; the figure
is (warmup + measured cycles) / wall seconds of the whole run: FOGSim's process (network
construction included) and our ``simulate`` call (the engine compiled beforehand by a short
warm-up run; topology construction and tables included, as its ``wall_seconds``).  Runs go one
at a time, both at niceness 10 (the machine is shared); prints a table.  With 2 shared cores the
figures move with the other load on the machine: compare the ratio, and rerun to see its spread.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import configs  # noqa: E402
from run import parse_fogsim2014  # noqa: E402

H6 = dataclasses.replace(configs.SEED001, p=6, a=12, h=6)


def fogsim_speed(binary: str, routing: str, load: float, cycles: int, work: str) -> tuple[float, dict]:
    cfg = os.path.join(work, f"{routing}.txt")
    with open(cfg, "w") as f:
        f.write(configs.fogsim2014_config(routing, "uniform", cycles, H6))
    out = os.path.join(work, f"{routing}.out")
    # the process inherits this script's niceness (main sets 10): both simulators run at the same priority
    argv = configs.fogsim2014_argv(binary, cfg, out, load, 1, H6)
    t = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, cwd=work)
    dt = time.perf_counter() - t
    return 2 * cycles / dt, parse_fogsim2014(open(out, encoding="utf-8", errors="replace").read())


def ours_speed(routing: str, load: float, cycles: int) -> tuple[float, dict]:
    from sim import simulate

    t = time.perf_counter()
    r = simulate(configs.topology(H6), traffic="uniform", load=load, cycles=cycles, warmup=cycles, seed=1,
                 **configs.ours(routing, H6))
    dt = time.perf_counter() - t
    return 2 * cycles / dt, r


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fogsim", required=True, help="the FOGSim b934297 binary")
    ap.add_argument("--cycles", type=int, default=500, help="warmup cycles, and as many measured")
    ap.add_argument("--load", type=float, default=0.4)
    ap.add_argument("--routings", default="min,pb,ofar")
    args = ap.parse_args(argv)
    os.nice(10)
    from sim import simulate

    # compile (or load the cached) engine before timing
    simulate(configs.topology(), traffic="uniform", load=0.1, cycles=100, warmup=100, seed=1, **configs.ours("min"))
    print(f"h = 6 palmtree (a = 12, p = 6, 876 routers, 5,256 nodes), uniform, load {args.load}, "
          f"{args.cycles} warmup + {args.cycles} measured cycles")
    print(f"{'routing':8s} {'FOGSim cyc/s':>13s} {'ours cyc/s':>11s} {'ratio':>7s}   accepted FOGSim / ours")
    with tempfile.TemporaryDirectory() as work:
        for routing in args.routings.split(","):
            f_cps, f = fogsim_speed(args.fogsim, routing, args.load, args.cycles, work)
            o_cps, o = ours_speed(routing, args.load, args.cycles)
            print(f"{routing:8s} {f_cps:13.1f} {o_cps:11.1f} {o_cps / f_cps:6.1f}x   "
                  f"{f['accepted_load']:.3f} / {o['accepted_load']:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
