"""Every recorded simulated figure in ``data/`` against a fresh run.

The figure tests (``test_seed000_fig9.py``, ``test_seed001_fig6.py``, ``test_seed001_ofar_figs.py``,
``test_seed002_fig6.py``, ``test_seed003_fig9.py``) compare the papers with the committed rows of
``data/seed00N_figM.csv``.  Here a deterministic sample of each file's rows is run again with the
generator that wrote it, at the settings the row records (routing, options, traffic, load, seed,
warm-up and measured cycles, burst size; the router model, the network and what the rows do
not record, the bursts' cycle limit and Fig. 7's change cycle and traced window, from the
figure's module at its reduced size), and must give the row exactly as the generator prints it (``%.6g`` for the curves and
bursts, every traced bin of Fig. 7, the full-precision saturation search of Han et al. 2017).

The sample (:data:`SAMPLE`) holds, per curve file, rows past saturation or under congestion
(minimal routing under adversarial traffic saturates at a fraction of the load and costs least
to rerun), per burst file at least one burst, for Fig. 7 one whole trace through the change of
pattern, and for Han et al. 2017, Fig. 9 two saturation searches (their loads reach 1.0).  A change
of the simulator that moves any of these numbers fails here; regenerate the file with its
generator (:data:`FILES`) in the same commit, so that the diff shows what moved.
"""

from __future__ import annotations

import csv
import json
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from topoanalysis.reproduce import (_bursts, _curves, seed000_fig9, seed000_fig9_olm, seed000_fig10, seed000_sec8,
                                    seed000_sec414,
                                    seed001_fig2,
                                    seed001_fig5, seed001_fig6, seed001_fig7, seed001_fig12, seed003_fig5, seed003_fig6,
                                    seed003_fig7, seed002_fig6_df_ft, seed002_fig6bc_df_ft,
                                    seed002_fig6d_df_ft,
                                    seed001_fig8, seed001_fig9, seed001_fig10, seed001_fig11, seed001_fig13,
                                    seed001_fig14, seed002_fig6, seed002_fig6bc, seed002_fig8a,
                                    seed002_fig8_p17, seed002_fig8b, seed002_fig8c,
                                    seed002_fig8d, seed002_fig8e, seed003_fig9)

DATA = Path(__file__).resolve().parents[1] / "data"

#: every simulated figure's data file: its kind of rows, the module that writes it (``python -m
#: topoanalysis.reproduce.<module> -o data/<file>``; Han et al. 2017, Fig. 9: ``topoanalysis reproduce
#: seed003-fig9 -o data/seed003_fig9.csv --workers 1``) and the figure
FILES: dict[str, tuple[str, ModuleType, str]] = {
    "seed000_fig9.csv": ("curves", seed000_fig9, "Camarero et al. 2014, Fig. 9"),
    "seed000_fig9_olm.csv": ("curves", seed000_fig9_olm, "Camarero et al. 2014, Fig. 9 (4-color adaptive and OLM)"),
    "seed000_fig10.csv": ("curves", seed000_fig10, "Camarero et al. 2014, Fig. 10"),
    "seed000_sec414.csv": ("curves", seed000_sec414, "Camarero et al. 2014, §4.1.4"),
    "seed000_sec8.csv": ("curves", seed000_sec8, "Camarero et al. 2014, §8"),
    "seed001_fig2.csv": ("curves", seed001_fig2, "García et al. 2014, Fig. 2"),
    "seed001_fig5.csv": ("curves", seed001_fig5, "García et al. 2014, Fig. 5"),
    "seed001_fig6.csv": ("curves", seed001_fig6, "García et al. 2014, Fig. 6"),
    "seed001_fig7.csv": ("trace", seed001_fig7, "García et al. 2014, Fig. 7"),
    "seed001_fig8.csv": ("bursts", seed001_fig8, "García et al. 2014, Fig. 8"),
    "seed001_fig9.csv": ("curves", seed001_fig9, "García et al. 2014, Fig. 9"),
    "seed001_fig10.csv": ("curves", seed001_fig10, "García et al. 2014, Fig. 10"),
    "seed001_fig11.csv": ("bursts", seed001_fig11, "García et al. 2014, Fig. 11"),
    "seed001_fig12.csv": ("curves", seed001_fig12, "García et al. 2014, Fig. 12"),
    "seed001_fig13.csv": ("bursts", seed001_fig13, "García et al. 2014, Fig. 13"),
    "seed001_fig14.csv": ("curves", seed001_fig14, "García et al. 2014, Fig. 14"),
    "seed002_fig6.csv": ("curves", seed002_fig6, "Besta & Hoefler 2014, Fig. 6"),
    "seed002_fig6_df_ft.csv": ("curves", seed002_fig6_df_ft, "Besta & Hoefler 2014, Fig. 6a (DF and FT-3)"),
    "seed002_fig6bc.csv": ("curves", seed002_fig6bc, "Besta & Hoefler 2014, Fig. 6b and 6c"),
    "seed002_fig6bc_df_ft.csv": ("curves", seed002_fig6bc_df_ft, "Besta & Hoefler 2014, Figs. 6b and 6c (DF, FT-3, SF q = 19)"),
    "seed002_fig6d_df_ft.csv": ("curves", seed002_fig6d_df_ft, "Besta & Hoefler 2014, Fig. 6d (DF and FT-3)"),
    "seed002_fig8a.csv": ("curves", seed002_fig8a, "Besta & Hoefler 2014, Fig. 8a"),
    "seed002_fig8b.csv": ("curves", seed002_fig8b, "Besta & Hoefler 2014, Fig. 8b"),
    "seed002_fig8c.csv": ("curves", seed002_fig8c, "Besta & Hoefler 2014, Fig. 8c"),
    "seed002_fig8d.csv": ("curves", seed002_fig8d, "Besta & Hoefler 2014, Fig. 8d"),
    "seed002_fig8e.csv": ("curves", seed002_fig8e, "Besta & Hoefler 2014, Fig. 8e"),
    "seed002_fig8_p17.csv": ("curves", seed002_fig8_p17, "Besta & Hoefler 2014, §V-E and §VII-C (p = 17)"),
    "seed003_fig5.csv": ("curves", seed003_fig5, "Han et al. 2017, Fig. 5"),
    # one light load per curve: rows like a curve's, none of them congested
    "seed003_fig6.csv": ("hops", seed003_fig6, "Han et al. 2017, Fig. 6"),
    "seed003_fig7.csv": ("curves", seed003_fig7, "Han et al. 2017, Fig. 7"),
    "seed003_fig9.csv": ("saturation", seed003_fig9, "Han et al. 2017, Fig. 9"),
}
#: data files of figures that are not simulations (costs of Besta & Hoefler 2014, Fig. 11, bisections of its
#: Fig. 5c, the sizes and distances of its Figs. 1, 5a, 5b and of Camarero et al. 2014, Fig. 12:
#: ``tests/test_seed002_fig11.py``, ``tests/test_seed002_fig5c.py`` and ``tests/test_size_figure_files.py``
#: compare them with a fresh computation)
NOT_SIMULATED = {"seed002_fig11.csv", "seed002_fig5c.csv", "seed002_fig1.csv", "seed002_fig5a.csv",
                 "seed002_fig5b.csv", "seed000_fig12.csv"}

#: the rows rerun in the default suite, per file: a curve row is (config, traffic, offered load),
#: a burst (config, traffic), a trace its config, a saturation search (q, routing).  A file's
#: cheapest congested row where the choice is free; the rows of the networks of 10,000 endpoints and
#: more (Camarero et al. 2014's 24,648-node dragonfly, Besta & Hoefler 2014's Slim Fly q = 19,
#: dragonfly and fat tree) cost most of it
SAMPLE: dict[str, list[tuple]] = {
    # MIN under ADV+1 saturates at 0.013 (past saturation at every load) and costs least
    "seed000_fig9.csv": [("minimal", "advg+1", 0.05)],
    # OLM at its cheapest load (unsaturated at every load); the file's 4color-adaptive rows are
    # those of seed000_fig9.csv (test_shared_curves_are_the_same_rows), whose congested 0.2 (about
    # 70 s) is in the slow sample, as the congested rows of the 4-color routings' kind are in
    # seed000_fig10.csv's
    "seed000_fig9_olm.csv": [("olm", "advg+1", 0.1)],
    # one VC under ADV+1: accepted 0.082 of 0.2, the file's costliest sample (about 25 s)
    "seed000_fig10.csv": [("4color-adaptive 1 vc", "advg+1", 0.2)],
    # Valiant past the palmtree's local-link limit (about 3 s a row on the h = 6 dragonfly)
    "seed000_sec414.csv": [("valiant palmtree", "advg+6", 0.25)],
    # minimal past saturation under ADVG+3 on the 42-router 3-level dragonfly (0.156 of 0.2)
    "seed000_sec8.csv": [("df3-min full", "advg+3", 0.2)],
    "seed001_fig2.csv": [("valiant", "advg+6", 0.2)],
    # the tree without congestion management collapsed (0.318 of 0.6)
    "seed001_fig5.csv": [("ofar tree", "uniform", 0.6)],
    "seed001_fig12.csv": [("ofar tree+bcm", "advg+2", 1.0)],
    # q = 13: Valiant and UGAL-L under congestion (latency 11.8 and 7.1 cycles, 5.0 and 2.4 at load 0.05)
    "seed003_fig5.csv": [("valiant", "hotspot-seq", 0.4)],
    "seed003_fig7.csv": [("ugal-l", "hotspot-seq", 0.35)],
    # the smallest network's loop-free Valiant (about a second)
    "seed003_fig6.csv": [("valiant-lf q5", "hotspot-seq", 0.05)],
    "seed001_fig6.csv": [("min", "advg+2", 0.05), ("min", "advg+6", 0.05), ("valiant", "advg+6", 0.15),
                         ("pb", "advg+6", 0.15), ("ofar", "advg+2", 0.5), ("ofar-l", "advg+6", 0.15),
                         # collapsed (accepted 0.003): paths of more than 31 hops through the escape ring
                         ("ofar-l", "advg+6", 0.8)],
    "seed001_fig7.csv": [("pb",)],
    "seed001_fig8.csv": [("pb", "uniform"), ("ofar-l", "advg+6")],
    "seed001_fig9.csv": [("ofar 1/1(+1)", "advg+2", 0.4)],
    # OFAR tree with ECM past saturation under ADVG+6 (0.366 accepted at 0.5)
    "seed001_fig10.csv": [("pb 3/2", "advg+2", 0.2), ("ofar tree+ecm", "advg+6", 0.5)],
    "seed001_fig11.csv": [("ofar tree+ecm", "advg+6")],
    "seed001_fig13.csv": [("ofar ring", "advg+6")],
    "seed001_fig14.csv": [("ofar 2 rings", "advg+2", 0.3)],
    # MIN under the worst case carries 0.071 of 0.1 (past saturation at every load); UGAL-L at the
    # lightest load costs least of the adaptive routings with the router's internal speedup 2
    "seed002_fig6.csv": [("min", "sf-worst", 0.1), ("ugal-l", "uniform", 0.1)],
    # DF-UGAL-L on the 1,386-router dragonfly under congestion (146.2 cycles at 0.9, 13.8 at 0.1)
    "seed002_fig6_df_ft.csv": [("df-ugal-l", "uniform", 0.9)],
    # q = 7 (about a second a row): MIN under shift carries 0.391 of 0.5, UGAL-L under bit reversal 0.697 of 0.8
    "seed002_fig6bc.csv": [("min", "shift", 0.5), ("ugal-l", "bitrev", 0.8)],
    # SF-MIN under shift on the q = 19 Slim Fly past saturation (0.138 of 0.2), the file's cheapest congested row
    "seed002_fig6bc_df_ft.csv": [("sf-min", "shift", 0.2)],
    # DF-UGAL-L past saturation under ADVG+1 (0.481 of 0.5, latency 93 cycles against 22 at 0.1,
    # about 25 s); the fat tree's congested rows cost three times as much (the slow sample)
    "seed002_fig6d_df_ft.csv": [("df-ugal-l", "advg+1", 0.5)],
    # q = 7: 8 flits per port starve UGAL-L (0.205 of 0.25); 32 flits carry VAL 0.366 of 0.5
    "seed002_fig8a.csv": [("ugal-l b8", "sf-worst", 0.25), ("valiant b32", "sf-worst", 0.5)],
    # the paper's q = 19 with p = 16 and 18: MIN under congestion (latency 69.3 and 46.7 cycles, about
    # 4 and 6 times its latency at 0.1), the cheapest of the congested rows
    "seed002_fig8b.csv": [("min", "uniform", 0.8)],
    "seed002_fig8d.csv": [("min", "uniform", 0.7)],
    # MIN under the worst case, past saturation at every load (as in Fig. 6d), costs least
    "seed002_fig8c.csv": [("min", "sf-worst", 0.1)],
    "seed002_fig8e.csv": [("min", "sf-worst", 0.1)],
    # MIN past saturation (0.723 of 0.8), cheaper than the adaptive routings' congested rows
    "seed002_fig8_p17.csv": [("min", "uniform", 0.8)],
    # one saturation search on q = 5 (about 9 s; the original Valiant's is in the slow sample)
    "seed003_fig9.csv": [(5, "ugal-l-lf")],
}

#: more rows, marked full (``pytest -m full``, left out of the README's test command, whose budget
#: they would exceed by about 4 minutes): rows past saturation or under congestion of most
#: curves, the Slim Fly rows of Besta & Hoefler 2014, Fig. 6 past saturation, more bursts and
#: traces; each was rerun when this list was made (all matched after OFAR-L's rows of García et
#: al. 2014, Fig. 6 were regenerated: their hop counts were stale)
SLOW: dict[str, list[tuple]] = {
    "seed000_fig9.csv": [("4color-adaptive", "advg+1", 0.2), ("2color-min", "advg+1", 0.05)],
    "seed000_fig10.csv": [("4color-adaptive 4 vc", "advg+1", 0.2)],
    "seed000_fig9_olm.csv": [("4color-adaptive", "advg+1", 0.2), ("4color-adaptive", "advg+1", 0.3)],
    "seed000_sec414.csv": [("valiant circulant", "advg+6", 0.5), ("valiant consecutive", "advg+6", 0.3)],
    "seed000_sec8.csv": [("df3-val-g2 cascade", "advg+3", 0.6), ("df3-val full", "uniform", 0.5)],
    "seed001_fig2.csv": [("valiant", "advg+1", 0.5), ("valiant", "advg+36", 0.3)],
    "seed001_fig5.csv": [("ofar tree+ecm", "uniform", 1.0), ("ofar tree+bcm", "uniform", 0.8)],
    "seed001_fig12.csv": [("ofar ring+bcm", "uniform", 1.0), ("ofar tree+bcm", "advg+6", 1.0)],
    "seed003_fig5.csv": [("valiant-lf", "hotspot-seq", 0.4)],
    "seed003_fig7.csv": [("ugal-l-lf", "hotspot-seq", 0.5), ("ugal-l", "hotspot-seq", 0.5)],
    "seed001_fig6.csv": [("min", "uniform", 0.6), ("valiant", "uniform", 0.4), ("valiant", "advg+2", 0.3),
                         ("pb", "uniform", 0.5), ("pb", "advg+2", 0.2), ("valiant-any", "uniform", 0.35),
                         ("valiant-any", "advg+2", 0.35), ("ofar", "advg+6", 0.5), ("ofar-l", "uniform", 0.5),
                         ("ofar-l", "advg+2", 0.5)],
    "seed001_fig7.csv": [("ofar",), ("ofar-l",)],
    "seed001_fig8.csv": [("ofar", "advg+6")],
    "seed001_fig9.csv": [("pb 3/2", "advg+2", 0.2), ("ofar 1/1(+1)", "uniform", 0.4), ("ofar 2/1(+1)", "advg+2", 0.4),
                         ("ofar 2/2(+1)", "advg+2", 0.5), ("ofar 3/2(+1)", "advg+2", 0.5),
                         ("ofar 3/3(+1)", "advg+2", 0.5), ("ofar 4/4(+1)", "advg+2", 0.5)],
    "seed001_fig10.csv": [("pb 3/2", "advg+6", 0.15), ("ofar ring+bcm", "advg+2", 0.4), ("ofar ring+ecm", "advg+2", 0.5),
                          ("ofar tree+bcm", "advg+6", 0.4)],
    "seed001_fig11.csv": [("pb 3/2", "advg+6"), ("ofar ring+bcm", "mix:uniform=0.2,advg+1=0.4,advg+6=0.4")],
    "seed001_fig13.csv": [("ofar ring+bcm", "advg+6"), ("ofar tree", "advg+6")],
    "seed001_fig14.csv": [("ofar ring a", "advg+2", 0.35), ("ofar ring b", "advg+12", 0.35),
                          ("ofar 2 rings", "advg+12", 0.3)],
    "seed002_fig6.csv": [("valiant", "sf-worst", 0.5), ("ugal-l", "sf-worst", 0.6), ("ugal-g", "sf-worst", 0.6)],
    "seed002_fig6_df_ft.csv": [("ft-least-occupied", "uniform", 0.7), ("ft-random", "uniform", 0.9),
                               ("ft-anca", "uniform", 0.9)],
    "seed002_fig6bc.csv": [("valiant", "bitrev", 0.9), ("ugal-g", "bitrev", 0.9), ("ugal-l", "shift", 0.9)],
    "seed002_fig6bc_df_ft.csv": [("ft-least-occupied", "bitrev", 0.7), ("df-ugal-l", "shift", 0.5)],
    "seed002_fig6d_df_ft.csv": [("ft-least-occupied", "advg+1", 0.6), ("ft-anca", "advg+1", 0.9)],
    "seed002_fig8a.csv": [("valiant b256", "sf-worst", 0.5), ("ugal-l b16", "sf-worst", 0.5)],
    "seed002_fig8b.csv": [("ugal-g", "uniform", 0.9), ("ugal-l", "uniform", 0.8)],
    "seed002_fig8c.csv": [("ugal-l", "sf-worst", 0.5), ("valiant", "sf-worst", 0.5)],
    "seed002_fig8d.csv": [("ugal-g", "uniform", 0.8), ("valiant", "uniform", 0.5)],
    "seed002_fig8e.csv": [("ugal-g", "sf-worst", 0.5), ("ugal-l", "sf-worst", 0.5)],
    "seed002_fig8_p17.csv": [("ugal-g", "uniform", 0.9), ("ugal-l", "uniform", 0.7)],
    "seed003_fig9.csv": [(5, "ugal-l"), (7, "ugal-l"), (7, "ugal-l-lf")],
}


@cache
def recorded(name: str) -> list[dict[str, str]]:
    """The rows of ``data/<name>`` as the file spells them."""
    with (DATA / name).open(newline="") as f:
        return list(csv.DictReader(f))


def _config(row: dict[str, str]) -> str:
    return row.get("config") or row["routing"]


def _curve(row: dict[str, str]) -> _curves.Curve:
    return _config(row), row["routing"], json.loads(row["options"]) if row.get("options") else {}


def selected(name: str, key: tuple) -> list[dict[str, str]]:
    """The recorded rows of sample ``key`` of file ``name``."""
    kind = FILES[name][0]
    if kind in ("curves", "hops"):
        config, traffic, load = key
        return [r for r in recorded(name) if (_config(r), r["traffic"], float(r["offered_load"])) == (config, traffic,
                                                                                                      load)]
    if kind == "bursts":
        return [r for r in recorded(name) if (r["config"], r["traffic"]) == key]
    if kind == "trace":
        return [r for r in recorded(name) if r["config"] == key[0]]
    q, routing = key
    return [r for r in recorded(name) if (int(r["topology.q"]), r["routing"]) == (q, routing)]


def _printed(rows: list[dict], columns: tuple[str, ...], tmp_path: Path) -> list[dict[str, str]]:
    """``rows`` as the generator's writer prints them, read back."""
    path = tmp_path / "rerun.csv"
    _curves.write_rows(rows, str(path), columns)
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def rerun(name: str, key: tuple, tmp_path: Path) -> list[dict[str, str]]:
    """Sample ``key`` of file ``name`` run again at its recorded settings, printed as the file is."""
    kind, fig, _ = FILES[name]
    rec = selected(name, key)
    columns = tuple(rec[0])
    if kind in ("curves", "hops"):
        (row,) = rec
        # a figure of several networks names a row's own (Camarero et al. 2014, §4.1.4: the arrangement)
        top = fig.row_network(row) if hasattr(fig, "row_network") else fig.network()
        got = _curves.sweep(top, fig.MODEL, [_curve(row)], [row["traffic"]], [float(row["offered_load"])],
                            [int(row["seed"])], dict(warmup=int(row["warmup"]), cycles=int(row["cycles"])),
                            extra=getattr(fig, "EXTRA", None))
        return _printed(got, columns, tmp_path)
    if kind == "bursts":
        (row,) = rec
        (got,) = _bursts.burst_runs(fig.network(), fig.MODEL, [_curve(row)], [row["traffic"]], int(row["burst"]),
                                    [int(row["seed"])], None, fig.REDUCED["max_cycles"])
        # the drain time relative to the reference curve's recorded one on the same traffic and seed
        ref = [r for r in recorded(name) if r["config"] == fig.REFERENCE and (r["traffic"], r["seed"]) ==
               (row["traffic"], row["seed"])] if fig.REFERENCE else []
        if ref and ref[0]["status"] == "ok" and got["status"] == "ok":
            got["relative_time"] = got["drain_time"] / int(ref[0]["drain_time"])
        return _printed([got], columns, tmp_path)
    if kind == "trace":
        got = fig.run(configs=[key[0]], seeds=sorted({int(r["seed"]) for r in rec}))
        return _printed(got, columns, tmp_path)
    return _saturation(key, tmp_path)


def _saturation(key: tuple, tmp_path: Path) -> list[dict[str, str]]:
    import copy

    from topoanalysis.experiments import sweep

    q, routing = key
    exp = copy.deepcopy(seed003_fig9.experiment)
    ((row,),) = [[r for r in zip(*z.values()) if r[0] == q] for z in exp.zips]
    exp.zips = [{k: [v] for k, v in zip(exp.zips[0], row)}]
    exp.sweep = {**exp.sweep, "routing": [routing]}
    path = tmp_path / "rerun.csv"
    sweep(exp, path, workers=1)
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    with (DATA / "seed003_fig9.csv").open(newline="") as f:
        header = next(csv.reader(f))
    # the recorded file has the former layout: each run of a search in one JSON text, and no
    # columns for the defaulted parameters and the model's values (which later rows name)
    for r in rows:
        runs = zip(json.loads(r["saturation_offered_loads"]), json.loads(r["saturation_accepted_loads"]))
        r["saturation_runs"] = json.dumps([{"offered_load": o, "accepted_load": a} for o, a in runs], sort_keys=True)
    return [{k: r[k] for k in header if k in r} for r in rows]


# the columns that depend on the machine and the moment, not the simulation: a saturation search's
# (and the row's checksum, which covers them), and every row's software version and commit
_CIRCUMSTANCES = ("wall_seconds", "worker", "software", "finished_at", "row_check", "software_version", "git_commit")


def _number_or_text(v: str) -> str:
    # a number as its value: a sweep's CSV may spell an integer option of a column that is empty
    # on other rows as 0.0, a rerun of one row as 0
    try:
        return repr(float(v))
    except ValueError:
        return v


def _comparable(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    # an empty cell is a column other rows of the file have and this one does not (a routing option
    # another routing of the sweep takes)
    return [{k: _number_or_text(v) for k, v in r.items() if k not in _CIRCUMSTANCES and v != ""} for r in rows]


def _id(name: str, key: tuple) -> str:
    return f"{name.removesuffix('.csv')}:{'/'.join(map(str, key))}"


def samples(prefix: str, exclude: bool = False) -> list:
    """The rerun parameters of the files whose names start with ``prefix`` (or, ``exclude``, of the
    others): the sample, then the slow rows marked full."""
    def chosen(name: str) -> bool:
        return name.startswith(prefix) != exclude

    return [pytest.param(name, key, id=_id(name, key)) for name, keys in SAMPLE.items() if chosen(name)
            for key in keys] + [pytest.param(name, key, id=_id(name, key), marks=pytest.mark.full)
                                for name, keys in SLOW.items() if chosen(name) for key in keys]


def check_rerun(name: str, key: tuple, tmp_path: Path) -> None:
    """The recorded row(s) ``key`` of ``name`` equal a fresh run's."""
    rec = selected(name, key)
    assert rec, f"{name}: no recorded row {key}"
    assert _comparable(rerun(name, key, tmp_path)) == _comparable(rec)


# Besta & Hoefler 2014's files (networks of 10,000 endpoints) are rerun by
# test_figure_reruns_seed002.py, a module of its own so that a parallel run (pytest-xdist, one
# module per worker) can give them to the other worker
@pytest.mark.parametrize(("name", "key"), samples("seed002", exclude=True))
def test_recorded_row_is_reproduced(name, key, tmp_path):
    check_rerun(name, key, tmp_path)


def test_every_simulated_figure_file_is_sampled():
    on_disk = {p.name for pat in ("seed*_fig*.csv", "seed*_sec*.csv") for p in DATA.glob(pat)} - NOT_SIMULATED
    assert on_disk == set(FILES) == set(SAMPLE)
    assert all(SAMPLE[name] for name in FILES), [name for name in FILES if not SAMPLE[name]]
    assert set(SLOW) <= set(FILES)


@pytest.mark.parametrize("name", list(FILES))
def test_every_sample_names_recorded_rows_once(name):
    keys = SAMPLE[name] + SLOW.get(name, [])
    assert len(set(keys)) == len(keys)
    one = FILES[name][0] != "trace"  # a trace sample is a whole curve of binned rows
    for key in keys:
        rows = selected(name, key)
        assert len(rows) == 1 if one else len(rows) > 1, (name, key, len(rows))


def _congested(name: str, row: dict[str, str]) -> bool:
    """A curve row past saturation (accepted below 95 % of offered) or under congestion (latency
    above twice its curve's at the lowest load)."""
    curve = [r for r in recorded(name) if (_config(r), r["traffic"]) == (_config(row), row["traffic"])]
    lowest = min(curve, key=lambda r: float(r["offered_load"]))
    return (float(row["accepted_load"]) < 0.95 * float(row["offered_load"])
            or float(row["average_latency"]) > 2 * float(lowest["average_latency"]))


#: curve files that repeat curves of another file: the same configuration, network, router model
#: and settings, so the same rows (``test_shared_curves_are_the_same_rows``); the other file's
#: default sample stands for this one's congested row
SHARED = {"seed000_fig9_olm.csv": "seed000_fig9.csv"}


def _measured(row: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in row.items() if k not in ("point_id", "git_commit", "software_version")}


@pytest.mark.parametrize(("name", "other"), list(SHARED.items()))
def test_shared_curves_are_the_same_rows(name, other):
    theirs = {(_config(r), r["traffic"], r["offered_load"]): r for r in recorded(other)}
    ours = recorded(name)
    shared = [r for r in ours if (_config(r), r["traffic"], r["offered_load"]) in theirs]
    assert shared and {_config(r) for r in shared} != {_config(r) for r in ours}, "no curve of its own or none shared"
    for r in shared:
        t = theirs[(_config(r), r["traffic"], r["offered_load"])]
        assert _measured({k: r[k] for k in t if k in r}) == _measured({k: t[k] for k in r if k in t}), (name, _config(r))


@pytest.mark.parametrize("name", [n for n, (kind, _, _) in FILES.items() if kind == "curves"])
def test_every_curve_file_reruns_a_congested_row(name):
    samples_ = [(name, key) for key in SAMPLE[name]] + [(SHARED[name], key) for key in SAMPLE.get(SHARED.get(name, ""), [])]
    assert any(_congested(n, selected(n, key)[0]) for n, key in samples_), (name, SAMPLE[name])
    # the slow sample adds rows past saturation or under congestion only
    assert all(_congested(name, selected(name, key)[0]) for key in SLOW.get(name, [])), name
