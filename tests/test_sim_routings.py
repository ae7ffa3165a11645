"""The routing interface (sim/routings): registry, candidate labels and hop estimates, VC schemes
as wrappers, and the selection policies (sim/policies/) that choose from live state."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from sim import ROUTINGS
from sim.cdg import dependency_cycle
from sim.policies import POLICIES, Live, lazy_counts, select
from sim.testing import candidates
from sim.routings import REGISTRY, make_routing, route_init
from sim.routings.base import F_PHASE1, L_MIN, L_NONMIN, single_packet
from sim.network import net_arrays
from sim.testing import checked_simulate, source_candidates
from topoanalysis import build


@pytest.fixture(scope="module")
def df42():
    return build("dragonfly", a=4, h=2, p=2)


def test_registry_lists_every_routing(df42):
    assert ROUTINGS == tuple(REGISTRY) == ("min", "valiant", "valiant-any", "dor", "df-min", "sp-min", "sp-table",
                                           "ugal-l", "ugal-booksim", "ugal-g", "pb", "valiant-lf", "ugal-l-lf", "ofar",
                                           "ofar-l", "ofar-ring-b", "ofar-ring-c", "ofar-tree", "ofar-l-tree",
                                           "ofar-2rings", "olm", "2color-min", "4color-min", "4color-nonmin", "4color-adaptive",
                                           "df3-min", "df3-val", "df3-val-g1", "df3-val-g2")
    for name in ("min", "valiant", "valiant-any", "df-min", "sp-min", "ugal-l", "ugal-booksim", "ugal-g", "pb"):
        assert make_routing(df42, name).name == name
    with pytest.raises(ValueError, match="unknown routing 'ugal'; known: min, valiant"):
        make_routing(df42, "ugal")


def _candidates(top, name, src, dst, scheme="routing"):
    """Candidates of a fresh packet src -> dst (routers) at its source, as the engine sees them."""
    pk, net, arc, vc, lab, hops, _tag = source_candidates(top, make_routing(top, name), src, dst, scheme)
    return pk, net, arc, vc, lab, hops


def test_candidates_carry_labels_and_hops_left(df42):
    # shortest paths: every candidate is minimal and the path through it has dist(s, d) hops
    hx = build("hamming", sizes=[4, 4], p=1)
    _, net, arc, vc, lab, hops = _candidates(hx, "sp-min", 0, 5)
    assert len(arc) == 2 and lab == [L_MIN, L_MIN] and hops == [2, 2] and vc == [0, 0]
    # dimension order: one candidate, 2 dimensions to correct
    _, _, arc, vc, lab, hops = _candidates(hx, "dor", 0, 5)
    assert len(arc) == 1 and hops == [2] and vc == [0]
    # Valiant on a dragonfly: towards the intermediate group the candidates are non-minimal
    pk, net, arc, vc, lab, hops = _candidates(df42, "valiant", 0, 35)
    assert pk.flags[0] & F_PHASE1 and pk.inter[0] not in (0, 8)
    assert set(lab) == {L_NONMIN} and all(h in (4, 5) for h in hops)
    # ejection at the destination router
    _, _, arc, vc, lab, hops = _candidates(df42, "df-min", 7, 7)
    assert arc == [-1] and hops == [0] and lab == [L_MIN]


def test_any_vc_scheme_wraps_any_routing(df42):
    _, net, arc, vc, lab, hops = _candidates(df42, "df-min", 0, 3, scheme="any")
    # one local arc to router 3 of the group, offered on each of its 4 VCs
    assert len(set(arc)) == 1 and vc == [0, 1, 2, 3] and lab == [L_MIN] * 4


def test_vc_schemes_deadlock_freedom_by_channel_dependencies(df42):
    hx = build("hamming", sizes=[3, 3], p=1)
    for name in ("min", "valiant", "valiant-any"):
        assert dependency_cycle(df42, name, "routing") is None
        assert dependency_cycle(df42, name, "hops") is None
        # VCs per hop and link class: a minimal path that skips the first local hop puts its
        # last one on local VC 0, closing local VC 0 -> global VC 0 -> local VC 0
        assert dependency_cycle(df42, name, "hops-kind") is not None
    assert dependency_cycle(hx, "dor", "hops-kind") is None  # one dimension order: acyclic
    assert dependency_cycle(hx, "sp-min", "hops-kind") is not None  # both orders: a cycle


def _counts(cr_time, A, nv, cap):
    """The lazy counts of slots in use (``cr_q``) of A arcs of nv VCs whose rings of cap slots
    are laid out one after the other, the sender's next slot at 0, as seen at cycle 10."""
    return lazy_counts(cr_time, np.arange(A, dtype=np.int64) * nv * cap, np.full(A, cap, np.int64),
                       np.full(A, nv, np.int64), nv, np.zeros(A * nv, np.int64), 10)


def _select(policy, arcs, labs, out_busy=(0, 0, 0), credits=(0, 0, 0), cap=4, seed=1, hops=None, paths=False,
            hopped=False):
    """Run the policy on candidates over arcs (VC 0, one credit needed) at cycle 10; ``credits``
    gives the free slots per arc (the rest are taken until cycle 99); hops per candidate (default
    1); ``paths``: the candidates are paths for the policy to choose from; ``hopped``: the packet
    has left its source (else it is in an injection queue)."""
    A = len(out_busy)
    n = len(arcs)
    c_arc = np.array(arcs, np.int64)
    zeros = np.zeros(n, np.int64)
    cr_time = np.full(A * cap, 99, np.int64)
    for a, free in enumerate(credits):
        cr_time[a * cap:a * cap + free] = 0
    cr_av = np.array([0 if f > 0 else 99 for f in credits], np.int64)
    c_hops = np.array(hops if hops is not None else [1] * n, np.int64)
    cand = candidates(c_arc, zeros, np.ones(n, np.int64), labs, c_hops)
    lv = Live(10, 1, 0, np.zeros(1, np.int64), np.zeros(1, np.int64), np.ones(A, np.int64), np.zeros(A, np.int64),
              np.array(out_busy, np.int64), cr_av, _counts(cr_time, A, 1, cap), np.arange(A, dtype=np.int64) * cap,
              np.full(A, cap, np.int64), cr_time, np.zeros(A, np.int64), 0, 0, 2, np.zeros(A, np.int64),
              np.zeros(1, np.int64), np.array([1 if hopped else 0], np.int32))
    return select(POLICIES[policy], n, cand, paths, 0, lv, np.array([seed], np.uint64))


def test_fogsim_policy_escapes_as_fogsims_ofar():
    # a minimal candidate on arc 0 with no free slot, the escape (label 2) on arc 1 free: FOGSim's
    # OFAR escapes (no credit left on the minimal output; switchModule.cc:1546-1551 at b934297),
    # but never from an injection queue
    assert _select("fogsim", [0, 1], [0, 2], credits=(0, 4, 0), hopped=True) == 1
    assert _select("fogsim", [0, 1], [0, 2], credits=(0, 4, 0)) == -1
    # a minimal output with room that is only busy is waited for
    assert _select("fogsim", [0, 1], [0, 2], out_busy=(20, 0, 0), credits=(4, 4, 0), hopped=True) == -1
    # the ofar policy escapes from a source too
    assert _select("ofar", [0, 1], [0, 2], credits=(0, 4, 0)) == 1


def test_selection_policies_decide_from_live_state():
    # candidates: arc 0 non-minimal, arc 1 minimal, arc 2 escape
    labs = [L_NONMIN, L_MIN, 2]
    assert _select("first", [0, 1, 2], labs, credits=(1, 1, 1)) == 0
    assert _select("min-first", [0, 1, 2], labs, credits=(1, 1, 1)) == 1  # minimal first (seed 001 §3.2)
    # the minimal output is busy this cycle: the non-minimal one, before the escape
    assert _select("min-first", [0, 1, 2], labs, out_busy=(0, 11, 0), credits=(1, 1, 1)) == 0
    # no credit on the non-minimal VC either: the escape
    assert _select("min-first", [0, 1, 2], labs, out_busy=(0, 11, 0), credits=(0, 1, 1)) == 2
    # least-occupied: the most free credits downstream
    assert _select("least-occupied", [0, 1, 2], labs, credits=(1, 3, 2)) == 1
    assert _select("random", [0, 1, 2], labs, credits=(0, 0, 0)) == -1
    picks = {_select("random", [0, 1, 2], labs, credits=(1, 1, 1), seed=s) for s in range(1, 40)}
    assert picks == {0, 1, 2}


def test_min_first_runs_a_network(df42):
    res = checked_simulate(df42, "valiant", "advg+1", 0.2, cycles=1500, warmup=500, seed=3, selection="min-first")
    assert res["status"] == "ok" and res["model"]["selection"] == "min-first"
    assert res["accepted_load"] == pytest.approx(0.2, rel=0.1)


def test_sp_table_follows_booksims_anynet_rule():
    # BookSim2's anynet table: Dijkstra finalising routers by (distance, number), each router's
    # predecessor the first finalised neighbour; on the 4x4 Hamming graph (router x + 4y) a pair
    # differing in both coordinates goes through the lower-numbered corner
    from sim.routings.table import next_hop_table

    hx = build("hamming", sizes=[4, 4], p=1)
    nxt = next_hop_table(hx)
    arcs = hx.arcs()
    corner = lambda s, t: int(arcs.dst[nxt[s, t]])  # noqa: E731
    assert corner(0, 5) == 1  # (0,0) -> (1,1) via (1,0): dimension 0 first
    assert corner(5, 0) == 1  # (1,1) -> (0,0) via (1,0): dimension 1 first, so no single dimension order
    # on a Moore graph every pair has one shortest path: the table is sp-min's only choice
    sf = build("slimfly", q=5, p=1)
    dist = make_routing(sf, "sp-min").tables.dist
    nt = next_hop_table(sf)
    a = sf.arcs()
    for s in range(0, 50, 7):
        for t in range(50):
            if s != t:
                assert dist[a.dst[nt[s, t]], t] == dist[s, t] - 1


def test_only_the_base_step_is_inlined_into_the_engine():
    # the routings' own candidate functions are compiled as functions of their own (LLVM decides
    # about inlining them); the dispatch and the base step are always inlined
    from sim import routings
    from sim.routings import dor, table, ugal, valiant, valiant_any

    for fn in (dor.candidates, table.candidates, valiant.phase1_candidates, valiant_any.phase1_candidates,
               ugal.source_candidates):
        assert not fn.targetoptions.get("forceinline", False), fn.py_func.__qualname__
    assert routings.dispatch._assign_vcs.targetoptions.get("forceinline")
    assert routings.dispatch._OPTS.get("forceinline")  # the generated dispatch (numba overloads)


def test_no_compiled_function_is_inlined_at_numba_ir_level():
    # numba's IR inlining (inline="always") re-runs the callee's frontend and deep-copies its IR
    # at every call site: the engine's cold compile was 46 s with it and 28 s with LLVM-level
    # inlining (forceinline) of the same functions, and the loop 10% faster
    import sim
    import topoanalysis

    found = []
    for pkg in (sim, topoanalysis):
        root = Path(pkg.__file__).parent
        for f in root.rglob("*.py"):
            if re.search(r"jit\([^)]*\binline\s*=\s*[\"']always", f.read_text()):
                found.append(str(f.relative_to(root.parent)))
    assert found == [], found


def _multi_vc_state(rng, A, nv, cap):
    """Random credit state of A arcs with nv VCs each: free slots per (arc, VC), ports busy or not."""
    free = rng.integers(0, cap + 1, size=(A, nv))
    cr_time = np.full(A * nv * cap, 99, np.int64)
    for a in range(A):
        for w in range(nv):
            off = (a * nv + w) * cap
            cr_time[off:off + free[a, w]] = 0
    cr_av = np.where(free.reshape(-1) > 0, 0, 99).astype(np.int64)
    out_busy = np.where(rng.random(A) < 0.2, 11, 0).astype(np.int64)
    return cr_time, cr_av, out_busy


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_a_vc_range_chooses_as_its_expansion(policy):
    # sim.policies: a candidate whose VC field is the range -k stands for (arc, 0..k-1) in order;
    # every policy must pick the same (arc, VC) from either form and draw the same random numbers
    rng = np.random.default_rng(7)
    A, nv, cap = 5, 3, 4
    for trial in range(300):
        cr_time, cr_av, out_busy = _multi_vc_state(rng, A, nv, cap)
        arcs = rng.permutation(A)[:rng.integers(1, A + 1)].tolist()
        labs = rng.integers(0, 2, size=len(arcs)).tolist()
        picks = []
        for expanded in (False, True):
            if expanded:
                c_arc = np.repeat(arcs, nv).astype(np.int64)
                c_vc = np.tile(np.arange(nv), len(arcs)).astype(np.int64)
                c_lab = np.repeat(labs, nv).astype(np.int64)
            else:
                c_arc, c_vc, c_lab = (np.array(arcs, np.int64), np.full(len(arcs), -nv, np.int64),
                                      np.array(labs, np.int64))
            n = c_arc.size
            st = np.array([trial + 1], np.uint64)
            cand = candidates(c_arc, c_vc, np.ones(n, np.int64), c_lab)
            lv = Live(10, nv, 0, np.zeros(1, np.int64), np.zeros(1, np.int64), np.full(A, nv, np.int64),
                      np.zeros(A * nv, np.int64), out_busy, cr_av, _counts(cr_time, A, nv, cap),
                      np.arange(A, dtype=np.int64) * nv * cap, np.full(A, cap, np.int64), cr_time,
                      np.zeros(A, np.int64), 0, 0, 2, np.zeros(A, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int32))
            c = select(POLICIES[policy], n, cand, False, 0, lv, st)
            picks.append((None if c < 0 else (int(cand.arc[c]), int(cand.vc[c])), int(st[0])))
        assert picks[0] == picks[1], (policy, trial, arcs, labs)


@pytest.mark.parametrize("name", ["valiant", "pb"])
def test_destination_group_option_draws_fogsims_intermediate(df42, name):
    # FOGSim's VAL (generatorModule.cc:111-114 at b934297) draws the intermediate outside the
    # source group only: 1/(G - 1) of the packets draw the destination's group and go minimally;
    # the paths stay those of Valiant and the minimal routing, with the same VCs (no new cycle)
    from sim.cdg import dependency_cycle

    rout = make_routing(df42, name, destination_group=True)
    G = 9
    nk = len(df42.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(df42, 1, one, one, 4 * one)
    group = df42.labels["group"]
    draws = []
    for seed in range(1, 2001):
        pk = single_packet(nk)
        pk.dr[0] = 20
        route_init(rout.tables, net, pk, 0, 0, 20, np.array([seed], np.uint64))
        if name == "valiant":
            draws.append(int(pk.inter[0]) if pk.flags[0] & F_PHASE1 else int(group[20]))
    if name == "valiant":
        counts = np.bincount(draws, minlength=G)
        assert counts[group[0]] == 0 and (counts[np.arange(G) != group[0]] > 180).all()
    assert dependency_cycle(df42, rout) is None
    with pytest.raises(ValueError, match="destination_group must be True or False"):
        make_routing(df42, name, destination_group=1)
    with pytest.raises(ValueError, match="applies to dragonflies"):
        make_routing(build("slimfly", q=5), "valiant", destination_group=True)


def test_route_states_stops_before_a_state_whose_channels_do_not_fit():
    # the batch router of the channel-dependency enumeration (sim.cdg) writes whole states only:
    # outputs too small for the next state end the call before it, -1 when it does not fit alone
    from sim.routings import VC_SCHEMES, route_states

    top = build("dragonfly", a=2, h=1, p=1)
    rout = make_routing(top, "min")
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(top, 1, one, one, 64 * one)
    pk = single_packet(nk)
    # three fresh heads: router 0 to 1, 2 and 3 (rows: destination, intermediate, router, hops, flags, hops per kind)
    st = np.array([(d, -1, 0, 0, 0, *(0,) * nk) for d in (1, 2, 3)], np.int64)
    bufs = [np.empty(512, np.int64) for _ in range(6)]

    def call(cap):
        used, o_n = np.zeros(nk, np.int64), np.zeros(len(st), np.int64)
        out = [np.empty(cap, np.int64) for _ in range(5)] + [np.empty((cap, nk), np.int64)]
        i, m = route_states(rout.tables, net, pk, VC_SCHEMES["routing"], st, 0, False, *bufs, used, o_n, *out)
        return i, m, out[0][: max(m, 0)].tolist()

    i, m, arcs = call(1000)
    assert i == 3 and m == len(arcs) >= 3
    # room for all but the last channel: the last state is left for the next call, whole
    i1, m1, arcs1 = call(m - 1)
    assert i1 == 2 and arcs1 == arcs[:m1] and call(m1)[0] == 2
    assert call(0)[:2] == (0, -1)
