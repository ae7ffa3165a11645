"""Seed 002 Fig. 5b (§II-C) and Fig. 5a's Slim Fly (§II-B3): routers against radix as fractions of
the Moore bound, checked against the numbers the paper states for k' = 96."""

from __future__ import annotations

import pytest

from topoanalysis.cli import main
from topoanalysis.reproduce import seed002_fig5b as fig

CURVES = fig.curves(128)


def measured(key: str) -> float:
    return fig.MEASURED[key](CURVES)


def test_every_statement_is_measured():
    assert set(fig.MEASURED) == set(fig.PAPER)


def test_slim_fly_at_96_is_the_papers():
    # §II-B3: "For k' = 96, MMS has 8,192 routers ... the upper bound (9,217)"
    row = fig.at_radix(CURVES["SF"], 96)
    assert row["radix"] == 96 and row["param"] == {"q": 64}
    assert measured("sf routers, k'=96") == fig.PAPER["sf routers, k'=96"] == 8192
    assert measured("moore bound D=2, k'=96") == fig.PAPER["moore bound D=2, k'=96"] == 9217
    assert measured("sf below the bound, k'=96") == pytest.approx(fig.PAPER["sf below the bound, k'=96"], abs=0.01)


def test_delorme_and_bdf_fractions_are_the_papers():
    # §II-C: "Delorme and BDF graphs achieve, respectively, 68% and 30% of the Moore Bound"
    assert fig.at_radix(CURVES["DEL"], 96)["param"] == {"v": 9}          # k' = 100
    assert fig.at_radix(CURVES["BDF"], 96)["param"] == {"u": 61}         # k' = 93
    assert round(measured("del fraction, k'=96"), 2) == fig.PAPER["del fraction, k'=96"]
    assert measured("bdf fraction, k'=96") == pytest.approx(fig.PAPER["bdf fraction, k'=96"], abs=0.006)


def test_dragonfly_and_fbf3_fractions_at_96():
    # ours: balanced dragonfly h = 32 (k' = 95): 131,136 routers, 15.5% of the Moore bound;
    # FBF-3 s = 33 (k' = 96): 35,937 routers, 4.1%
    df, fbf = fig.at_radix(CURVES["DF"], 96), fig.at_radix(CURVES["FBF-3"], 96)
    assert (df["param"], df["routers"]) == ({"a": 64, "h": 32}, 131_136)
    assert (fbf["param"], fbf["routers"]) == ({"s": 33}, 35_937)


@pytest.mark.xfail(strict=True, reason="[seed002-fig5b] Besta & Hoefler 2014, §II-C: dragonfly 14% of the Moore bound "
                                        "at k' = 96; ours 15.5% (a = 64, h = 32, k' = 95; 15.4% at k' = 96 with a = 65)")
def test_dragonfly_fraction_is_the_papers():
    assert measured("df fraction, k'=96") == pytest.approx(fig.PAPER["df fraction, k'=96"], abs=0.005)


def test_dragonfly_fraction_is_the_papers_ours():
    assert measured("df fraction, k'=96") == pytest.approx(0.1546, abs=1e-4)


@pytest.mark.xfail(strict=True, reason="[seed002-fig5b] "
                                       "Besta & Hoefler 2014, §II-C: FBF-3 '~3 times worse' than the dragonfly; ours "
                                       "3.77")
def test_fbf3_ratio_is_the_papers():
    assert measured("df / fbf-3, k'=96") == pytest.approx(fig.PAPER["df / fbf-3, k'=96"], abs=0.5)


def test_fbf3_ratio_is_the_papers_ours():
    assert measured("df / fbf-3, k'=96") == pytest.approx(3.77, abs=0.01)


def test_fractions_order_and_limits():
    # Fig. 5b's ordering at every k' where all four exist near each other: DEL > BDF > DF > FBF-3
    for k in (30, 60, 96, 120):
        f = {fam: fig.at_radix(CURVES[fam], k)["fraction"] for fam in ("DEL", "BDF", "DF", "FBF-3")}
        assert f["DEL"] > f["BDF"] > f["DF"] > f["FBF-3"], k
    # BDF tends to 8/27 of k'^3, below it from the start
    assert all(r["fraction"] < 8 / 27 for r in CURVES["BDF"])
    assert CURVES["BDF"][-1]["fraction"] == pytest.approx(8 / 27, abs=0.003)


def test_curves_are_the_generators_networks():
    checked = fig.verify(max_routers=500)
    fams = {fam for fam, _, _ in checked}
    assert fams == set(fig.FAMILIES)
    assert [(fam, par) for fam, par, ok in checked if not ok] == []


def test_reproduce_command(capsys, tmp_path):
    assert main(["reproduce", "seed002-fig5b"]) == 0
    out = capsys.readouterr().out
    assert "del fraction, k'=96" in out and "0.6791" in out
    assert main(["reproduce", "seed002-fig5b", "--plot", str(tmp_path / "f5b.png")]) == 0
    assert (tmp_path / "f5b.png").stat().st_size > 1000
    assert main(["reproduce", "seed002-fig5b", "--full"]) == 2


def test_size_figures_share_verify_and_command_line():
    # Fig. 5a, Fig. 5b (seed 002) and seed 000 Fig. 12 run one verify loop and one command line
    # (topoanalysis/reproduce/_size_curves.py); each keeps its own minimum radix and routers limit
    from topoanalysis.reproduce import _size_curves, seed000_fig12, seed002_fig5a

    for mod, low in ((fig, 95), (seed002_fig5a, 95), (seed000_fig12, 15)):
        with pytest.raises(ValueError, match=f"--max-radix must be >= {low + 1}"):
            mod.main(["--max-radix", str(low)])
    rows = {"X": [{"param": {"s": 1}, "routers": 5}, {"param": {"s": 2}, "routers": 50}]}
    got = _size_curves.verify_rows(rows, lambda f, r: r["routers"], lambda f, r, t: t == 5, max_routers=10)
    assert got == [("X", {"s": 1}, True)]
