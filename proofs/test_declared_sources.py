"""The channel-dependency proofs (``sim.cdg``) follow the source decisions each routing declares in
Python (``Routing.sources``: every intermediate and header its ``init`` can give a packet, and for
routings that leave the path to the selection policy, every path its ``decide`` can fix).  Here the
declaration is held against the compiled code: the intermediate and header flags of many packets,
drawn by the compiled ``init`` (and fixed by the compiled ``decide`` for each path the source
offers), must each be a declared source.  A routing whose compiled decisions drifted from its
declaration would otherwise be proven deadlock-free on paths it does not take."""

from __future__ import annotations

import numpy as np
import pytest

from sim.network import net_arrays
from sim.routings import REGISTRY, VC_SCHEMES, make_routing, route_candidates, route_init
from sim.routings.base import single_packet
from sim.routings.dispatch import route_decide_py
from sim.testing import routing_networks


@pytest.fixture(scope="module")
def tops():
    return routing_networks()


def _drawn(top, rout, s, d, seeds):
    """The (intermediate, header flags) the compiled code gives packets from router s to d."""
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(top, 1, one, one, 64 * one)
    rt = rout.tables
    out = set()
    buf = [np.zeros(4096, np.int64) for _ in range(6)]
    for seed in seeds:
        pk = single_packet(nk)
        pk.dr[0] = d
        route_init(rt, net, pk, 0, s, d, np.array([seed], np.uint64))
        undecided = rout.kind.undecided and (pk.flags[0] & rout.kind.undecided)
        if not undecided:
            out.add((int(pk.inter[0]), int(pk.flags[0])))
            continue
        header = (pk.inter[0], pk.flags[0])
        n = route_candidates(rt, net, pk, 0, s, VC_SCHEMES["routing"], *buf)
        for tag in sorted({int(t) for t in buf[5][:n]}):
            pk.inter[0], pk.flags[0] = header
            route_decide_py(rt, net, pk, 0, s, tag)
            out.add((int(pk.inter[0]), int(pk.flags[0])))
    return out, net


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_compiled_source_decisions_are_declared(name, tops):
    rng = np.random.default_rng(7)
    tried = 0
    for top in tops:
        try:
            rout = make_routing(top, name)
        except ValueError:
            continue
        R = top.n_routers
        for _ in range(12):
            s, d = (int(x) for x in rng.choice(R, 2, replace=False))
            drawn, net = _drawn(top, rout, s, d, range(1, 41))
            declared = {(int(i), int(f)) for i, f in rout.sources(rout, net, s, d)}
            assert drawn <= declared, f"{name} on {top.family} {s}->{d}: undeclared {sorted(drawn - declared)[:5]}"
            tried += 1
    assert tried, f"{name}: defined on none of the test topologies"
