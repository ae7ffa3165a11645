"""Reproduce seed 002 Table III (disconnection resiliency) for every column we can build.

    python benchmarks/table3.py                    # rows N = 512 .. 8192, prints the comparison
    python benchmarks/table3.py --rows 512,1024    # a subset
    python benchmarks/table3.py --csv data/seed002_table3_disconnection.csv

For each paper cell we build the balanced variant of that family whose endpoint count is nearest
to N on a log scale (the paper: "missing values indicate the inadequacy of a balanced topology
variant for a given N"; it does not list its exact configurations) and report the mean
threshold, its 95% CI and the table value (mean rounded to the 5% step; "floor": rounded down,
an alternative reading of "the maximum number of cables that can be removed"), next to the
paper's percentage.  LH-HC is the long-hop hypercube with L = 5 long hops (reconstructed,
``topoanalysis.generators.longhop``).

Configurations (our choice where §III and Table II leave it open):
T3D/T5D/HC p = 1 (seed 002 §III); FT-3 k-ary with N = k³/4 (k even); DF balanced a = 2p = 2h;
FBF-3 c⁴ endpoints (p = c); SF q with p = ⌈k'/2⌉; DLN on the same routers, degree and p as the
SF of that row (ring + random shortcuts, seed 002 §VI-B3e).
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import time

from topoanalysis.families import build
from topoanalysis.reproduce.seed002_table3 import PAPER, network
from topoanalysis.resilience import resilience


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default="512,1024,2048,4096,8192", help="comma-separated N rows (paper: 512..8192)")
    ap.add_argument("--columns", default=",".join(PAPER), help="comma-separated columns")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--csv", help="also write the comparison to this CSV file (atomically)")
    args = ap.parse_args()
    rows = [int(x) for x in args.rows.split(",")]
    cols = args.columns.split(",")
    resilience(build("slimfly", q=3), samples=2)  # compile first so timings measure work
    out = []
    print(f"{'column':6} {'N':>5} {'network':34} {'endpoints':>9} {'links':>7} {'paper':>5} {'ours':>5} "
          f"{'floor':>5} {'mean':>6} {'95% CI':>15} {'samples':>7} {'s':>6}")
    for col in cols:
        for n in rows:
            paper = PAPER[col].get(n)
            if paper is None:
                continue
            top = network(col, n)
            t0 = time.perf_counter()
            res = resilience(top, seed=args.seed, metrics=["disconnection"])
            m = res.metrics["disconnection"]
            sec = time.perf_counter() - t0
            label = f"{top.family} {top.params}"[:34]
            ours = round(100 * m.table_value)
            floor = 5 * math.floor(100 * m.mean / 5 + 1e-9)  # the mean rounded down to the step
            print(f"{col:6} {n:5d} {label:34} {top.n_endpoints:9d} {top.n_links:7d} {paper:4d}% {ours:4d}% "
                  f"{floor:4d}% {m.mean:6.3f} [{m.ci_low:.3f},{m.ci_high:.3f}] {res.samples:7d} {sec:6.1f}", flush=True)
            out.append({"column": col, "N": n, "family": top.family, "params": str(top.params),
                        "endpoints": top.n_endpoints, "routers": top.n_routers, "links": top.n_links,
                        "paper_percent": paper, "ours_percent": ours, "ours_floor_percent": floor, "mean": round(m.mean, 4),
                        "ci_low": round(m.ci_low, 4), "ci_high": round(m.ci_high, 4), "samples": res.samples})
    if args.csv:
        tmp = f"{args.csv}.tmp"
        with open(tmp, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(out[0]))
            w.writeheader()
            w.writerows(out)
        os.replace(tmp, args.csv)


if __name__ == "__main__":
    main()
