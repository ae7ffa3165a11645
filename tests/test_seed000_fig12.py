"""Seed 000 (Camarero, Vallejo & Beivide 2014) §4's scale of the canonical dragonfly and §8's Fig. 12
(compute nodes against router radix, 2 and 3 levels), against the numbers and orderings the paper states."""

from __future__ import annotations

import numpy as np
import pytest

from topoanalysis import build
from topoanalysis.cli import main
from topoanalysis.invariants.moore import moore_bound, moore_fraction
from topoanalysis.reproduce import seed000_fig12 as fig

CURVES = fig.curves(64)


def measured(key: str):
    return fig.MEASURED[key](CURVES)


def test_every_statement_is_measured():
    assert set(fig.MEASURED) == set(fig.PAPER)
    assert set(fig.TABLE_IV) <= set(fig.DESIGNS) == set(CURVES)


def test_canonical_dragonfly_tends_to_4_27_of_the_moore_bound():
    # §4: "The canonical dragonfly, for k = 3, asymptotically reaches 4/27 of the vertices of the Moore bound".
    # Balanced a = 2h, b = ah + 1 routers a(ah + 1), degree 3h - 1, for h = 1, 2, 4, ..., 4096.
    hs = [2 ** k for k in range(13)]
    frac = [fig.canonical_limit(h)["moore fraction"] for h in hs]
    assert frac[0] == pytest.approx(6 / 7)              # h = 1: 6 routers, degree 2, bound 7
    assert frac[5] == pytest.approx(0.1546, abs=1e-4)   # h = 32, k' = 95: seed 002 Fig. 5b's dragonfly
    assert all(x > y > fig.PAPER["dragonfly / Moore bound, h -> inf"] for x, y in zip(frac, frac[1:]))
    assert measured("dragonfly / Moore bound, h -> inf") == frac[-1]
    assert frac[-1] == pytest.approx(fig.PAPER["dragonfly / Moore bound, h -> inf"], abs=1e-4)   # 0.14820 vs 0.14815
    # the gap closes like 1/h: M(3h - 1, 3) = 27h^3 - 36h^2 + ..., so h (fraction - 4/27) -> (4/27)(4/3) = 16/81
    assert hs[-1] * (frac[-1] - 4 / 27) == pytest.approx(16 / 81, rel=0.01)


def test_the_balanced_split_is_the_largest_canonical_dragonfly():
    # the 4/27 is the best any canonical dragonfly of degree Δ reaches: a(a(Δ - a + 1) + 1) routers peak at
    # a = 2h for Δ = 3h - 1
    for h in (1, 2, 5, 16, 64):
        d = 3 * h - 1
        best = max(range(2, d + 1), key=lambda a: a * (a * (d - a + 1) + 1))
        assert best == 2 * h, h
        assert moore_fraction(best * (best * (d - best + 1) + 1), d, 3) == fig.canonical_limit(h)["moore fraction"]


@pytest.mark.parametrize("h", [1, 2, 3, 4])
def test_canonical_closed_form_is_the_generators(h):
    top = build("dragonfly", a=2 * h, h=h)
    deg = int(np.bincount(np.concatenate([top.u, top.v])).max())
    assert deg == 3 * h - 1 and not top.has_parallel_links
    assert moore_fraction(top.n_routers, deg, 3) == fig.canonical_limit(h)["moore fraction"]
    assert top.to_igraph().diameter() == 3 and top.n_routers <= moore_bound(deg, 3)


def test_section4_size_statements():
    # §4: "R ≈ 2a, there are about a^3/2 routers and about a^4/4 compute nodes ... for a given radix R the
    # network comprises up to ≈ R^4/2^6 compute nodes"; ours at h = 4096 (a = 8192, R = 16383)
    for key in ("dragonfly R / 2a", "dragonfly routers / (a^3/2)", "dragonfly nodes / (a^4/4)",
                "dragonfly nodes / (R^4/2^6)"):
        assert measured(key) == pytest.approx(fig.PAPER[key], abs=3e-4), key
    # the lower-order terms still count at h = 16 (R = 63): 262,656 compute nodes against R^4/2^6 = 246,078
    small = fig.canonical_limit(16)
    assert small["nodes / (R^4/2^6)"] == pytest.approx(1.067, abs=1e-3)
    assert fig.largest(CURVES["dragonfly"], 63) == 262_656


def test_fig12a_extreme_cases_and_their_diameters():
    # §8: "The 2D Hamming graph (t = a, diameter k = 2) and the canonical 2-level dragonfly topology (t = 1,
    # k = 3) are extreme cases" (diameters of each design's smallest instance, built)
    assert measured("fig12a diameters: hamming-2d, dragonfly") == fig.PAPER["fig12a diameters: hamming-2d, dragonfly"]
    assert CURVES["hamming-2d"][0]["param"]["trunking"] == CURVES["hamming-2d"][0]["param"]["a"]
    assert CURVES["dragonfly"][0]["param"]["trunking"] == 1


def test_fig12a_trunked_dragonflies_are_smaller_than_the_canonical():
    # §8: "Between them are multiple alternatives with variable trunking and smaller size than the canonical
    # dragonfly"
    assert measured("fig12a trunked below the dragonfly") is fig.PAPER["fig12a trunked below the dragonfly"]
    trunked = CURVES["trunked"]
    assert {r["param"]["trunking"] for r in trunked} == set(range(2, 22)) and len(trunked) > 150
    # the canonical dragonfly exists only at R = 4h - 1: its largest instance at R <= 10 (h = 2, 72 nodes) is
    # smaller than the trunked a = 5, t = 3 at R = 10 (90 nodes), hence the comparison on its line (190 there)
    row = next(r for r in trunked if r["param"]["a"] == 5 and r["param"]["trunking"] == 3)
    assert (row["radix"], row["nodes"]) == (10, 90)
    assert fig.largest(CURVES["dragonfly"], 10) == 72 < 90 < fig.on_curve(CURVES["dragonfly"], 10)
    # and at every radix the trunked ones are above the 2D Hamming graph's line (not a statement of the paper)
    span = range(CURVES["hamming-2d"][0]["radix"], CURVES["hamming-2d"][-1]["radix"] + 1)
    assert all(r["nodes"] > fig.on_curve(CURVES["hamming-2d"], r["radix"]) for r in trunked if r["radix"] in span)


def test_fig12b_designs_their_diameters_and_order():
    # §8: "scaling from a 3D Hamming graph (t2 = a, t3 = a^2, k = 3) to a Cascade-like Dragonfly topology
    # (t2 = a, t3 = 1, k = 5) and then to a canonical 3-level Dragonfly without trunking (k = 7)"
    key = "fig12b diameters: hamming-3d, cascade, dragonfly-3"
    assert measured(key) == fig.PAPER[key]
    order = "fig12b hamming-3d < cascade < dragonfly-3"
    assert measured(order) is fig.PAPER[order]
    h3, cas, c3 = (CURVES[d][0]["param"] for d in ("hamming-3d", "cascade", "dragonfly-3"))
    assert (h3["t2"], h3["t3"]) == (h3["a"], h3["a"] ** 2)
    assert (cas["t2"], cas["t3"]) == (cas["a"], 1) and (c3["t2"], c3["t3"]) == (1, 1)
    # ours at R = 32: 5,832, 366,630 and 86,797,172 compute nodes (largest instance with <= 32 ports)
    assert [fig.largest(CURVES[d], 32) for d in ("hamming-3d", "cascade", "dragonfly-3")] == \
        [5_832, 366_630, 86_797_172]


def test_table_iv_formulas_follow_our_curves():
    # Table IV's compute-node column is approximate: each formula's ratio to our exact count tends to 1
    # with R; at the largest R <= 200 all but the unnamed case's leading-term-only R^6/(2^6 3^3) are within 0.2%
    wide = fig.curves(200)
    for design, formula in fig.TABLE_IV.items():
        ratios = [r["nodes"] / formula(r["radix"]) for r in wide[design] if r["radix"] >= 24]
        assert abs(ratios[-1] - 1) < abs(ratios[0] - 1), design
        assert abs(ratios[-1] - 1) < (0.04 if design == "unnamed" else 0.002), (design, ratios[-1])
    # the Cascade-like row as printed (54R^3) is further from our count than with 54R^4 (the strict xfail in
    # test_dragonfly3.py): at R = 54, 1.0157 against 1.0009
    row = next(r for r in wide["cascade"] if r["radix"] == 54)
    corrected = (54 ** 6 + 12 * 54 ** 5 + 54 * 54 ** 4) / (2 ** 2 * 3 ** 6)
    assert row["nodes"] / fig.TABLE_IV["cascade"](54) == pytest.approx(1.0157, abs=1e-4)
    assert row["nodes"] / corrected == pytest.approx(1.0009, abs=1e-4)


def test_curves_are_the_generators_networks():
    checked = fig.verify(max_routers=100)
    assert {d for d, _, _ in checked} == set(fig.DESIGNS) - {"dragonfly-3"}   # its smallest has 3,080 routers
    assert [(d, p) for d, p, ok in checked if not ok] == []


def test_on_curve_interpolates_on_a_log_axis():
    rows = [{"radix": 2, "nodes": 10}, {"radix": 4, "nodes": 1000}, {"radix": 4, "nodes": 10}]
    assert fig.on_curve(rows, 3) == pytest.approx(100)
    assert fig.on_curve(rows, 4) == 1000
    with pytest.raises(ValueError, match="outside"):
        fig.on_curve(rows, 5)


def test_reproduce_command(capsys, tmp_path):
    assert main(["reproduce", "seed000-fig12"]) == 0
    out = capsys.readouterr().out
    assert "fig12b hamming-3d < cascade < dragonfly-3" in out and "0.148196" in out
    assert main(["reproduce", "seed000-fig12", "--plot", str(tmp_path / "f12.png")]) == 0
    assert (tmp_path / "f12.png").stat().st_size > 1000
    assert main(["reproduce", "seed000-fig12", "--full"]) == 2
