"""Bisection bandwidth timings (seed 004 §III–IV, seed 002 §III-C).

    python benchmarks/bisection.py [--time-limit 300] [--skip-exact] [--max-q 53]

Prints:
1. the exact α-envelopes of the (p, 4, 2) dragonfly, absolute / relative / circulant-based
   (seed 004 Figure 5), and their total time;
2. the exact α = 1 bisection of dragonflies past seed 004's 36 routers: (p,4,3) 52, (p,6,2) 78,
   (p,6,3) 114 (three arrangements), (p,8,3) 200, (p,8,4) 264 routers, each with a time limit;
   status, bounds (spectral, group profile, group pairs), seconds;
3. METIS against the proven optimum on small networks (its gap);
4. METIS (seed 002 §III-C's estimator) on Slim Fly q = 19 … 53 and the h = 16 dragonfly
   (a = 32, p = 16, palmtree): cut, links, seconds.

Figures on the 2-core development machine (shared), ``--time-limit 240``:
  envelopes absolute 1.2 s (5 solves), relative 3.3 s (9), circulant 6.2 s (9): total 10.7 s;
  exact α = 1, all proven: (p,4,2) 36 routers 20 in 0.0 s; (p,4,3) 52 routers 38 in 7.3 s
  (the only one that needs the router-level search: bounds 23/30/34 < 38); (p,6,2) 78 routers 45
  in 0.0 s; (p,6,3) 114 routers 90 in 0.3 s each for relative, palmtree and absolute (without the
  group-pair bound: not proven, bounds 78..90 after 240 s and 480 s); beyond seed 004's sizes,
  (p,8,3) 200 routers 160 in 0.5 s and (p,8,4) 264 routers 272 in 3.8 s.  Every optimum but
  (p,4,3)'s is the one-split-group cut (a/2)² local + (ah/2)² global, met by the group-pair bound;
  METIS gap to the proven optimum: 0% on Petersen, Q_6, 6x6 and 4x4x4 tori, K_5 x K_6, K_6 x K_6,
  the three (p,4,2) dragonflies at α = 2 and (p,4,3) at α = 1; 4.4% (47 vs 45) on the relative
  and circulant-based (p,6,2) at α = 1; Hoffman–Singleton: METIS 65, optimum in 63..65;
  METIS: Slim Fly q = 19 (722 routers) 0.01 s … q = 53 (5,618 routers, 221,911 links) 0.22 s,
  cut ≈ 0.33 of the links; h = 16 dragonfly (16,416 routers) 0.34 s, cut 65,938.
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


EXACT_DRAGONFLIES = [(4, 2, "relative"), (4, 3, "relative"), (6, 2, "relative"), (6, 3, "relative"),
                     (6, 3, "palmtree"), (6, 3, "absolute"), (8, 3, "relative"), (8, 4, "relative")]


def exact_dragonflies(time_limit: float) -> None:
    print(f"== exact alpha = 1 bisection of dragonflies (time limit {time_limit:g} s each)")
    for a, h, arr in EXACT_DRAGONFLIES:
        top = ta.build("dragonfly", a=a, h=h, arrangement=arr)
        res = bisection(top, alpha=1, method="exact", time_limit=time_limit)
        b = res.info["bounds"]
        print(f"  (p,{a},{h}) {arr:8s} {top.n_routers:4d} routers: {res.status:8s} cut {res.bandwidth} "
              f"(local {res.crossing['local']}, global {res.crossing['global']}), lower bound {res.lower_bound} "
              f"[spectral {b['spectral']}, group profile {b['group_profile']}, group pairs {b['group_pairs']}]  "
              f"{res.seconds:.1f} s", flush=True)


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
    ap.add_argument("--skip-exact", action="store_true", help="skip the 52-264 router exact solves")
    ap.add_argument("--max-q", type=int, default=53, help="largest Slim Fly q (default 53)")
    args = ap.parse_args()
    envelopes()
    if not args.skip_exact:
        exact_dragonflies(args.time_limit)
    metis_gaps(min(args.time_limit, 60.0))
    metis_runs(args.max_q)


if __name__ == "__main__":
    main()
