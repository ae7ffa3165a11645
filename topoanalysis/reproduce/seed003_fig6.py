"""Han et al. 2017, Fig. 6 (§4.1): the average number of hops of Valiant routing, original
(``valiant``) and with the anti-looping improvements (``valiant-lf``, loop-free), on the Slim Flies of
q = 5, 7, 11 and 13 (p = 3, 5, 8, 9: 150, 490, 1,936 and 3,042 nodes), node links included, under
§4's sequence traffic (``hotspot-seq``) at the light load 0.05 ("the numbers of hops for Valiant
routing is independent of the offered load"), ``seed003`` router model.

    python -m topoanalysis.reproduce.seed003_fig6                 # reduced: 1,000 + 3,000 cycles
    python -m topoanalysis.reproduce.seed003_fig6 --full          # 10,000 + 10,000
    python -m topoanalysis.reproduce.seed003_fig6 -o data/seed003_fig6.csv

A curve is a routing and a size (``valiant q5``), each on its own network
(``figures/seed003-fig6.toml``).  §4.1: the improved Valiant "is consistently giving messages longer
routes"; ``tests/test_seed003_figs.py`` compares every entry of the table with our runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from ._compare import _mean_by_load
from ._curves import CurveTable, NetworkCurve, per_curve_main
from ._figure import constants
from ._statements import print_statements

__all__ = [
    "PAPER",
    "MEASURED",
    "SIZES",
    "CURVES",
    "ROUTINGS",
    "TRAFFICS",
    "LOADS",
    "MODEL",
    "REDUCED",
    "FULL",
    "NODE_LINKS",
    "TABLE_UNIT",
    "TABLE",
    "hops",
    "table",
    "network",
    "row_network",
    "curve_of",
    "run",
    "main",
]

#: Han et al. 2017, Fig. 6: q -> (nodes, hops of the original Valiant, of the improved one)
SIZES: dict[int, tuple[int, float, float]] = {5: (150, 5.5, 6.0), 7: (490, 5.6, 5.9), 11: (1936, 5.7, 6.0), 13: (3042, 5.8, 6.0)}

_F = constants("seed003-fig6")
#: curve label (``valiant q5``) -> (family, generator parameters, routing, simulate options)
CURVES: dict[str, NetworkCurve] = _F.CURVES
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
#: the paper counts the two links between nodes and switches in a route (§4.2: UGAL-L "starts at 3 hops")
NODE_LINKS = 2

#: Han et al. 2017, Fig. 6's table, one entry per size and variant
PAPER: dict[str, Any] = {
    f"hops, q = {q}, {v}": h for q, (_, orig, lf) in SIZES.items() for v, h in (("original", orig), ("loop-free", lf))
}


def hops(df: Any, curve: str) -> float:
    """Average hops of ``curve`` at its lowest offered load, node links included as the paper counts them."""
    return float(_mean_by_load(df, curve, TRAFFICS[0], "average_hops").sort_index().iloc[0]) + NODE_LINKS


def _measure(q: int, v: str) -> Callable[[Any], float]:
    return lambda df: hops(df, f"{'valiant' if v == 'original' else 'valiant-lf'} q{q}")


#: how each :data:`PAPER` entry is measured
MEASURED: dict[str, Callable[[Any], Any]] = {
    f"hops, q = {q}, {v}": _measure(q, v) for q in SIZES for v in ("original", "loop-free")
}


#: what :func:`table` holds (``topoanalysis reproduce`` prints it above the table and plots it)
TABLE_UNIT = "average hops, node links included"


def table(df: Any) -> Any:
    """Fig. 6 as the paper prints it: one row per size q, our hops of each variant (columns)."""
    import pandas as pd

    return pd.DataFrame(
        {v: {q: hops(df, f"{r} q{q}") for q in SIZES} for v, r in (("original", "valiant"), ("loop-free", "valiant-lf"))}
    ).rename_axis("q")


#: the table of curves and its runner; its bound methods are this module's functions below
TABLE: CurveTable = _F.TABLE
network = TABLE.network
row_network = TABLE.row_network
curve_of = TABLE.curve_of
run = TABLE.run


def main(argv: Sequence[str] | None = None) -> int:
    """Run the curves reduced (or ``--full``); print the table beside the paper's, or write the rows (``-o``)."""
    _, df = per_curve_main(
        "topoanalysis.reproduce.seed003_fig6", __doc__, list(CURVES), FULL, lambda full, c: run(full, c, progress=True), argv
    )
    print_statements("seed003_fig6.PAPER", PAPER, MEASURED, df)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
