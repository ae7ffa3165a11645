"""The engine against FOGSim (the simulator of seeds 000 and 001) on the seed 001 Table 1 router.

``data/fogsim_crossval.csv`` holds FOGSim's numbers (``benchmarks/fogsim/run.py`` ran the public
FOGSim source at its 2014 commit, built by ``benchmarks/fogsim/build.sh``; the ``source`` column
names the commit) and ours at the time, on the canonical palmtree dragonfly h = 2 (a = 4, p = 2,
72 nodes) for MIN, VAL, PB, OFAR (escape ring A; without congestion management and with
BCM; with the paper's misroute rule, the ofar selection, and with FOGSim's, the fogsim selection,
whose FOGSim rows are OFAR's: the same FOGSim configuration) and OLM under UN and ADVG+2
(``benchmarks/fogsim/configs.py``).  These tests run the engine again at fewer cycles and
compare: below saturation the accepted load within 0.03 and the average latency within 10 %;
the saturation load within 5 %.  Where the models differ a gap remains; those cases are strict
expected failures whose reason gives both numbers and the FOGSim model detail believed
responsible (``benchmarks/fogsim/NOTES.md``), with a README disagreement tag in brackets.
"""

from __future__ import annotations

import csv
import functools
import sys
from pathlib import Path

import numpy as np
import pytest

from sim import simulate

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks" / "fogsim"))
import configs  # noqa: E402

DATA = ROOT / "data" / "fogsim_crossval.csv"
ROWS = list(csv.DictReader(open(DATA, encoding="utf-8")))
CYCLES = 5_000   # warmup and measured each (run.py: 10,000 each)
CASES = [(r, t) for r in configs.ROUTINGS for t in configs.TRAFFICS]


def _name(routing: str, traffic: str) -> str:
    return f"df-h2-{routing}-{traffic}"


def _rows(config: str, simulator: str, kind: str) -> list[dict]:
    if simulator == "fogsim":  # a configuration FOGSim runs as another (configs.SAME_FOGSIM)
        for ours, theirs in configs.SAME_FOGSIM.items():
            config = config.replace(f"df-h2-{ours}-", f"df-h2-{theirs}-")
    return [r for r in ROWS if r["config"] == config and r["simulator"] == simulator and r["kind"] == kind]


def _saturation(config: str, simulator: str) -> float:
    (row,) = _rows(config, simulator, "saturation")
    return float(row["offered_load"])


def test_palmtree_is_fogsims():
    # FOGSim's palmtree (routing.cc findNeighbors): global port m of router i of group j goes to
    # group j - (i h + m + 1) mod G; router and node ids are g a + i and router p + k in both
    r = configs.SEED001
    top = configs.topology()
    G = r.a * r.h + 1
    want = set()
    for j in range(G):
        for i in range(r.a):
            for m in range(r.h):
                jj = (j - (i * r.h + m + 1)) % G
                ii = ((jj - j) % G - 1) // r.h
                want.add(tuple(sorted((j * r.a + i, jj * r.a + ii))))
    g = top.kind_names.index("global")
    have = {tuple(sorted((int(u), int(v)))) for u, v, k in zip(top.u, top.v, top.kind) if k == g}
    assert have == want
    assert top.n_routers == G * r.a and top.n_endpoints == G * r.a * r.p
    assert np.all(np.asarray(top.endpoints) == r.p)


def test_recorded_source_is_the_2014_commit():
    assert {r["source"] for r in ROWS if r["simulator"] == "fogsim"} == {"fogsim@b934297"}


@functools.cache
def _ours(routing: str, traffic: str, load: float) -> dict:
    return simulate(configs.topology(), traffic=traffic, load=load, cycles=CYCLES, warmup=CYCLES, seed=1,
                    **configs.ours(routing))


def _below_saturation(routing: str, traffic: str) -> list[dict]:
    nm = _name(routing, traffic)
    sat = min(_saturation(nm, "fogsim"), _saturation(nm, "topoanalysis"))
    return [r for r in _rows(nm, "fogsim", "sweep") if float(r["offered_load"]) <= 0.9 * sat]


#: (routing, traffic, what) -> reason of a known gap (numbers from data/fogsim_crossval.csv; "2021"
#: numbers: FOGSim dcdd75f's base switch, spot runs in benchmarks/fogsim/NOTES.md)
_INJ = ("FOGSim gives every node 3 injection buffers chosen by destination (generatorModule.cc:224), ours one "
        "FIFO: with one injection buffer instead of three the 2021 FOGSim's MIN UN levels off at 0.60 instead of 0.70 "
        "(saturation 0.62-0.65 instead of 0.72-0.73)")
_SPEEDUP = ("FOGSim 2014 lets every VC of an input port send at once (buffer.cc:161-166; the 2021 base switch "
            "serialises the port as ours does)")
_OFAR = ("FOGSim's OFAR misroutes only when the minimal port was granted to another input earlier in the same "
         "cycle (switchModule.cc:3156, 3392) and escapes only with no credit left, never from injection "
         "(switchModule.cc:1551); ours misroutes whenever the minimal port is unavailable")
GAPS: dict[tuple[str, str, str], str] = {
    ("min", "uniform", "saturation"): f"[fogsim-injection-vcs] FOGSim 0.76, ours 0.66 (-13 %): {_INJ}; "
    f"[fogsim-input-speedup] {_SPEEDUP}: 2021 FOGSim 0.72-0.73",
    ("min", "uniform", "latency"): "[fogsim-injection-vcs] at load 0.5, 0.86 of our saturation, FOGSim 129.8 cycles, "
    f"ours 142.9 (+10.1 %; 2021 FOGSim 136.1, with one injection buffer 147.5): {_INJ}",
    ("valiant", "uniform", "saturation"): f"[fogsim-injection-vcs] FOGSim 0.48, ours 0.45 (-6 %, with FOGSim's "
    f"intermediate draw; 0.42 without): {_INJ} (2021 FOGSim VAL UN: 0.48-0.51 with three, 0.44-0.45 with one)",
    ("valiant", "advg+2", "saturation"): f"[fogsim-input-speedup] FOGSim 0.32, ours 0.30 (-6 %, with FOGSim's "
    f"intermediate draw; 0.26 without): {_SPEEDUP}: 2021 FOGSim 0.30-0.31",
    ("pb", "uniform", "saturation"): f"[fogsim-injection-vcs] FOGSim 0.70, ours 0.59 (-16 %): {_INJ} (2021 FOGSim PB "
    f"UN: 0.64-0.65 with three, 0.56-0.59 with one); [fogsim-input-speedup] {_SPEEDUP}",
    ("pb", "uniform", "latency"): "[fogsim-injection-vcs] at load 0.5, 0.85 of our saturation, FOGSim 174.9 cycles, "
    f"ours 205.9 (+18 %; 0.4: 161.1 against 167.8, +4 %): our saturation is lower, {_INJ}",
    ("pb", "advg+2", "saturation"): "[fogsim-pb-ugal] FOGSim 0.23 (2021: 0.23-0.25), ours 0.25 (+9 %, with FOGSim's "
    "intermediate draw; 0.29 without): FOGSim takes fewer Valiant paths (3.60 against 3.74 hops at load 0.25). "
    "Not isolated: not the arrangement of its "
    "UGAL-L hop counts (generatorModule.cc:150-215 assumes the consecutive arrangement; on that arrangement, where "
    "they hold, FOGSim gives 0.20-0.22 and ours 0.26-0.28). With h = 2 and 200 % no flag ever fires in either "
    "simulator (a port must exceed the sum of both ports plus 5 packets, switchModule.cc:2976), so PB is UGAL-L "
    "here, and the UGAL-L terms differ: FOGSim weighs the occupancy of the one VC the packet would take by "
    "local-hop counts only (0-2 minimal, 0-4 Valiant; 0 makes the minimal path always win) and decides again at "
    "every request while the packet waits at its source (switchModule.cc:1164-1190); ours weighs the port's "
    "occupancy by l-g-l bounds (3; 4-5) once",
    ("ofar", "uniform", "saturation"): f"[fogsim-ofar-trigger] FOGSim 0.89, ours 0.71 (-20 %): {_OFAR}; "
    f"[fogsim-injection-vcs] {_INJ}; [fogsim-input-speedup] {_SPEEDUP}",
    ("ofar", "uniform", "latency"): "[fogsim-ofar-trigger] at load 0.1 FOGSim 116.8 cycles and 2.38 hops, ours 125.9 "
    f"and 2.61 (+7.8 %); at 0.2 119.0 against 137.7 (+15.7 %), at 0.6 148.5 against 243.0: {_OFAR}, so ours "
    "misroutes far more at low load",
    ("ofar", "advg+2", "saturation"): "[fogsim-ofar-trigger] FOGSim 0.36, ours 0.49 (+36 %; ours collapses past its "
    f"peak, 0.168 accepted at offered 0.5): {_OFAR}, so FOGSim misroutes less at injection (3.71 against 4.28 hops "
    "at load 0.3)",
    ("ofar", "advg+2", "latency"): "[fogsim-ofar-trigger] at load 0.05 FOGSim 134.4 cycles and 2.69 hops, ours 153.4 "
    f"and 3.16 (+14 %): {_OFAR}",
    # with BCM (injection needs room for 1 + 2 packets) below saturation both sides run as without it
    ("ofar-bcm", "uniform", "saturation"): f"[fogsim-ofar-trigger] with BCM FOGSim 0.87, ours 0.67 (-23 %): {_OFAR}; "
    f"[fogsim-injection-vcs] {_INJ}; [fogsim-input-speedup] {_SPEEDUP}",
    ("ofar-bcm", "uniform", "latency"): "[fogsim-ofar-trigger] with BCM, at load 0.2 FOGSim 119.0 cycles and 2.39 "
    f"hops, ours 137.7 and 2.84 (+15.7 %): {_OFAR}",
    ("ofar-bcm", "advg+2", "saturation"): "[fogsim-ofar-trigger] with BCM FOGSim 0.36, ours 0.51 (+42 %; BCM keeps our "
    f"peak, 0.463 accepted at offered 0.6, where without it ours falls to 0.168 at 0.5): {_OFAR}",
    ("ofar-bcm", "advg+2", "latency"): "[fogsim-ofar-trigger] with BCM, at load 0.05 FOGSim 134.4 cycles and 2.69 "
    f"hops, ours 153.4 and 3.16 (+14 %): {_OFAR}",
    # OFAR with FOGSim's misroute and escape rules (the fogsim policy): up to 0.5 under UN and 0.3
    # under ADVG+2 latency within 8.1 % and 9.9 %, hops within 0.09 and 0.33
    ("ofar-fogsim", "uniform", "saturation"): f"[fogsim-injection-vcs] with FOGSim's OFAR rules (selection fogsim) "
    f"FOGSim 0.89, ours 0.70 (-21 %, as MIN: 0.76 against 0.66): {_INJ}; [fogsim-input-speedup] {_SPEEDUP}",
    ("ofar-fogsim", "uniform", "latency"): "[fogsim-injection-vcs] with FOGSim's OFAR rules, at load 0.6, 0.86 of our "
    f"saturation, FOGSim 148.5 cycles, ours 186.1 (+25 %; up to 0.5 within 8.1 %): our saturation is lower, {_INJ}",
    ("ofar-fogsim", "advg+2", "saturation"): "[fogsim-olm-advg] with FOGSim's OFAR rules FOGSim 0.36, ours 0.49 (+36 %; "
    "latency within 9.9 % up to load 0.3, as OLM's): the same gap as OLM's under ADVG+2, with the same policy",
    # OLM with FOGSim's misroute rule (the fogsim policy): up to 0.5 under UN and 0.25 under ADVG+2
    # latency within 8.6 % and 1.7 %, hops within 0.09 and 0.24
    ("olm", "uniform", "saturation"): f"[fogsim-olm-uniform] FOGSim 0.78, ours 0.69 (-12 %, as MIN: 0.76 against "
    f"0.66): {_INJ}; and {_SPEEDUP}",
    ("olm", "uniform", "latency"): "[fogsim-olm-uniform] at load 0.6, 0.87 of our saturation, FOGSim 150.5 cycles, "
    f"ours 191.9 (+28 %; at 0.5 137.3 against 149.2, +8.6 %): our saturation is lower, {_INJ}",
    ("olm", "advg+2", "saturation"): "[fogsim-olm-advg] FOGSim 0.35, ours 0.47 (+34 %): FOGSim takes fewer non-minimal "
    "hops near its saturation (3.79 against 4.06 hops at load 0.3, 3.48 against 3.66 at 0.2), all of them local: global "
    "hops agree (1.61 against 1.62 per packet at 0.3), local ones do not (2.18 against 2.44). Not isolated; the model "
    "details left that bear on misrouting: FOGSim re-evaluates every unserved input at each allocator iteration "
    "(switchModule.cc:2893-2899; ours re-examines the inputs that lost, and lets a head without room on its minimal VC "
    "misroute while another packet holds that port), prefers another global link to the minimal one "
    "under the MM flag (switchModule.cc:3284-3292), gives transit priority over injection (switchModule.cc:2720-2800) "
    "and lets several VCs of an input port send at once (buffer.cc:161-166)",
    ("olm", "advg+2", "latency"): "[fogsim-olm-advg] at load 0.3, 0.86 of FOGSim's saturation, FOGSim 288.5 cycles, "
    "ours 234.2 (-18.8 %; up to 0.25 within 1.7 %): FOGSim saturates earlier (0.35 against 0.47)",
}


def _mark(routing: str, traffic: str, what: str):
    reason = GAPS.get((routing, traffic, what))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(routing, traffic, marks=marks, id=f"{routing}-{traffic}")


@pytest.mark.parametrize("routing,traffic", CASES)
def test_accepted_load_below_saturation_matches_fogsim(routing, traffic):
    rows = _below_saturation(routing, traffic)
    assert len(rows) >= 1
    for r in rows:
        load = float(r["offered_load"])
        got = _ours(routing, traffic, load)["accepted_load"]
        assert got == pytest.approx(float(r["accepted_load"]), abs=0.03), load


@pytest.mark.parametrize("routing,traffic", [_mark(r, t, "latency") for r, t in CASES])
def test_average_latency_below_saturation_matches_fogsim(routing, traffic):
    for r in _below_saturation(routing, traffic):
        load = float(r["offered_load"])
        got = _ours(routing, traffic, load)["average_latency"]
        assert got == pytest.approx(float(r["average_latency"]), rel=0.10), load


@pytest.mark.parametrize("routing,traffic", sorted({(r, t) for r, t, what in GAPS if what == "latency"}))
def test_average_latency_below_saturation_matches_fogsim_ours(routing, traffic):
    # where we differ from FOGSim below saturation, our own recorded latency still holds (within 3 %)
    for r in _below_saturation(routing, traffic):
        load = float(r["offered_load"])
        (mine,) = [x for x in _rows(_name(routing, traffic), "topoanalysis", "sweep")
                   if float(x["offered_load"]) == load]
        got = _ours(routing, traffic, load)["average_latency"]
        assert got == pytest.approx(float(mine["average_latency"]), rel=0.03), load


@functools.cache
def _our_saturation(routing: str, traffic: str) -> float:
    """Bisection on whole percents of "accepted >= 95 % of offered", as run.py."""
    lo, hi = 0, 100
    while hi - lo > 1:
        m = (lo + hi) // 2
        r = _ours(routing, traffic, m / 100)
        if r["status"] == "ok" and r["accepted_load"] >= 0.95 * m / 100:
            lo = m
        else:
            hi = m
    return lo / 100


@pytest.mark.parametrize("routing,traffic", [_mark(r, t, "saturation") for r, t in CASES])
def test_saturation_load_matches_fogsim(routing, traffic):
    assert _our_saturation(routing, traffic) == pytest.approx(_saturation(_name(routing, traffic), "fogsim"), rel=0.05)


@pytest.mark.parametrize("routing,traffic", sorted({(r, t) for r, t, what in GAPS if what == "saturation"}))
def test_saturation_load_matches_fogsim_ours(routing, traffic):
    # where we differ from FOGSim, our own recorded value still holds (shorter runs here than in
    # run.py: within 5 %), so a change of the engine's number is noticed
    assert _our_saturation(routing, traffic) == pytest.approx(_saturation(_name(routing, traffic), "topoanalysis"),
                                                              rel=0.05)
