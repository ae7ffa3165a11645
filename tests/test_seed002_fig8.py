"""Seed 002 Fig. 8b-8e (§V-E) and §VII-C: the oversubscribed Slim Fly q = 19 (network radix 29) with
p = 16 and p = 18 endpoints per router under uniform random traffic (Fig. 8b, 8d) and the worst case
(Fig. 8c, 8e; at the end of this file), p = 17 for §VII-C, SF-MIN, SF-VAL, SF-UGAL-L and SF-UGAL-G,
the ``seed002`` model (the paper's router, internal speedup 2).

The recorded figures are ``data/seed002_fig8b.csv`` (p = 16) and ``data/seed002_fig8d.csv`` (p = 18),
1,000 cycles after 1,000 of warm-up, seed 1, on the paper's network (``python -m
topoanalysis.reproduce.seed002_fig8b -o data/seed002_fig8b.csv``, about 20 minutes each on the shared
2-core machine).  §V-E's numbers are compared with them within 10 %; the full-bandwidth p = 15
network is Fig. 6a's recorded run (``data/seed002_fig6.csv``, the same model and run lengths).  The
stored text of the paper keeps only the figures' axes, not their curves: the numbers compared are
those §V-E states in its text.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from topoanalysis import build
from topoanalysis.reproduce import seed002_fig6, seed002_fig8b, seed002_fig8c, seed002_fig8d, seed002_fig8e
from topoanalysis.reproduce._compare import peak

DATA = Path(__file__).resolve().parents[1] / "data"
FIGS = {16: ("seed002_fig8b.csv", seed002_fig8b), 18: ("seed002_fig8d.csv", seed002_fig8d)}


def _df(name: str) -> pd.DataFrame:
    return pd.read_csv(DATA / name, keep_default_na=False, na_values=[""])


def _accepted(p: int) -> float:
    """§V-E's accepted bandwidth of the recorded run of concentration ``p`` (15: Fig. 6a's)."""
    if p == 15:
        return max(peak(_df("seed002_fig6.csv"), r, "uniform") for r in seed002_fig6.ROUTINGS)
    name, mod = FIGS[p]
    return mod.MEASURED["uniform, accepted"](_df(name))


@pytest.mark.parametrize("p", [16, 18])
def test_recorded_figure_is_complete_on_the_papers_network(p):
    name, mod = FIGS[p]
    df = _df(name)
    assert len(df) == len(mod.ROUTINGS) * len(mod.TRAFFICS) * len(mod.LOADS)
    assert set(df["model"]) == {"seed002"} and set(df["cycles"]) == {1000} and set(df["traffic"]) == {"uniform"}
    # Besta & Hoefler 2014, §V-E: "network radix kt = 29 ... concentration 16-21 connecting from 11,552
    # up to 15,162 endpoints"
    top = mod.network()
    assert (top.n_routers, top.n_endpoints, int(top.degree().max())) == (722, 722 * p, 29)


def test_the_six_oversubscribed_networks_span_the_papers_endpoints():
    # Besta & Hoefler 2014, §V-E: "six different oversubscribed networks with concentration 16-21
    # connecting from 11,552 up to 15,162 endpoints"; "In its full-bandwidth configuration (p = 15) it
    # supports 10,830 endpoints"
    assert build("slimfly", q=19).n_endpoints == 10830
    assert [build("slimfly", q=19, p=p).n_endpoints for p in (16, 21)] == [11552, 15162]


#: Besta & Hoefler 2014, §V-E: "The SF with p = 16 and p = 18 accept up to 80% and 75% of the offered
#: traffic" (Fig. 8b and 8d)
PAPER_ACCEPTED = {16: seed002_fig8b.PAPER["uniform, accepted"], 18: seed002_fig8d.PAPER["uniform, accepted"]}


@pytest.mark.parametrize("p", [16, 18])
def test_accepted_bandwidth_within_10_percent_of_the_paper(p):
    # ours 0.811 (p = 16, +1.4 %) and 0.719 (p = 18, -4.1 %), both UGAL-G's
    assert PAPER_ACCEPTED == {16: 0.80, 18: 0.75}
    assert _accepted(p) == pytest.approx(PAPER_ACCEPTED[p], rel=0.10)


def test_accepted_bandwidth_falls_with_the_concentration():
    # Besta & Hoefler 2014, §V-E: 87.5 % at p = 15, 80 % at p = 16, 75 % at p = 18 (ours 0.871, 0.811, 0.719)
    assert _accepted(15) > _accepted(16) > _accepted(18)


def test_recorded_saturation_points_ours():
    # the highest accepted load of each curve over the offered loads 0.1-0.9; the figures the
    # comments, the README and the report quote
    got = {(p, r): round(peak(_df(FIGS[p][0]), r, "uniform"), 3) for p in FIGS for r in FIGS[p][1].ROUTINGS}
    assert got == OURS


#: ours: p = 16 accepts 0.811 (UGAL-G; paper 0.80), p = 18 0.719 (UGAL-G; paper 0.75); Fig. 6a's p = 15: 0.871
OURS: dict[tuple[int, str], float] = {
    (16, "min"): 0.769, (16, "valiant"): 0.386, (16, "ugal-l"): 0.741, (16, "ugal-g"): 0.811,
    (18, "min"): 0.685, (18, "valiant"): 0.344, (18, "ugal-l"): 0.659, (18, "ugal-g"): 0.719,
}


# ------------------------------------------------------------------------------------ §VII-C
# Besta & Hoefler 2014, §VII-C: "a network with 10,830 endpoints can be extended by 1500 endpoints
# before the performance drops by more than 10%", performance measured as in §V-E (the accepted
# bandwidth of uniform traffic).  p = 17 (``data/seed002_fig8_p17.csv``: MIN, UGAL-L and UGAL-G, the
# routings that can set it, 1,000 + 1,000 cycles) adds 1,444 endpoints, the whole concentration
# nearest to 1,500; p = 16 adds 722 and p = 18 2,166.


def _accepted_p17() -> float:
    from topoanalysis.reproduce import seed002_fig8_p17

    return seed002_fig8_p17.accepted(_df("seed002_fig8_p17.csv"))


def test_extended_network_has_about_1500_more_endpoints():
    from topoanalysis.reproduce import seed002_fig8_p17

    top = seed002_fig8_p17.network()
    assert top.n_endpoints - 10830 == 1444 and top.n_routers == 722
    df = _df("seed002_fig8_p17.csv")
    assert len(df) == len(seed002_fig8_p17.ROUTINGS) * len(seed002_fig8_p17.LOADS)
    assert set(df["model"]) == {"seed002"} and set(df["cycles"]) == {1000}


@pytest.mark.xfail(strict=True, reason="[seed002-sec7c] seed 002 §VII-C: +1,500 endpoints lose less than 10 % of the "
                                       "performance; ours: +1,444 (p = 17) accept 0.768 against the full-bandwidth "
                                       "0.871, 11.8 % less")
def test_1500_more_endpoints_lose_less_than_10_percent():
    # §VII-C: less than 10 % lost at +1,500 endpoints (ours: +1,444 keep 0.768 of Fig. 6a's 0.871, 88.2 %)
    assert _accepted_p17() >= 0.90 * _accepted(15)


def test_1500_more_endpoints_lose_less_than_10_percent_ours():
    # the figures the xfail quotes: UGAL-G's 0.768 at offered 0.8 against p = 15's 0.871, 11.8 % less
    assert (round(_accepted_p17(), 3), round(_accepted(15), 3)) == (0.768, 0.871)
    assert 1 - _accepted_p17() / _accepted(15) == pytest.approx(0.118, abs=0.001)


def test_more_endpoints_lose_more_than_10_percent():
    # §VII-C's limit, and §V-E's own numbers past it: p = 18 (+2,166) accepts 75 % against 87.5 %, 14 % less
    # (ours 0.719 against 0.871, 17.5 % less); p = 16 (+722) 80 %, 8.6 % less (ours 0.811, 6.9 % less)
    assert _accepted(18) < 0.90 * _accepted(15) < _accepted(16)
    assert _accepted(15) > _accepted_p17() > _accepted(18)


def test_extended_network_curves_ours():
    # the highest accepted load of each curve of p = 17 over the offered loads 0.1-0.9
    got = {r: round(peak(_df("seed002_fig8_p17.csv"), r, "uniform"), 3) for r in ("min", "ugal-l", "ugal-g")}
    assert got == {"min": 0.723, "ugal-l": 0.697, "ugal-g": 0.768}


# ------------------------------------------------------------------------ Fig. 8c and 8e
# Besta & Hoefler 2014, §V-E: "The bandwidth for the worst-case traffic behaves similarly" (Fig. 8c,
# p = 16, and 8e, p = 18, against Fig. 6d's p = 15): ``data/seed002_fig8c.csv`` and
# ``data/seed002_fig8e.csv``, the worst case for minimal routing (``sf-worst``) at offered 0.1-0.5
# (the figures' axis), 1,000 + 1,000 cycles.  §V-E gives no number; the statement compared is that
# the worst-case bandwidth falls with the concentration as the uniform one does.
WORST = {16: ("seed002_fig8c.csv", seed002_fig8c), 18: ("seed002_fig8e.csv", seed002_fig8e)}


def _worst(p: int) -> float:
    """The largest accepted load of the worst case over the loads and the routings (15: Fig. 6d's)."""
    if p == 15:
        df, routings = _df("seed002_fig6.csv"), seed002_fig6.ROUTINGS
    else:
        df, routings = _df(WORST[p][0]), WORST[p][1].ROUTINGS
    return max(peak(df, r, "sf-worst") for r in routings)


@pytest.mark.parametrize("p", [16, 18])
def test_worst_case_figure_is_complete(p):
    name, mod = WORST[p]
    df = _df(name)
    assert len(df) == len(mod.ROUTINGS) * len(mod.LOADS) and set(df["traffic"]) == {"sf-worst"}
    assert set(df["model"]) == {"seed002"} and set(df["cycles"]) == {1000}
    assert mod.network().n_endpoints == 722 * p


def test_worst_case_bandwidth_falls_with_the_concentration():
    # §V-E: the worst case "behaves similarly" to the uniform 87.5 %, 80 %, 75 % (p = 15, 16, 18); ours
    # 0.505, 0.475, 0.421 (UGAL-G's each; uniform 0.871, 0.811, 0.719)
    assert _worst(15) > _worst(16) > _worst(18)


def test_worst_case_ours():
    got = {(p, r): round(peak(_df(WORST[p][0]), r, "sf-worst"), 3) for p in WORST for r in WORST[p][1].ROUTINGS}
    assert got == WORST_OURS


#: ours: the highest accepted load of each worst-case curve over the offered loads 0.1-0.5
WORST_OURS: dict[tuple[int, str], float] = {
    (16, "min"): 0.084, (16, "valiant"): 0.38, (16, "ugal-l"): 0.437, (16, "ugal-g"): 0.475,
    (18, "min"): 0.075, (18, "valiant"): 0.321, (18, "ugal-l"): 0.4, (18, "ugal-g"): 0.421,
}
