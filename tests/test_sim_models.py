"""Router models and presets (sim/models.py): each preset states its paper's setup, families get
their own paper's setup, and the model that ran is in the results."""

from __future__ import annotations

import numpy as np
import pytest

from sim import PRESETS, RouterModel, simulate
from sim.simulator import resolve_model
from sim.crossval import line
from sim.testing import checked_simulate
from topoanalysis import build
from topoanalysis.topology import Topology


def test_presets_state_their_papers_setups():
    # seed 001 Table 1
    m = PRESETS["seed001"]
    assert (m.packet_size, dict(m.latency), dict(m.buffer), dict(m.vcs), m.iterations, m.arbitration) == \
        (8, {"local": 10, "global": 100}, {"local": 32, "global": 256}, {"local": 3, "global": 2}, 3, "lrs")
    assert m.router_delay == 0 and m.internal_speedup == 1
    # seed 000 Table II: random arbitration, 3 VCs
    m = PRESETS["seed000"]
    assert (m.packet_size, dict(m.buffer), dict(m.vcs), m.arbitration) == \
        (8, {"local": 32, "global": 256}, {"*": 3}, "random")
    # seed 002 §V: single-flit packets, 3 VCs, 64 flits per port, credit delay 2, 1-cycle channel,
    # VC allocation, switch allocation and crossbar, internal speedup 2
    m = PRESETS["seed002"]
    assert (m.packet_size, dict(m.latency), m.buffer_per_port, dict(m.vcs), m.credit_delay, m.router_delay) == \
        (1, {"*": 1}, 64, {"*": 3}, 2, 3)
    assert m.internal_speedup == 2 and m.paper_speedup == 2.0 and any("speedup 2" in n for n in m.notes)
    # seed 003 §4: 1-cycle links, 32 per VC, saturation at average latency 100
    m = PRESETS["seed003"]
    assert (dict(m.latency), dict(m.buffer), m.saturation_latency) == ({"*": 1}, {"*": 32}, 100.0)
    # what §4 leaves unstated comes from Besta & Hoefler 2014, §V, whose setup it follows: single-flit
    # packets, 3 VCs, internal speedup 2 (none of them stated by Han et al., so no paper_speedup)
    assert (m.packet_size, dict(m.vcs), m.internal_speedup, m.paper_speedup) == (1, {"*": 3}, 2, None)


def test_families_get_their_own_papers_setup():
    assert resolve_model(build("dragonfly", a=4, h=2, p=2)).name == "seed001"
    sf = build("slimfly", q=5, p=2)
    res = checked_simulate(sf, "min", "uniform", 0.1, cycles=300, warmup=100, seed=1)
    m = res["model"]
    # a Slim Fly's local/global kinds do not pick up the dragonfly latencies of seed 001
    assert m["name"] == "seed002" and m["latency"] == {"local": 1, "global": 1}
    # 64 flits per port over the 3 VCs (seed 002 §V), single-flit packets
    assert m["vcs"] == {"local": 3, "global": 3} and m["buffer"] == {"local": 21, "global": 21}
    assert m["packet_size"] == 1 and m["router_delay"] == 3 and m["credit_delay"] == 2
    hx = build("hamming", sizes=[3, 3], p=1)
    assert resolve_model(hx).name == "seed002"


def test_family_without_a_paper_setup_asks_for_a_model():
    top = Topology(2, [0], [1], kind_names=("x",), endpoints=[1, 1])
    with pytest.raises(ValueError, match="no paper setup for family 'custom'"):
        simulate(top, "min", "uniform", 0.1, cycles=10)
    res = checked_simulate(top, "min", "uniform", 0.1, cycles=100, warmup=0, model="booksim")
    assert res["model"]["name"] == "booksim"


def test_preset_that_does_not_cover_a_link_kind_is_refused():
    ring = build("torus", dims=[6]).with_endpoints(1)
    with pytest.raises(ValueError, match="model 'seed001' .* gives no latency for link kind 'dim0'"):
        simulate(ring, "min", "uniform", 0.1, cycles=10, model="seed001")
    # giving the missing values explicitly is fine, and the name says what was changed
    res = checked_simulate(ring, "min", "uniform", 0.1, cycles=100, warmup=0, model="seed001", latency=10,
                           buffer=32, vcs=3)
    assert res["model"]["name"] == "seed001+latency+buffer+vcs"


@pytest.mark.parametrize("kwargs,match", [
    (dict(model="seed999"), "unknown preset 'seed999'"),
    (dict(router_delay=-1), "router_delay must be an integer >= 0"),
    (dict(credit_delay=1.5), "credit_delay must be an integer >= 0"),
    (dict(injection_latency=True), "injection_latency must be an integer >= 0"),
    (dict(latency={"local": 2.5}), r"latency \(per link kind\) must be an integer"),
    (dict(vcs=[2, "x"]), r"vcs \(per link kind\) must be an integer"),
])
def test_bad_model_parameters_raise(kwargs, match):
    df = build("dragonfly", a=4, h=2, p=2)
    with pytest.raises(ValueError, match=match):
        simulate(df, "min", "uniform", 0.1, cycles=10, **kwargs)


def test_router_model_validation():
    with pytest.raises(ValueError, match="exactly one of buffer"):
        RouterModel("x", "test", packet_size=1, latency={"*": 1})
    with pytest.raises(ValueError, match="internal_speedup must be an integer >= 1"):
        RouterModel("x", "test", packet_size=1, latency={"*": 1}, buffer={"*": 8}, internal_speedup=0)
    with pytest.raises(ValueError, match="internal_speedup must be an integer >= 1"):
        RouterModel("x", "test", packet_size=1, latency={"*": 1}, buffer={"*": 8}, internal_speedup=2.0)
    assert RouterModel("x", "test", packet_size=1, latency={"*": 1}, buffer={"*": 8}, internal_speedup=2).internal_speedup == 2
    with pytest.raises(ValueError, match="unknown parameter"):
        PRESETS["seed001"].replace(speed=3)


@pytest.mark.parametrize("P", [1, 8])
@pytest.mark.parametrize("rd,cd,li,le", [(0, 0, 0, 0), (3, 2, 1, 1), (5, 0, 2, 0)])
def test_zero_load_latency_with_pipeline_and_node_channels(P, rd, cd, li, le):
    # one packet each way over n routers joined by 10-cycle links: injection channel li, a router
    # pipeline of rd cycles at each of the n routers, n - 1 links of 10, ejection channel le and
    # the P phits' serialisation; the credit delay adds nothing at zero load
    for n in (2, 3, 4):
        res = checked_simulate(line(n), "min", "uniform", 0.0, burst=1, seed=2, model="booksim", packet_size=P,
                               latency=10, router_delay=rd, credit_delay=cd, injection_latency=li,
                               ejection_latency=le)
        assert res["latency_max"] == li + n * rd + 10 * (n - 1) + le + P
        assert res["average_latency"] == res["latency_max"]


def test_credit_delay_slows_a_credit_bound_link():
    # a 2-router line with one packet of buffer per VC: a packet sent at t arrives at t + lat, can
    # leave (for the node) after the router delay rd, and its slot's credit is back at the sender
    # P + lat + cd later: one packet per lat + rd + P + lat + cd cycles per direction
    top = line(2)
    kw = dict(cycles=4000, warmup=1000, seed=3, model="booksim", packet_size=1, latency=4, buffer=1, vcs=1)
    fast = checked_simulate(top, "min", "uniform", 1.0, credit_delay=0, **kw)
    slow = checked_simulate(top, "min", "uniform", 1.0, credit_delay=6, **kw)
    # 4 + 3 + 1 + 4 + cd: 1/12 and 1/18
    assert fast["accepted_load"] == pytest.approx(1 / 12, rel=0.02)
    assert slow["accepted_load"] == pytest.approx(1 / 18, rel=0.02)


def test_any_vc_scheme_uses_every_vc():
    # BookSim2's anynet routing lets a hop take any VC: with 2 VCs of one packet each the same
    # credit-bound link carries twice as much as with the hop-indexed scheme's single VC per hop
    top = line(2)
    kw = dict(cycles=4000, warmup=1000, seed=3, model="booksim", packet_size=1, latency=4, buffer=1, vcs=2,
              credit_delay=0)
    one = checked_simulate(top, "min", "uniform", 1.0, vc_scheme="hops", **kw)
    both = checked_simulate(top, "min", "uniform", 1.0, vc_scheme="any", **kw)
    assert one["accepted_load"] == pytest.approx(1 / 12, rel=0.02)
    assert both["accepted_load"] == pytest.approx(2 / 12, rel=0.02)


def test_first_run_says_it_compiles(monkeypatch, capsys):
    # a newcomer's first simulate of a routing compiles the engine for a minute or more: it must say so
    from sim import _cache

    monkeypatch.setattr(_cache, "engine_cached", lambda kind=None, threaded=False: False)
    _cache.compile_notice(compiled_in_process=False)
    assert "compiling the simulator engine" in capsys.readouterr().err
    _cache.compile_notice(compiled_in_process=True)  # compiled already in this process: silent
    monkeypatch.setattr(_cache, "engine_cached", lambda kind=None, threaded=False: True)
    _cache.compile_notice(compiled_in_process=False)  # on disk: silent
    assert capsys.readouterr().err == ""


def test_the_cache_is_asked_for_the_routings_kind():
    # the engine is compiled once per routing kind: after a run of min, its kind's engine is on
    # disk, and a kind never run is not
    from sim import _cache

    simulate(build("dragonfly", a=2, h=1, p=1), "min", "uniform", 0.1, cycles=2, warmup=0)
    assert _cache.engine_cached("MinTables") and _cache.engine_cached()
    assert not _cache.engine_cached("NoSuchRoutingTables")


def test_saturation_by_the_models_latency_criterion():
    # seed 003 §4: "the last load for which average latency is below 100"; the seed003 model
    # carries the criterion, and an explicit max_latency overrides the default criterion
    from sim import saturation_search

    sf = build("slimfly", q=5, p=2)
    kw = dict(cycles=1500, warmup=500, seed=1, tol=0.05)
    lat = saturation_search(sf, "min", "uniform", model="seed003", **kw)
    assert lat["criterion"] == "average latency < 100 cycles"
    at = simulate(sf, "min", "uniform", lat["saturation_load"], model="seed003", cycles=1500, warmup=500, seed=1)
    assert at["average_latency"] < 100
    acc = saturation_search(sf, "min", "uniform", model="seed002", **kw)
    assert acc["criterion"] == "accepted >= 0.95 x offered"
    strict = saturation_search(sf, "min", "uniform", model="seed002", max_latency=20.0, **kw)
    assert strict["criterion"] == "average latency < 20 cycles"
    assert strict["saturation_load"] <= acc["saturation_load"]
    with pytest.raises(ValueError, match="max_latency must be > 0"):
        saturation_search(sf, "min", "uniform", max_latency=0, **kw)


def test_injection_bubble_gates_new_packets():
    # BCM (seed 001 §3.4): a packet enters the network only where the next buffer has room for
    # 1 + b packets.  A 2-router line at full load with 3-packet buffers: with b = 2 every
    # injection waits for an empty downstream buffer, so less gets through; b = 3 could never
    # inject and is refused up front
    top = line(2)
    kw = dict(cycles=4000, warmup=1000, seed=3, model="booksim", packet_size=1, latency=4, buffer=3, vcs=1)
    free = checked_simulate(top, "min", "uniform", 1.0, **kw)
    gated = checked_simulate(top, "min", "uniform", 1.0, injection_bubble=2, **kw)
    assert gated["model"]["injection_bubble"] == 2
    assert gated["accepted_load"] < 0.9 * free["accepted_load"]
    with pytest.raises(ValueError, match="injection_bubble: 3 needs buffers of at least 4 packets"):
        simulate(top, "min", "uniform", 0.5, cycles=10, injection_bubble=3, **{k: v for k, v in kw.items()
                                                                             if k != "cycles"})


def test_a_vc_can_exist_on_some_arcs_only():
    # per-arc VC counts (an escape VC on the arcs of a ring or tree only): here a second VC on the
    # arcs of one direction of a 6-router ring, used through the "any" VC scheme
    from sim.routings import make_routing

    top = build("torus", dims=[6])
    rout = make_routing(top, "min")
    arcs = top.arcs()
    clockwise = (arcs.dst == (arcs.src + 1) % 6)
    rout.arc_vcs = np.where(clockwise, 2, 0)
    res = checked_simulate(top, rout, "uniform", 0.5, cycles=2000, warmup=500, seed=1, vc_scheme="any",
                           model="seed002", vcs=1)
    assert res["model"]["vcs"] == {k: 1 for k in top.kind_names}
    # both directions of a link get the larger count: the engine keys an input buffer by the
    # opposite arc, so a VC on one direction only would never be examined downstream
    assert res["model"]["arcs_with_more_vcs"] == 2 * int(clockwise.sum()) == 12
    # every packet gets through (a burst ends when all are delivered)
    burst = checked_simulate(top, rout, "uniform", 0.0, burst=20, seed=2, vc_scheme="any", model="seed002", vcs=1,
                             max_cycles=20_000)
    assert burst["status"] == "ok" and burst["packets_delivered_total"] == burst["packets_generated"]
    assert res["accepted_load"] == pytest.approx(0.5, rel=0.05)
    rout.arc_vcs = np.ones(5, np.int64)
    with pytest.raises(ValueError, match="arc_vcs must hold one VC count 0..62 per arc"):
        checked_simulate(top, rout, "uniform", 0.5, cycles=200, warmup=50)
