"""Deadlocks found buffer by buffer: a run shorter than the watchdog, and a deadlock of part of
the network while the rest keeps delivering, are reported as ``status: "deadlock"`` with the ring
of buffers (:func:`sim.cdg.stuck_ring`); saturated but live networks stay ``"ok"``.

The ring is the classic example of a routing that needs VCs to be deadlock-free (Dally and
Seitz 1987): minimal routing with every hop on one VC closes a cycle of channel dependencies
around it; the hop-indexed VCs (Besta & Hoefler 2014, §IV-D) break it."""

from __future__ import annotations

import pytest

from sim.testing import TEST_RING_MODEL, checked_simulate
from topoanalysis import build

RING = TEST_RING_MODEL  # García et al. 2014, Table 1 timing on every link kind of a ring
P = RING.packet_size


@pytest.fixture(scope="module")
def ring1():
    return build("torus", dims=[8]).with_endpoints(1)


@pytest.fixture(scope="module")
def half_ring_map(tmp_path_factory):
    """Two endpoints per router of an 8-ring: the first sends 3 routers clockwise (minimal paths
    all turn the same way: the ring of clockwise buffers can fill and freeze), the second one
    router counter-clockwise (its packets never wait on a clockwise buffer, so they keep flowing)."""
    dest = []
    for r in range(8):
        dest += [2 * ((r + 3) % 8), 2 * ((r - 1) % 8) + 1]
    path = tmp_path_factory.mktemp("maps") / "half_ring.txt"
    path.write_text("\n".join(map(str, dest)) + "\n")
    return build("torus", dims=[8]).with_endpoints(2), f"map:{path}"


def _is_ring(cyc, n):
    return (cyc is not None and len(cyc) == n and all(c["vc"] == 0 and c["packets"] > 0 for c in cyc)
            and all(cyc[i]["to"] == cyc[(i + 1) % n]["from"] for i in range(n)))


def test_a_deadlock_before_the_watchdog_is_reported_at_the_end_of_the_run(ring1):
    # the network stops long before the run ends, but the watchdog (20,000 cycles) never fires
    res = checked_simulate(ring1, "min", "uniform", 1.0, vc_scheme="none", buffer=P, cycles=3000, warmup=0, seed=1,
                           model=RING)
    assert res["status"] == "deadlock"
    dl = res["deadlock"]
    assert dl["found_by"] == "buffers"
    assert dl["last_move_cycle"] < dl["frozen_by_cycle"] <= dl["cycle"] == 3000
    assert _is_ring(dl["waiting_cycle"], 8)
    assert len({c["from"] for c in dl["waiting_cycle"]}) == 8


def test_a_deadlock_of_part_of_the_network_is_found_while_the_rest_delivers(half_ring_map):
    top, traffic = half_ring_map
    res = checked_simulate(top, "min", traffic, 1.0, vc_scheme="none", buffer=P, cycles=30_000, warmup=0, seed=1,
                           watchdog=5000, model=RING)
    assert res["status"] == "deadlock"
    dl = res["deadlock"]
    assert dl["found_by"] == "buffers"
    # the counter-clockwise traffic still moved up to the end: the network-wide watchdog could not fire
    assert dl["cycle"] - dl["last_move_cycle"] < 100
    assert dl["cycle"] - dl["frozen_by_cycle"] >= 5000  # reported once its ring stood still a watchdog's time
    assert dl["cycle"] < 30_000  # and the run stopped there
    cyc = dl["waiting_cycle"]
    assert _is_ring(cyc, 8)
    # the ring is the clockwise one: each channel goes from router r to r + 1
    assert all(c["to"] == (c["from"] + 1) % 8 for c in cyc)


def test_the_same_traffic_on_hop_indexed_vcs_stays_ok(half_ring_map):
    top, traffic = half_ring_map
    res = checked_simulate(top, "min", traffic, 1.0, buffer=P, cycles=8000, warmup=0, seed=1, watchdog=1000,
                           model=RING)
    assert res["status"] == "ok" and res["accepted_load"] > 0.2


@pytest.mark.parametrize("routing", ["min", "ugal-l", "pb", "ofar", "ofar-l"])
@pytest.mark.parametrize("traffic", ["uniform", "advg+1"])
def test_saturated_live_dragonflies_are_not_called_deadlocked(routing, traffic):
    # past saturation many heads wait for long; with a short watchdog the buffer check runs after
    # every chunk, and must find no ring (each of these routings is deadlock-free with its VCs)
    top = build("dragonfly", a=4, h=2, p=2)
    res = checked_simulate(top, routing, traffic, 1.0, cycles=3000, warmup=1000, seed=3, watchdog=500)
    assert res["status"] == "ok", res.get("deadlock")
    assert res["accepted_load"] > 0.1
