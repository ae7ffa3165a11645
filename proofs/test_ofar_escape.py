"""Deadlock freedom of OFAR (seed 001 §3.3): canonical hops may use any VC, so their channel
dependencies are cyclic by design; the argument is Duato's.  The escape subnetwork (ring A on one
extra VC of its arcs) must (1) be reachable from every router, as a candidate of every head that
is not at its destination, (2) carry every packet to its destination on its own, and (3) be
deadlock-free by itself: its dependency graph is one cycle through every router, which bubble
flow control (room for two packets to enter, seed 001 §3.3.2) keeps from filling.  Checked on
every head state the compiled routing can produce on the canonical dragonflies h = 1, 2, 3."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from sim.network import net_arrays
from sim.routings import make_routing, route_candidates
from sim.routings.base import L_ESCAPE, single_packet
from sim.routings.ofar import F_ESC, F_GMIS, F_GPEND, F_LMIS
from sim.routings.vc import VC_SCHEMES
from topoanalysis import build

FLAG_SETS = [0, F_GMIS, F_LMIS, F_GMIS | F_LMIS, F_LMIS | F_GPEND, F_ESC, F_ESC | F_GMIS]


def _setup(h, routing):
    top = build("dragonfly", a=2 * h, h=h, p=1)
    rout = make_routing(top, routing)
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    esc = rout.escape_arcs
    net = net_arrays(top, 1, one, 4 * one, one, arc_vcs=one[top.arcs().kind] + esc)
    return top, rout, net


@pytest.mark.parametrize("h", [1, 2, 3])
@pytest.mark.parametrize("routing", ["ofar", "ofar-l"])
def test_escape_ring_is_reachable_complete_and_one_cycle(h, routing):
    top, rout, net = _setup(h, routing)
    rt = rout.tables
    R = top.n_routers
    pk = single_packet(len(top.kind_names))
    buf = [np.empty(256, np.int64) for _ in range(6)]
    ring = nx.DiGraph()
    for r in range(R):
        for d in range(R):
            if r == d:
                continue
            for flags in FLAG_SETS:
                for htot in (0, 1):
                    pk.dr[0], pk.flags[0], pk.htot[0], pk.src[0] = d, flags, htot, r
                    n = route_candidates(rout.rid, rt, net, pk, 0, r, VC_SCHEMES["routing"], *buf)
                    esc = [(int(buf[0][i]), int(buf[1][i]), int(buf[2][i])) for i in range(n)
                           if buf[3][i] == L_ESCAPE]
                    # (1) exactly one escape candidate, on the arc's last (escape) VC; entering the
                    # ring needs room for two packets, moving inside it for one
                    assert len(esc) == 1, (r, d, flags)
                    a, v, need = esc[0]
                    assert v == net.nv[a] - 1 and rout.escape_arcs[a] == 1
                    assert need == (1 if flags & F_ESC else 2)
                    # canonical candidates never use the escape VC
                    for i in range(n):
                        if buf[3][i] != L_ESCAPE and buf[0][i] >= 0:
                            assert rout.escape_arcs[buf[0][i]] == 0 or buf[1][i] < net.nv[buf[0][i]] - 1
                    ring.add_edge(int(net.src[a]), int(net.dst[a]))
    # (3) the escape channels' dependencies: every router has one escape successor and they form
    # one Hamiltonian cycle (deadlock-free under bubble flow control)
    assert ring.number_of_nodes() == R and ring.number_of_edges() == R
    assert all(ring.out_degree(x) == 1 for x in ring)
    cycles = list(nx.simple_cycles(ring))
    assert len(cycles) == 1 and len(cycles[0]) == R
    # (2) following the ring alone reaches every destination: a Hamiltonian cycle does, in < R hops


def test_ring_a_needs_the_canonical_dragonfly():
    with pytest.raises(ValueError, match="escape ring A .* canonical dragonfly"):
        make_routing(build("dragonfly", a=4, h=1, p=1), "ofar")
    with pytest.raises(ValueError, match="ring A needs the link"):
        make_routing(build("dragonfly", a=4, h=2, p=2, arrangement="consecutive"), "ofar")

