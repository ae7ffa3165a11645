"""Curves from sweep results: a metric against a parameter, one line per value of ``hue``."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["COLUMN_ALIASES", "column", "plot_curves", "plot_hop_histograms", "plot_bars"]

#: short names accepted for result columns
COLUMN_ALIASES = {"latency": "average_latency", "throughput": "accepted_load", "accepted": "accepted_load",
                  "offered": "load", "hops": "average_hops", "p99": "latency_p99", "drain": "drain_time",
                  "saturation": "saturation_load"}
_LABELS = {"load": "offered load (phits/(node·cycle))", "accepted_load": "accepted load (phits/(node·cycle))",
           "average_latency": "average latency (cycles)", "average_hops": "average hops",
           "latency_p99": "99th percentile latency (cycles)", "drain_time": "burst consumption time (cycles)",
           "saturation_load": "saturation load (phits/(node·cycle))"}


def column(df: Any, name: str) -> str:
    """The column ``name`` (or its alias) of ``df``; ``ValueError`` listing the columns if absent."""
    if name in df.columns:
        return name
    full = COLUMN_ALIASES.get(name, name)
    if full in df.columns:
        return full
    if full == "load" and "offered_load" in df.columns:
        return "offered_load"
    raise ValueError(f"column {name!r} is not in the results; columns: {', '.join(map(str, df.columns))}")


def _new_axes(ncols: int = 1, width: float = 5.0) -> tuple[Any, list[Any]]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width * ncols, 3.8), layout="constrained")
    axes = fig.subplots(1, ncols, squeeze=False)[0]
    return fig, list(axes)


def plot_curves(df: Any, x: str = "load", y: str = "latency", hue: str | None = "routing", col: str | None = None,
                confidence: float = 0.95, ax: Any = None) -> Any:
    """``y`` against ``x``, one line per ``hue`` value and one panel per ``col`` value; over several
    seeds the line is the mean and the band its ``confidence`` interval (Student t,
    :func:`topoanalysis.experiments.summarize`)."""
    from ..experiments.summary import summarize

    if df is None or len(df) == 0:
        raise ValueError("results: no rows to plot")
    x, y = column(df, x), column(df, y)
    hue = column(df, hue) if hue else None
    col = column(df, col) if col else None
    s = summarize(df, metrics=[y], confidence=confidence) if f"{y}" in df.columns and "seed" in df.columns else df
    mean, ci = (f"{y}_mean", f"{y}_ci") if f"{y}_mean" in s.columns else (y, None)
    panels = list(dict.fromkeys(s[col])) if col else [None]
    if ax is not None:
        if len(panels) > 1:
            raise ValueError("col: one axes given, but the results have several panels; leave ax out")
        fig, axes = ax.figure, [ax]
    else:
        fig, axes = _new_axes(len(panels))
    for a, panel in zip(axes, panels):
        part = s if panel is None else s[s[col] == panel]
        groups = list(dict.fromkeys(part[hue])) if hue else [None]
        for g in groups:
            line = (part if g is None else part[part[hue] == g]).sort_values(x)
            xs = line[x].to_numpy(dtype=float)
            ys = line[mean].to_numpy(dtype=float)
            h = a.plot(xs, ys, marker="o", ms=3, label=None if g is None else str(g))[0]
            if ci is not None and line[ci].notna().any():
                half = line[ci].to_numpy(dtype=float)
                a.fill_between(xs, ys - half, ys + half, color=h.get_color(), alpha=0.2, lw=0)
        a.set_xlabel(_LABELS.get(x, x))
        a.set_ylabel(_LABELS.get(y, y))
        if panel is not None:
            a.set_title(f"{col} = {panel}")
        if hue:
            a.legend(title=hue, fontsize="small")
        a.grid(alpha=0.3)
    return fig


def plot_hop_histograms(df: Any, hue: str | None = "routing", ax: Any = None) -> Any:
    """Fraction of packets against hops taken, summed over the rows of each ``hue`` value (García et al. 2014,
    Fig. 13 draws this per routing and congestion management)."""
    from ..experiments.summary import summed_hop_histogram

    if df is None or len(df) == 0:
        raise ValueError("results: no rows to plot")
    if "hop_histogram" not in df.columns:
        raise ValueError("results: no hop_histogram column (a sweep's results file has one per row)")
    hue = column(df, hue) if hue else None
    groups = list(dict.fromkeys(df[hue])) if hue else [None]
    fig, axes = (ax.figure, [ax]) if ax is not None else _new_axes(1, 6.0)
    a = axes[0]
    width = 0.8 / len(groups)
    for i, g in enumerate(groups):
        rows = df if g is None else df[df[hue] == g]
        total = summed_hop_histogram(rows["hop_histogram"])
        if total.sum() == 0:
            continue
        a.bar(np.arange(total.size) + (i - (len(groups) - 1) / 2) * width, total / total.sum(), width=width,
              label=None if g is None else str(g))
    a.set_xlabel("hops")
    a.set_ylabel("fraction of packets")
    if hue:
        a.legend(title=hue, fontsize="small")
    a.grid(alpha=0.3, axis="y")
    return fig


def plot_bars(table: Any, ylabel: str = "", ax: Any = None) -> Any:
    """Grouped bars of a table (rows: one bar colour each; columns: the groups along x), such as
    García et al. 2014, Figs. 8 and 11's consumption time per traffic pattern relative to PB."""
    if table is None or len(table) == 0:
        raise ValueError("table: nothing to plot")
    fig, axes = (ax.figure, [ax]) if ax is not None else _new_axes(1, 7.0)
    a = axes[0]
    groups = [str(c) for c in table.columns]
    width = 0.8 / len(table.index)
    for i, (label, row) in enumerate(table.iterrows()):
        a.bar(np.arange(len(groups)) + (i - (len(table.index) - 1) / 2) * width, row.to_numpy(dtype=float),
              width=width, label=str(label))
    a.set_xticks(np.arange(len(groups)), [g if len(g) < 16 else g[:14] + "…" for g in groups], rotation=20,
                 fontsize="small")
    a.set_ylabel(ylabel)
    a.legend(fontsize="small")
    a.grid(alpha=0.3, axis="y")
    return fig
