"""Plots: each figure draws the numbers it is given (read back from the axes), files are written
whole, and bad input is refused naming the parameter."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import topoanalysis as ta
from topoanalysis.plots import (draw_dragonfly, plot_alpha_envelope, plot_curves, plot_hop_histograms,
                                plot_link_utilisation, save)


def results() -> pd.DataFrame:
    rows = []
    for routing, base in (("min", 100.0), ("valiant", 200.0)):
        for load in (0.1, 0.2):
            for seed, noise in ((1, -1.0), (2, 1.0), (3, 3.0)):
                rows.append(dict(point_id=f"{routing}{load}{seed}", routing=routing, traffic="uniform", load=load,
                                 seed=seed, accepted_load=load, average_latency=base + 10 * load + noise,
                                 hop_histogram=json.dumps([0, 2, 6, 2] if routing == "min" else [0, 0, 1, 1, 2])))
    return pd.DataFrame(rows)


def test_curves_draw_the_seed_means_with_their_bands(tmp_path):
    fig = plot_curves(results(), "load", "latency", "routing")
    ax = fig.axes[0]
    ys = {ln.get_label(): ln.get_ydata().tolist() for ln in ax.lines}
    # mean of base + 10 load + (-1, 1, 3) = base + 10 load + 1
    assert ys["min"] == pytest.approx([102.0, 103.0]) and ys["valiant"] == pytest.approx([202.0, 203.0])
    assert len(ax.collections) == 2  # one confidence band per curve
    save(fig, tmp_path / "c.png")
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_hop_histograms_are_fractions_of_packets():
    fig = plot_hop_histograms(results())
    groups = {c.get_label(): [p.get_height() for p in c] for c in fig.axes[0].containers}
    assert groups["min"] == pytest.approx([0, 0.2, 0.6, 0.2])
    assert groups["valiant"] == pytest.approx([0, 0, 0.25, 0.25, 0.5])


def test_link_utilisation_heatmap_places_each_arc():
    top = ta.build("dragonfly", a=2, h=1, p=1)
    arcs = top.arcs()
    u = np.arange(arcs.src.size, dtype=float)
    img = plot_link_utilisation(top, u).axes[0].images[0].get_array()
    assert img[arcs.src[5], arcs.dst[5]] == 5.0
    with pytest.raises(ValueError, match="one value per arc"):
        plot_link_utilisation(top, u[:-1])


def test_alpha_envelope_curve_passes_through_the_envelope():
    from topoanalysis.bisection import bisection_envelope

    env = bisection_envelope(ta.build("dragonfly", a=2, h=1, p=1), (0, 4))
    ax = plot_alpha_envelope({"a=2": env}).axes[0]
    xs, ys = ax.lines[0].get_xdata(), ax.lines[0].get_ydata()
    assert all(y == pytest.approx(float(env.value(x))) for x, y in zip(xs, ys))


def test_dragonfly_drawing_colours_each_globally_connected_component():
    from topoanalysis.invariants.gcc import global_components

    top = ta.build("dragonfly", a=4, h=2, p=2, arrangement="consecutive")
    fig = draw_dragonfly(top)
    colours = {tuple(c) for c in fig.axes[0].collections[-1].get_facecolors()}
    assert len(colours) == min(10, len(global_components(top)))
    with pytest.raises(ValueError, match="needs a dragonfly"):
        draw_dragonfly(ta.build("hypercube", n=3))


def test_bad_plot_input_is_refused(tmp_path):
    with pytest.raises(ValueError, match="column 'latncy'"):
        plot_curves(results(), "load", "latncy")
    with pytest.raises(ValueError, match="no rows"):
        plot_curves(results().iloc[:0])
    with pytest.raises(ValueError, match="unknown image format"):
        save(plot_curves(results()), tmp_path / "x.bogus")
    with pytest.raises(ValueError, match="does not exist"):
        save(plot_curves(results()), tmp_path / "no" / "x.png")


def test_cli_plot_draw_and_envelope_plot(tmp_path):
    from topoanalysis.cli import main

    res = tmp_path / "r.csv"
    results().to_csv(res, index=False)
    assert main(["plot", str(res), "--y", "latency", "--col", "traffic", "-o", str(tmp_path / "a.png")]) == 0
    assert main(["plot", str(res), "--kind", "hops", "--where", "routing=min", "-o", str(tmp_path / "h.svg")]) == 0
    assert main(["plot", str(res), "--where", "routing=nope", "-o", str(tmp_path / "n.png")]) == 2
    assert not (tmp_path / "n.png").exists()
    assert main(["draw", "dragonfly", "--a", "3", "--h", "1", "-o", str(tmp_path / "d.png")]) == 0
    assert main(["bisect", "dragonfly", "--a", "2", "--h", "1", "--envelope", "0:4", "--plot",
                 str(tmp_path / "e.pdf")]) == 0
    for f in ("a.png", "h.svg", "d.png", "e.pdf"):
        assert (tmp_path / f).stat().st_size > 1000


def test_cli_link_heatmap_from_a_per_link_sweep(tmp_path):
    from topoanalysis.cli import main
    from topoanalysis.experiments import sweep

    exp = {"name": "links", "topology": {"family": "dragonfly", "a": 4, "h": 2, "p": 2, "arrangement": "palmtree"},
           "simulate": {"warmup": 100, "cycles": 300, "per_link": True, "traffic": "advg+1", "load": 0.2},
           "sweep": {"routing": ["min", "valiant"]}}
    out = tmp_path / "l.parquet"
    sweep(exp, out, workers=1)
    assert main(["plot", str(out), "--kind", "links", "--where", "routing=min", "-o", str(tmp_path / "l.png")]) == 0
    assert (tmp_path / "l.png").stat().st_size > 1000
    plain = tmp_path / "p.parquet"
    sweep(dict(exp, simulate={k: v for k, v in exp["simulate"].items() if k != "per_link"}), plain, workers=1)
    assert main(["plot", str(plain), "--kind", "links", "-o", str(tmp_path / "x.png")]) == 2


def _saturating() -> pd.DataFrame:
    rows = []
    for load, accepted, lat in ((0.1, 0.1, 100.0), (0.3, 0.3, 150.0), (0.5, 0.38, 5000.0), (0.7, 0.39, 20000.0)):
        rows.append(dict(point_id=f"p{load}", routing="min", traffic="advg+1", load=load, seed=1, accepted_load=accepted,
                         average_latency=lat, model="seed001", warmup=1000, cycles=2000,
                         **{"topology.family": "dragonfly", "topology.a": 4, "topology.h": 2, "topology.seed": None}))
    return pd.DataFrame(rows)


def test_points_past_saturation_are_marked_and_the_title_names_the_fixed_parameters():
    fig = plot_curves(_saturating(), "load", "latency", hue=None)
    ax = fig.axes[0]
    marks = [ln for ln in ax.lines if ln.get_marker() == "x"]
    assert len(marks) == 1 and marks[0].get_xdata().tolist() == [0.5, 0.7]  # accepted < 95 % of offered
    title = fig._suptitle.get_text()
    assert title == "dragonfly a=4 h=2 · routing min · traffic advg+1 · model seed001 · 1000 + 2000 cycles"
    # what the lines or axes show is not in the title; no title on request
    assert "routing" not in plot_curves(_saturating(), "load", "latency", "routing")._suptitle.get_text()
    assert "traffic" not in plot_curves(pd.concat([_saturating(), _saturating().assign(traffic="uniform")]),
                                        "load", "latency", "routing")._suptitle.get_text()
    assert plot_curves(_saturating(), "load", "latency", title="")._suptitle is None
    # throughput against load: nothing to mark; no crosses either below saturation
    assert not [ln for ln in plot_curves(_saturating().head(2), "load", "latency").axes[0].lines if ln.get_marker() == "x"]


def test_hop_histograms_have_the_shared_parameters_as_title():
    fig = plot_hop_histograms(results())
    assert fig._suptitle.get_text() == "traffic uniform"  # routing is the hue; loads and seeds vary
    assert plot_hop_histograms(results(), title="")._suptitle is None


def test_logy_gives_a_logarithmic_latency_axis():
    assert plot_curves(_saturating(), "load", "latency", logy=True).axes[0].get_yscale() == "log"
    assert plot_curves(_saturating(), "load", "latency").axes[0].get_yscale() == "linear"


def test_plot_command_takes_logy_and_title(tmp_path):
    from topoanalysis.cli import main

    path = tmp_path / "r.csv"
    _saturating().to_csv(path, index=False)
    assert main(["plot", str(path), "--logy", "--title", "mine", "-o", str(tmp_path / "p.png")]) == 0
    assert (tmp_path / "p.png").stat().st_size > 0
