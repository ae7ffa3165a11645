"""Saturation throughput against the bounds of seed 001 §2 on small balanced dragonflies.

All runs are short (a few thousand cycles on 36-114 routers) and at an offered load well above
the bound, so the accepted load is the saturation throughput.  Throughput = phits received per
node per cycle (seed 001 §4).  Conservation is asserted after every run (``checked_simulate``).
"""

from __future__ import annotations

import math

import pytest

from sim.testing import checked_simulate
from topoanalysis import build

KW = dict(cycles=3000, warmup=2000, seed=1)


@pytest.fixture(scope="module")
def df42():
    return build("dragonfly", a=4, h=2, p=2)  # a = 2p = 2h, 9 groups, 72 nodes


@pytest.fixture(scope="module")
def df63():
    return build("dragonfly", a=6, h=3, p=3)  # a = 2p = 2h, 19 groups, 342 nodes


@pytest.mark.parametrize("a,h", [(4, 2), (6, 3)])
def test_minimal_advg_saturates_at_one_global_link_per_group(a, h, df42, df63):
    # Seed 001 §2: under ADVG+N the 2h^2 = a*p nodes of a group share the single global link to
    # group i+N (1 phit/cycle), so minimal routing is limited to 1/(2h^2) phits/(node cycle).
    # Upper tolerance 3%: the link cannot carry more than 1 phit/cycle; only the packets already
    # past it at the start of the window differ from those at its end.  Lower 10%: the buffer
    # behind the link (256 phits) exceeds the credit round trip (2 x 100 + 8 cycles), so the link
    # can stay busy; the loss is allocation (it competes with the router's other inputs).
    top = df42 if a == 4 else df63
    bound = 1 / (2 * h * h)
    res = checked_simulate(top, "min", "advg+1", 0.5, **KW)
    assert res["routing_variant"] == "hierarchical"
    assert 0.90 * bound <= res["accepted_load"] <= 1.03 * bound
    # the bottleneck global link of each group is the one busy link: utilisation ~ 1
    assert res["link_utilisation"]["global"]["max"] >= 0.9


def test_valiant_advg_h_is_limited_by_one_local_link(df63):
    # Seed 001 §2 ("pathological saturation of local links", Fig. 1b, Fig. 2): under ADVG+h the
    # misrouted traffic entering router R_i of the intermediate group over its h global links all
    # leaves from the next router R_o (palmtree/consecutive wiring), over the single local link
    # R_i -> R_o: throughput <= 1/h.  That link also carries R_i's own nodes' first hop and the
    # packets R_i delivers into its group, each h*x/a more, so the tighter bound is
    # 1/(h (1 + 2/a)) = 1/(h+1) for a = 2h (0.25 here; the paper's 1/h = 0.333).  Lower tolerance
    # 25% below 1/(h+1): FIFO input buffers with VALs 3/2 VCs lose throughput to head-of-line
    # blocking (seed 000 §7) at the congested router.
    h, a = 3, 6
    res = checked_simulate(df63, "valiant", f"advg+{h}", 0.6, **KW)
    acc = res["accepted_load"]
    assert acc < 1 / h
    assert acc >= 0.75 / (h * (1 + 2 / a))
    # far below the global-link limit of Valiant (two global hops per packet: 0.5, seed 001 §2)
    assert acc < 0.5 * 0.6
    # seed 001 Fig. 2: the offset matters, ADVG+1 is the easiest case for Valiant
    easy = checked_simulate(df63, "valiant", "advg+1", 0.6, **KW)
    assert easy["accepted_load"] > 1.5 * acc


def test_valiant_any_exceeds_the_local_link_bound(df63):
    # Seed 001 §2/§5.1: a random intermediate router adds local misrouting in the intermediate
    # group and removes the 1/h limit (h = 6: VAL 0.166 vs VAL-any ~0.36); it still crosses two
    # global links per packet, so it stays below 0.5.
    h = 3
    val_any = checked_simulate(df63, "valiant-any", f"advg+{h}", 0.6, **KW)
    val = checked_simulate(df63, "valiant", f"advg+{h}", 0.6, **KW)
    assert val_any["model"]["vcs"] == {"local": 4, "global": 2}  # seed 001 §4: VAL-any uses 4/2
    assert val_any["accepted_load"] > 1 / h
    assert val_any["accepted_load"] > 1.5 * val["accepted_load"]
    assert val_any["accepted_load"] < 0.5


def test_uniform_minimal_on_a_balanced_dragonfly(df42):
    # Seed 001 §2: with a = 2p = 2h no link limits uniform traffic under minimal routing below
    # 1 phit/(node cycle).  Below saturation every offered phit is accepted (3%: Bernoulli noise
    # of ~5,000 packets).  At full load the limit is the routers: FIFO input buffers with the 2/1
    # VCs of MIN "suffer from HoLB" (seed 000 §7) — an input-queued switch under uniform traffic
    # saturates at 2 - sqrt(2) ~ 0.586 (Karol et al. 1987), the floor we require.
    low = checked_simulate(df42, "min", "uniform", 0.5, **KW)
    assert low["accepted_load"] == pytest.approx(0.5, rel=0.03)
    assert low["measured_offered_load"] == pytest.approx(0.5, rel=0.03)
    full = checked_simulate(df42, "min", "uniform", 1.0, **KW)
    assert full["accepted_load"] >= 2 - math.sqrt(2)
    # and minimal beats Valiant on uniform traffic (half the global bandwidth, seed 001 §2)
    val = checked_simulate(df42, "valiant", "uniform", 1.0, **KW)
    assert val["accepted_load"] < full["accepted_load"]
    assert val["accepted_load"] <= 0.5 * 1.03


# ----------------------------------------------------------------------------- seed 001 network (slow)
@pytest.fixture(scope="module")
def df126():
    return build("dragonfly", a=12, h=6, p=6)  # seed 001 Table 1: 876 routers, 5,256 nodes


SLOW_KW = dict(cycles=5000, warmup=5000, seed=1)


@pytest.fixture(scope="module")
def val_advg6(df126):
    """Accepted load of VAL under ADVG+6 at offered 0.5 (seed 001 §5.1 / Fig. 6f)."""
    return checked_simulate(df126, "valiant", "advg+6", 0.5, **SLOW_KW)["accepted_load"]


@pytest.mark.slow
def test_h6_minimal_advg1_is_one_over_2h2(df126):
    # seed 001 §2: 1/(2h^2) = 1/72 = 0.0139 for h = 6 (ours 0.0139)
    res = checked_simulate(df126, "min", "advg+1", 0.3, **SLOW_KW)
    assert res["accepted_load"] == pytest.approx(1 / 72, rel=0.05)


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="[seed001-val-advg6] "
                                       "García et al. 2014, §5.1/Fig. 6f: VAL under ADVG+6 'limited to 1/h = 0.166'; ours 0.132 "
                                       "(5,000 cycles after 5,000 warm-up, load 0.5). The bottleneck local link also "
                                       "carries the source and destination local hops, bound 1/(h(1+2/a)) = 1/7 = "
                                       "0.143 (ours 92% of it); the paper's 1/h is the transit-only bound")
def test_h6_valiant_advg6_matches_papers_one_over_h(val_advg6):
    assert val_advg6 == pytest.approx(1 / 6, rel=0.1)


@pytest.mark.slow
def test_h6_valiant_advg6_matches_papers_one_over_h_ours(val_advg6):
    # our figure the xfail above quotes, and the local-link bound it stays under
    assert val_advg6 == pytest.approx(0.132, abs=0.005)
    assert val_advg6 < 1 / 7


@pytest.mark.slow
def test_h6_valiant_any_advg6_around_036(df126):
    # seed 001 §5.1: "VAL-any and OFAR reach around 0.36" under ADVG+6 (ours 0.335, 7% below)
    res = checked_simulate(df126, "valiant-any", "advg+6", 0.6, **SLOW_KW)
    assert res["accepted_load"] == pytest.approx(0.36, rel=0.1)
