"""The ``two-choice`` selection policy (``sim.policies.two_choice``): BookSim2's ``fattree_anca``,
the ANCA routing Besta & Hoefler 2014, §V runs on FT-3: two up ports drawn at random, the one with
fewer credits in use taken."""

from __future__ import annotations

import numpy as np
import pytest

from sim.policies import POLICIES, select
from sim.testing import checked_simulate, candidates
from topoanalysis import build
from test_sim_ofar_wait import T, _State


def _choose(s: _State, arcs, seed: int) -> int:
    n = len(arcs)
    cand = candidates(arcs, [-1] * n, [1] * n, [0] * n)  # VC ranges, 1 credit needed, minimal
    return select(POLICIES["two-choice"], n, cand, False, 0, s.live(T), np.array([seed], np.uint64))


def test_the_less_used_of_two_random_ports_three_times_in_four():
    # arc 0 has 3 of its 4 slots in use, arc 1 none: the two draws pick arc 0 twice with
    # probability 1/4, and otherwise arc 1 wins the comparison
    s = _State([[[30, 31, 32]], [[]]], [0, 0])
    picks = np.array([_choose(s, [0, 1], seed) for seed in range(1, 4001)])
    assert set(picks) == {0, 1}
    assert abs(np.mean(picks == 1) - 0.75) < 0.03


def test_a_single_available_port_is_taken_and_a_busy_one_never():
    # arc 1 busy (transmitting until 18): arc 0, the only available one, every time, however full
    s = _State([[[30, 31, 32]], [[]]], [0, 18])
    assert {_choose(s, [0, 1], seed) for seed in range(1, 200)} == {0}
    # no room on arc 0 either: none
    s = _State([[[30, 31, 32, 33]], [[]]], [0, 18])
    assert _choose(s, [0, 1], 5) == -1


def test_equal_ports_are_drawn_uniformly():
    s = _State([[[]], [[]], [[]], [[]]], [0, 0, 0, 0])
    picks = np.array([_choose(s, [0, 1, 2, 3], seed) for seed in range(1, 4001)])
    assert np.all(np.abs(np.bincount(picks, minlength=4) / picks.size - 0.25) < 0.03)


@pytest.fixture(scope="module")
def tree():
    return build("fattree", k=16, levels=3, pods=8)  # the 8-ary 3-tree, 192 switches, 512 nodes


def test_two_choice_carries_what_the_random_up_port_does_where_the_least_used_port_loses(tree):
    # the inputs of a switch that all ask for the least used up port collide (0.78 of full load on
    # this tree); two random choices, as BookSim2's fattree_anca, do not (0.89, the random port 0.91)
    kw = dict(cycles=1000, warmup=1000, model="seed002", seed=1)
    acc = {sel: checked_simulate(tree, "min", "uniform", 1.0, selection=sel, **kw)["accepted_load"]
           for sel in ("least-occupied", "random", "two-choice")}
    assert acc["two-choice"] > acc["least-occupied"] + 0.08
    assert acc["two-choice"] > acc["random"] - 0.03
