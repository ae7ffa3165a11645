"""Simulator model checks: zero-load latency by hand, determinism, bad input, watchdog.

Every run goes through ``checked_simulate``, which asserts conservation (generated = delivered +
queued + in flight) at the end of the run.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim import simulate
from sim.routings import make_routing
from sim.routings.base import IP_GPAIR
from sim.testing import TEST_RING_MODEL, checked_simulate, without_timing
from topoanalysis import build
from topoanalysis.topology import Topology

P = 8  # seed 001 Table 1 packet size (phits)
LOCAL, GLOBAL = 10, 100  # seed 001 Table 1 link latencies (cycles)
#: the seed 001 timing on networks whose link kinds are not local/global (rings, tori)
RING = TEST_RING_MODEL


@pytest.fixture(scope="module")
def df42() -> Topology:
    return build("dragonfly", a=4, h=2, p=2)  # balanced a = 2p = 2h (seed 001 §1), 36 routers


def lgl_path() -> Topology:
    """Routers 0 -local- 1 -global- 2 -local- 3, one endpoint on 0 and one on 3."""
    return Topology(4, [0, 1, 2], [1, 2, 3], kind=[0, 1, 0], kind_names=("local", "global"), endpoints=[1, 0, 0, 1])


def test_zero_load_latency_one_packet_by_hand():
    # One packet each way (uniform with 2 endpoints: each sends to the other, in opposite
    # directions, so they never meet).  Seed 001 §4: latency = generation .. complete reception,
    # router delay subsumed in link latency.  Generated at 0 and injected at once; the head is
    # at router 1 at 10, router 2 at 10 + 100, router 3 at 120; ejecting the P = 8 phits ends at
    # 128 = 10 + 100 + 10 + 8.
    res = checked_simulate(lgl_path(), "min", "uniform", 0.0, burst=1, seed=3, model="seed001")
    assert res["packets_delivered"] == 2
    assert res["average_latency"] == 128.0
    assert res["latency_max"] == 128.0
    assert res["drain_time"] == 128
    assert res["hop_histogram"] == [0, 0, 0, 2]
    assert res["average_hops_by_kind"] == {"local": 2.0, "global": 1.0}


def test_zero_load_serialisation_of_a_second_packet():
    # Two packets per node, both generated at cycle 0 (burst): the second waits for the
    # injection port, busy for P = 8 cycles while the first one's phits leave (1 phit/cycle,
    # no speedup), so it arrives at 8 + 128 = 136; the mean of 128 and 136 is 132.
    res = checked_simulate(lgl_path(), "min", "uniform", 0.0, burst=2, seed=3, model="seed001")
    assert res["packets_delivered"] == 4
    assert res["latency_max"] == 136.0
    assert res["average_latency"] == 132.0
    assert res["drain_time"] == 136


@pytest.mark.parametrize("packet_size,lat", [(8, (10, 100)), (1, (3, 7))])
def test_zero_load_latency_equals_path_sum_on_a_dragonfly(df42, packet_size, lat):
    # A packet that meets no other takes P + L x local hops + G x global hops; so does the mean,
    # with the measured hop counts per kind.  At 0.002 phits/(node cycle) a rare meeting (same
    # link or ejection port in the same P cycles) can only add waiting, a few cycles over a few
    # hundred packets: 0 <= excess <= 0.1 cycle.  Per-packet values for l-g-l paths are
    # P + {L, G, L + G, 2L + G}, so the median is one of them.
    L, G = lat
    res = checked_simulate(df42, "min", "uniform", 0.002, cycles=20_000, warmup=0, seed=5, packet_size=packet_size,
                           latency={"local": L, "global": G})
    hk = res["average_hops_by_kind"]
    assert res["packets_delivered"] > 50
    excess = res["average_latency"] - (packet_size + L * hk["local"] + G * hk["global"])
    assert 0 <= excess <= 0.1
    assert res["latency_p50"] in {packet_size + x for x in (L, G, L + G, 2 * L + G)}


def test_determinism_same_seed_identical_different_seed_differs(df42):
    kw = dict(cycles=1500, warmup=500)
    a = checked_simulate(df42, "valiant", "uniform", 0.3, seed=11, **kw)
    b = checked_simulate(df42, "valiant", "uniform", 0.3, seed=11, **kw)
    c = checked_simulate(df42, "valiant", "uniform", 0.3, seed=12, **kw)
    assert without_timing(a) == without_timing(b)
    assert a["packets_delivered"] > 100
    assert without_timing(a) != without_timing(c)
    assert a["average_latency"] != c["average_latency"]


@pytest.mark.parametrize("kwargs,match", [
    (dict(routing="valiant-any", vcs={"local": 3, "global": 2}), "needs 4 VCs on 'local'"),
    (dict(routing="valiant", vcs=(2, 2)), "needs 3 VCs on 'local'"),
    (dict(routing="min", vcs={"global": 0}), "vcs must be 1..62"),
    (dict(buffer={"local": 4}), "smaller than a packet"),
    (dict(buffer=16, packet_size=17), "smaller than a packet"),
    (dict(traffic="nonsense"), "unknown pattern 'nonsense'"),
    (dict(traffic="mix:uniform=0.5,bogus=0.5"), "unknown pattern 'bogus'"),
    (dict(traffic="advg+x"), "advg"),
    (dict(routing="nonsense"), "unknown routing 'nonsense'"),
    (dict(routing="dor"), "dor"),
    (dict(load=-0.1), r"load .* >= 0 and <= 1"),
    (dict(load=1.5), r"load .* >= 0 and <= 1"),
    (dict(load=float("nan")), r"load .* finite"),
    (dict(vc_scheme="magic"), "vc_scheme"),
    (dict(arbitration="fifo"), "arbitration"),
    (dict(cycles=0), "cycles must be"),
    (dict(packet_size=0), "packet_size must be"),
    (dict(cycles=2 ** 31), r"cycles must be an integer <= 2147483647"),
    (dict(cycles=2 ** 31 - 1), "int32"),
    (dict(vcs=0), "vcs must be 1..62"),
    (dict(vcs=10 ** 20), r"vcs \(per link kind\) must be an integer <= "),
    (dict(buffer=8 * 40_000), "32767 packets per VC"),
])
def test_bad_configurations_raise_value_error(df42, kwargs, match):
    kw = dict(routing="min", traffic="uniform", load=0.1, cycles=10, warmup=0)
    kw.update(kwargs)
    with pytest.raises(ValueError, match=match):
        simulate(df42, **kw)


def test_state_beyond_the_memory_budget_is_refused_before_allocation(df42, monkeypatch):
    import sim.state as S

    monkeypatch.setattr(S, "memory_budget", lambda: 50_000)
    with pytest.raises(ValueError, match=r"needs about .* of state, more than the budget"):
        simulate(df42, "min", "uniform", 0.1, cycles=10)


def test_packet_pool_stops_at_the_memory_budget(df42, monkeypatch):
    """Offered load 1 on a network that delivers less: the source queues grow every cycle; the
    pool must stop at the budget with an error naming the cause, not swap."""
    import sim.state as S

    monkeypatch.setattr(S, "memory_budget", lambda: 400_000)
    with pytest.raises(ValueError, match=r"packet pool: \d+ packets generated and not yet delivered fill the memory"):
        simulate(df42, "valiant", "advg+1", 1.0, cycles=200_000, warmup=0)


def test_change_after_the_end_is_refused(df42):
    with pytest.raises(ValueError, match="change_cycle must be < warmup [+] cycles = 30"):
        simulate(df42, "min", "uniform", 0.1, cycles=20, warmup=10, change_traffic="advg+1", change_cycle=30)


def test_bad_topology_raises(df42):
    with pytest.raises(ValueError, match="no endpoints"):
        simulate(df42.with_endpoints(0), "min", "uniform", 0.1, cycles=10)
    ring = build("torus", dims=[6]).with_endpoints(1)
    with pytest.raises(ValueError, match="dragonfly"):
        simulate(ring, "df-min", "uniform", 0.1, cycles=10)
    with pytest.raises(ValueError, match="group"):
        simulate(ring, "min", "advg+1", 0.1, cycles=10)


def test_watchdog_reports_a_ring_deadlock():
    # Minimal routing on an 8-ring with every hop on VC 0 (vc_scheme "none", not deadlock-free)
    # and one packet per buffer: at full load the cyclic dependency fills up and freezes.
    ring = build("torus", dims=[8]).with_endpoints(1)
    res = checked_simulate(ring, "min", "uniform", 1.0, vc_scheme="none", buffer=P, cycles=20_000, warmup=0,
                           watchdog=300, seed=1, model=RING)
    assert res["status"] == "deadlock"
    dl = res["deadlock"]
    assert dl["packets_in_network"] > 0 and dl["n_routers_with_packets"] > 0
    assert dl["cycle"] - dl["last_move_cycle"] > 300
    assert res["total_cycles"] < 20_000  # stopped early instead of running (or hanging) on
    # the proof that it is a deadlock: a ring of full VC-0 buffers, each head waiting for the next
    cyc = dl["waiting_cycle"]
    assert cyc is not None and len(cyc) == 8
    assert all(c["vc"] == 0 and c["packets"] > 0 for c in cyc)
    assert all(cyc[i]["to"] == cyc[(i + 1) % len(cyc)]["from"] for i in range(len(cyc)))
    assert len({c["from"] for c in cyc}) == 8
    # the same ring with the hop-indexed VCs (seed 002 §IV-D) does not deadlock
    ok = checked_simulate(ring, "min", "uniform", 1.0, buffer=P, cycles=3000, warmup=0, watchdog=300, seed=1,
                          model=RING)
    assert ok["status"] == "ok" and ok["packets_delivered"] > 0


def test_watchdog_reports_a_dragonfly_deadlock(df42):
    # the configuration of the first engine version's bug: ADVG+1 under minimal routing with
    # one VC class; the watchdog must stop it and say where packets stand
    res = checked_simulate(df42, "min", "advg+1", 1.0, vc_scheme="none", cycles=20_000, warmup=0, watchdog=500,
                           seed=1)
    assert res["status"] == "deadlock"
    assert res["deadlock"]["packets_in_network"] == res["packets_in_flight"] > 0
    assert set(res["deadlock"]["routers_with_packets"]) <= set(range(df42.n_routers))


def test_results_keys_and_accounting(df42):
    res = checked_simulate(df42, "min", "uniform", 0.2, cycles=1000, warmup=500, seed=2, per_link=True)
    for k in ("offered_load", "accepted_load", "average_latency", "average_hops", "cycles", "packets_delivered",
              "latency_p50", "latency_p99", "hop_histogram", "link_utilisation", "injected_per_group"):
        assert k in res
    assert res["cycles"] == 1000 and res["warmup"] == 500
    # a dragonfly without a model runs seed 001 Table 1, and says so
    m = res["model"]
    assert m["name"] == "seed001" and m["source"] == "García et al. 2014, Table 1 and §4"
    assert {k: m[k] for k in ("packet_size", "latency", "buffer", "vcs", "iterations", "arbitration", "selection",
                              "vc_scheme", "router_delay", "credit_delay", "injection_latency", "ejection_latency")} \
        == {"packet_size": 8, "latency": {"local": 10, "global": 100}, "buffer": {"local": 32, "global": 256},
            "vcs": {"local": 3, "global": 2}, "iterations": 3, "arbitration": "lrs", "selection": "random",
            "vc_scheme": "routing", "router_delay": 0, "credit_delay": 0, "injection_latency": 0,
            "ejection_latency": 0}
    assert res["accepted_load"] == pytest.approx(res["packets_delivered"] * 8 / (1000 * df42.n_endpoints))
    assert len(res["injected_per_group"]) == 9
    assert sum(res["hop_histogram"]) == res["packets_delivered"]
    util = np.asarray(res["link_utilisation_per_arc"])
    assert util.size == 2 * df42.n_links and util.max() <= 1.0


@pytest.mark.parametrize("routing,traffic,load,kw", [
    ("min", "uniform", 0.9, {}),
    ("valiant", "advg+2", 0.6, dict(arbitration="random")),
    ("valiant-any", "mix:uniform=0.6,advg+1=0.2,advg+6=0.2", 0.5, dict(selection="least-occupied")),
    ("min", "advg+1", 0.4, dict(packet_size=1, buffer=4, latency=(2, 5))),
    ("valiant", "uniform", 0.0, dict(burst=15)),
])
def test_skipping_idle_router_cycles_changes_nothing(df42, same_runs, routing, traffic, load, kw):
    # the engine skips a router until one of its blocked heads can move (output free, credit
    # back, ejection port free); the reference revisits it every cycle: same results exactly
    ref, (fast,) = same_runs(df42, dict(eager_wakeup=True), [{}], routing=routing, traffic=traffic, load=load,
                             cycles=1500, warmup=500, seed=9, **kw)
    assert fast["engine_counters"]["router_wakeups"] <= ref["engine_counters"]["router_wakeups"]


@pytest.mark.parametrize("routing,traffic,load,kw", [
    ("min", "uniform", 0.9, {}),
    ("valiant", "advg+2", 0.6, dict(arbitration="random")),
    ("valiant-any", "uniform", 0.5, dict(selection="least-occupied", packet_size=1, buffer=4)),
])
def test_input_bit_masks_change_nothing(df42, same_runs, routing, traffic, load, kw):
    # a router visit walks only the inputs whose r_act bit is set (queues holding packets) and
    # whose i_next bound has come; the reference examines every input at every visit: same order
    # of requests and random draws, same results (only the number of visits differs)
    same_runs(df42, dict(full_scan=True), [{}], routing=routing, traffic=traffic, load=load, cycles=1000, warmup=300,
              seed=4, **kw)


def test_routers_with_more_inputs_than_mask_bits():
    # 3 + 2 ports + 60 endpoints = 65 inputs > 63 bits: those routers always scan every input
    top = build("dragonfly", a=4, h=2, p=60)
    res = checked_simulate(top, "min", "uniform", 0.5, cycles=300, warmup=100, seed=1)
    ref = checked_simulate(top, "min", "uniform", 0.5, cycles=300, warmup=100, seed=1, full_scan=True)
    assert res["packets_delivered"] > 0 and res["average_latency"] == ref["average_latency"]


@pytest.mark.parametrize("routing", ["min", "valiant"])
def test_group_pair_table_changes_nothing(df42, same_runs, routing):
    # with one global link per ordered group pair the hierarchical routing (seed 000 §7) reads
    # that link from a direct table; the general search over the group pair's links must give
    # the same run, random draws included
    fast = make_routing(df42, routing)
    assert fast.tables.ip[IP_GPAIR] == 1
    slow = make_routing(df42, routing)
    ip = slow.tables.ip.copy()
    ip[IP_GPAIR] = 0
    slow.tables = slow.tables._replace(ip=ip)
    same_runs(df42, dict(routing=fast), [dict(routing=slow)], counters=True, traffic="uniform", load=0.5, cycles=800,
              warmup=200, seed=6)


@pytest.mark.parametrize("routing,traffic,load,kw", [
    ("min", "uniform", 0.9, {}),
    ("valiant", "advg+2", 0.6, dict(arbitration="random", iterations=1)),
    ("valiant-any", "uniform", 0.5, dict(selection="least-occupied", packet_size=1, buffer=4)),
])
def test_router_batches_change_nothing(df42, same_runs, routing, traffic, load, kw):
    # the engine visits routers in batches and applies each batch's effects at other routers
    # (arrivals, credits returned upstream) at its end; all are due at t + 1 or later, so a
    # batch of one router (visits one at a time) gives the same run, random draws included
    same_runs(df42, dict(batch=1), [dict(batch=b) for b in (3, 8, 64)], routing=routing, traffic=traffic, load=load,
              cycles=1000, warmup=300, seed=4, **kw)


@pytest.mark.parametrize("routing,traffic,load,kw", [
    ("min", "uniform", 0.9, {}),
    ("valiant", "advg+2", 0.6, dict(arbitration="random", iterations=1)),
    ("valiant-any", "mix:uniform=0.6,advg+1=0.2,advg+6=0.2", 0.5, dict(selection="least-occupied")),
    ("min", "advg+1", 0.4, dict(packet_size=1, buffer=4, latency=(3, 5))),
    ("valiant", "uniform", 0.0, dict(burst=15)),
])
def test_windows_change_nothing(df42, same_runs, routing, traffic, load, kw):
    # the engine runs each group through a window of cycles as long as the smallest global link
    # latency before the next group, and within it each batch of routers through a window as
    # long as the smallest local latency before the next batch (nothing a router does reaches
    # another router sooner); every router and endpoint draws from its own random stream, so
    # the run is the cycle-by-cycle one, bit for bit
    loc, glo = kw.get("latency", (LOCAL, GLOBAL))
    windows = sorted({(2, 2), (loc // 2, glo // 2), (loc, loc), (loc, glo), (1, glo)})
    _, runs = same_runs(df42, dict(window=1, group_window=1), [dict(window=w, group_window=g) for w, g in windows],
                        routing=routing, traffic=traffic, load=load, cycles=1000, warmup=300, seed=4, **kw)
    assert [(r["engine_counters"]["window_cycles"], r["engine_counters"]["group_window_cycles"]) for r in runs] == windows


def test_windows_report_the_same_deadlock():
    # the watchdog looks at whole windows but reports the cycle at which the cycle-by-cycle check
    # fires ("no move for watchdog cycles"), and the same last move
    ring = build("torus", dims=[8]).with_endpoints(1)
    kw = dict(vc_scheme="none", buffer=P, cycles=20_000, warmup=0, watchdog=300, seed=1, model=RING)
    one = checked_simulate(ring, "min", "uniform", 1.0, window=1, **kw)
    ten = checked_simulate(ring, "min", "uniform", 1.0, **kw)
    assert one["status"] == ten["status"] == "deadlock"
    # a ring has no groups: one cluster, windows of the link latency
    assert (ten["engine_counters"]["window_cycles"], ten["engine_counters"]["group_window_cycles"]) == (LOCAL, LOCAL)
    assert one["deadlock"]["cycle"] == ten["deadlock"]["cycle"] == one["deadlock"]["last_move_cycle"] + 300 + 2
    assert one["deadlock"]["last_move_cycle"] == ten["deadlock"]["last_move_cycle"]
    dfl = checked_simulate(build("dragonfly", a=4, h=2, p=2), "min", "advg+1", 1.0, vc_scheme="none", cycles=20_000,
                           warmup=0, watchdog=500, seed=1)
    dfl1 = checked_simulate(build("dragonfly", a=4, h=2, p=2), "min", "advg+1", 1.0, vc_scheme="none", cycles=20_000,
                            warmup=0, watchdog=500, seed=1, window=1, group_window=1)
    assert dfl["status"] == dfl1["status"] == "deadlock"
    assert dfl["engine_counters"]["group_window_cycles"] == GLOBAL
    assert dfl["deadlock"]["cycle"] == dfl1["deadlock"]["cycle"]
    # a dragonfly deadlock is a ring of waits too (through local and global buffers on VC 0)
    cyc = dfl["deadlock"]["waiting_cycle"]
    assert cyc is not None and len(cyc) >= 2 and all(c["vc"] == 0 for c in cyc)
    assert all(cyc[i]["to"] == cyc[(i + 1) % len(cyc)]["from"] for i in range(len(cyc)))


@pytest.mark.parametrize("bad", [0, 11, 2.0, True])
def test_window_out_of_range_is_rejected(df42, bad):
    with pytest.raises(ValueError, match="window must be an integer from 1 to the smallest link latency within a group"):
        simulate(df42, "min", "uniform", 0.1, cycles=10, window=bad)


@pytest.mark.parametrize("bad", [0, 101, 2.0, True])
def test_group_window_out_of_range_is_rejected(df42, bad):
    with pytest.raises(ValueError, match="group_window must be an integer from 1 to the smallest latency of the links "
                                         "between groups"):
        simulate(df42, "min", "uniform", 0.1, cycles=10, group_window=bad)


def test_window_longer_than_the_group_window_is_rejected(df42):
    with pytest.raises(ValueError, match=r"at most group_window \(5\)"):
        simulate(df42, "min", "uniform", 0.1, cycles=10, window=8, group_window=5)


@pytest.mark.parametrize("bad", [0, 65, 2.0, True])
def test_batch_out_of_range_is_rejected(df42, bad):
    with pytest.raises(ValueError, match="batch"):
        simulate(df42, "min", "uniform", 0.1, cycles=10, batch=bad)


def test_chunks_change_nothing_and_measured_speed_is_reported(df42, same_runs):
    # the driver calls the compiled loop in chunks (and splits one at the warm-up's end to time
    # the measured cycles); every chunk ends at a cycle boundary, so the chunk size changes no
    # result (only the engine's work counters: windows restart at each chunk, which moves the
    # cycles at which routers are woken)
    ref, (res,) = same_runs(df42, dict(chunk=1000), [dict(chunk=37)], routing="valiant", traffic="uniform", load=0.5,
                            cycles=700, warmup=301, seed=2)
    for r in (ref, res):
        assert 0 < r["measured_wall_seconds"] <= r["wall_seconds"]
        assert r["measured_cycles_per_second"] > 0
