"""Seed 004 §V: stencil task mappings on dragonflies (Figs. 6 and 7), the criteria check, the
search for the fewest group configurations, and a mapping's phase as simulator traffic."""

from __future__ import annotations

import numpy as np
import pytest

import topoanalysis as ta
from topoanalysis.mapping import Stencil, check_mapping, find_mapping, group_configurations, stencil_traffic
from topoanalysis.reproduce import seed004_fig6 as fig


@pytest.fixture(scope="module")
def fig6():
    return {case: fig.run(case) for case in fig.CASES if case.startswith("fig6")}


def test_stencil_edges():
    s = Stencil(3, 2)
    assert len(s.edges()) == 2 * 2 + 3 * 1
    assert (s.task(2, 1), s.n_tasks) == (5, 6)
    with pytest.raises(ValueError, match="nx"):
        Stencil(0, 2)


@pytest.mark.parametrize("case", [c for c in fig.CASES if c.startswith("fig6")])
def test_fig6_mappings_meet_the_criteria(fig6, case):
    # seed 004 §V: "In each phase, all paths are the same length, each link is used at most once,
    # and each switch handles the same amount of traffic"
    r = fig6[case]
    assert r.status == "OPTIMAL" and r.report.ok is fig.PAPER["fig6 criteria met, every arrangement"]
    phases = {p.name: p for p in r.report.phases}
    assert phases["local"].path_lengths == (1,) and phases["global"].path_lengths == (1,)
    assert phases["multi-hop"].path_lengths == (3,)
    # every neighbour pair of the 6 x 6 job, both ways: 60 pairs, 120 messages
    assert sum(p.messages for p in phases.values()) == 120
    again = check_mapping(fig.network(case), fig.CASES[case][1], r.switch_of_task, fig.CASES[case][2])
    assert again == r.report


def test_fig6_relative_needs_the_papers_two_configurations(fig6):
    assert fig6["fig6 relative"].configurations == fig.PAPER["fig6 relative configurations"]
    assert fig6["fig6 relative"].proven_minimal


def test_fig6_absolute_and_circulant_need_fewer_than_the_papers_six(fig6):
    # the paper's Figs. 6(b), 6(c) use 6 configurations each; they are the mappings it found,
    # not minima: ours need 3 (absolute) and 4 (circulant-based), proven minimal under the
    # same criteria and block structure.  The paper's point stands: relative needs the fewest.
    got = {c: fig6[c].configurations for c in ("fig6 absolute", "fig6 circulant")}
    assert got == {"fig6 absolute": 3, "fig6 circulant": 4}
    assert all(fig6[c].proven_minimal for c in got)
    assert all(n <= fig.PAPER[c + " configurations"] for c, n in got.items())
    assert fig6["fig6 relative"].configurations < min(got.values())


@pytest.mark.slow
def test_fig7_one_configuration_but_the_multihop_phase_needs_two_rounds():
    # Fig. 7's 3 x 2 blocks: three task pairs cross each y-boundary and one global link joins
    # the two groups, so two pairs share it in the multi-hop phase; no mapping meets "each link
    # at most once" in one phase (proven infeasible), and with two uses of a link per phase one
    # group configuration suffices, as the paper says
    strict = fig.run("fig7 relative")
    assert strict.status == "INFEASIBLE"
    loose = fig.run("fig7 relative", max_link_use=2)
    assert loose.configurations == fig.PAPER["fig7 relative configurations"] and loose.proven_minimal
    phases = {p.name: p for p in loose.report.phases}
    assert phases["multi-hop"].max_channel_use == 2 and loose.report.problems == (
        "multi-hop: a channel carries 2 messages",)
    assert all(p.balanced and p.equal_lengths for p in phases.values())


def test_check_mapping_finds_what_breaks_the_criteria():
    top = fig.network("fig6 relative")
    bad = check_mapping(top, Stencil(6, 6), np.random.default_rng(1).permutation(36))
    assert not bad.ok and any("hops" in p or "carries" in p for p in bad.problems)
    with pytest.raises(ValueError, match="two tasks on one switch"):
        check_mapping(top, Stencil(6, 6), np.zeros(36, dtype=int))
    with pytest.raises(ValueError, match="one switch"):
        check_mapping(top, Stencil(6, 6), np.arange(35))
    with pytest.raises(ValueError, match="needs a dragonfly"):
        check_mapping(ta.build("hypercube", n=3), Stencil(2, 2), np.arange(4))
    with pytest.raises(ValueError, match="tile"):
        find_mapping(top, Stencil(6, 6), (4, 2))
    with pytest.raises(ValueError, match="do not fit"):
        find_mapping(top, Stencil(6, 6), (3, 2))
    # consecutive switches of consecutive groups: a 2 x 2 block per group, one configuration
    assert group_configurations(top, Stencil(2, 2), np.array([0, 1, 2, 3]), (2, 2)) == 1


def test_a_phase_runs_as_simulator_traffic(fig6, tmp_path):
    from sim import simulate
    from sim.traffic import build_traffic

    top = fig.network("fig6 relative").with_endpoints(2)
    dest = stencil_traffic(top, Stencil(6, 6), fig6["fig6 relative"].switch_of_task, "+x")
    assert (dest >= 0).sum() == 2 * 30  # 30 tasks have a +x neighbour, 2 endpoints each
    path = tmp_path / "plus_x.txt"
    np.savetxt(path, dest, fmt="%d")
    _, active = build_traffic(top, f"map:{path}")
    assert np.array_equal(active, dest >= 0)
    r = simulate(top, "min", f"map:{path}", 0.2, warmup=200, cycles=500, model="seed001")
    assert r["status"] == "ok" and r["accepted_load"] == pytest.approx(0.2, rel=0.15)
    # minimal routing follows the mapping's paths: 1 hop locally or globally, 3 for multi-hop
    assert 1.0 <= r["average_hops"] <= 3.0
    for bad, match in (("1\n2\n", "must hold"), ("\n".join(["99"] * 72), "destinations"),):
        f = tmp_path / "bad.txt"
        f.write_text(bad)
        with pytest.raises(ValueError, match=match):
            build_traffic(top, f"map:{f}")
    with pytest.raises(ValueError, match="does not exist"):
        build_traffic(top, f"map:{tmp_path / 'none.txt'}")
