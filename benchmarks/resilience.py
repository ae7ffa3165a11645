"""Benchmark: seed 002 Table III-style resiliency row of a ~2,000-router network, and cost models.

    python benchmarks/resilience.py            # Slim Fly q=31 (1,922 routers), all three metrics
    python benchmarks/resilience.py --quick    # q=17 (578 routers)

Prints wall time, samples drawn and each metric's mean, 95% CI and table value.
"""

from __future__ import annotations

import argparse
import time

from topoanalysis.cost import network_cost
from topoanalysis.families import build
from topoanalysis.resilience import resilience


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="smaller network")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-samples", type=int, default=200)
    args = ap.parse_args()

    # warm the JIT so the timings below measure the work, not compilation
    t0 = time.perf_counter()
    resilience(build("slimfly", q=3), samples=2)
    print(f"JIT warm-up: {time.perf_counter() - t0:.1f} s")

    q = 17 if args.quick else 31
    top = build("slimfly", q=q)
    print(f"Slim Fly q={q}: {top.n_routers} routers, {top.n_links} links, {top.n_endpoints} endpoints")
    for metrics in (["disconnection"], ["diameter_plus_2", "avg_path_plus_1"]):
        t0 = time.perf_counter()
        res = resilience(top, seed=args.seed, metrics=metrics, max_samples=args.max_samples)
        dt = time.perf_counter() - t0
        print(f"  {', '.join(metrics)}: {dt:.1f} s, {res.samples} samples, converged={res.converged}")
        for name, m in res.metrics.items():
            print(f"    {name:16s} mean {m.mean:.4f}  95% CI [{m.ci_low:.4f}, {m.ci_high:.4f}]  "
                  f"table {m.table_value * 100:.0f}%")

    t0 = time.perf_counter()
    rep = network_cost(build("slimfly", q=19))
    print(f"cost model, Slim Fly q=19 (N=10,830): {time.perf_counter() - t0:.3f} s, "
          f"${rep.cost_per_endpoint:.0f}/endpoint, {rep.power_per_endpoint:.2f} W/endpoint "
          f"(paper Table IV: $1,033, 8.02 W)")
    t0 = time.perf_counter()
    rep = network_cost(build("dragonfly", a=22, h=11, p=11))
    print(f"cost model, dragonfly a=22 h=11 (5,346 routers): {time.perf_counter() - t0:.3f} s, "
          f"${rep.cost_per_endpoint:.0f}/endpoint, {rep.power_per_endpoint:.2f} W/endpoint "
          f"(paper Table IV: $1,438, 10.9 W)")


if __name__ == "__main__":
    main()
