"""Random simulator configurations, drawn by hypothesis: every registered routing on small
networks of several families, under several traffic patterns, loads and router-model settings.
A configuration is refused with a ValueError naming what is wrong, or it runs and then: its
packets are conserved (the engine's redundant state agrees, ``sim.testing``), a deadlock-free
routing with its own VC scheme is never reported deadlocked, and the same seed gives the same
result."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sim import simulate
from sim.routings import REGISTRY
from sim.testing import TEST_RING_MODEL, assert_conserved, without_timing
from topoanalysis import build

#: a routing BookSim2 defines without deadlock freedom (3 phase VCs; proofs/ shows the cycle)
NOT_DEADLOCK_FREE = {"ugal-booksim"}

NETWORKS = [
    ("dragonfly", (("a", 2), ("h", 1), ("p", 1))),
    ("dragonfly", (("a", 4), ("h", 2), ("p", 2))),
    ("dragonfly", (("a", 4), ("h", 2), ("p", 1), ("arrangement", "circulant"))),
    ("dragonfly", (("a", 4), ("h", 2), ("p", 1), ("trunking", 2))),  # 2 colours: a global link pair per two groups
    ("dragonfly", (("a", 4), ("h", 1), ("p", 1), ("trunking", 4), ("arrangement", "hamming"))),  # 4 colours
    ("dragonfly", (("a", 10), ("h", 5), ("p", 1))),  # OFAR's rings B and C: canonical (a = 2h), h odd > 3
    ("slimfly", (("q", 5), ("p", 2))),
    ("torus", (("dims", (4, 4)), ("p", 1))),
    ("hypercube", (("n", 4), ("p", 1))),
    ("dragonfly3", (("a", 2), ("b", 3), ("c", 4), ("t3", 2), ("p", 1))),  # the df3 routings
    ("hamming", (("sizes", (3, 3)), ("p", 2))),
]


#: the fuzz draws from the small networks; the last (510 routers) only serves the routings it alone fits
FUZZED = len(NETWORKS) - 1


@functools.cache
def _network(i: int):
    fam, params = NETWORKS[i]
    return build(fam, **{k: list(v) if isinstance(v, tuple) else v for k, v in params})


def _model(top):
    """The family's paper setup, or for a family no paper simulates (3-level dragonflies) the test
    timing on every link kind."""
    return TEST_RING_MODEL if top.family == "dragonfly3" else None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(net=st.integers(0, FUZZED - 1), routing=st.sampled_from(sorted(REGISTRY)),
       traffic=st.sampled_from(["uniform", "uniform-all", "advg+1", "shift", "bitcomp", "hotspot-seq"]),
       load=st.sampled_from([0.05, 0.3, 0.7, 1.0]), packet_size=st.sampled_from([1, 2, 8]),
       room=st.integers(1, 4), speedup=st.sampled_from([1, 2]), intercept=st.booleans(),
       vc_alloc_delay=st.sampled_from([0, 1]), iterations=st.integers(1, 3),
       arbitration=st.sampled_from(["random", "lrs"]), bubble=st.sampled_from([0, 1]), seed=st.integers(0, 2**31))
def test_random_configurations_run_or_are_refused(net, routing, traffic, load, packet_size, room, speedup, intercept,
                                                  vc_alloc_delay, iterations, arbitration, bubble, seed):
    top = _network(net)
    kw = dict(cycles=300, warmup=50, seed=seed, packet_size=packet_size, buffer=packet_size * (room + bubble),
              internal_speedup=speedup, intercept=intercept, vc_alloc_delay=vc_alloc_delay, iterations=iterations,
              arbitration=arbitration, injection_bubble=bubble, model=_model(top))
    try:
        res = simulate(top, routing, traffic, load, **kw)
    except ValueError as exc:
        assert str(exc), "a refusal must say why"
        assume(False)  # a refused combination (routing for another family, too few buffers, ...)
        return
    assert_conserved(res)
    if routing not in NOT_DEADLOCK_FREE:
        assert res["status"] == "ok", res.get("deadlock")
    again = simulate(top, routing, traffic, load, **kw)
    assert without_timing(again) == without_timing(res)


@pytest.mark.parametrize("routing", sorted(REGISTRY))
def test_every_routing_runs_on_some_network(routing):
    # the fuzz above may skip a routing by chance: each one runs on at least one bundled network
    for i in range(len(NETWORKS)):
        try:
            res = simulate(_network(i), routing, "uniform", 0.3, cycles=200, warmup=50, seed=1, model=_model(_network(i)))
        except ValueError:
            continue
        assert_conserved(res)
        return
    pytest.fail(f"{routing} ran on none of the networks")
