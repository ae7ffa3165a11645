"""Speed of each routing against MIN: the seed 001 dragonfly (h = 6) and the seed 002 Slim Fly
(q = 19), uniform traffic, each network's own model.

    python benchmarks/sim_routings.py                 # load 0.3, 1,500 cycles after 750 of warm-up
    python benchmarks/sim_routings.py --load 0.4 --cycles 3000

Prints measured cycles/s (after the warm-up), the cost relative to MIN on the same network and
the run's accepted load, latency and hops.  A routing that takes longer paths moves more packets
per cycle, so part of its cost is work, not overhead: the hops column says how much.

Measured 2026-11-25 (2-core development VM, load 0.3, uniform; the other core busy):

    h = 6 dragonfly (seed001)    min 3,848 cycles/s; valiant 1.72x, valiant-any 2.16x, ugal-l 1.73x,
                                 ugal-g 1.98x, pb 2.90x
    Slim Fly q = 19 (seed002)    min 325 cycles/s; valiant 1.89x, ugal-l 2.59x, ugal-g 3.01x,
                                 valiant-lf 2.08x, ugal-l-lf 2.97x

OFAR (seed 001 §3 asks for 3x MIN at load 0.4), measured 2026-11-26 at load 0.4 with MIN, OFAR
and OFAR-L runs interleaved (3 rounds, 750 + 1,500 cycles): MIN 3,037 cycles/s, OFAR 740 (4.1x),
OFAR-L 930 (3.3x).  OFAR takes 4.98 hops against MIN's 2.81 and keeps 58,000 packets in flight
against 34,000.  Canonical candidates name a port and a VC range (the policy picks the VC): 5-6
candidates per selection instead of 14.4, which took OFAR from 572 to 677 cycles/s in sim_ab.py
(1.18x; MIN unchanged, 1.04x).  Where the rest goes: doubling every routing call costs OFAR 10 %
of its time, doubling every selection about 10 %, doubling the wake-up stage nothing measurable;
with its misroute candidates removed (an experiment, not a routing: 2.81 hops, like MIN) OFAR
still runs at 1,414-1,476 cycles/s against MIN's 2,760-2,788, so its machinery (routing at
request time, the escape candidate that wakes blocked heads, the VC choice by shortest queue)
costs 1.9x MIN per hop, and its 1.77x longer paths do the rest.  A profile of the compiled loop
(perf with a map of numba's symbols) is flat: the hottest site, the credit-ring walk, takes 7 %.
45 % of OFAR's 7.0 M selections decline (MIN: 17 % of 5.6 M): a blocked head is woken by any
available candidate, also a misroute the threshold then rejects or the escape hop it may not take
yet.  Waking blocked heads for their minimal port alone (inexact: an experiment) gave at most
1.15x, so an exact policy-aware wake-up bound would not reach the target either.

PB pays for its remote state: every cycle the engine counts the credits in use of all 5,256
global arcs (a walk as long as the count), and a head whose preferred path is blocked stays
undecided and is routed again at every visit.  ``simulate(..., group_window=10)`` snapshots every
10th cycle instead (flags 10-19 cycles old rather than exactly 10) and windows the engine's work:
2,114 instead of 1,241 cycles/s here, with the same result at this load.
UGAL-L costs more on the Slim Fly than on the dragonfly, likely because with single-flit
packets a decision comes with every flit: each packet decides once at its source, reading the
credit rings of 5 output ports (up to 4 VCs of 16 slots each), and its head is routed at request
time without the batched pre-routing and prefetching of the other heads; the dragonfly's 8-flit
packets decide an eighth as often per phit.  A per-port counter of credits in use would make a
decision O(candidates).  Not profiled yet.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sim import simulate  # noqa: E402
from topoanalysis import build  # noqa: E402

NETWORKS = {
    "dragonfly h = 6 (seed001)": (lambda: build("dragonfly", a=12, h=6, p=6, arrangement="palmtree"),
                                  ("min", "valiant", "valiant-any", "ugal-l", "ugal-g", "pb", "ofar")),
    "Slim Fly q = 19 (seed002)": (lambda: build("slimfly", q=19),
                                  ("min", "valiant", "ugal-l", "ugal-g", "valiant-lf", "ugal-l-lf")),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--load", type=float, default=0.3)
    ap.add_argument("--cycles", type=int, default=1500, help="measured cycles (half as many of warm-up before)")
    ap.add_argument("--routings", default="", help="comma-separated subset to run (MIN always runs: the reference)")
    ap.add_argument("--network", choices=("all", "dragonfly", "slimfly"), default="all")
    ap.add_argument("--rounds", type=int, default=1,
                    help="runs of each routing, interleaved; the best of each is reported (a shared VM's speed "
                         "drifts by 10-20%% over minutes)")
    args = ap.parse_args()
    if not 0 < args.load <= 1 or args.cycles < 2 or args.rounds < 1:
        ap.error(f"--load must be in (0, 1], --cycles >= 2 and --rounds >= 1, got {args.load}, {args.cycles} and "
                 f"{args.rounds}")
    wanted = {r for r in args.routings.split(",") if r}
    for label, (make, routings) in NETWORKS.items():
        if args.network != "all" and args.network not in label.lower().replace(" ", ""):
            continue
        routings = [r for r in routings if r == "min" or not wanted or r in wanted]
        routings += sorted(r for r in wanted if r not in routings and r.startswith("ofar") and "dragonfly" in label)
        top = make()
        print(f"{label}: {top.n_routers} routers, {top.n_endpoints} nodes, load {args.load}", flush=True)
        best: dict[str, float] = {}
        last: dict[str, dict] = {}
        for _ in range(args.rounds):
            for r in routings:
                res = simulate(top, r, "uniform", args.load, cycles=args.cycles, warmup=args.cycles // 2, seed=1)
                best[r] = max(best.get(r, 0.0), res["measured_cycles_per_second"])
                last[r] = res
        for r in routings:
            res = last[r]
            cps = best[r]
            print(f"  {r:12s} {cps:8.1f} cycles/s  cost {best['min'] / cps:4.2f}x MIN  accepted "
                  f"{res['accepted_load']:.3f}  latency {res['average_latency']:7.1f}  hops {res['average_hops']:.2f}  "
                  f"(model {res['model']['name']})", flush=True)


if __name__ == "__main__":
    main()
