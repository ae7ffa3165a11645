"""Piggybacking (seed 001 §4 "PB") and UGAL-G on dragonflies: the congestion flags, their delay,
the source's choice, and behaviour in runs.  See ``sim/routings/ugal.py`` for the definitions."""

from __future__ import annotations

import numpy as np
import pytest

from sim import simulate
from sim.network import net_arrays
from sim.routings import make_routing, route_candidates, route_init
from sim.routings.base import L_MIN, L_NONMIN, single_packet
from sim.routings.ugal import F_UNDECIDED, PB_COEF, PB_THRESHOLD, build_pb
from sim.routings.vc import VC_SCHEMES
from topoanalysis import build as build_top


@pytest.fixture(scope="module")
def df42():
    return build_top("dragonfly", a=4, h=2, p=2)  # 9 groups of 4 routers, 2 global links each


def _net(top):
    one = np.ones(len(top.kind_names), np.int64)
    return net_arrays(top, 1, one, 4 * one, one)  # one VC per arc


def _pair(top, net, gateway: bool):
    """Routers s, d in different groups with the minimal first hop of s global (s is the gateway)
    or local; and the global arc g the minimal path takes, at router x."""
    rt = make_routing(top, "min").tables
    gk = top.kind_names.index("global")
    R = top.n_routers
    for s in range(R):
        for d in range(R):
            if rt.group[s] == rt.group[d]:
                continue
            direct = [a for a in range(net.ptr[s], net.ptr[s + 1])
                      if net.kind[a] == gk and rt.group[net.dst[a]] == rt.group[d]]
            if gateway and direct:
                return s, d, s, direct[0]
            if not gateway and not direct:
                for a in range(net.ptr[s], net.ptr[s + 1]):
                    x = int(net.dst[a])
                    g = [b for b in range(net.ptr[x], net.ptr[x + 1])
                         if net.kind[b] == gk and rt.group[net.dst[b]] == rt.group[d]]
                    if g and rt.group[x] == rt.group[s]:
                        return s, d, x, g[0]
    raise AssertionError("no such pair")


def _candidates(rout, top, net, s, d, t):
    """A fresh undecided packet s -> d at its source at cycle t: (arcs, labels, tags)."""
    rt = rout.tables
    rt.rclock[2 + rt.rclock[0] :] = t  # every group's clock
    pk = single_packet(len(top.kind_names))
    pk.dr[0] = d
    route_init(rt, net, pk, 0, s, d, np.array([99], np.uint64))
    assert pk.flags[0] == F_UNDECIDED
    buf = [np.empty(64, np.int64) for _ in range(6)]
    n = route_candidates(rt, net, pk, 0, s, VC_SCHEMES["routing"], *buf)
    return buf[0][:n].tolist(), buf[3][:n].tolist(), buf[5][:n].tolist()


def _pb(top, delay, coef=100, threshold=1):
    # coef 100 %, threshold 1 packet, one VC: router x flags global arc g iff
    # occ(g) > (occ(g) + occ(other global arc of x)) / 2 + 1, i.e. occ(g) - occ(other) > 2
    return build_pb(top, "pb", delay=delay, coef=coef, threshold=threshold).with_remote_state(
        top.arcs().src.size, 1, delay)


def _snap(rout, slot, t, occ):
    """Write snapshot ``slot`` as taken at cycle t with per-arc counts ``occ`` (dict arc -> n)."""
    A = rout.tables.adst.shape[0]
    rout.tables.rocc[slot * A:(slot + 1) * A] = 0
    for a, n in occ.items():
        rout.tables.rocc[slot * A + a] = n
    rout.tables.rclock[2 + slot] = t


def test_pb_own_flag_sends_the_packet_valiant(df42):
    net = _net(df42)
    s, d, x, g = _pair(df42, net, gateway=True)
    rout = _pb(df42, delay=3)
    _snap(rout, 0, 100, {g: 2})
    arcs, labs, tags = _candidates(rout, df42, net, s, d, 100)
    assert g in arcs and 0 in tags and 1 in tags  # occ 2 - 0 is not above 2: minimal and Valiant
    _snap(rout, 0, 100, {g: 3})
    arcs, labs, tags = _candidates(rout, df42, net, s, d, 100)
    assert tags == [1] and labs == [L_NONMIN]  # flagged: the Valiant path only
    # the other global arc of x as busy: occupancy relative to the router's mean, not absolute
    other = [a for a in range(net.ptr[x], net.ptr[x + 1]) if net.kind[a] == net.kind[g] and a != g][0]
    _snap(rout, 0, 100, {g: 30, other: 28})
    arcs, labs, tags = _candidates(rout, df42, net, s, d, 100)
    assert 0 in tags and L_MIN in labs


def test_pb_reads_the_neighbours_flag_delay_cycles_late(df42):
    net = _net(df42)
    s, d, x, g = _pair(df42, net, gateway=False)
    assert x != s
    delay = 3
    rout = _pb(df42, delay)
    H = int(rout.tables.rclock[0])
    assert H == delay + 2  # snapshots every cycle: state `delay` cycles old is always kept
    for k in range(H):
        _snap(rout, k, 96 + k, {})
    t = 100
    _snap(rout, 4, t, {g: 5})  # x flags g now: the source cannot know yet
    _, _, tags = _candidates(rout, df42, net, s, d, t)
    assert 0 in tags
    _snap(rout, 1, t - delay, {g: 5})  # x flagged g `delay` cycles ago: the flag has arrived
    _, _, tags = _candidates(rout, df42, net, s, d, t)
    assert tags == [1]
    _, _, tags = _candidates(rout, df42, net, s, d, t - 1)  # one cycle earlier it had not
    assert 0 in tags


def test_pb_before_any_snapshot_is_ugal_l_with_one_valiant_path(df42):
    net = _net(df42)
    s, d, _, _ = _pair(df42, net, gateway=True)
    rout = _pb(df42, 2)
    _, labs, tags = _candidates(rout, df42, net, s, d, 0)
    assert tags.count(1) == 1 and 0 in tags


def test_pb_refuses_what_it_does_not_define(df42):
    with pytest.raises(ValueError, match="Piggybacking .* is defined on dragonflies"):
        make_routing(build_top("slimfly", q=5, p=3), "pb")
    for kw in (dict(coef=-1), dict(threshold=1.5), dict(delay=-2)):
        with pytest.raises(ValueError, match="must be an integer >= 0"):
            build_pb(df42, "pb", **kw)


def test_pb_run_reports_its_flags_delay_and_is_reproducible(df42, same_runs):
    kw = dict(cycles=2000, warmup=1000, seed=4)
    r1, _ = same_runs(df42, {}, [dict(batch=1)], routing="pb", traffic="advg+1", load=0.3, **kw)
    # default: one hop over a local link of the seed001 model (10 cycles)
    assert r1["remote_delay_cycles"] == 10 and r1["model"]["name"] == "seed001"
    assert r1["routing_variant"] == "piggybacking" and (PB_COEF, PB_THRESHOLD) == (200, 5)
    slow = simulate(df42, build_pb(df42, "pb", delay=50), "advg+1", 0.3, **kw)
    assert slow["remote_delay_cycles"] == 50


def test_pb_carries_adversarial_traffic_minimal_routing_cannot(df42):
    # ADVG+1 on a = 4, h = 2: minimal routing is limited to 1/(2h^2) = 0.125 (seed 001 §2)
    kw = dict(cycles=3000, warmup=2000, seed=1)
    mn = simulate(df42, "min", "advg+1", 0.3, **kw)
    pb = simulate(df42, "pb", "advg+1", 0.3, **kw)
    assert mn["accepted_load"] < 0.14
    assert pb["accepted_load"] > 2 * mn["accepted_load"]  # 0.288 vs 0.125
    # and under uniform traffic at low load it stays mostly minimal (MIN 3 hops at most)
    un = simulate(df42, "pb", "uniform", 0.1, **kw)
    assert un["average_hops"] < simulate(df42, "valiant", "uniform", 0.1, **kw)["average_hops"]


def test_ugal_g_on_a_dragonfly_takes_the_path_with_fewer_queued_packets(df42):
    net = _net(df42)
    s, d, x, g = _pair(df42, net, gateway=True)
    rout = make_routing(df42, "ugal-g").with_remote_state(df42.arcs().src.size, 1, 0)
    _snap(rout, 0, 0, {})
    _, labs, tags = _candidates(rout, df42, net, s, d, 0)
    assert tags == [0] * len(tags) and set(labs) == {L_MIN}  # nothing queued: minimal
    _snap(rout, 0, 0, {g: 50})
    _, labs, tags = _candidates(rout, df42, net, s, d, 0)
    assert len(tags) == 1 and tags[0] > 0 and labs == [L_NONMIN]


def test_ugal_g_on_a_dragonfly_carries_adversarial_traffic(df42):
    kw = dict(cycles=3000, warmup=2000, seed=1)
    res = simulate(df42, "ugal-g", "advg+1", 0.3, **kw)
    assert res["routing_variant"] == "intermediate-group" and res["remote_delay_cycles"] == 0
    assert res["accepted_load"] > 0.29
