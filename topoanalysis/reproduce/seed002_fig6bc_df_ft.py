"""Besta & Hoefler 2014, Figs. 6b and 6c's comparison rows (§V-B): latency and accepted load against
offered load under bit reversal (``bitrev``) and shift (``shift``) traffic for the paper's
dragonfly with UGAL-L (DF-UGAL-L: k = 27, 1,386 routers, 9,702 endpoints), its 3-level fat tree
with ANCA (FT-ANCA: k = 44, 1,452 routers, 10,648 endpoints; ``ft-least-occupied`` the up port
with the most free credits, ``ft-random`` the oblivious one)
and the Slim Fly q = 19 (722 routers, 10,830 endpoints) with MIN, UGAL-L and UGAL-G, ``seed002``
router model.  Each network sends on its largest power-of-two set of endpoints, 8,192 here (§V-B:
"The number of endpoints that are active is 8,192").

    python -m topoanalysis.reproduce.seed002_fig6bc_df_ft           # reduced: 1,000 + 1,000 cycles
    python -m topoanalysis.reproduce.seed002_fig6bc_df_ft --full    # 10,000 + 10,000
    python -m topoanalysis.reproduce.seed002_fig6bc_df_ft -o data/seed002_fig6bc_df_ft.csv

The dragonfly and the fat tree are those of Fig. 6a's rows (``seed002_fig6_df_ft``, which says how
ANCA is read); the Slim Fly curves run here on the paper's q = 19, where ``seed002_fig6bc`` runs
the reduced q = 7.  A row's curve is ``config``; its network is the row's ``topology.family``
(:func:`row_network`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from ._compare import peak, value_at
from ._curves import CurveTable, NetworkCurve, per_curve_main
from ._statements import print_curve_summary, print_statements
from ._figure import constants

__all__ = [
    "PAPER",
    "MEASURED",
    "CURVES",
    "ROUTINGS",
    "SF_CURVES",
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

_F = constants("seed002-fig6bc-df-ft")
#: curve label -> (family, generator parameters, routing, simulate options): Fig. 6a's dragonfly and
#: fat tree, and the Slim Fly q = 19 of Fig. 6 (``figures/seed002-fig6bc-df-ft.toml``)
CURVES: dict[str, NetworkCurve] = _F.CURVES
#: the Slim Fly's curves: Besta & Hoefler 2014, §V, the q = 19 network of Fig. 6
SF_CURVES: dict[str, NetworkCurve] = {k: v for k, v in CURVES.items() if v[0] == "slimfly"}
#: bit reversal and shift, offered loads to the end of Figs. 6b and 6c's axis
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL


def _sf_peak(df: Any, traffic: str) -> float:
    """The Slim Fly's bandwidth under ``traffic``: its best routing's peak."""
    return max(peak(df, c, traffic) for c in SF_CURVES)


def _sf_latency(df: Any, traffic: str) -> float:
    """The Slim Fly's lowest latency at offered load 0.1 under ``traffic``."""
    return min(value_at(df, c, traffic, 0.1) for c in SF_CURVES)


#: what Besta & Hoefler 2014, §V-B states about these rows of Figs. 6b and 6c: "The bandwidth of
#: FT-3, higher than UGAL-L and only slightly better than UGAL-G [...] As expected, SF offers
#: slightly higher bandwidth and has lower latency than DF"
PAPER: dict[str, Any] = {
    f"{t}, {s}": True
    for t in TRAFFICS
    for s in (
        "ft-anca peak above sf-ugal-l's",
        "ft-anca peak at most 10 % above sf-ugal-g's",
        "slim fly peak above df-ugal-l's",
        "slim fly latency at 0.1 below df-ugal-l's",
    )
}


def _measured(t: str) -> dict[str, Callable[[Any], Any]]:
    return {
        f"{t}, ft-anca peak above sf-ugal-l's": lambda df: (peak(df, "ft-anca", t), peak(df, "sf-ugal-l", t)),
        f"{t}, ft-anca peak at most 10 % above sf-ugal-g's": lambda df: (peak(df, "ft-anca", t), peak(df, "sf-ugal-g", t)),
        f"{t}, slim fly peak above df-ugal-l's": lambda df: (_sf_peak(df, t), peak(df, "df-ugal-l", t)),
        f"{t}, slim fly latency at 0.1 below df-ugal-l's": lambda df: (_sf_latency(df, t), value_at(df, "df-ugal-l", t, 0.1)),
    }


#: how each :data:`PAPER` entry is measured: the two numbers it compares, in the order it names them
MEASURED: dict[str, Callable[[Any], Any]] = {k: f for t in TRAFFICS for k, f in _measured(t).items()}


#: the table of curves and its runner; its bound methods are this module's functions below
TABLE: CurveTable = _F.TABLE
network = TABLE.network
row_network = TABLE.row_network
curve_of = TABLE.curve_of
run = TABLE.run


def main(argv: Sequence[str] | None = None) -> int:
    """Run the curves reduced (or ``--full``); print each one's throughput and low-load latency per
    traffic beside the paper's statements, or write the rows (``-o``)."""
    name = "topoanalysis.reproduce.seed002_fig6bc_df_ft"
    chosen, df = per_curve_main(name, __doc__, list(CURVES), FULL, lambda full, c: run(full, c, progress=True), argv)
    print_curve_summary(df, chosen, TRAFFICS)
    print_statements("seed002_fig6bc_df_ft.PAPER", PAPER, MEASURED, df)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
