"""Camarero et al. 2014, §8: routing on 3-level dragonflies.  Hierarchical minimal routing
(``df3-min``, routes l m l g l m l) and Valiant through a random intermediate router
(``df3-val``), 1-level group (``df3-val-g1``) and 2-level group (``df3-val-g2``), with the VCs §8
counts (4, 8, 7, 6 on the l links; ``sim/routings/df3.py``), under uniform traffic and under
ADVG+b, where every node of 2-level group i sends to 2-level group i + 1 (``advg+N`` offsets the
1-level group, numbered across the network, by N = b: the same 1-level group of the next 2-level
group), the pattern that makes Valiant useful: minimal routing puts a whole 2-level group's
traffic on the t3 level-3 links to the next one.

Two networks, each a curve suffix:

* ``cascade``: Table IV's Cascade-like corner with a = 3 (t2 = a = b = 3, t3 = 1, c = 10; 90
  routers, p = Δ3 = 1), the smallest balanced 3-level dragonfly of Table IV that is not a Hamming
  graph (the canonical one needs a = 5: 3,080 routers).  Its routes are l m g l m (every router
  has a level-2 link to every other 1-level group).
* ``full``: a = 2, b = 3, c = 7, t2 = t3 = 1 (42 routers, p = Δ3 = 1), not balanced but small, where
  routes are the general l m l g l m l §8 counts VCs for.

``seed000`` router model (8-phit packets, 3 VCs raised to the routing's need); §8 gives no timing
for 3 levels, so l links take Table II's local link (10 cycles, 32 phits per VC) and m and g links
its global one (100 cycles, 256 phits), recorded in each row's ``options``.  Each row adds the
mean and most used link utilisation per class (``EXTRA``).

    python -m topoanalysis.reproduce.seed000_sec8               # reduced: 2,000 + 3,000 cycles
    python -m topoanalysis.reproduce.seed000_sec8 --full        # 20,000 + 20,000 cycles
    python -m topoanalysis.reproduce.seed000_sec8 -o data/seed000_sec8.csv

§8 states VC counts and that "only the original Valiant routing makes traffic completely
uniform", without simulating; ``tests/test_seed000_sec8.py`` compares.  §8's "applying the studied
coloring techniques" to 3 levels is not defined in the paper and is not built here.
"""

from __future__ import annotations

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
    "NETWORKS",
    "TRAFFICS",
    "LOADS",
    "MODEL",
    "TIMING",
    "REDUCED",
    "FULL",
    "network",
    "row_network",
    "spread",
    "EXTRA",
    "curve_of",
    "run",
    "main",
]

_F = constants("seed000-sec8")
#: curve label (``"df3-min cascade"``: the routing, then the network's key) -> (routing, network key),
#: from ``figures/seed000-sec8.toml``, which ``topoanalysis reproduce seed000-sec8`` runs
CURVES: dict[str, tuple[str, str]] = {lab: (c[2], lab.rsplit(" ", 1)[1]) for lab, c in _F.CURVES.items()}
#: network key -> dragonfly3 parameters
NETWORKS: dict[str, dict[str, Any]] = {key: _F.CURVES[lab][1] for lab, (_, key) in CURVES.items()}
ROUTINGS = tuple(dict.fromkeys(r for r, _ in CURVES.values()))
#: ADVG+b: 1-level group g to g + b, the same one of the next 2-level group (b = 3 in both networks)
TRAFFICS, LOADS, MODEL = _F.TRAFFICS, _F.LOADS, _F.MODEL
#: Camarero et al. 2014, Table II's local link for l, its global link for m and g
TIMING: dict[str, Any] = {k: _F.experiment.simulate[k] for k in ("latency", "buffer")}
REDUCED, FULL = _F.REDUCED, _F.FULL
#: the load at which the link utilisation is compared (below every Valiant variant's saturation)
SPREAD_LOAD = 0.2
KINDS = ("level1", "level2", "level3")

#: what Camarero et al. 2014, §8 states
PAPER: dict[str, Any] = {
    # "minimal routes are in general lmlglml, thus requiring up to 4 VCs. The classical Valiant
    # [...] would need up to 8 VCs [...] 7 VCs [...] 6 VCs"
    "VCs on l links: min, router, 1-level group, 2-level group": (4, 8, 7, 6),
    # "However only the original Valiant routing makes traffic completely uniform"
    "only df3-val uniform (lowest max/mean l utilisation under ADVG)": True,
}


def spread(df: Any, curve: str, traffic: str, kind: str = "level1", load: float = SPREAD_LOAD) -> float:
    """Most used over mean utilisation of ``kind``'s links in ``curve``'s run at ``load`` (1: uniform),
    from this module's rows (``util_KIND_max``) or a sweep's (``link_utilisation.KIND.max``)."""
    offered = df["offered_load"] if "offered_load" in df else df["load"]
    sel = df[(df["config"] == curve) & (df["traffic"] == traffic) & ((offered - load).abs() < 1e-9)]
    if sel.empty:
        raise ValueError(f"no row of {curve!r} under {traffic} at load {load}")
    r = sel.iloc[0]
    mx, mean = (
        (f"util_{kind}_max", f"util_{kind}_mean")
        if f"util_{kind}_max" in df
        else (f"link_utilisation.{kind}.max", f"link_utilisation.{kind}.mean")
    )
    return float(r[mx]) / max(float(r[mean]), 1e-12)


def _vcs(df: Any) -> tuple[int, ...]:
    """The l-link VCs each routing asks of the engine (its own VC scheme) on the ``full`` network."""
    from sim.routings import VC_SCHEMES, make_routing

    missing = sorted(set(ROUTINGS) - set(df["routing"]))
    if missing:
        raise ValueError(f"no rows of {', '.join(missing)}")
    top = network("full")
    return tuple(int(make_routing(top, r).required_vcs(VC_SCHEMES["routing"])[0]) for r in ROUTINGS)


def _only_original_uniform(df: Any) -> bool:
    out = []
    for n in NETWORKS:
        s = {r: spread(df, f"{r} {n}", TRAFFICS[1]) for r in ("df3-val", "df3-val-g1", "df3-val-g2")}
        out.append(s["df3-val"] < min(s["df3-val-g1"], s["df3-val-g2"]))
    return all(out)


#: how each :data:`PAPER` entry is measured (the VC counts from the routings as built)
MEASURED: dict[str, Callable[[Any], Any]] = {
    "VCs on l links: min, router, 1-level group, 2-level group": _vcs,
    "only df3-val uniform (lowest max/mean l utilisation under ADVG)": _only_original_uniform,
}


def network(key: str = "cascade") -> Topology:
    """The 3-level dragonfly of :data:`NETWORKS` ``key``."""
    if key not in NETWORKS:
        raise ValueError(f"network: unknown {key!r}; one of {', '.join(NETWORKS)}")
    return build("dragonfly3", **NETWORKS[key])


def row_network(row: dict[str, str]) -> Topology:
    """The network a recorded row ran on (its curve's suffix)."""
    return network(CURVES[row["config"]][1])


def EXTRA(top: Topology, res: dict[str, Any]) -> dict[str, Any]:
    """Mean and most used link utilisation per class (phits per cycle) of a run."""
    u = res["link_utilisation"]
    out: dict[str, Any] = {}
    for k in KINDS:
        out[f"util_{k}_mean"] = u[k]["mean"]
        out[f"util_{k}_max"] = u[k]["max"]
    return out


def curve_of(label: str) -> tuple[Topology, str, dict[str, Any]]:
    """The network, routing and simulate options of curve ``label`` (a label of :data:`CURVES`)."""
    if label not in CURVES:
        raise ValueError(f"curves: unknown {label!r}; one of {', '.join(CURVES)}")
    routing, key = CURVES[label]
    return network(key), routing, TIMING


def run(
    full: bool = False,
    curves: Iterable[str] | None = None,
    loads: Iterable[float] | None = None,
    seeds: Sequence[int] = (1,),
    progress: bool = False,
    traffics: Iterable[str] | None = None,
) -> list[dict[str, Any]]:
    """One row per (curve, traffic, load, seed) of :data:`CURVES` (all by default)."""

    return sweep_per_curve(
        CURVES if curves is None else curves,
        curve_of,
        MODEL,
        TRAFFICS if traffics is None else traffics,
        LOADS if loads is None else loads,
        seeds,
        FULL if full else REDUCED,
        progress,
        EXTRA,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the curves reduced (or ``--full``); print each curve's throughput and utilisation spread
    beside §8's statements, or write the rows (``-o``)."""
    chosen, df = per_curve_main(
        "topoanalysis.reproduce.seed000_sec8", __doc__, list(CURVES), FULL, lambda full, c: run(full, c, progress=True), argv
    )
    print(f"\n{'curve':22s} {'traffic':8s} throughput  l max/mean at {SPREAD_LOAD}")
    for label in chosen:
        for t in TRAFFICS:
            print(f"{label:22s} {t:8s} {peak(df, label, t):.4f}      {spread(df, label, t):.3f}")
    print_statements("seed000_sec8.PAPER", PAPER, MEASURED, df, paper_width=14)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
