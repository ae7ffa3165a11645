"""Bisection bandwidth timings (issue 4; seed 004 §III–IV, seed 002 §III-C).

    python benchmarks/bisection.py [--time-limit 300] [--skip-exact] [--max-q 53]

Prints:
1. the exact α-envelopes of the (p, 4, 2) dragonfly, absolute / relative / circulant-based
   (seed 004 Figure 5), and their total time;
2. the exact α = 1 bisection of relative dragonflies past seed 004's 36 routers: (p,4,3) 52,
   (p,6,2) 78, (p,6,3) 114 routers, each with a time limit; status, bounds, seconds;
3. METIS against the proven optimum on small networks (its gap);
4. METIS (seed 002 §III-C's estimator) on Slim Fly q = 19 … 53 and the h = 16 dragonfly
   (a = 32, p = 16, palmtree): cut, links, seconds.

Figures on the 2-core development machine (shared), ``--time-limit 240``:
  envelopes absolute 1.7 s (5 solves), relative 4.1 s (9), circulant 5.0 s (9): total 10.8 s;
  exact α = 1: (p,4,2) 36 routers 20 proven 0.0 s; (p,4,3) 52 routers 38 proven 7.5 s;
  (p,6,2) 78 routers 45 proven 1.5 s; (p,6,3) 114 routers NOT proven: cut 90, bound 78 at 240 s
  (also at 480 s);
  METIS gap to the proven optimum: 0% on Petersen, Q_6, 6x6 and 4x4x4 tori, K_5 x K_6, K_6 x K_6,
  the three (p,4,2) dragonflies at α = 2 and (p,4,3) at α = 1; 4.4% (47 vs 45) on the relative
  and circulant-based (p,6,2) at α = 1; Hoffman–Singleton: METIS 65, optimum in 63..65;
  METIS: Slim Fly q = 19 (722 routers) 0.02 s … q = 53 (5,618 routers, 221,911 links) 0.22 s,
  cut ≈ 0.33 of the links; h = 16 dragonfly (16,416 routers) 0.37 s, cut 65,938.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import topoanalysis as ta  # noqa: E402
from topoanalysis.bisection import bisection, bisection_envelope  # noqa: E402


def envelopes() -> None:
    print("== seed 004 Figure 5: exact envelopes of the (p,4,2) dragonfly, alpha in [0, 6]")
    total = 0.0
    for arr in ("absolute", "relative", "circulant"):
        env = bisection_envelope(ta.build("dragonfly", a=4, h=2, arrangement=arr), (0, 6))
        total += env.seconds
        pieces = ", ".join(f"[{p.alpha_from},{p.alpha_to}] {p.local}+{p.global_}a" for p in env.pieces)
        print(f"  {arr:10s} {env.seconds:6.2f} s  {env.solves} solves  proven={env.proven}  {pieces}")
    print(f"  total {total:.2f} s")


def exact_dragonflies(time_limit: float) -> None:
    print(f"== exact alpha = 1 bisection, relative dragonflies (time limit {time_limit:g} s each)")
    for a, h in ((4, 2), (4, 3), (6, 2), (6, 3)):
        top = ta.build("dragonfly", a=a, h=h, arrangement="relative")
        res = bisection(top, alpha=1, method="exact", time_limit=time_limit)
        b = res.info["bounds"]
        print(f"  (p,{a},{h}) {top.n_routers:4d} routers: {res.status:8s} cut {res.bandwidth} "
              f"(local {res.crossing['local']}, global {res.crossing['global']}), lower bound {res.lower_bound} "
              f"[spectral {b['spectral']}, group profile {b['group_profile']}]  {res.seconds:.1f} s", flush=True)


GAP_NETWORKS = [
    ("petersen", {}, 1), ("hoffman_singleton", {}, 1), ("hypercube", {"n": 6}, 1), ("torus", {"dims": [6, 6]}, 1),
    ("torus", {"dims": [4, 4, 4]}, 1), ("hamming", {"sizes": [5, 6]}, 1), ("hamming", {"sizes": [6, 6]}, 1),
    ("dragonfly", {"a": 4, "h": 2, "arrangement": "absolute"}, 2),
    ("dragonfly", {"a": 4, "h": 2, "arrangement": "relative"}, 2),
    ("dragonfly", {"a": 4, "h": 2, "arrangement": "circulant"}, 2),
    ("dragonfly", {"a": 4, "h": 3, "arrangement": "relative"}, 1),
    ("dragonfly", {"a": 6, "h": 2, "arrangement": "relative"}, 1),
    ("dragonfly", {"a": 6, "h": 2, "arrangement": "circulant"}, 1),
]


def metis_gaps(time_limit: float) -> None:
    print("== METIS vs the proven optimum (gap = METIS / optimum - 1)")
    for family, params, alpha in GAP_NETWORKS:
        top = ta.build(family, **params)
        me = bisection(top, alpha=alpha, method="metis")
        ex = bisection(top, alpha=alpha, method="exact", time_limit=time_limit)
        name = f"{family} {' '.join(f'{k}={v}' for k, v in params.items())} alpha={alpha}"
        if ex.optimal:
            gap = float(me.bandwidth / ex.bandwidth - 1) if ex.bandwidth else 0.0
            print(f"  {name:45s} optimum {ex.bandwidth} ({ex.seconds:.1f} s)  METIS {me.bandwidth}  gap {gap:.1%}")
        else:
            print(f"  {name:45s} optimum unknown: {ex.lower_bound}..{ex.bandwidth}  METIS {me.bandwidth}", flush=True)


def metis_runs(max_q: int) -> None:
    print("== METIS bisection (alpha = 1): Slim Fly q = 19..53 and the h = 16 dragonfly")
    for q in range(19, max_q + 1):
        try:
            top = ta.build("slimfly", q=q)
        except ValueError:
            continue  # not a prime power / no MMS graph
        t0 = time.perf_counter()
        res = bisection(top, method="metis")
        print(f"  slimfly q={q:2d} {top.n_routers:5d} routers {top.u.size:7d} links: cut {res.bandwidth} "
              f"({float(res.bandwidth) / top.u.size:.3f} of links)  {time.perf_counter() - t0:.2f} s", flush=True)
    top = ta.build("dragonfly", a=32, h=16, p=16, arrangement="palmtree")
    t0 = time.perf_counter()
    res = bisection(top, method="metis")
    print(f"  dragonfly a=32 h=16 {top.n_routers} routers {top.u.size} links: cut {res.bandwidth} "
          f"(local {res.crossing['local']}, global {res.crossing['global']})  {time.perf_counter() - t0:.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time-limit", type=float, default=300.0, help="seconds per exact solve (default 300)")
    ap.add_argument("--skip-exact", action="store_true", help="skip the 52-114 router exact solves")
    ap.add_argument("--max-q", type=int, default=53, help="largest Slim Fly q (default 53)")
    args = ap.parse_args()
    envelopes()
    if not args.skip_exact:
        exact_dragonflies(args.time_limit)
    metis_gaps(min(args.time_limit, 60.0))
    metis_runs(args.max_q)


if __name__ == "__main__":
    main()
