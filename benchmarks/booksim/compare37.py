"""Issue 37 reference runs: BookSim2's UGAL, internal speedup and router stage timing, recorded.

    bash benchmarks/booksim/build.sh BOOKSIM2_SOURCE          # prints the binary's path
    python benchmarks/booksim/compare37.py --booksim PATH [--only NAME,...] [--no-ours]

What BookSim2 does for each of these is written down, with source lines, in NOTES.md next to
this file.  The configurations (:data:`REFS`) reuse the networks and the router model of
:mod:`sim.crossval` (``df-a4h2-*``: BookSim2's ``dragonflynew`` k = 2, 10/100-cycle links;
``sf-q5-P1``: Slim Fly q = 5 as an anynet file) and change one thing each:

* ``df-ugal-P{1,8}-{uniform,bad}``: BookSim2's ``ugal`` routing (3 VCs, its assert) under its
  ``uniform`` and ``bad_dragon`` traffic (every node sends to a random node of the next group:
  our ``advg+1``).  Every run of these watches a sample of the packets (BookSim2's
  ``watch_file``: printing only, the simulation is the same) and reads UGAL's own debug lines at
  the source router to count the packets it sent non-minimally.
* ``df-min-P{1,8}-s2``, ``sf-min-P1-s2``: MIN with ``internal_speedup = 2.0``; the 1.0 runs are
  ``df-a4h2-P1``/``df-a4h2-P8``/``sf-q5-P1`` of data/booksim_crossval.csv (same commit, seed and
  settings; BookSim2 is deterministic), copied into this file's output so it stands alone.
* ``df-min-P1-rd1``: the single-flit dragonfly with BookSim2's default pipeline (``routing_delay
  = 1``: route computation is a stage of its own instead of lookahead), and ``line*-P1``
  zero-load rows for the stage-timing variants (:data:`ZERO_VARIANTS`).

Each configuration gets a load sweep (0.1 steps, stopping after the first load it does not
carry) and a bisection of the saturation load to 0.0125 (largest offered load whose accepted load
is >= 95 % of it, as compare.py).  BookSim2 runs one at a time (the machine is shared).  Where
this engine has an equivalent (MIN; ``ugal-booksim``, BookSim2's UGAL as NOTES.md §3 reads it, with
the ``booksim`` model) its numbers are recorded beside, ``simulator = topoanalysis``, with the
non-minimal fraction the engine counts (``--no-booksim`` reruns only this side).
Rows go to data/booksim_crossval_37.csv (compare.py's columns; rewritten after every
configuration), the non-minimal fractions to data/booksim_crossval_37_nonmin.csv.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from collections.abc import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from booksim import BASE, config_text, parse  # noqa: E402
from compare import COLUMNS, EFFICIENCY  # noqa: E402

from sim.crossval import CONFIGS, line, write_rows  # noqa: E402
from topoanalysis.io.formats import to_booksim_anynet  # noqa: E402

LOADS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
TOL = 0.02           # bisection stops when the bracket is narrower (0.1 -> 0.0125: 3 probes)
WATCH_STRIDE = 211   # watch packet ids 0, 211, 422, ... (a few thousand to tens of thousands a run)
WATCH_MAX_ID = 20_000_000
#: wall seconds after which a BookSim2 run is stopped and recorded as status "timeout", counted as
#: not carrying its load: past saturation BookSim2 drains every recorded packet, and the source
#: queues it must drain grow with the overload, so such runs take the longest (a carried load
#: took at most 100 s here, on a shared 2-core machine)
TIMEOUT = 300

COPIED = ("df-a4h2-P1", "df-a4h2-P8", "sf-q5-P1")  # speedup 1.0 references (data/booksim_crossval.csv)
_DF = CONFIGS["df-a4h2-P1"]
_SF = CONFIGS["sf-q5-P1"]


@dataclasses.dataclass(frozen=True)
class Ref:
    """One BookSim2 configuration of issue 37 and, where there is one, this engine's equivalent."""

    name: str
    description: str
    topology: Callable
    booksim: dict[str, Any]
    packet_size: int
    anynet_latency: int | None = None
    watch_ugal: bool = False
    ours: dict[str, Any] | None = None   # simulate() arguments (routing, traffic and keywords)
    step: float = 0.1                    # load sweep step (0.05 where saturation is low: bad_dragon)


def _df_ours(routing: str, traffic: str, P: int, **kw) -> dict[str, Any]:
    d = dict(routing=routing, traffic=traffic, model="booksim", packet_size=P, **_DF.ours)
    d.update(kw)
    return d


_UGAL = dict(_DF.booksim, routing_function="ugal", num_vcs=3)
REFS: dict[str, Ref] = {r.name: r for r in (
    Ref("df-ugal-P1-uniform", "BookSim2 ugal on dragonflynew k=2 (df-a4h2), 3 VCs of 256, single-flit, uniform",
        _DF.topology, dict(_UGAL), 1, watch_ugal=True, ours=_df_ours("ugal-booksim", "uniform-all", 1, vcs=3)),
    Ref("df-ugal-P1-bad", "the same under bad_dragon (random node of the next group; ours advg+1)",
        _DF.topology, dict(_UGAL, traffic="bad_dragon"), 1, watch_ugal=True,
        ours=_df_ours("ugal-booksim", "advg+1", 1, vcs=3), step=0.05),
    Ref("df-ugal-P8-uniform", "BookSim2 ugal, 8-flit packets (switch held per packet), uniform",
        _DF.topology, dict(_UGAL), 8, watch_ugal=True, ours=_df_ours("ugal-booksim", "uniform-all", 8, vcs=3)),
    Ref("df-ugal-P8-bad", "BookSim2 ugal, 8-flit packets, bad_dragon",
        _DF.topology, dict(_UGAL, traffic="bad_dragon"), 8, watch_ugal=True,
        ours=_df_ours("ugal-booksim", "advg+1", 8, vcs=3), step=0.05),
    Ref("df-min-P1-s2", "df-a4h2-P1 (MIN, single-flit) with internal_speedup 2.0 (ours: no speedup, "
        "see df-a4h2-P1)", _DF.topology, dict(_DF.booksim, internal_speedup=2.0), 1),
    Ref("sf-min-P1-s2", "sf-q5-P1 (Slim Fly q=5 anynet, MIN) with internal_speedup 2.0 (ours: see sf-q5-P1)",
        _SF.topology, dict(_SF.booksim, internal_speedup=2.0), 1, anynet_latency=1),
    Ref("df-min-P8-s2", "df-a4h2-P8 (MIN, 8-flit, switch held per packet) with internal_speedup 2.0",
        _DF.topology, dict(CONFIGS["df-a4h2-P8"].booksim, internal_speedup=2.0), 8),
    Ref("df-min-P1-rd1", "df-a4h2-P1 with BookSim2's default routing_delay 1 (a route-computation stage, "
        "no lookahead); VC and switch allocation 1 cycle each as before", _DF.topology,
        dict(_DF.booksim, routing_delay=1), 1),
)}

#: stage-timing variants measured at zero load on line(n) (as compare.zero_load): name -> fields
ZERO_VARIANTS: dict[str, dict[str, Any]] = {
    "va1-sa1": {},                                   # the cross-validated model (BASE)
    "va2-sa1": {"vc_alloc_delay": 2},
    "va1-sa2": {"sw_alloc_delay": 2},
    "spec": {"speculative": 1},                      # VC and switch allocation in parallel
    "rd1": {"routing_delay": 1},                     # BookSim2's default: route computation a stage
    "s2": {"internal_speedup": 2.0},
}

_AT = re.compile(r"^At router (\d+)")
_INTM = re.compile(r"^Intermediate node (\d+) grp id (\d+)")
_GEN = re.compile(r"\| Generating lookahead routing info for flit")


def run_watch(binary: str, settings: dict[str, Any], load: float, P: int, seed: int, watch: bool,
              group_routers: int = 4) -> tuple[dict[str, float], dict[str, int] | None]:
    """Run BookSim2 (BASE updated by ``settings``); with ``watch``, also count UGAL's decisions at
    the source router over the watched packets: {'packets', 'intra_group', 'intm_in_source_group',
    'minimal_by_queues', 'nonminimal'}."""
    cfg = dict(BASE)
    cfg.update(settings)
    cfg.update(injection_rate=load, packet_size=P, seed=seed)
    with tempfile.TemporaryDirectory() as d:
        if watch:
            wf = os.path.join(d, "watch.txt")
            with open(wf, "w") as f:
                f.write("".join(f"p{i}\n" for i in range(0, WATCH_MAX_ID, WATCH_STRIDE)))
            cfg["watch_file"] = wf
            cfg["watch_out"] = "-"
        path = os.path.join(d, "booksim.cfg")
        with open(path, "w") as f:
            f.write(config_text(cfg))
        proc = subprocess.Popen(["nice", "-n", "10", binary, path], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, cwd=d, bufsize=1 << 20)
        kept: list[str] = []
        timer = threading.Timer(TIMEOUT, proc.kill)
        timer.start()
        counts = dict(packets=0, intra_group=0, intm_in_source_group=0, minimal_by_queues=0, nonminimal=0)
        block: list[str] = []
        for ln in proc.stdout:
            if watch:
                if _AT.match(ln):
                    block = [ln]
                    continue
                if block and (ln.startswith("Intermediate node") or ln.startswith(" MINIMAL")):
                    block.append(ln)
                    continue
                if _GEN.search(ln):
                    # the lines just before this one are UGAL's at the source router (the call
                    # that precedes this print in TrafficManager::_Inject)
                    src_router = int(_AT.match(block[0]).group(1)) if block else -1
                    counts["packets"] += 1
                    m = _INTM.match(block[1]) if len(block) > 1 else None
                    if m is None:
                        counts["intra_group"] += 1
                    elif int(m.group(2)) == src_router // group_routers:
                        counts["intm_in_source_group"] += 1
                    elif len(block) > 2:
                        counts["minimal_by_queues"] += 1
                    else:
                        counts["nonminimal"] += 1
                    block = []
                    continue
                if " | " in ln[:14] and ln[:1].isdigit():
                    continue  # other watch lines
            kept.append(ln)
        err = proc.stderr.read()
        proc.wait()
        timer.cancel()
    if proc.returncode == -9:
        raise TimeoutError(f"booksim stopped after {TIMEOUT} s")
    out = "".join(kept)
    try:
        stats = parse(out)
    except ValueError:
        raise RuntimeError(f"booksim exited with {proc.returncode} without statistics:\n{out[-2000:]}{err[-2000:]}") \
            from None
    return stats, (counts if watch else None)


def _ok(row: dict) -> bool:
    return row["status"] == "ok" and row["accepted_load"] >= EFFICIENCY * row["offered_load"]


def sweep(run: Callable[[float], dict], step: float = 0.1) -> list[dict]:
    """Loads step, 2 step, ... until the first one not carried, then bisection of the saturation load."""
    rows = []
    for x in [round(step * i, 5) for i in range(1, int(round(0.9 / step)) + 1)]:
        rows.append(dict(run(x), kind="sweep"))
        if not _ok(rows[-1]):
            break
    lo = max([r["offered_load"] for r in rows if _ok(r)], default=0.0)
    hi = min([r["offered_load"] for r in rows if not _ok(r) and r["offered_load"] > lo], default=None)
    if hi is not None:
        while hi - lo > TOL:
            x = round((lo + hi) / 2, 5)
            r = run(x)
            rows.append(dict(r, kind="bisection"))
            if _ok(r):
                lo = x
            else:
                hi = x
        sat = lo
    else:
        sat = 1.0
    rows.append(dict(offered_load=round(sat, 4), kind="saturation", status=None))
    return rows


def booksim_side(ref: Ref, binary: str, work: str, seed: int, nonmin: list[dict], src: str):
    settings = dict(ref.booksim)
    if ref.anynet_latency is not None:
        p = os.path.join(work, f"{ref.name}.anynet")
        to_booksim_anynet(ref.topology(), p, overwrite=True, latency=ref.anynet_latency)
        settings["network_file"] = p

    def run(load: float) -> dict:
        t0 = time.time()
        try:
            s, c = run_watch(binary, settings, load, ref.packet_size, seed, ref.watch_ugal)
        except TimeoutError:
            print(f"  booksim {ref.name} load {load:.4f}: stopped after {TIMEOUT} s", flush=True)
            return dict(offered_load=load, accepted_load=0.0, status="timeout")
        if c is not None and c["packets"]:
            nonmin.append(dict(config=ref.name, simulator="booksim", offered_load=load,
                               accepted_load=s["accepted_load"], packets_sampled=c["packets"],
                               intra_group=c["intra_group"], intm_in_source_group=c["intm_in_source_group"],
                               minimal_by_queues=c["minimal_by_queues"], nonminimal=c["nonminimal"],
                               nonminimal_fraction=round(c["nonminimal"] / c["packets"], 5), source=src))
        print(f"  booksim {ref.name} load {load:.4f}: accepted {s['accepted_load']:.4f} latency "
              f"{s['average_latency']:.1f} hops {s['average_router_hops']:.3f}"
              + (f" nonmin {c['nonminimal'] / max(1, c['packets']):.3f} of {c['packets']}" if c else "")
              + f" ({time.time() - t0:.0f} s)", flush=True)
        return dict(offered_load=load, measured_offered_load=s["offered_load"], accepted_load=s["accepted_load"],
                    average_latency=s["average_latency"], average_link_hops=s["average_router_hops"] - 1,
                    status="ok")
    return run


def ours_side(ref: Ref, seed: int, nonmin: list[dict]):
    from sim import simulate

    kw = dict(ref.ours)
    routing, traffic = kw.pop("routing"), kw.pop("traffic")
    top = ref.topology()

    def run(load: float) -> dict:
        t0 = time.time()
        r = simulate(top, routing, traffic, load, cycles=30_000, warmup=20_000, seed=seed, **kw)
        if routing != "min" and r["nonminimal_fraction"] is not None:
            # counted by the engine: measured packets with more router hops than the l-g-l path
            nonmin.append(dict(config=ref.name, simulator="topoanalysis", offered_load=load,
                               accepted_load=r["accepted_load"], packets_sampled=r["packets_delivered"],
                               nonminimal_fraction=round(r["nonminimal_fraction"], 5),
                               source=f"topoanalysis {routing} (hops > {r['nonminimal_basis']})"))
        print(f"  ours    {ref.name} load {load:.4f}: accepted {r['accepted_load']:.4f} latency "
              f"{r['average_latency']:.1f} hops {r['average_hops']:.3f} status {r['status']} "
              f"({time.time() - t0:.0f} s)", flush=True)
        return dict(offered_load=load, measured_offered_load=r["measured_offered_load"],
                    accepted_load=r["accepted_load"], average_latency=r["average_latency"],
                    average_link_hops=r["average_hops"], status=r["status"])
    return run


def zero_load_variants(binary: str, work: str, src: str) -> list[dict]:
    """Latency of one packet over line(n) (10-cycle links) and to its own router, per variant."""
    rows = []
    for n in (2, 3):
        path = os.path.join(work, f"line{n}.anynet")
        to_booksim_anynet(line(n), path, overwrite=True, latency=10)
        for P in (1, 8):
            for var, fields in ZERO_VARIANTS.items():
                s = dict(topology="anynet", network_file=path, routing_function="min", num_vcs=2, vc_buf_size=256)
                s.update(fields)
                cfg = f"line{n}-P{P}-{var}"
                try:
                    out, _ = run_watch(binary, s, 0.001, P, 1, False)
                except RuntimeError as e:
                    # vc_alloc_delay / sw_alloc_delay 2 abort on an assertion at this commit
                    # (iq_router.cpp:783 / :1641): recorded as such
                    why = next((ln for ln in str(e).splitlines() if "Assertion" in ln), "no statistics")
                    rows.append(dict(config=cfg, simulator="booksim", kind="zero-load", offered_load=0.001,
                                     average_link_hops=n - 1, status="error: " + why.split("booksim: ")[-1][:120],
                                     source=src))
                    print(f"  zero-load {cfg}: {why}", flush=True)
                    continue
                rows.append(dict(config=cfg, simulator="booksim", kind="zero-load", offered_load=0.001,
                                 average_latency=out["maximum"], average_link_hops=n - 1, status="ok", source=src))
                rows.append(dict(config=cfg, simulator="booksim", kind="zero-load-own-router", offered_load=0.001,
                                 average_latency=out["minimum"], average_link_hops=0, status="ok", source=src))
                print(f"  zero-load {cfg}: {out['maximum']:.0f} / own router {out['minimum']:.0f}", flush=True)
    return rows


NONMIN_COLUMNS = ("config", "simulator", "offered_load", "accepted_load", "packets_sampled", "intra_group",
                  "intm_in_source_group", "minimal_by_queues", "nonminimal", "nonminimal_fraction", "source")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--booksim", default="", help="the BookSim2 binary (benchmarks/booksim/build.sh); needed "
                    "unless --no-booksim")
    ap.add_argument("--only", default="", help="comma-separated names of REFS (default: all), 'zero' for the "
                    "zero-load variants, 'base' to rerun our engine on " + ", ".join(COPIED))
    ap.add_argument("--no-ours", action="store_true", help="BookSim2 only")
    ap.add_argument("--no-booksim", action="store_true", help="this engine only (BookSim2's recorded rows kept)")
    ap.add_argument("--out", default=str(ROOT / "data" / "booksim_crossval_37.csv"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--source", default=os.environ.get("BOOKSIM_SOURCE", "booksim2@28f43299"),
                    help="what the source column says BookSim2 is (its commit)")
    args = ap.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(REFS) + ["zero", "base"]
    bad = [n for n in names if n not in REFS and n not in ("zero", "base")]
    if bad:
        ap.error(f"unknown: {bad}; known: {', '.join(REFS)}, zero, base")
    out = Path(args.out)
    nonmin_out = out.with_name(out.stem + "_nonmin.csv")
    # keep what an earlier run recorded for configurations not run now
    rows = [r for r in csv.DictReader(open(out, encoding="utf-8"))] if out.exists() else []
    nonmin = [r for r in csv.DictReader(open(nonmin_out, encoding="utf-8"))] if nonmin_out.exists() else []

    def drop(pred):
        rows[:] = [r for r in rows if not pred(r)]

    # the speedup-1.0 counterparts: BookSim2's rows from data/booksim_crossval.csv (same commit,
    # seed, settings), ours as recorded there unless "base" reruns them with the current engine
    base = ROOT / "data" / "booksim_crossval.csv"
    drop(lambda r: r["config"] in COPIED and (r["simulator"] == "booksim" or "base" in names))
    have = {(r["config"], r["simulator"]) for r in rows}
    rows += [r for r in csv.DictReader(open(base, encoding="utf-8"))
             if r["config"] in COPIED and (r["config"], r["simulator"]) not in have
             and (r["simulator"] == "booksim" or "base" not in names)]
    t0 = time.time()
    with tempfile.TemporaryDirectory() as work:
        for nm in names:
            if nm == "base":
                for c in COPIED:
                    cfg = CONFIGS[c]
                    ref = Ref(c, cfg.description, cfg.topology, cfg.booksim, cfg.packet_size,
                              ours=dict(routing=cfg.routing, traffic="uniform-all", **cfg.simulate_kwargs()))
                    for r in sweep(ours_side(ref, args.seed, nonmin)):
                        rows.append(dict(r, config=c, simulator="topoanalysis", source="topoanalysis"))
                    print(f"{c:20s} topoanalysis saturation {rows[-1]['offered_load']:.4f}", flush=True)
                    write_rows(out, rows, COLUMNS)
                continue
            if nm == "zero":
                drop(lambda r: r["config"].startswith("line") and r["simulator"] == "booksim")
                rows += zero_load_variants(args.booksim, work, args.source)
                write_rows(out, rows, COLUMNS)
                continue
            ref = REFS[nm]
            sides = ([] if args.no_booksim else [("booksim", None)]) + \
                ([("topoanalysis", None)] if ref.ours and not args.no_ours else [])
            for who, _ in sides:
                drop(lambda r, nm=nm, who=who: r["config"] == nm and r["simulator"] == who)
                nonmin[:] = [r for r in nonmin if not (r["config"] == nm and r["simulator"] == who)]
                run = (booksim_side(ref, args.booksim, work, args.seed, nonmin, args.source) if who == "booksim"
                       else ours_side(ref, args.seed, nonmin))
                for r in sweep(run, ref.step):
                    rows.append(dict(r, config=nm, simulator=who,
                                     source=args.source if who == "booksim" else "topoanalysis"))
                print(f"{nm:20s} {who:12s} saturation {rows[-1]['offered_load']:.4f}  ({time.time() - t0:.0f} s)",
                      flush=True)
                write_rows(out, rows, COLUMNS)
                write_rows(nonmin_out, nonmin, NONMIN_COLUMNS)
    print(f"wrote {len(rows)} rows to {out}, {len(nonmin)} to {nonmin_out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
