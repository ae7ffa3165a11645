"""Besta & Hoefler 2014, §VI-B4 ("Discussion of the Results"): the sizes Table IV compares at, the hybrid
hypercube and Long Hop of the Slim Fly's size, and the savings "in all cases", each statement against
``seed002_vib4.PAPER``.

The paper's percentages are whole ("1-4%", "at most 10%", "25%"): a size gap is compared in whole
percent, and a saving within 5 points of the paper's counts as the paper's (as in
``tests/test_seed002_fig11.py``, which reads the savings on Fig. 11c's curves).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pandas as pd
import pytest

from topoanalysis.cli import main
from topoanalysis.reproduce import seed002_vib4 as vib4

TOLERANCE = 0.05


@functools.cache
def rows() -> pd.DataFrame:
    return vib4.rows()


def measured(key: str):
    return vib4.MEASURED[key](rows())


def test_every_statement_is_measured():
    assert set(vib4.MEASURED) == set(vib4.PAPER)


def test_recorded_rows_are_what_rows_gives():
    rec = pd.read_csv(Path(__file__).resolve().parents[1] / "data" / "seed002_vib4.csv")
    pd.testing.assert_frame_equal(rec, rows(), check_dtype=False)


def test_tori_within_1_to_4_percent_of_sf():
    # §VI-B4: "We use tori with size close to that of SF (1-4% of difference)": T3D 10,648 and T5D 10,368
    # against 10,830, 1.7% and 4.3% (4 in whole percent)
    lo, hi = vib4.PAPER["tori N differ from SF's by 1-4%"]
    got = [vib4.percent(x) for x in measured("tori N differ from SF's by 1-4%")]
    assert all(vib4.percent(lo) <= g <= vib4.percent(hi) for g in got) and got == [2, 4]


def test_hc_and_lhhc_at_the_nearest_power_of_two():
    # §VI-B4: "a small number of HC and LH-HC configurations forced us to use N = 8,192": with p = 1 their N is
    # 2^n, and 2^13 is the one nearest the SF's 10,830 (24% below; 2^14 is 51% above)
    key = "HC and LH-HC N, the nearest 2^n"
    assert measured(key) == vib4.PAPER[key]
    assert {r: vib4._row(rows(), r)["endpoints"] for r in ("HC", "LH-HC")} == {"HC": 8192, "LH-HC": 8192}


def test_hybrids_are_the_slim_flys_size():
    # §VI-B4: hybrids "identical in size to SF"
    assert {r: vib4._row(rows(), r)["endpoints"] for r in vib4.HYBRIDS} == dict.fromkeys(vib4.HYBRIDS, 10_830)


def test_hc_hybrid_cost_varies_by_1_percent():
    # §VI-B4: "the cost results vary by only 1%": our HC hybrid $4,948 per endpoint against the 13-cube's $4,935
    key = "HC-hybrid cost per endpoint varies from HC's by at most"
    assert measured(key) <= vib4.PAPER[key]
    assert round(measured(key), 4) == 0.0027


@pytest.mark.xfail(strict=True, reason=(
    "[seed002-vib4-hybrid] Besta & Hoefler 2014, §VI-B4: hybrid Long Hops of the SF's size (N = 10,830) vary in "
    "cost by only 1% from LH-HC of N = 8,192; ours 6.0% ($7,025 against $7,472 per endpoint)"))
def test_lhhc_hybrid_cost_varies_by_1_percent():
    key = "LH-HC-hybrid cost per endpoint varies from LH-HC's by at most"
    assert measured(key) <= vib4.PAPER[key]


def test_lhhc_hybrid_cost_varies_by_1_percent_ours():
    # the 2,638 copied routers keep a long hop only where both ends were copied: 50.6 W against 53.2 W
    key = "LH-HC-hybrid cost per endpoint varies from LH-HC's by at most"
    assert round(measured(key), 3) == 0.060
    h = vib4._row(rows(), "LH-HC-hybrid")
    assert (round(h["cost_per_endpoint"]), round(h["power_per_endpoint"], 1)) == (7_025, 50.6)


def test_comparable_n_within_10_percent():
    # §VI-B4: "topologies that have similar N (at most 10% of difference)": Table IV's FT-3 (k = 35), DLN, FBF-3 and
    # DF of comparable N and the DF with 990 routers; the farthest, DLN and DF with 9,702, are 10.4% below 10,830
    key = "comparable-N high-radix rows differ from SF's N by at most"
    assert vib4.percent(measured(key)) <= vib4.percent(vib4.PAPER[key])
    assert round(measured(key), 4) == 0.1042


#: 1 - SF / row of the cost per endpoint, ours (Table IV rows priced by the stated model)
SAVING = {"DF43": 0.218, "DF27": 0.178, "DF990": 0.239, "FBF43": 0.244, "FBF33": 0.224, "DLN43": 0.396,
          "DLN28": 0.320, "FT43": 0.487, "FT35": 0.481}
#: the rows whose saving is more than 5 points from the paper's, and why
SAVING_XFAIL = {
    "DF27": "[seed002-vib4-savings] Besta & Hoefler 2014, §VI-B4: 'In all cases, SF is 25% more cost-effective than "
            "DF'; against Table IV's DF of k = 27 ours 17.8% ($1,168 against $1,422 per endpoint)",
    "FBF43": "[seed002-vib4-savings] Besta & Hoefler 2014, §VI-B4: 'In all cases' SF 'almost 30%' less expensive than "
             "FBF-3; against Table IV's FBF-3 of 12^3 routers ours 24.4% ($1,168 against $1,546 per endpoint)",
    "FBF33": "[seed002-vib4-savings] Besta & Hoefler 2014, §VI-B4: 'In all cases' SF 'almost 30%' less expensive than "
             "FBF-3; against Table IV's FBF-3 of 10^3 routers ours 22.4% ($1,168 against $1,506 per endpoint)",
    "DLN28": "[seed002-vib4-savings] Besta & Hoefler 2014, §VI-B4: 'In all cases' SF '40%' less expensive than DLN; "
             "against Table IV's DLN of 1,386 routers ours 32.0% ($1,168 against $1,718 per endpoint)",
}
PAPER_FAMILY = {row: fam for fam, rs in vib4.SAVING_ROWS.items() for row in rs}


def _saving_case(row: str):
    marks = [pytest.mark.xfail(strict=True, reason=SAVING_XFAIL[row])] if row in SAVING_XFAIL else []
    return pytest.param(row, marks=marks, id=row)


@pytest.mark.parametrize("row", [_saving_case(r) for r in SAVING])
def test_cost_saving_in_all_cases(row):
    fam = PAPER_FAMILY[row]
    got = dict(zip(vib4.SAVING_ROWS[fam], measured(f"cost saving over {fam}, every Table IV row")))[row]
    assert got == pytest.approx(vib4.PAPER[f"cost saving over {fam}, every Table IV row"], abs=TOLERANCE)


@pytest.mark.parametrize("row", SAVING)
def test_cost_saving_in_all_cases_ours(row):
    assert round(vib4.saving(rows(), row), 3) == SAVING[row]


@pytest.mark.xfail(strict=True, reason=(
    "[seed002-vib4-df-fibre] Besta & Hoefler 2014, §VI-B4: the DF with 990 routers (k = 43) 'uses fewer global "
    "cables than SF' (Table IV: 1,012 against 6,869); ours 7,425 against 6,498"))
def test_df990_fewer_fibre_cables_than_sf():
    assert measured("DF990 has fewer fibre cables than SF") is vib4.PAPER["DF990 has fewer fibre cables than SF"]


def test_df990_fewer_fibre_cables_than_sf_ours():
    assert measured("DF990 has fewer fibre cables than SF") is False
    assert (vib4._row(rows(), "DF990")["fibre_cables"], vib4._row(rows(), "SF")["fibre_cables"]) == (7_425, 6_498)


def test_statements_refuse_rows_without_their_networks():
    for key, f in vib4.MEASURED.items():
        with pytest.raises(ValueError, match="no .* row"):
            f(rows().iloc[:0])
            pytest.fail(key)


def test_reproduce_command(capsys):
    assert main(["reproduce", "seed002-vib4"]) == 0
    text = capsys.readouterr().out
    assert "LH-HC-hybrid" in text and "DF990 has fewer fibre cables than SF" in text
    assert main(["reproduce", "seed002-vib4", "--full"]) == 2


def test_other_hybrid_readings_do_not_reach_1_percent_either():
    # README [seed002-vib4-hybrid]: the first 10,830 routers of the 14-dimensional LH-HC (L = 5) vary by 13.5%; our
    # hybrids priced with every router at its largest radix, by 3.0% (LH-HC, radix 20) and 7.4% (HC, radix 15)
    import numpy as np

    from topoanalysis.cost import network_cost
    from topoanalysis.families import build
    from topoanalysis.topology import Topology

    lh14 = build("lhhc", n=14, hops=5)
    keep = (lh14.u < 10_830) & (lh14.v < 10_830)
    first = Topology(10_830, lh14.u[keep], lh14.v[keep], lh14.kind[keep], lh14.kind_names, 1, None, "lhhc")
    base = {r: vib4._row(rows(), r)["cost_per_endpoint"] for r in ("HC", "LH-HC")}
    assert round(network_cost(first).cost_per_endpoint / base["LH-HC"] - 1, 3) == -0.135
    for name, want in (("LH-HC-hybrid", 0.030), ("HC-hybrid", 0.074)):
        top = build("hybridcube", **vib4.HYBRIDS[name][0])
        flat = network_cost(top, router_radix=int(np.max(top.radix())))
        assert round(flat.cost_per_endpoint / base[vib4.HYBRIDS[name][1]] - 1, 3) == want, name


def test_reproduce_table4_prints_paper_beside_ours(capsys):
    # Besta & Hoefler 2014, Table IV through `topoanalysis reproduce seed002-table4`: every row, paper / ours per column
    assert main(["reproduce", "seed002-table4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {ln.split()[0]: ln for ln in lines[2:16]}
    assert list(rows) == ["T3D", "T5D", "HC", "LH-HC", "DLN43", "FBF43", "DF43", "DLN28", "FBF33", "DF27", "DF990",
                          "SF", "FT43", "FT35"]
    assert "6,481 / 7,472" in rows["LH-HC"] and "1,033 / 1,168" in rows["SF"]
    assert main(["reproduce", "seed002-table4", "--plot", "x.png"]) == 2


def test_papers_own_table_iv_savings():
    # README [seed002-vib4-savings]: the savings Table IV itself gives (1 - $1,033 / the row's $ per endpoint): DLN28
    # and the FT-3 rows are also more than 5 points from the words "40%" and "almost 50%"
    from topoanalysis.reproduce.seed002_table4 import MODELLED, PAPER

    table = {**PAPER, **MODELLED}
    own = {r: round(100 * (1 - table["SF"][5] / table[r][5])) for r in SAVING}
    assert own == {"DF43": 28, "DF27": 23, "DF990": 24, "FBF43": 34, "FBF33": 33, "DLN43": 41, "DLN28": 34,
                   "FT43": 56, "FT35": 55}
