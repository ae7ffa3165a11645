"""One run on several threads (``simulate(threads=...)``, ``sim.engine_par``): the same results bit
for bit as on one, for every number of threads and every window; the threads' partition of the
groups; validation of ``threads``.

The threaded engine is compiled per routing kind (about as long as the one-thread engine), so the
default suite runs it for MIN's kind only; UGAL-L, PB and UGAL-G, which read other routers' state
from snapshots taken per window (``test_sim_threads_kinds.py``), OFAR and every other registered
routing are checked under ``-m full``."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from sim import simulate
from sim.engine_par import partition
from sim.simulator import THREADS_ENV, default_threads
from sim.testing import TIMING_FIELDS, checked_simulate
from topoanalysis import build

THREADS = (2, 3)


@pytest.fixture(scope="module")
def df22():
    return build("dragonfly", a=4, h=2, p=2)  # 9 groups of 4 routers


def same_on_threads(top, routing, **run):
    """Results with 2 and 3 threads equal to those with 1 but for the wall clock and the engine's
    work counters, which equal each other's: one thread applies the deferred effects at other
    groups early when their list fills up (several hold a whole window's), which changes no result
    but can wake a router once more for nothing."""
    runs = [checked_simulate(top, routing=routing, threads=n, **run) for n in (1,) + THREADS]
    assert runs[0]["packets_delivered"] > 0, run
    kept = [{k: v for k, v in r.items() if k not in TIMING_FIELDS + ("engine_counters",)} for r in runs]
    for n, k in zip(THREADS, kept[1:]):
        assert k == kept[0], (routing, n, run)
    assert all(r["engine_counters"] == runs[1]["engine_counters"] for r in runs[2:]), (routing, run)
    return runs[0]


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2", None])
def test_threads_must_be_a_positive_integer(df22, bad):
    if bad is None:
        return  # None: the default
    with pytest.raises(ValueError, match="threads"):
        simulate(df22, "min", cycles=10, warmup=0, threads=bad)


def test_default_threads_from_the_environment(monkeypatch):
    monkeypatch.setenv(THREADS_ENV, "3")
    assert default_threads() == 3
    monkeypatch.setenv(THREADS_ENV, "0")
    with pytest.raises(ValueError, match="threads"):
        default_threads()
    monkeypatch.delenv(THREADS_ENV)
    assert default_threads() == numba.config.NUMBA_NUM_THREADS


def test_partition_is_contiguous_and_balanced():
    c_ptr = np.arange(0, 37, 4)  # 9 clusters of 4 routers
    for n, want in ((1, [0, 9]), (2, [0, 5, 9]), (3, [0, 3, 6, 9]), (9, list(range(10))), (50, list(range(10)))):
        assert partition(c_ptr, n).tolist() == want, n
    uneven = np.array([0, 10, 11, 12, 13, 30])  # routers 10, 1, 1, 1, 17
    part = partition(uneven, 2)
    assert part.tolist() == [0, 4, 5]
    assert partition(np.array([0, 7]), 8).tolist() == [0, 1]  # one cluster: one thread


def test_min_every_window_and_thread_count(df22):
    for gw, w in ((None, None), (1, 1), (7, 3), (33, 10)):
        same_on_threads(df22, "min", traffic="uniform", load=0.5, cycles=400, warmup=100, seed=3,
                        group_window=gw, window=w)


def test_min_adversarial_transient_and_trace(df22):
    ref = same_on_threads(df22, "min", traffic="uniform", load=0.4, cycles=600, warmup=0, seed=5,
                             change_traffic="advg+1", change_cycle=300, latency_trace=(250, 400))
    assert sum(ref["latency_trace"]["packets"]) > 0


def test_min_burst_grows_the_pool(df22):
    # 72 nodes x 40 packets: more than the initial pool of 1024, so the threads' free lists are
    # folded back for the pool to grow, and split again
    ref = same_on_threads(df22, "min", burst=40, seed=1, cycles=1, warmup=0)
    assert ref["packets_delivered"] == 72 * 40


def test_min_saturated_internal_speedup(df22):
    # seed002: 1-cycle links and an internal speedup of 2, so windows of 2 ticks
    same_on_threads(df22, "df-min", traffic="advg+2", load=0.9, cycles=300, warmup=100, seed=2,
                    model="seed002")


@pytest.mark.full
def test_ofar_routings():
    top = build("dragonfly", a=10, h=5, p=1)  # the rings of ofar-ring-b and -c need h = 5
    for routing in ("ofar", "ofar-l", "ofar-ring-b", "ofar-tree", "ofar-2rings"):
        same_on_threads(top, routing, traffic="advg+1", load=0.6, cycles=200, warmup=100, seed=4)


def test_one_cluster_runs_on_one_thread():
    top = build("hamming", sizes=[3, 3], p=1)
    one, four = (checked_simulate(top, "dor", load=0.5, cycles=200, warmup=50, threads=n) for n in (1, 4))
    assert {k: v for k, v in one.items() if k not in TIMING_FIELDS} == {k: v for k, v in four.items() if k not in TIMING_FIELDS}


def test_cluster_loop_in_step_with_the_engine():
    """The threaded engine's cluster loop is the one-thread engine's, but for what it may not do
    with the effects at other clusters (see ``sim.engine_par._cluster``)."""
    import inspect

    import sim.engine
    import sim.engine_par

    one = inspect.getsource(sim.engine.run_cycles)
    par = inspect.getsource(sim.engine_par._cluster.py_func)
    a = "".join(one[one.index("            Ti = T\n") : one.index("        if nxc > 0:\n")].split())
    b = "".join(par[par.index("    Ti = T\n") : par.index("    return ST_OK, Tend")].split())
    a = a.replace("apply_effects(nxc,sc.other,cf,net,pk,qs,cr,po,ro)nxc=np.int64(0)", "returnST_FULL,t,nxc,fmove")
    a = a.replace("returnST_ERROR,t", "returnST_ERROR,t,nxc,fmove")
    assert a == b


def test_ofar_policy_without_escape_runs_on_one_thread():
    # not window-invariant on one thread (see sim.simulator): the threads must not make it worse
    top = build("dragonfly", a=4, h=2, p=2, arrangement="palmtree")
    runs = [checked_simulate(top, "valiant", "uniform", 0.4, selection="ofar", warmup=100, cycles=300, seed=3, threads=n)
            for n in (1, 2)]
    assert {k: v for k, v in runs[0].items() if k not in TIMING_FIELDS} == {
        k: v for k, v in runs[1].items() if k not in TIMING_FIELDS
    }
