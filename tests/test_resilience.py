"""Resiliency under random link failures: seed 002 (Besta & Hoefler) §III-D and Table III.

Table III (disconnection, % of cables removable), columns T3D T5D HC LH-HC FT-3 DF FBF-3 DLN SF
(order reconstructed from the §III-D1 text: tori fall with N, HC/LH-HC constant, SF/DLN reach 75%):

    N=512:  30  -  40  55  35   -  55  60  60
    N=1024: 25  40 40  55  40  50  60   -   -
    N=2048: 20  -  40  55  40  55  65  65  65
    N=4096: 15  -  45  55  55  60  70  70  70
    N=8192: 10  35 45  55  60  65   -  75  75
"""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest

from topoanalysis.cli import main
from topoanalysis.families import build
from topoanalysis.generators.slimfly import slimfly
from topoanalysis.resilience import METRICS, distance_summary, failure_thresholds, resilience
from topoanalysis.topology import Topology


def torus(dims: tuple[int, ...]) -> Topology:
    """k-ary n-cube with one endpoint per router (seed 002 §III: p = 1 for T3D/T5D/HC)."""
    return build("torus", dims=list(dims), p=1)


def ring(n: int) -> Topology:
    return Topology(n, np.arange(n), (np.arange(n) + 1) % n)


# ----------------------------------------------------------------------------- exact small cases
def test_ring_survives_exactly_one_failure():
    # C_20, step 5% = one link: any one failure keeps a path, any two cut it
    res = resilience(ring(20), samples=25, seed=4, metrics=["disconnection"])
    m = res.metrics["disconnection"]
    assert np.all(m.thresholds == 0.05) and m.half_width == 0.0 and m.table_value == 0.05
    assert res.holds["disconnection"][:2].tolist() == [1.0, 1.0] and res.holds["disconnection"][2] == 0.0


def test_tree_disconnects_at_first_failure():
    path = Topology(11, np.arange(10), np.arange(1, 11))  # 10 links: step 10% = one link
    res = resilience(path, samples=5, step=0.1, metrics=["disconnection", "diameter_plus_2"], unreachable="fail")
    assert res.metrics["disconnection"].mean == 0.0 and res.metrics["diameter_plus_2"].mean == 0.0


def _brute(top: Topology, perm: np.ndarray, removed: np.ndarray, unreachable: str) -> dict[str, int]:
    """Thresholds by networkx, step by step from 0 (first failure ends each metric)."""
    _, d0, a0 = distance_summary(top)
    out = {}
    alive = {name: True for name in METRICS}
    for i, k in enumerate(removed):
        keep = perm[k:]
        g = nx.MultiGraph()
        g.add_nodes_from(range(top.n_routers))
        g.add_edges_from(zip(top.u[keep].tolist(), top.v[keep].tolist()))
        conn = nx.is_connected(g)
        dist = dict(nx.all_pairs_shortest_path_length(g))
        vals = [d for s, row in dist.items() for t, d in row.items() if s != t]
        if unreachable == "fail":
            d_ok = conn and max(vals) <= d0 + 2
            a_ok = conn and np.mean(vals) <= a0 + 1 + 1e-9
        else:
            d_ok = not vals or max(vals) <= d0 + 2
            a_ok = not vals or np.mean(vals) <= a0 + 1 + 1e-9
        for name, ok in zip(METRICS, (conn, d_ok, a_ok)):
            if alive[name] and not ok:
                alive[name] = False
                out[name] = i - 1
    for name in METRICS:
        out.setdefault(name, len(removed) - 1)
    return out


@pytest.mark.parametrize("unreachable", ["fail", "ignore"])
def test_thresholds_match_networkx(unreachable):
    top = slimfly(4)  # 32 routers, 96 links
    rng = np.random.default_rng(11)
    perms = np.stack([rng.permutation(top.n_links) for _ in range(6)])
    got = failure_thresholds(top, perms, 0.05, unreachable=unreachable)
    removed = np.floor(np.arange(21) * 0.05 * top.n_links + 1e-9).astype(int)
    for s in range(perms.shape[0]):
        want = _brute(top, perms[s], removed, unreachable)
        assert {k: int(v[s]) for k, v in got.items()} == want


def test_parallel_links_fail_separately():
    # two routers joined by 3 parallel cables: connected until all three fail
    top = Topology(2, [0, 0, 0], [1, 1, 1])
    perms = np.array([[0, 1, 2], [2, 0, 1]])
    got = failure_thresholds(top, perms, step=1 / 3, metrics=["disconnection"])
    assert got["disconnection"].tolist() == [2, 2]


# ----------------------------------------------------------------------------- sampling and statistics
def test_same_seed_same_result_and_prefix_stable():
    top = slimfly(5)
    a = resilience(top, samples=12, seed=7)
    b = resilience(top, samples=12, seed=7)
    c = resilience(top, samples=24, seed=7)
    d = resilience(top, samples=12, seed=8)
    for name in METRICS:
        assert np.array_equal(a.metrics[name].thresholds, b.metrics[name].thresholds)
        assert np.array_equal(a.metrics[name].thresholds, c.metrics[name].thresholds[:12])
    assert not all(np.array_equal(a.metrics[n].thresholds, d.metrics[n].thresholds) for n in METRICS)


def test_adaptive_sampling_reaches_paper_ci():
    # seed 002 §III-D1: "enough samples to guarantee a 95% confidence interval of width 2" (pp)
    res = resilience(slimfly(5), seed=2, metrics=["disconnection"], min_samples=20, batch=20)
    m = res.metrics["disconnection"]
    assert res.converged and m.half_width <= 0.01 and res.samples > 20
    assert m.ci_low <= m.mean <= m.ci_high
    # stopping as soon as the CI is narrow enough: one batch fewer would not have been enough
    fewer = resilience(slimfly(5), seed=2, metrics=["disconnection"], samples=res.samples - 20)
    assert fewer.metrics["disconnection"].half_width > 0.01


def test_per_step_statistics_are_consistent():
    res = resilience(slimfly(5), samples=30, seed=1)
    for name in METRICS:
        h = res.holds[name]
        assert h[0] == 1.0 and np.all(np.diff(h) <= 0)
        lo, hi = res.holds_ci[name]
        assert np.all(lo <= h + 1e-12) and np.all(h <= hi + 1e-12)
        # the mean threshold is the area under the survival curve (steps 1..)
        assert np.isclose(res.metrics[name].mean, h[1:].sum() * res.step)
    # a criterion that also requires the network to be intact cannot outlast connectivity
    strict = resilience(slimfly(5), samples=30, seed=1, unreachable="fail")
    for name in ("diameter_plus_2", "avg_path_plus_1"):
        assert np.all(strict.metrics[name].thresholds <= strict.metrics["disconnection"].thresholds)


def test_bad_input_is_rejected():
    with pytest.raises(ValueError, match="connected"):
        resilience(Topology(4, [0, 2], [1, 3]), samples=2)
    with pytest.raises(ValueError, match="step"):
        resilience(ring(5), step=0)
    with pytest.raises(ValueError, match="metrics"):
        resilience(ring(5), metrics=["latency"])
    with pytest.raises(ValueError, match="samples"):
        resilience(ring(5), samples=0)
    with pytest.raises(ValueError, match="unreachable"):
        resilience(ring(5), unreachable="maybe")
    with pytest.raises(ValueError, match="max_samples"):
        resilience(ring(5), min_samples=50, max_samples=10)


# ----------------------------------------------------------------------------- seed 002 Table III
# Every cell of Table III we can build is compared with the paper in test_resilience_table3.py.
def test_t3d_level_falls_with_n():
    # §III-D1: the torus level falls as N grows (Table III: 30% at N=512, 25% at 1024)
    levels = [resilience(torus(d), seed=1, metrics=["disconnection"]).metrics["disconnection"].mean
              for d in ((8, 8, 8), (16, 8, 8), (16, 16, 16))]
    assert levels[0] > levels[1] > levels[2]


def test_table3_shape():
    # §III-D1: SF more resilient than tori and hypercubes of similar size; HC level does not
    # change with N while T3D's falls
    sf = resilience(slimfly(7), seed=1, metrics=["disconnection"]).metrics["disconnection"].mean
    t3 = resilience(torus((8, 8, 8)), seed=1, metrics=["disconnection"]).metrics["disconnection"].mean
    hc9 = resilience(torus((2,) * 9), seed=1, metrics=["disconnection"]).metrics["disconnection"].mean
    hc11 = resilience(torus((2,) * 11), seed=1, metrics=["disconnection"]).metrics["disconnection"].mean
    assert sf > hc9 > t3
    assert abs(hc9 - hc11) < 0.02


def test_distance_metrics_shape():
    # §III-D2/3: tori become "rather resilient" on the distance metrics (random failures rarely
    # hit the critical path), unlike the disconnection metric; SF tolerates 55% on the average
    # path length (q=13 here; the paper's figure is for N=2^13)
    t = resilience(torus((8, 8, 8)), seed=1, samples=20)
    assert t.metrics["diameter_plus_2"].mean > t.metrics["disconnection"].mean
    sf = resilience(slimfly(13), seed=1, samples=10, metrics=["avg_path_plus_1"])
    assert sf.metrics["avg_path_plus_1"].table_value == 0.55


# ----------------------------------------------------------------------------- CLI
def test_cli_json(capsys):
    code = main(["resilience", "slimfly", "--q", "5", "--samples", "10", "--seed", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in ("disconnection", "diameter_plus_2", "avg_path_plus_1"):
        assert 0 < out[key] < 1
    assert out["details"]["samples"] == 10 and out["details"]["seed"] == 3
    lib = resilience(slimfly(5), samples=10, seed=3)
    assert out["disconnection"] == round(lib.metrics["disconnection"].mean, 6)


def test_cli_error_is_one_line(capsys):
    code = main(["resilience", "slimfly", "--q", "5", "--samples", "0"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "samples" in err


def test_progress_bar_changes_nothing(capsys):
    import topoanalysis as ta
    from topoanalysis.resilience import resilience

    top = ta.build("hypercube", n=4)
    quiet = resilience(top, samples=4, seed=2).to_dict()
    shown = resilience(top, samples=4, seed=2, progress=True).to_dict()
    assert quiet == shown and "sample" in capsys.readouterr().err
