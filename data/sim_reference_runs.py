"""Reference runs of the simulator: a fixed set of small runs and their recorded results.

    python data/sim_reference_runs.py            # (re)write data/sim_reference_runs.json
    python data/sim_reference_runs.py --check    # compare fresh runs with the recorded results

The set covers every registered routing (:data:`sim.ROUTINGS`) at least once, under loads below
and past saturation, and the engine's other paths: bursts, a traffic change (transient), a
latency trace, per-link statistics, per-arc VC counts, the VC schemes, the selection policies,
BCM and ECM injection gates, a VC allocation and a router pipeline delay, internal speedup, and
the router models of each paper.  ``tests/test_sim_reference_runs.py`` reruns every case and requires the recorded
results bit for bit: a change to the engine that is meant to keep results (a refactor, a speed
change) must pass it unchanged; a change that is meant to change results regenerates the file in
the same commit, so that the diff shows every number it moved.

Wall-clock figures and the engine's work counters (``engine_counters``: wake-ups, routing calls)
are not results and are left out.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

DATA = Path(__file__).resolve().parent
RECORD = DATA / "sim_reference_runs.json"

#: results fields that measure the machine or the engine's work, not the simulated network
NOT_RESULTS = ("wall_seconds", "cycles_per_second", "measured_wall_seconds", "measured_cycles_per_second",
               "engine_counters")

_DF = ("dragonfly", {"a": 4, "h": 2, "p": 2, "arrangement": "palmtree"})
_DF1 = ("dragonfly", {"a": 4, "h": 2, "p": 1})
_DF4 = ("dragonfly", {"a": 8, "h": 4, "p": 1, "arrangement": "palmtree"})
_DF5 = ("dragonfly", {"a": 10, "h": 5, "p": 1, "arrangement": "palmtree"})
_DFT = ("dragonfly", {"a": 8, "h": 3, "trunking": 4, "p": 2})
_SF = ("slimfly", {"q": 5, "p": 3})
_HX = ("hamming", {"sizes": [4, 4], "p": 2})
_RING = ("torus", {"dims": [6]})
_DF3 = ("dragonfly3", {"a": 2, "b": 3, "c": 4, "t3": 2, "p": 2})
_FT = ("fattree", {"k": 8, "levels": 3, "pods": 4})
#: no paper simulates 3-level dragonflies: seed000 with Camarero et al. 2014, Table II's local link for l, global for m, g
_T3 = {"model": "seed000", "latency": {"level1": 10, "level2": 100, "level3": 100},
       "buffer": {"level1": 32, "level2": 256, "level3": 256}}
_S = {"warmup": 500, "cycles": 1000, "seed": 3}
#: the seed002 preset runs internal speedup 2; these cases exercise the other parts of the engine
#: without it (speedup-seed002-sf runs the preset's speedup)
_S1 = {**_S, "internal_speedup": 1}

#: case name -> (topology, simulate keywords, per-arc VC counts rule or None)
CASES: dict[str, tuple[tuple[str, dict[str, Any]], dict[str, Any], str | None]] = {
    # every registered routing
    "min-df": (_DF, {"routing": "min", "traffic": "uniform", "load": 0.4, **_S}, None),
    "min-df-sat": (_DF, {"routing": "min", "traffic": "advg+1", "load": 0.5, **_S}, None),
    "df-min": (_DF, {"routing": "df-min", "traffic": "uniform", "load": 0.3, **_S}, None),
    "valiant-df": (_DF, {"routing": "valiant", "traffic": "advg+1", "load": 0.3, **_S}, None),
    "valiant-any-df": (_DF, {"routing": "valiant-any", "traffic": "uniform", "load": 0.3, **_S}, None),
    "dor": (_HX, {"routing": "dor", "traffic": "uniform", "load": 0.5, "model": "seed002", **_S1}, None),
    "sp-min": (_SF, {"routing": "sp-min", "traffic": "uniform", "load": 0.6, "model": "seed002", **_S1}, None),
    "sp-table": (_SF, {"routing": "sp-table", "traffic": "uniform-all", "load": 0.5, "model": "booksim",
                       "vc_scheme": "any", **_S}, None),
    "ugal-l": (_DF, {"routing": "ugal-l", "traffic": "uniform", "load": 0.3, **_S}, None),
    "ugal-l-adv": (_DF, {"routing": "ugal-l", "traffic": "advg+1", "load": 0.45, **_S}, None),
    "ugal-booksim": (_DF1, {"routing": "ugal-booksim", "traffic": "uniform", "load": 0.3, "model": "booksim",
                            **_S}, None),
    "ugal-booksim-adv": (_DF, {"routing": "ugal-booksim", "traffic": "advg+1", "load": 0.2, "model": "booksim",
                               "packet_size": 8, **_S}, None),
    "ugal-g": (_DF, {"routing": "ugal-g", "traffic": "advg+1", "load": 0.3, **_S}, None),
    "ugal-l-held": (_DF, {"routing": "ugal-l", "routing_options": {"queue": "held"}, "traffic": "advg+1", "load": 0.45,
                          **_S}, None),
    "ugal-l-credits": (_DF, {"routing": "ugal-l", "routing_options": {"queue": "credits"}, "traffic": "advg+1",
                             "load": 0.45, **_S}, None),
    "ugal-l-held-sf": (_SF, {"routing": "ugal-l", "routing_options": {"queue": "held"}, "traffic": "uniform",
                             "load": 0.7, "model": "seed002", **_S}, None),  # internal speedup 2
    "pb": (_DF, {"routing": "pb", "traffic": "advg+2", "load": 0.3, **_S}, None),
    "valiant-lf": (_SF, {"routing": "valiant-lf", "traffic": "uniform", "load": 0.4, "model": "seed003", **_S}, None),
    "ugal-l-lf": (_SF, {"routing": "ugal-l-lf", "traffic": "sf-worst", "load": 0.3, "model": "seed003", **_S},
                  None),
    "intercept-valiant-sf": (_SF, {"routing": "valiant", "traffic": "hotspot-seq", "load": 0.3, "model": "seed003",
                                   **_S}, None),
    "ugal-l-sf": (_SF, {"routing": "ugal-l", "traffic": "uniform", "load": 0.5, "model": "seed002", **_S1}, None),
    "ofar": (_DF, {"routing": "ofar", "traffic": "advg+1", "load": 0.4, **_S}, None),
    "ofar-uniform-sat": (_DF, {"routing": "ofar", "traffic": "uniform", "load": 0.8, **_S}, None),
    "ofar-l": (_DF, {"routing": "ofar-l", "traffic": "uniform", "load": 0.4, **_S}, None),
    "ofar-ring-b": (_DF4, {"routing": "ofar-ring-b", "traffic": "advg+2", "load": 0.3, **_S}, None),
    "ofar-ring-c": (_DF5, {"routing": "ofar-ring-c", "traffic": "uniform", "load": 0.5, **_S}, None),
    "ofar-tree": (_DF, {"routing": "ofar-tree", "traffic": "uniform", "load": 0.6, **_S}, None),
    "ofar-l-tree": (_DF, {"routing": "ofar-l-tree", "traffic": "advg+1", "load": 0.3, **_S}, None),
    "ofar-2rings": (_DF4, {"routing": "ofar-2rings", "traffic": "advg+2", "load": 0.4, **_S}, None),
    "olm": (_DF, {"routing": "olm", "traffic": "advg+2", "load": 0.3, **_S}, None),
    "olm-select-ofar": (_DF, {"routing": "olm", "traffic": "uniform", "load": 0.5, "selection": "ofar", **_S}, None),
    "2color-min": (_DFT, {"routing": "2color-min", "traffic": "uniform", "load": 0.9, "vcs": 1, "model": "seed000",
                          **_S}, None),
    "4color-min": (_DFT, {"routing": "4color-min", "traffic": "advg+1", "load": 0.5, "vcs": 2, "model": "seed000",
                          **_S}, None),
    "4color-nonmin": (_DFT, {"routing": "4color-nonmin", "traffic": "uniform", "load": 0.5, "vcs": 1,
                             "model": "seed000", **_S}, None),
    "4color-adaptive": (_DFT, {"routing": "4color-adaptive", "traffic": "advg+1", "load": 0.5, "vcs": 2,
                               "model": "seed000", **_S}, None),
    "df3-min": (_DF3, {"routing": "df3-min", "traffic": "uniform", "load": 0.4, **_T3, **_S}, None),
    "df3-val": (_DF3, {"routing": "df3-val", "traffic": "advg+3", "load": 0.3, **_T3, **_S}, None),
    "df3-val-g1": (_DF3, {"routing": "df3-val-g1", "traffic": "advg+3", "load": 0.3, **_T3, **_S}, None),
    "df3-val-g2": (_DF3, {"routing": "df3-val-g2", "traffic": "uniform", "load": 0.3, **_T3, **_S}, None),
    # bursts, transients, traces and per-link statistics
    "burst-pb": (_DF, {"routing": "pb", "traffic": "uniform", "load": 0.0, "burst": 20, "seed": 2}, None),
    "burst-ofar": (_DF, {"routing": "ofar", "traffic": "advg+2", "load": 0.0, "burst": 20, "seed": 2}, None),
    "transient-ugal-l": (_DF, {"routing": "ugal-l", "traffic": "uniform", "change_traffic": "advg+1",
                               "change_cycle": 900, "load": 0.3, **_S}, None),
    "trace-valiant": (_DF, {"routing": "valiant", "traffic": "uniform", "load": 0.3, "latency_trace": [700, 800],
                            **_S}, None),
    "per-link-min": (_DF, {"routing": "min", "traffic": "advg+1", "load": 0.2, "per_link": True, **_S}, None),
    # per-arc VC counts (a second VC on one direction of a ring, through the "any" scheme)
    "arc-vcs-ring": (_RING, {"routing": "min", "traffic": "uniform", "load": 0.5, "vc_scheme": "any",
                             "model": "seed002", "vcs": 1, **_S1}, "clockwise-2"),
    # no VC scheme on a ring: the watchdog's deadlock
    "deadlock-ring": (_RING, {"routing": "min", "traffic": "uniform", "load": 1.0, "vc_scheme": "none",
                              "model": "seed002", "vcs": 1, "packet_size": 2, "buffer": 2, "watchdog": 300, **_S1},
                      None),
    # VC schemes and selection policies
    "vc-hops": (_DF, {"routing": "valiant", "traffic": "uniform", "load": 0.3, "vc_scheme": "hops", **_S}, None),
    "vc-hops-kind": (_DF, {"routing": "min", "traffic": "advg+1", "load": 0.3, "vc_scheme": "hops-kind", **_S},
                     None),
    "vc-any-min": (_DF, {"routing": "min", "traffic": "uniform", "load": 0.5, "vc_scheme": "any", **_S}, None),
    "select-random": (_DF, {"routing": "valiant-any", "traffic": "uniform", "load": 0.4, "selection": "random",
                            **_S}, None),
    "select-least-occupied": (_DF, {"routing": "valiant", "traffic": "advg+1", "load": 0.4,
                                    "selection": "least-occupied", "vc_scheme": "any", **_S}, None),
    "select-ofar-valiant": (_DF, {"routing": "valiant", "traffic": "uniform", "load": 0.4, "selection": "ofar",
                                  **_S}, None),
    # BookSim2's fattree_anca: the up ports of a fat tree to the next pod, near full load
    "select-two-choice-ft": (_FT, {"routing": "min", "traffic": "advg+1", "load": 0.95, "selection": "two-choice",
                                   "model": "seed002", **_S}, None),
    # injection gates (seed 001 §3.4)
    "bcm-ofar": (_DF, {"routing": "ofar", "traffic": "uniform", "load": 0.7, "injection_bubble": 2, **_S}, None),
    # with 2/1(+1) VCs under ADVG+2 ECM gates (accepted 0.413 by credits, 0.362 by buffers, 0.339 without)
    "ecm-ofar-tree": (_DF, {"routing": "ofar-tree", "traffic": "advg+2", "load": 0.8, "escape_threshold": 20,
                            "vcs": [2, 1], **_S}, None),
    "ecm-buffers-ofar-tree": (_DF, {"routing": "ofar-tree", "traffic": "advg+2", "load": 0.8, "escape_threshold": 20,
                                    "escape_occupancy": "buffers", "vcs": [2, 1], **_S}, None),
    "ecm-ofar-l": (_DF1, {"routing": "ofar-l", "traffic": "advg+1", "load": 0.5, "escape_threshold": 20,
                          "injection_bubble": 2, **_S}, None),
    # router models and pipeline delays
    "booksim-ugal-l": (_DF1, {"routing": "ugal-l", "traffic": "uniform", "load": 0.3, "model": "booksim",
                              "vcs": 3, **_S}, None),
    "va-delay-min": (_DF, {"routing": "min", "traffic": "uniform", "load": 0.4, "vc_alloc_delay": 2,
                           "router_delay": 3, "credit_delay": 1, **_S}, None),
    "seed002-valiant-sf": (_SF, {"routing": "valiant", "traffic": "shift", "load": 0.3, "model": "seed002",
                                 "iterations": 2, "arbitration": "random", **_S1}, None),
    # internal speedup (ticks of 1/s cycle): a remote routing, body phits, a trace, a burst
    "speedup-ugal-g": (_DF1, {"routing": "ugal-g", "traffic": "uniform", "load": 0.6, "model": "booksim", "vcs": 3,
                              "internal_speedup": 2, **_S}, None),
    "speedup-seed002-sf": (_SF, {"routing": "ugal-l", "traffic": "uniform", "load": 0.7, "model": "seed002",
                                 "internal_speedup": 2, "packet_size": 2, "latency_trace": [600, 640], **_S}, None),
    "speedup-burst": (_DF, {"routing": "valiant", "traffic": "advg+1", "load": 0.0, "burst": 8, "internal_speedup": 3,
                            "router_delay": 2, "seed": 2}, None),
}


def _topology(spec: tuple[str, dict[str, Any]]) -> Any:
    from topoanalysis import build

    family, params = spec
    return build(family, **params)


def run_case(name: str) -> dict[str, Any]:
    """Run case ``name`` of :data:`CASES`; its results with the non-result fields left out, as
    they read back from JSON (lists for tuples)."""
    from sim import simulate
    from sim.routings import make_routing

    spec, kw, arc_rule = CASES[name]
    top = _topology(spec)
    kw = dict(kw)
    routing: Any = kw.pop("routing")
    if "routing_options" in kw:
        routing = make_routing(top, routing, **kw.pop("routing_options"))
    if arc_rule == "clockwise-2":
        n = top.n_routers
        arcs = top.arcs()
        routing = make_routing(top, routing)
        routing.arc_vcs = np.where(arcs.dst == (arcs.src + 1) % n, 2, 0)
    if "latency_trace" in kw:
        kw["latency_trace"] = tuple(kw["latency_trace"])
    res = simulate(top, routing, **kw)
    out = {k: v for k, v in res.items() if k not in NOT_RESULTS}
    return json.loads(json.dumps(out))


def differences(recorded: Any, fresh: Any, path: str = "") -> list[str]:
    """The fields (dotted paths) where two results differ, with both values."""
    if isinstance(recorded, dict) and isinstance(fresh, dict):
        out = []
        for k in sorted(set(recorded) | set(fresh), key=str):
            if k not in recorded or k not in fresh:
                out.append(f"{path}{k}: only in {'the record' if k in recorded else 'the fresh run'}")
            else:
                out += differences(recorded[k], fresh[k], f"{path}{k}.")
        return out
    if recorded != fresh:
        return [f"{path.rstrip('.')}: recorded {recorded!r}, now {fresh!r}"]
    return []


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with the record instead of writing it")
    ap.add_argument("cases", nargs="*", help="only these cases (default: all)")
    args = ap.parse_args(argv)
    names = args.cases or list(CASES)
    unknown = sorted(set(names) - set(CASES))
    if unknown:
        ap.error(f"unknown case(s) {', '.join(unknown)}; known: {', '.join(CASES)}")
    record = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    bad = 0
    for name in names:
        fresh = run_case(name)
        if args.check:
            diff = differences(record.get(name), fresh) if name in record else ["not recorded"]
            bad += bool(diff)
            print(f"{name}: {'same' if not diff else '; '.join(diff[:5])}", flush=True)
        else:
            record[name] = fresh
            print(f"{name}: status {fresh['status']}, accepted {fresh['accepted_load']:.4f}, "
                  f"latency {fresh['average_latency']:.2f}", flush=True)
    if not args.check:
        record = {k: record[k] for k in CASES if k in record}
        tmp = RECORD.with_name(RECORD.name + ".tmp")
        tmp.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
        tmp.replace(RECORD)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
