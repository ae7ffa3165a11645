"""García et al. 2014, Fig. 7 (§5.2): the latency of the packets sent in each cycle through a change of
traffic pattern, ADVG+2 to ADVG+6 at load 0.12 (the network warmed up under ADVG+2 to a steady
state, then the pattern changes), for the adaptive routings PB, OFAR and OFAR-L (escape ring A,
no congestion management, as in Fig. 6) on the h = 6 dragonfly, ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig7                 # reduced: change at cycle 3,000
    python -m topoanalysis.reproduce.seed001_fig7 --full          # change at cycle 50,000
    python -m topoanalysis.reproduce.seed001_fig7 -o data/seed001_fig7.csv

One row per curve and bin of ``BIN`` generation cycles: the bin's first cycle relative to the
change, the mean latency of its packets and how many there were.  :func:`summary` condenses a
curve: its latency before the change, after it has settled, and the excess over the settled
latency in the first ``WINDOW`` cycles after the change (the adaptation the paper shows).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from ..topology import Topology
from ._curves import columns_of, curve_provenance, curves, simulate_curve, write_rows
from .seed001_fig6 import network

__all__ = ["PAPER", "CONFIGS", "ROUTINGS", "LOAD", "BIN", "WINDOW", "MODEL", "network", "run", "summary", "main"]

#: what García et al. 2014, §5.2 states about Fig. 7
PAPER: dict[str, Any] = {
    # "OFAR makes the transition almost instantaneous thanks to in-transit routing decisions,
    # while the source-routing PB suffers from a clear adaptation period while the congestion
    # information is propagated"
    "ofar transition almost instantaneous": True,
    "pb adaptation period": True,
}
CONFIGS: dict[str, dict[str, Any]] = {"pb": dict(routing="pb"), "ofar": dict(routing="ofar"), "ofar-l": dict(routing="ofar-l")}
ROUTINGS = tuple(CONFIGS)
FIRST, SECOND = "advg+2", "advg+6"
LOAD = 0.12
BIN = 10  # generation cycles per row
WINDOW = 500  # cycles after the change that summary() calls the transition
MODEL = "seed001"
COLUMNS = ("config", "routing", "traffic", "offered_load", "seed", "cycle", "mean_latency", "packets", "model")
# change: the cycle of the change; before/after: traced cycles either side; tail: cycles run past
# the trace so that its last packets are received
REDUCED = dict(change=3000, before=1000, after=2000, tail=1500)
FULL = dict(change=50_000, before=5000, after=5000, tail=3000)


def run(
    full: bool = False,
    configs: Iterable[str] | None = None,
    seeds: Sequence[int] = (1,),
    top: Topology | None = None,
    size: dict[str, int] | None = None,
    progress: bool = False,
) -> list[dict[str, Any]]:
    """One row per (curve, seed, bin of BIN generation cycles from ``before`` cycles before the
    change to ``after`` cycles after it)."""
    top = network() if top is None else top
    z = size or (FULL if full else REDUCED)
    first, last = z["change"] - z["before"], z["change"] + z["after"]
    rows = []
    for curve in curves(sys.modules[__name__], ROUTINGS if configs is None else configs):
        for seed in seeds:
            kw = dict(
                seed=int(seed),
                model=MODEL,
                warmup=0,
                cycles=last + z["tail"],
                change_traffic=SECOND,
                change_cycle=z["change"],
                latency_trace=(first, last),
            )
            r = simulate_curve(top, curve, FIRST, LOAD, **kw)
            prov = curve_provenance(top, curve, FIRST, LOAD, kw, r)
            tr = r["latency_trace"]
            for b in range(0, last - first, BIN):
                cnt = tr["packets"][b : b + BIN]
                n = sum(cnt)
                tot = sum(m * c for m, c in zip(tr["mean_latency"][b : b + BIN], cnt) if c)
                rows.append(
                    dict(
                        config=curve[0],
                        routing=curve[1],
                        traffic=f"{FIRST} -> {SECOND}",
                        offered_load=LOAD,
                        seed=int(seed),
                        cycle=first + b - z["change"],
                        mean_latency=tot / n if n else None,
                        packets=n,
                        model=r["model"]["name"],
                    )
                )
                for k, v in prov.items():
                    rows[-1].setdefault(k, v)
            if progress:
                s = summary(rows, curve[0])
                print(
                    f"{curve[0]:8s} before {s['before']:.1f}, settled {s['settled']:.1f}, transition excess "
                    f"{s['excess']:.1f} cycles",
                    file=sys.stderr,
                    flush=True,
                )
    return rows


def summary(rows: Sequence[dict[str, Any]], config: str) -> dict[str, float]:
    """A curve's mean latency before the change (``before``), in its last traced WINDOW cycles
    (``settled``), and the mean over the first WINDOW cycles after the change minus the settled
    value (``excess``: the cost of adapting), packets weighted."""
    mine = [r for r in rows if r["config"] == config and r["packets"]]
    end = max(r["cycle"] for r in mine) + BIN

    def mean(lo: int, hi: int) -> float:
        sel = [r for r in mine if lo <= r["cycle"] < hi]
        return sum(r["mean_latency"] * r["packets"] for r in sel) / sum(r["packets"] for r in sel)

    before, settled = mean(-(10**9), 0), mean(end - WINDOW, end)
    return dict(before=before, settled=settled, excess=mean(0, WINDOW) - settled)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the figure reduced (or ``--full``); print each curve's summary or write the rows."""
    ap = argparse.ArgumentParser(
        prog=f"python -m {__name__}", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--full", action="store_true", help=f"change at cycle {FULL['change']:,} (default {REDUCED['change']:,})")
    ap.add_argument("--configs", default=",".join(ROUTINGS))
    ap.add_argument("-o", "--output", help="CSV file to write (default: print the summaries)")
    a = ap.parse_args(argv)
    rows = run(a.full, a.configs.split(","), progress=True)
    if a.output:
        write_rows(rows, a.output, columns_of(rows, COLUMNS))
    print(f"paper: {PAPER}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
