"""``reproduce --list``: each bundled figure's estimated time, reduced and full, from its points."""

from __future__ import annotations

import re

import pytest

from sim.resources import ROUTER_CYCLES_PER_SECOND
from topoanalysis.cli import main
from topoanalysis.reproduce import _figure
from topoanalysis.reproduce._figure import BURST_ACCEPTED_LOAD, estimated_seconds


def test_the_estimate_is_routers_times_cycles_at_the_benchmarked_speed():
    exp = _figure.bundled("seed002-fig6")
    n = len(exp.points())
    # Slim Fly q = 19: 722 routers; every point warmup + cycles at reduced size
    cycles = exp.simulate["warmup"] + exp.simulate["cycles"]
    assert estimated_seconds("seed002-fig6") == pytest.approx(n * 722 * cycles / ROUTER_CYCLES_PER_SECOND)
    full = exp.full["warmup"] + exp.full["cycles"]
    assert estimated_seconds("seed002-fig6", full=True) == pytest.approx(n * 722 * full / ROUTER_CYCLES_PER_SECOND)


def test_bursts_and_searches_count_their_cycles_and_runs():
    exp = _figure.bundled("seed001-fig8")
    burst_cycles = exp.simulate["burst"] * 8 / BURST_ACCEPTED_LOAD  # seed001: 8-phit packets
    assert estimated_seconds("seed001-fig8") == pytest.approx(len(exp.points()) * 876 * burst_cycles
                                                               / ROUTER_CYCLES_PER_SECOND)
    sat = _figure.bundled("seed003-fig9")
    assert sat.saturation is not None
    one_run = sum(_routers(p.topology) * (sat.simulate["warmup"] + sat.simulate["cycles"]) for p in sat.points())
    assert estimated_seconds("seed003-fig9") > 3 * one_run / ROUTER_CYCLES_PER_SECOND  # several runs per search


def _routers(topology: dict) -> int:
    from topoanalysis.families import build

    t = dict(topology)
    return build(t.pop("family"), **t).n_routers


def test_list_shows_both_estimates_for_every_sweep(capsys):
    assert main(["reproduce", "--list"]) == 0
    out = capsys.readouterr().out
    for name in _figure.names():
        line = next(ln for ln in out.splitlines() if ln.startswith(name + " "))
        assert re.search(r"\[at least [\d.]+ (s|min|h) reduced, [\d.]+ (s|min|h) full\]$", line), line
    assert "seed004-fig5" in out and "not a simulation sweep" in out


def test_list_estimates_the_figures_with_a_network_per_curve(capsys):
    from topoanalysis.reproduce import _curves, seed002_fig6_df_ft

    assert main(["reproduce", "--list"]) == 0
    out = capsys.readouterr().out
    for name in ("seed000-sec414", "seed000-sec8", "seed002-fig6-df-ft", "seed002-fig6bc-df-ft", "seed002-fig6d-df-ft"):
        line = next(ln for ln in out.splitlines() if ln.startswith(name + " "))
        assert re.search(r"\[at least [\d.]+ (s|min|h) reduced, [\d.]+ (s|min|h) full\]$", line), line
    # every curve's routers x cycles, per traffic and load: DF 1,386 routers, FT 1,452 three times
    # (ANCA, the least used up port, the random one), 10 loads
    fig = seed002_fig6_df_ft
    cycles = fig.REDUCED["warmup"] + fig.REDUCED["cycles"]
    expected = 10 * (1386 + 3 * 1452) * cycles / ROUTER_CYCLES_PER_SECOND
    assert _curves.per_curve_seconds(fig) == pytest.approx(expected)
    assert _curves.per_curve_seconds(fig, True) == pytest.approx(10 * expected)
