"""Averages over independent seeds with Student-t confidence intervals."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from .worker import RESULT_COLUMNS, RESULT_PREFIXES

__all__ = ["summarize", "summed_hop_histogram", "METRICS"]

#: the result columns averaged over seeds by default
METRICS = ("accepted_load", "average_latency", "latency_p99", "average_hops", "drain_time", "saturation_load")

# what varies between runs of the same point (the measured columns, but the model's name and the
# offered load, which the point sets), and the columns of files written before the current layout
_NOT_PARAMETERS = (set(RESULT_COLUMNS) - {"model", "offered_load"}) | {
    "point_id",
    "seed",
    "average_hops_by_kind",
    "link_utilisation",
    "saturation_runs",
    "software",
}


def _is_parameter(column: str) -> bool:
    return column not in _NOT_PARAMETERS and not column.startswith(RESULT_PREFIXES)


def summarize(df: Any, metrics: Sequence[str] = METRICS, confidence: float = 0.95) -> Any:
    """One row per point (all seeds together): for each metric ``M``, ``M_mean``, ``M_std`` (sample
    standard deviation), ``M_ci`` (half-width of the ``confidence`` interval of the mean, Student t
    with n - 1 degrees of freedom; None for one seed) and ``n_seeds``.  Missing values (a point that
    delivered nothing has no latency) are left out of that metric's average."""
    import pandas as pd
    from scipy.stats import t as student_t

    if not 0 < confidence < 1:
        raise ValueError(f"confidence: must be in (0, 1), got {confidence}")
    if df is None or len(df) == 0:
        return pd.DataFrame()
    metrics = [m for m in metrics if m in df.columns and df[m].notna().any()]
    keys = [c for c in df.columns if _is_parameter(c) and c not in metrics]
    out = []
    for vals, g in df.groupby(keys, dropna=False, sort=False):
        row = dict(zip(keys, vals if isinstance(vals, tuple) else (vals,)))
        row["n_seeds"] = int(g["seed"].nunique()) if "seed" in g else len(g)
        for m in metrics:
            x = pd.to_numeric(g[m], errors="coerce").dropna().to_numpy(dtype=float)
            n = x.size
            mean = float(x.mean()) if n else None
            std = float(x.std(ddof=1)) if n > 1 else None
            ci = float(student_t.ppf(0.5 + confidence / 2, n - 1) * std / math.sqrt(n)) if n > 1 else None
            row.update({f"{m}_mean": mean, f"{m}_std": std, f"{m}_ci": ci})
        out.append(row)
    return pd.DataFrame(out)


def summed_hop_histogram(cells: Iterable[Any]) -> np.ndarray:
    """Packets per hop count summed over rows: each cell a row's ``hop_histogram`` (a JSON list,
    or a list); missing cells (None, NaN) are skipped.  Length: the longest histogram."""
    total = np.zeros(0)
    for h in cells:
        if h is None or (isinstance(h, float) and math.isnan(h)):
            continue
        v = np.asarray(json.loads(h) if isinstance(h, str) else h, dtype=float)
        if v.size > total.size:
            total = np.pad(total, (0, v.size - total.size))
        total[: v.size] += v
    return total
