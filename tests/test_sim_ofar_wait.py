"""The ``ofar`` policy's own wake-up bound (``sim.policies.wait_bound``): after it declines a
head, the engine skips that head until the bound, so the bound must never be later than the
first cycle the policy could take a candidate; seed 001 §3.2-3.3 for the policy."""

from __future__ import annotations

import numpy as np
import pytest

from sim.layout import NEVER, NEVER32
from sim.policies import OFAR_TH, POLICIES, Live, lazy_counts, select, wait_bound
from sim.testing import candidates
from topoanalysis import build

T = 10  # the cycle of the declined selection
WBIT = 1 << 3  # the input's bit in cr_wait


def _rings(in_use: list[list[list[int]]], cap: int) -> tuple[np.ndarray, np.ndarray]:
    """(cr_time, cr_av) of arcs whose VCs have the given slots in use, oldest first, each the
    cycle its credit is back (NEVER32: the packet is still downstream); the sender's next slot
    is 0, so the slots in use are the last ones of each ring."""
    nv = len(in_use[0])
    cr_time = np.zeros(len(in_use) * nv * cap, np.int64)
    for a, vcs in enumerate(in_use):
        for w, times in enumerate(vcs):
            off = (a * nv + w) * cap
            cr_time[off + cap - len(times):off + cap] = times
    return cr_time, cr_time[::cap].copy()  # the next slot's credit: slot 0 (taken only if all are)


class _State:
    def __init__(self, in_use, out_busy, cap=4):
        self.A, self.nv, self.cap = len(in_use), len(in_use[0]), cap
        self.cr_time, self.cr_av = _rings(in_use, cap)
        self.out_busy = np.array(out_busy, np.int64)
        self.cr_q = lazy_counts(self.cr_time, self._off(), np.full(self.A, cap, np.int64),
                                np.full(self.A, self.nv, np.int64), self.nv, np.zeros(self.A * self.nv, np.int64), T)
        self.cr_wait = np.zeros(self.A, np.int64)

    def _off(self) -> np.ndarray:
        return np.arange(self.A, dtype=np.int64) * self.nv * self.cap

    def live(self, t):
        """The router's live state at cycle t as the policy reads it (no VC allocation delay)."""
        return Live(t, self.nv, 0, np.zeros(1, np.int64), np.zeros(1, np.int64), np.full(self.A, self.nv, np.int64),
                    np.zeros(self.A * self.nv, np.int64), self.out_busy, self.cr_av, self.cr_q, self._off(),
                    np.full(self.A, self.cap, np.int64), self.cr_time, self.cr_wait, 0, 0, 2,
                    np.zeros(self.A, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int32))

    def select(self, t, arcs, vcs, labs, need):
        n = len(arcs)
        return select(POLICIES["ofar"], n, candidates(arcs, vcs, need, labs), False, 0, self.live(t),
                      np.array([1], np.uint64))

    def wait(self, arcs, vcs, labs, need):
        n = len(arcs)
        return wait_bound(POLICIES["ofar"], n, candidates(arcs, vcs, need, labs), 0, self.live(T), WBIT)


def test_the_escape_waits_while_a_busy_canonical_port_has_room():
    # arc 0 minimal, busy until 18 with room downstream; arc 2 the escape (VC 1), free with room:
    # the policy declines the escape until arc 0 frees (seed 001 §3.3, FOGSim waits for an output
    # that is only busy), so the head sleeps until 18, not 11
    s = _State([[[], []], [[], []], [[], []]], [18, 0, 0])
    cand = ([0, 2], [-1, 1], [0, 2], [1, 1])
    assert s.select(T, *cand) == -1
    assert s.wait(*cand) == 18
    # arc 0 without room: the escape is taken at once (so no bound is needed)
    s = _State([[[30, 31, 32, 33], []], [[], []], [[], []]], [18, 0, 0])
    assert s.select(T, *cand) == 1


def test_a_non_minimal_port_over_the_threshold_waits_for_a_credit_back_or_a_take_of_the_minimal_port():
    # minimal arc 0 busy until 18, 1 of its 8 slots in use (Q_min 12.5 %); non-minimal arc 1 free
    # with 2 slots in use (25 % > 90 % of 12.5 %): declined until its first credit is back (14) or
    # arc 0 can be taken (18)
    cand = ([0, 1], [-2, -2], [0, 1], [1, 1])
    s = _State([[[40], []], [[14, 16], []]], [18, 0])
    assert OFAR_TH == 90 and s.select(T, *cand) == -1
    assert s.wait(*cand) == 14
    for t in range(T + 1, 14):
        assert s.select(t, *cand) == -1
    # both credits still downstream: the take of arc 0 bounds it, and a credit push wakes it
    s = _State([[[40], []], [[NEVER32, NEVER32], []]], [18, 0])
    assert s.select(T, *cand) == -1
    assert s.wait(*cand) == 18 and s.cr_wait[1] & WBIT
    # arc 0 free but full (no credit on either VC before 25 and 26): no packet can take it, so
    # Q_min cannot rise before 25; arc 1 is 30 of 32 slots full, over 90 % of arc 0's 100 %
    s = _State([[[25] + [40] * 15, [26] + [40] * 15], [[NEVER32] * 15, [NEVER32] * 15]], [0, 0], cap=16)
    assert s.select(T, *cand) == -1
    assert s.wait(*cand) == 25 and s.cr_wait[1] & WBIT
    for t in range(T + 1, 25):
        assert s.select(t, *cand) == -1
    assert s.select(25, *cand) == 0  # the minimal port has a credit again


def test_the_bound_is_never_later_than_a_candidate_the_policy_takes():
    # random ports, credits and candidates: whenever the policy declines at T, it declines at
    # every later cycle before the bound while only time passes (busy ports free, credits come
    # back at their cycles); the takes and credit pushes the bound also waits for are the
    # engine's events, checked bit for bit by tests/test_sim_ofar.py's skipped-cycle runs
    rng = np.random.default_rng(11)
    A, nv, cap = 6, 3, 4
    declined = later = 0
    for trial in range(600):
        in_use = []
        for _ in range(A):
            vcs = []
            for _ in range(nv):
                u = int(rng.integers(0, cap + 1))
                times = sorted(int(x) for x in rng.integers(T + 1, T + 40, size=u))
                k = int(rng.integers(0, u + 1))
                vcs.append(times[:u - k] + [int(NEVER32)] * k)
            in_use.append(vcs)
        busy = np.where(rng.random(A) < 0.5, rng.integers(T + 1, T + 13, size=A), 0)
        s = _State(in_use, busy, cap)
        arcs = rng.permutation(A)
        nmin = int(rng.integers(1, 3))
        nnon = int(rng.integers(0, 4))
        esc = int(rng.integers(0, 2))
        labs = [0] * nmin + [1] * nnon + [2] * esc
        cand = (arcs[:len(labs)].tolist(), [-(nv - 1)] * (nmin + nnon) + [nv - 1] * esc, labs,
                [1] * (nmin + nnon) + [int(rng.integers(1, 3))] * esc)
        if s.select(T, *cand) != -1:
            continue
        declined += 1
        b = s.wait(*cand)
        assert b > T
        assert b < NEVER or s.cr_wait.any(), "a head that never wakes must wait for a credit push"
        later += b > T + 1
        for t in range(T + 1, min(b, T + 60)):
            assert s.select(t, *cand) == -1, (trial, t, b)
    assert declined > 150 and later > declined // 2, (declined, later)


@pytest.fixture(scope="module")
def df42():
    return build("dragonfly", a=4, h=2, p=2)  # canonical: a = 2h, 9 groups


def test_runs_with_the_bound_are_the_runs_without_it(df42, same_runs):
    # the ofar policy on a routing with the narrow candidate cache (its bounds kept in arrays of
    # their own) and OFAR itself under adversarial load: the same results as revisiting every
    # router at every cycle (where no bound is used)
    for routing, traffic, kw in (("valiant", "uniform", dict(selection="ofar")), ("ofar", "advg+2", {})):
        ref, (fast,) = same_runs(df42, dict(eager_wakeup=True), [{}], routing=routing, traffic=traffic, load=0.6,
                                 cycles=1000, warmup=500, seed=5, **kw)
        assert fast["packets_delivered"] > 500, routing
        c = fast["engine_counters"]
        assert c["selections"] < ref["engine_counters"]["selections"], routing
    assert c["declined_selections"] > 0
