"""Test support: every simulation a test runs goes through :func:`checked_simulate`, which
asserts the conservation law of packets (generated = delivered + queued + in flight, counted
from the queues themselves) at the end of the run."""

from __future__ import annotations

from typing import Any

from topoanalysis.topology import Topology

from .simulator import simulate

__all__ = ["checked_simulate", "assert_conserved"]


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
