"""Hastings et al. 2015, §VII: random global link arrangements of the (p, 4, 2) dragonfly against the
circulant-based one, by their exact bisection bandwidth as a function of α.

    python -m topoanalysis.reproduce.seed004_random                 # 2 arrangements, seconds
    python -m topoanalysis.reproduce.seed004_random --full -o CSV   # 100 arrangements, ~5 minutes

§VII: "we also considered random global link arrangement for the (p, 4, 2)-Dragonfly. To generate
one of these, we had each group generate a random permutation of the other groups and used these
as the destination group of each its ports. None of the arrangements we generated was superior
to the circulant-based arrangement except at α > 4, for which some of them continued to improve."

:func:`random_global_links` follows that recipe (group i's port k, on router k // h, goes to the
k-th group of i's permutation; the link to group j lands on whichever router of j holds j's port
to i), one seeded generator for all groups.  Each arrangement's exact envelope on α in [0, 6]
(Fig. 5's range) comes from :func:`topoanalysis.bisection.bisection_envelope` (proven), and is
compared with the circulant-based arrangement's (Fig. 5, :data:`.seed004_fig5.PAPER`): the largest
amount by which it exceeds the circulant on α <= 4 (:func:`excess`; the paper: never above 0) and
on α in [4, 6] (the paper: above 0 for some).  The paper does not say how many arrangements it
generated; ``--full`` draws :data:`FULL_SAMPLES` (seeds 1..100), the default :data:`REDUCED_SAMPLES`.
How our sample compares with the paper's statements: README, [seed004-random].
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from fractions import Fraction as F
from typing import Any

import numpy as np

from ..topology import Topology

__all__ = [
    "PAPER",
    "ALPHA_RANGE",
    "CLAIM_ALPHA",
    "REDUCED_SAMPLES",
    "FULL_SAMPLES",
    "random_global_links",
    "network",
    "circulant_pieces",
    "excess",
    "superior_from",
    "run",
    "claims",
    "main",
]

#: what §VII states about the sample: no random arrangement above the circulant-based one on α <= 4,
#: some above it past α = 4
PAPER: dict[str, bool] = {"none superior for α <= 4": True, "some superior for α > 4": True}
#: Fig. 5's α range, the one the envelopes are computed on
ALPHA_RANGE = (F(0), F(6))
#: the α up to which §VII says no random arrangement beats the circulant-based one
CLAIM_ALPHA = F(4)
#: arrangements (seeds 1..N) of the default run and of ``--full``
REDUCED_SAMPLES = 2
FULL_SAMPLES = 100


def random_global_links(a: int, h: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Global links ``(u, v)`` of a random arrangement of the canonical (p, a, h) dragonfly (Hastings et al. 2015, §VII).

    Every group i (of g = ah + 1) draws a random permutation of the other groups; its port k, on
    router i·a + k // h, goes to the k-th group of the permutation.  Router ids as in
    :mod:`topoanalysis.generators.arrangements` (``group * a + index``); ``u < v``, sorted.
    """
    from ..checks import check_int, check_seed

    a = check_int("a", a, 1)
    h = check_int("h", h, 1)
    rng = np.random.default_rng(check_seed("seed", seed))
    g = a * h + 1
    # router[i, j]: the router of group i holding its port to group j
    router = np.full((g, g), -1, dtype=np.int64)
    for i in range(g):
        others = np.delete(np.arange(g), i)
        router[i, rng.permutation(others)] = i * a + np.arange(a * h) // h
    iu, ju = np.triu_indices(g, 1)
    u, v = router[iu, ju], router[ju, iu]
    lo, hi = np.minimum(u, v), np.maximum(u, v)
    order = np.lexsort((hi, lo))
    return lo[order], hi[order]


def network(seed: int, a: int = 4, h: int = 2, p: int | None = None) -> Topology:
    """The canonical (p, a, h) dragonfly with the random arrangement of ``seed`` (:func:`random_global_links`)."""
    from ..generators.dragonfly import local_links

    gu, gv = random_global_links(a, h, seed)
    p = h if p is None else p
    g = a * h + 1
    lu, lv = local_links(a, g)
    n = a * g
    r = np.arange(n)
    kind = np.r_[np.zeros(lu.size, np.int8), np.ones(gu.size, np.int8)]
    params = {
        "a": a,
        "h": h,
        "p": p,
        "groups": g,
        "arrangement": "random (Hastings et al. 2015, §VII)",
        "trunking": 1,
        "seed": seed,
    }
    return Topology(
        n, np.r_[lu, gu], np.r_[lv, gv], kind, ("local", "global"), p, {"group": r // a, "index": r % a}, "dragonfly", params
    )


def circulant_pieces() -> list[tuple[F, F, int, int]]:
    """The circulant-based arrangement's envelope as Hastings et al. 2015, Fig. 5 gives it (pieces
    ``(α_from, α_to, local, global)``; ``tests/test_bisection.py`` checks ours equals it)."""
    from .seed004_fig5 import PAPER as FIG5

    return list(FIG5["circulant"])


def _value(pieces: Sequence[tuple[Any, Any, Any, int]], alpha: F) -> F:
    # an envelope is the minimum of its pieces' lines (concave)
    return min(F(loc) + alpha * g for _, _, loc, g in pieces)


def excess(pieces: Sequence[tuple[Any, Any, Any, int]], reference: Sequence[tuple[Any, Any, Any, int]], lo: Any, hi: Any) -> F:
    """max over α in [lo, hi] of (envelope ``pieces`` minus envelope ``reference``): both are
    piecewise linear, so the maximum is at ``lo``, ``hi`` or a breakpoint of either."""
    lo, hi = F(lo), F(hi)
    if not lo <= hi:
        raise ValueError(f"lo must be <= hi, got {lo} and {hi}")
    xs = {lo, hi} | {F(x) for p in (*pieces, *reference) for x in p[:2] if lo <= F(x) <= hi}
    return max(_value(pieces, x) - _value(reference, x) for x in xs)


def superior_from(pieces: Sequence[tuple[Any, Any, Any, int]], reference: Sequence[tuple[Any, Any, Any, int]]) -> F | None:
    """The α from which envelope ``pieces`` is above envelope ``reference`` (the infimum of the α in
    their common range where it is strictly above), or None where it never is."""
    xs = sorted({F(x) for p in (*pieces, *reference) for x in p[:2]})
    lo, hi = max(F(pieces[0][0]), F(reference[0][0])), min(F(pieces[-1][1]), F(reference[-1][1]))
    xs = [x for x in xs if lo <= x <= hi]
    diff = [_value(pieces, x) - _value(reference, x) for x in xs]
    if diff and diff[0] > 0:
        return xs[0]
    for x0, x1, d0, d1 in zip(xs, xs[1:], diff, diff[1:]):
        if d1 > 0:  # linear on [x0, x1], d0 <= 0: it turns positive past its zero
            return x0 + (x1 - x0) * (-d0) / (d1 - d0)
    return None


def run(seeds: Iterable[int], time_limit: float | None = None) -> list[dict[str, Any]]:
    """One row per piece of each seed's exact envelope: ``seed``, ``alpha_from``, ``alpha_to`` (exact
    text), ``local``, ``global``, ``proven``, ``seconds`` and the cut (``partition``, one 0/1 per router)."""
    from ..bisection import bisection_envelope

    rows = []
    for seed in seeds:
        env = bisection_envelope(network(seed), ALPHA_RANGE, time_limit=time_limit)
        for pc in env.pieces:
            rows.append(
                {
                    "seed": seed,
                    "alpha_from": str(pc.alpha_from),
                    "alpha_to": str(pc.alpha_to),
                    "local": str(pc.local),
                    "global": pc.global_,
                    "proven": env.proven,
                    "seconds": round(env.seconds, 2),
                    "partition": "".join(str(int(x)) for x in pc.partition),
                }
            )
    return rows


def _pieces_by_seed(rows: Iterable[dict[str, Any]]) -> dict[int, list[tuple[F, F, F, int]]]:
    out: dict[int, list[tuple[F, F, F, int]]] = {}
    for r in rows:
        out.setdefault(int(r["seed"]), []).append((F(r["alpha_from"]), F(r["alpha_to"]), F(r["local"]), int(r["global"])))
    return out


def claims(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """§VII's two statements over the envelopes in ``rows`` (:func:`run`'s form), with the largest
    excess over the circulant-based arrangement on α <= 4 and on 4 <= α <= 6, the arrangements above it
    past α = 4, and those above it at some α <= 4 with the α from which they are (:func:`superior_from`)."""
    by_seed = _pieces_by_seed(rows)
    if not by_seed:
        raise ValueError("rows: no envelope to compare")
    ref = circulant_pieces()
    start = {s: superior_from(p, ref) for s, p in by_seed.items()}
    low = {s: excess(p, ref, ALPHA_RANGE[0], CLAIM_ALPHA) for s, p in by_seed.items()}
    high = {s: excess(p, ref, CLAIM_ALPHA, ALPHA_RANGE[1]) for s, p in by_seed.items()}
    return {
        "none superior for α <= 4": max(low.values()) <= 0,
        "some superior for α > 4": max(high.values()) > 0,
        "arrangements": len(by_seed),
        "max excess for α <= 4": max(low.values()),
        "superior for α <= 4": {s: start[s] for s in sorted(by_seed) if low[s] > 0},
        "superior for α > 4": sorted(s for s, x in high.items() if x > 0),
        "max excess for α > 4": max(high.values()),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Compute the sample's envelopes, print §VII's statements beside ours; 0 when both hold."""
    import argparse

    ap = argparse.ArgumentParser(
        prog="python -m topoanalysis.reproduce.seed004_random",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--full", action="store_true", help=f"{FULL_SAMPLES} arrangements instead of {REDUCED_SAMPLES}")
    ap.add_argument("--samples", type=int, default=None, help="arrangements (seeds 1..N), overrides --full")
    ap.add_argument("-o", "--output", default=None, help="write the envelopes' pieces to this CSV")
    ap.add_argument("--plot", default=None, help="draw the circulant-based envelope and the first 8 random ones")
    a = ap.parse_args(argv)
    n = a.samples if a.samples is not None else FULL_SAMPLES if a.full else REDUCED_SAMPLES
    if n < 1:
        raise ValueError(f"--samples must be >= 1, got {n}")
    rows = run(range(1, n + 1))
    if a.output:
        import csv

        with open(a.output, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    got = claims(rows)
    print(
        f"{got['arrangements']} random arrangements of the (p, 4, 2) dragonfly (seeds 1..{n}), exact envelopes"
        + ("" if all(r["proven"] for r in rows) else " (NOT ALL PROVEN)")
    )
    for key, paper in PAPER.items():
        print(f"  {key:28s} paper {paper!s:5s}  ours {got[key]!s:5s}")
    print(
        f"  largest excess over the circulant-based arrangement: {got['max excess for α <= 4']} for α <= 4, "
        f"{got['max excess for α > 4']} for 4 <= α <= 6 ({len(got['superior for α > 4'])} arrangements above it)"
    )
    for seed, x in got["superior for α <= 4"].items():
        print(f"  seed {seed}: above the circulant-based arrangement from α = {x}")
    if a.plot:
        from ..bisection import bisection_envelope
        from ..families import build
        from ..plots import plot_alpha_envelope, save

        envs = {"circulant-based": bisection_envelope(build("dragonfly", a=4, h=2, arrangement="circulant"), ALPHA_RANGE)}
        for seed in range(1, min(n, 8) + 1):
            envs[f"random, seed {seed}"] = bisection_envelope(network(seed), ALPHA_RANGE)
        save(plot_alpha_envelope(envs), a.plot)
    return 0 if all(got[k] == v for k, v in PAPER.items()) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
