"""The 3-level dragonfly routings (Camarero et al. 2014, §8; ``sim/routings/df3.py``): df3-min's
paths are hierarchical minimal (l m l g l m l at most, each class checked against the network's
links, not against a search), every routing delivers every packet at low load, and runs repeat
with a seed."""

from __future__ import annotations

import numpy as np
import pytest

from sim import simulate
from sim.network import net_arrays
from sim.routings import VC_SCHEMES, make_routing, route_candidates, route_init, route_on_move
from sim.routings.base import single_packet
from sim.routings.df3 import VARIANTS
from sim.testing import assert_conserved, without_timing
from topoanalysis import build

#: Camarero et al. 2014, §7 Table II's timing for l (local) and for m and g (global); §8 gives none
TIMING = dict(latency={"level1": 10, "level2": 100, "level3": 100}, buffer={"level1": 32, "level2": 256, "level3": 256})


@pytest.fixture(scope="module")
def df3():
    return build("dragonfly3", a=2, b=3, c=7, p=1)  # t2 = t3 = 1: routes up to lmlglml


def _paths(top, rout, s, d, seed=1):
    """Every path (list of arcs) the compiled routing can take from router s to d, for the
    intermediate its ``init`` draws with ``seed``."""
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(top, 1, one, one, 64 * one)
    rt = rout.tables
    pk = single_packet(nk)
    pk.dr[0] = d
    route_init(rt, net, pk, 0, s, d, np.array([seed], np.uint64))
    bufs = [np.zeros(4096, np.int64) for _ in range(6)]
    out = []
    stack = [(s, int(pk.flags[0]), [])]
    while stack:
        r, flags, path = stack.pop()
        assert len(path) <= 16
        pk.flags[0] = flags
        n = route_candidates(rt, net, pk, 0, r, VC_SCHEMES["routing"], *bufs)
        assert n > 0
        for a in sorted({int(x) for x in bufs[0][:n]}):
            if a < 0:
                out.append(path)
                continue
            pk.flags[0] = flags
            route_on_move(rt, net, pk, 0, a, 0)
            stack.append((int(net.dst[a]), int(pk.flags[0]), path + [a]))
    return out


def test_min_paths_are_hierarchical_minimal(df3):
    # Camarero et al. 2014, §8: "minimal routes are in general lmlglml"; Kim et al. 2008's rule:
    # over the source 1-level group's own level-3 link when it has one (no first m hop), else one m
    # hop into a 1-level group that has one; then one m hop unless the level-3 link lands in the
    # destination 1-level group; one l hop wherever the router is not the one the next hop needs
    top = df3
    rout = make_routing(top, "df3-min")
    arcs = top.arcs()
    a, b = 2, 3
    g1 = np.arange(top.n_routers) // a
    g2 = g1 // b
    glinks = {(int(g1[u]), int(g2[v])) for u, v, k in zip(arcs.src, arcs.dst, arcs.kind) if k == 2}
    seen = set()
    for s in range(top.n_routers):
        for d in range(top.n_routers):
            if s == d:
                continue
            for path in _paths(top, rout, s, d):
                kinds = [int(arcs.kind[x]) for x in path]
                cnt = tuple(kinds.count(k) for k in range(3))
                seen.add(cnt)
                assert cnt[0] <= 4 and cnt[1] <= 2 and cnt[2] <= 1
                assert cnt[2] == int(g2[s] != g2[d])
                if g2[s] != g2[d]:
                    first_m = (g1[s], g2[d]) not in glinks
                    landing = int(g1[arcs.dst[path[kinds.index(2)]]])
                    assert cnt[1] == int(first_m) + int(landing != g1[d])
                else:
                    assert cnt[1] == int(g1[s] != g1[d])
                # never two l hops in a row (1-level groups are complete), ends at d
                assert all(not (x == y == 0) for x, y in zip(kinds, kinds[1:]))
                assert int(arcs.dst[path[-1]]) == d
    assert (4, 2, 1) in seen  # the full lmlglml occurs on this network


@pytest.mark.parametrize("routing", sorted(VARIANTS))
def test_every_packet_is_delivered_at_low_load_and_runs_repeat(routing):
    top = build("dragonfly3", a=2, b=3, c=4, t3=2, p=1)
    # a burst of 20 packets per node at load 0.1: the run ends when every one has arrived
    kw = dict(cycles=600, warmup=0, seed=5, model="seed000", burst=20, **TIMING)
    res = simulate(top, routing, "uniform", 0.1, **kw)
    assert_conserved(res)
    assert res["status"] == "ok"
    c = res["conservation"]
    assert c["generated"] == 20 * top.n_endpoints and c["delivered"] == c["generated"], c
    again = simulate(top, routing, "uniform", 0.1, **kw)
    assert without_timing(again) == without_timing(res)
    other = simulate(top, routing, "uniform", 0.1, **{**kw, "seed": 6})
    assert without_timing(other) != without_timing(res)


def test_not_a_3_level_dragonfly_is_refused():
    with pytest.raises(ValueError, match="df3-min.*3-level dragonfly.*'dragonfly'"):
        make_routing(build("dragonfly", a=2, h=1, p=1), "df3-min")
