"""Destination interception (the router model's ``intercept``): Han et al. 2017, §3, looping case 2
("this case can be easily avoided by having switches intercept arriving messages intended for its
own nodes rather than forwarding them on; this was the behavior of our simulator").  A Valiant
packet whose path to its intermediate passes through its destination router is ejected there."""

from __future__ import annotations

import numpy as np
import pytest

from sim import simulate
from sim.models import PRESETS
from sim.network import net_arrays
from sim.routings import make_routing, route_candidates
from sim.routings.base import F_PHASE1, single_packet
from sim.routings.vc import VC_SCHEMES
from topoanalysis import build


@pytest.fixture(scope="module")
def sf5():
    return build("slimfly", q=5, p=3)


def _case2(top):
    """(s, d, x): routers with d adjacent to x on the unique shortest path s -> x (a Moore graph:
    Han et al. 2017, Fig. 3)."""
    dist = make_routing(top, "sp-min").tables.dist
    R = top.n_routers
    for x in range(R):
        for d in range(R):
            if dist[d, x] == 1:
                for s in range(R):
                    if s not in (x, d) and dist[s, x] == 2 and dist[s, d] == 1:
                        return s, d, x
    raise AssertionError("no case-2 triple")


@pytest.mark.parametrize("routing", ["valiant", "valiant-any", "ugal-l"])
def test_a_valiant_packet_at_its_destination_router_is_ejected_when_intercepting(sf5, routing):
    s, d, x = _case2(sf5)
    rout = make_routing(sf5, routing)
    nk = len(sf5.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(sf5, 1, one, one, 8 * one)
    out = {}
    for name, r in (("plain", rout), ("intercept", rout.with_interception())):
        pk = single_packet(nk)
        pk.dr[0], pk.inter[0], pk.flags[0], pk.htot[0] = d, x, F_PHASE1, 1  # one hop taken: s -> d
        buf = [np.empty(64, np.int64) for _ in range(6)]
        n = route_candidates(r.tables, net, pk, 0, d, VC_SCHEMES["routing"], *buf)
        out[name] = buf[0][:n].tolist()
    assert out["intercept"] == [-1]
    assert -1 not in out["plain"] and all(net.dst[a] == x for a in out["plain"])


def test_seed003_intercepts_and_the_others_do_not():
    assert PRESETS["seed003"].intercept
    assert not any(m.intercept for n, m in PRESETS.items() if n != "seed003")
    with pytest.raises(ValueError, match="intercept must be True or False"):
        PRESETS["seed003"].replace(intercept=1)


def test_interception_shortens_valiant_and_leaves_loop_free_valiant_alone(sf5):
    # loop-free Valiant never draws a case-2 intermediate, so it never passes its destination
    kw = dict(cycles=3000, warmup=1000, seed=1, model="seed003")
    on = {r: simulate(sf5, r, "uniform", 0.1, **kw) for r in ("valiant", "valiant-lf")}
    off = {r: simulate(sf5, r, "uniform", 0.1, intercept=False, **kw) for r in ("valiant", "valiant-lf")}
    assert on["valiant"]["average_hops"] < off["valiant"]["average_hops"] - 0.02
    assert on["valiant-lf"]["average_hops"] == off["valiant-lf"]["average_hops"]
    assert on["valiant"]["model"]["intercept"] and not off["valiant"]["model"]["intercept"]


@pytest.mark.parametrize("q,p", [(5, 3), (7, 5)])
def test_loop_free_valiant_takes_longer_routes_than_the_original(q, p):
    # Han et al. 2017, §4.1 and Fig. 6: "the improved Valiant is consistently giving messages longer
    # routes" (its intermediates exclude the looping cases, of which case 2 is shortened by the
    # interception and cases 1 and 3 reach the same length as a non-looping path would); Valiant's
    # hops do not depend on the load, so a light load measures them
    top = build("slimfly", q=q, p=p)
    kw = dict(cycles=3000, warmup=500, seed=1, model="seed003")
    plain = simulate(top, "valiant", "uniform", 0.05, **kw)["average_hops"]
    lf = simulate(top, "valiant-lf", "uniform", 0.05, **kw)["average_hops"]
    assert lf > plain
