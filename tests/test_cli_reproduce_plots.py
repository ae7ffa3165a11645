"""``reproduce --plot`` of a load sweep: titled with the paper's figure and what the runs share,
latency on a log axis, saturated points marked."""

from __future__ import annotations

import copy
import sys

from topoanalysis import plots
from topoanalysis.cli import main
from topoanalysis.reproduce import _figure


def test_load_curves_are_titled_and_latency_is_logarithmic(tmp_path, monkeypatch):
    real = _figure.bundled

    def shrunk(name):
        exp = copy.deepcopy(real(name))
        exp.topology = {"family": "dragonfly", "a": 2, "h": 1, "p": 2, "arrangement": "palmtree"}
        exp.simulate.update(warmup=100, cycles=300)
        exp.sweep.update(routing=["min", "valiant"], traffic=["advg+2"], load=[0.1, 0.9])
        return exp

    saved = {}
    monkeypatch.setattr(_figure, "bundled", shrunk)
    # the figure module takes its curves and statements from the experiment when imported: import
    # it again under the shrunk one (the original comes back after the test)
    monkeypatch.delitem(sys.modules, "topoanalysis.reproduce.seed001_fig6", raising=False)
    monkeypatch.setattr(plots, "save", lambda fig, path: saved.__setitem__(str(path), fig))
    assert main(["reproduce", "seed001-fig6", "-o", str(tmp_path / "f6.parquet"), "--workers", "1", "--quiet",
          "--plot", str(tmp_path / "f6.png")]) in (0, 1)  # 1: a run past saturation did not end "ok"
    accepted, latency = saved[str(tmp_path / "f6.png")], saved[str(tmp_path / "f6-latency.png")]
    for fig in (accepted, latency):
        assert fig._suptitle.get_text().startswith("García et al. 2014, Fig. 6, our runs: dragonfly a=2 h=1 p=2")
        assert "model seed001 · 100 + 300 cycles" in fig._suptitle.get_text()
    assert latency.axes[0].get_yscale() == "log" and accepted.axes[0].get_yscale() == "linear"
    # 0.9 phits/(node*cycle) of adversarial traffic is far past saturation on this network
    assert any(ln.get_marker() == "x" and 0.9 in ln.get_xdata() for ln in latency.axes[0].lines)
