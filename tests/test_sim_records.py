"""The engine's record views (``sim.records``) as Python callers get them: the network and the
packet pool in the engine's types, so that a compiled routing function called from Python is the
one the engine's compile cached, and values that do not fit a record refused by name."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from sim.network import net_arrays
from sim.routings.base import single_packet
from sim.simulator import simulate
from sim.state import Run
from topoanalysis import build


def test_python_callers_get_the_engines_argument_types(monkeypatch):
    top = build("dragonfly", a=4, h=2, p=1)
    one = np.ones(len(top.kind_names), np.int64)
    net = net_arrays(top, 1, one, one, 4 * one)
    pk = single_packet(len(top.kind_names))
    # the engine's own records, as simulate builds them (sim.state.Run)
    res = {}
    orig = Run.__init__

    def spy(self, *a, **kw):
        orig(self, *a, **kw)
        res["run"] = self

    monkeypatch.setattr(Run, "__init__", spy)
    simulate(top, "min", "uniform", 0.1, cycles=2, warmup=0, threads=1)
    run = res["run"]
    assert numba.typeof(net) == numba.typeof(run.net)
    assert numba.typeof(pk) == numba.typeof(run.pk)
    assert pk.nxt[0] == -1 and pk.dr[0] == 0


def test_values_beyond_the_records_are_refused_by_name():
    top = build("dragonfly", a=4, h=2, p=1)
    one = np.ones(len(top.kind_names), np.int64)
    with pytest.raises(ValueError, match=r"vcs: per-arc values 200\.\.200 do not fit the engine's int8"):
        net_arrays(top, 1, one, one, 200 * one)
    with pytest.raises(ValueError, match="latency: .* int32"):
        net_arrays(top, 1, np.array([1, 2**40]), one, one)
