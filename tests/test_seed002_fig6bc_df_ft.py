"""Besta & Hoefler 2014, Figs. 6b and 6c's comparison rows (§V-B): DF-UGAL-L on the paper's dragonfly
(k = 27, 1,386 routers), FT-ANCA on its 22-ary 3-tree (k = 44, 1,452 routers) and the Slim Fly q = 19
with MIN, UGAL-L and UGAL-G under bit reversal and shift traffic on 8,192 active endpoints,
``seed002`` model.  The recorded run is ``data/seed002_fig6bc_df_ft.csv`` (``python -m
topoanalysis.reproduce.seed002_fig6bc_df_ft -o data/seed002_fig6bc_df_ft.csv``: 1,000 + 1,000
cycles, seed 1); ``tests/test_figure_reruns.py`` reruns a sample of its rows."""

from __future__ import annotations

import csv
from pathlib import Path

import pandas as pd
import pytest

from topoanalysis.reproduce.seed002_fig6bc_df_ft import MEASURED, TABLE, TRAFFICS

DATA = Path(__file__).resolve().parents[1] / "data"
FILE = DATA / "seed002_fig6bc_df_ft.csv"


def _df() -> pd.DataFrame:
    return pd.read_csv(FILE, keep_default_na=False, na_values=[""])


def _ours(key: str) -> tuple[float, float]:
    return MEASURED[key](_df())


def test_recorded_rows_have_every_point_on_their_networks():
    rows = list(csv.DictReader(FILE.open()))
    assert TABLE.row_problems(rows) == []
    assert {r["model.internal_speedup"] for r in rows} == {"2"}


@pytest.mark.parametrize("curve", ["df-ugal-l", "ft-anca", "sf-min"])
def test_each_network_sends_on_8192_endpoints(curve):
    # §V-B: "The number of endpoints that are active is 8,192 (power of two closest to the
    # original size of the networks)": DF 9,702, FT-3 10,648 and SF 10,830 endpoints
    from sim.traffic import build_traffic
    from topoanalysis.reproduce.seed002_fig6bc_df_ft import network

    top = network(curve)
    for t in TRAFFICS:
        assert int(build_traffic(top, t)[1].sum()) == 8192


@pytest.mark.parametrize("traffic", TRAFFICS)
def test_slim_fly_has_lower_latency_than_the_dragonfly(traffic):
    # §V-B: "SF [...] has lower latency than DF": at offered 0.1, bit reversal SF-MIN 10.9 cycles
    # against DF-UGAL-L 13.9; shift SF-UGAL-L 9.5 against 15.2
    sf, df = _ours(f"{traffic}, slim fly latency at 0.1 below df-ugal-l's")
    assert sf < df


@pytest.mark.parametrize("traffic", TRAFFICS)
def test_slim_fly_offers_higher_bandwidth_than_the_dragonfly(traffic):
    # §V-B: "SF offers slightly higher bandwidth [...] than DF": bit reversal 0.849 (SF-UGAL-G)
    # against 0.671, shift 0.993 against 0.328 (more than slightly: the dragonfly's shift partner of
    # a router lies in one other group, whose global links UGAL-L's Valiant paths must share)
    sf, df = _ours(f"{traffic}, slim fly peak above df-ugal-l's")
    assert sf > df


def test_fat_tree_above_ugal_l_under_shift():
    # §V-B: "The bandwidth of FT-3, higher than UGAL-L": under shift FT-ANCA carries 0.993 of offered
    # 1.0 against SF-UGAL-L's peak of 0.900 (at 0.9; at 1.0 it falls to 0.750); up to 0.9 both
    # carried all of the load
    ft, sf = _ours("shift, ft-anca peak above sf-ugal-l's")
    assert ft > sf


def test_fat_tree_slightly_above_ugal_g_under_shift():
    # §V-B: "only slightly better than UGAL-G": under shift at offered 1.0 FT-ANCA carries 0.992514,
    # SF-UGAL-G 0.992511, a tie (each 99.3 % of what is offered): FT-3 is not measurably
    # better, and not more than slightly
    ft, sf = _ours("shift, ft-anca peak at most 10 % above sf-ugal-g's")
    assert sf <= ft <= 1.1 * sf


def test_fat_tree_above_ugal_l_under_bit_reversal():
    # §V-B: "The bandwidth of FT-3, higher than UGAL-L": bit reversal FT-ANCA (BookSim2's
    # fattree_anca: the less used of two random up ports) 0.871 against SF-UGAL-L's 0.678
    ft, sf = _ours("bitrev, ft-anca peak above sf-ugal-l's")
    assert ft > sf


def test_fat_tree_slightly_above_ugal_g_under_bit_reversal():
    # "only slightly better than UGAL-G": 0.871 against SF-UGAL-G's 0.849, 3 % above (both at 1.0)
    ft, sf = _ours("bitrev, ft-anca peak at most 10 % above sf-ugal-g's")
    assert sf <= ft <= 1.1 * sf


def test_the_least_used_up_port_of_all_falls_below_the_slim_fly_under_bit_reversal():
    # the up port with the most free credits, which every input of a switch asks for at once,
    # peaks at 0.612, below SF-UGAL-L's 0.678; the random up port carries 0.870, as ANCA does
    from topoanalysis.reproduce._compare import peak

    assert round(peak(_df(), "ft-least-occupied", "bitrev"), 3) == 0.612
    assert round(peak(_df(), "ft-random", "bitrev"), 3) == 0.870
