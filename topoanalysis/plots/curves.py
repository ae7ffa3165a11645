"""Curves from sweep results: a metric against a parameter, one line per value of ``hue``."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["COLUMN_ALIASES", "SATURATED_BELOW", "caption", "column", "plot_curves", "plot_hop_histograms", "plot_bars"]

#: short names accepted for result columns
COLUMN_ALIASES = {
    "latency": "average_latency",
    "throughput": "accepted_load",
    "accepted": "accepted_load",
    "offered": "load",
    "hops": "average_hops",
    "p99": "latency_p99",
    "drain": "drain_time",
    "saturation": "saturation_load",
}
_LABELS = {
    "load": "offered load (phits/(node·cycle))",
    "accepted_load": "accepted load (phits/(node·cycle))",
    "average_latency": "average latency (cycles)",
    "average_hops": "average hops",
    "latency_p99": "99th percentile latency (cycles)",
    "drain_time": "burst consumption time (cycles)",
    "saturation_load": "saturation load (phits/(node·cycle))",
    "offered_load": "offered load (phits/(node·cycle))",
    "measured_offered_load": "measured offered load (phits/(node·cycle))",
    "latency_p50": "median latency (cycles)",
    "latency_max": "maximum latency (cycles)",
    "accepted_at_saturation": "accepted load at saturation (phits/(node·cycle))",
    "nonminimal_fraction": "fraction of packets on non-minimal paths",
}
#: a point is marked saturated when its accepted load is below this fraction of the offered load
SATURATED_BELOW = 0.95
# the columns a caption names when the plotted rows share one value (the rest of the configuration
# is in the results file)
_CAPTION = ("routing", "config", "traffic", "model", "load", "warmup", "cycles", "burst")


def caption(df: Any, shown: tuple[str | None, ...] = ()) -> str:
    """The parameters every row of ``df`` shares, as one line (``dragonfly a=4 h=2 p=2 · traffic
    uniform · model seed001 · 1000 + 2000 cycles``), leaving out the columns in ``shown`` (the
    axes, lines and panels, which vary)."""

    def one(c: str) -> Any:
        if c not in df.columns or c in shown:
            return None
        vals = {str(v) for v in df[c] if v is not None and v == v and str(v) != ""}
        return vals.pop() if len(vals) == 1 else None

    parts = []
    fam = one("topology.family")
    if fam is not None:
        params = [
            f"{c[len('topology.') :]}={one(c)}"
            for c in df.columns
            if c.startswith("topology.") and c != "topology.family" and one(c) is not None
        ]
        parts.append(" ".join([fam] + params))
    fixed = {c: one(c) for c in _CAPTION}
    for c in ("routing", "config", "traffic", "model"):
        if fixed[c] is not None:
            parts.append(f"{c} {fixed[c]}")
    if fixed["load"] is not None:
        parts.append(f"load {fixed['load']}")
    if fixed["cycles"] is not None:
        parts.append((f"{fixed['warmup']} + " if fixed["warmup"] is not None else "") + f"{fixed['cycles']} cycles")
    if fixed["burst"] not in (None, "0"):
        parts.append(f"burst {fixed['burst']} packets/node")
    return " · ".join(parts)


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


def plot_curves(
    df: Any,
    x: str = "load",
    y: str = "latency",
    hue: str | None = "routing",
    col: str | None = None,
    confidence: float = 0.95,
    ax: Any = None,
    logy: bool = False,
    title: str | None = None,
) -> Any:
    """``y`` against ``x``, one line per ``hue`` value and one panel per ``col`` value; over several
    seeds the line is the mean and the band its ``confidence`` interval (Student t,
    :func:`topoanalysis.experiments.summarize`).

    Against the offered load, points whose accepted load is below :data:`SATURATED_BELOW` of it
    are marked (crosses) as past saturation.  ``logy``: a logarithmic y axis (latencies past
    saturation).  ``title``: the figure's title; by default the parameters the rows share
    (:func:`caption`), ``""`` for none.  Returns the matplotlib figure."""
    from ..experiments.summary import summarize

    if df is None or len(df) == 0:
        raise ValueError("results: no rows to plot")
    x, y = column(df, x), column(df, y)
    hue = column(df, hue) if hue else None
    col = column(df, col) if col else None
    # saturation: accepted against offered, when the x axis is the offered load
    sat = x in ("load", "offered_load") and "accepted_load" in df.columns and y != "accepted_load"
    metrics = [y] + (["accepted_load"] if sat else [])
    s = summarize(df, metrics=metrics, confidence=confidence) if f"{y}" in df.columns and "seed" in df.columns else df
    mean, ci = (f"{y}_mean", f"{y}_ci") if f"{y}_mean" in s.columns else (y, None)
    acc = "accepted_load_mean" if "accepted_load_mean" in s.columns else "accepted_load"
    marked = False
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
            if sat and acc in line.columns:
                past = line[acc].to_numpy(dtype=float) < SATURATED_BELOW * xs
                if past.any():
                    a.plot(
                        xs[past],
                        ys[past],
                        ls="none",
                        marker="x",
                        ms=7,
                        color=h.get_color(),
                        label=None if marked else f"saturated (accepted < {SATURATED_BELOW:.0%} of offered)",
                    )
                    marked = True
        a.set_xlabel(_LABELS.get(x, x))
        a.set_ylabel(_LABELS.get(y, y))
        if logy:
            a.set_yscale("log")
        if panel is not None:
            a.set_title(f"{col} = {panel}")
        if hue or marked:
            a.legend(title=hue or None, fontsize="small")
        a.grid(alpha=0.3)
    text = caption(df, (x, y, hue, col)) if title is None else title
    if text and ax is None:
        fig.suptitle(text, fontsize="small")
    return fig


def plot_hop_histograms(df: Any, hue: str | None = "routing", ax: Any = None, title: str | None = None) -> Any:
    """Fraction of packets against hops taken, summed over the rows of each ``hue`` value (García et al. 2014,
    Fig. 13 draws this per routing and congestion management).  ``title``: by default the
    parameters the rows share (:func:`caption`), ``""`` for none."""
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
        a.bar(
            np.arange(total.size) + (i - (len(groups) - 1) / 2) * width,
            total / total.sum(),
            width=width,
            label=None if g is None else str(g),
        )
    a.set_xlabel("hops")
    a.set_ylabel("fraction of packets")
    if hue:
        a.legend(title=hue, fontsize="small")
    a.grid(alpha=0.3, axis="y")
    text = caption(df, (hue,)) if title is None else title
    if text and ax is None:
        fig.suptitle(text, fontsize="small")
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
        a.bar(
            np.arange(len(groups)) + (i - (len(table.index) - 1) / 2) * width,
            row.to_numpy(dtype=float),
            width=width,
            label=str(label),
        )
    a.set_xticks(np.arange(len(groups)), [g if len(g) < 16 else g[:14] + "…" for g in groups], rotation=20, fontsize="small")
    a.set_ylabel(ylabel)
    a.legend(fontsize="small")
    a.grid(alpha=0.3, axis="y")
    return fig
