"""Besta & Hoefler 2014, Fig. 6d's comparison rows (§V-C): DF-UGAL-L on the paper's dragonfly (k = 27,
1,386 routers) and FT-ANCA on its 22-ary 3-tree (k = 44, 1,452 routers) under their worst case,
``advg+1`` (for DF, Kim et al. 2008, §4.2: group i to group i + 1; for FT-3 "every packet traverses
core switches": pod i to pod i + 1), ``seed002`` model, against the Slim Fly q = 19 curves under its
worst case (``sf-worst``, ``data/seed002_fig6.csv``).  The recorded run is
``data/seed002_fig6d_df_ft.csv`` (``python -m topoanalysis.reproduce.seed002_fig6d_df_ft -o
data/seed002_fig6d_df_ft.csv``: 1,000 + 1,000 cycles, seed 1, the Slim Fly's run lengths);
``tests/test_figure_reruns.py`` reruns a sample of its rows."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from topoanalysis.reproduce._compare import peak
from topoanalysis.reproduce.seed002_fig6d_df_ft import MEASURED, SF_TRAFFIC, TABLE, TRAFFICS, network

DATA = Path(__file__).resolve().parents[1] / "data"
FILE = DATA / "seed002_fig6d_df_ft.csv"
SF_ROUTINGS = ("min", "valiant", "ugal-l", "ugal-g")


def _df() -> pd.DataFrame:
    return pd.read_csv(FILE, keep_default_na=False, na_values=[""])


def _sf_peak(routing: str) -> float:
    return peak(pd.read_csv(DATA / "seed002_fig6.csv", keep_default_na=False, na_values=[""]), routing, SF_TRAFFIC)


def test_recorded_rows_have_every_point_on_their_networks():
    rows = list(csv.DictReader(FILE.open()))
    assert TABLE.row_problems(rows) == []
    assert {r["model.internal_speedup"] for r in rows} == {"2"}


@pytest.mark.parametrize("curve", ["df-ugal-l", "ft-anca"])
def test_every_packet_of_the_worst_case_crosses_the_top_of_its_network(curve):
    # §V-C: DF's worst case sends group i to group i + 1, over the one global link between them
    # (minimally); FT-3's crosses a core switch: 4 hops between edge switches of different pods
    from sim.routings import distance_table
    from sim.traffic import build_traffic, pick_dest
    from sim._rng import make_state
    from sim.network import net_arrays

    top = network(curve)
    tt, active = build_traffic(top, TRAFFICS[0])
    assert active.all()
    one = np.ones(len(top.kind_names), np.int64)
    net = net_arrays(top, 1, one, one, one)
    st = make_state(1)
    r = np.repeat(np.arange(top.n_routers), top.endpoints)
    e = np.arange(0, top.n_endpoints, 97)
    d = np.array([pick_dest(tt, net, int(x), 0, st) for x in e])
    key = "group" if curve.startswith("df") else "pod"
    g = top.labels[key]
    assert np.all(g[r[d]] == (g[r[e]] + 1) % (g.max() + 1))
    if curve.startswith("ft"):
        assert np.all(distance_table(top)[0][r[e], r[d]] == 4)


def _sf_best() -> float:
    # the Slim Fly's bandwidth under its worst case: its best routing's peak (UGAL-G, 0.505)
    return max(_sf_peak(r) for r in SF_ROUTINGS)


@pytest.mark.xfail(
    strict=True,
    reason="[seed002-fig6d-df] Besta & Hoefler 2014, §V-C: SF-VAL (0.40) and SF-UGAL-L (0.45) "
    "provide slightly higher bandwidth than DF under the worst case; ours: SF-VAL "
    "0.400 and SF-UGAL-L 0.489 against DF-UGAL-L's 0.493 under group i to group "
    "i + 1, near Valiant's limit of 1/2 (SF-UGAL-G 0.505 is above it)",
)
def test_dragonfly_carries_less_than_slim_fly_valiant_and_ugal_l():
    df = MEASURED["worst case, df-ugal-l peak below sf-valiant's and sf-ugal-l's"](_df())
    assert df < min(_sf_peak("valiant"), _sf_peak("ugal-l"))


def test_dragonfly_carries_less_than_slim_fly_valiant_and_ugal_l_ours():
    assert round(MEASURED["worst case, df-ugal-l peak below sf-valiant's and sf-ugal-l's"](_df()), 3) == 0.493
    assert (round(_sf_peak("valiant"), 3), round(_sf_peak("ugal-l"), 3), round(_sf_best(), 3)) == (0.400, 0.489, 0.505)


def test_fat_tree_carries_more_than_the_dragonfly():
    # §V-C: "As we use the balanced full-bandwidth variant of FT-3, it achieves higher bandwidth than
    # both DF and SF": FT-ANCA 0.886 (offered 1.0) against DF-UGAL-L's 0.493
    ft, df = MEASURED["worst case, ft-anca peak above df-ugal-l's"](_df())
    assert ft > df


def test_fat_tree_carries_more_than_the_slim_fly():
    # ... and than SF's best routing (SF-UGAL-G 0.505)
    assert MEASURED["worst case, ft-anca peak above the slim fly's"](_df()) > _sf_best()


def test_the_least_used_up_port_of_all_still_carries_more_than_both():
    # the up port with the most free credits (every input of a switch asks for the same one) peaks
    # at 0.628, the random up port at 0.886, as ANCA does (both at offered 1.0)
    lo, rnd = (peak(_df(), c, "advg+1") for c in ("ft-least-occupied", "ft-random"))
    assert (round(lo, 3), round(rnd, 3)) == (0.628, 0.886)
    assert lo > max(_sf_best(), peak(_df(), "df-ugal-l", "advg+1"))
