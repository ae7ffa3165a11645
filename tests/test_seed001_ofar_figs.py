"""Seed 001 Figs. 7, 8, 9, 10, 11, 13 and 14 (§5.2-5.8) on the paper's h = 6 dragonfly, ``seed001``
model: the recorded runs in ``data/`` (``python -m topoanalysis.reproduce.seed001_figN -o
data/seed001_figN.csv``, reduced sizes: see each module) against the statements of the paper's
text (``tests/test_figure_reruns.py`` reruns a sample of each file's rows).

Where our runs differ from the paper, the paper's statement is a strict xfail and the test next
to it pins ours.  The paper's bursts are 2,000 packets per node; ours 50 (the longest paths of
Fig. 13 grow with the number of packets: 0.26 million here against about 10 million).
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from topoanalysis.reproduce import (_bursts, seed001_fig7, seed001_fig8, seed001_fig9, seed001_fig10, seed001_fig11,
                                    seed001_fig13, seed001_fig14)

DATA = Path(__file__).resolve().parents[1] / "data"


def _rows(fig: str) -> list[dict]:
    return list(csv.DictReader((DATA / f"seed001_{fig}.csv").open()))


def _num(row: dict, key: str) -> float:
    return float(row[key])


# ---------------------------------------------------------------- Fig. 7: ADVG+2 -> ADVG+6 at 0.12
def _trace(config: str) -> dict[str, float]:
    rows = [dict(r, cycle=int(r["cycle"]), packets=int(r["packets"]),
                 mean_latency=float(r["mean_latency"]) if r["mean_latency"] else None) for r in _rows("fig7")]
    return seed001_fig7.summary(rows, config)


def test_fig7_ofar_adapts_at_once():
    # "OFAR makes the transition almost instantaneous thanks to in-transit routing decisions"
    of = _trace("ofar")
    assert abs(of["excess"]) < 0.05 * of["settled"]
    assert of["settled"] < _trace("pb")["settled"] and of["settled"] < _trace("ofar-l")["settled"]


@pytest.mark.xfail(strict=True, reason="[seed001-fig7] "
                                       "seed 001 §5.2/Fig. 7: 'the source-routing PB suffers from a clear "
                                       "adaptation period while the congestion information is propagated'; ours "
                                       "settles within 200 cycles, with no excess latency (-3.9 cycles over its "
                                       "settled 278.5 in the first 500 cycles): its flags are 10 cycles old")
def test_fig7_pb_has_an_adaptation_period():
    pb = _trace("pb")
    assert pb["excess"] > 0.1 * pb["settled"]


def test_fig7_pb_ours():
    pb = _trace("pb")
    assert pb["before"] == pytest.approx(246.4, abs=0.1) and pb["settled"] == pytest.approx(278.5, abs=0.1)
    assert pb["excess"] == pytest.approx(-3.9, abs=0.1)


# ---------------------------------------------------------------- Fig. 8: bursts, 3/2 VCs
def _burst(fig: str) -> dict[tuple[str, str], dict]:
    return {(r["config"], r["traffic"]): r for r in _rows(fig)}


def test_fig8_every_burst_drains_and_ofar_finishes_first():
    b = _burst("fig8")
    assert len(b) == len(seed001_fig8.CONFIGS) * len(seed001_fig8.TRAFFICS)
    assert all(r["status"] == "ok" and int(r["packets"]) == 50 * 5256 for r in b.values())
    # "The complete OFAR model always finishes sooner than all the others, including its -L
    # counterpart" (ofar+bcm is ours, not in the figure)
    for t in seed001_fig8.TRAFFICS:
        assert all(_num(b["ofar", t], "drain_time") < _num(b[c, t], "drain_time") for c in ("pb", "valiant", "ofar-l"))


def _ofar_over_pb() -> list[float]:
    b = _burst("fig8")
    return [_num(b["ofar", t], "relative_time") for t in seed001_fig8.TRAFFICS]


@pytest.mark.xfail(strict=True, reason="[seed001-fig8] "
                                       "seed 001 §5.3/Fig. 8: OFAR's time is 0.431 to 0.815 of PB's, 0.695 on "
                                       "average; ours 0.355 (ADVG+6) to 0.907 (UN), 0.563 on average (bursts of 50 "
                                       "packets per node, the paper's 2,000)")
def test_fig8_ofar_over_pb_matches_the_paper():
    r = _ofar_over_pb()
    assert min(r) == pytest.approx(seed001_fig8.PAPER["ofar / pb, min"], abs=0.05)
    assert sum(r) / len(r) == pytest.approx(seed001_fig8.PAPER["ofar / pb, mean"], abs=0.05)


def test_fig8_ofar_over_pb_ours():
    r = _ofar_over_pb()
    assert [round(x, 3) for x in r] == [0.907, 0.422, 0.355, 0.686, 0.553, 0.454]


# ---------------------------------------------------------------- Fig. 13: hops under ADVG+6 bursts
def test_fig13_bcm_shortens_the_longest_paths():
    b = _burst("fig13")
    for esc in ("ring", "tree"):
        plain, bcm = b[f"ofar {esc}", "advg+6"], b[f"ofar {esc}+bcm", "advg+6"]
        assert int(bcm["max_hops"]) <= int(plain["max_hops"])
        assert _num(bcm, "average_hops") < _num(plain, "average_hops")
        # "more than a 99.99% of the packets need less than 30 hops"
        hist = _bursts.hop_histogram(plain["hop_histogram"])
        assert sum(c for h, c in hist.items() if h < 30) >= 0.9999 * sum(hist.values())
    # the longest paths: ours against the paper's (bursts 40 times smaller)
    longest = {k: int(b[f"ofar {k}", "advg+6"]["max_hops"]) for k in ("ring", "ring+bcm", "tree", "tree+bcm")}
    assert longest == {"ring": 20, "ring+bcm": 11, "tree": 11, "tree+bcm": 10}
    assert all(longest[k] <= seed001_fig13.PAPER[f"longest, {k}"] for k in longest)


@pytest.mark.xfail(strict=True, reason="[seed001-fig13] "
                                       "seed 001 §5.7/Fig. 13: 'OFAR Ring provides shorter paths than OFAR Tree'; "
                                       "ours: 5.612 hops on average with the ring against 5.603 with the tree "
                                       "(5.317 against 5.290 with BCM)")
def test_fig13_ring_paths_shorter_than_tree():
    b = _burst("fig13")
    for cm in ("", "+bcm"):
        assert _num(b[f"ofar ring{cm}", "advg+6"], "average_hops") < _num(b[f"ofar tree{cm}", "advg+6"],
                                                                            "average_hops")


# ---------------------------------------------------------------- Fig. 11: bursts, 2/1(+1) VCs, CM
def _mean_time(config: str) -> float:
    b = _burst("fig11")
    return sum(_num(b[config, t], "drain_time") for t in seed001_fig11.TRAFFICS) / len(seed001_fig11.TRAFFICS)


def test_fig11_ring_with_ecm_is_fastest_on_average_then_ring_with_bcm():
    # "OFAR Ring with ECM is the fastest OFAR configuration, followed very closely by OFAR Ring
    # with BCM"; "Both are faster when the congestion management mechanism is ECM, although, on
    # average, the difference in time is not very large"
    b = _burst("fig11")
    assert all(r["status"] == "ok" for r in b.values())
    order = sorted((c for c in seed001_fig11.CONFIGS if c.startswith("ofar")), key=_mean_time)
    assert order[:2] == ["ofar ring+ecm", "ofar ring+bcm"]
    assert _mean_time("ofar ring+ecm") < _mean_time("ofar ring+bcm") < 1.06 * _mean_time("ofar ring+ecm")
    assert _mean_time("ofar tree+ecm") < _mean_time("ofar tree+bcm")
    # with BCM the ring drains every pattern faster than the tree
    for t in seed001_fig11.TRAFFICS:
        assert _num(b["ofar ring+bcm", t], "drain_time") < _num(b["ofar tree+bcm", t], "drain_time")


@pytest.mark.xfail(strict=True, reason="[seed001-fig11] "
                                       "seed 001 §5.5/Fig. 11: 'In every case, OFAR Ring consumes traffic faster "
                                       "than OFAR Tree'; with ECM ours is slower under UN (1,253 against 1,204 "
                                       "cycles), MIX1 (1,280 against 1,243) and MIX3 (1,579 against 1,577)")
def test_fig11_ring_faster_than_tree_in_every_case():
    b = _burst("fig11")
    for cm in ("bcm", "ecm"):
        for t in seed001_fig11.TRAFFICS:
            assert _num(b[f"ofar ring+{cm}", t], "drain_time") < _num(b[f"ofar tree+{cm}", t], "drain_time")


# ---------------------------------------------------------------- Fig. 14: rings A, B and both
def _curve(fig: str, config: str, traffic: str) -> list[tuple[float, float, float]]:
    return sorted((_num(r, "offered_load"), _num(r, "accepted_load"), _num(r, "average_latency"))
                  for r in _rows(fig) if r["config"] == config and r["traffic"] == traffic)


def _latency_knee(points: list[tuple[float, float, float]]) -> float:
    """The first offered load whose latency is 1.5 times the lowest load's (the paper's "latency
    rises" / "saturating"), or inf."""
    return next((o for o, a, lat in points if lat > 1.5 * points[0][2]), float("inf"))


def test_fig14_every_ring_configuration_reaches_about_0_3():
    # "Each of the three OFAR configurations achieves a similar maximum throughput of ~0.3"
    for c in seed001_fig14.CONFIGS:
        for t in seed001_fig14.TRAFFICS:
            peak = max(a for o, a, lat in _curve("fig14", c, t))
            assert 0.3 <= peak <= 0.38, (c, t, peak)


@pytest.mark.xfail(strict=True, reason="[seed001-fig14] "
                                       "seed 001 §5.8/Fig. 14: ring A's latency saturates at about 0.1 (ADVG+2) "
                                       "and 0.15 (ADVG+h), ring B's at about 0.27 (starvation of ring A's R_out); "
                                       "ours: ring A 0.35 and 0.35, ring B 0.3 and 0.35, no early saturation of "
                                       "ring A")
def test_fig14_ring_a_saturates_early():
    assert _latency_knee(_curve("fig14", "ofar ring a", "advg+2")) <= 0.15
    assert _latency_knee(_curve("fig14", "ofar ring a", "advg+6")) <= 0.2


def test_fig14_knees_ours():
    knees = {(c, t): _latency_knee(_curve("fig14", c, t)) for c in seed001_fig14.CONFIGS
             for t in seed001_fig14.TRAFFICS}
    assert knees == {("ofar ring a", "advg+2"): 0.35, ("ofar ring a", "advg+6"): 0.35,
                     ("ofar ring a", "advg+12"): 0.3, ("ofar ring b", "advg+2"): 0.3,
                     ("ofar ring b", "advg+6"): 0.35, ("ofar ring b", "advg+12"): 0.35,
                     ("ofar 2 rings", "advg+2"): 0.3, ("ofar 2 rings", "advg+6"): 0.3,
                     ("ofar 2 rings", "advg+12"): 0.3}


# ---------------------------------------------------------------- Fig. 9: VCs, OFAR ring + BCM
def _peak(fig: str, config: str, traffic: str) -> float:
    return max(a for o, a, lat in _curve(fig, config, traffic))


def test_fig9_more_vcs_help_until_3_and_ofar_beats_pb_under_advg2():
    peaks = {(c, t): _peak("fig9", c, t) for c in seed001_fig9.CONFIGS for t in seed001_fig9.TRAFFICS}
    assert len(_rows("fig9")) == len(seed001_fig9.CONFIGS) * len(seed001_fig9.TRAFFICS) * len(seed001_fig9.LOADS)
    # under ADVG+2 every OFAR configuration carries more than PB with 3/2 VCs (0.199), and past
    # 2/2(+1) more VCs change little; 4/4(+1) is no better than 3/3(+1) ("Further increase of
    # the number of VCs does not provide a better performance")
    for c in seed001_fig9.CONFIGS:
        if c != "pb 3/2":
            assert peaks[c, "advg+2"] > 1.7 * peaks["pb 3/2", "advg+2"]
    assert peaks["ofar 1/1(+1)", "advg+2"] < peaks["ofar 2/2(+1)", "advg+2"]
    assert peaks["ofar 4/4(+1)", "advg+2"] <= peaks["ofar 3/3(+1)", "advg+2"]
    for c in ("ofar 3/2(+1)", "ofar 4/4(+1)"):
        assert peaks[c, "uniform"] > peaks["pb 3/2", "uniform"]


@pytest.mark.xfail(strict=True, reason="[seed001-fig9] "
                                       "seed 001 §5.4/Fig. 9: PB (3/2 VCs) outperforms OFAR with 1/1(+1) and "
                                       "2/1(+1) under ADVG+2, and OFAR 1/1(+1) is very close to PB under UN; "
                                       "ours: PB 0.199 under ADVG+2 against 0.345 and 0.353, and 0.504 under UN "
                                       "against OFAR 1/1(+1)'s 0.371")
def test_fig9_pb_above_ofar_with_few_vcs():
    assert _peak("fig9", "pb 3/2", "advg+2") > _peak("fig9", "ofar 2/1(+1)", "advg+2")
    assert _peak("fig9", "ofar 1/1(+1)", "uniform") == pytest.approx(_peak("fig9", "pb 3/2", "uniform"), rel=0.05)


def test_fig9_peaks_ours():
    got = {c: (round(_peak("fig9", c, "uniform"), 3), round(_peak("fig9", c, "advg+2"), 3))
           for c in seed001_fig9.CONFIGS}
    assert got == {"pb 3/2": (0.504, 0.199), "ofar 1/1(+1)": (0.371, 0.345), "ofar 2/1(+1)": (0.422, 0.353),
                   "ofar 2/2(+1)": (0.496, 0.458), "ofar 3/2(+1)": (0.534, 0.457), "ofar 3/3(+1)": (0.504, 0.459),
                   "ofar 4/4(+1)": (0.569, 0.452)}


# ---------------------------------------------------------------- Fig. 10: 2/1(+1) VCs, CM
def test_fig10_ecm_carries_more_than_bcm():
    # "The variants with ECM obtain higher throughput than those with BCM"
    for esc in ("ring", "tree"):
        for t in seed001_fig10.TRAFFICS:
            assert _peak("fig10", f"ofar {esc}+ecm", t) > _peak("fig10", f"ofar {esc}+bcm", t)
    # with ECM above PB under ADVG+2
    assert _peak("fig10", "ofar ring+ecm", "advg+2") > _peak("fig10", "pb 3/2", "advg+2")


@pytest.mark.xfail(strict=True, reason="[seed001-fig10] "
                                       "seed 001 §5.5/Fig. 10: under ADVG+2 'the maximum throughput with BCM is "
                                       "slightly lower than with PB', and OFAR Ring+BCM's latency keeps increasing "
                                       "above load 0.1; ours: BCM 0.345 (ring) and 0.329 (tree) against PB's 0.198, "
                                       "and ring+BCM's latency within 1.5 times its low-load value up to 0.3")
def test_fig10_bcm_below_pb_under_advg2():
    assert _peak("fig10", "ofar ring+bcm", "advg+2") < _peak("fig10", "pb 3/2", "advg+2")
    assert _latency_knee(_curve("fig10", "ofar ring+bcm", "advg+2")) <= 0.15
