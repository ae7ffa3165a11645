"""Measured quantities of a figure's sweep results, in the terms the papers state them.

The rows are those of ``topoanalysis sweep`` (:mod:`topoanalysis.experiments`): a curve is named
by its ``config`` label, or its ``routing`` when the figure sweeps plain routings.  Averages are
over seeds.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["with_curve", "peak", "value_at", "latency_knee", "relative_drain", "longest_path", "hop_fraction_below"]


def with_curve(df: Any) -> Any:
    """``df`` with a ``curve`` column: the config label, or the routing where there is none."""
    df = df.copy()
    cfg = df["config"].fillna("").astype(str) if "config" in df else ""
    df["curve"] = np.where(cfg != "", cfg, df["routing"].astype(str))
    return df


def _mean_by_load(df: Any, curve: str, traffic: str, col: str) -> Any:
    d = with_curve(df)
    d = d[(d["curve"] == curve) & (d["traffic"] == traffic)]
    if d.empty:
        raise ValueError(f"results: no rows for curve {curve!r} under {traffic!r}")
    # sweep rows name the offered load "load"; the figure modules' CSVs "offered_load"
    return d.groupby("load" if "load" in d else "offered_load")[col].mean()


def peak(df: Any, curve: str, traffic: str) -> float:
    """The largest accepted load of ``curve`` under ``traffic`` over the offered loads (its throughput)."""
    return float(_mean_by_load(df, curve, traffic, "accepted_load").max())


def value_at(df: Any, curve: str, traffic: str, load: float, col: str = "average_latency") -> float:
    """``col`` of ``curve`` under ``traffic`` at offered ``load``."""
    s = _mean_by_load(df, curve, traffic, col)
    hit = [x for x in s.index if abs(float(x) - load) < 1e-9]
    if not hit:
        raise ValueError(f"results: {curve!r} under {traffic!r} has no point at load {load}")
    return float(s[hit[0]])


def latency_knee(df: Any, curve: str, traffic: str, factor: float = 1.5) -> float:
    """The first offered load whose latency exceeds ``factor`` times the lowest load's: where the
    papers say latency "rises" or "saturates" (inf: nowhere in the swept loads)."""
    s = _mean_by_load(df, curve, traffic, "average_latency").sort_index()
    return next((float(x) for x, lat in s.items() if lat > factor * s.iloc[0]), float("inf"))


def relative_drain(df: Any, reference: str) -> Any:
    """Burst consumption time of each curve over ``reference``'s on the same traffic and seed
    (García et al. 2014, §5.3 normalises to PB): a DataFrame curve x traffic of the mean ratio."""
    d = with_curve(df)
    d = d[d["status"] == "ok"]
    ref = d[d["curve"] == reference].set_index(["traffic", "seed"])["drain_time"]
    if ref.empty:
        raise ValueError(f"results: no finished runs of the reference curve {reference!r}")
    d = d.join(ref.rename("ref"), on=["traffic", "seed"])
    d["relative_time"] = d["drain_time"] / d["ref"]
    return d.pivot_table(index="curve", columns="traffic", values="relative_time", aggfunc="mean", sort=False)


def _histogram(df: Any, curve: str) -> np.ndarray:
    from ..experiments.summary import summed_hop_histogram
    from ._bursts import hop_histogram

    def as_list(h: Any) -> Any:
        # a figure module's CSV spells a histogram "hops:count ..."; a sweep row as a JSON list
        if isinstance(h, str) and not h.lstrip().startswith("["):
            c = hop_histogram(h)
            return [c.get(k, 0) for k in range(max(c, default=-1) + 1)]
        return h

    d = with_curve(df)
    total = summed_hop_histogram(as_list(h) for h in d.loc[d["curve"] == curve, "hop_histogram"])
    if not total.any():
        raise ValueError(f"results: no hop histogram for curve {curve!r}")
    return total


def longest_path(df: Any, curve: str) -> int:
    """The most hops any packet of ``curve`` took."""
    return int(np.flatnonzero(_histogram(df, curve))[-1])


def hop_fraction_below(df: Any, curve: str, hops: int) -> float:
    """The fraction of ``curve``'s packets that took fewer than ``hops`` hops."""
    h = _histogram(df, curve)
    return float(h[:hops].sum() / h.sum())
