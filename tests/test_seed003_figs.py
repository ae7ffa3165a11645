"""Han et al. 2017, Figs. 5, 6 and 7: Valiant and UGAL-L, original and loop-free, on the Slim Fly q = 13
(p = 9) under the sequence traffic, ``seed003`` model, and Fig. 6's hops on q = 5 to 13.  The recorded
runs are ``data/seed003_fig5.csv``, ``data/seed003_fig6.csv`` and ``data/seed003_fig7.csv`` (``python -m
topoanalysis.reproduce.seed003_fig5 -o data/seed003_fig5.csv``, likewise the others: 1,000 + 3,000
cycles, seed 1); ``tests/test_figure_reruns.py`` reruns a sample of their rows."""

from __future__ import annotations

import csv
from pathlib import Path

import pandas as pd
import pytest

from topoanalysis.reproduce import seed003_fig5 as fig5, seed003_fig7 as fig7

DATA = Path(__file__).resolve().parents[1] / "data"


def _df(name: str) -> pd.DataFrame:
    return pd.read_csv(DATA / name, keep_default_na=False, na_values=[""])


@pytest.mark.parametrize("fig,name", [(fig5, "seed003_fig5.csv"), (fig7, "seed003_fig7.csv")])
def test_recorded_figures_have_every_point(fig, name):
    rows = list(csv.DictReader((DATA / name).open()))
    assert sorted((r["routing"], float(r["offered_load"])) for r in rows) == sorted(
        (a, x) for a in fig.ROUTINGS for x in fig.LOADS)
    assert {r["model"] for r in rows} == {"seed003"} and {r["traffic"] for r in rows} == {"hotspot-seq"}
    assert {(r["topology.q"], r["topology.p"]) for r in rows} == {("13", "9")}


@pytest.mark.parametrize("key", ["loop-free latency above the original at every load",
                                 "loop-free saturates at a lower load"])
def test_fig5_loop_free_valiant_is_worse(key):
    # §4.1: "the 'improved' version consistently has a higher average latency and saturates at a lower
    # offered load": ours saturates (latency below 100 cycles) at 0.35 against the original's 0.40
    assert fig5.MEASURED[key](_df("seed003_fig5.csv")) is fig5.PAPER[key]


@pytest.mark.parametrize("variant", ["original", "loop-free"])
def test_fig6_valiant_hops_on_q13(variant):
    # Fig. 6, q = 13: 5.8 and 6.0 hops, node links included; ours 5.795 and 5.996
    key = f"hops, {variant}"
    assert fig5.MEASURED[key](_df("seed003_fig5.csv")) == pytest.approx(fig5.PAPER[key], abs=0.05)


def test_fig7_loop_free_ugal_saturates_later():
    # §4.2: the improved version saturates later (0.47 against 0.43); ours 0.53 against 0.52
    assert fig7.MEASURED["loop-free saturates later"](_df("seed003_fig7.csv")) is True


@pytest.mark.xfail(strict=True, reason="[seed003-fig9] Han et al. 2017, §4.2/Fig. 7: UGAL-L saturates at 0.43 "
                                       "(original) and 0.47 (loop-free) on q = 13; ours 0.52 and 0.53 (latency "
                                       "below 100 cycles, 0.01 steps), as Fig. 9's searches give (0.516, 0.531)")
def test_fig7_saturation_points():
    df = _df("seed003_fig7.csv")
    for key in ("saturation, original", "saturation, loop-free"):
        assert fig7.MEASURED[key](df) == pytest.approx(fig7.PAPER[key], rel=0.1), key


def test_fig7_saturation_points_ours():
    df = _df("seed003_fig7.csv")
    assert (fig7.MEASURED["saturation, original"](df), fig7.MEASURED["saturation, loop-free"](df)) == (0.52, 0.53)


@pytest.mark.xfail(strict=True, reason="[seed003-fig7] Han et al. 2017, §4.2: UGAL-L minimal for about 99 % of "
                                       "messages at load 0.1, about 30 % Valiant at 0.15, and 3 hops at the lowest "
                                       "load (node links included); ours 0.228 and 0.423 non-minimal, 3.15 hops at "
                                       "0.05: the pattern loads each router's one minimal link to 0.9 of its "
                                       "capacity at 0.1, where a queue forms)")
def test_fig7_s_curve():
    df = _df("seed003_fig7.csv")
    assert fig7.MEASURED["valiant share at 0.1, original"](df) <= 0.02
    assert fig7.MEASURED["valiant share at 0.15, original"](df) == pytest.approx(0.30, abs=0.1)
    assert all(h == pytest.approx(3.0, abs=0.1)
               for h in fig7.MEASURED["hops at the lowest load, original and loop-free"](df))


def test_fig7_s_curve_ours():
    df = _df("seed003_fig7.csv")
    assert round(fig7.MEASURED["valiant share at 0.1, original"](df), 3) == 0.228
    assert round(fig7.MEASURED["valiant share at 0.15, original"](df), 3) == 0.423
    assert tuple(round(h, 2) for h in fig7.MEASURED["hops at the lowest load, original and loop-free"](df)) == (3.15, 3.16)


# ---------------------------------------------------------------- Fig. 6, every size
# ``data/seed003_fig6.csv`` (``python -m topoanalysis.reproduce.seed003_fig6 -o data/seed003_fig6.csv``:
# one light load, 0.05, per curve, 1,000 + 3,000 cycles, seed 1)

def _fig6():
    from topoanalysis.reproduce import seed003_fig6

    return seed003_fig6, _df("seed003_fig6.csv")


def test_fig6_recorded_rows_have_every_curve():
    fig6, _ = _fig6()
    rows = list(csv.DictReader((DATA / "seed003_fig6.csv").open()))
    assert fig6.TABLE.row_problems(rows) == []
    assert {(r["topology.q"], r["topology.p"]) for r in rows} == {("5", "3"), ("7", "5"), ("11", "8"), ("13", "9")}


_FIG6_Q7 = pytest.mark.xfail(strict=True, reason="[seed003-fig6] Han et al. 2017, Fig. 6 prints Valiant's average "
                             "hops to one decimal: 5.9 for the loop-free Valiant on q = 7; ours 5.984, outside 5.85-5.95")
_FIG6_Q11 = pytest.mark.xfail(strict=True, reason="[seed003-fig6] Han et al. 2017, Fig. 6 prints Valiant's average "
                              "hops to one decimal: 5.7 for the original Valiant on q = 11; ours 5.762, outside 5.65-5.75")


@pytest.mark.parametrize("q,variant", [
    (5, "original"), (5, "loop-free"), (7, "original"), pytest.param(7, "loop-free", marks=_FIG6_Q7),
    pytest.param(11, "original", marks=_FIG6_Q11), (11, "loop-free"), (13, "original"), (13, "loop-free"),
])
def test_fig6_valiant_hops(q, variant):
    # Han et al. 2017, Fig. 6: 5.5/6.0 (q = 5), 5.6/5.9 (7), 5.7/6.0 (11), 5.8/6.0 (13) hops, node
    # links included, printed to one decimal: ours within half of that.  Ours 5.503/6.000,
    # 5.631/5.984, 5.762/5.989, 5.795/5.996 (each from about 10^4 to 10^5 packets: a standard
    # error of a few thousandths)
    fig6, df = _fig6()
    key = f"hops, q = {q}, {variant}"
    assert fig6.MEASURED[key](df) == pytest.approx(fig6.PAPER[key], abs=0.05)


def test_fig6_valiant_hops_ours():
    fig6, df = _fig6()
    assert [round(fig6.MEASURED[f"hops, q = {q}, {v}"](df), 3) for q in (7, 11) for v in ("original", "loop-free")] == [
        5.631, 5.984, 5.762, 5.989]


def test_fig6_loop_free_routes_are_longer_on_every_size():
    # §4.1: the improved Valiant "is consistently giving messages longer routes"
    fig6, df = _fig6()
    t = fig6.table(df)
    assert (t["loop-free"] > t["original"]).all()


def test_fig6_q13_is_fig5s_lowest_load():
    # the same runs: q = 13 at load 0.05 with the same model, traffic, cycles and seed
    fig6, df = _fig6()
    f5 = _df("seed003_fig5.csv")
    assert fig6.hops(df, "valiant q13") == fig5.MEASURED["hops, original"](f5)
    assert fig6.hops(df, "valiant-lf q13") == fig5.MEASURED["hops, loop-free"](f5)
