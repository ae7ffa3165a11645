"""Cross-validate the engine against FOGSim on the seed 001 Table 1 router and record both sides.

    bash benchmarks/fogsim/build.sh /work/.mirror/fuentesp+fogsim/repo /tmp/fogsim-b934297 b934297
    python benchmarks/fogsim/run.py --fogsim /tmp/fogsim-b934297/fogsim [--routings min,pb] [--traffics uniform]
    python benchmarks/fogsim/run.py --reuse-fogsim data/fogsim_crossval.csv     # rerun ours only

For every routing (MIN, VAL, PB, OFAR with escape ring A, OFAR with BCM) and traffic (UN, ADVG+2) of
:mod:`configs` it runs both simulators over a load sweep, then finds each one's saturation load
by bisection on whole percents (the largest offered load whose accepted load is at least 95 % of
it; FOGSim 2014 takes the load as a whole percent).  FOGSim warms up for ``--cycles`` and
measures as many; ours does the same.  Runs go one at a time under ``nice`` (the machine is
shared).  Rows go to ``data/fogsim_crossval.csv`` (written whole, then renamed), which
``tests/test_sim_fogsim.py`` compares against.

FOGSim's columns: ``accepted_load`` is its "Accepted load" (phits received per node and cycle
after warmup), ``measured_offered_load`` its "Applied load" (phits injected; lower than offered
once the injection queues fill, as FOGSim then does not generate), ``average_latency`` its
"Average total latency" (generation to the reception of the packet's last phit, injection
queue included: the definition of ours), ``average_link_hops`` its "Average distance" (local
plus global hops, escape hops included; injection and ejection are not hops).
"""

from __future__ import annotations

import argparse
import csv
import functools
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import configs  # noqa: E402
from sim.crossval import write_rows  # noqa: E402

SWEEP = {"uniform": (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9),
         "advg+2": (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5)}
EFFICIENCY = 0.95
COLUMNS = ("config", "simulator", "kind", "offered_load", "measured_offered_load", "accepted_load",
           "average_latency", "average_link_hops", "status", "source")
_FIELDS = {"measured_offered_load": r"Applied load: ([-\d.e+naif]+)", "accepted_load": r"Accepted load: ([-\d.e+naif]+)",
           "average_latency": r"Average total latency: ([-\d.e+naif]+)",
           "average_link_hops": r"Average distance: ([-\d.e+naif]+)"}


def config_name(routing: str, traffic: str) -> str:
    return f"df-h2-{routing}-{traffic}"


def parse_fogsim2014(text: str) -> dict:
    """The figures of a FOGSim b934297 output file (see module doc)."""
    out = {}
    for k, pat in _FIELDS.items():
        m = re.search(pat, text)
        if m is None:
            raise ValueError(f"FOGSim output lacks {pat!r}")
        out[k] = float(m.group(1))
    return out


def run_fogsim(binary: str, routing: str, traffic: str, load: float, cycles: int, seed: int, work: str) -> dict:
    cfg = os.path.join(work, f"{routing}-{traffic}.txt")
    with open(cfg, "w") as f:
        f.write(configs.fogsim2014_config(routing, traffic, cycles))
    out = os.path.join(work, f"{routing}-{traffic}-{round(load * 100)}.out")
    argv = ["nice", "-n", "10"] + configs.fogsim2014_argv(binary, cfg, out, load, seed)
    p = subprocess.run(argv, capture_output=True, text=True, cwd=work)
    if p.returncode != 0:
        return dict(offered_load=load, status=f"fogsim exit {p.returncode}: {p.stderr.strip()[-200:]}")
    r = parse_fogsim2014(open(out, encoding="utf-8", errors="replace").read())
    return dict(offered_load=load, status="ok", **r)


def run_ours(routing: str, traffic: str, load: float, cycles: int, seed: int) -> dict:
    from sim import simulate

    r = simulate(configs.topology(), traffic=traffic, load=load, cycles=cycles, warmup=cycles, seed=seed,
                 **configs.ours(routing))
    return dict(offered_load=load, measured_offered_load=r["measured_offered_load"], accepted_load=r["accepted_load"],
                average_latency=r["average_latency"], average_link_hops=r["average_hops"], status=r["status"])


def _fogsim_at(binary, routing, traffic, cycles, seed, work, load):
    return run_fogsim(binary, routing, traffic, load, cycles, seed, work)


def _ours_at(routing, traffic, cycles, seed, load):
    return run_ours(routing, traffic, load, cycles, seed)


def _ok(row: dict) -> bool:
    return row["status"] == "ok" and row["accepted_load"] >= EFFICIENCY * row["offered_load"]


def sweep_and_saturation(run, loads) -> list[dict]:
    """The sweep, then bisection on whole percents between its last passing and first failing load."""
    rows = []
    for x in loads:
        rows.append(dict(run(x), kind="sweep"))
    # every load carried: go on in steps of 0.1 until one is not (or 1.0)
    while all(_ok(r) for r in rows) and rows[-1]["offered_load"] < 0.95:
        rows.append(dict(run(round(rows[-1]["offered_load"] + 0.1, 2)), kind="sweep"))
    lo = max([r["offered_load"] for r in rows if _ok(r)], default=0.0)
    hi = min([r["offered_load"] for r in rows if not _ok(r) and r["offered_load"] > lo], default=None)
    if hi is None:
        return rows + [dict(offered_load=1.0, kind="saturation")]
    lo_p, hi_p = round(lo * 100), round(hi * 100)
    while hi_p - lo_p > 1:
        m = (lo_p + hi_p) // 2
        r = dict(run(m / 100), kind="bisection")
        rows.append(r)
        if _ok(r):
            lo_p = m
        else:
            hi_p = m
    return rows + [dict(offered_load=lo_p / 100, kind="saturation")]


def _source(binary: str) -> str:
    f = Path(binary).resolve().parent / "COMMIT"
    rev = f.read_text().strip() if f.exists() else os.environ.get("FOGSIM_REV", "unknown")
    return f"fogsim@{rev}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fogsim", default=None, help="the FOGSim b934297 binary (benchmarks/fogsim/build.sh)")
    ap.add_argument("--routings", default=",".join(configs.ROUTINGS))
    ap.add_argument("--traffics", default=",".join(configs.TRAFFICS))
    ap.add_argument("--cycles", type=int, default=10_000, help="warmup cycles, and as many measured (both sides)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(ROOT / "data" / "fogsim_crossval.csv"))
    ap.add_argument("--reuse-fogsim", dest="reuse", default=None,
                    help="take FOGSim's rows from this earlier output instead of running it (ours run again)")
    ap.add_argument("--only", choices=("fogsim", "topoanalysis"), default=None, help="run one side only "
                    "(the other side's rows are kept from --out if it exists)")
    args = ap.parse_args(argv)
    routings = [x for x in args.routings.split(",") if x]
    traffics = [x for x in args.traffics.split(",") if x]
    if args.reuse is None and args.only != "topoanalysis" and (args.fogsim is None or not os.access(args.fogsim, os.X_OK)):
        ap.error(f"--fogsim must name the FOGSim executable (got {args.fogsim!r}), or give --reuse-fogsim")
    out = Path(args.out)
    old_path = args.reuse or (str(out) if out.exists() else None)
    old = list(csv.DictReader(open(old_path, encoding="utf-8"))) if old_path else []
    src = old[0]["source"] if (args.reuse and old) else (_source(args.fogsim) if args.fogsim else None)
    names = {config_name(r, t) for r in routings for t in traffics}
    sides = ("fogsim", "topoanalysis")
    if args.reuse:
        sides = ("topoanalysis",)
    if args.only:
        sides = (args.only,)
    # rows kept: every row of configurations not rerun, and of sides not rerun
    rows: list[dict] = [dict(r) for r in old if r["config"] not in names or r["simulator"] not in sides]
    t0 = time.time()
    with tempfile.TemporaryDirectory() as work:
        for routing in routings:
            for traffic in traffics:
                nm = config_name(routing, traffic)
                for who in sides:
                    if who == "fogsim" and routing in configs.SAME_FOGSIM:
                        continue  # FOGSim's rows are those of the entry with the same configuration
                    if who == "fogsim":
                        run = functools.partial(_fogsim_at, args.fogsim, routing, traffic, args.cycles, args.seed, work)
                    else:
                        run = functools.partial(_ours_at, routing, traffic, args.cycles, args.seed)
                    for r in sweep_and_saturation(run, SWEEP[traffic]):
                        rows.append(dict(r, config=nm, simulator=who,
                                         source=src if who == "fogsim" else "topoanalysis"))
                    print(f"{nm:22s} {who:12s} saturation {rows[-1]['offered_load']:.2f}  ({time.time() - t0:.0f} s)",
                          flush=True)
    order = {config_name(r, t): i for i, (r, t) in enumerate((r, t) for r in configs.ROUTINGS for t in configs.TRAFFICS)}
    rows.sort(key=lambda r: (order.get(r["config"], 99), r["simulator"] != "fogsim"))
    write_rows(out, rows, COLUMNS)
    print(f"wrote {len(rows)} rows to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
