"""Besta & Hoefler 2014, Fig. 6a's comparison rows (§V, §V-A): latency and accepted load against
offered load under uniform random traffic for the paper's dragonfly with UGAL-L (DF-UGAL-L: k = 27,
p = 7, 1,386 routers, 9,702 endpoints) and its 3-level fat tree with the Adaptive Nearest Common
Ancestor routing (FT-ANCA: k = 44, p = 22, 1,452 routers, 10,648 endpoints), ``seed002`` router model,
beside the Slim Fly q = 19 curves of ``seed002_fig6``.

    python -m topoanalysis.reproduce.seed002_fig6_df_ft           # reduced: 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig6_df_ft --full    # 10,000 + 10,000
    python -m topoanalysis.reproduce.seed002_fig6_df_ft -o data/seed002_fig6_df_ft.csv

The dragonfly is the canonical one of a = 2p = 14 routers per group and h = p = 7 global links per
router, 99 groups (the paper does not state its global link arrangement: palmtree here).  The fat
tree is ``fattree --k 44 --pods 22``, the 22-ary 3-tree.  ANCA (the paper's [20]) sends a packet up
through any of the up ports, chosen adaptively, to a nearest common ancestor of source and
destination, then down the one path to the destination; in a fat tree these up*/down* paths are
exactly the shortest paths, so FT-ANCA is ``min`` (every minimal next hop a candidate) with the
up port chosen as BookSim2's ``fattree_anca`` chooses it (the paper ran a modified BookSim): the
less used of two drawn at random, the ``two-choice`` selection policy.  ``ft-least-occupied``
takes the up port with the most free credits (``least-occupied``), which every input of a switch
then asks for at once, and ``ft-random`` draws it at random, the oblivious reference.  A row's curve is
``config``; its network is the row's ``topology.family`` (:func:`row_network`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from ._compare import peak, value_at
from ._curves import CurveTable, NetworkCurve, per_curve_main
from ._figure import constants
from ._statements import print_curve_summary

__all__ = [
    "PAPER",
    "MEASURED",
    "CURVES",
    "ROUTINGS",
    "TRAFFICS",
    "LOADS",
    "MODEL",
    "REDUCED",
    "FULL",
    "TABLE",
    "network",
    "row_network",
    "curve_of",
    "run",
    "main",
]

_F = constants("seed002-fig6-df-ft")
#: curve label -> (family, generator parameters, routing, simulate options): Besta & Hoefler 2014, §V
#: (``figures/seed002-fig6-df-ft.toml``, each curve's network in its ``[configs]`` table)
CURVES: dict[str, NetworkCurve] = _F.CURVES
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL

#: what Besta & Hoefler 2014, §V-A states about these rows of Fig. 6a (compared with the Slim Fly's
#: recorded curves, ``data/seed002_fig6.csv``, in ``tests/test_seed002_fig6_df_ft.py``)
PAPER: dict[str, Any] = {
    # "As expected from Figure 5c, DF offers lower bandwidth while the bandwidth of FT-3 is slightly
    # higher than SF"
    "uniform, df-ugal-l peak below the slim fly's": True,
    "uniform, ft-anca peak slightly above the slim fly's": True,
    # "Finally, SF has the lowest latency due to its lower D than in DF and FT-3"
    "uniform, latency at 0.1 above the slim fly's": True,
}

#: how each :data:`PAPER` entry is measured on these rows: the numbers the judgement rests on (the
#: Slim Fly's side, ``data/seed002_fig6.csv``, is compared in the test)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "uniform, df-ugal-l peak below the slim fly's": lambda df: peak(df, "df-ugal-l", "uniform"),
    "uniform, ft-anca peak slightly above the slim fly's": lambda df: peak(df, "ft-anca", "uniform"),
    "uniform, latency at 0.1 above the slim fly's": lambda df: (
        value_at(df, "df-ugal-l", "uniform", 0.1),
        value_at(df, "ft-anca", "uniform", 0.1),
    ),
}


#: the table of curves and its runner; its bound methods are this module's functions below
TABLE: CurveTable = _F.TABLE
network = TABLE.network
row_network = TABLE.row_network
curve_of = TABLE.curve_of
run = TABLE.run


def main(argv: Sequence[str] | None = None) -> int:
    """Run the curves reduced (or ``--full``); print each one's throughput and low-load latency,
    or write the rows (``-o``)."""
    chosen, df = per_curve_main(
        "topoanalysis.reproduce.seed002_fig6_df_ft",
        __doc__,
        list(CURVES),
        FULL,
        lambda full, c: run(full, c, progress=True),
        argv,
    )
    print_curve_summary(df, chosen, ["uniform"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
