"""The per-cycle latency trace (seed 001 Fig. 7: "the measured latency of the packets that are
sent each cycle") and its arguments."""

from __future__ import annotations

import json

import numpy as np
import pytest

from sim import make_routing, simulate
from topoanalysis import build


@pytest.fixture(scope="module")
def df42():
    return build("dragonfly", a=4, h=2, p=1)


def test_trace_follows_a_traffic_change(df42):
    # MIN under ADVG+1 with one node per router carries at most 1/(a p) = 0.25 (seed 001 §2):
    # at offered 0.4 the latency of the packets sent after the change keeps growing
    res = simulate(df42, "min", "uniform", 0.4, warmup=0, cycles=3000, seed=2, change_traffic="advg+1",
                   change_cycle=1000, latency_trace=(500, 2000))
    tr = res["latency_trace"]
    assert tr["first_cycle"] == 500 and len(tr["mean_latency"]) == len(tr["packets"]) == 1500
    lat = np.array([np.nan if x is None else x for x in tr["mean_latency"]])
    before, after = np.nanmean(lat[:500]), np.nanmean(lat[1300:1500])
    # seed001 model: a minimal path is at most local-global-local, 120 cycles of links
    assert 100 < before < 150 and after > 4 * before
    assert np.nanmean(lat[600:700]) > np.nanmean(lat[500:600]) + 50  # the change shows within 100 cycles
    # every packet of a cycle counted once: the counts add up to the packets generated then and
    # delivered, fewer than all delivered
    assert 0 < sum(tr["packets"]) < res["packets_delivered_total"]
    json.dumps(tr, allow_nan=False)  # cycles without a packet are null, not NaN


def test_trace_is_absent_unless_asked_and_checks_its_window(df42):
    res = simulate(df42, "min", "uniform", 0.1, warmup=100, cycles=200, seed=1)
    assert "latency_trace" not in res
    for bad in ((10, 10), (0, 301), (-1, 5), (5,), "0:9"):
        with pytest.raises(ValueError, match="latency_trace"):
            simulate(df42, "min", "uniform", 0.1, warmup=100, cycles=200, seed=1, latency_trace=bad)


def test_one_compiled_engine_per_routing_kind_serves_every_option(df42):
    # the engine compiles once per signature (about 30 s cold), and a signature is the routing's
    # kind (sim.routings.kind): no routing of a kind, cache kind or option may hand it arrays of
    # another type (a one-element view, for instance, is typed contiguous)
    from sim import engine
    from sim._cache import names

    kinds = set()
    for routing, kw in (("ofar", {}), ("min", {}), ("ugal-l", {}), ("pb", {}), ("min", dict(latency_trace=(0, 5))),
                        ("ofar-tree", dict(cache_candidates=False, injection_bubble=1))):
        simulate(df42, routing, "uniform", 0.2, warmup=10, cycles=10, seed=1, **kw)
        kinds.add(make_routing(df42, routing).kind.name)
    assert kinds == {"OfarTables", "MinTables", "UgalTables"}
    sigs = engine.run_cycles.signatures
    assert all(sum(names(s, k) for s in sigs) == 1 for k in kinds), sigs
