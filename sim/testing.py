"""Test support: every simulation a test runs goes through :func:`checked_simulate`, which
asserts the conservation law of packets (generated = delivered + queued + in flight, counted
from the queues themselves) at the end of the run."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from topoanalysis.topology import Topology

from .models import RouterModel
from .simulator import simulate
from .state import Candidates

__all__ = [
    "checked_simulate",
    "assert_conserved",
    "candidates",
    "TIMING_FIELDS",
    "without_timing",
    "TEST_RING_MODEL",
    "KIND_RUNS",
    "WARM_COSTS",
    "warm_engine",
    "source_candidates",
    "routing_networks",
]

#: García et al. 2014, Table 1's router timing (8-phit packets, 10-cycle links, 32-phit buffers, 3 VCs)
#: on every link kind, for tests on networks whose links are not local/global (rings, tori)
TEST_RING_MODEL = RouterModel(
    "test-ring",
    "tests: García et al. 2014, Table 1 timing on every link kind",
    packet_size=8,
    latency={"*": 10},
    buffer={"*": 32},
    vcs={"*": 3},
)

#: results fields that measure the machine's wall clock, not the simulated network: two runs of
#: the same configuration differ only in these
TIMING_FIELDS = ("wall_seconds", "cycles_per_second", "measured_wall_seconds", "measured_cycles_per_second")


def without_timing(res: dict[str, Any]) -> dict[str, Any]:
    """``res`` without :data:`TIMING_FIELDS` (what must repeat bit for bit with the same seed)."""
    return {k: v for k, v in res.items() if k not in TIMING_FIELDS}


def candidates(
    arcs: Sequence[int], vcs: Sequence[int], need: Sequence[int], labs: Sequence[int], hops: Sequence[int] | None = None
) -> Candidates:
    """A head's candidates set by hand, for calling a selection policy from a test: arcs (-1:
    eject), VCs (or ranges ``-k``), credits needed, labels, hops left (default 1 each)."""
    n = len(arcs)
    col = [np.array(x, np.int64) for x in (arcs, vcs, need, labs, [1] * n if hops is None else hops)]
    return Candidates(*col, np.zeros(n, np.int64))  # type: ignore[call-arg]  # mypy cannot count a starred list


def assert_conserved(res: dict[str, Any]) -> None:
    """AssertionError unless the run's packet accounting balances."""
    c = res["conservation"]
    assert c["ok"], f"conservation violated: {c}"
    assert c["generated"] == c["delivered"] + c["queued"] + c["in_flight"], c
    assert res["packets_in_flight"] == c["in_flight"] and res["packets_queued"] == c["queued"], (res, c)


def checked_simulate(top: Topology, *args: Any, **kw: Any) -> dict[str, Any]:
    """:func:`sim.simulate` followed by :func:`assert_conserved`."""
    res = simulate(top, *args, **kw)
    assert_conserved(res)
    return res


#: one small run per registered routing kind: (family, parameters, routing), for compiling the
#: engine of every kind ahead of a test run (:func:`warm_engine`)
KIND_RUNS: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("dragonfly", dict(a=2, h=1, p=1), "min"),
    ("dragonfly", dict(a=2, h=1, p=1), "valiant"),
    ("dragonfly", dict(a=2, h=1, p=1), "ugal-l"),
    ("dragonfly", dict(a=2, h=1, p=1), "ofar"),
    ("dragonfly", dict(a=2, h=1, p=1), "olm"),
    ("dragonfly", dict(a=4, h=1, trunking=2, p=1), "2color-min"),
    ("hamming", dict(sizes=[2, 2], p=1), "dor"),
    ("hamming", dict(sizes=[2, 2], p=1), "sp-table"),
    ("dragonfly3", dict(a=2, b=3, c=4, t3=2, p=1), "df3-min"),
)


#: the engines :func:`warm_engine` compiles, costliest first (seconds of a cold compile in a fresh
#: process on the 2-core machine, 2026-11-29; ugal-l's and valiant's since they hold ugal-g's and
#: valiant-any's code, 2026-12-07: 72.0 and 67.9 s against MIN's 54 s then, scaled to MIN's 65 here):
#: one entry per routing kind of :data:`KIND_RUNS`, by its routing, and ``"min threaded"``, MIN's
#: threaded engine (``sim.engine_par``)
WARM_COSTS: dict[str, int] = {
    "min threaded": 105,
    "ugal-l": 87,
    "valiant": 82,
    "df3-min": 75,
    "olm": 70,
    "2color-min": 70,
    "ofar": 67,
    "min": 65,
    "dor": 60,
    "sp-table": 57,
}


def warm_engine(claims: str) -> list[str]:
    """Compile (or load from the on-disk cache) the engine of every routing kind of
    :data:`KIND_RUNS` and MIN's threaded engine, costliest first (:data:`WARM_COSTS`), sharing
    the work with the other processes given the same directory ``claims``: a process takes the
    next engine no process has claimed (a file created there), so two processes end within about
    one engine of each other.  Returns the engines this process compiled.  The test suite runs it
    in parallel processes before its workers start, which then load the engines."""
    from topoanalysis import build

    runs = {routing: (family, params) for family, params, routing in KIND_RUNS}
    done = []
    for name in sorted(WARM_COSTS, key=lambda k: -WARM_COSTS[k]):
        try:
            os.close(os.open(os.path.join(claims, name), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            continue
        if name == "min threaded":
            # 9 groups: two threads get a part each
            simulate(build("dragonfly", a=4, h=2, p=1), "min", "uniform", 0.1, cycles=2, warmup=0, threads=2)
        else:
            family, params = runs[name]
            # a family no paper simulates (3-level dragonflies) has no default model
            model = TEST_RING_MODEL if family == "dragonfly3" else None
            simulate(build(family, **params), name, "uniform", 0.1, cycles=2, warmup=0, model=model, threads=1)
        done.append(name)
    return done


def source_candidates(
    top: Topology, rout: Any, src: int, dst: int, scheme: str = "routing", seed: int = 12345
) -> tuple[Any, Any, list[int], list[int], list[int], list[int], list[int]]:
    """The candidates of a fresh packet from router ``src`` to router ``dst`` at its source, as the
    engine's compiled routing gives them (``rout``: a :class:`~sim.routings.Routing`; 1-cycle links,
    4 packets per VC): ``(packet pool, network arrays, arcs, VCs, labels, hops, tags)``."""
    from .network import net_arrays
    from .routings import VC_SCHEMES, route_candidates, route_init
    from .routings.base import single_packet

    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    net = net_arrays(top, 1, one, one, 4 * one)
    pk = single_packet(nk)
    pk.dr[0] = dst
    route_init(rout.tables, net, pk, 0, src, dst, np.array([seed], np.uint64))
    buf = [np.empty(64, np.int64) for _ in range(6)]
    n = route_candidates(rout.tables, net, pk, 0, src, VC_SCHEMES[scheme], *buf)
    arc, vc, _need, lab, hops, tag = (b[:n].tolist() for b in buf)
    return pk, net, arc, vc, lab, hops, tag


def routing_networks() -> list[Topology]:
    """Small networks on which, between them, every registered routing is defined: a canonical
    dragonfly, a Slim Fly, a Hamming graph, a trunked dragonfly (the colour routings) and an
    h = 5 dragonfly (OFAR's rings B and C) and a 3-level dragonfly."""
    from topoanalysis import build

    return [
        build("dragonfly", a=4, h=2, p=1),
        build("slimfly", q=5),
        build("hamming", sizes=[3, 3], p=1),
        build("dragonfly", a=4, h=1, trunking=4, p=1, arrangement="hamming"),
        build("dragonfly", a=10, h=5, p=1),
        build("dragonfly3", a=2, b=3, c=4, t3=2, p=1),
    ]
