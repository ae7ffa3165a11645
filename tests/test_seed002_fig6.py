"""Seed 002 Fig. 6 (§V-A, §V-C) on the paper's Slim Fly q = 19 (p = 15, 10,830 endpoints), the
``seed002`` model (the paper's router, internal speedup 2), 1,000 cycles after 1,000 of warm-up.  The
whole figure at that size is ``data/seed002_fig6.csv`` (``python -m topoanalysis.reproduce.seed002_fig6
-o data/seed002_fig6.csv``); the paper's saturation points are compared with it within 10 %.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import pytest

from sim.testing import checked_simulate
from topoanalysis import build
from topoanalysis.reproduce.seed002_fig6 import LOADS, MEASURED, PAPER, ROUTINGS, TRAFFICS, network

KW = dict(cycles=1000, warmup=1000, seed=1, model="seed002")
DATA = Path(__file__).resolve().parents[1] / "data" / "seed002_fig6.csv"


def _saturation() -> dict[tuple[str, str], float]:
    """Highest accepted load of each (routing, traffic) in the recorded figure."""
    best: dict[tuple[str, str], float] = defaultdict(float)
    for r in csv.DictReader(DATA.open()):
        k = (r["routing"], r["traffic"])
        best[k] = max(best[k], float(r["accepted_load"]))
    return best


def test_recorded_figure_is_complete_and_keeps_the_papers_orderings():
    rows = list(csv.DictReader(DATA.open()))
    assert len(rows) == len(ROUTINGS) * len(TRAFFICS) * len(LOADS) and {r["model"] for r in rows} == {"seed002"}
    s = _saturation()
    # §V-A: "UGAL-G and MIN achieve the best performance [on random traffic]. VAL takes longer paths"
    # (ours: UGAL-G 0.871, MIN 0.819, UGAL-L 0.791, VAL 0.414)
    import pandas as pd

    assert set(MEASURED["uniform, best"](pd.read_csv(DATA, keep_default_na=False, na_values=[""]))) == set(
        PAPER["uniform, best"])
    assert min(s["ugal-g", "uniform"], s["min", "uniform"]) > s["ugal-l", "uniform"] > s["valiant", "uniform"]
    # §V-C: under the worst case UGAL-L (45 %) above VAL (40 %), both far above MIN
    # (ours: UGAL-L 0.489, VAL 0.400, MIN 0.090, UGAL-G 0.505)
    assert s["ugal-l", "sf-worst"] > s["valiant", "sf-worst"] > 2 * s["min", "sf-worst"]


def test_recorded_saturation_points_ours():
    # the figures the comments, the README and the 10 % comparisons quote (highest accepted load
    # of each curve over the offered loads 0.1-1.0)
    s = _saturation()
    ours = {("min", "uniform"): 0.819, ("valiant", "uniform"): 0.414, ("ugal-l", "uniform"): 0.791,
            ("ugal-g", "uniform"): 0.871, ("min", "sf-worst"): 0.090, ("valiant", "sf-worst"): 0.400,
            ("ugal-l", "sf-worst"): 0.489, ("ugal-g", "sf-worst"): 0.505}
    assert {k: round(s[k], 3) for k in ours} == ours


#: the saturation points Besta & Hoefler 2014 states for Fig. 6a (uniform) and Fig. 6d (worst
#: case): curve -> :data:`PAPER` key
FIG6 = {
    # Fig. 6a, §V-E: "The full-bandwidth SF can accept up to 87,5% of the traffic" (MIN, with UGAL-G
    # one of the two best routings, §V-A)
    ("min", "uniform"): "uniform, accepted",
    # Fig. 6a, §V-A: "UGAL-L performs reasonably well (saturation at 80% of the injection rate)"
    ("ugal-l", "uniform"): "uniform, ugal-l",
    # Fig. 6d, §V-C: "can support up to 40% (VAL) and 45% (UGAL-L) offered load"
    ("valiant", "sf-worst"): "sf-worst, valiant",
    ("ugal-l", "sf-worst"): "sf-worst, ugal-l",
}


@pytest.mark.parametrize(("routing", "traffic"), list(FIG6), ids=[f"{r}-{t}" for r, t in FIG6])
def test_saturation_within_10_percent_of_the_paper(routing, traffic):
    # Besta & Hoefler 2014, Fig. 6a and 6d against the recorded figure: MIN 0.819 (paper 0.875, -6.5 %),
    # UGAL-L 0.791 (0.80, -1.1 %) under uniform traffic; VAL 0.400 (0.40: all of offered 0.4, 0.362 of
    # 0.5), UGAL-L 0.489 (0.45, +8.7 %: 0.489 of offered 0.5, 0.460-0.464 past it) under the worst case
    assert _saturation()[routing, traffic] == pytest.approx(PAPER[FIG6[routing, traffic]], rel=0.10)


def test_accepted_bandwidth_within_10_percent_of_the_paper():
    # Besta & Hoefler 2014, §V-E (Fig. 6a's network): "can accept up to 87,5% of the traffic"; ours
    # 0.871, UGAL-G's at offered 0.9 (MIN's 0.819)
    import pandas as pd

    df = pd.read_csv(DATA, keep_default_na=False, na_values=[""])
    assert MEASURED["uniform, accepted"](df) == pytest.approx(PAPER["uniform, accepted"], rel=0.10)


@pytest.fixture(scope="module")
def sf19():
    return network()


@pytest.fixture(scope="module")
def worst():
    # the recorded figure's rows at offered 0.5 (tests/test_figure_reruns_seed002.py reruns a sample
    # of the file's rows; VAL's here under -m full)
    rows = {r["routing"]: float(r["accepted_load"]) for r in csv.DictReader(DATA.open())
            if r["traffic"] == "sf-worst" and float(r["offered_load"]) == 0.5}
    return {r: rows[r] for r in ("valiant", "ugal-l")}


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="[seed002-fig6] "
                                       "seed 002 §V-C: VAL and UGAL-L support 40 % and 45 % under the worst case; ours "
                                       "0.362 and 0.489 at offered 0.5: VAL, past its saturation (it carries all of "
                                       "offered 0.4), 0.038 below 0.40 and UGAL-L 0.039 above 0.45, outside the "
                                       "0.03 of the BookSim2 cross-validation")
def test_worst_case_matches_the_paper(worst):
    assert worst["valiant"] == pytest.approx(PAPER["sf-worst, valiant"], abs=0.03)
    assert worst["ugal-l"] == pytest.approx(PAPER["sf-worst, ugal-l"], abs=0.03)


@pytest.mark.slow
def test_worst_case_ours(worst):
    # the figures the xfail quotes (the recorded figure's rows at offered 0.5), and the paper's
    # ordering UGAL-L above VAL
    assert worst["valiant"] == pytest.approx(0.362, abs=0.01)
    assert worst["ugal-l"] == pytest.approx(0.489, abs=0.01)
    assert worst["ugal-l"] > worst["valiant"]


@pytest.fixture(scope="module")
def df_seed002():
    # seed 002 §V: "The parameters for DF are as follows: k = 27, p = 7, Nr = 1,386, N = 9,702"
    top = build("dragonfly", a=14, h=7, p=7, arrangement="palmtree")
    assert (top.n_routers, top.n_endpoints) == (1386, 9702)
    return top


@pytest.mark.slow
@pytest.mark.full
def test_dragonfly_row_slim_fly_has_lower_latency(sf19, df_seed002):
    # seed 002 §V-A: "SF has the lowest latency due to its lower D than in DF", DF-UGAL-L as in
    # Fig. 6.  (§V-C's "slightly higher bandwidth than DF" under each network's worst case compares
    # the curves' peaks, on the recorded rows: tests/test_seed002_fig6d_df_ft.py, a strict xfail.)
    sf = checked_simulate(sf19, "ugal-l", "uniform", 0.3, **KW)
    df = checked_simulate(df_seed002, "ugal-l", "uniform", 0.3, **KW)
    assert sf["model"]["name"] == df["model"]["name"] == "seed002"
    assert sf["average_latency"] < df["average_latency"]
