"""Deadlock freedom of the routings' VC assignments (seed 001 §1, seed 002 §IV-D, seed 000 §3).

``sim.cdg`` follows every path the compiled routing can produce and builds the channel
dependency graph over (arc, VC) buffers; Günther's / Dally's condition is that it is acyclic.
The first engine version numbered VCs by hops taken on the link's own kind: a path g-l (no
first local hop) then put its local hop on local VC 0 and closed local VC0 -> global VC0 ->
local VC0; ADVG+1 under minimal routing deadlocked.  Its successor numbered VAL-any's second
global hop by global hops so far (VC 0 after an intra-group first half), closing
l2 -> g1 -> l1 -> l2.  Both are cycles these tests find.
"""

from __future__ import annotations

import pytest

from sim.cdg import channel_dependencies, dependency_cycle
from sim.testing import checked_simulate
from topoanalysis import build


@pytest.fixture(scope="module")
def df22():
    return build("dragonfly", a=2, h=2, p=1)  # 5 groups of 2 routers: every path shape occurs


# VCs per kind (local, global) that seed 001 §1/§4 gives each routing: MIN 2/1, VAL 3/2, VAL-any 4/2
@pytest.mark.parametrize("routing,vcs", [("min", [2, 1]), ("df-min", [2, 1]), ("valiant", [3, 2]),
                                         ("valiant-any", [4, 2])])
def test_dragonfly_routings_are_deadlock_free_with_the_papers_vc_counts(df22, routing, vcs):
    g, used = channel_dependencies(df22, routing)
    assert used.tolist() == vcs
    assert g.number_of_edges() > 0
    assert dependency_cycle(df22, routing) is None


@pytest.mark.parametrize("routing", ["min", "valiant", "valiant-any"])
def test_hop_index_scheme_is_deadlock_free(df22, routing):
    assert dependency_cycle(df22, routing, vc_scheme="hops") is None


@pytest.mark.parametrize("family,params,routing", [
    ("torus", dict(dims=[5, 4]), "min"),
    ("torus", dict(dims=[5]), "valiant"),
    ("hamming", dict(sizes=[3, 4]), "dor"),
    ("hamming", dict(sizes=[3, 3]), "valiant-any"),
    ("slimfly", dict(q=5), "min"),
])
def test_other_topologies_are_deadlock_free(family, params, routing):
    top = build(family, **params)
    assert dependency_cycle(top, routing) is None


def test_checker_finds_the_cycle_of_a_single_vc(df22):
    # the check can fail: with every hop on VC 0 minimal routing has cyclic dependencies
    cyc = dependency_cycle(df22, "min", vc_scheme="none")
    assert cyc is not None and len(cyc) >= 2
    assert all(v == 0 for _, v in cyc)


def test_advg1_minimal_at_full_load_does_not_deadlock():
    # the run that exposed the first VC numbering (status "deadlock" after ~3,500 cycles there)
    top = build("dragonfly", a=4, h=2, p=2)
    for routing in ("min", "valiant", "valiant-any"):
        res = checked_simulate(top, routing, "advg+1", 1.0, cycles=3000, warmup=1000, seed=1, watchdog=2000)
        assert res["status"] == "ok", routing
        assert res["packets_delivered"] > 0
