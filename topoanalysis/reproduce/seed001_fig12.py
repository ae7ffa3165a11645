"""García et al. 2014, Fig. 12 (§5.6): the average number of packets injected per router in the tree
escape subnetwork's root group G_root and in the other groups, at an offered load of 1 phit/(node
cycle), for OFAR with the tree and with the ring escape subnetwork, BCM (bubble of 2 packets) and
2/1(+1) VCs, under UN, ADVG+2 and ADVG+h, on the h = 6 dragonfly, ``seed001`` router model.

    python -m topoanalysis.reproduce.seed001_fig12                # reduced: 2,000 + 2,000 cycles
    python -m topoanalysis.reproduce.seed001_fig12 --full         # 50,000 + 50,000, as §5.6
    python -m topoanalysis.reproduce.seed001_fig12 -o data/seed001_fig12.csv

The tree's root R_root is router 0 of group 0 (``sim.routings.ofar``), so G_root is group 0.  The
paper compares G_root with "a group chosen as a baseline for comparison", G_0; here the baseline is
the mean over every other group (the groups other than the root's are alike under these patterns),
so a row has ``injected_root_group`` and ``injected_other_groups``, packets per router over the
measured cycles.  §5.6: "For OFAR Tree, the number of packets injected by nodes in G_root is
significantly lower than in G_0 ... This does not happen with an escape ring".
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ..topology import Topology
from ._compare import with_curve
from ._curves import main, run as _run
from ._figure import constants

__all__ = [
    "PAPER",
    "MEASURED",
    "CONFIGS",
    "ROUTINGS",
    "TRAFFICS",
    "LOADS",
    "MODEL",
    "EXTRA",
    "network",
    "run",
    "root_share",
]

#: what García et al. 2014, §5.6 states about Fig. 12
PAPER: dict[str, Any] = {
    # "For OFAR Tree, the number of packets injected by nodes in G_root is significantly lower than in G_0"
    "tree: root group injects less, every pattern": True,
    # "This does not happen with an escape ring, as it is a symmetric topology that balances the load"
    "ring: group 0 injects as the others, every pattern": True,
}

_F = constants("seed001-fig12")
#: label -> routing and simulate options of each curve (the experiment file ``figures/seed001-fig12.toml``)
CONFIGS: dict[str, dict[str, Any]] = _F.CONFIGS
ROUTINGS, TRAFFICS, LOADS, MODEL = _F.ROUTINGS, _F.TRAFFICS, _F.LOADS, _F.MODEL
REDUCED, FULL = _F.REDUCED, _F.FULL
network = _F.network

ROOT_GROUP = 0
#: "significantly lower": the root group injects at most this share of the others' packets per
#: router; "as the others": within this share of 1
SIGNIFICANT = 0.9
ALIKE = 0.05


def EXTRA(top: Topology, result: dict[str, Any]) -> dict[str, float]:
    """A run's packets injected per router (measured cycles) in the root group and, on average, in
    the other groups."""
    group = top.labels["group"]
    per_group = result["injected_per_group"]
    size = [int((group == g).sum()) for g in range(len(per_group))]
    others = [g for g in range(len(per_group)) if g != ROOT_GROUP]
    return {
        "injected_root_group": per_group[ROOT_GROUP] / size[ROOT_GROUP],
        "injected_other_groups": sum(per_group[g] for g in others) / sum(size[g] for g in others),
    }


def root_share(df: Any, curve: str, traffic: str) -> float:
    """Packets injected per router in the root group over those in the other groups."""
    d = with_curve(df)
    d = d[(d["curve"] == curve) & (d["traffic"] == traffic)]
    if d.empty:
        raise ValueError(f"results: no rows for curve {curve!r} under {traffic!r}")
    return float(d["injected_root_group"].mean() / d["injected_other_groups"].mean())


#: how each :data:`PAPER` entry is measured on this figure's runs: the root group's packets per
#: router over the other groups' (:func:`root_share`) against :data:`SIGNIFICANT` and :data:`ALIKE`
MEASURED: dict[str, Callable[[Any], Any]] = {
    "tree: root group injects less, every pattern": lambda df: all(
        root_share(df, "ofar tree+bcm", t) <= SIGNIFICANT for t in TRAFFICS
    ),
    "ring: group 0 injects as the others, every pattern": lambda df: all(
        abs(root_share(df, "ofar ring+bcm", t) - 1) <= ALIKE for t in TRAFFICS
    ),
}

#: ``run(full=False, routings=None, traffics=None, loads=None, seeds=(1,), top=None, progress=False)``:
#: this figure's rows (:func:`topoanalysis.reproduce._curves.run`)
run = partial(_run, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main(sys.modules[__name__]))
