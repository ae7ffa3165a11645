"""Hastings et al. 2015, Figure 5 (§III): the exact bisection bandwidth of the (p, 4, 2) dragonfly as a
piecewise-linear function of α (a global link's bandwidth relative to a local one's), for the
absolute, relative and circulant-based arrangements.

    python -m topoanalysis.reproduce.seed004_fig5          # seconds: each piece proven by CP-SAT

The figure is a table of pieces (:data:`PAPER`); the extracted table leaves cells that span rows
blank, and the §III text fixes them: absolute is 24 after α = 1.25, relative reaches 36 at
α = 4, circulant-based reaches 36 at α = 8/3, and the circulant line 4 + 16α meets 16 + 8α at
α = 3/2.  Hastings et al. 2015 calls Camarero et al. 2014's consecutive and palmtree arrangements absolute and relative
(its footnote 2).  ``tests/test_bisection.py`` compares every piece.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from fractions import Fraction as F
from typing import Any

from ..families import build
from ..topology import Topology

__all__ = ["PAPER", "ARRANGEMENTS", "ALPHA_RANGE", "network", "run", "compare", "main"]

#: Hastings et al. 2015, Figure 5 as (alpha_from, alpha_to, local, global) pieces on α in [0, 6]: the bandwidth
#: of a cut is #local + α·#global crossing links
PAPER: dict[str, list[tuple[F, F, int, int]]] = {
    "absolute": [(F(0), F(5, 4), 4, 16), (F(5, 4), F(6), 24, 0)],
    "relative": [(F(0), F(5, 4), 4, 16), (F(5, 4), F(3, 2), 14, 8), (F(3, 2), F(4), 20, 4), (F(4), F(6), 36, 0)],
    "circulant": [(F(0), F(3, 2), 4, 16), (F(3, 2), F(2), 16, 8), (F(2), F(8, 3), 20, 6), (F(8, 3), F(6), 36, 0)],
}
ARRANGEMENTS = tuple(PAPER)
ALPHA_RANGE = (0, 6)


def network(arrangement: str) -> Topology:
    """The canonical (p, 4, 2) dragonfly with ``arrangement``; router id = group·a + switch."""
    return build("dragonfly", a=4, h=2, arrangement=arrangement)


def run(arrangements: Sequence[str] = ARRANGEMENTS, time_limit: float | None = None) -> dict[str, Any]:
    """The exact envelope of each arrangement (:func:`topoanalysis.bisection.bisection_envelope`)."""
    from ..bisection import bisection_envelope

    return {arr: bisection_envelope(network(arr), ALPHA_RANGE, time_limit=time_limit) for arr in arrangements}


def compare(envelopes: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(arrangement, paper's pieces, ours, equal) per arrangement, pieces as "[a, b]: l + gα"."""

    def text(pieces: Sequence[tuple[F, F, int, int]]) -> str:
        return "; ".join(f"[{a}, {b}]: {loc}" + (f" + {g}α" if g else "") for a, b, loc, g in pieces)

    out = []
    for arr, env in envelopes.items():
        ours = [(p.alpha_from, p.alpha_to, p.local, p.global_) for p in env.pieces]
        out.append(
            (arr, text(PAPER[arr]), text(ours) + ("" if env.proven else " (not proven)"), ours == PAPER[arr] and env.proven)
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Compute the three envelopes and print them beside the paper's."""
    import argparse

    ap = argparse.ArgumentParser(
        prog="python -m topoanalysis.reproduce.seed004_fig5",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per envelope (all its solves together)")
    ap.add_argument("--plot", default=None, help="draw the three envelopes to this image file")
    a = ap.parse_args(argv)
    envs = run(time_limit=a.time_limit)
    same = True
    for arr, paper, ours, equal in compare(envs):
        same &= equal
        print(f"{arr:10s} paper {paper}\n{'':10s} ours  {ours}   {'same' if equal else 'DIFFERENT'}")
    if a.plot:
        from ..plots import plot_alpha_envelope, save

        save(plot_alpha_envelope(envs), a.plot)
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
