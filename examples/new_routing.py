"""A routing of your own: declare its kind, register it with one line, prove it deadlock-free and
simulate it beside a registered routing.

    python examples/new_routing.py [OUTDIR]

``sim/routings/example.py`` is the routing (``sp-first``: the first minimal hop in arc order, VC k
on hop k); a module of yours declares its ``Kind`` the same way.  Writes OUTDIR/new_routing.csv.
"""

import csv
import sys
from pathlib import Path

import topoanalysis as ta
from sim import simulate
from sim.cdg import dependency_cycle
from sim.routings import REGISTRY, RoutingEntry, example

out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples_out")
out.mkdir(parents=True, exist_ok=True)

# the one registry line: simulate(), the CLI's --routing and the channel-dependency proof know it now
REGISTRY["sp-first"] = RoutingEntry(example.build, "the first minimal hop in arc order", "example")

hx = ta.build("hamming", sizes=[4, 4], p=2)                    # a 4 x 4 HyperX, 32 endpoints
assert dependency_cycle(hx, "sp-first") is None                 # acyclic channel dependencies

rows = []
for routing in ("sp-first", "sp-min"):                         # one path against every minimal one
    r = simulate(hx, routing, "uniform", 0.6, model="booksim", cycles=1000, warmup=500, seed=1)
    rows.append((routing, r["accepted_load"], r["average_latency"]))
    print(f"{routing:9s} accepted {r['accepted_load']:.3f}  latency {r['average_latency']:.1f} cycles")

with open(out / "new_routing.csv", "w", newline="") as fh:
    csv.writer(fh).writerows([("routing", "accepted_load", "average_latency"), *rows])
print(f"wrote {out / 'new_routing.csv'}")
