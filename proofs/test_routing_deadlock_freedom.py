"""Deadlock freedom of every routing with its VC scheme, on a range of sizes and arrangements.

The argument is Dally and Seitz's (García et al. 2014, §1, Besta & Hoefler 2014, §IV-D, Camarero et al. 2014, §3): a routing is
deadlock-free when its channel dependency graph over (arc, VC) buffers is acyclic.
:func:`sim.cdg.channel_dependencies` follows every path the compiled routing can produce (every
source, destination, Valiant intermediate and candidate, through the very functions the engine
calls), so the check covers the real VC assignment.  The adaptive routings (UGAL-L, UGAL-G, PB)
choose at the source among the minimal path and Valiant paths, so their dependencies are the
union of both, which the check includes.  Each check can fail: with every packet on VC 0 (the
``none`` scheme) the same enumeration finds a cycle, printed in the failure message.
"""

from __future__ import annotations

import pytest

from sim.cdg import channel_dependencies, dependency_cycle
from sim.routings import ROUTINGS
from topoanalysis import build

DRAGONFLIES = [
    dict(a=2, h=1, p=1),                               # 3 groups
    dict(a=2, h=2, p=1),                               # 5 groups of 2: every path shape occurs
    dict(a=4, h=2, p=2),                               # 9 groups, palmtree
    dict(a=4, h=2, p=2, arrangement="consecutive"),
    dict(a=4, h=2, p=2, arrangement="circulant"),
    dict(a=3, h=2, p=1),                               # odd a: 7 groups
    dict(a=4, h=1, p=1, groups=3, trunking=2),         # two global links per pair of groups
]
DF_ROUTINGS = ["min", "df-min", "valiant", "valiant-any", "ugal-l", "ugal-g", "pb"]
# VCs per kind (local, global) the papers give: MIN 2/1, VAL 3/2, VAL-any 4/2 (García et al. 2014, §4),
# UGAL and PB with Valiant's (Besta & Hoefler 2014, Fig. 7, García et al. 2014, §4 "PB ... always employs 3/2 VCs")
PAPER_VCS = {"min": [2, 1], "df-min": [2, 1], "valiant": [3, 2], "valiant-any": [4, 2], "ugal-l": [3, 2],
             "ugal-g": [3, 2], "pb": [3, 2]}

OTHERS = [
    ("slimfly", dict(q=5), ["min", "sp-min", "sp-table", "valiant", "ugal-l", "ugal-g"]),
    ("slimfly", dict(q=4), ["min", "valiant", "ugal-l"]),
    ("petersen", dict(), ["min", "valiant", "valiant-lf", "ugal-l", "ugal-l-lf", "ugal-g"]),
    ("hamming", dict(sizes=[3, 4]), ["dor", "min", "valiant-any", "ugal-l"]),
    ("hamming", dict(sizes=[2, 2, 3]), ["dor", "ugal-g"]),
    ("torus", dict(dims=[5, 4]), ["min", "valiant"]),
    ("hypercube", dict(n=4), ["min", "ugal-l"]),
]


def _build(family, params):
    return build(family, **params)


def _dragonfly(params):
    return build("dragonfly", **params)


def _fails(cyc):
    return "cyclic channel dependency: " + " -> ".join(f"arc {a} VC {v}" for a, v in cyc)


@pytest.mark.parametrize("params", DRAGONFLIES, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()))
@pytest.mark.parametrize("routing", DF_ROUTINGS)
def test_dragonfly_routings_are_deadlock_free(params, routing):
    top = _dragonfly(params)
    g, used = channel_dependencies(top, routing)
    cyc = dependency_cycle(top, routing)
    assert cyc is None, _fails(cyc)
    assert g.number_of_edges() > 0
    assert (used <= PAPER_VCS[routing]).all(), f"{routing} uses {used.tolist()} VCs per kind"


@pytest.mark.parametrize("family,params,routings", OTHERS, ids=lambda x: str(x) if not isinstance(x, list) else "")
def test_other_families_are_deadlock_free(family, params, routings):
    top = _build(family, params)
    for routing in routings:
        cyc = dependency_cycle(top, routing)
        assert cyc is None, f"{routing}: {_fails(cyc)}"


def test_every_routing_is_checked_somewhere():
    # OFAR's canonical hops use any VC by design: its proof is Duato's, in test_ofar_escape.py
    duato = {"ofar", "ofar-l", "ofar-ring-b", "ofar-ring-c", "ofar-tree", "ofar-l-tree", "ofar-2rings"}
    # OLM's local misroutes close cycles by design: its escape argument is in test_olm_deadlock_freedom.py
    duato |= {"olm"}
    # the colour routings of trunked dragonflies: test_colour_routings.py
    from proofs.test_colour_routings import NETWORKS

    coloured = {r for _, rs in NETWORKS for r in rs}
    # BookSim2's ugal, reproduced for cross-validation, has a cycle: test_booksim_ugal_phase_vcs_have_a_cycle
    # the 3-level dragonfly routings: test_dragonfly3_routings.py
    from proofs.test_dragonfly3_routings import PAPER_VCS

    covered = set(DF_ROUTINGS) | {r for _, _, rs in OTHERS for r in rs} | duato | coloured | {"ugal-booksim"} | set(PAPER_VCS)
    assert covered == set(ROUTINGS)


@pytest.mark.parametrize("routing", ["min", "valiant", "ugal-l", "ugal-g", "pb"])
def test_one_vc_for_every_hop_is_rejected(routing):
    # the deliberately broken assignment: every hop on VC 0.  The enumeration must find a cycle
    # of buffers, all on VC 0
    top = _dragonfly(dict(a=2, h=2, p=1))
    cyc = dependency_cycle(top, routing, vc_scheme="none")
    assert cyc is not None and len(cyc) >= 2
    assert all(v == 0 for _, v in cyc)
    assert "arc" in _fails(cyc)


def test_hop_count_per_link_kind_is_rejected_for_valiant_any():
    # another broken assignment, the engine's first: the VC is the number of hops taken on the
    # link's own kind.  Valiant-any's l-l-g-l-l-g-l paths then depend local VC 1 -> global VC 0
    # -> local VC 1 around the network on some dragonfly
    found = [dependency_cycle(_dragonfly(p), "valiant-any", vc_scheme="hops-kind") for p in DRAGONFLIES[:3]]
    assert any(c is not None for c in found)


@pytest.mark.parametrize("params", DRAGONFLIES[:4], ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()))
def test_booksim_ugal_phase_vcs_have_a_cycle(params):
    # BookSim2's ugal_dragonflynew (dragonfly.cpp:553-561 at 28f43299) keeps a non-minimal packet on
    # VC 0 from its source to its intermediate router, so VC 0 of a local link carries both a
    # packet's first hop (followed by a global hop on VC 0) and another's hop inside its
    # intermediate group (after a global hop on VC 0): global -> local -> global on VC 0 closes a
    # cycle through the groups.  ugal-booksim reproduces it; the enumeration must find it, and
    # nothing on VCs 1-2 (minimal packets and second phases) takes part
    top = _dragonfly(params)
    cyc = dependency_cycle(top, "ugal-booksim")
    assert cyc is not None and all(v == 0 for _, v in cyc)
    kinds = {int(top.arcs().kind[a]) for a, _ in cyc}
    assert kinds == {top.kind_index("local"), top.kind_index("global")}
    _, used = channel_dependencies(top, "ugal-booksim")
    assert used.tolist() == [3, 3]  # BookSim2 asserts exactly 3 VCs (dragonfly.cpp:463)
