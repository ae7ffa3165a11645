"""``ugal-booksim`` against BookSim2's ``ugal`` on its dragonfly, from recorded BookSim2 runs.

BookSim2's ``ugal_dragonflynew`` (booksim/booksim2 at 28f43299, ``src/networks/dragonfly.cpp``
458-562; read in ``benchmarks/booksim/NOTES.md`` §3) decides once per packet at the source router:
one intermediate node drawn over all nodes (in the source group: minimal), minimal iff
q_min <= 2 q_non + 30 with q the credits in use of the whole output port in flits, and 3 VCs by
phase.  ``data/booksim_crossval_37.csv`` and ``data/booksim_crossval_37_nonmin.csv`` hold BookSim2's
numbers (``benchmarks/booksim/compare37.py``) on dragonflynew k = 2 (our a = 4, h = 2, p = 2,
consecutive arrangement, 10/100-cycle links, 3 VCs of 256 flits, the ``booksim`` router model)
under uniform and ``bad_dragon`` (our ``advg+1``) traffic, with 1- and 8-flit packets.  The tests
run the engine again and compare with the tolerances of ``tests/test_sim_booksim.py``: below
saturation the accepted load within 0.03 and the average latency within 10 %, the saturation load
within 5 %; and the fraction of packets sent non-minimally within 0.05 (BookSim2's is counted on a
sample of 130-11,000 packets per run, +-0.01 to +-0.04).  Besta & Hoefler 2014, §IV-C and Han et
al. 2017, §4.2 (about 99 % of packets minimal at load 0.1) are the papers' side of the question.
"""

from __future__ import annotations

import csv
import functools
from pathlib import Path

import pytest

from sim import simulate
from sim.crossval import CONFIGS, below_saturation, bisect_saturation, recorded_saturation

DATA = Path(__file__).resolve().parents[1] / "data"
ROWS = list(csv.DictReader(open(DATA / "booksim_crossval_37.csv", encoding="utf-8")))
NONMIN = list(csv.DictReader(open(DATA / "booksim_crossval_37_nonmin.csv", encoding="utf-8")))
CYCLES, WARMUP = 10_000, 5_000   # compare37.py ran 30,000 after 20,000
#: config -> (traffic, packet size), as compare37.py's REFS
UGAL = {"df-ugal-P1-uniform": ("uniform-all", 1), "df-ugal-P1-bad": ("advg+1", 1),
        "df-ugal-P8-uniform": ("uniform-all", 8), "df-ugal-P8-bad": ("advg+1", 8)}


def _saturation(config: str, simulator: str) -> float:
    return recorded_saturation(ROWS, config, simulator)


@functools.cache
def _ours(config: str, load: float) -> dict:
    traffic, P = UGAL[config]
    c = CONFIGS["df-a4h2-P1"]
    kw = dict(c.simulate_kwargs(), packet_size=P, vcs=3)
    return simulate(c.topology(), "ugal-booksim", traffic, load, cycles=CYCLES, warmup=WARMUP, seed=1, **kw)


def _below_saturation(config: str) -> list[dict]:
    return below_saturation(ROWS, config)


#: (config, what) -> reason of a known gap (numbers from data/booksim_crossval_37.csv)
GAPS: dict[tuple[str, str], str] = {
    ("df-ugal-P1-uniform", "saturation"): "[booksim2-ugal] single-flit packets: BookSim2 allocates the VC and then "
    "the switch in separate stages (an input VC forwards one packet every 2 cycles, benchmarks/booksim/NOTES.md §4), "
    "where this engine grants both at once: BookSim2's ugal saturates at 0.400 (accepting 0.399 at load 0.5), ours "
    "at 0.477 (0.463 at 0.5), +19 %, the MIN gap of df-a4h2-P1 (+9.3 %) made larger",
    ("df-ugal-P8-bad", "saturation"): "[booksim2-ugal] bad_dragon, 8-flit packets: both accept at most about 0.24 "
    "(BookSim2 0.2374 at load 0.25, ours 0.2423 at 0.30), but BookSim2 falls below 95 % of the offered load at 0.25 "
    "(94.97 %) and ours only at 0.2656: saturation 0.2375 against 0.266 (+12 %)",
    ("df-ugal-P8-bad", "nonminimal"): "[booksim2-ugal] at load 0.05 BookSim2 counted 17 of 130 sampled packets "
    "non-minimal (0.131, standard error 0.03, warm-up included), ours 0.187 of the measured packets; at loads 0.1, "
    "0.15 and 0.2 the two agree within 0.02",
}


def _mark(config: str, what: str):
    reason = GAPS.get((config, what))
    return pytest.param(config, marks=[pytest.mark.xfail(strict=True, reason=reason)] if reason else [], id=config)


def test_ugal_booksim_is_minimal_at_low_load():
    # BookSim2 sent none of its 2,055 sampled packets non-minimally at load 0.1 (uniform, 1 flit)
    (bk,) = [r for r in NONMIN if r["config"] == "df-ugal-P1-uniform" and r["simulator"] == "booksim"
             and float(r["offered_load"]) == 0.1]
    assert float(bk["nonminimal_fraction"]) <= 0.01
    r = _ours("df-ugal-P1-uniform", 0.1)
    assert r["nonminimal_basis"].startswith("hierarchical")
    assert r["nonminimal_fraction"] <= 0.01


@pytest.mark.parametrize("config", UGAL)
def test_ugal_booksim_accepted_load_below_saturation(config):
    rows = _below_saturation(config)
    assert len(rows) >= 2
    for r in rows:
        load = float(r["offered_load"])
        assert _ours(config, load)["accepted_load"] == pytest.approx(float(r["accepted_load"]), abs=0.03), load


@pytest.mark.parametrize("config", UGAL)
def test_ugal_booksim_latency_below_saturation(config):
    for r in _below_saturation(config):
        load = float(r["offered_load"])
        assert _ours(config, load)["average_latency"] == pytest.approx(float(r["average_latency"]), rel=0.10), load


@pytest.mark.parametrize("config", [_mark(c, "nonminimal") for c in UGAL])
def test_ugal_booksim_nonminimal_fraction_below_saturation(config):
    sat = min(_saturation(config, "booksim"), _saturation(config, "topoanalysis"))
    rows = [r for r in NONMIN if r["config"] == config and r["simulator"] == "booksim"
            and float(r["offered_load"]) <= 0.9 * sat]
    assert rows
    for r in rows:
        load = float(r["offered_load"])
        assert _ours(config, load)["nonminimal_fraction"] == pytest.approx(float(r["nonminimal_fraction"]),
                                                                            abs=0.05), load


@pytest.mark.parametrize("config", sorted({c for c, what in GAPS if what == "nonminimal"}))
def test_ugal_booksim_nonminimal_fraction_below_saturation_ours(config):
    # where we differ from BookSim2, our own recorded fraction still holds
    mine = {float(r["offered_load"]): float(r["nonminimal_fraction"]) for r in NONMIN
            if r["config"] == config and r["simulator"] == "topoanalysis"}
    sat = min(_saturation(config, "booksim"), _saturation(config, "topoanalysis"))
    loads = [x for x in mine if x <= 0.9 * sat]
    assert loads
    for load in loads:
        assert _ours(config, load)["nonminimal_fraction"] == pytest.approx(mine[load], abs=0.01), load


#: our saturation by the bisection below, as the GAPS reasons quote it
OUR_SATURATION = {"df-ugal-P1-uniform": 0.477, "df-ugal-P8-bad": 0.2656}


@functools.cache
def _our_saturation(config: str) -> float:
    """Bisection to 0.01 on "accepted >= 95 % of the offered load" (a deadlock does not carry it)."""
    return bisect_saturation(lambda load: _ours(config, load))


@pytest.mark.slow
@pytest.mark.parametrize("config", [_mark(c, "saturation") for c in UGAL])
def test_ugal_booksim_saturation(config):
    assert _our_saturation(config) == pytest.approx(_saturation(config, "booksim"), rel=0.05)


@pytest.mark.slow
@pytest.mark.parametrize("config", sorted({c for c, what in GAPS if what == "saturation"}))
def test_ugal_booksim_saturation_ours(config):
    # where we differ from BookSim2, our saturation by this test's bisection is the one the xfail quotes
    # (the recorded curve's grid of loads, data/booksim_crossval_37.csv, is coarser: 0.25 for P = 8 bad)
    assert _our_saturation(config) == pytest.approx(OUR_SATURATION[config], abs=0.005)
