"""Resiliency of a topology under random link failures (Besta & Hoefler 2014, §III-D, Table III).

Besta & Hoefler 2014, §III-D removes random cables "in 5% increments with enough samples to guarantee a
95% confidence interval of width 2" and reports, for three criteria, the largest fraction of
cables that can be removed while the criterion still holds:

* ``disconnection``   -- the network stays connected (§III-D1, Table III);
* ``diameter_plus_2`` -- connected and the diameter grows by at most 2 (§III-D2);
* ``avg_path_plus_1`` -- connected and the average router distance grows by at most 1 (§III-D3).

How we sample (the paper does not spell it out; this is our documented reading):

* One *sample* is a uniformly random order of the links (seeded ``numpy`` generator, one
  permutation per sample, drawn in sample order so the first ``k`` samples never depend on how
  many are drawn later).  Step ``i`` removes the first ``floor(i * step * m)`` links of that
  order, so each step's failure set is a uniform random set of that size, and the sets are
  nested, which makes every criterion monotone along a sample.
* The per-sample *threshold* of a criterion is the largest step fraction ``i * step`` at which
  the criterion holds.  Connectivity is found exactly for all steps at once by adding the links
  in reverse order to a union-find; the two distance criteria are binary-searched over the steps
  (up to the disconnection step) with one compiled all-pairs BFS per probe.
* The reported value is the mean threshold over samples with a Student-t 95% confidence
  interval computed from the samples.  The paper's "width 2" (percentage points) becomes our
  stopping rule: draw ``min_samples``, then batches, until every requested metric's CI
  half-width is <= 1 pp (``ci_half_width=0.01``) or ``max_samples`` is reached (``converged``
  says which).  ``table_value`` rounds the mean to the nearest step, the form of Table III.
* Per step we also report the fraction of samples in which each criterion holds, with a
  Wilson score interval (the "per-step statistics").

Distances are between routers (ordered pairs of distinct routers); parallel links count as
separate cables that can fail separately.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numba
import numpy as np

from .bfs import bfs, csr
from .checks import check_int, check_number, check_seed
from .topology import Topology

__all__ = ["METRICS", "MetricResult", "ResilienceResult", "resilience", "failure_thresholds", "distance_summary"]

#: metric names in the order of Besta & Hoefler 2014, §III-D1..3
METRICS: tuple[str, ...] = ("disconnection", "diameter_plus_2", "avg_path_plus_1")


# --------------------------------------------------------------------------- compiled kernels
@numba.njit(cache=True)
def _find(parent: np.ndarray, a: int) -> int:
    root = a
    while parent[root] != root:
        root = parent[root]
    while parent[a] != root:  # path compression
        nxt = parent[a]
        parent[a] = root
        a = nxt
    return root


@numba.njit(cache=True, parallel=True)
def _max_removable(n: int, u: np.ndarray, v: np.ndarray, perms: np.ndarray) -> np.ndarray:
    """Per permutation row: the largest ``t`` such that links ``perm[t:]`` still connect all routers.

    Links are added back in reverse failure order; the graph first becomes connected when link
    ``perm[t]`` is added, so removing ``perm[:t]`` keeps it connected and ``perm[:t+1]`` does not.
    ``-1`` means even the intact graph is disconnected.
    """
    s, m = perms.shape
    out = np.empty(s, dtype=np.int64)
    for i in numba.prange(s):
        parent = np.arange(n)
        comps = n
        res = -1
        if comps == 1:
            res = m
        else:
            for t in range(m - 1, -1, -1):
                e = perms[i, t]
                a = _find(parent, u[e])
                b = _find(parent, v[e])
                if a != b:
                    parent[a] = b
                    comps -= 1
                    if comps == 1:
                        res = t
                        break
        out[i] = res
    return out


@numba.njit(cache=True, parallel=True)
def _all_pairs(ptr: np.ndarray, dst: np.ndarray, n: int, dmax: int, stop_unreached: bool) -> tuple:
    """All-pairs BFS; returns (connected, largest finite distance, sum of finite distances, reachable pairs).

    Distances and pairs are over ordered pairs of distinct routers.  With ``dmax >= 0`` it stops
    early (reporting a distance > ``dmax``) once some router is farther than ``dmax``; with
    ``stop_unreached`` it stops early once some router is unreachable.  Each binary-search probe
    of every sample runs one of these, and most probes of the distance criteria end early.
    """
    abort = np.zeros(1, dtype=np.int64)
    far = np.zeros(n, dtype=np.int64)
    sums = np.zeros(n, dtype=np.int64)
    reached = np.full(n, n, dtype=np.int64)
    for s in numba.prange(n):
        if abort[0] != 0:
            continue
        dist = np.full(n, -1, dtype=np.int32)
        queue = np.empty(n, dtype=np.int32)
        r = bfs(ptr, dst, s, dist, queue, dmax)
        if r < 0:
            far[s] = dmax + 1
            abort[0] = 1
            continue
        total = 0
        for i in range(r):
            total += dist[queue[i]]
        far[s] = dist[queue[r - 1]]
        sums[s] = total
        reached[s] = r
        if r < n and stop_unreached:
            abort[0] = 1
    connected = True
    pairs = 0
    for s in range(n):
        if reached[s] < n:
            connected = False
        pairs += reached[s] - 1
    return connected, far.max(), sums.sum(), pairs


def distance_summary(top: Topology) -> tuple[bool, int | None, float | None]:
    """(connected, diameter, average router distance over ordered pairs) by compiled all-pairs BFS."""
    n = top.n_routers
    if n < 2:
        raise ValueError(f"top must have at least 2 routers, got {n}")
    ptr, dst = csr(n, np.asarray(top.u, np.int64), np.asarray(top.v, np.int64))
    conn, diam, total, _ = _all_pairs(ptr, dst, n, -1, True)
    if not conn:
        return False, None, None
    return True, int(diam), float(total) / (n * (n - 1))


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class MetricResult:
    """Statistics of one criterion over the samples (fractions of links, 0..1)."""

    name: str
    mean: float  #: mean per-sample threshold
    ci_low: float  #: lower end of the confidence interval of the mean
    ci_high: float  #: upper end
    half_width: float  #: (ci_high - ci_low) / 2
    table_value: float  #: mean rounded to the nearest step (the form of Besta & Hoefler 2014, Table III)
    thresholds: np.ndarray = field(repr=False)  #: per-sample thresholds

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (without the per-sample thresholds)."""
        return {
            "mean": round(self.mean, 6),
            "ci_low": round(self.ci_low, 6),
            "ci_high": round(self.ci_high, 6),
            "half_width": round(self.half_width, 6),
            "table_value": self.table_value,
        }


@dataclass(frozen=True)
class ResilienceResult:
    """Outcome of :func:`resilience`; ``metrics`` maps each requested metric to its statistics."""

    n_routers: int
    n_links: int
    step: float
    fractions: np.ndarray  #: step fractions 0, step, 2 step, ...
    removed: np.ndarray  #: links removed at each step
    samples: int
    converged: bool  #: every CI half-width reached the target before max_samples
    confidence: float
    base_diameter: int
    base_avg_path: float
    metrics: dict[str, MetricResult]
    holds: dict[str, np.ndarray]  #: per step, fraction of samples in which the criterion holds
    holds_ci: dict[str, np.ndarray]  #: per step, Wilson interval (rows: low, high)
    seed: int
    unreachable: str  #: how distance criteria treat disconnected pairs

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: one top-level key per metric (its mean fraction) plus details."""
        out: dict[str, Any] = {name: round(res.mean, 6) for name, res in self.metrics.items()}
        out["table"] = {name: res.table_value for name, res in self.metrics.items()}
        out["details"] = {
            "routers": self.n_routers,
            "links": self.n_links,
            "step": self.step,
            "samples": self.samples,
            "seed": self.seed,
            "unreachable": self.unreachable,
            "converged": self.converged,
            "confidence": self.confidence,
            "base_diameter": self.base_diameter,
            "base_avg_path": self.base_avg_path,
            "metrics": {name: res.to_dict() for name, res in self.metrics.items()},
            "per_step": [
                {
                    "fraction": float(f),
                    "removed": int(r),
                    **{f"{name}_holds": float(self.holds[name][i]) for name in self.metrics},
                    **{
                        f"{name}_holds_ci": [float(self.holds_ci[name][0, i]), float(self.holds_ci[name][1, i])]
                        for name in self.metrics
                    },
                }
                for i, (f, r) in enumerate(zip(self.fractions, self.removed))
            ],
        }
        return out


# --------------------------------------------------------------------------- driver
def _step_grid(m: int, step: float) -> np.ndarray:
    n_steps = int(math.floor(1.0 / step + 1e-9))
    # exact integer arithmetic where step is a "nice" fraction such as 0.05
    removed = np.floor(np.arange(n_steps + 1) * step * m + 1e-9).astype(np.int64)
    return np.minimum(removed, m)


class _Prober:
    """Evaluates the distance criteria on the graph minus a prefix of a failure order."""

    def __init__(self, top: Topology, dmax: int, avg_limit: float) -> None:
        self.n = top.n_routers
        self.u = np.asarray(top.u, np.int64)
        self.v = np.asarray(top.v, np.int64)
        self.dmax = dmax
        self.avg_limit = avg_limit

    def _graph(self, perm: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        keep = perm[k:]
        return csr(self.n, self.u[keep], self.v[keep])

    def diameter_ok(self, perm: np.ndarray, k: int) -> bool:
        """Connected and diameter <= dmax."""
        ptr, dst = self._graph(perm, k)
        conn, diam, _, _ = _all_pairs(ptr, dst, self.n, self.dmax, True)
        return bool(conn and diam <= self.dmax)

    def avg_ok(self, perm: np.ndarray, k: int) -> bool:
        """Connected and average distance <= avg_limit."""
        ptr, dst = self._graph(perm, k)
        conn, _, total, pairs = _all_pairs(ptr, dst, self.n, -1, True)
        return bool(conn and total <= self.avg_limit * pairs + 1e-9)

    def both_reachable(self, perm: np.ndarray, k: int) -> tuple[bool, bool]:
        """(diameter ok, average ok) over the pairs that are still connected."""
        ptr, dst = self._graph(perm, k)
        _, diam, total, pairs = _all_pairs(ptr, dst, self.n, -1, False)
        if pairs == 0:
            return True, True
        return bool(diam <= self.dmax), bool(total <= self.avg_limit * pairs + 1e-9)


def _largest_true(pred, lo: int, hi: int) -> int:
    """Largest i in [lo, hi] with pred(i), given pred(lo) is true and pred is monotone decreasing."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if pred(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


#: how the distance criteria treat router pairs that a failure has disconnected
UNREACHABLE = ("ignore", "fail")


def failure_thresholds(
    top: Topology,
    perms: np.ndarray,
    step: float = 0.05,
    metrics: Sequence[str] = METRICS,
    diameter_slack: int = 2,
    avg_path_slack: float = 1.0,
    unreachable: str = "ignore",
    on_sample: Callable[[int], None] | None = None,
) -> dict[str, np.ndarray]:
    """Per-permutation threshold *step indices* of each metric (see the module docstring).
    ``on_sample(i)`` is called when permutation i is done.

    ``perms`` is an ``(s, m)`` array of link permutations (failure orders).  With
    ``unreachable="fail"`` a disconnected network fails both distance criteria (they are then
    monotone and binary-searched below the disconnection step); with ``"ignore"`` the diameter
    and average are taken over the still-connected pairs and the steps are scanned upwards to
    the first failure.
    """
    if unreachable not in UNREACHABLE:
        raise ValueError(f"unreachable must be one of {UNREACHABLE}, got {unreachable!r}")
    m = top.n_links
    perms = np.ascontiguousarray(perms, dtype=np.int64)
    if perms.ndim != 2 or perms.shape[1] != m:
        raise ValueError(f"perms must have shape (samples, {m}), got {perms.shape}")
    removed = _step_grid(m, step)
    tmax = _max_removable(top.n_routers, np.asarray(top.u, np.int64), np.asarray(top.v, np.int64), perms)
    if np.any(tmax < 0):
        raise ValueError("top must be connected before any link fails")
    # largest step whose removed count stays <= t (removed is non-decreasing)
    disc = np.searchsorted(removed, tmax, side="right") - 1
    out: dict[str, np.ndarray] = {}
    if "disconnection" in metrics:
        out["disconnection"] = disc
    want_d = "diameter_plus_2" in metrics
    want_a = "avg_path_plus_1" in metrics
    if not (want_d or want_a):
        if on_sample is not None:
            for s in range(perms.shape[0]):
                on_sample(s)
        return out
    _, d0, a0 = distance_summary(top)
    prober = _Prober(top, d0 + diameter_slack, a0 + avg_path_slack)  # type: ignore[operator]  # connected: both set
    s_count = perms.shape[0]
    dres = np.zeros(s_count, dtype=np.int64)
    ares = np.zeros(s_count, dtype=np.int64)
    last = removed.size - 1
    for s in range(s_count):
        perm = perms[s]
        if unreachable == "fail":
            hi = int(disc[s])
            if want_d:
                dres[s] = _largest_true(lambda i, perm=perm: prober.diameter_ok(perm, int(removed[i])), 0, hi)
            if want_a:
                ares[s] = _largest_true(lambda i, perm=perm: prober.avg_ok(perm, int(removed[i])), 0, hi)
            if on_sample is not None:
                on_sample(s)
            continue
        d_open, a_open = want_d, want_a
        dres[s] = ares[s] = last
        for i in range(1, last + 1):
            d_ok, a_ok = prober.both_reachable(perm, int(removed[i]))
            if d_open and not d_ok:
                dres[s], d_open = i - 1, False
            if a_open and not a_ok:
                ares[s], a_open = i - 1, False
            if not (d_open or a_open):
                break
        if on_sample is not None:
            on_sample(s)
    if want_d:
        out["diameter_plus_2"] = dres
    if want_a:
        out["avg_path_plus_1"] = ares
    return out


def _mean_ci(x: np.ndarray, confidence: float) -> tuple[float, float]:
    from scipy import stats

    n = x.size
    mean = float(x.mean())
    if n < 2:
        return mean, math.inf
    if np.all(x == x[0]):  # avoid rounding noise in a zero-width interval
        return float(x[0]), 0.0
    sd = float(x.std(ddof=1))
    return mean, float(stats.t.ppf(0.5 + confidence / 2, n - 1)) * sd / math.sqrt(n)


def _wilson(k: np.ndarray, n: int, confidence: float) -> np.ndarray:
    from scipy import stats

    z = float(stats.norm.ppf(0.5 + confidence / 2))
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return np.vstack([np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)])


def resilience(
    top: Topology,
    *,
    step: float = 0.05,
    samples: int | None = None,
    seed: int = 0,
    metrics: Sequence[str] = METRICS,
    min_samples: int = 20,
    max_samples: int = 1000,
    batch: int = 10,
    ci_half_width: float = 0.01,
    confidence: float = 0.95,
    diameter_slack: int = 2,
    avg_path_slack: float = 1.0,
    unreachable: str = "ignore",
    progress: bool = False,
    on_sample: Callable[[int, int], None] | None = None,
) -> ResilienceResult:
    """Resiliency of ``top`` to random link failures (Besta & Hoefler 2014, §III-D; see the module docstring).

    ``samples`` fixes the number of samples; by default sampling is adaptive: ``min_samples``,
    then ``batch`` more at a time until each metric's CI half-width <= ``ci_half_width`` or
    ``max_samples``.  ``unreachable`` says how the distance criteria treat disconnected pairs
    (see :func:`failure_thresholds`).  Same ``seed``, same result.  ``progress`` shows a progress
    bar of the samples on stderr; ``on_sample(done, most)`` is called after each sample (``most``:
    the samples it may come to), e.g. to log progress where there is no terminal.
    """
    if not isinstance(top, Topology):
        raise ValueError(f"top must be a Topology, got {type(top).__name__}")
    if top.n_routers < 2 or top.n_links < 1:
        raise ValueError(f"top must have at least 2 routers and 1 link, got {top.n_routers} and {top.n_links}")
    step = check_number("step (fraction of links)", step, above=0.0, maximum=0.5)
    metrics = tuple(metrics)
    bad = [x for x in metrics if x not in METRICS]
    if bad or not metrics:
        raise ValueError(f"metrics must be a non-empty subset of {METRICS}, got {metrics}")
    seed = check_seed("seed", seed)
    batch = check_int("batch", batch, 1)
    if samples is not None:
        samples = check_int("samples", samples, 1)
    min_samples = check_int("min_samples", min_samples, 2)
    max_samples = check_int("max_samples", max_samples, 1)
    if samples is None and max_samples < min_samples:
        raise ValueError(f"max_samples ({max_samples}) must be >= min_samples ({min_samples})")
    check_number("confidence", confidence, above=0.0, below=1.0)
    check_number("ci_half_width", ci_half_width, above=0.0, below=1.0)
    diameter_slack = check_int("diameter_slack", diameter_slack, 0)
    if unreachable not in UNREACHABLE:
        raise ValueError(f"unreachable must be one of {UNREACHABLE}, got {unreachable!r}")
    check_number("avg_path_slack", avg_path_slack, minimum=0.0)

    ok, d0, a0 = distance_summary(top)
    if not ok:
        raise ValueError("top must be connected before any link fails")
    m = top.n_links
    removed = _step_grid(m, step)
    rng = np.random.default_rng(seed)
    got: dict[str, list[np.ndarray]] = {name: [] for name in metrics}
    drawn = 0
    target = samples if samples is not None else min_samples
    converged = False
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=samples if samples is not None else max_samples, unit="sample", leave=False)
    while True:
        k = target - drawn
        perms = np.empty((k, m), dtype=np.int64)
        for i in range(k):  # one permutation per sample, in order: prefixes are reproducible
            perms[i] = rng.permutation(m)
        most = samples if samples is not None else max_samples

        def one_done(i: int, drawn: int = drawn, most: int = most) -> None:
            if bar is not None:
                bar.update(1)
            if on_sample is not None:
                on_sample(drawn + i + 1, most)

        res = failure_thresholds(top, perms, step, metrics, diameter_slack, avg_path_slack, unreachable, on_sample=one_done)
        for name in metrics:
            got[name].append(res[name])
        drawn = target
        widths = [_mean_ci(np.concatenate(got[nm]) * step, confidence)[1] for nm in metrics]
        converged = all(w <= ci_half_width + 1e-12 for w in widths)
        if samples is not None or converged or drawn >= max_samples:
            break
        target = min(max_samples, drawn + batch)
    if bar is not None:
        bar.close()

    fractions = np.arange(removed.size) * step
    out: dict[str, MetricResult] = {}
    holds: dict[str, np.ndarray] = {}
    holds_ci: dict[str, np.ndarray] = {}
    for name in metrics:
        idx = np.concatenate(got[name])
        frac = idx * step
        mean, half = _mean_ci(frac, confidence)
        table = round(mean / step) * step
        out[name] = MetricResult(name, mean, mean - half, mean + half, half, round(table, 10), frac)
        count = (idx[None, :] >= np.arange(removed.size)[:, None]).sum(axis=1)
        holds[name] = count / drawn
        holds_ci[name] = _wilson(count, drawn, confidence)
    assert d0 is not None and a0 is not None  # the network was checked connected above
    return ResilienceResult(
        top.n_routers,
        m,
        float(step),
        fractions,
        removed,
        drawn,
        converged,
        confidence,
        int(d0),
        float(a0),
        out,
        holds,
        holds_ci,
        seed,
        unreachable,
    )
