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


def test_ours(rec):
    got = {k: tuple(round(x, 4) for x in f(rec)) for k, f in fig.MEASURED.items() if k.startswith("q=")}
    assert got == {"q=5 original, loop-free": (0.3984, 0.4297), "q=7 original, loop-free": (0.3438, 0.3438),
                   "q=11 original, loop-free": (0.2891, 0.3047), "q=13 original, loop-free": (0.3125, 0.3281)}
    # the loop-free Valiant never lowers UGAL-L's saturation point (seed 003 §4.2's direction)
    t = fig.table(rec)
    assert (t["ugal-l-lf"] >= t["ugal-l"]).all()


@pytest.mark.xfail(strict=True, reason="[seed003-fig9] "
                                       "seed 003 Fig. 9: saturation 0.62/0.66, 0.48/0.53, 0.42/0.47, 0.43/0.47 "
                                       "(original/loop-free, q = 5, 7, 11, 13); ours 0.398/0.430, 0.344/0.344, "
                                       "0.289/0.305, 0.313/0.328 (seed003 model; the paper's packet size, VCs "
                                       "and router delay are unstated, see the preset)")
def test_paper_saturation_points(rec):
    for key, f in fig.MEASURED.items():
        if key.startswith("q="):
            assert f(rec) == pytest.approx(fig.PAPER[key], abs=0.03)


@pytest.mark.xfail(strict=True, reason="[seed003-fig9] "
                                       "seed 003 Fig. 9: the loop-free Valiant raises UGAL-L's saturation on every "
                                       "size; ours ties on q = 7 (0.344 both)")
def test_loop_free_above_original_on_every_size(rec):
    assert fig.MEASURED["loop-free above original, every size"](rec) is fig.PAPER["loop-free above original, every size"]
