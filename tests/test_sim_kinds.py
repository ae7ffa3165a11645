"""Routings as kinds (``sim.routings.kind``): every routing's tables come in its kind's class, the
engine's dispatch is generated from it, and a routing defined in a module of its own runs with
one registry line and no change to the engine, ``sim.cdg`` or the CLI."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sim import cdg
from sim.routings import KINDS, REGISTRY, Kind, RoutingEntry, example, make_routing
from sim.routings.base import RTables
from sim.testing import checked_simulate, routing_networks, source_candidates
from topoanalysis import build

SIM = Path(__file__).resolve().parent.parent / "sim"


@pytest.fixture(scope="module")
def tops():
    return routing_networks()


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_routing_tables_are_its_kinds_class(name, tops):
    for top in tops:
        try:
            rout = make_routing(top, name)
        except ValueError:
            continue  # not defined on this topology
        assert type(rout.tables) is rout.kind.tables and KINDS[type(rout.tables)] is rout.kind
        # the copies the driver makes keep the class (snapshots of remote routings, interception)
        assert type(rout.with_interception().tables) is rout.kind.tables
        assert type(rout.with_remote_state(10, 1, 1).tables) is rout.kind.tables
        break
    else:
        pytest.fail(f"{name}: defined on none of the test topologies")


class _Unused(RTables):
    """A tables class of no kind (the declaration checks below refuse each kind made of it)."""

    __slots__ = ()


def test_kinds_are_declared_once_and_checked():
    assert len({k.tables for k in KINDS.values()}) == len(KINDS)
    T = _Unused

    class Local(RTables):
        __slots__ = ()

    with pytest.raises(TypeError, match="top level of an importable module"):
        Kind(Local, step=example.step, own_vc=example.own_vc)
    with pytest.raises(TypeError, match="exactly one of own_vc, vcs, any_vc"):
        Kind(T, step=example.step)
    with pytest.raises(TypeError, match="source, decide and undecided go together"):
        Kind(T, step=example.step, own_vc=example.own_vc, undecided=2)
    with pytest.raises(TypeError, match="subclass of RTables of its own"):
        Kind(RTables, step=example.step, own_vc=example.own_vc)
    with pytest.raises(TypeError, match="already belongs to a kind"):
        Kind(example.SpFirstTables, step=example.step, own_vc=example.own_vc)


def _first_candidates(top, rout, s, d):
    """Arcs and VCs of a fresh packet from router s to router d at s, as the engine sees them."""
    _pk, _net, arc, vc, *_ = source_candidates(top, rout, s, d)
    return arc, vc


def test_tables_of_no_kind_are_refused_by_name():
    top = build("slimfly", q=5)
    rout = make_routing(top, "sp-min")
    rout.tables = RTables(*rout.tables)
    with pytest.raises(Exception, match="belong to no routing kind"):
        _first_candidates(top, rout, 0, 1)


def test_no_engine_file_names_a_routing():
    # the engine, its stages, the dispatch and the channel-dependency enumeration learn of
    # routings from their kinds only
    names = "|".join(re.escape(m) for m in ("ofar", "ugal", "valiant", "colour", "dor", "minimal", "table"))
    for path in [SIM / "engine.py", SIM / "cdg.py", SIM / "routings" / "dispatch.py", *sorted((SIM / "stages").glob("*.py"))]:
        code = "\n".join(line.split("#")[0] for line in path.read_text().splitlines())
        code = re.sub(r'""".*?"""', "", code, flags=re.S)
        assert not re.search(rf"\b(from|import)\b[^\n]*\b({names})\b", code), path.name


def test_a_new_routing_is_its_module_and_one_registry_line(monkeypatch):
    # sim/routings/example.py is its module; this is the one registry line:
    monkeypatch.setitem(REGISTRY, "sp-first", RoutingEntry(example.build, "the first minimal hop", "example"))
    top = build("hamming", sizes=[4, 4], p=1)
    rout = make_routing(top, "sp-first")
    # the channel-dependency enumeration follows it (VC k on hop k: acyclic)
    assert cdg.dependency_cycle(top, rout) is None
    # and the engine runs it (checked_simulate: every packet accounted for)
    res = checked_simulate(top, "sp-first", "uniform", 0.2, cycles=400, warmup=100, seed=3)
    assert res["status"] == "ok" and res["packets_delivered"] > 0


def test_the_example_routing_takes_the_lowest_minimal_arc():
    top = build("hamming", sizes=[4, 4], p=1)
    rout = example.build(top, "sp-first")
    arcs = top.arcs()
    dist = rout.tables.dist
    for s, d in ((0, 5), (3, 12), (15, 0)):
        arc, vc = _first_candidates(top, rout, s, d)
        closer = [a for a in range(arcs.ptr[s], arcs.ptr[s + 1]) if dist[arcs.dst[a], d] == dist[s, d] - 1]
        assert arc == [min(closer)] and vc == [0]
