"""Deadlock freedom of the colour routings on trunked dragonflies without virtual channels
(Camarero et al. 2014, §6): the channel dependency graph of every path the compiled routing produces, with
one VC per port, is acyclic on a range of sizes and arrangements; the cycle of Camarero et al. 2014, Fig. 7
appears when the 2-color routing drops its group-order rule; and the link classes along every
route follow the order of §6.1 and of §6.2's Fig. 8.

The routings offer every VC of an arc alike, so one VC per port is the hardest case: a cycle
among k copies of each buffer would project onto a cycle among the buffers.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.cdg import channel_dependencies, dependency_cycle
from sim.network import net_arrays
from sim.routings import VC_SCHEMES, make_routing, route_candidates, route_on_move
from sim.routings import colour as col
from sim.routings.base import single_packet
from topoanalysis import build

# (dragonfly parameters, routings); trunking t = a h / (b - 1) (Camarero et al. 2014, eq. (1))
NETWORKS = [
    (dict(a=4, h=2, trunking=2, p=1), ["2color-min"]),                             # 5 groups, extended palmtree
    (dict(a=4, h=2, trunking=2, p=1, arrangement="circulant"), ["2color-min"]),    # extended circulant
    (dict(a=8, h=2, trunking=2, p=1), ["2color-min"]),                             # 9 groups
    (dict(a=8, h=3, trunking=4, p=1), ["2color-min", "4color-min", "4color-nonmin", "4color-adaptive"]),  # 7 groups, t = 4
    (dict(a=8, h=4, trunking=4, p=1), ["4color-min", "4color-nonmin", "4color-adaptive"]),  # 9 groups (-m full)
    (dict(a=4, h=3, trunking=4, p=1, arrangement="hamming"), ["4color-min", "4color-nonmin"]),  # K_4 x K_4
]


def _fails(cyc):
    return "cyclic channel dependency: " + " -> ".join(f"arc {a} VC {v}" for a, v in cyc)


#: the networks whose proof takes about a minute: under -m full
FULL = [dict(a=8, h=4, trunking=4, p=1)]


@pytest.mark.parametrize("params,routings",
                         [pytest.param(p, r, marks=pytest.mark.full) if p in FULL else (p, r) for p, r in NETWORKS],
                         ids=lambda x: ",".join(f"{k}={v}" for k, v in x.items()) if isinstance(x, dict) else "")
def test_colour_routings_are_deadlock_free_with_one_vc(params, routings):
    top = build("dragonfly", **params)
    for routing in routings:
        g, used = channel_dependencies(top, routing)
        cyc = dependency_cycle(top, routing)
        assert cyc is None, f"{routing}: {_fails(cyc)}"
        assert g.number_of_edges() > 0 and (used == 1).all()


def test_fig7_cycle_appears_without_the_group_order_and_not_with_it():
    # Camarero et al. 2014, Fig. 7: three groups whose packets between same-colour routers all take l+0 local
    # links close a cycle; the rule (+0 links when the destination group's index is larger, +1
    # otherwise) forbids it, since one of the three must go down in group index
    top = build("dragonfly", a=4, h=1, trunking=2, p=1)  # 3 groups, two links between each pair
    assert top.params["groups"] == 3
    cyc = dependency_cycle(top, col.build(top, "2color-min", unordered=True))
    assert cyc is not None and len(cyc) >= 3
    groups = {int(top.labels["group"][top.arcs().src[a]]) for a, _ in cyc}
    assert groups == {0, 1, 2}
    assert dependency_cycle(top, "2color-min") is None


def _classes(top, rout, s, d, inter=-1):
    """The link classes along the route s -> d: ('g', colour) or ('l', z, P, Q)."""
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(top, 1, one, one, one)
    rt = rout.tables
    pk = single_packet(nk)
    # the header the routing's own source decision gives this intermediate
    pk.dr[0], pk.inter[0], pk.flags[0] = d, inter, dict(rout.sources(rout, net, s, d))[inter]
    buf = [np.empty(64, np.int64) for _ in range(6)]
    r, out = s, []
    c = rt.colour
    nc = int(rt.ip[col.IP_NC])
    while r != d:
        n = route_candidates(rt, net, pk, 0, r, VC_SCHEMES["routing"], *buf)
        assert n == 1
        a = int(buf[0][0])
        u, v = int(net.src[a]), int(net.dst[a])
        if top.kind_names[int(net.kind[a])] == "global":
            assert c[u] == c[v]
            out.append(("g", int(c[u])))
        elif nc == 2:
            out.append(("l", (int(c[v]) - int(c[u])) % 2))
        else:
            out.append(("l", (int(c[v]) % 2 - int(c[u]) % 2) % 2, "AB"[c[u] // 2], "AB"[c[v] // 2]))
        route_on_move(rt, net, pk, 0, a, 0)
        r = v
        assert len(out) <= 6
    return out


# Camarero et al. 2014, §6.2: l+0AA, l+0BA < g_A < l+1AA < l+1AB < l+0AB < l+1BB < g_B < l+1BA, l+0BB
ORDER4 = {("l", 0, "A", "A"): 0, ("l", 0, "B", "A"): 0, ("g", "A"): 1, ("l", 1, "A", "A"): 2, ("l", 1, "A", "B"): 3,
          ("l", 0, "A", "B"): 4, ("l", 1, "B", "B"): 5, ("g", "B"): 6, ("l", 1, "B", "A"): 7, ("l", 0, "B", "B"): 7}


@pytest.mark.parametrize("routing", ["4color-min", "4color-nonmin"])
def test_4color_routes_follow_the_link_order(routing):
    top = build("dragonfly", a=8, h=3, trunking=4, p=1)
    rout = make_routing(top, routing)
    t = rout.tables
    R = top.n_routers
    seen = set()
    for s in range(R):
        for d in range(R):
            if t.group[s] == t.group[d]:
                continue
            inters = [-1]
            if routing == "4color-nonmin":
                ci = col.inter_colour(int(t.colour[s]), int(t.colour[d]))
                inters = [x for x in range(R) if t.group[x] not in (t.group[s], t.group[d]) and t.colour[x] == ci][:3]
            for x in inters:
                path = _classes(top, rout, s, d, x)
                rank = [ORDER4[(k[0], "AB"[k[1] // 2])] if k[0] == "g" else ORDER4[k] for k in path]
                assert rank == sorted(set(rank)), (s, d, x, path)  # strictly increasing: each class once
                assert sum(k[0] == "g" for k in path) == (2 if x >= 0 else 1)
                seen.add(tuple(path))
    assert len(seen) > 10


def test_2color_routes_never_go_from_plus1_to_plus0():
    # Camarero et al. 2014, §6.1: "This routing restriction prevents dependencies from l+1 to l+0 local links"
    top = build("dragonfly", a=8, h=2, trunking=2, p=1)
    rout = make_routing(top, "2color-min")
    t = rout.tables
    for s in range(top.n_routers):
        for d in range(top.n_routers):
            if t.group[s] != t.group[d]:
                locs = [k[1] for k in _classes(top, rout, s, d) if k[0] == "l"]
                assert locs == sorted(locs), (s, d)


def test_colour_routings_refuse_what_they_do_not_support():
    with pytest.raises(ValueError, match="needs global trunking t >= 4"):
        make_routing(build("dragonfly", a=4, h=2, trunking=2, p=1), "4color-min")
    with pytest.raises(ValueError, match="needs global trunking t >= 2"):
        make_routing(build("dragonfly", a=4, h=2, p=1), "2color-min")
    with pytest.raises(ValueError, match="trunked dragonflies"):
        make_routing(build("hamming", sizes=[4, 4]), "2color-min")
    with pytest.raises(ValueError, match="no colouring"):
        make_routing(build("dragonfly", a=4, h=2, trunking=2, p=1, arrangement="random", seed=3), "2color-min")
