"""Deadlock freedom of OLM (Camarero et al. 2014, §2 and §7; FOGSim's VC scheme, ``sim/routings/olm.py``).

OLM's channel dependencies are cyclic by design: a local misroute reuses the VC the packet is in
(local VC c after global VC c), so g0 -> l0 -> g0 closes a cycle through the groups ("OLM allows
for cyclic dependencies to appear when applying local misrouting, but it guarantees that an
alternative safe escape path always exists at any hop", Camarero et al. 2014, §2).  The argument
is Duato's: every head, in whatever buffer and header state the compiled routing can give it,
has an escape candidate (its minimal hop, or under the MM flag at a router without the link to
the destination group the global links on VC 0), which the ``ofar`` policy takes whenever it is
available, and the dependencies of escape candidates alone are acyclic: they order the buffers
so that the highest full buffer of a would-be deadlock has a head that can move.  Here the order
is explicit, l0 < g0 < l1 < g1 < l2 (``olm.vc_rank``), and every escape dependency climbs it.

:func:`sim.cdg.channel_dependencies` follows every path the routing can produce (every source,
destination and candidate, through the functions the engine calls).  The check can fail: with
every hop on VC 0 (the ``none`` scheme) the escape dependencies are cyclic.
"""

from __future__ import annotations

import pytest

from sim.cdg import channel_dependencies, dependency_cycle
from sim.routings.olm import vc_rank
from topoanalysis import build

DRAGONFLIES = [
    dict(a=2, h=1, p=1),  # 3 groups
    dict(a=2, h=2, p=1),  # 5 groups of 2
    dict(a=4, h=2, p=2),  # 9 groups, palmtree: the FOGSim cross-validation network
    dict(a=4, h=2, p=1, arrangement="consecutive"),
    dict(a=4, h=2, p=1, arrangement="circulant"),
    dict(a=3, h=2, p=1),  # odd a: 7 groups
    dict(a=4, h=1, p=1, groups=3, trunking=2),  # two global links per pair of groups
]


def _id(p):
    return ",".join(f"{k}={v}" for k, v in p.items())


def _fails(cyc):
    return "cyclic escape dependency: " + " -> ".join(f"arc {a} VC {v}" for a, v in cyc)


@pytest.mark.parametrize("params", DRAGONFLIES, ids=_id)
def test_olm_escape_dependencies_are_acyclic_and_climb(params):
    top = build("dragonfly", **params)
    g, used = channel_dependencies(top, "olm", escape=True)
    cyc = dependency_cycle(top, "olm", escape=True)
    assert cyc is None, _fails(cyc)
    assert g.number_of_edges() > 0
    kind = top.arcs().kind
    gk = top.kind_index("global")
    for (a, v), (b, w) in g.edges:
        assert vc_rank(bool(kind[b] == gk), w) > vc_rank(bool(kind[a] == gk), v), ((a, v), (b, w))
    # FOGSim's OLM: 3 local and 2 global VCs (l0 g0 l1 g1 l2, local misroutes reusing them)
    assert used[top.kind_index("local")] <= 3 and used[gk] <= 2


@pytest.mark.parametrize("params", DRAGONFLIES[1:3], ids=_id)
def test_olm_full_dependencies_are_cyclic(params):
    # the local misroutes' opportunistic VCs do close cycles, so the escape argument is needed
    top = build("dragonfly", **params)
    cyc = dependency_cycle(top, "olm")
    assert cyc is not None
    _, used = channel_dependencies(top, "olm")
    assert used.tolist() == [3, 2]


@pytest.mark.parametrize("params", DRAGONFLIES[:3], ids=_id)
def test_merged_vcs_make_the_escape_dependencies_cyclic(params):
    # the deliberately broken assignment: every hop on VC 0 merges l0 g0 l1 g1 l2 into one VC per
    # kind; the minimal hops then close l-g-l cycles through the groups
    top = build("dragonfly", **params)
    cyc = dependency_cycle(top, "olm", vc_scheme="none", escape=True)
    assert cyc is not None and all(v == 0 for _, v in cyc)
