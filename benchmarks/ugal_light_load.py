"""How often the source-adaptive routings leave the minimal path at light load: the share of packets
routed non-minimally (``nonminimal_fraction``) under uniform traffic at load 0.1, for UGAL-L
counting every credit in use with a bias toward the minimal path of T phits
(``make_routing(top, "ugal-l", threshold=T, queue="credits")``: minimal unless
q_min x H_min > q_non x H_non + T), UGAL-L's default queue (rtt) and the held one, UGAL-G and PB,
on the networks where the adaptive routings are compared, each with its paper's router model.

    python benchmarks/ugal_light_load.py
    python benchmarks/ugal_light_load.py --thresholds 0,30,60 --cycles 4000

Han et al. 2017, §4.2 reports about 99 % of UGAL-L's messages minimal at load 0.1; BookSim2's
dragonfly UGAL (``ugal-booksim``) is minimal there thanks to its 30-flit bias.  The T columns count
an output port's credits in use (BookSim2's ``GetUsedCredit``, FOGSim's credit occupancy), which
include the packets on the link and the credits on their way back: about (load x round trip) on an
idle port, so with no bias an idle Valiant first hop beats a busy-looking minimal one.

Measured 2026-11-28 (2-core VM, other jobs running; 1,000 + 2,000 cycles, seed 1; T = 0 with
``queue="credits-rtt"`` (rtt: the credits in use less twice the link's latency, BookSim2's
``remove_credit_rtt``) and ``queue="held"`` (held: only the credits held longer than the link's
zero-load round trip)):

    network              model    T=0    T=2    T=4    T=8   T=16   T=30   T=60    rtt   held  ugal-g     pb
    dragonfly a=4, h=2   seed001  0.421  0.421  0.421  0.394  0.394  0.220  0.116  0.001  0.003  0.227  0.268
    dragonfly a=12, h=6  seed001  0.395  0.395  0.395  0.393  0.392  0.107  0.045  0.004  0.004  0.305  0.257
    Slim Fly q=13        seed003  0.237  0.019  0.001  0.000  0.000  0.000  0.000  0.001  0.000  0.221    -
    Slim Fly q=13        seed002  0.512  0.130  0.022  0.000  0.000  0.000  0.000  0.026  0.001  0.379    -

On the Slim Fly (1-cycle links) a bias of a few phits suffices under uniform traffic (Han et
al. 2017, Fig. 7's hotspot transition needs T = 8, ``[seed003-fig7]`` in the README); on the dragonfly's 100-cycle
global links (García et al. 2014, Table 1: 8-phit packets) the bias must exceed the credits a
lightly loaded global port has in flight, 60 phits for 95 % minimal at h = 6.  The held queue
needs no bias on either: a packet on the link or a credit on its way back is not a queued packet;
the rtt queue takes the link's share off the count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path = [p for p in sys.path if Path(p or ".").resolve() != _here] + [str(_here.parent)]

from sim import make_routing, simulate  # noqa: E402
from topoanalysis import build  # noqa: E402

NETWORKS = (
    ("dragonfly a=4, h=2", "dragonfly", {"a": 4, "h": 2}, "seed001"),
    ("dragonfly a=12, h=6", "dragonfly", {"a": 12, "h": 6}, "seed001"),
    ("Slim Fly q=13", "slimfly", {"q": 13}, "seed003"),
    ("Slim Fly q=13", "slimfly", {"q": 13}, "seed002"),
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--thresholds", default="0,2,4,8,16,30,60", help="UGAL-L biases T in phits, comma-separated")
    ap.add_argument("--load", type=float, default=0.1)
    ap.add_argument("--warmup", type=int, default=1000)
    ap.add_argument("--cycles", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    thresholds = [int(x) for x in a.thresholds.split(",")]
    columns = " ".join(f"{'T=' + str(t):>6s}" for t in thresholds)
    print(f"{'network':20s} {'model':8s} {columns}    rtt   held  ugal-g     pb")
    for label, family, params, model in NETWORKS:
        top = build(family, **params)
        kw = dict(traffic="uniform", load=a.load, model=model, warmup=a.warmup, cycles=a.cycles, seed=a.seed)
        cells = [
            simulate(top, make_routing(top, "ugal-l", threshold=t, queue="credits"), **kw)["nonminimal_fraction"]
            for t in thresholds
        ]
        for queue in ("credits-rtt", "held"):
            cells.append(simulate(top, make_routing(top, "ugal-l", queue=queue), **kw)["nonminimal_fraction"])
        cells.append(simulate(top, "ugal-g", **kw)["nonminimal_fraction"])
        pb = simulate(top, "pb", **kw)["nonminimal_fraction"] if family == "dragonfly" else None
        line = " ".join(f"{c:6.3f}" for c in cells) + ("  " + (f"{pb:5.3f}" if pb is not None else "    -"))
        print(f"{label:20s} {model:8s} {line}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
