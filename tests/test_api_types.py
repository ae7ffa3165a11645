"""The library API refuses values of the wrong type as the CLI does: a ValueError naming the
parameter, never an AttributeError from deep inside, and never a string read as a boolean."""

from __future__ import annotations

import numpy as np
import pytest

import topoanalysis as ta
from topoanalysis.checks import check_bool, check_text


@pytest.fixture(scope="module")
def df():
    return ta.build("dragonfly", a=4, h=2, p=2)


@pytest.mark.parametrize(("kw", "name"), [
    (dict(traffic=None), "traffic"),
    (dict(traffic=np.arange(72)), "traffic"),
    (dict(traffic=7), "traffic"),
    (dict(change_traffic=5, change_cycle=10), "change_traffic"),
    (dict(routing=3), "routing"),
    (dict(routing=None), "routing"),
    (dict(per_link="no"), "per_link"),
    (dict(progress="yes"), "progress"),
    (dict(eager_wakeup=1), "eager_wakeup"),
    (dict(full_scan=None), "full_scan"),
    (dict(cache_candidates="false"), "cache_candidates"),
])
def test_simulate_refuses_wrong_types_naming_the_parameter(df, kw, name):
    args = dict(routing="min", traffic="uniform", load=0.1, cycles=10)
    args.update(kw)
    with pytest.raises(ValueError, match=f"^{name} must be"):
        ta.simulate(df, **args)


def test_numpy_booleans_are_booleans(df):
    res = ta.simulate(df, "min", "uniform", 0.1, cycles=50, per_link=np.bool_(True))
    assert "link_utilisation_per_arc" in res.details


@pytest.mark.parametrize("bad", ["no", "False", 0, 1, None, [True]])
def test_check_bool(bad):
    with pytest.raises(ValueError, match="flag must be True or False"):
        check_bool("flag", bad)
    assert check_bool("flag", True) is True and check_bool("flag", np.bool_(False)) is False


def test_check_text():
    assert check_text("name", "x", "a name") == "x"
    with pytest.raises(ValueError, match="name must be a name, got int 3"):
        check_text("name", 3, "a name")


@pytest.mark.parametrize(("family", "given", "missing"), [("slimfly", {}, "q"), ("lhhc", {"n": 5}, "hops")])
def test_a_missing_family_parameter_is_named(family, given, missing):
    with pytest.raises(ValueError, match=f"family '{family}' needs parameter\\(s\\) {missing} "
                                         f"\\(on the command line --{missing}\\)"):
        ta.build(family, **given)


def test_the_cli_names_a_missing_family_parameter(capsys):
    from topoanalysis.cli import main

    assert main(["build", "slimfly"]) == 2
    assert "needs parameter(s) q (on the command line --q)" in capsys.readouterr().err
