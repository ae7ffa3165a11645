"""Deadlock freedom of OFAR (García et al. 2014, §3.3): canonical hops may use any VC, so their channel
dependencies are cyclic by design; the argument is Duato's.  The escape subnetwork (ring A on one
extra VC of its arcs) must (1) be reachable from every router, as a candidate of every head that
is not at its destination, (2) carry every packet to its destination on its own, and (3) be
deadlock-free by itself: its dependency graph is one cycle through every router, which bubble
flow control (room for two packets to enter, García et al. 2014, §3.3.2) keeps from filling.  Checked on
every head state the compiled routing can produce on the canonical dragonflies h = 1, 2, 3."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from sim.network import net_arrays
from sim.policies import vc_span
from sim.routings import make_routing, route_candidates
from sim.routings.base import L_ESCAPE, single_packet
from sim.routings.ofar import ESC_SHIFT, F_ESC, F_GMIS, F_GPEND, F_LMIS
from sim.routings.vc import VC_SCHEMES
from topoanalysis import build

# the last: in the escape subnetwork after one entry (its re-injection counter spent when the
# routing's escape_limit is 1)
FLAG_SETS = [0, F_GMIS, F_LMIS, F_GMIS | F_LMIS, F_LMIS | F_GPEND, F_ESC, F_ESC | F_GMIS, F_ESC | (1 << ESC_SHIFT)]


def _setup(h, routing):
    top = build("dragonfly", a=2 * h, h=h, p=1)
    rout = make_routing(top, routing) if isinstance(routing, str) else routing(top)
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(top, 1, one, 4 * one, one, arc_vcs=one[top.arcs().kind] + rout.escape_arcs)
    return top, rout, net


def _escape_graph(h, routing, dests=1, inter=(0,)):
    """Every escape candidate of every head state: asserts (1) and returns the escape channels'
    dependency graph ({(arc, next arc)} along each destination's escape path) and the rings'
    successor graph."""
    top, rout, net = _setup(h, routing)
    rt = rout.tables
    R = top.n_routers
    pk = single_packet(len(top.kind_names))
    buf = [np.empty(256, np.int64) for _ in range(6)]
    tree = rout.variant.startswith("tree")
    succ = nx.DiGraph()
    dep = nx.DiGraph()
    for d in range(0, R, dests):
        for ring in inter:
            nxt = {}
            for r in range(R):
                if r == d:
                    continue
                for flags in FLAG_SETS:
                    for htot in (0, 1):
                        pk.dr[0], pk.flags[0], pk.htot[0], pk.src[0], pk.inter[0] = d, flags, htot, r, ring
                        n = route_candidates(rt, net, pk, 0, r, VC_SCHEMES["routing"], *buf)
                        esc = [(int(buf[0][i]), int(buf[1][i]), int(buf[2][i])) for i in range(n)
                               if buf[3][i] == L_ESCAPE]
                        # (1) exactly one escape candidate, on the arc's last (escape) VC; a ring is
                        # entered with room for two packets, moved along with one; the tree needs one
                        assert len(esc) == 1, (r, d, flags)
                        a, v, need = esc[0]
                        assert v == net.nv[a] - 1 and rout.escape_arcs[a] == 1
                        assert need == (1 if (flags & F_ESC) or tree else 2)
                        for i in range(n):
                            if buf[3][i] != L_ESCAPE and buf[0][i] >= 0 and rout.escape_arcs[buf[0][i]]:
                                lo, k = vc_span(int(buf[1][i]))
                                assert lo + k - 1 < net.nv[buf[0][i]] - 1  # canonical hops never on it
                        nxt[r] = a
                        succ.add_edge(int(net.src[a]), int(net.dst[a]))
            # (2) following the escape hops alone reaches d from every router
            for r in range(R):
                x, seen = r, 0
                while x != d:
                    a = nxt[x]
                    y = int(net.dst[a])
                    if y != d:
                        dep.add_edge(a, nxt[y])
                    x, seen = y, seen + 1
                    assert seen <= R, f"escape path {r} -> {d} does not arrive"
    return top, rout, succ, dep


@pytest.mark.parametrize("h,routing", [(h, r) for h in (1, 2, 3) for r in ("ofar", "ofar-l")]
                         + [(4, "ofar-ring-b"), (5, "ofar-ring-c"),
                            (2, lambda top: make_routing(top, "ofar", escape_limit=1))])
def test_escape_ring_is_reachable_complete_and_one_cycle(h, routing):
    top, rout, succ, dep = _escape_graph(h, routing, dests={4: 7, 5: 17}.get(h, 1))
    R = top.n_routers
    # (3) ring A: every router has one escape successor and they form one Hamiltonian cycle, the
    # one cycle of the escape channels' dependencies (deadlock-free under bubble flow control)
    assert succ.number_of_nodes() == R and succ.number_of_edges() == R
    cycles = list(nx.simple_cycles(succ))
    assert len(cycles) == 1 and len(cycles[0]) == R


@pytest.mark.parametrize("h", [1, 2, 3])
@pytest.mark.parametrize("routing", ["ofar-tree", "ofar-l-tree"])
def test_escape_tree_is_reachable_complete_and_acyclic(h, routing):
    # (3) up/down routing on the tree of García et al. 2014, Fig. 3: the escape channels' dependencies have
    # no cycle at all, so the tree needs no bubble
    top, rout, succ, dep = _escape_graph(h, routing)
    assert succ.number_of_nodes() == top.n_routers and succ.number_of_edges() == 2 * (top.n_routers - 1)
    assert nx.is_tree(succ.to_undirected())
    assert nx.is_directed_acyclic_graph(dep)


def test_two_escape_rings_are_disjoint_and_each_one_cycle():
    # h = 4: ring A and ring B (García et al. 2014, §3.3.3) are edge-disjoint Hamiltonian cycles; each packet
    # is assigned one (every 5th destination checked, both rings)
    top, rout, succ, dep = _escape_graph(4, "ofar-2rings", dests=5, inter=(0, 1))
    R = top.n_routers
    rows = rout.tables.esc
    a_links = {(int(x), int(top.arcs().dst[rows[0][x]])) for x in range(R)}
    b_links = {(int(x), int(top.arcs().dst[rows[1][x]])) for x in range(R)}
    undirected = lambda links: {frozenset(e) for e in links}  # noqa: E731
    assert not undirected(a_links) & undirected(b_links)
    for links in (a_links, b_links):
        g = nx.DiGraph(list(links))
        cyc = list(nx.simple_cycles(g))
        assert len(cyc) == 1 and len(cyc[0]) == R


def test_escapes_need_the_canonical_dragonfly():
    with pytest.raises(ValueError, match="escape ring A .* canonical dragonfly"):
        make_routing(build("dragonfly", a=4, h=1, p=1), "ofar")
    with pytest.raises(ValueError, match="ring A needs the link"):
        make_routing(build("dragonfly", a=4, h=2, p=2, arrangement="consecutive"), "ofar")
    with pytest.raises(ValueError, match="ring B"):
        make_routing(build("dragonfly", a=4, h=2, p=2), "ofar-2rings")
