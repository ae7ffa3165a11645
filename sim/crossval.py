"""Matched configurations for cross-validating the engine against BookSim2.

Each :class:`CrossConfig` states one network and router setting twice: as BookSim2
configuration fields and as ``simulate`` arguments (the ``booksim`` model of
:mod:`sim.models`).  ``benchmarks/booksim/compare.py`` runs both simulators on them and writes
``data/booksim_crossval.csv``; ``tests/test_sim_booksim.py`` runs this engine again and compares
it with the recorded BookSim2 numbers.

What the two sides share: virtual channels, buffer per VC, packet size, link latencies, node
channels of 1 cycle, a 3-cycle router pipeline (BookSim2: VC allocation, switch allocation,
crossbar, 1 cycle each; routing 0), a VC allocation per packet (an input or output VC is granted
again one cycle after a tail left it), credit delay 2, separable input-first allocation with one
iteration (BookSim2's separable allocators ignore ``alloc_iters``), no speedup, the switch held
for a whole packet (BookSim2's ``hold_switch_for_packet``), destinations uniform over all nodes
including the source (BookSim2's ``uniform``).

What differs by construction: BookSim2 is flit-level (a packet may span several routers, as in
wormhole switching within VCT-sized buffers), this engine moves whole packets.  BookSim2's
default allocates the switch flit by flit, so the flits of packets on different VCs of an input
interleave; ``df-a4h2-P8-flit`` keeps that default to measure what packet-level switching
changes.
"""

from __future__ import annotations

import csv
import dataclasses
import os
from collections.abc import Callable, Sequence
from typing import Any

from topoanalysis.families import build
from topoanalysis.io.atomic import atomic_file
from topoanalysis.topology import Topology

__all__ = [
    "CrossConfig",
    "CONFIGS",
    "ZERO_LOAD",
    "line",
    "zero_load_latencies",
    "write_rows",
    "recorded",
    "recorded_saturation",
    "below_saturation",
    "bisect_saturation",
]


def write_rows(path: str | os.PathLike, rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> None:
    """Write cross-validation rows (``data/booksim_crossval*.csv``, ``data/fogsim_crossval.csv``) to
    ``path``, complete or not at all: the ``columns`` of each row, a missing or None value empty,
    floats rounded to 5 decimals."""
    with atomic_file(path, overwrite=True) as f:
        w = csv.DictWriter(f, fieldnames=list(columns))
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else (round(r[k], 5) if isinstance(r[k], float) else r[k])) for k in columns})


def recorded(rows: Sequence[dict[str, str]], config: str, simulator: str, kind: str) -> list[dict[str, str]]:
    """The rows of a cross-validation file (``data/booksim_crossval*.csv``) of one configuration,
    simulator (``booksim`` or ``topoanalysis``) and kind (``sweep``, ``saturation``, ...)."""
    return [r for r in rows if r["config"] == config and r["simulator"] == simulator and r["kind"] == kind]


def recorded_saturation(rows: Sequence[dict[str, str]], config: str, simulator: str) -> float:
    """The saturation load a simulator recorded for ``config``."""
    (row,) = recorded(rows, config, simulator, "saturation")
    return float(row["offered_load"])


def below_saturation(rows: Sequence[dict[str, str]], config: str) -> list[dict[str, str]]:
    """BookSim2's sweep rows of ``config`` at most 0.9 of the lower of the two recorded saturations
    (where both simulators carry the load: the comparisons of accepted load and latency)."""
    sat = min(recorded_saturation(rows, config, "booksim"), recorded_saturation(rows, config, "topoanalysis"))
    return [r for r in recorded(rows, config, "booksim", "sweep") if float(r["offered_load"]) <= 0.9 * sat]


def bisect_saturation(run: Callable[[float], dict[str, Any]], tol: float = 0.01) -> float:
    """Bisection of [0, 1] to ``tol`` on "the run at that load is ok and accepts >= 95 % of it" (a
    deadlock does not carry it); ``run(load)`` returns ``simulate``'s results."""
    lo, hi = 0.0, 1.0
    while hi - lo > tol:
        m = (lo + hi) / 2
        r = run(m)
        if r["status"] == "ok" and r["accepted_load"] >= 0.95 * m:
            lo = m
        else:
            hi = m
    return lo


@dataclasses.dataclass(frozen=True)
class CrossConfig:
    """One matched configuration (see module doc)."""

    name: str
    description: str
    topology: Callable[[], Topology]
    booksim: dict[str, Any]  # BookSim2 fields besides the shared router model (network, routing, VCs)
    ours: dict[str, Any]  # simulate() arguments besides routing/traffic/load
    routing: str
    packet_size: int
    anynet_latency: int | None = None  # write the topology as an anynet file with this link latency

    def simulate_kwargs(self) -> dict[str, Any]:
        """``simulate`` keyword arguments of this configuration."""
        kw = dict(model="booksim", packet_size=self.packet_size)
        kw.update(self.ours)
        return kw


def _dragonfly() -> Topology:
    # BookSim2's dragonflynew with k = 2: p = 2 nodes per router, a = 2p routers per group,
    # h = p global links per router, g = a h + 1 groups; router i's global port c goes to group
    # i h + c (skipping its own): Hastings et al. 2015's absolute = Camarero et al. 2014's consecutive arrangement
    return build("dragonfly", a=4, h=2, p=2, arrangement="consecutive")


def _slimfly() -> Topology:
    # q = 5: the Hoffman-Singleton graph (Besta & Hoefler 2014, §II), p = 4; a Moore graph of diameter 2, so
    # every pair has one shortest path
    return build("slimfly", q=5, p=4)


def _hamming() -> Topology:
    return build("hamming", sizes=[4, 4], p=2)


_DF = dict(topology="dragonflynew", k=2, n=1, routing_function="min", num_vcs=2, vc_buf_size=256)
_DF_FLIT = dict(_DF, hold_switch_for_packet=0)
_DF_OURS = dict(latency={"local": 10, "global": 100}, buffer=256, vcs=2)
_ANY = dict(topology="anynet", routing_function="min", num_vcs=2, vc_buf_size=64)
_ANY_OURS = dict(latency=1, buffer=64, vcs=2, vc_scheme="any")

CONFIGS: dict[str, CrossConfig] = {
    c.name: c
    for c in (
        CrossConfig(
            "df-a4h2-P8",
            "dragonfly a=4 p=2 h=2 (BookSim2 dragonflynew k=2), MIN, 8-flit packets, 10/100-cycle links, 2 VCs of 256 flits",
            _dragonfly,
            _DF,
            _DF_OURS,
            "min",
            8,
        ),
        CrossConfig(
            "df-a4h2-P8-flit",
            "the same, BookSim2 allocating its switch flit by flit (its default)",
            _dragonfly,
            _DF_FLIT,
            _DF_OURS,
            "min",
            8,
        ),
        CrossConfig("df-a4h2-P1", "the same dragonfly with single-flit packets", _dragonfly, _DF, _DF_OURS, "min", 1),
        CrossConfig(
            "sf-q5-P1",
            "Slim Fly q=5 p=4 as anynet, 1-cycle links, BookSim2's table of shortest paths "
            "(sp-table) on any of 2 VCs of 64 flits, single-flit packets",
            _slimfly,
            _ANY,
            _ANY_OURS,
            "sp-table",
            1,
            anynet_latency=1,
        ),
        CrossConfig(
            "hx-4x4-P1",
            "Hamming graph 4x4 p=2 as anynet, 1-cycle links, BookSim2's table of shortest paths "
            "(sp-table: ties to the lower-numbered router) on any of 2 VCs of 64 flits, single-flit packets",
            _hamming,
            _ANY,
            _ANY_OURS,
            "sp-table",
            1,
            anynet_latency=1,
        ),
    )
}

#: zero-load calibration of the router pipeline: a line of routers joined by 10-cycle links, one
#: node per end router; (routers, packet size) -> latency of a packet from one end to the other
#: (and of a packet to the node's own router, hops 0), measured with BookSim2 (benchmarks/booksim)
ZERO_LOAD = ((2, 1), (2, 8), (3, 1), (3, 8))


def line(n: int) -> Topology:
    """n routers in a line, one node on each end router (one link kind, ``local``)."""
    ep = [1] + [0] * (n - 2) + [1]
    return Topology(n, list(range(n - 1)), list(range(1, n)), kind=[0] * (n - 1), kind_names=("local",), endpoints=ep)


def zero_load_latencies(n: int, packet_size: int) -> tuple[float, float]:
    """This engine's (booksim model) latency of one packet over :func:`line` ``(n)`` with 10-cycle
    links, and of one packet between two nodes of one router."""
    from sim import simulate

    end = simulate(line(n), "min", "uniform", 0.0, burst=1, seed=1, model="booksim", packet_size=packet_size, latency=10)
    # the two nodes on router 0 of two linked routers (the same packets as on one router alone:
    # nothing leaves router 0); a network of fewer than two arcs would hand the engine arrays
    # of one element or none, which numba types as contiguous: a second 40 s compile
    own = simulate(
        Topology(2, [0], [1], endpoints=[2, 0]), "min", "uniform", 0.0, burst=1, seed=1, model="booksim", packet_size=packet_size
    )
    return end["latency_max"], own["latency_max"]
