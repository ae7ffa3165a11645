"""Cross-validate the engine against BookSim2 on matched settings and record both sides.

    bash benchmarks/booksim/build.sh BOOKSIM2_SOURCE          # prints the binary's path
    python benchmarks/booksim/compare.py --booksim PATH [--configs df-a4h2-P8,...] [--out FILE]
    python benchmarks/booksim/compare.py --reuse-booksim data/booksim_crossval.csv   # rerun ours only

For every configuration of :mod:`sim.crossval` it runs both simulators over a load sweep, finds
each one's saturation load by bisection (the largest offered load whose accepted load is at
least 95% of it), and measures the zero-load latency of a line of routers (the router pipeline
calibration).  Rows go to ``data/booksim_crossval.csv`` (written whole, then renamed), which
``tests/test_sim_booksim.py`` compares against.  BookSim2 runs two at a time (it is
single-threaded); the whole default set takes about 15 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from booksim import run_booksim  # noqa: E402

from sim import simulate  # noqa: E402
from sim.crossval import CONFIGS, ZERO_LOAD, line, write_rows, zero_load_latencies  # noqa: E402
from topoanalysis.io.formats import to_booksim_anynet  # noqa: E402

LOADS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
EFFICIENCY = 0.95   # saturation: accepted >= EFFICIENCY x offered
TOL = 0.01          # bisection stops when the bracket is this narrow
COLUMNS = ("config", "simulator", "kind", "offered_load", "measured_offered_load", "accepted_load",
           "average_latency", "average_link_hops", "status", "source")


class Side:
    """One simulator on one configuration: ``run(load) -> row``."""

    def __init__(self, name: str, cfg, binary: str | None, workdir: str, seed: int):
        self.name, self.cfg, self.binary, self.seed = name, cfg, binary, seed
        self.top = cfg.topology()
        self.settings = dict(cfg.booksim)
        if binary is not None and cfg.anynet_latency is not None:
            path = os.path.join(workdir, f"{cfg.name}.anynet")
            to_booksim_anynet(self.top, path, overwrite=True, latency=cfg.anynet_latency)
            self.settings["network_file"] = path

    def run(self, load: float) -> dict:
        if self.name == "booksim":
            s = run_booksim(self.binary, self.settings, load, self.cfg.packet_size, seed=self.seed)
            return dict(offered_load=load, measured_offered_load=s["offered_load"], accepted_load=s["accepted_load"],
                        average_latency=s["average_latency"], average_link_hops=s["average_router_hops"] - 1,
                        status="ok")
        r = simulate(self.top, self.cfg.routing, "uniform-all", load, cycles=30_000, warmup=20_000, seed=self.seed,
                     **self.cfg.simulate_kwargs())
        # a deadlock (the VC scheme "any" is not deadlock-free) counts as not carrying the load
        return dict(offered_load=load, measured_offered_load=r["measured_offered_load"],
                    accepted_load=r["accepted_load"], average_latency=r["average_latency"],
                    average_link_hops=r["average_hops"], status=r["status"])


def _ok(row: dict) -> bool:
    return row["status"] == "ok" and row["accepted_load"] >= EFFICIENCY * row["offered_load"]


def sweep_and_saturation(side: Side, pool: ThreadPoolExecutor) -> list[dict]:
    """The load sweep, then the bisection between its last passing and first failing load."""
    rows = [dict(r, kind="sweep") for r in pool.map(side.run, LOADS)]
    lo = max([r["offered_load"] for r in rows if _ok(r)], default=0.0)
    hi = min([r["offered_load"] for r in rows if not _ok(r) and r["offered_load"] > lo], default=None)
    if hi is None:
        return rows + [dict(offered_load=1.0, measured_offered_load=None, accepted_load=None, average_latency=None,
                            average_link_hops=None, kind="saturation", status=None)]
    best = lo
    while hi - lo > TOL:
        # two probes at a time: thirds of the bracket
        probes = [lo + (hi - lo) / 3, lo + 2 * (hi - lo) / 3]
        res = list(pool.map(side.run, probes))
        rows += [dict(r, kind="bisection") for r in res]
        for x, r in zip(probes, res):
            if _ok(r):
                lo = best = x
            elif x < hi:
                hi = x
                break
    rows.append(dict(offered_load=round(best, 4), measured_offered_load=None, accepted_load=None,
                     average_latency=None, average_link_hops=None, kind="saturation", status=None))
    return rows


def zero_load(binary: str, workdir: str) -> list[dict]:
    """Latency of one packet over a line of routers (and to its own router), both simulators."""
    rows = []
    for n, P in ZERO_LOAD:
        top = line(n)
        path = os.path.join(workdir, f"line{n}.anynet")
        to_booksim_anynet(top, path, overwrite=True, latency=10)
        s = dict(topology="anynet", network_file=path, routing_function="min", num_vcs=2, vc_buf_size=256)
        out = run_booksim(binary, s, 0.001, P, seed=1) if binary else {"maximum": None, "minimum": None}
        end, own = zero_load_latencies(n, P)
        cfg = f"line{n}-P{P}"
        rows.append(dict(config=cfg, simulator="booksim", kind="zero-load", offered_load=0.001,
                         average_latency=out["maximum"], average_link_hops=n - 1, status="ok"))
        rows.append(dict(config=cfg, simulator="booksim", kind="zero-load-own-router", offered_load=0.001,
                         average_latency=out["minimum"], average_link_hops=0, status="ok"))
        rows.append(dict(config=cfg, simulator="topoanalysis", kind="zero-load", offered_load=0.0,
                         average_latency=end, average_link_hops=n - 1, status="ok", source="topoanalysis"))
        rows.append(dict(config=cfg, simulator="topoanalysis", kind="zero-load-own-router", offered_load=0.0,
                         average_latency=own, average_link_hops=0, status="ok", source="topoanalysis"))
    return rows


def _source(binary: str) -> str:
    src = Path(binary).resolve().parent.parent
    try:
        rev = subprocess.run(["git", "-C", str(src), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        rev = os.environ.get("BOOKSIM_REV", "unknown")
    return f"booksim2@{rev}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--booksim", default=None, help="the BookSim2 binary (benchmarks/booksim/build.sh)")
    ap.add_argument("--configs", default=",".join(CONFIGS), help="comma-separated configuration names")
    ap.add_argument("--out", default=str(ROOT / "data" / "booksim_crossval.csv"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reuse-booksim", dest="reuse", default=None,
                    help="take BookSim2's rows from this earlier output instead of running it (ours run again)")
    args = ap.parse_args(argv)
    names = [c for c in args.configs.split(",") if c]
    bad = [c for c in names if c not in CONFIGS]
    if bad:
        ap.error(f"unknown configuration(s) {bad}; known: {', '.join(CONFIGS)}")
    if args.reuse is None and (args.booksim is None or not os.access(args.booksim, os.X_OK)):
        ap.error(f"--booksim must name the BookSim2 executable (got {args.booksim!r}), or give --reuse-booksim")
    old = list(csv.DictReader(open(args.reuse, encoding="utf-8"))) if args.reuse else []
    src = os.environ.get("BOOKSIM_SOURCE") or (old[0]["source"] if old else _source(args.booksim))
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(2) as pool:
        t0 = time.time()
        if args.reuse:
            rows += [dict(r, status=r.get("status") or "ok") for r in old if r["simulator"] == "booksim"
                     and (r["kind"].startswith("zero-load") or r["config"] in names)]
            rows += [r for r in zero_load(None, work) if r["simulator"] == "topoanalysis"]
        else:
            for r in zero_load(args.booksim, work):
                rows.append(dict(r, source=src if r["simulator"] == "booksim" else "topoanalysis"))
        for nm in names:
            cfg = CONFIGS[nm]
            for who in (("topoanalysis",) if args.reuse else ("booksim", "topoanalysis")):
                side = Side(who, cfg, args.booksim, work, args.seed)
                # our engine runs in this process: one at a time
                p = pool if who == "booksim" else ThreadPoolExecutor(1)
                for r in sweep_and_saturation(side, p):
                    rows.append(dict(r, config=nm, simulator=who, source=src if who == "booksim" else "topoanalysis"))
                sat = rows[-1]["offered_load"]
                print(f"{nm:12s} {who:12s} saturation {sat:.3f}  ({time.time() - t0:.0f} s)", flush=True)
    out = Path(args.out)
    write_rows(out, rows, COLUMNS)
    print(f"wrote {len(rows)} rows to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
