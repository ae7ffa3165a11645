"""Exact α-envelopes of dragonflies past seed 004's (p, 4, 2): how long each takes to prove.

    python benchmarks/bisection_scale.py [--sizes 6 8] [--time-limit 600] [--arrangements ...] [-o CSV]

For each (p, a, 2) dragonfly (a = 6: 78 routers, a = 8: 136) and arrangement, computes
:func:`topoanalysis.bisection.bisection_envelope` on α in [0, 6]: seed 004's divide and conquer
with 2 s CP-SAT solves for good cuts (``solves``), then one pass of the profile search of
:mod:`topoanalysis.bisection.profiles` over every α, limited to ``--time-limit`` seconds.  Prints
the pieces, solves, seconds and whether the envelope is proven, and with ``-o`` writes one row per
piece (``proven`` says whether the whole envelope is proven; an unproven envelope's pieces are the
best cuts found, upper bounds).  ``data/seed004_envelopes_scale.csv``
was written by this script with its defaults.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import topoanalysis as ta  # noqa: E402
from topoanalysis.bisection import bisection_envelope  # noqa: E402
from topoanalysis.io.atomic import atomic_file  # noqa: E402

COLUMNS = ("a", "h", "routers", "arrangement", "alpha_from", "alpha_to", "local", "global", "proven", "solves",
           "seconds", "time_limit", "partition")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[6], help="values of a (h = 2)")
    ap.add_argument("--arrangements", nargs="+", default=["absolute", "relative", "circulant"])
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds for the profile pass")
    ap.add_argument("-o", "--output", default=None, help="CSV of the pieces")
    a = ap.parse_args()
    rows = []
    for size in a.sizes:
        for arr in a.arrangements:
            top = ta.build("dragonfly", a=size, h=2, arrangement=arr)
            env = bisection_envelope(top, (0, 6), time_limit=a.time_limit)
            pieces = ", ".join(f"[{p.alpha_from},{p.alpha_to}] {p.local}+{p.global_}a" for p in env.pieces)
            print(f"(p,{size},2) {top.n_routers} routers {arr:10s} {env.seconds:7.1f} s  {env.solves} solves  "
                  f"proven={env.proven}  {pieces}", flush=True)
            for p in env.pieces:
                rows.append(dict(a=size, h=2, routers=top.n_routers, arrangement=arr, alpha_from=str(p.alpha_from),
                                 alpha_to=str(p.alpha_to), local=str(p.local), **{"global": p.global_},
                                 proven=env.proven, solves=env.solves, seconds=round(env.seconds, 1),
                                 time_limit=a.time_limit,
                                 partition="".join(map(str, p.partition.astype(int).tolist()))))
    if a.output:
        with atomic_file(a.output, overwrite=True) as f:
            w = csv.DictWriter(f, fieldnames=list(COLUMNS))
            w.writeheader()
            w.writerows(rows)


if __name__ == "__main__":
    main()
