"""Seed 000 Figs. 9 and 10 (§7) on the Table II network (a = 24, t = 4, b = 79, 24,648 nodes,
extended palmtree; ``seed000`` model): the recorded runs (``data/seed000_fig9.csv``,
``data/seed000_fig10.csv``, 2,000 + 2,000 cycles per point, ``python -m
topoanalysis.reproduce.seed000_fig9 -o ...``) against the statements of §7 (``tests/test_figure_reruns.py``
reruns a sample of their rows).  The figures are plots; the paper's text
gives orderings, not numbers."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from topoanalysis.reproduce import seed000_fig9, seed000_fig10

DATA = Path(__file__).resolve().parents[1] / "data"


def _curve(fig: str, config: str, traffic: str) -> list[tuple[float, float, float]]:
    rows = csv.DictReader((DATA / f"seed000_{fig}.csv").open())
    return sorted((float(r["offered_load"]), float(r["accepted_load"]), float(r["average_latency"]))
                  for r in rows if r["config"] == config and r["traffic"] == traffic)


def _peak(fig: str, config: str, traffic: str) -> float:
    return max(a for o, a, lat in _curve(fig, config, traffic))


def _latency(fig: str, config: str, traffic: str, load: float) -> float:
    return next(lat for o, a, lat in _curve(fig, config, traffic) if o == load)


def test_fig9_every_point_recorded():
    for c in seed000_fig9.CONFIGS:
        for t in seed000_fig9.TRAFFICS:
            assert [o for o, a, lat in _curve("fig9", c, t)] == list(seed000_fig9.LOADS), (c, t)


def test_fig9_minimal_routings_under_uniform_and_adv1():
    # "minimal routings give the best results for uniform traffic but accept an insignificant
    # amount of the adverse traffic" (ADV+1: one group's 312 nodes share its t = 4 links to the
    # next, at most 4/312 = 0.0128)
    for c in ("minimal", "2color-min", "4color-min"):
        assert _peak("fig9", c, "advg+1") <= 4 / 312 + 1e-3
    for c in ("valiant", "4color-nonmin"):
        assert _peak("fig9", "4color-min", "uniform") > _peak("fig9", c, "uniform")
    # "2 and 4 colors minimal routings obtain approximately the same latency ... but higher
    # throughput for the 4-color variant"
    assert _peak("fig9", "4color-min", "uniform") > _peak("fig9", "2color-min", "uniform")
    for load in (0.05, 0.1, 0.2):
        assert _latency("fig9", "2color-min", "uniform", load) == pytest.approx(
            _latency("fig9", "4color-min", "uniform", load), rel=0.05)


def test_fig9_adaptive_follows_the_better_oblivious_routing():
    # "The adaptive variant reacts very well to the traffic pattern": near 4color-min under
    # uniform traffic, far above it (and above 0.7 of 4color-nonmin) under ADV+1
    assert _peak("fig9", "4color-adaptive", "uniform") > 0.85 * _peak("fig9", "4color-min", "uniform")
    assert _peak("fig9", "4color-adaptive", "advg+1") > 10 * _peak("fig9", "4color-min", "advg+1")
    assert _peak("fig9", "4color-adaptive", "advg+1") > 0.7 * _peak("fig9", "4color-nonmin", "advg+1")


@pytest.mark.parametrize("traffic, oblivious", [
    pytest.param("uniform", "4color-min", id="uniform", marks=[pytest.mark.xfail(strict=True, reason=(
        "[seed000-fig9] Camarero et al. 2014, §7/Fig. 9: 4-color adaptive almost reaches the accepted load of its "
        "oblivious minimal counterpart under uniform traffic; ours 0.489 against 4color-min's 0.557"))]),
    pytest.param("advg+1", "4color-nonmin", id="adv+1", marks=[pytest.mark.xfail(strict=True, reason=(
        "[seed000-fig9] Camarero et al. 2014, §7/Fig. 9: 4-color adaptive almost reaches the accepted load of its "
        "oblivious non-minimal counterpart under ADV+1; ours 0.161 against 4color-nonmin's 0.218"))]),
])
def test_fig9_adaptive_almost_reaches_the_oblivious_one(traffic, oblivious):
    assert _peak("fig9", "4color-adaptive", traffic) > 0.95 * _peak("fig9", oblivious, traffic)


@pytest.mark.parametrize("traffic, oblivious", [("uniform", "4color-min"), ("advg+1", "4color-nonmin")])
def test_fig9_adaptive_almost_reaches_the_oblivious_one_ours(traffic, oblivious):
    col = seed000_fig9.TRAFFICS.index(traffic)
    for c in ("4color-adaptive", oblivious):
        assert round(_peak("fig9", c, traffic), 3) == PEAKS9[c][col]


@pytest.mark.parametrize("traffic", [
    pytest.param("uniform", marks=[pytest.mark.xfail(strict=True, reason=(
        "[seed000-fig9] Camarero et al. 2014, §7/Fig. 9: 'The 4-color nonminimal implementation is relatively close "
        "to the performance of Valiant'; ours under uniform traffic 0.209 against Valiant's 0.394"))]),
    pytest.param("advg+1", id="adv+1", marks=[pytest.mark.xfail(strict=True, reason=(
        "[seed000-fig9] Camarero et al. 2014, §7/Fig. 9: 'The 4-color nonminimal implementation is relatively close "
        "to the performance of Valiant'; ours under ADV+1 0.218 against Valiant's 0.416"))]),
])
def test_fig9_4color_nonmin_close_to_valiant(traffic):
    assert _peak("fig9", "4color-nonmin", traffic) > 0.8 * _peak("fig9", "valiant", traffic)


@pytest.mark.parametrize("traffic", ["uniform", "advg+1"])
def test_fig9_4color_nonmin_close_to_valiant_ours(traffic):
    col = seed000_fig9.TRAFFICS.index(traffic)
    for c in ("4color-nonmin", "valiant"):
        assert round(_peak("fig9", c, traffic), 3) == PEAKS9[c][col]


def test_fig9_every_peak():
    got = {c: tuple(round(_peak("fig9", c, t), 3) for t in seed000_fig9.TRAFFICS) for c in seed000_fig9.CONFIGS}
    assert got == PEAKS9


PEAKS9 = {"minimal": (0.528, 0.013), "valiant": (0.394, 0.416), "2color-min": (0.389, 0.001),
          "4color-min": (0.557, 0.012), "4color-nonmin": (0.209, 0.218), "4color-adaptive": (0.489, 0.161)}


def test_fig10_one_vc_is_worst_and_two_help_most():
    # "The HoLB problem is seen to have a great impact especially when not using VCs (i.e. 1 VC),
    # but the performance with just 2 VCs noticeably improves"
    for t in seed000_fig10.TRAFFICS:
        p = [_peak("fig10", f"4color-adaptive {v} vc", t) for v in (1, 2, 3, 4)]
        assert p[0] == min(p) and p[1] - p[0] > p[3] - p[1], (t, p)


def test_fig10_every_peak():
    got = {c: tuple(round(_peak("fig10", c, t), 3) for t in seed000_fig10.TRAFFICS) for c in seed000_fig10.CONFIGS}
    assert got == PEAKS10


PEAKS10 = {"4color-adaptive 1 vc": (0.321, 0.098), "4color-adaptive 2 vc": (0.447, 0.135),
           "4color-adaptive 3 vc": (0.489, 0.161), "4color-adaptive 4 vc": (0.503, 0.107)}


def test_fig10_adversarial_latency_grows_with_the_vcs_at_low_load():
    # "for adversarial traffic the delay increases with the number of VCs ... the higher capacity
    # of the network buffers before the bottleneck": ours at offered 0.05, 4 VCs have the highest
    # latency (266 cycles) and 1 to 3 are within 1 % of each other (246, 246, 248); at 0.1 the
    # one-VC network is near its saturation (0.098). 4 VCs also saturate lower under ADV+1 than 3
    # (0.107 against 0.161)
    lat = [_latency("fig10", f"4color-adaptive {v} vc", "advg+1", 0.05) for v in (1, 2, 3, 4)]
    assert lat[3] == max(lat) and lat[3] > max(lat[:3]) + 15 and max(lat[:3]) < 1.01 * min(lat[:3])
