"""DFSSSP (Domke, Hoefler and Nagel 2011) on Slim Flies and on random DLNs, Besta & Hoefler 2014, §IV-D:
"OFED DFSSSP consistently needed three VCs to route all SF networks ... random DLN networks ... needed
between 8 and 15 VLs for network sizes of 338 endpoints and 1,682 endpoints".

The deadlock proof: every layer's channel dependency graph is acyclic, checked from the routes alone
(:func:`topoanalysis.routing.layers_are_acyclic`: strongly connected components), so the routing is
deadlock-free with one VC per layer (Dally and Seitz 1987).  The layer counts are those of our
implementation (module doc of :mod:`topoanalysis.routing.dfsssp`), routing every router pair (or,
with ``per_endpoint``, every router to every endpoint, as OFED routes LIDs)."""

from __future__ import annotations

import numpy as np
import pytest

import topoanalysis as ta
from topoanalysis.routing import dfsssp, layers_are_acyclic, sssp_next_hops
from topoanalysis.invariants.distances import distance_stats


@pytest.fixture(scope="module", params=[5, 7, 11, 13])
def slim_fly(request):
    q = request.param
    top = ta.build("slimfly", q=q)
    return q, top, dfsssp(top), dfsssp(top, per_endpoint=True)


def test_every_layer_of_dfsssp_on_a_slim_fly_is_acyclic(slim_fly):
    _, top, per_router, per_endpoint = slim_fly
    assert layers_are_acyclic(top, per_router) and layers_are_acyclic(top, per_endpoint)


def test_dfsssp_routes_are_minimal(slim_fly):
    # §IV-D uses DFSSSP for "minimum routing": OFED's initial link weight forces shortest paths,
    # so every route of a Slim Fly has at most its diameter 2 hops, and as many as BFS gives
    _, top, per_router, _ = slim_fly
    assert per_router.max_hops == distance_stats(top).diameter == 2
    from scipy.sparse.csgraph import shortest_path

    hops = shortest_path(top.adjacency(), unweighted=True)
    R = top.n_routers
    for s in range(0, R, max(1, R // 7)):
        for d in range(0, R, max(1, R // 11)):
            assert len(per_router.route(top, s, d)) == hops[s, d]


def test_three_vcs_suffice_on_every_slim_fly(slim_fly):
    # ours routing router pairs needs 2 layers on q = 5, 7, 11, 13 (and 17 and 29, measured once);
    # OFED's "three VCs" are enough for it
    _, _, per_router, _ = slim_fly
    assert per_router.n_layers == 2


@pytest.mark.xfail(strict=True, reason="[seed002-dfsssp] Besta & Hoefler 2014, §IV-D: OFED's DFSSSP needed three VCs "
                                       "on every Slim Fly; ours needs 2 layers on q = 5, 7, 11, 13 routing router "
                                       "pairs, and 2, 2, 3, 4 routing every endpoint as OFED routes LIDs (OFED also "
                                       "routes the switches' own LIDs and orders destinations by endpoint count)")
def test_dfsssp_needs_three_vcs_on_every_slim_fly(slim_fly):
    _, _, per_router, per_endpoint = slim_fly
    assert per_router.n_layers == 3 and per_endpoint.n_layers == 3


def test_dfsssp_needs_three_vcs_on_every_slim_fly_ours(slim_fly):
    q, _, per_router, per_endpoint = slim_fly
    assert (per_router.n_layers, per_endpoint.n_layers) == {5: (2, 2), 7: (2, 2), 11: (2, 3), 13: (2, 4)}[q]


def test_a_random_dln_needs_more_layers_than_the_slim_fly_of_its_size():
    # §IV-D: random DLNs needed more VLs (8 for 338); ours: the DLN of the q = 13 Slim Fly's 338
    # routers and network radix 19 needs 6 layers (seeds 1-3), the Slim Fly 2 (the DLN of the q = 29
    # Slim Fly's 1,682 routers of radix 43: 9 against the paper's 15, measured once in 14 minutes)
    top = ta.build("random", n=338, degree=19, seed=1)
    r = dfsssp(top)
    assert layers_are_acyclic(top, r)
    assert r.n_layers == 6


@pytest.mark.xfail(strict=True, reason="[seed002-dfsssp] Besta & Hoefler 2014, §IV-D: DFSSSP needed 8 VLs on the "
                                       "338-router random DLN; ours 6 (network radix 19, seed 1)")
def test_dln_338_needs_eight_layers():
    assert dfsssp(ta.build("random", n=338, degree=19, seed=1)).n_layers == 8


def test_dln_338_needs_eight_layers_ours():
    assert dfsssp(ta.build("random", n=338, degree=19, seed=2)).n_layers == 6


def test_a_layer_check_sees_a_cycle():
    # the check must be able to fail: all routes of a ring in one layer close a cycle
    top = ta.build("torus", dims=[6])
    r = dfsssp(top)
    assert r.n_layers >= 2 and layers_are_acyclic(top, r)
    flat = type(r)(r.next_arc, np.where(r.layer >= 0, 0, -1), r.target_router, 1, r.max_hops)
    assert not layers_are_acyclic(top, flat)


def test_sssp_balances_the_routes():
    # the route counts choose among minimal routes: on the 4 x 4 torus no link carries more than
    # its share by much, where a fixed tie rule piles routes on the first dimension
    top = ta.build("torus", dims=[4, 4])
    nxt = sssp_next_hops(top)
    arcs = top.arcs()
    load = np.zeros(arcs.src.shape[0])
    for s in range(16):
        for d in range(16):
            r = s
            while r != d:
                a = nxt[r, d]
                load[a] += 1
                r = int(arcs.dst[a])
    assert load.max() <= 1.5 * load.mean()


@pytest.mark.parametrize("bad", [None, "slimfly"])
def test_dfsssp_refuses_what_is_not_a_topology(bad):
    with pytest.raises(ValueError, match="top must be a Topology"):
        dfsssp(bad)
