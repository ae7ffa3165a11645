"""Camarero et al. 2014, §4.1.4: Valiant routing to a random intermediate group (the variant of Kim
et al. 2008, no local misrouting in the intermediate group) under the traffic where every node of
group i sends to group i + Δ2 (ADVG+h), on one dragonfly wired three ways: the consecutive and
palmtree arrangements, where "all traffic received by router i needs to leave by router i + 1,
leading to a throughput limit of 1/Δ2", and the circulant-based one, where "only Δ2/2 of such links
would compete for the same local link, leading to a throughput limit of 2/Δ2"; Valiant to a random
intermediate router (``valiant-any``, the original Valiant the section names as a remedy) beside them
on the palmtree.  ``seed000`` router model on the h = 6 dragonfly of García et al. 2014, Table 1
(a = 12, p = 6, 73 groups: Δ2 = 6 even and b odd, so the circulant-based arrangement exists, and
2/Δ2 = 0.33 stays below Valiant's global-link bound of 0.5).

    python -m topoanalysis.reproduce.seed000_sec414               # reduced: 3,000 + 3,000 cycles
    python -m topoanalysis.reproduce.seed000_sec414 --full        # 20,000 + 20,000 cycles
    python -m topoanalysis.reproduce.seed000_sec414 -o data/seed000_sec414.csv

The section states the two limits without simulating them; the tests compare them with our runs
(``tests/test_seed000_sec414.py``).  A row's curve (``config``) is the routing and the arrangement;
its network is the row's ``topology.arrangement`` (:func:`row_network`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..families import build
from ..topology import Topology
from ._compare import peak
from ._curves import per_curve_main, sweep_per_curve
from ._figure import constants
from ._statements import print_statements

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
    "network",
    "row_network",
    "curve_of",
    "run",
    "main",
]

_F = constants("seed000-sec414")
#: the dragonfly of García et al. 2014, Table 1 (Δ2 = h = 6), wired by each curve's ``arrangement``
#: (``figures/seed000-sec414.toml``)
TOPOLOGY: dict[str, Any] = {k: v for k, v in _F.experiment.topology.items() if k != "family"}
H = int(TOPOLOGY["h"])
#: curve label -> (routing, arrangement)
CURVES: dict[str, tuple[str, str]] = {lab: (c["routing"], c["topology.arrangement"]) for lab, c in _F.experiment.configs.items()}
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL

#: what Camarero et al. 2014, §4.1.4 states (phits/(node cycle))
PAPER: dict[str, Any] = {
    "consecutive and palmtree limit 1/Δ2": 1 / H,
    "circulant-based limit 2/Δ2": 2 / H,
    # "such pathological performance issues can be solved using the original implementation of
    # Valiant routing": above the palmtree's limit
    "valiant-any above valiant on the palmtree": True,
}

#: how each :data:`PAPER` entry is measured on this module's rows
MEASURED: dict[str, Callable[[Any], Any]] = {
    "consecutive and palmtree limit 1/Δ2": lambda df: (
        peak(df, "valiant consecutive", TRAFFICS[0]),
        peak(df, "valiant palmtree", TRAFFICS[0]),
    ),
    "circulant-based limit 2/Δ2": lambda df: peak(df, "valiant circulant", TRAFFICS[0]),
    "valiant-any above valiant on the palmtree": lambda df: (
        peak(df, "valiant-any palmtree", TRAFFICS[0]) > peak(df, "valiant palmtree", TRAFFICS[0])
    ),
}


def network(arrangement: str = "palmtree") -> Topology:
    """The h = 6 dragonfly wired by ``arrangement``."""
    return build("dragonfly", arrangement=arrangement, **TOPOLOGY)


def row_network(row: dict[str, str]) -> Topology:
    """The network a recorded row ran on (its ``topology.arrangement``)."""
    return network(row["topology.arrangement"])


def curve_of(label: str) -> tuple[Topology, str, dict[str, Any]]:
    """The network, routing and simulate options of curve ``label`` (a label of :data:`CURVES`)."""
    if label not in CURVES:
        raise ValueError(f"curves: unknown {label!r}; one of {', '.join(CURVES)}")
    routing, arrangement = CURVES[label]
    return network(arrangement), routing, {}


def run(
    full: bool = False,
    curves: Iterable[str] | None = None,
    loads: Iterable[float] | None = None,
    seeds: Sequence[int] = (1,),
    progress: bool = False,
) -> list[dict[str, Any]]:
    """One row per (curve, load, seed) of :data:`CURVES` (all by default) under ADVG+h."""

    return sweep_per_curve(
        CURVES if curves is None else curves,
        curve_of,
        MODEL,
        TRAFFICS,
        LOADS if loads is None else loads,
        seeds,
        FULL if full else REDUCED,
        progress,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the curves reduced (or ``--full``); print each curve's throughput beside the paper's
    limits, or write the rows (``-o``)."""
    chosen, df = per_curve_main(
        "topoanalysis.reproduce.seed000_sec414", __doc__, list(CURVES), FULL, lambda full, c: run(full, c, progress=True), argv
    )
    print(f"\n{'curve':22s} throughput")
    for label in chosen:
        print(f"{label:22s} {peak(df, label, TRAFFICS[0]):.4f}")
    print_statements("seed000_sec414.PAPER", PAPER, MEASURED, df)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
