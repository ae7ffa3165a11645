"""OLM (Camarero et al. 2014, §7; FOGSim's implementation, ``sim/routings/olm.py``): the candidates and
VCs of each head state, and runs: everything delivered, minimal at low load, misrouting under
adversarial traffic where it beats MIN, the same results for the same seed.  Deadlock freedom:
``proofs/test_olm_deadlock_freedom.py``; against FOGSim: ``tests/test_sim_fogsim.py``."""

from __future__ import annotations

import numpy as np
import pytest

from sim import simulate
from sim.network import net_arrays
from sim.routings import make_routing, route_candidates
from sim.routings.base import L_MIN, L_NONMIN, single_packet
from sim.routings.ofar import F_GMIS, F_GPEND, F_LMIS
from sim.routings.olm import F_INH, VC_SHIFT
from sim.routings.vc import VC_SCHEMES
from sim.testing import checked_simulate
from topoanalysis import build


@pytest.fixture(scope="module")
def df42():
    return build("dragonfly", a=4, h=2, p=1)  # palmtree, 9 groups; endpoint i at router i


def _cands(top, r, d, flags=0, htot=0, src=None, vc=0, inh=False):
    """{label: {(arc, VC)}} of a head at router r for router d, in VC ``vc`` after a global hop
    (``inh``) or a local one."""
    rout = make_routing(top, "olm")
    nv = np.asarray([3, 2], np.int64)[[top.kind_index("local"), top.kind_index("global")]]
    net = net_arrays(top, 1, np.ones(2, np.int64), 4 * np.ones(2, np.int64), nv)
    pk = single_packet(len(top.kind_names))
    pk.dr[0], pk.htot[0], pk.src[0] = d, htot, r if src is None else src
    pk.flags[0] = flags | (vc << VC_SHIFT) | (F_INH if inh else 0)
    buf = [np.empty(128, np.int64) for _ in range(6)]
    n = route_candidates(rout.tables, net, pk, 0, r, VC_SCHEMES["routing"], *buf)
    out: dict[int, set] = {}
    for i in range(n):
        out.setdefault(int(buf[3][i]), set()).add((int(buf[0][i]), int(buf[1][i])))
    return out, net, rout.tables


def _kind(top, net, a):
    return top.kind_names[int(net.kind[a])]


def test_injection_misroutes_globally_on_vc0(df42):
    # router 1 (group 0) to router 9 (group 2): minimal on VC 0, and MM+L's global misroute from
    # the injection queue (any global link of router 1 to another group) on global VC 0
    out, net, rt = _cands(df42, 1, 9)
    assert {v for _, v in out[L_MIN]} == {0}
    assert out[L_NONMIN]
    for a, v in out[L_NONMIN]:
        assert _kind(df42, net, a) == "global" and net.src[a] == 1 and v == 0
        assert rt.group[net.dst[a]] not in (0, 2)


def test_source_group_local_misroute_keeps_the_vc_then_must_go_global(df42):
    # after a minimal local hop on l0: MM's local misroute on l0 (the VC the packet is in)
    out, net, _ = _cands(df42, 1, 9, htot=1, src=0, vc=0)
    assert out[L_NONMIN] and all(_kind(df42, net, a) == "local" and v == 0 for a, v in out[L_NONMIN])
    # then only global links of the new router, on VC 0 (FOGSim's GLOBAL_MANDATORY)
    out, net, _ = _cands(df42, 1, 9, flags=F_LMIS | F_GPEND, htot=2, src=0, vc=0)
    assert all(_kind(df42, net, a) == "global" and v == 0 for s in out for a, v in out[s])


def test_intermediate_group_local_misroute_is_opportunistic(df42):
    # a packet of group 0 after its global misroute on g0, at router 13 (group 3), for router 9
    # (group 2; router 12 holds the link): the minimal local hop climbs to l1, the local misroute
    # reuses l0, below it
    out, net, _ = _cands(df42, 13, 9, flags=F_GMIS, htot=2, src=0, vc=0, inh=True)
    assert {(int(net.dst[a]), v) for a, v in out[L_MIN]} == {(12, 1)}
    assert out[L_NONMIN] and all(_kind(df42, net, a) == "local" and v == 0 for a, v in out[L_NONMIN])
    # after it (on l0, at router 12): the minimal global hop keeps the VC, g0 (a cycle g0 l0 g0
    # through the groups, and the reason deadlock freedom needs the escape argument)
    out, net, _ = _cands(df42, 12, 9, flags=F_GMIS | F_LMIS, htot=3, src=0, vc=0)
    assert L_NONMIN not in out
    assert {(_kind(df42, net, a), v) for a, v in out[L_MIN]} == {("global", 0)}
    # arriving there on g0 minimally instead: g1
    out, net, _ = _cands(df42, 12, 9, flags=F_GMIS, htot=2, src=0, vc=0, inh=True)
    assert {(_kind(df42, net, a), v) for a, v in out[L_MIN]} == {("global", 1)} and L_NONMIN not in out


def test_destination_group_local_misroute(df42):
    # in the destination group after g1: minimal l2 to router 9, local misroute on l1
    out, net, _ = _cands(df42, 8, 9, flags=F_GMIS, htot=4, src=0, vc=1, inh=True)
    assert out[L_MIN] == {(a, 2) for a, _ in out[L_MIN]}
    assert out[L_NONMIN] and all(v == 1 and net.dst[a] != 9 for a, v in out[L_NONMIN])


def test_olm_delivers_everything_and_is_minimal_at_low_load(df42):
    kw = dict(cycles=3000, warmup=1000, seed=1)
    r = checked_simulate(df42, "olm", "uniform", 0.02, **kw)
    assert r["status"] == "ok" and r["model"]["selection"] == "fogsim"
    assert r["accepted_load"] == pytest.approx(0.02, abs=0.004)
    # a burst of 5 packets per node, under uniform and adversarial traffic: all delivered
    for traffic in ("uniform", "advg+2"):
        b = checked_simulate(df42, "olm", traffic, 1.0, burst=5, seed=1)
        assert b["status"] == "ok" and b["packets_delivered_total"] == 5 * df42.n_endpoints
    assert r["nonminimal_fraction"] < 0.05
    mn = simulate(df42, "min", "uniform", 0.02, **kw)
    assert r["average_hops"] < mn["average_hops"] + 0.1


def test_olm_misroutes_under_adversarial_traffic_and_beats_min(df42):
    # ADVG+2 with p = 1: minimal routing is limited to 1/(a p) = 0.25 of a phit per node
    kw = dict(cycles=3000, warmup=2000, seed=1)
    mn = simulate(df42, "min", "advg+2", 0.5, **kw)
    olm = checked_simulate(df42, "olm", "advg+2", 0.5, **kw)
    assert mn["accepted_load"] < 0.26 and olm["accepted_load"] > 0.4
    assert olm["nonminimal_fraction"] > 0.5
    assert olm["average_hops_by_kind"]["global"] > 1.3


def test_olm_is_deterministic_with_a_seed(df42):
    kw = dict(cycles=1500, warmup=500)
    a = simulate(df42, "olm", "advg+2", 0.3, seed=7, **kw)
    b = simulate(df42, "olm", "advg+2", 0.3, seed=7, **kw)
    c = simulate(df42, "olm", "advg+2", 0.3, seed=8, **kw)
    keys = ("accepted_load", "average_latency", "average_hops", "nonminimal_fraction", "packets_delivered")
    assert [a[k] for k in keys] == [b[k] for k in keys]
    assert [a[k] for k in keys] != [c[k] for k in keys]


def test_olm_is_refused_off_dragonflies_and_checks_its_threshold(df42):
    with pytest.raises(ValueError, match="defined on dragonflies"):
        make_routing(build("slimfly", q=5), "olm")
    assert make_routing(df42, "olm").threshold == 90
    assert make_routing(df42, "olm", th_non_min=50).variant.endswith("Th_non-min 50 %")
    with pytest.raises(ValueError, match="th_non_min"):
        make_routing(df42, "olm", th_non_min=-1)


def test_fogsim_policy_misroutes_only_when_the_minimal_port_was_granted_this_cycle(df42):
    # at low load a busy minimal link (another packet left on it in an earlier cycle) makes the
    # ofar policy misroute and the fogsim policy wait: FOGSim's rule (switchModule.cc:3493)
    kw = dict(cycles=3000, warmup=1000, seed=1)
    fog = simulate(df42, "olm", "uniform", 0.1, **kw)
    ofar = simulate(df42, "olm", "uniform", 0.1, selection="ofar", **kw)
    assert fog["nonminimal_fraction"] < 0.5 * ofar["nonminimal_fraction"]
    assert fog["average_latency"] < ofar["average_latency"]


def _same_under_engine_settings(top, settings):
    # the policy declines available non-minimal candidates, and the engine's generic wake-up bound
    # then revisits the head every cycle: skipping visits, group windows and threads change nothing
    kw = dict(cycles=2000, warmup=1000, seed=3)
    keys = ("accepted_load", "average_latency", "average_hops", "nonminimal_fraction")
    ref = simulate(top, "olm", "advg+2", 0.4, **kw)
    for extra in settings:
        r = simulate(top, "olm", "advg+2", 0.4, **kw, **extra)
        assert [r[k] for k in keys] == [ref[k] for k in keys], extra


def test_fogsim_policy_results_do_not_depend_on_the_engine_settings(df42):
    _same_under_engine_settings(df42, (dict(eager_wakeup=True), dict(group_window=1)))


@pytest.mark.full  # compiles OLM's threaded engine (about a minute)
def test_fogsim_policy_results_do_not_depend_on_the_threads(df42):
    _same_under_engine_settings(df42, (dict(threads=2),))
