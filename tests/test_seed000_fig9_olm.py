"""Camarero et al. 2014, Fig. 9 (§7), the adaptive curves on the Table II network (a = 24, t = 4, b = 79,
24,648 nodes, extended palmtree; ``seed000`` model): 4-color adaptive against OLM, the in-transit
adaptive reference, under ADV+1.  The recorded runs (``data/seed000_fig9_olm.csv``, 2,000 +
2,000 cycles per point, ``python -m topoanalysis.reproduce.seed000_fig9_olm -o ...``) against the
statement of §7 (``tests/test_figure_reruns.py`` reruns a sample of their rows)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from topoanalysis.reproduce import seed000_fig9_olm

DATA = Path(__file__).resolve().parents[1] / "data"


def _curve(config: str, traffic: str) -> list[tuple[float, float, float]]:
    rows = csv.DictReader((DATA / "seed000_fig9_olm.csv").open())
    return sorted((float(r["offered_load"]), float(r["accepted_load"]), float(r["average_hops"]))
                  for r in rows if r["config"] == config and r["traffic"] == traffic)


def _peak(config: str, traffic: str) -> float:
    return max(a for o, a, h in _curve(config, traffic))


def test_every_point_recorded():
    for c in seed000_fig9_olm.CONFIGS:
        for t in seed000_fig9_olm.TRAFFICS:
            assert [o for o, a, h in _curve(c, t)] == list(seed000_fig9_olm.LOADS), (c, t)


def test_olm_misroutes_past_the_minimal_limit():
    # ADV+1: one group's 312 nodes share its t = 4 links to the next, at most 4/312 = 0.0128 minimally
    # (seed000_fig9's minimal curve); OLM misroutes in transit, more than 4 router hops on average
    assert _peak("olm", "advg+1") > 10 * 4 / 312
    assert all(h > 3.5 for o, a, h in _curve("olm", "advg+1"))


@pytest.mark.xfail(strict=True, reason=(
    "[seed000-fig9-olm] Camarero et al. 2014, §7/Fig. 9: 4-color adaptive 'also accepts more load than the OLM "
    "reference'; ours under ADV+1 0.161 against OLM's 0.405 (OLM still unsaturated at the highest swept load, 0.4)"))
def test_adaptive_accepts_more_than_olm():
    assert seed000_fig9_olm.MEASURED["adv+1: 4color-adaptive accepts more than olm"](_frame())


def test_adaptive_accepts_more_than_olm_ours():
    assert {c: round(_peak(c, "advg+1"), 3) for c in seed000_fig9_olm.CONFIGS} == PEAKS
    assert seed000_fig9_olm.MEASURED["adv+1: 4color-adaptive accepts more than olm"](_frame()) is False


def _frame():
    import pandas as pd

    return pd.read_csv(DATA / "seed000_fig9_olm.csv", keep_default_na=False, na_values=[""])


#: the peaks under ADV+1; 4color-adaptive's is seed000_fig9's (the same runs)
PEAKS = {"4color-adaptive": 0.161, "olm": 0.405}
