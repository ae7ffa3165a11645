"""The package's one BFS (topoanalysis.bfs) against scipy.sparse.csgraph on random graphs."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse import coo_array
from scipy.sparse.csgraph import shortest_path

from topoanalysis.bfs import bfs, csr, reset


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 30))
    m = draw(st.integers(0, 60))
    u = np.array(draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m)), np.int64)
    v = np.array(draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m)), np.int64)
    keep = u != v
    return n, u[keep], v[keep]


@settings(max_examples=60, deadline=None)
@given(g=graphs(), src=st.integers(0, 29))
def test_distances_and_order_match_scipy(g, src):
    n, u, v = g
    src %= n
    ptr, dst = csr(n, u, v)
    dist = np.full(n, -1, np.int32)
    queue = np.empty(n, np.int32)
    r = bfs(ptr, dst, src, dist, queue, -1)
    ref = shortest_path(coo_array((np.ones(u.size), (u, v)), shape=(n, n)).tocsr(), unweighted=True,
                        directed=False, indices=src)
    reached = np.isfinite(ref)
    assert r == int(reached.sum())
    assert sorted(queue[:r].tolist()) == np.flatnonzero(reached).tolist()
    assert np.array_equal(dist[reached], ref[reached].astype(np.int32))
    assert np.all(np.diff(dist[queue[:r]]) >= 0)  # BFS order: distances never decrease
    reset(dist, queue, r)
    assert np.all(dist == -1)


def test_early_stop_at_dmax_on_a_path():
    n = 10
    ptr, dst = csr(n, np.arange(n - 1), np.arange(1, n))
    dist = np.full(n, -1, np.int32)
    queue = np.empty(n, np.int32)
    r = bfs(ptr, dst, 0, dist, queue, 3)
    assert r < 0 and -r - 1 == 5  # vertices 0..4 seen; 4 is the first beyond distance 3
    reset(dist, queue, r)
    assert np.all(dist == -1)
    assert bfs(ptr, dst, 0, dist, queue, 9) == n  # the far end is at 9: no stop
