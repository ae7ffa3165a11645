"""One run on several threads, the same results as on one (see ``test_sim_threads.py``): UGAL-L,
PB and UGAL-G (the routings that read other routers' state from snapshots taken per window), and
every registered routing on a network of several groups.  All under ``-m full``: each routing kind
compiles a threaded engine of its own (about a minute and a half on the 2-core VM), more than the
default suite's budget allows; the default suite checks MIN's (``test_sim_threads.py``)."""

from __future__ import annotations

import pytest

from sim.routings import REGISTRY, make_routing
from sim.simulator import clusters
from sim.testing import routing_networks
from test_sim_threads import same_on_threads
from topoanalysis import build


@pytest.fixture(scope="module")
def df22():
    return build("dragonfly", a=4, h=2, p=2)


@pytest.mark.full
def test_ugal_local(df22):
    for routing in ("ugal-l", "ugal-booksim"):
        same_on_threads(df22, routing, traffic="advg+1", load=0.5, cycles=300, warmup=100, seed=6)
    same_on_threads(df22, "ugal-l", traffic="uniform", load=0.4, cycles=300, warmup=100, seed=6,
                    group_window=9, window=4)


@pytest.mark.full
def test_pb_remote_flags_every_window(df22):
    # the default window of one cycle, and windows of 3 and 10 cycles (snapshots that much older)
    for gw in (None, 3, 10):
        same_on_threads(df22, "pb", traffic="advg+1", load=0.5, cycles=300, warmup=100, seed=7,
                        group_window=gw)


@pytest.mark.full
def test_ugal_global_every_window(df22):
    for gw in (None, 4):
        same_on_threads(df22, "ugal-g", traffic="advg+1", load=0.5, cycles=300, warmup=100, seed=8,
                        group_window=gw)


def _network(routing):
    """The first of ``sim.testing.routing_networks`` of several groups on which ``routing`` is defined."""
    for top in routing_networks():
        if clusters(top)[0].size <= 2:
            continue
        try:
            return top, make_routing(top, routing)
        except ValueError:
            continue
    return None, None


@pytest.mark.full
@pytest.mark.parametrize("routing", sorted(REGISTRY))
def test_every_registered_routing(routing):
    top, rout = _network(routing)
    if top is None:
        pytest.skip(f"{routing}: defined on no network of several groups")
    same_on_threads(top, routing, traffic="uniform", load=0.5, cycles=200, warmup=100, seed=9)
    same_on_threads(top, routing, burst=3, seed=9, cycles=1, warmup=0)


@pytest.mark.full
def test_ofar_ecm_on_every_thread_count():
    """ECM (García et al. 2014, §3.4.1) counts the packets that have arrived in a router's escape
    buffers, which no thread changes: Fig. 10's OFAR tree with ECM past saturation (ADVG+6 at 0.5,
    the seed001 h = 6 dragonfly)."""
    from topoanalysis.reproduce.seed001_fig6 import network

    same_on_threads(network(), "ofar-tree", traffic="advg+6", load=0.5, cycles=1000, warmup=1000, seed=1,
                    model="seed001", escape_threshold=20, vcs={"local": 2, "global": 1})
