"""Besta & Hoefler 2014, Fig. 5c and §III-C: bisection bandwidth against network size for the Slim Fly and the
topologies it is compared with.

    python -m topoanalysis.reproduce.seed002_fig5c                       # up to 20,000 endpoints, about a minute
    python -m topoanalysis.reproduce.seed002_fig5c --plot fig5c.png      # Fig. 5c
    python -m topoanalysis.reproduce.seed002_fig5c -o data/seed002_fig5c.csv

The networks are the balanced configurations of :func:`.seed002_fig1.configurations` (T3D, T5D, HC,
LH-HC with p = 1, FT-3, FBF-3 with p = c, DF a = 2p = 2h, SF with p = ⌈k'/2⌉ and a DLN of the SF's
routers, degree and p, seed 1) up to the figure's 20,000 endpoints (its size axis). §III-C: "For SF
and DLN we approximate the bisection bandwidth using the METIS partitioner. Bisection bandwidths for
other topologies can be derived analytically and are equal to: ⌊N/2⌋ (HC and FT-3), ⌊2N/k⌋ (tori),
and ... ≈ ⌊N/4⌋ (DF and FBF-3)" (the DF/FBF-3 formula is garbled in the extracted text; its ⌊N/4⌋ is
readable), "LH-HC has the bandwidth of 3N" and "SF offers higher bandwidth than DF, FBF-3, T3D, and
T5D". Fig. 5c assumes 10 Gb/s per link.

Every network's bisection here is measured, not taken from the paper's formulas: ``cut`` is the
smallest balanced cut (halves of the endpoints) METIS finds (:func:`~topoanalysis.bisection.metis.
metis_bisection`, 4 tries from seed 1, FM refinement), an upper bound on the bisection; for the SF
``lower`` is the spectral lower bound λ2·⌊N_r/2⌋⌈N_r/2⌉/N_r (Fiedler), so the SF's bisection lies
between the two. "Higher" compares bisection links per endpoint: the SF's lower bound (its proven
value) against the other family's METIS cut on its line (linear in log N between its two nearest
sizes) at each SF size the line covers.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ._statements import print_statements

__all__ = ["PAPER", "MEASURED", "FAMILIES", "MAX_ENDPOINTS", "GBPS_PER_LINK", "points", "on_line", "margins", "main"]

FAMILIES = ("T3D", "T5D", "HC", "LH-HC", "FT-3", "FBF-3", "DF", "DLN", "SF")
#: Fig. 5c's size axis ends at 20,000 endpoints
MAX_ENDPOINTS = 20_000
#: "we assume 10 Gb/s/link" (Fig. 5 caption)
GBPS_PER_LINK = 10
#: the families §III-C says the SF's bisection is higher than
BELOW_SF = ("DF", "FBF-3", "T3D", "T5D")

#: what Besta & Hoefler 2014, §III-C states about Fig. 5c
PAPER: dict[str, Any] = {
    # "SF offers higher bandwidth than DF, FBF-3, T3D, and T5D": at every SF size each line covers
    "sf above DF": True,
    "sf above FBF-3": True,
    "sf above T3D": True,
    "sf above T5D": True,
    # "⌊N/2⌋ (HC and FT-3)": bisection links per endpoint, smallest and largest over the sizes
    "HC bisection per endpoint": (0.5, 0.5),
    "FT-3 bisection per endpoint": (0.5, 0.5),
    # "⌊2N/k⌋ (tori)": our cut over 2N/k, smallest and largest over the tori of even side k
    "even-side tori bisection over 2N/k": (1.0, 1.0),
    # "≈ ⌊N/4⌋ (DF and FBF-3)": our cut over N/4 at the largest size (FBF-3: of even c)
    "DF bisection over N/4, largest": 1.0,
    "FBF-3 bisection over N/4, largest even c": 1.0,
}


def points(max_endpoints: int = MAX_ENDPOINTS, families: Sequence[str] = FAMILIES):
    """A DataFrame, one row per network: family, parameters, endpoints, routers, largest side ``k`` (tori),
    ``cut`` (METIS, links), ``lower`` (spectral bound, SF only, else -1) and the bandwidth in Gb/s."""
    import numpy as np
    import pandas as pd

    from ..bisection.bounds import spectral_lower_bound
    from ..bisection.metis import metis_bisection
    from ..families import build
    from .seed002_fig1 import configurations

    bad = [f for f in families if f not in FAMILIES]
    if bad or not families:
        raise ValueError(f"families must be a non-empty subset of {', '.join(FAMILIES)}, got {list(families)}")
    if max_endpoints < 100:
        raise ValueError(f"max_endpoints must be >= 100 (every family has an instance by then), got {max_endpoints}")
    rows = []
    for fam, args, n in configurations(max_endpoints):
        if fam not in families:
            continue
        kw = dict(args)
        top = build(kw.pop("family"), **kw)
        cut = int(metis_bisection(top, balance="endpoints", seed=1).bandwidth)
        nr = top.n_routers
        lower = spectral_lower_bound(nr, top.u, top.v, np.ones(top.n_links), nr // 2) if fam == "SF" else -1
        rows.append(
            {
                "family": fam,
                "params": str(kw),
                "endpoints": n,
                "routers": nr,
                "k": max(kw["dims"]) if "dims" in kw else -1,
                "cut": cut,
                "lower": lower,
                "bandwidth_gbps": cut * GBPS_PER_LINK,
            }
        )
    df = pd.DataFrame(rows)
    order = {f: i for i, f in enumerate(FAMILIES)}
    return df.sort_values(["family", "endpoints"], key=lambda c: c.map(order) if c.name == "family" else c, ignore_index=True)


def _family(df, fam: str):
    rows = df[df["family"] == fam] if len(df) else df
    if not len(rows):
        raise ValueError(f"no {fam} networks in these rows")
    return rows.sort_values("endpoints")


def on_line(df, fam: str, endpoints: float) -> float | None:
    """``fam``'s cut per endpoint at ``endpoints`` (linear in log N between its nearest sizes); None outside."""
    rows = _family(df, fam)
    n = rows["endpoints"].to_numpy()
    y = (rows["cut"] / rows["endpoints"]).to_numpy()
    if not n[0] <= endpoints <= n[-1]:
        return None
    i = int((n <= endpoints).sum()) - 1
    if n[i] == endpoints:
        return float(y[i])
    w = math.log(endpoints / n[i]) / math.log(n[i + 1] / n[i])
    return float((1 - w) * y[i] + w * y[i + 1])


def margins(df, other: str) -> dict[int, float]:
    """SF size -> the SF's lower bound per endpoint minus ``other``'s cut per endpoint on its line, at each SF
    size the line covers."""
    sf = _family(df, "SF")
    _family(df, other)
    out = {}
    for n, lo in zip(sf["endpoints"], sf["lower"]):
        o = on_line(df, other, n)
        if o is not None:
            out[int(n)] = float(lo) / n - o
    if not out:
        raise ValueError(f"no SF size on {other}'s line")
    return out


def _per_endpoint(df, fam: str) -> tuple[float, float]:
    r = _family(df, fam)
    v = r["cut"] / r["endpoints"]
    return float(v.min()), float(v.max())


def _even_tori(df) -> tuple[float, float]:
    rows = df[df["family"].isin(["T3D", "T5D"]) & (df["k"] % 2 == 0)] if len(df) else df
    if not len(rows):
        raise ValueError("no torus of even side in these rows")
    v = rows["cut"] / (2 * rows["endpoints"] / rows["k"])
    return float(v.min()), float(v.max())


def _quarter(df, fam: str, even: bool = False) -> float:
    r = _family(df, fam)
    if even:
        r = r[[math.isqrt(int(n)) % 2 == 0 for n in r["endpoints"]]]  # FBF-3: N = c^4, c even when sqrt(N) is
        if not len(r):
            raise ValueError(f"no {fam} of even c in these rows")
    last = r.iloc[-1]
    return float(last["cut"] / (last["endpoints"] / 4))


def _above(other: str) -> Callable[[Any], bool]:
    return lambda df: all(m > 0 for m in margins(df, other).values())


#: how each :data:`PAPER` entry is read off :func:`points`' rows
MEASURED: dict[str, Callable[[Any], Any]] = {
    **{f"sf above {f}": _above(f) for f in BELOW_SF},
    "HC bisection per endpoint": lambda df: _per_endpoint(df, "HC"),
    "FT-3 bisection per endpoint": lambda df: _per_endpoint(df, "FT-3"),
    "even-side tori bisection over 2N/k": _even_tori,
    "DF bisection over N/4, largest": lambda df: _quarter(df, "DF"),
    "FBF-3 bisection over N/4, largest even c": lambda df: _quarter(df, "FBF-3", even=True),
}


def plot(df, path: str) -> None:
    """Fig. 5c: bisection bandwidth (Gb/s, 10 Gb/s per link) against network size."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4.2))
    for fam in FAMILIES:
        rows = df[df["family"] == fam]
        if len(rows):
            ax.plot(rows["endpoints"], rows["bandwidth_gbps"], marker="o", ms=3, label=fam)
    ax.set_xlabel("network size [endpoints]")
    ax.set_ylabel("bisection bandwidth [Gb/s]")
    ax.set_title("Besta & Hoefler 2014, Fig. 5c, our networks (METIS cuts)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    """Print every network's bisection and each statement of §III-C beside ours."""
    import argparse

    ap = argparse.ArgumentParser(
        prog="python -m topoanalysis.reproduce.seed002_fig5c",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--max-endpoints", type=int, default=MAX_ENDPOINTS, help=f"largest network size (default {MAX_ENDPOINTS:,})")
    ap.add_argument("--plot", default=None, metavar="IMAGE", help="draw Fig. 5c to IMAGE")
    ap.add_argument("-o", "--output", default=None, help="also write the rows to this CSV file")
    a = ap.parse_args(argv)
    if a.max_endpoints < 100:
        raise ValueError(f"--max-endpoints must be >= 100 (every family has an instance by then), got {a.max_endpoints}")
    df = points(a.max_endpoints)
    print(df.drop(columns=["params"]).to_string(index=False))
    if a.output:
        from ..io.atomic import atomic_file

        with atomic_file(a.output, overwrite=True) as fh:
            df.to_csv(fh, index=False)
    print_statements("seed002_fig5c.PAPER", PAPER, MEASURED, df, paper_width=10)
    for fam in BELOW_SF:
        try:
            low = {n: round(m, 4) for n, m in margins(df, fam).items() if m <= 0}
        except ValueError:
            continue
        print(f"SF sizes not above {fam} (margin per endpoint): {low or 'none'}")
    if a.plot:
        plot(df, a.plot)
        print(f"wrote {a.plot}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
