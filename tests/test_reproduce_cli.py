"""``topoanalysis reproduce``: the bundled experiment files, the measured side of each paper
statement (checked on the recorded runs in ``data/`` against the values the figure tests pin),
and the command itself on a shrunken experiment."""

from __future__ import annotations

import copy
import functools
import importlib
import math

import pandas as pd
import pytest

from topoanalysis.cli import main
from topoanalysis.cli.reproduce_cmd import FIGURES
from topoanalysis.reproduce import _figure
from topoanalysis.reproduce._figure import bundled, names

DATA = __import__("pathlib").Path(__file__).resolve().parents[1] / "data"


def test_every_bundled_experiment_is_a_listed_figure_with_its_modules_constants():
    from sim.routings import ROUTINGS

    assert set(names()) <= set(FIGURES)
    for name in names():
        exp = bundled(name)
        mod = importlib.import_module(f"topoanalysis.reproduce.{FIGURES[name][0]}")
        assert exp.name == name and exp.full, name
        routings = [exp.configs[c]["routing"] for c in exp.sweep.get("config", [])] + exp.sweep.get("routing", [])
        assert set(routings) <= set(ROUTINGS), name
        assert set(mod.MEASURED) <= set(mod.PAPER)
        if exp.saturation is not None:  # a table of saturation searches (seed003-fig9)
            assert tuple(exp.sweep["routing"]) == mod.ROUTINGS
            continue
        # [full] may also name a bigger network (topology.X), which is not a run-size parameter
        assert {k for k in exp.full if not k.startswith("topology.")} == set(mod.REDUCED)
        assert exp.with_full().simulate.items() >= mod.FULL.items()
        assert mod.MODEL == exp.simulate["model"]
        curves = getattr(mod, "CURVES", mod.ROUTINGS)
        assert len(exp) == len(curves) * len(mod.TRAFFICS) * len(getattr(mod, "LOADS", None) or [0])


@functools.lru_cache
def _read(module: str) -> pd.DataFrame:
    return pd.read_csv(DATA / f"{module}.csv", keep_default_na=False, na_values=[""])


def _recorded(module: str) -> pd.DataFrame:
    # every statement gets its own copy, so one that altered its frame could not feed another
    return _read(module).copy()


# the simulated figures' recorded rows (not Fig. 7's trace, nor the size figures' rows, whose statements
# their modules measure on the computed curves: tests/test_size_figure_files.py)
_NOT_CURVES = {"seed001-fig7", "seed002-fig1", "seed002-fig5a", "seed002-fig5b", "seed000-fig12"}
_RECORDED = [n for n in FIGURES if (DATA / f"{FIGURES[n][0]}.csv").exists() and n not in _NOT_CURVES]


def _statements():
    for name in _RECORDED:
        for key in importlib.import_module(f"topoanalysis.reproduce.{FIGURES[name][0]}").MEASURED:
            yield name, key


def _is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and not math.isnan(x) and x >= 0


def _answers(paper, ours, curves) -> bool:
    """Does ``ours`` answer the paper's statement in its terms?  A curve name must be one of the run's
    curves; a number a non-negative number (loads, ratios, hops, latencies; inf for "none in the swept
    loads"); a tuple the same tuple shape; a yes/no a bool or the number(s) the judgement rests on."""
    if isinstance(paper, str):
        return isinstance(ours, str) and ours in curves
    if isinstance(paper, tuple):
        return isinstance(ours, tuple) and len(ours) == len(paper) and all(map(_answers, paper, ours,
                                                                               [curves] * len(paper)))
    numbers = isinstance(ours, tuple) and len(ours) > 0 and all(map(_is_number, ours))
    if isinstance(paper, bool) and isinstance(ours, bool):
        return True
    return _is_number(ours) or numbers


@pytest.mark.parametrize("name,key", list(_statements()))
def test_measured_statements_answer_the_paper_on_the_recorded_runs(name, key):
    mod = importlib.import_module(f"topoanalysis.reproduce.{FIGURES[name][0]}")
    df = _recorded(FIGURES[name][0])
    ours = mod.MEASURED[key](df)
    # a curve is named by its config label or, in figures of plain routings, by its routing
    curves = {str(x) for col in ("config", "routing") if col in df for x in df[col].dropna()}
    assert _answers(mod.PAPER[key], ours, curves), (mod.PAPER[key], ours)


# a statement over no rows must say so (reproduce prints "n/a") instead of answering yes or no
@pytest.mark.parametrize("name,key", list(_statements()))
def test_measured_statements_refuse_runs_without_their_curves(name, key):
    mod = importlib.import_module(f"topoanalysis.reproduce.{FIGURES[name][0]}")
    with pytest.raises((ValueError, KeyError)):
        mod.MEASURED[key](_recorded(FIGURES[name][0]).iloc[:0])


def test_measured_values_are_the_ones_the_figure_tests_pin():
    from topoanalysis.reproduce import seed001_fig8, seed001_fig9, seed001_fig13, seed001_fig14

    m8 = {k: f(_recorded("seed001_fig8")) for k, f in seed001_fig8.MEASURED.items()}
    # tests/test_seed001_ofar_figs.py: OFAR/PB 0.907, 0.422, 0.355, 0.686, 0.553, 0.454
    assert (round(m8["ofar / pb, min"], 3), round(m8["ofar / pb, max"], 3)) == (0.355, 0.907)
    assert m8["ofar / pb, mean"] == pytest.approx(sum([0.907, 0.422, 0.355, 0.686, 0.553, 0.454]) / 6, abs=1e-3)
    assert m8["ofar first"] is True
    m13 = {k: f(_recorded("seed001_fig13")) for k, f in seed001_fig13.MEASURED.items()}
    assert [m13[f"longest, {k}"] for k in ("ring", "ring+bcm", "tree", "tree+bcm")] == [20, 11, 11, 10]
    assert m13["ring shorter than tree"] is False  # the strict xfail of Fig. 13
    m9 = {k: f(_recorded("seed001_fig9")) for k, f in seed001_fig9.MEASURED.items()}
    assert m9["uniform, ofar 1/1(+1) close to pb"] == pytest.approx(0.371 / 0.504, abs=2e-3)
    assert m9["advg+2, pb above ofar 1/1(+1) and 2/1(+1)"] is False  # the strict xfail of Fig. 9
    m14 = {k: f(_recorded("seed001_fig14")) for k, f in seed001_fig14.MEASURED.items()}
    assert m14["ring a latency saturation, advg+2"] == 0.35 and m14["ring b latency saturation"] == (0.3, 0.35)


def test_list_and_bad_names(capsys):
    assert main(["reproduce", "--list"]) == 0
    assert "seed001-fig6" in capsys.readouterr().out
    assert main(["reproduce", "seed009-fig1"]) == 2
    assert "unknown 'seed009-fig1'" in capsys.readouterr().err
    assert main(["reproduce"]) == 2


def test_reproduce_runs_a_bundled_sweep_and_prints_paper_and_ours(tmp_path, monkeypatch, capsys):
    real = _figure.bundled

    def shrunk(name):
        exp = copy.deepcopy(real(name))
        exp.topology = {"family": "dragonfly", "a": 4, "h": 2, "p": 2, "arrangement": "palmtree"}
        exp.simulate.update(burst=3, max_cycles=20_000)
        return exp

    monkeypatch.setattr(_figure, "bundled", shrunk)
    out = tmp_path / "f13.parquet"
    assert main(["reproduce", "seed001-fig13", "-o", str(out), "--workers", "1", "--quiet",
                 "--plot", str(tmp_path / "f13.png")]) == 0
    text = capsys.readouterr().out
    assert "longest, tree+bcm" in text and "ring shorter than tree" in text
    assert len(pd.read_parquet(out)) == 4 and (tmp_path / "f13.png").stat().st_size > 1000
    # every statement got a measured value, none failed
    assert "n/a" not in text and "not measured" not in text
    assert math.isfinite(pd.read_parquet(out)["drain_time"].max())


# the figures whose curves each run on a network of their own ([configs] tables with topology keys)
_PER_CURVE = ["seed000-sec414", "seed000-sec8", "seed002-fig6-df-ft", "seed002-fig6bc-df-ft", "seed002-fig6d-df-ft",
               "seed003-fig6"]


@pytest.mark.parametrize("name", _PER_CURVE)
def test_a_figure_with_a_network_per_curve_runs_what_its_module_runs(name):
    # the experiment file's points are the module's curves: each point's network, routing and options
    # are those its module's curve_of gives the label (the module's python -m run, its recorded rows
    # and the figure reruns all go through curve_of)
    mod = importlib.import_module(f"topoanalysis.reproduce.{FIGURES[name][0]}")
    exp = bundled(name)
    assert tuple(exp.sweep["config"]) == tuple(mod.CURVES)
    for pt in exp.points():
        top, routing, opts = mod.curve_of(pt.config)
        assert (pt.topology["family"], pt.simulate["routing"]) == (top.family, routing), pt.config
        assert {k: v for k, v in pt.topology.items() if k != "family"}.items() <= top.params.items(), pt.config
        assert {k: pt.simulate[k] for k in opts} == opts and pt.simulate["model"] == mod.MODEL


def test_the_comparison_rows_of_figs_6b_to_6d_run_fig_6a_s_dragonfly_and_fat_tree():
    from topoanalysis.reproduce import seed002_fig6_df_ft, seed002_fig6bc_df_ft, seed002_fig6d_df_ft

    for mod in (seed002_fig6bc_df_ft, seed002_fig6d_df_ft):
        assert {k: v for k, v in mod.CURVES.items() if not k.startswith("sf-")} == seed002_fig6_df_ft.CURVES


def test_reproduce_runs_a_figure_with_a_network_per_curve(tmp_path, monkeypatch, capsys):
    real = _figure.bundled

    def shrunk(name):
        # seed000-sec414 on the smallest dragonfly with a circulant-based arrangement (a = 4, h = 2:
        # Δ2 even, 9 groups; advg+6 is still another group), two loads, short runs: each curve still
        # on its own arrangement
        exp = copy.deepcopy(real(name))
        exp.topology = {"family": "dragonfly", "a": 4, "h": 2, "p": 2}
        exp.simulate.update(warmup=100, cycles=200)
        exp.sweep.update(load=[0.1, 0.3])
        return exp

    monkeypatch.setattr(_figure, "bundled", shrunk)
    out = tmp_path / "s414.parquet"
    assert main(["reproduce", "seed000-sec414", "-o", str(out), "--workers", "1", "--quiet",
                 "--plot", str(tmp_path / "s414.png")]) == 0
    df = pd.read_parquet(out)
    assert len(df) == 4 * 2 and set(df["status"]) == {"ok"}
    assert dict(zip(df["config"], df["topology.arrangement"])) == {
        "valiant consecutive": "consecutive", "valiant palmtree": "palmtree", "valiant circulant": "circulant",
        "valiant-any palmtree": "palmtree"}
    assert (tmp_path / "s414.png").stat().st_size > 1000


def test_seed000_sec8_measures_a_sweep_as_its_own_rows():
    # the sweep names the utilisation link_utilisation.KIND.max and the offered load "load"; the
    # module's CSV util_KIND_max and "offered_load": the spread of the recorded run read both ways
    from topoanalysis.reproduce import seed000_sec8 as mod

    rows = _recorded("seed000_sec8")
    as_sweep = rows.drop(columns=["offered_load"]).rename(
        columns={f"util_{k}_{s}": f"link_utilisation.{k}.{s}" for k in mod.KINDS for s in ("max", "mean")})
    for curve in ("df3-val full", "df3-val-g2 cascade"):
        assert mod.spread(as_sweep, curve, "advg+3") == mod.spread(rows, curve, "advg+3")
