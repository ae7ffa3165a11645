"""The colour routings of trunked dragonflies (seed 000 §6) in the simulator: no deadlock with one
VC per port at loads past saturation, and the adaptive routing's choice between its minimal and
non-minimal routes (Table II router model; the deadlock-freedom proofs are in
``proofs/test_colour_routings.py``)."""

from __future__ import annotations

import pytest

from sim.testing import checked_simulate
from topoanalysis import build

KW = dict(warmup=1000, cycles=1500, seed=1, model="seed000")


@pytest.fixture(scope="module")
def df834():
    return build("dragonfly", a=8, h=3, trunking=4, p=4)  # 7 groups, four global links between each two


@pytest.mark.parametrize("routing,traffic", [("2color-min", "uniform"), ("4color-min", "advg+1"),
                                             ("4color-nonmin", "uniform"), ("4color-adaptive", "advg+1")])
def test_one_vc_runs_past_saturation_without_deadlock(df834, routing, traffic):
    res = checked_simulate(df834, routing, traffic, 0.9, vcs=1, **KW)
    assert res["status"] == "ok" and res["model"]["vcs"] == {"local": 1, "global": 1}
    assert res["accepted_load"] > 0.05


def test_adaptive_follows_minimal_under_uniform_and_misroutes_under_adversarial(df834):
    # seed 000 §7: "The adaptive variant reacts very well to the traffic pattern, almost reaching
    # the accepted load of its respective oblivious minimal and non-minimal counterparts"
    run = {(r, t): checked_simulate(df834, r, t, 0.5, vcs=2, **KW)
           for r in ("4color-min", "4color-nonmin", "4color-adaptive") for t in ("uniform", "advg+1")}
    acc = {k: v["accepted_load"] for k, v in run.items()}
    assert acc["4color-adaptive", "uniform"] > 0.9 * acc["4color-min", "uniform"]
    assert acc["4color-adaptive", "advg+1"] > 1.4 * acc["4color-min", "advg+1"]
    assert run["4color-adaptive", "uniform"]["average_hops"] < run["4color-adaptive", "advg+1"]["average_hops"]
    assert run["4color-adaptive", "uniform"]["remote_delay_cycles"] == 10  # flags one local hop old


def test_two_groups_have_no_intermediate_and_route_minimally():
    # b = 2 (t = a = 4, the Hamming-subgraph arrangement): there is no group to misroute
    # through, so the non-minimal and adaptive routings take the 4-color minimal route
    top = build("dragonfly", a=4, h=1, trunking=4, p=2, arrangement="hamming")
    runs = [checked_simulate(top, r, "uniform", 0.3, **KW) for r in ("4color-min", "4color-nonmin", "4color-adaptive")]
    assert len({(r["accepted_load"], r["average_hops"], r["average_latency"]) for r in runs}) == 1
    assert runs[0]["average_hops"] <= 3


def test_adaptive_share_of_non_minimal_routes_at_light_load(df834):
    # How often 4color-adaptive leaves its minimal route under uniform traffic at load 0.1 (what the
    # light-load share of UGAL-L and PB measures, README "Simulation").  On this network a 4-color
    # minimal route has at most 3 hops (l g l) and every non-minimal one at least 4 (lgllgl with
    # two global hops; intra-group packets take their one local hop either way), so the hop
    # histogram counts the non-minimal routes exactly; the runs check both premises.
    hist = {r: checked_simulate(df834, r, "uniform", 0.1, **KW)["hop_histogram"]
            for r in ("4color-min", "4color-nonmin", "4color-adaptive")}
    assert not any(hist["4color-min"][4:])
    assert not any(hist["4color-nonmin"][2:4])
    ad = hist["4color-adaptive"]
    # 14.4 % (610 of 4,232 packets; 16.8 % of the inter-group ones): the adaptive choice is
    # Piggybacking's (pb: occupancy x hops, ties to minimal), which counts the credits in use of
    # an idle 100-cycle global link as its queue, as FOGSim's PB does (18.6 % at load 0.1 on the
    # a = 4, h = 2 dragonfly)
    assert sum(ad[4:]) / sum(ad) == pytest.approx(0.1441, abs=5e-4)
