"""``ta.simulate``'s result: a short repr, dict and pandas conversions, a docstring that says what
it does and returns."""

from __future__ import annotations

import json

import topoanalysis as ta


def test_result_has_a_short_repr_and_conversions():
    top = ta.build("dragonfly", a=2, h=1)
    res = ta.simulate(top, "min", "uniform", 0.2, warmup=50, cycles=200)
    text = repr(res)
    assert len(text) < 200 and "details" not in text and text.startswith("<SimulationResult ok: min, uniform")
    assert f"accepted {res.accepted_load:.4g}" in text
    d = res.to_dict()
    assert json.loads(json.dumps(d))["accepted_load"] == res.accepted_load
    s = res.to_series()
    assert s["accepted_load"] == res.accepted_load and s["model"] == res.model["name"]
    assert s["model.packet_size"] == res.model["packet_size"] and "model.latency.local" in s.index
    assert "details" not in s.index


def test_simulate_docstring_says_what_it_does_and_returns():
    doc = ta.simulate.__doc__
    assert "same arguments" not in doc
    assert "Returns a :class:`SimulationResult`" in doc and "offered load" in doc


def test_details_carry_the_provenance():
    from sim.routings import make_routing

    top = ta.build("dragonfly", a=2, h=1)
    d = ta.simulate(top, "ugal-l", "uniform", 0.2, warmup=50, cycles=200).details
    assert d["topology"] == {"family": "dragonfly", "a": 2, "h": 1, "p": 1, "groups": 3, "arrangement": "palmtree",
                             "trunking": 1, "seed": None}
    assert d["parameters"]["cycles"] == 200 and d["parameters"]["batch"] == 8 and d["parameters"]["threshold"] == 0
    assert d["software_version"] == ta.__version__ and "git_commit" in d
    # a routing built beforehand keeps its options: none is recorded at a default it may not have
    built = ta.simulate(top, make_routing(top, "ugal-l", threshold=5), "uniform", 0.2, warmup=50, cycles=200)
    assert built.details["parameters"]["routing"] == "ugal-l" and "threshold" not in built.details["parameters"]
