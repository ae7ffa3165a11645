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

from topoanalysis.reproduce.seed002_fig6bc_df_ft import CURVES, LOADS, MEASURED, TRAFFICS

DATA = Path(__file__).resolve().parents[1] / "data"
FILE = DATA / "seed002_fig6bc_df_ft.csv"


def _df() -> pd.DataFrame:
    return pd.read_csv(FILE, keep_default_na=False, na_values=[""])


def _ours(key: str) -> tuple[float, float]:
    return MEASURED[key](_df())


def test_recorded_rows_have_every_point_on_their_networks():
    rows = list(csv.DictReader(FILE.open()))
    want = sorted((c, t, x) for c in CURVES for t in TRAFFICS for x in LOADS)
    assert sorted((r["config"], r["traffic"], float(r["offered_load"])) for r in rows) == want
    for r in rows:
        family, params, routing, opts = CURVES[r["config"]]
        assert (r["topology.family"], r["routing"]) == (family, routing)
        assert all(r[f"topology.{k}"] == str(v) for k, v in params.items())
        assert all(r[k] == str(v) for k, v in opts.items())
        assert r["model"].split("+")[0] == "seed002" and r["model.internal_speedup"] == "2"


@pytest.mark.parametrize("curve", ["df-ugal-l", "ft-anca", "sf-min"])
def test_each_network_sends_on_8192_endpoints(curve):
    # §V-B: "The number of endpoints that are active is 8,192 (power of two closest to the
    # original size of the networks)": DF 9,702, FT-3 10,648 and SF 10,830 endpoints
    from sim.traffic import build_traffic
    from topoanalysis.reproduce.seed002_fig6bc_df_ft import network

    top = network(curve)
    for t in TRAFFICS:
        assert int(build_traffic(top, t)[1].sum()) == 8192
