"""The engine's lazy count of credits in use (``sim.policies.in_use``): what the policies read
as a port's occupancy, kept per (arc, VC) without walking the credit ring, and checked against
the rings at the end of every checked run (``sim.engine.credits_consistent``)."""

from __future__ import annotations

import numpy as np
import pytest

from sim.engine import credits_consistent
from sim.layout import NEVER32
from sim.policies import lazy_counts
from sim.testing import checked_simulate
from topoanalysis import build


def _q(ft: int, f: int, n: int) -> int:
    return ft | (f << 32) | (n << 48)


def _state(q: int):
    """One arc of one VC and 4 credit slots: slots 1 and 2 taken (their packets downstream),
    slot 3 the sender's next, slot 0 freed (its credit back at cycle 5)."""
    cr_time = np.array([5, NEVER32, NEVER32, 0], np.int32)
    one = np.zeros(1, np.int64)
    return (cr_time, one, np.full(1, 4, np.int64), np.ones(1, np.int64), one, np.array([2], np.int64),
            np.array([3], np.int64), np.array([0], np.int64), np.array([q], np.int64), 1)


def test_the_end_of_run_check_accepts_exact_lazy_counts_and_rejects_wrong_ones():
    assert credits_consistent(*_state(_q(NEVER32, 1, 2)))  # exactly the two taken slots
    assert credits_consistent(*_state(_q(5, 0, 3)))  # also the freed slot before them, not dropped yet
    assert not credits_consistent(*_state(_q(5, 0, 2)))  # does not end at the sender's next slot
    assert not credits_consistent(*_state(_q(NEVER32, 2, 1)))  # leaves out taken slot 1
    assert not credits_consistent(*_state(_q(0, 0, 3)))  # the first slot's time is 5, not 0


def test_lazy_counts_of_a_ring_set_up_by_hand():
    # slots 2 and 3 in use at cycle 10 (credits back at 99), the sender's next slot 0
    cr_time = np.array([0, 0, 99, 99], np.int64)
    q = lazy_counts(cr_time, np.zeros(1, np.int64), np.full(1, 4, np.int64), np.ones(1, np.int64), 1,
                    np.zeros(1, np.int64), 10)
    assert q.tolist() == [_q(99, 2, 2)]


@pytest.mark.parametrize("routing", ["ugal-l", "pb", "ofar", "ofar-tree"])
def test_lazy_counts_stay_exact_under_the_routings_that_read_them(routing):
    # UGAL, PB and OFAR read ports' occupancy (lazy counts brought to the current cycle); the
    # checked run compares every count with its credit ring at the end, under saturation
    top = build("dragonfly", a=4, h=2, p=2, arrangement="palmtree")
    res = checked_simulate(top, routing, "advg+1", 0.9, cycles=800, warmup=200, seed=11)
    assert res["packets_in_flight"] > 0 and res["conservation"]["ok"]
