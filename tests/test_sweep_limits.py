"""A sweep's size is checked before anything is expanded, and a long sweep says what it will
cost before it starts."""

from __future__ import annotations

import pytest

from topoanalysis.cli import main
from topoanalysis.experiments.config import MAX_POINTS, experiment_from_dict
from topoanalysis.experiments.estimate import estimated_seconds


def _exp(sweep: dict, simulate: dict | None = None):
    return experiment_from_dict({"name": "limits", "topology": {"family": "dragonfly", "a": 2, "h": 1, "p": 1},
                                 "simulate": simulate or {"warmup": 10, "cycles": 20}, "sweep": sweep})


def test_a_product_beyond_the_limit_is_refused_before_expansion():
    axis = [round(0.001 * i, 3) for i in range(1, 1001)]
    exp = _exp({"load": axis, "injection_bubble": list(range(1000)), "batch": list(range(1, 65))})
    assert len(exp) == 1000 * 1000 * 64 > MAX_POINTS
    with pytest.raises(ValueError, match=r"^sweep: 64,000,000 points \(1000 x 1000 x 64 x 1\), more than 10,000,000"):
        exp.points()


def test_the_estimate_counts_every_point_and_cycle():
    small = _exp({"load": [0.1, 0.2]})
    big = _exp({"load": [0.1, 0.2, 0.3, 0.4]}, {"warmup": 100, "cycles": 200})
    # routers x cycles at the benchmarked speed: 4 points x 10x the cycles = 20 x the time
    assert estimated_seconds(big) == pytest.approx(20 * estimated_seconds(small))


def test_a_long_sweep_is_announced(tmp_path, capsys, monkeypatch):
    toml = tmp_path / "long.toml"
    toml.write_text('name = "long"\n[topology]\nfamily = "dragonfly"\na = 2\nh = 1\np = 1\n'
                    '[simulate]\nwarmup = 10\ncycles = 20\n[sweep]\nload = [0.1, 0.2]\n')
    import topoanalysis.experiments as experiments
    import topoanalysis.experiments.estimate as est

    class Stop(Exception):
        pass

    def refuse(*a, **k):
        raise Stop

    monkeypatch.setattr(est, "estimated_seconds", lambda exp, points=None: 7200.0)
    monkeypatch.setattr(experiments, "sweep", refuse)
    with pytest.raises(Stop):
        main(["sweep", str(toml), "-o", str(tmp_path / "out.csv"), "--workers", "2"])
    assert "long: 2 points, about 60 min or more on 2 worker(s)" in capsys.readouterr().err
