"""Throughput of a sweep: 20 points of the seed-001 h = 6 dragonfly (876 routers, 2,000 cycles
each: 1,000 warm-up + 1,000 measured), one after another in a loop of ``sim.simulate`` calls
against ``topoanalysis.experiments.sweep`` on 2 local workers.

    python benchmarks/sweep_parallel.py [--workers 2] [--reps 1]

Both sides start with the engine loaded in this process (one small run first), so neither pays
a compile; the sweep's workers are forked from it.  Prints seconds per side and the speed-up.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# benchmarks/sim.py would shadow the simulator package: keep this folder off sys.path
_here = Path(__file__).resolve().parent
sys.path = [p for p in sys.path if Path(p or ".").resolve() != _here] + [str(_here.parent)]

import topoanalysis as ta  # noqa: E402
from sim import simulate  # noqa: E402
from topoanalysis.experiments import sweep  # noqa: E402

TOPOLOGY = dict(family="dragonfly", a=12, h=6, p=6, arrangement="palmtree")
ROUTINGS = ["min", "valiant"]
LOADS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]
RUN = dict(model="seed001", warmup=1000, cycles=1000)


def loop() -> float:
    t0 = time.perf_counter()
    top = ta.build("dragonfly", **{k: v for k, v in TOPOLOGY.items() if k != "family"})
    for r in ROUTINGS:
        for x in LOADS:
            simulate(top, r, "uniform", x, seed=1, **RUN)
    return time.perf_counter() - t0


def swept(workers: int) -> float:
    exp = {"name": "bench", "topology": TOPOLOGY, "simulate": RUN, "sweep": {"routing": ROUTINGS, "load": LOADS}}
    t0 = time.perf_counter()
    df = sweep(exp, workers=workers)
    assert len(df) == 20 and set(df["status"]) == {"ok"}
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--reps", type=int, default=1)
    a = ap.parse_args()
    simulate(ta.build("dragonfly", a=2, h=1, p=1), "min", "uniform", 0.1, warmup=10, cycles=10)  # load the engine
    for rep in range(a.reps):
        t_loop = loop()
        t_sweep = swept(a.workers)
        print(f"rep {rep}: loop of simulate {t_loop:.1f} s, sweep on {a.workers} workers {t_sweep:.1f} s, "
              f"speed-up {t_loop / t_sweep:.2f}x", flush=True)


if __name__ == "__main__":
    main()
