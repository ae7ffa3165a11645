"""Seed 002 (Besta & Hoefler 2014) §III-D2/3: the diameter + 2 and average path + 1 tolerances at
N = 2^13, against every number and ordering the text states (``seed002_resiliency.PAPER``).

The default tests draw 3 failure orders per network (seed 1) for the high-radix networks SF, DLN and
DF (~25 s) and read the tori off the recorded runs (``data/seed002_resiliency.csv``: every Table III
cell, 10 samples, 3 for T3D, T5D and HC at N = 4,096 and 8,192, whose 8,192 routers take 30-60 s a
sample); the paper's sample size (a 95 % CI of width 2 pp) is the ``full`` tests'.
"""

from __future__ import annotations

import functools

import pandas as pd
import pytest

from topoanalysis.cli import main
from topoanalysis.reproduce import seed002_resiliency as res

HIGH_RADIX = ("SF", "DLN", "DF")


@functools.cache
def reduced() -> pd.DataFrame:
    return res.run(HIGH_RADIX, samples=res.REDUCED_SAMPLES)


def measured(key: str, df: pd.DataFrame | None = None):
    return res.MEASURED[key](reduced() if df is None else df)


def test_every_statement_is_measured():
    assert set(res.MEASURED) == set(res.PAPER)


def test_networks_are_table_iii_rows_at_n_2_13():
    df = reduced()
    assert list(df["column"]) == list(HIGH_RADIX) and set(df["N"]) == {8192}
    assert list(df["samples"]) == [3, 3, 3]
    # SF q = 17 and its DLN (578 routers), DF a = 14, h = 7 (1,386 routers); diameters 2, 3, 3
    assert list(df["routers"]) == [578, 578, 1386] and list(df["base_diameter"]) == [2, 3, 3]


# --------------------------------------------------------------------------- §III-D3: average path + 1
def test_sf_tolerates_55_percent_on_the_average_path():
    # §III-D3: "SF is again highly resilient and it tolerates up to 55% link failures"
    assert measured("sf avg+1, N=2^13") == res.PAPER["sf avg+1, N=2^13"] == 0.55


def test_df_tolerates_45_percent_on_the_average_path():
    # §III-D3: "DF withstands up to 45% of link crashes"
    assert measured("df avg+1, N=2^13") == res.PAPER["df avg+1, N=2^13"] == 0.45


@pytest.mark.xfail(strict=True, reason="[seed002-resiliency] Besta & Hoefler 2014, §III-D3: DLN sustains 'up to 60%' "
                                       "at N = 2^13 on the average path + 1; ours 65% (3 and 10 samples)")
def test_dln_avg_path():
    assert measured("dln avg+1, N=2^13") == res.PAPER["dln avg+1, N=2^13"]


def test_dln_avg_path_ours():
    assert measured("dln avg+1, N=2^13") == 0.65


# --------------------------------------------------------------------------- §III-D2: diameter + 2
def test_diameter_tolerances_reduced():
    # our 3-sample run (seed 1); the paper's statements are compared at its sample size below
    # (DLN's 60% here is the paper's number only by the small sample: mean 0.617, 65% at 20-30 samples)
    assert [measured(f"{c} diameter+2, N=2^13") for c in ("sf", "dln", "df")] == [0.55, 0.60, 0.35]


def test_sf_between_df_and_dln_on_the_diameter():
    # §III-D2: SF "slightly worse than DLN ... and significantly better than DF": the orderings hold although
    # each of the three numbers is 5-15 points above the paper's
    assert measured("sf below dln, diameter+2") is res.PAPER["sf below dln, diameter+2"] is True
    assert measured("sf above df, diameter+2") is res.PAPER["sf above df, diameter+2"] is True


# --------------------------------------------------------------------------- the recorded runs (data/)
# every Table III cell, 10 samples (3 for T3D, T5D and HC at N = 4,096 and 8,192): the tori are read here
@functools.cache
def recorded() -> pd.DataFrame:
    from pathlib import Path

    return pd.read_csv(Path(__file__).resolve().parents[1] / "data" / "seed002_resiliency.csv")


def test_recorded_runs_cover_table_iii():
    df = recorded()
    assert len(df) == len(res.cells()) == 38
    big = df["column"].isin(["T3D", "T5D", "HC", "LH-HC"]) & (df["N"] >= 4096)
    assert set(df[big]["samples"]) == {3} and set(df[~big]["samples"]) == {10}


def test_recorded_tori_survive_55_percent_on_the_average_path():
    # §III-D3: "Tori survive up to 55% link failures": T5D 55% (T3D 35%), over the still-connected pairs
    assert res.MEASURED["tori avg+1, N=2^13"](recorded()) == res.PAPER["tori avg+1, N=2^13"] == 0.55
    t = recorded().set_index(["column", "N"])
    assert (t.loc[("T3D", 8192), "avg_path_plus_1"], t.loc[("T5D", 8192), "avg_path_plus_1"]) == (35, 55)


def test_recorded_sf_comparable_to_a_torus_on_the_diameter():
    # §III-D2: SF's diameter tolerance "comparable to tori": T5D 50% against SF 55% (T3D 30%)
    assert res.MEASURED["sf comparable to a torus, diameter+2"](recorded()) is True


@functools.cache
def recorded_paper_size() -> pd.DataFrame:
    from pathlib import Path

    return pd.read_csv(Path(__file__).resolve().parents[1] / "data" / "seed002_resiliency_full.csv")


#: the networks of data/seed002_resiliency_full.csv, in order: the networks the text names at N = 2^13
PAPER_SIZE_COLUMNS = (*HIGH_RADIX, "T3D", "T5D")


def test_recorded_paper_size_runs():
    # SF, DLN, DF, T3D and T5D at N = 2^13 sampled to the paper's 95% CI of width 2 points (20-40 samples)
    df = recorded_paper_size()
    assert list(df["column"]) == list(PAPER_SIZE_COLUMNS) == list(res.STATED_COLUMNS) and (df["samples"] >= 20).all()
    assert (df["diameter_plus_2_half_width"] <= 0.01).all() and (df["avg_path_plus_1_half_width"] <= 0.01).all()
    # at the paper's sample size SF and DF keep their average path tolerances, 55% and 45% as the paper states
    for key in ("sf avg+1, N=2^13", "df avg+1, N=2^13"):
        assert res.MEASURED[key](df) == res.PAPER[key], key


def test_recorded_paper_size_tori():
    # §III-D3: "Tori survive up to 55% link failures" and §III-D2: SF's diameter tolerance "comparable to tori", at
    # the paper's sample size: T5D (8 x 8 x 8 x 4 x 4) 55% on the average path + 1 and 55% on the diameter + 2 (50%
    # with 3 samples), T3D 35% and 30%; SF 55% on both
    df = recorded_paper_size()
    key = "tori avg+1, N=2^13"
    assert res.MEASURED[key](df) == res.PAPER[key]
    assert res.MEASURED["sf comparable to a torus, diameter+2"](df) is True
    t5d = df.set_index("column").loc["T5D"]
    assert (t5d["samples"], t5d["diameter_plus_2"], t5d["avg_path_plus_1"]) == (40, 55, 55)


def test_recorded_paper_size_orderings():
    # §III-D2: SF "slightly worse than DLN" and "significantly better than DF" on the diameter + 2; §III-D3: "DLN is
    # most resilient" on the average path + 1 among the networks the text names (HC and LH-HC, which tie DLN in the
    # reduced runs, were not run at this sample size: test_recorded_dln_the_most_resilient)
    df = recorded_paper_size()
    for key in ("sf below dln, diameter+2", "sf above df, diameter+2", "dln the most resilient, avg+1"):
        assert res.MEASURED[key](df) is True, key


def test_recorded_paper_size_t3d_keeps_its_reduced_tolerances():
    # T3D (32 x 16 x 16) at the paper's sample size (40 samples, 687 s): diameter + 2 30% and average path + 1 35%
    # over the still-connected pairs, as with 3 samples; §III-D3's "tori survive up to 55%" rests on T5D (README
    # [seed002-resiliency])
    t3d = recorded_paper_size().set_index("column").loc["T3D"]
    assert (t3d["samples"], t3d["diameter_plus_2"], t3d["avg_path_plus_1"]) == (40, 30, 35)
    t = recorded().set_index(["column", "N"])
    assert (t.loc[("T3D", 8192), "diameter_plus_2"], t.loc[("T3D", 8192), "avg_path_plus_1"]) == (30, 35)


#: diameter + 2 tolerance at N = 2^13 at the paper's sample size (recorded)
DIAMETER_PAPER_SIZE = {"sf": 0.55, "dln": 0.65, "df": 0.35}


@pytest.mark.parametrize("net", [
    pytest.param("sf", marks=[pytest.mark.xfail(strict=True, reason=(
        "[seed002-resiliency] Besta & Hoefler 2014, §III-D2: SF withstands 'up to 40%' before the diameter grows "
        "beyond four at N = 2^13; ours 55% at the paper's sample size"))]),
    pytest.param("dln", marks=[pytest.mark.xfail(strict=True, reason=(
        "[seed002-resiliency] Besta & Hoefler 2014, §III-D2: DLN 'tolerates up to 60%' on the diameter + 2 at "
        "N = 2^13; ours 65% at the paper's sample size (60% with only 3 samples)"))]),
    pytest.param("df", marks=[pytest.mark.xfail(strict=True, reason=(
        "[seed002-resiliency] Besta & Hoefler 2014, §III-D2: DF 'withstands 25%' on the diameter + 2 at "
        "N = 2^13; ours 35% at the paper's sample size"))]),
])
def test_recorded_paper_size_diameter(net):
    key = f"{net} diameter+2, N=2^13"
    assert res.MEASURED[key](recorded_paper_size()) == res.PAPER[key]


@pytest.mark.parametrize("net", DIAMETER_PAPER_SIZE)
def test_recorded_paper_size_diameter_ours(net):
    assert res.MEASURED[f"{net} diameter+2, N=2^13"](recorded_paper_size()) == DIAMETER_PAPER_SIZE[net]


@pytest.mark.xfail(strict=True, reason="[seed002-resiliency] Besta & Hoefler 2014, §III-D3: 'DLN is most resilient' (60%); in "
                                       "our runs of every Table III network at N = 8,192 HC and LH-HC tie DLN at 65% on the "
                                       "average path + 1 (3 and 10 samples)")
def test_recorded_dln_the_most_resilient():
    assert res.MEASURED["dln the most resilient, avg+1"](recorded()) is True


def test_recorded_dln_the_most_resilient_ours():
    t = recorded().set_index(["column", "N"])
    assert [t.loc[(c, 8192), "avg_path_plus_1"] for c in ("DLN", "HC", "LH-HC")] == [65, 65, 65]


# --------------------------------------------------------------------------- statements over runs
def test_statements_refuse_runs_without_their_networks():
    for f in res.MEASURED.values():
        with pytest.raises(ValueError):
            f(reduced().iloc[:0])
    with pytest.raises(ValueError, match="no torus"):
        measured("tori avg+1, N=2^13")


def test_bad_input_names_the_parameter():
    with pytest.raises(ValueError, match="columns must be among"):
        res.cells(["XX"])
    with pytest.raises(ValueError, match="rows must be among"):
        res.cells(["SF"], [1000])
    with pytest.raises(ValueError, match="metric must be one of"):
        res.cell(reduced(), "SF", "disconnection")
    with pytest.raises(ValueError, match="--samples must be >= 2"):
        res.main(["--samples", "1"])
    with pytest.raises(ValueError, match="--columns must be"):
        res.main(["--columns", "XX"])
    with pytest.raises(ValueError, match="--rows must be"):
        res.main(["--rows", "five"])


def test_reproduce_command(monkeypatch, capsys, tmp_path):
    # the command on a small cell (SF at N = 512), through `topoanalysis reproduce`
    monkeypatch.setattr(res, "STATED_COLUMNS", ("SF",))
    monkeypatch.setattr(res, "STATED_ROW", 512)
    out = tmp_path / "r.csv"
    assert main(["reproduce", "seed002-resiliency", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "sf avg+1, N=2^13" in text and "SF       512" in text
    assert list(pd.read_csv(out)["column"]) == ["SF"]
    assert main(["reproduce", "seed002-resiliency", "--plot", "x.png"]) == 2
    assert "--plot do not apply" in capsys.readouterr().err


# --------------------------------------------------------------------------- the paper's sample size
@pytest.fixture(scope="module")
def full() -> pd.DataFrame:
    return res.run(res.STATED_COLUMNS, samples=None)


@pytest.mark.full
def test_full_average_path(full):
    # §III-D3 at the paper's sample size: SF 55%, DF 45%, tori "up to 55%" (ours: T5D 55%, T3D 35% with 3 samples)
    for key in ("sf avg+1, N=2^13", "df avg+1, N=2^13", "tori avg+1, N=2^13"):
        assert measured(key, full) == res.PAPER[key], key
    assert measured("dln the most resilient, avg+1", full) is True


@pytest.mark.full
def test_full_diameter_orderings(full):
    # §III-D2: SF below DLN, above DF and comparable to a torus (ours with 3 samples: T5D 50%, SF 55%)
    for key in ("sf below dln, diameter+2", "sf above df, diameter+2", "sf comparable to a torus, diameter+2"):
        assert measured(key, full) is True, key


@pytest.mark.full
def test_full_diameter_numbers_are_the_recorded_ones(full):
    # the paper's sample size rerun: the recorded numbers the xfails above compare with the paper
    assert {c: measured(f"{c} diameter+2, N=2^13", full) for c in DIAMETER_PAPER_SIZE} == DIAMETER_PAPER_SIZE


@pytest.mark.full
def test_full_tori_are_the_recorded_ones(full):
    # the paper's sample size rerun: T3D's recorded row (data/seed002_resiliency_full.csv)
    rec = recorded_paper_size().set_index("column")
    got = full.set_index("column")
    for col in [c for c in res.TORI if c in rec.index]:
        assert (got.loc[col, "diameter_plus_2"], got.loc[col, "avg_path_plus_1"]) == (
            rec.loc[col, "diameter_plus_2"], rec.loc[col, "avg_path_plus_1"]), col
