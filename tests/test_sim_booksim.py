"""The engine against BookSim2 on matched settings (sim/crossval.py), from recorded BookSim2 runs.

``data/booksim_crossval.csv`` holds BookSim2's numbers (``benchmarks/booksim/compare.py`` ran the
public BookSim2 source, built by ``benchmarks/booksim/build.sh``) and ours at the time.  These
tests run the engine again with the ``booksim`` model and compare: zero-load latency exactly;
below saturation the accepted load within 0.03 and the average latency within 10%; the saturation
load within 5%.  Where the models differ a gap remains; those cases are strict expected failures
whose reason gives both numbers, so closing a gap is noticed too.  The Slim Fly configuration
lets every hop take any VC (BookSim2's anynet routing), which is not deadlock-free: past load 0.57
our runs deadlock (the data file records the status) while BookSim2 carries 0.555.
"""

from __future__ import annotations

import csv
import functools
from pathlib import Path

import pytest

from sim import simulate
from sim.crossval import (CONFIGS, ZERO_LOAD, below_saturation, bisect_saturation, recorded, recorded_saturation,
                          zero_load_latencies)

DATA = Path(__file__).resolve().parents[1] / "data" / "booksim_crossval.csv"
ROWS = list(csv.DictReader(open(DATA, encoding="utf-8")))
CYCLES, WARMUP = 10_000, 5_000   # compare.py ran 30,000 after 20,000; these loads are steady well before


def _rows(config: str, simulator: str, kind: str) -> list[dict]:
    return recorded(ROWS, config, simulator, kind)


def _saturation(config: str, simulator: str) -> float:
    return recorded_saturation(ROWS, config, simulator)


@pytest.mark.parametrize("n,P", ZERO_LOAD)
def test_zero_load_latency_equals_booksim(n, P):
    # end to end over n routers and 10-cycle links, and to the node's own router: BookSim2's
    # measured maximum and minimum packet latency at load 0.001 (creation to tail ejection)
    (end,) = _rows(f"line{n}-P{P}", "booksim", "zero-load")
    (own,) = _rows(f"line{n}-P{P}", "booksim", "zero-load-own-router")
    ours_end, ours_own = zero_load_latencies(n, P)
    assert ours_end == float(end["average_latency"])
    assert ours_own == float(own["average_latency"])


@functools.cache
def _ours(config: str, load: float) -> dict:
    c = CONFIGS[config]
    return simulate(c.topology(), c.routing, "uniform-all", load, cycles=CYCLES, warmup=WARMUP, seed=1,
                    **c.simulate_kwargs())


def _below_saturation(config: str) -> list[dict]:
    return below_saturation(ROWS, config)


#: (config, what) -> reason of a known gap (numbers from data/booksim_crossval.csv)
GAPS: dict[tuple[str, str], str] = {
    ("df-a4h2-P8-flit", "latency"): "[booksim2] BookSim2's default switch allocation is per flit, so the flits of "
    "packets on the two VCs of an input interleave and each packet holds its output longer: at load 0.5 BookSim2 181.0 "
    "cycles, ours 157.8 (-12.8%); with hold_switch_for_packet (df-a4h2-P8) 162.0 vs 157.8 (-2.6%)",
    ("df-a4h2-P8-flit", "saturation"): "[booksim2] per-flit switch allocation (see the latency gap): BookSim2 "
    "saturates at 0.600, ours at 0.674 (+12.4%); holding the switch for a packet BookSim2 reaches 0.648 (ours +4.0%)",
    ("df-a4h2-P1", "saturation"): "[booksim2] BookSim2 allocates the VC (a stage) and then the switch (another stage), "
    "each with its own conflicts, where this engine grants both at once: BookSim2 0.441, ours 0.481 (+9.3%); below "
    "saturation the two agree within 1.5% in latency",
}


def _mark(config: str, what: str):
    reason = GAPS.get((config, what))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(config, marks=marks, id=config)


@pytest.mark.parametrize("config", CONFIGS)
def test_accepted_load_below_saturation_matches_booksim(config):
    rows = _below_saturation(config)
    assert len(rows) >= 2
    for r in rows:
        load = float(r["offered_load"])
        assert _ours(config, load)["accepted_load"] == pytest.approx(float(r["accepted_load"]), abs=0.03), load


@pytest.mark.parametrize("config", [_mark(c, "latency") for c in CONFIGS])
def test_average_latency_below_saturation_matches_booksim(config):
    for r in _below_saturation(config):
        load = float(r["offered_load"])
        assert _ours(config, load)["average_latency"] == pytest.approx(float(r["average_latency"]), rel=0.10), load


@pytest.mark.parametrize("config", sorted({c for c, what in GAPS if what == "latency"}))
def test_average_latency_below_saturation_matches_booksim_ours(config):
    # where a gap to BookSim2 remains below saturation, our own recorded figures still hold
    # (shorter runs here than in compare.py: latency within 3%, accepted load within 0.01)
    for r in _below_saturation(config):
        load = float(r["offered_load"])
        (mine,) = [x for x in _rows(config, "topoanalysis", "sweep") if float(x["offered_load"]) == load]
        ours = _ours(config, load)
        assert ours["average_latency"] == pytest.approx(float(mine["average_latency"]), rel=0.03), load
        assert ours["accepted_load"] == pytest.approx(float(mine["accepted_load"]), abs=0.01), load


@functools.cache
def _our_saturation(config: str) -> float:
    """Bisection to 0.01 on "accepted >= 95 % of the offered load" (a deadlock does not carry it)."""
    return bisect_saturation(lambda load: _ours(config, load))


@pytest.mark.slow
@pytest.mark.parametrize("config", [_mark(c, "saturation") for c in CONFIGS])
def test_saturation_load_matches_booksim(config):
    assert _our_saturation(config) == pytest.approx(_saturation(config, "booksim"), rel=0.05)


@pytest.mark.slow
@pytest.mark.parametrize("config", sorted({c for c, what in GAPS if what == "saturation"}))
def test_saturation_load_matches_booksim_ours(config):
    # where we differ from BookSim2 on purpose, our own recorded value still holds (shorter runs
    # here than in compare.py: within 3%), so a change of the engine's number is noticed
    assert _our_saturation(config) == pytest.approx(_saturation(config, "topoanalysis"), rel=0.03)
