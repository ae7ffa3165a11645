"""Camarero et al. 2014, §8 on the recorded runs (``data/seed000_sec8.csv``: ``python -m
topoanalysis.reproduce.seed000_sec8 -o data/seed000_sec8.csv``, 2,000 + 3,000 cycles, seed 1;
``tests/test_figure_reruns.py`` reruns a sample of its rows).

§8 states the VC counts (4, 8, 7, 6) and that "only the original Valiant routing makes traffic
completely uniform"; it simulates nothing.  What follows from it and is held here: Valiant through
a random router turns ADVG+b into the load of uniform traffic (its link utilisation spread and its
throughput are those of uniform traffic), the shortened variants do not (the 2-level group one
loses throughput and spreads its l load unevenly under ADVG+b); minimal routing carries ADVG+b only
over the t3 = 1 level-3 link to the next 2-level group, 1/(a b) of a node's load; every Valiant
route crosses two level-3 links, so with p = Δ3 Valiant carries at most 1/2."""

from __future__ import annotations

import csv
from pathlib import Path

import pandas as pd
import pytest

from topoanalysis.reproduce._compare import peak
from topoanalysis.reproduce.seed000_sec8 import CURVES, LOADS, MEASURED, NETWORKS, PAPER, TRAFFICS, spread

DATA = Path(__file__).resolve().parents[1] / "data" / "seed000_sec8.csv"
ADV = TRAFFICS[1]


@pytest.fixture(scope="module")
def df() -> pd.DataFrame:
    return pd.read_csv(DATA, keep_default_na=False, na_values=[""])


def test_recorded_runs_have_every_point():
    rows = list(csv.DictReader(DATA.open()))
    got = sorted((r["config"], r["traffic"], float(r["offered_load"])) for r in rows)
    assert got == sorted((c, t, x) for c in CURVES for t in TRAFFICS for x in LOADS)
    for r in rows:
        routing, key = CURVES[r["config"]]
        assert r["routing"] == routing and int(r["topology.a"]) == NETWORKS[key]["a"]
    # the seed000 model with the 3-level timing of TIMING (its own latency and buffer per class)
    assert {r["model"] for r in rows} == {"seed000+latency+buffer"}


def test_vc_counts_are_the_papers(df):
    # Camarero et al. 2014, §8: 4 VCs minimal, 8 Valiant, 7 through a 1-level group, 6 through a 2-level group
    key = "VCs on l links: min, router, 1-level group, 2-level group"
    assert MEASURED[key](df) == PAPER[key]


@pytest.mark.parametrize("net", sorted(NETWORKS))
def test_only_the_original_valiant_makes_the_adversarial_load_uniform(df, net):
    # Camarero et al. 2014, §8: "only the original Valiant routing makes traffic completely uniform"
    s = {r: (spread(df, f"{r} {net}", "uniform"), spread(df, f"{r} {net}", ADV)) for r in
         ("df3-val", "df3-val-g1", "df3-val-g2")}
    assert s["df3-val"][1] < min(s["df3-val-g1"][1], s["df3-val-g2"][1])
    # its l-link load spread under ADVG+b is that of uniform traffic (1.244 vs 1.248, 1.118 vs 1.159)
    assert s["df3-val"][1] <= 1.05 * s["df3-val"][0]
    # through a 2-level group, ADVG+b concentrates the l load (1.94 vs 1.28, 1.56 vs 1.16)
    assert s["df3-val-g2"][1] > 1.3 * s["df3-val-g2"][0]
    key = "only df3-val uniform (lowest max/mean l utilisation under ADVG)"
    assert MEASURED[key](df) is PAPER[key]


@pytest.mark.parametrize("net", sorted(NETWORKS))
def test_the_original_valiant_carries_the_adversarial_pattern_as_uniform_traffic(df, net):
    val = (peak(df, f"df3-val {net}", "uniform"), peak(df, f"df3-val {net}", ADV))
    assert val[1] == pytest.approx(val[0], rel=0.03)
    # the 2-level group variant loses a sixth of its throughput (0.493 -> 0.407, 0.371 -> 0.306)
    g2 = (peak(df, f"df3-val-g2 {net}", "uniform"), peak(df, f"df3-val-g2 {net}", ADV))
    assert g2[1] < 0.9 * g2[0]


@pytest.mark.parametrize("net", sorted(NETWORKS))
def test_throughput_bounds(df, net):
    p = NETWORKS[net]
    # minimal: the a b nodes of a 2-level group share its one (t3 = 1) level-3 link to the next
    bound = p["t3"] / (p["a"] * p["b"])
    assert 0.9 * bound <= peak(df, f"df3-min {net}", ADV) <= bound * 1.01
    # two level-3 hops per Valiant route, one level-3 link per node: at most 1/2, and well above minimal
    for r in ("df3-val", "df3-val-g1", "df3-val-g2"):
        assert 1.5 * peak(df, f"df3-min {net}", ADV) < peak(df, f"{r} {net}", ADV) < 0.5
    # uniform traffic: minimal routes are the shortest, minimal carries the most
    assert peak(df, f"df3-min {net}", "uniform") > max(peak(df, f"{r} {net}", "uniform") for r in
                                                      ("df3-val", "df3-val-g1", "df3-val-g2"))
