"""Deadlock freedom of the 3-level dragonfly routings (Camarero et al. 2014, §8) on small 3-level
dragonflies, from the channel dependency graph of the compiled routing (``sim.cdg``).

§8: "minimal routes are in general lmlglml, thus requiring up to 4 VCs.  The classical Valiant
[...] would need up to 8 VCs.  [...] using an intermediate 1-level group [...] only 7 VCs; and using
as intermediate a 2-level group [...] only 6 VCs".  Each routing's graph is acyclic with those VCs
(the counts of the l links; m and g need 2/1, 4/2, 4/2 and 3/2) and, on the network whose routes are
the full lmlglml (t2 = t3 = 1), merging any two consecutive VCs of any link class closes a cycle:
with this assignment no VC can be spared.  Counting hops per class instead (``hops-kind``) is
cyclic, as on 2-level dragonflies.
"""

from __future__ import annotations

import functools

import networkx as nx
import pytest

from sim.cdg import channel_dependencies
from sim.routings.df3 import VARIANTS, route_vcs
from topoanalysis import build

#: small 3-level dragonflies satisfying §8's a Δ2 = t2 (b - 1), a b Δ3 = t3 (c - 1)
NETS = {
    "t2=t3=1": dict(a=2, b=3, c=7, p=1),  # 42 routers, routes up to lmlglml
    "t3=2": dict(a=2, b=3, c=4, t3=2, p=1),  # 24 routers
    "t2=a": dict(a=3, b=3, c=4, t2=3, t3=3, p=1),  # 36 routers, Hamming 2-level groups
}
#: §8's count (the l links) of each routing
PAPER_VCS = {"df3-min": 4, "df3-val": 8, "df3-val-g1": 7, "df3-val-g2": 6}


@functools.cache
def _cdg(net: str, routing: str, scheme: str = "routing"):
    top = build("dragonfly3", **NETS[net])
    g, used = channel_dependencies(top, routing, scheme)
    return top, g, tuple(int(x) for x in used)


def _merged_is_cyclic(top, g, k: int, j: int) -> bool:
    """Whether the graph with VCs j and j + 1 of link class k made one (every other VC kept) has a cycle."""
    kind = top.arcs().kind

    def f(node):
        return (node[0], j) if kind[node[0]] == k and node[1] == j + 1 else node

    return not nx.is_directed_acyclic_graph(nx.DiGraph((f(u), f(v)) for u, v in g.edges()))


@pytest.mark.parametrize("routing", sorted(VARIANTS))
@pytest.mark.parametrize("net", sorted(NETS))
def test_stated_vcs_are_deadlock_free(net, routing):
    # Camarero et al. 2014, §8: 4 (minimal), 8 (Valiant), 7 (1-level group), 6 (2-level group) VCs
    _top, g, used = _cdg(net, routing)
    assert used == route_vcs(VARIANTS[routing]) and used[0] == PAPER_VCS[routing]
    assert g.number_of_edges() > 0 and nx.is_directed_acyclic_graph(g)


@pytest.mark.parametrize("routing", sorted(VARIANTS))
def test_one_vc_fewer_on_any_class_closes_a_cycle(routing):
    # Camarero et al. 2014, §8: on full lmlglml routes each count is needed, on every link class
    top, g, used = _cdg("t2=t3=1", routing)
    merges = [(k, j) for k in range(3) for j in range(used[k] - 1)]
    assert len(merges) == sum(used) - 3
    acyclic = [(k, j) for k, j in merges if not _merged_is_cyclic(top, g, k, j)]
    assert acyclic == []


def test_fewer_vcs_can_be_acyclic_where_routes_are_shorter():
    # with Hamming 2-level groups (t2 = a) routes are lmglm (Camarero et al. 2014, Table IV's
    # Cascade-like corner): minimal routing's l VCs 0 and 1 (before the g hop) merge without a
    # cycle, so the necessity above is a property of the full lmlglml routes, not of every network
    top, g, used = _cdg("t2=a", "df3-min")
    assert not _merged_is_cyclic(top, g, 0, 0)


@pytest.mark.parametrize("routing", sorted(VARIANTS))
def test_vcs_by_hops_per_class_deadlock(routing):
    # a route that skips a hop (a source with its own level-2 link) takes its later hops of that
    # class one VC lower than the template slot: Camarero et al. 2014, §8's counts assume slots
    _top, g, used = _cdg("t3=2", routing, "hops-kind")
    assert not nx.is_directed_acyclic_graph(g)
    assert used[0] < PAPER_VCS[routing]
