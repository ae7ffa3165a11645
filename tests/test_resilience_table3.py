"""Seed 002 Table III (disconnection resiliency, §III-D1), every cell we can build, against the paper.

Networks: :func:`topoanalysis.reproduce.seed002_table3.network` (the balanced variant nearest N;
the paper does not list its configurations).  Our value is the mean per-sample threshold rounded
to the 5% step (``table_value``), seed 1, adaptive sampling to a 95% CI of width 2 pp.  Cells
where it differs from the paper are strict xfails naming both numbers; most differ by one step
upwards.  Rounding the mean *down* instead fixes 9 of those 19 cells but breaks 4 that match now
(``python benchmarks/table3.py`` prints both readings), so neither reading is the paper's.
"""

from __future__ import annotations

import functools

import pytest

from topoanalysis.reproduce.seed002_table3 import COLUMNS, PAPER, ROWS, network
from topoanalysis.resilience import resilience

#: our table value (percent) where it differs from the paper's, from `python benchmarks/table3.py`
DIFFERS = {
    ("T3D", 2048): 25, ("T3D", 4096): 20, ("T3D", 8192): 20,
    ("T5D", 1024): 45,
    ("HC", 512): 45, ("HC", 1024): 45, ("HC", 2048): 45,
    ("LH-HC", 512): 60, ("LH-HC", 1024): 60,
    ("FT-3", 512): 45, ("FT-3", 1024): 50, ("FT-3", 2048): 55, ("FT-3", 4096): 60, ("FT-3", 8192): 65,
    ("DF", 1024): 55, ("DF", 2048): 60,
    ("FBF-3", 512): 60, ("FBF-3", 1024): 65, ("FBF-3", 2048): 70,
    ("DLN", 2048): 70,
    ("SF", 2048): 70,
}


def _cells():
    for col in COLUMNS:
        for n in ROWS:
            paper = PAPER[col][n]
            if paper is None:
                continue
            marks = []  # every cell takes at most a few seconds (T3D N=8192: ~2.5 s)
            if (col, n) in DIFFERS:
                marks.append(pytest.mark.xfail(strict=True, reason="[seed002-t3] "
                                                                   f"Besta & Hoefler 2014, Table III: {col} N={n} {paper}%, "
                                                                   f"ours {DIFFERS[col, n]}%"))
            yield pytest.param(col, n, paper, marks=marks, id=f"{col}-{n}")


@functools.cache
def _ours(column: str, n: int) -> int:
    """Our Table III cell (percent): the disconnection threshold's table value."""
    top = network(column, n)
    return round(100 * resilience(top, seed=1, metrics=["disconnection"]).metrics["disconnection"].table_value)


@pytest.mark.parametrize("column, n, paper", list(_cells()))
def test_table3_cell(column, n, paper):
    assert _ours(column, n) == paper


@pytest.mark.parametrize("column, n", sorted(DIFFERS), ids=[f"{c}-{n}" for c, n in sorted(DIFFERS)])
def test_table3_cell_ours(column, n):
    assert _ours(column, n) == DIFFERS[column, n]


def test_table3_sizes_are_near_n():
    # each network's endpoint count is within a factor 1.5 of the row's N
    for col in COLUMNS:
        for n in ROWS:
            if PAPER[col][n] is not None and n < 8192:
                assert 1 / 1.5 <= network(col, n).n_endpoints / n <= 1.5, (col, n)


def test_table3_bad_cell():
    with pytest.raises(ValueError, match="no DF value for N=512"):
        network("DF", 512)
    with pytest.raises(ValueError, match="n must be one of"):
        network("SF", 1000)
    with pytest.raises(ValueError, match="column must be one of"):
        network("XX", 512)
