"""The memory budget follows what the machine can really give (available memory, a container's
control-group limit), and long bursts get a time estimate before they start."""

from __future__ import annotations

import pytest

import sim
import sim.resources as R
from topoanalysis import build
from topoanalysis.cli import main


def _cgroup(tmp_path, limit: str, usage: str):
    lim, use = tmp_path / "memory.max", tmp_path / "memory.current"
    lim.write_text(limit + "\n")
    use.write_text(usage + "\n")
    return ((str(lim), str(use)),)


def test_a_cgroup_limit_bounds_the_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(R, "CGROUP_FILES", _cgroup(tmp_path, str(2 << 30), str(3 << 29)))
    assert R.cgroup_room() == (2 << 30) - (3 << 29)
    assert R.memory_budget() <= int(((2 << 30) - (3 << 29)) * 0.9)


def test_no_cgroup_limit_leaves_the_budget_to_the_machine(tmp_path, monkeypatch):
    monkeypatch.setattr(R, "CGROUP_FILES", _cgroup(tmp_path, "max", "12345"))
    assert R.cgroup_room() is None
    monkeypatch.setattr(R, "CGROUP_FILES", (("/nonexistent/memory.max", "/nonexistent/memory.current"),))
    assert R.cgroup_room() is None
    assert R.memory_budget() > 0


def test_available_memory_bounds_the_budget(tmp_path, monkeypatch):
    info = tmp_path / "meminfo"
    info.write_text("MemTotal:       25000000 kB\nMemFree:  100 kB\nMemAvailable:     1000 kB\n")
    monkeypatch.setattr(R, "MEMINFO", str(info))
    assert R.available_memory() == 1000 * 1024
    assert R.memory_budget() <= 1000 * 1024 * 0.9


def test_a_run_beyond_the_cgroup_room_is_refused_before_allocation(tmp_path, monkeypatch):
    # a container about to hit its limit: the engine's state does not fit in what is left
    monkeypatch.setattr(R, "CGROUP_FILES", _cgroup(tmp_path, str(1 << 30), str((1 << 30) - 20_000)))
    top = build("dragonfly", a=4, h=2, p=2)
    with pytest.raises(ValueError, match=r"needs about .* of state, more than the budget"):
        sim.simulate(top, "min", "uniform", 0.1, cycles=10)


def test_a_huge_burst_is_announced_with_its_least_duration(monkeypatch, capsys):
    class Stop(Exception):
        pass

    def refuse(*a, **k):
        raise Stop

    monkeypatch.setattr(sim, "simulate", refuse)
    with pytest.raises(Stop):
        main(["simulate", "dragonfly", "--a", "4", "--h", "2", "--p", "2", "--burst", "1000000000"])
    err = capsys.readouterr().err
    # seed 001's model (García et al. 2014, Table 1): 8-phit packets, so at least 8e9 cycles
    assert "a burst of 1000000000 packets of 8 phits per node lasts at least 8000000000 cycles" in err
