"""Seed 002 (Besta & Hoefler 2014) Fig. 5a, §II-B3: diameter-2 networks against the Moore bound over the
figure's radix range, checked against what the text states."""

from __future__ import annotations

import pytest

from topoanalysis.cli import main
from topoanalysis.reproduce import seed002_fig5a as fig

CURVES = fig.curves(100)


def measured(key: str):
    return fig.MEASURED[key](CURVES)


def test_every_statement_is_measured():
    assert set(fig.MEASURED) == set(fig.PAPER)


def test_slim_fly_at_96_is_the_papers():
    # §II-B3: "For k' = 96, MMS has 8,192 routers, which is only 12% worse than the upper bound (9,217)"
    assert measured("sf routers, k'=96") == fig.PAPER["sf routers, k'=96"]
    assert measured("moore bound D=2, k'=96") == fig.PAPER["moore bound D=2, k'=96"]
    assert measured("sf below the bound, k'=96") == pytest.approx(fig.PAPER["sf below the bound, k'=96"], abs=0.01)


def test_slim_fly_is_the_closest_to_the_bound_over_the_range():
    # §II-B3: "SF MMS is very close to the optimum", the other D = 2 topologies far below
    key = "sf the closest to the bound over the range"
    assert measured(key) is fig.PAPER[key]
    sf = CURVES["SF"]
    assert len(sf) == 26 and sf[-1]["radix"] == 96
    # ours: from k' = 6 on MMS has 80.3% (q = 7) to 100% (q = 5, Hoffman-Singleton) of the bound; 2q^2 over
    # (3q/2)^2 + 1 tends to 8/9
    assert sf[0]["fraction"] == pytest.approx(18 / 26) and max(r["fraction"] for r in sf) == 1.0
    assert min(r["fraction"] for r in sf[1:]) == pytest.approx(0.8033, abs=1e-4)
    big = fig.fig5b_curves(2000)["SF"][-1]
    assert big["fraction"] == pytest.approx(8 / 9, abs=2e-3)


@pytest.mark.xfail(strict=True, reason="[seed002-fig5a] Besta & Hoefler 2014, §II-B3: the other D = 2 topologies are 'up to "
                   "several orders of magnitude worse' than the Moore bound (read as 2 orders, a factor 100); ours "
                   "at k' <= 100: two-stage fat tree 1.82 orders (150 routers against 10,001 at k' = 100), "
                   "two-level Flattened Butterfly 0.58 (the Long Hop of ref. [39] is not built)")
def test_others_are_several_orders_below_the_bound():
    key = "others up to orders of magnitude below the bound, k'<=100"
    assert measured(key) >= fig.PAPER[key]


def test_others_are_several_orders_below_the_bound_ours():
    # the figures the xfail above quotes: the fat tree's N_r = 3k'/2 falls ever further below k'^2 + 1,
    # the flattened butterfly's s^2 stays near a quarter of it
    assert measured("others up to orders of magnitude below the bound, k'<=100") == pytest.approx(1.824, abs=1e-3)
    ft, fbf = CURVES["FT-2"][-1], CURVES["FBF-2"][-1]
    assert (ft["radix"], ft["routers"], ft["moore"]) == (100, 150, 10_001)
    assert (fbf["radix"], fbf["routers"]) == (100, 2_601) and fig.orders_below(fbf) == pytest.approx(0.584, abs=1e-3)
    assert all(fig.orders_below(a) < fig.orders_below(b) for a, b in zip(CURVES["FT-2"], CURVES["FT-2"][1:]))


def test_curves_are_the_generators_networks():
    checked = fig.verify(max_routers=200)
    assert {f for f, _, _ in checked} == set(fig.FAMILIES)
    assert [(f, p) for f, p, ok in checked if not ok] == []


def test_reproduce_command(capsys):
    assert main(["reproduce", "seed002-fig5a"]) == 0
    out = capsys.readouterr().out
    assert "sf below the bound, k'=96" in out and "0.1112" in out
    assert main(["reproduce", "seed002-fig5a", "--plot", "x.png"]) == 2
