"""Seed 003 Fig. 9 (§4.2): UGAL-L's saturation point with the original and the loop-free
Valiant on Slim Flies of q = 5..13.  The recorded run is ``data/seed003_fig9.csv``
(``topoanalysis reproduce seed003-fig9 -o data/seed003_fig9.csv``: the bundled experiment file,
1,000 + 3,000 cycles per load, bisection to 0.01, seed003 model with its destination interception,
hotspot-seq traffic)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from topoanalysis.reproduce import seed003_fig9 as fig

DATA = Path(__file__).resolve().parents[1] / "data" / "seed003_fig9.csv"


@pytest.fixture(scope="module")
def rec() -> pd.DataFrame:
    return pd.read_csv(DATA)


def test_recorded_run_is_the_bundled_experiment(rec):
    assert len(rec) == len(fig.experiment) == 8 and set(rec["status"]) == {"ok"}
    assert set(rec["point_id"]) == {p.point_id for p in fig.experiment.points()}
    assert set(rec["model"]) == {"seed003"} and set(rec["criterion"]) == {"average latency < 100 cycles"}


#: our saturation points (recorded, and rerun by tests/test_figure_reruns.py), by (q, variant)
OURS = {(5, "original"): 0.6172, (5, "loop-free"): 0.6562, (7, "original"): 0.5234, (7, "loop-free"): 0.5234,
        (11, "original"): 0.4688, (11, "loop-free"): 0.4844, (13, "original"): 0.5156, (13, "loop-free"): 0.5312}
VARIANTS = ("original", "loop-free")
#: the points more than 0.03 from the paper's: ours saturates higher on the larger sizes, where the
#: paper's points fall faster with q (0.62 to 0.43) than ours (0.617 to 0.516)
GAPS = {(7, "original"), (11, "original"), (13, "original"), (13, "loop-free")}


def _measured(rec, q: int, variant: str) -> float:
    return fig.MEASURED[f"q={q} original, loop-free"](rec)[VARIANTS.index(variant)]


def _paper(q: int, variant: str) -> float:
    return fig.PAPER[f"q={q} original, loop-free"][VARIANTS.index(variant)]


def _claim(q: int, variant: str):
    if (q, variant) not in GAPS:
        return pytest.param(q, variant, id=f"q{q}-{variant}")
    reason = (f"[seed003-fig9] Han et al. 2017, Fig. 9: UGAL-L with the {variant} Valiant saturates at "
              f"{_paper(q, variant)} on q = {q}; ours {OURS[q, variant]:.3f} (seed003 model: the paper's packet "
              "size, VCs, speedup and router delay are unstated, see the preset)")
    return pytest.param(q, variant, marks=[pytest.mark.xfail(strict=True, reason=reason)], id=f"q{q}-{variant}")


CLAIMS = [_claim(q, v) for q, v in OURS]


def test_every_recorded_point_is_pinned(rec):
    assert {(q, v) for q in fig.SIZES for v in VARIANTS} == set(OURS)


@pytest.mark.parametrize("q, variant", CLAIMS)
def test_paper_saturation_point(rec, q, variant):
    assert _measured(rec, q, variant) == pytest.approx(_paper(q, variant), abs=0.03)


@pytest.mark.parametrize("q, variant", list(OURS))
def test_paper_saturation_point_ours(rec, q, variant):
    assert round(_measured(rec, q, variant), 4) == OURS[q, variant]


@pytest.mark.xfail(strict=True, reason="[seed003-fig9] Han et al. 2017, Fig. 9: the loop-free Valiant raises UGAL-L's "
                   "saturation on every size (by 0.04, 0.05, 0.05, 0.04 on q = 5, 7, 11, 13); ours by 0.039, 0.000, "
                   "0.016 and 0.016: on q = 7 both saturate at 0.523 (the bisection's step is 1/128)")
def test_loop_free_above_original_on_every_size(rec):
    assert fig.MEASURED["loop-free above original, every size"](rec) is fig.PAPER["loop-free above original, every size"]


def test_loop_free_above_original_on_every_size_ours(rec):
    gain = [round(_measured(rec, q, "loop-free") - _measured(rec, q, "original"), 3) for q in fig.SIZES]
    assert gain == [0.039, 0.0, 0.016, 0.016]
