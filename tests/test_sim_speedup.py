"""Internal speedup (``RouterModel.internal_speedup``), against its analytic timing and BookSim2.

Besta & Hoefler 2014, §V simulate their routers with an internal speedup of 2; BookSim2's
``internal_speedup`` (benchmarks/booksim/NOTES.md §5, ``routers/router.cpp:105-112``) runs the
allocators and the crossbar s times per cycle into output queues the links drain at one flit per
cycle.  The engine's timing with speedup is stated in ``sim.engine``'s module doc: a router of
delay rd costs ceil(rd / s) cycles per hop at zero load (BookSim2's 3-stage pipeline: 2 cycles
with s = 2, measured on lines of routers, NOTES.md §4), an output contended by two inputs serves
both in one cycle, and links, node channels and credits keep their rates in cycles.

The BookSim2 numbers are the rows ``line*-s2``, ``df-min-P1-s2``, ``sf-min-P1-s2`` and
``df-min-P8-s2`` of ``data/booksim_crossval_37.csv`` (``benchmarks/booksim/compare37.py``), compared
with the tolerances of ``tests/test_sim_booksim.py``: accepted load within 0.03 below saturation,
latency within 10 %, saturation within 5 %.
"""

from __future__ import annotations

import csv
import functools
import json
import math
from pathlib import Path

import pytest

from sim import simulate
from sim.crossval import CONFIGS, line
from sim.testing import checked_simulate
from topoanalysis import build
from topoanalysis.topology import Topology

DATA = Path(__file__).resolve().parents[1] / "data" / "booksim_crossval_37.csv"
ROWS = list(csv.DictReader(open(DATA, encoding="utf-8")))
CYCLES, WARMUP = 10_000, 5_000  # as tests/test_sim_booksim.py


def _rows(config: str, kind: str) -> list[dict]:
    return [r for r in ROWS if r["config"] == config and r["simulator"] == "booksim" and r["kind"] == kind]


def _zero_load(n: int, P: int, s: int, **kw) -> tuple[float, float]:
    """(latency over a line of n routers with 10-cycle links, latency to the node's own router)."""
    end = checked_simulate(line(n), "min", "uniform", 0.0, burst=1, seed=1, model="booksim", packet_size=P,
                           latency=10, internal_speedup=s, **kw)
    own = checked_simulate(Topology(2, [0], [1], endpoints=[2, 0]), "min", "uniform", 0.0, burst=1, seed=1,
                           model="booksim", packet_size=P, internal_speedup=s, **kw)
    return end["latency_max"], own["latency_max"]


def _analytic(n: int, P: int, s: int, rd: int = 3) -> tuple[int, int]:
    # node channels 1 cycle each (the injection one read a cycle later, BookSim2's channel), the
    # router delay ceil(rd / s) per router, the links, and the P - 1 body phits
    per_router = math.ceil(rd / s)
    return (1 + 1 + per_router * n + 10 * (n - 1) + 1 + P - 1, 1 + 1 + per_router + 1 + P - 1)


@pytest.mark.parametrize("n,P", [(2, 1), (2, 8), (3, 1), (3, 8)])
def test_zero_load_latency_with_speedup_2_equals_booksim(n, P):
    # BookSim2's measured maximum and minimum latency at load 0.001 with internal_speedup 2.0:
    # line of 2 routers, L = 10, single-flit: 17 cycles (19 without speedup, rows line2-P1-va1-sa1)
    (end,) = _rows(f"line{n}-P{P}-s2", "zero-load")
    (own,) = _rows(f"line{n}-P{P}-s2", "zero-load-own-router")
    ours = _zero_load(n, P, 2)
    assert ours == (float(end["average_latency"]), float(own["average_latency"]))
    assert ours == _analytic(n, P, 2)
    (end1,) = _rows(f"line{n}-P{P}-va1-sa1", "zero-load")
    assert _zero_load(n, P, 1) == (float(end1["average_latency"]), _analytic(n, P, 1)[1]) == _analytic(n, P, 1)


@pytest.mark.parametrize("s,rd", [(3, 3), (4, 3), (2, 4), (3, 1)])
def test_zero_load_latency_analytic(s, rd):
    # ceil(rd / s) cycles per router: the router delay's last cycle is the output register, its
    # other stages take one internal step each
    for n, P in ((2, 1), (3, 8)):
        assert _zero_load(n, P, s, router_delay=rd) == _analytic(n, P, s, rd)


def test_contended_output_serves_two_inputs_in_one_cycle():
    # one router, 8 nodes, uniform traffic at 0.9: every input is a FIFO (the source queue), so
    # without speedup a head that loses its output blocks the packets behind it (head-of-line
    # blocking: an 8x8 input-queued switch saturates near 0.62, Karol et al. 1987).  With s = 2 an
    # output accepts a packet from each of two inputs in one cycle and queues the second.
    star = Topology(2, [0], [1], endpoints=[8, 0])
    kw = dict(cycles=4000, warmup=1000, seed=1, model="booksim", vc_alloc_delay=0)
    one = checked_simulate(star, "min", "uniform", 0.9, internal_speedup=1, **kw)
    two = checked_simulate(star, "min", "uniform", 0.9, internal_speedup=2, **kw)
    assert 0.58 < one["accepted_load"] < 0.68
    assert two["accepted_load"] >= 0.97 * two["measured_offered_load"]
    assert two["average_latency"] < 20


def test_speedup_is_a_model_parameter():
    res = checked_simulate(line(2), "min", "uniform", 0.1, cycles=200, warmup=100, model="booksim",
                           internal_speedup=2, latency=10)
    assert res["model"]["internal_speedup"] == 2 and res["model"]["name"] == "booksim+internal_speedup+latency"
    # times in the results are network cycles
    assert res["cycles"] == 200 and res["total_cycles"] == 300 and res["warmup"] == 100
    with pytest.raises(ValueError, match="internal_speedup"):
        simulate(line(2), "min", "uniform", 0.1, cycles=100, model="booksim", internal_speedup=0)
    with pytest.raises(ValueError, match="internal_speedup"):
        simulate(line(2), "min", "uniform", 0.1, cycles=100, model="booksim", internal_speedup=1.5)


def test_command_line_option(cli):
    args = ("simulate", "dragonfly", "--a", "4", "--h", "2", "--p", "2", "--model", "booksim", "--load", "0.3",
            "--cycles", "300", "--warmup", "100", "--seed", "2")
    code, out, err = cli(*args, "--internal-speedup", "2", "--json")
    assert code == 0, err
    res = json.loads(out)
    assert res["model"]["internal_speedup"] == 2 and res["model"]["name"] == "booksim+internal_speedup"
    lib = simulate(build("dragonfly", a=4, h=2, p=2), "min", "uniform", 0.3, cycles=300, warmup=100, seed=2,
                   model="booksim", internal_speedup=2)
    assert res["average_latency"] == lib["average_latency"]
    code, out, err = cli(*args, "--internal-speedup", "2")
    assert code == 0 and "internal speedup 2" in out, err


def test_speedup_one_is_the_default_bit_for_bit():
    top = CONFIGS["df-a4h2-P1"].topology()
    kw = dict(cycles=600, warmup=300, seed=3, model="booksim", latency={"local": 10, "global": 100})
    a = simulate(top, "min", "uniform", 0.4, **kw)
    b = simulate(top, "min", "uniform", 0.4, internal_speedup=1, **kw)
    for k in ("accepted_load", "average_latency", "latency_max", "hop_histogram", "packets_generated"):
        assert a[k] == b[k]


@pytest.mark.parametrize("routing", ["min", "ugal-l"])
def test_windows_and_wakeups_change_nothing_with_speedup(routing, same_runs):
    # the engine's lookahead windows (in ticks, no longer than the smallest link latency), its
    # wake-up bounds and per-router input masks give the cycle-by-cycle run, bit for bit
    top = CONFIGS["df-a4h2-P1"].topology()
    kw = dict(cycles=500, warmup=300, seed=5, model="booksim", latency={"local": 10, "global": 100}, vcs=3,
              internal_speedup=2, packet_size=2, buffer=32)
    same_runs(top, {}, [dict(window=1, group_window=1), dict(eager_wakeup=True), dict(full_scan=True),
                        dict(cache_candidates=False, batch=1)], routing=routing, traffic="uniform", load=0.7, **kw)


def test_burst_and_trace_in_cycles():
    # a burst drains in cycles; the latency trace's entries are per generation cycle
    top = CONFIGS["df-a4h2-P1"].topology()
    kw = dict(model="booksim", seed=2, latency={"local": 10, "global": 100})
    b1 = checked_simulate(top, "min", "uniform", 0.0, burst=5, internal_speedup=1, **kw)
    b2 = checked_simulate(top, "min", "uniform", 0.0, burst=5, internal_speedup=2, **kw)
    assert b2["drained"] and b1["drained"]
    # a hop costs one cycle less, and the crossbar drains the source queues twice as fast
    assert b2["drain_time"] < b1["drain_time"] and b2["average_latency"] < b1["average_latency"]
    tr1, tr2 = (checked_simulate(top, "min", "uniform", 0.3, cycles=400, warmup=200, internal_speedup=s,
                                 latency_trace=(200, 220), **kw)["latency_trace"] for s in (1, 2))
    assert tr2["first_cycle"] == 200 and len(tr2["packets"]) == 20
    # the sources generate per network cycle from the same random streams: the same packets
    assert tr2["packets"] == tr1["packets"] and sum(tr2["packets"]) > 300
    assert all(90 <= x < 150 for x in tr2["mean_latency"])


@functools.cache
def _ours(config: str, load: float) -> dict:
    c = CONFIGS[config]
    return checked_simulate(c.topology(), c.routing, "uniform-all", load, cycles=CYCLES, warmup=WARMUP, seed=1,
                            internal_speedup=2, **c.simulate_kwargs())


#: BookSim2's configuration with internal_speedup 2.0 -> ours without it (sim/crossval.py)
S2 = {"df-min-P1-s2": "df-a4h2-P1", "sf-min-P1-s2": "sf-q5-P1", "df-min-P8-s2": "df-a4h2-P8"}
#: loads checked below saturation (BookSim2's sweep rows; a few, to keep the suite short)
LOADS = {"df-min-P1-s2": (0.1, 0.4, 0.7), "sf-min-P1-s2": (0.1, 0.5, 0.8), "df-min-P8-s2": (0.1, 0.5, 0.8)}


@pytest.mark.parametrize("config,load", [(c, x) for c in S2 for x in LOADS[c]])
def test_below_saturation_matches_booksim(config, load):
    (row,) = [r for r in _rows(config, "sweep") if float(r["offered_load"]) == load]
    sat = float(_rows(config, "saturation")[0]["offered_load"])
    assert load <= 0.9 * sat
    r = _ours(S2[config], load)
    assert r["status"] == "ok"
    assert abs(r["accepted_load"] - float(row["accepted_load"])) <= 0.03
    assert r["average_latency"] == pytest.approx(float(row["average_latency"]), rel=0.10)
    # the same minimal paths (BookSim2 counts router hops; link hops = router hops - 1)
    assert r["average_hops"] == pytest.approx(float(row["average_link_hops"]), abs=0.02)


@pytest.mark.parametrize("config", ["sf-min-P1-s2", "df-min-P8-s2"])
def test_carries_what_booksim_carries(config):
    # BookSim2 carried 0.9 (saturation 1.0: no load up to 0.9 failed): so do we, and at a latency
    # within 10 % of BookSim2's there
    (row,) = [r for r in _rows(config, "sweep") if float(r["offered_load"]) == 0.9]
    r = _ours(S2[config], 0.9)
    assert r["status"] == "ok" and r["accepted_load"] >= 0.95 * r["measured_offered_load"]
    assert r["average_latency"] == pytest.approx(float(row["average_latency"]), rel=0.10)


@pytest.mark.xfail(strict=True, reason="[booksim2-speedup] on the a = 4, h = 2 dragonfly with MIN and single-flit "
                   "packets and speedup 2, BookSim2 saturates at 0.875 (accepting at most 0.841) and this engine at "
                   "0.969 (accepting 0.920): +10.7 %, as without speedup (0.441 against 0.481, +9.3 %, df-a4h2-P1), "
                   "where BookSim2's separate VC allocation stage is the known cause; below saturation the latencies "
                   "agree within 0.3 % up to load 0.7")
def test_saturation_with_speedup_matches_booksim():
    # within 5 %: carried at 0.95 of BookSim2's saturation and not at 1.05 of it
    sat = float(_rows("df-min-P1-s2", "saturation")[0]["offered_load"])
    lo, hi = _ours("df-a4h2-P1", round(0.95 * sat, 4)), _ours("df-a4h2-P1", round(1.05 * sat, 4))
    assert lo["accepted_load"] >= 0.95 * lo["measured_offered_load"]
    assert hi["accepted_load"] < 0.95 * hi["measured_offered_load"]


def test_saturation_with_speedup_matches_booksim_ours():
    # ours still carries 1.05 times BookSim2's saturation load (0.919 offered, 0.910 accepted)
    sat = float(_rows("df-min-P1-s2", "saturation")[0]["offered_load"])
    hi = _ours("df-a4h2-P1", round(1.05 * sat, 4))
    assert hi["accepted_load"] >= 0.95 * hi["measured_offered_load"]
    assert hi["accepted_load"] == pytest.approx(0.910, abs=0.005)
