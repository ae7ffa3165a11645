"""Traffic patterns: the compiled destination choice, sampled directly, plus bursts and
a change of pattern inside a run (seed 001 §2, §4, §5.2, §5.3; seed 002 §V-B, §V-C; seed 003 §4)."""

from __future__ import annotations

import numpy as np
import pytest

from sim import simulate
from sim._rng import make_state
from sim.routings import distance_table
from sim.network import net_arrays
from sim.testing import checked_simulate
from sim.traffic import build_traffic, pick_dest
from topoanalysis import build


def sample(top, pattern, n=40, t=0, seed=0, **kw):
    """(E, n) destinations drawn by the engine's own pick_dest (-1: does not send)."""
    tt, active = build_traffic(top, pattern, seed, **kw)
    one = np.ones(len(top.kind_names), np.int64)
    net = net_arrays(top, 1, one, one, one)
    st = make_state(seed)
    out = np.array([[pick_dest(tt, net, e, t, st) for _ in range(n)] for e in range(top.n_endpoints)])
    return out, active


@pytest.fixture(scope="module")
def df():
    return build("dragonfly", a=4, h=2, p=2)  # 9 groups x 4 routers x 2 nodes = 72 nodes


def ep_router(top):
    return np.repeat(np.arange(top.n_routers), top.endpoints)


def test_uniform_never_self_and_covers_everyone(df):
    d, active = sample(df, "uniform", n=200)
    E = df.n_endpoints
    assert active.all()
    assert not np.any(d == np.arange(E)[:, None])
    assert set(np.unique(d)) == set(range(E))


@pytest.mark.parametrize("N", [1, 2, 8])
def test_advg_sends_to_group_plus_n(df, N):
    # seed 001 §4: every node of group i sends to a random node of group (i + N) mod G
    d, _ = sample(df, f"advg+{N}")
    g = df.labels["group"][ep_router(df)]
    assert np.all(g[d] == ((g + N) % 9)[:, None])


@pytest.mark.parametrize("N", [1, 3])
def test_advg_on_a_fat_tree_sends_to_the_pod_plus_n_through_the_core(N):
    # Besta & Hoefler 2014, §V-C: the fat tree's worst case, "every packet traverses core (highest-level)
    # switches": on a fat tree a group is a pod, so advg+N sends every node of pod i to a random node of
    # pod i+N, which only the core switches join
    ft = build("fattree", k=8, levels=3, pods=4)
    d, active = sample(ft, f"advg+{N}", n=60)
    pod = ft.labels["pod"][ep_router(ft)]
    assert active.all()
    assert np.all(pod[d] == ((pod + N) % 4)[:, None])
    assert len(np.unique(d[0])) > 8  # random nodes of the pod (16 of them), not one
    dist = distance_table(ft)[0]
    r = ep_router(ft)
    assert np.all(dist[r[:, None], r[d]] == 4)  # edge, aggregation, core, aggregation, edge


def test_advg_without_groups_names_the_labels_it_needs():
    with pytest.raises(ValueError, match="'group' .* or 'pod'"):
        build_traffic(build("slimfly", q=5), "advg+1")


def test_advl_sends_to_the_next_router_of_the_group(df):
    # seed 001 §2: the p nodes of R_i send to router R_{i+1} of the same group
    d, _ = sample(df, "advl")
    r = ep_router(df)
    grp, idx = df.labels["group"], df.labels["index"]
    assert np.all(grp[r[d]] == grp[r][:, None])
    assert np.all(idx[r[d]] == ((idx[r] + 1) % 4)[:, None])


def test_bit_permutations_on_64_of_72_endpoints(df):
    # seed 002 §V-B: only the largest power of two, N = 64 = 2^6, of the endpoints take part
    b, N = 6, 64
    s = np.arange(N)
    rev = sum(((s >> i) & 1) << (b - 1 - i) for i in range(b))
    expected = {"bitcomp": N - 1 - s, "bitrev": rev, "shuffle": ((s << 1) | (s >> (b - 1))) & (N - 1)}
    for name, exp in expected.items():
        d, active = sample(df, name, n=3)
        assert active.sum() == N and not active[N:].any()
        assert np.all(d[:N] == exp[:, None]), name
        assert np.all(d[N:] == -1)
    # hand-checked examples: reversal of 000001 is 100000, shuffle of 100001 is 000011
    assert rev[1] == 32 and expected["shuffle"][33] == 3 and expected["bitcomp"][5] == 58


def test_shift(df):
    # seed 002 §V-B: d = s mod N/2 or (s mod N/2) + N/2 with probability 1/2 each
    d, active = sample(df, "shift", n=200)
    s = np.arange(64)
    assert active.sum() == 64
    lo, hi = s % 32, s % 32 + 32
    assert np.all((d[:64] == lo[:, None]) | (d[:64] == hi[:, None]))
    assert 0.4 < np.mean(d[:64] == hi[:, None]) < 0.6
    assert np.all(d[64:] == -1)


def test_sf_worst_loads_links_with_two_hop_flows():
    # seed 002 §V-C: pairs of routers at distance 2 whose shortest path crosses a chosen link
    # x-y, chosen until no possibility is left; no endpoint is overloaded (router map is a
    # permutation)
    top = build("slimfly", q=5, p=2)
    dist = distance_table(top)[0]
    d, active = sample(top, "sf-worst", n=5)
    r = ep_router(top)
    dr = r[d]
    assert active.all()
    assert np.all(dr == dr[:, :1])  # one destination router per source router
    rmap = dr[::2, 0]
    assert len(set(rmap.tolist())) == top.n_routers  # a permutation of routers
    assert np.all(rmap != np.arange(top.n_routers))
    assert np.mean(dist[np.arange(top.n_routers), rmap] == 2) >= 0.8


def test_hotspot_sequence_sends_to_an_adjacent_router():
    # seed 003 §4: nodes of S_i send to a random node of S_{i+1}, S_i and S_{i+1} adjacent
    top = build("slimfly", q=5, p=2)
    d, active = sample(top, "hotspot-seq", n=20)
    r = ep_router(top)
    adj = top.adjacency().toarray() > 0
    assert active.all()
    assert np.all(adj[r[:, None], r[d]])


def test_mix_weights(df):
    # seed 001 §5.3 MIX1: 80% UN, 10% ADVG+1, 10% ADVG+6 (ADVG+1 / +6 identified by the group)
    d, _ = sample(df, "mix:uniform=0.8,advg+1=0.1,advg+6=0.1", n=400)
    g = df.labels["group"][ep_router(df)]
    off = (g[d] - g[:, None]) % 9
    frac = np.bincount(off.ravel(), minlength=9) / off.size
    # uniform puts 8/71 of its share on each other group, 7/71 on its own; +1 and +6 add 0.1 each
    assert frac[1] == pytest.approx(0.8 * 8 / 71 + 0.1, abs=0.01)
    assert frac[6] == pytest.approx(0.8 * 8 / 71 + 0.1, abs=0.01)
    assert frac[3] == pytest.approx(0.8 * 8 / 71, abs=0.01)


def test_change_of_pattern_at_a_cycle(df):
    d0, _ = sample(df, "advg+1", t=99, change="advg+2", change_cycle=100)
    d1, _ = sample(df, "advg+1", t=100, change="advg+2", change_cycle=100)
    g = df.labels["group"][ep_router(df)]
    assert np.all(g[d0] == ((g + 1) % 9)[:, None]) and np.all(g[d1] == ((g + 2) % 9)[:, None])
    # in a run (seed 001 §5.2 transient): the latency of ADVG+2 -> ADVG+6 is recorded
    res = checked_simulate(df, "valiant", "advg+2", 0.1, cycles=1000, warmup=500, change_traffic="advg+6",
                           change_cycle=700, seed=1)
    assert res["traffic"] == "advg+2 -> advg+6 at 700" and res["packets_delivered"] > 0
    with pytest.raises(ValueError, match="change_cycle"):
        simulate(df, "min", "uniform", 0.1, change_traffic="advg+1")


def test_burst_drains_every_packet(df):
    # seed 001 §5.3: every node injects a fixed number of packets as fast as it can; the result
    # is the time to deliver them all
    res = checked_simulate(df, "valiant", "mix:uniform=0.8,advg+1=0.1,advg+6=0.1", 0.0, burst=20, seed=2)
    assert res["drained"] and res["packets_delivered"] == 20 * df.n_endpoints
    assert res["packets_in_flight"] == 0 and res["packets_queued"] == 0
    # 20 packets of 8 phits through one injection port take >= 160 cycles
    assert res["drain_time"] >= 160 + 8
    # a burst cut short by max_cycles is not "ok"
    cut = simulate(df, "valiant", "uniform", 0.0, burst=20, seed=2, max_cycles=100)
    assert cut["status"] == "burst-not-drained" and not cut["drained"]
