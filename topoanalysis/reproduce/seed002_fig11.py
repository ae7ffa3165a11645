"""Besta & Hoefler 2014, Fig. 11c/d and §VI-B4/§VI-C (Besta & Hoefler 2014): total cost and total power of the
network against its size (endpoints), for the Slim Fly and the topologies it is compared with.

    python -m topoanalysis.reproduce.seed002_fig11                         # up to 40,000 endpoints
    python -m topoanalysis.reproduce.seed002_fig11 --plot fig11.png        # Fig. 11c and 11d
    python -m topoanalysis.reproduce.seed002_fig11 -o data/seed002_fig11.csv

The networks are the balanced configurations of :func:`.seed002_fig1.configurations` (T3D, T5D, HC
with p = 1; LH-HC with p = 1 and Table IV's L = 5 long hops at every size, n = 6 to 15, reconstructed:
README [seed002-t4-lhhc]; FT-3 of even k; FBF-3 with p = c; DF a = 2p = 2h; SF with p = ⌈k'/2⌉) up to
the figure's 40,000 endpoints, and the DLN as Table IV's DLN28 row builds it (§VI-B3e: "DLN have groups
with the same size (a)" as the DF): each balanced DF's routers and p = h, degree 3h (28 - 7 = 21 for
h = 7), seed 1. Each is priced by :func:`topoanalysis.cost.network_cost` (§VI-A/B layout, cable
and router prices; §VI-C power, 4 lanes x 0.7 W per port), every router at the radix it uses.

:data:`PAPER` holds what §VI-B4 and §VI-C state about the figures; :data:`MEASURED` how each is read
off :func:`points`' rows. Savings compare cost (power) per endpoint on each family's line, linear in
log N between its two nearest sizes (:func:`on_curve`), at the Slim Fly's sizes.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ._statements import print_statements

__all__ = [
    "PAPER",
    "MEASURED",
    "FAMILIES",
    "LOW_RADIX",
    "MAX_ENDPOINTS",
    "TABLE_IV_N",
    "HC_N",
    "points",
    "on_curve",
    "savings",
    "main",
]

FAMILIES = ("T3D", "T5D", "HC", "LH-HC", "FT-3", "FBF-3", "DF", "DLN", "SF")
#: §VI-B4's low-radix networks
LOW_RADIX = ("T3D", "T5D", "HC", "LH-HC")
#: the figures' size axis ends at 40,000 endpoints
MAX_ENDPOINTS = 40_000
#: the Slim Fly of Table IV (q = 19), the size the percentages of §VI-B4 are read at
TABLE_IV_N = 10_830
#: the size §VI-B4 compares HC and LH-HC at: "a small number of HC and LH-HC configurations forced us to use
#: N = 8,192 for these topologies"
HC_N = 8_192

#: what Besta & Hoefler 2014, §VI-B4 and §VI-C state about Fig. 11c/d
PAPER: dict[str, Any] = {
    # §VI-B4: "SF is significantly more cost-effective than low-radix networks as it uses fewer routers and
    # cables" (T3D, T5D, HC, LH-HC): read as SF's cost per endpoint below every low-radix line at every SF size
    # the line covers
    "sf cheaper than every low-radix network": True,
    # ... and as the paper pairs them, the Table IV SF (N = 10,830) against HC and LH-HC of N = 8,192
    "sf cheaper than HC and LH-HC of N=8,192": True,
    # §VI-B4: "LH-HC is more expensive than HC because it uses additional links to increase bisection
    # bandwidth": read as total cost above HC's at every size both have (the same 2^n)
    "lh-hc dearer than HC at every size": True,
    # §VI-B4: "In all cases, SF is 25% more cost-effective than DF, and almost 30%, 40%, and 50% less expensive
    # than FBF-3, DLN, and FT-3" (1 - SF / other, cost per endpoint, at the Table IV SF's N = 10,830)
    "cost saving over DF, N=10,830": 0.25,
    "cost saving over FBF-3, N=10,830": 0.30,
    "cost saving over DLN, N=10,830": 0.40,
    "cost saving over FT-3, N=10,830": 0.50,
    # §VI-C: "In general, SF is over 25% more energy-efficient than DF, FBF-3, and DLN" (1 - SF / other, power
    # per endpoint, at the Table IV SF's N = 10,830; the paper's number is a lower bound)
    "power saving over DF, N=10,830, above": 0.25,
    "power saving over FBF-3, N=10,830, above": 0.25,
    "power saving over DLN, N=10,830, above": 0.25,
    # §VI-B4: "for a network with k = 43 and N ≈ 10,000, ... SF utilizes only 722 routers"
    "sf routers, N=10,830": 722,
}


def points(max_endpoints: int = MAX_ENDPOINTS, families: Sequence[str] = FAMILIES):
    """A DataFrame, one row per network: family, parameters, endpoints, routers, radix, cables, total cost ($),
    power (W) and both per endpoint, by family and size."""
    import pandas as pd

    from ..cost import network_cost
    from ..families import build
    from .seed002_fig1 import configurations

    bad = [f for f in families if f not in FAMILIES]
    if bad or not families:
        raise ValueError(f"families must be a non-empty subset of {', '.join(FAMILIES)}, got {list(families)}")
    if max_endpoints < 1_000:
        raise ValueError(f"max_endpoints must be >= 1,000 (every family has an instance by then), got {max_endpoints}")
    rows = []
    for fam, args, _n in list(configurations(max_endpoints)) + list(_dln(max_endpoints)):
        if fam not in families or (fam == "DLN" and args.get("on") != "df"):  # the DF-sized DLN
            continue
        args = {k: v for k, v in args.items() if k != "on"}
        kw = dict(args)
        top = build(kw.pop("family"), **kw)
        rep = network_cost(top)
        rows.append(
            {
                "family": fam,
                "params": str(kw),
                "endpoints": rep.endpoints,
                "routers": rep.routers,
                "radix": rep.radix,
                "electric_cables": rep.electric_cables,
                "fibre_cables": rep.fibre_cables,
                "total_cost": round(rep.total_cost, 2),
                "power_w": round(rep.power_w, 2),
                "cost_per_endpoint": round(rep.cost_per_endpoint, 4),
                "power_per_endpoint": round(rep.power_per_endpoint, 4),
            }
        )
    df = pd.DataFrame(rows)
    order = {f: i for i, f in enumerate(FAMILIES)}
    return df.sort_values(["family", "endpoints"], key=lambda c: c.map(order) if c.name == "family" else c, ignore_index=True)


def _dln(max_endpoints: int):
    """The DLN of Table IV's DLN28 row for every balanced DF: the DF's routers and p = h, degree 3h, seed 1."""
    for h in range(1, 100):
        n_r = 2 * h * (2 * h * h + 1)
        if 16 <= n_r * h <= max_endpoints:
            yield "DLN", {"family": "random", "n": n_r, "degree": 3 * h, "p": h, "seed": 1, "on": "df"}, n_r * h


def _family(df, fam: str):
    rows = df[df["family"] == fam] if len(df) else df
    if not len(rows):
        raise ValueError(f"no {fam} networks in these rows")
    return rows.sort_values("endpoints")


def on_curve(df, fam: str, column: str, endpoints: float) -> float | None:
    """``column`` on ``fam``'s line at ``endpoints`` (linear in log N between its nearest sizes); None outside."""
    rows = _family(df, fam)
    n = rows["endpoints"].to_numpy()
    y = rows[column].to_numpy()
    if not n[0] <= endpoints <= n[-1]:
        return None
    i = int((n <= endpoints).sum()) - 1
    if n[i] == endpoints:
        return float(y[i])
    w = math.log(endpoints / n[i]) / math.log(n[i + 1] / n[i])
    return float((1 - w) * y[i] + w * y[i + 1])


def savings(df, other: str, column: str = "cost_per_endpoint", endpoints: float | None = None) -> list[float]:
    """1 - SF / ``other`` of ``column`` at each SF size ``other``'s line covers (or only at ``endpoints``)."""
    sf = _family(df, "SF")
    _family(df, other)
    out = []
    for n, y in zip(sf["endpoints"], sf[column]):
        if endpoints is not None and n != endpoints:
            continue
        o = on_curve(df, other, column, n)
        if o is not None:
            out.append(1 - float(y) / o)
    if not out:
        raise ValueError(f"no SF size {'' if endpoints is None else f'{endpoints} '}on {other}'s line")
    return out


def _at(df, other: str, column: str) -> float:
    (s,) = savings(df, other, column, TABLE_IV_N)
    return s


def _sf_routers(df) -> int:
    sf = _family(df, "SF")
    got = sf[sf["endpoints"] == TABLE_IV_N]
    if not len(got):
        raise ValueError(f"no SF with {TABLE_IV_N} endpoints in these rows")
    return int(got["routers"].iloc[0])


def _sf_cheaper_at_hc_size(df) -> bool:
    sf = _family(df, "SF")
    sf = sf[sf["endpoints"] == TABLE_IV_N]
    if not len(sf):
        raise ValueError(f"no SF with {TABLE_IV_N} endpoints in these rows")
    other = {f: on_curve(df, f, "cost_per_endpoint", HC_N) for f in ("HC", "LH-HC")}
    missing = [f for f, v in other.items() if v is None]
    if missing:
        raise ValueError(f"no {', '.join(missing)} line through {HC_N} endpoints in these rows")
    return all(float(sf["cost_per_endpoint"].iloc[0]) < v for v in other.values() if v is not None)


def _lhhc_dearer(df) -> bool:
    hc = _family(df, "HC").set_index("endpoints")["total_cost"]
    lh = _family(df, "LH-HC").set_index("endpoints")["total_cost"]
    both = hc.index.intersection(lh.index)
    if not len(both):
        raise ValueError("no size with both an HC and an LH-HC in these rows")
    return bool((lh[both] > hc[both]).all())


#: how each :data:`PAPER` entry is read off :func:`points`' rows
MEASURED: dict[str, Callable[[Any], Any]] = {
    "sf cheaper than every low-radix network": lambda df: all(min(savings(df, f)) > 0 for f in LOW_RADIX),
    "sf cheaper than HC and LH-HC of N=8,192": _sf_cheaper_at_hc_size,
    "lh-hc dearer than HC at every size": _lhhc_dearer,
    "cost saving over DF, N=10,830": lambda df: _at(df, "DF", "cost_per_endpoint"),
    "cost saving over FBF-3, N=10,830": lambda df: _at(df, "FBF-3", "cost_per_endpoint"),
    "cost saving over DLN, N=10,830": lambda df: _at(df, "DLN", "cost_per_endpoint"),
    "cost saving over FT-3, N=10,830": lambda df: _at(df, "FT-3", "cost_per_endpoint"),
    "power saving over DF, N=10,830, above": lambda df: _at(df, "DF", "power_per_endpoint"),
    "power saving over FBF-3, N=10,830, above": lambda df: _at(df, "FBF-3", "power_per_endpoint"),
    "power saving over DLN, N=10,830, above": lambda df: _at(df, "DLN", "power_per_endpoint"),
    "sf routers, N=10,830": _sf_routers,
}


def plot(df, path: str) -> None:
    """Fig. 11c (total cost) and 11d (total power) against network size, log-scaled cost and power."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, col, label in ((axes[0], "total_cost", "total cost [$]"), (axes[1], "power_w", "total power [W]")):
        for fam in FAMILIES:
            rows = df[df["family"] == fam]
            if len(rows):
                ax.plot(rows["endpoints"], rows[col], marker="o", ms=3, label=fam)
        ax.set_yscale("log")
        ax.set_xlabel("network size [endpoints]")
        ax.set_ylabel(label)
        ax.grid(True, alpha=0.3)
    axes[0].set_title("(c) total cost of the network")
    axes[1].set_title("(d) total power consumed by the network")
    axes[1].legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    """Print every network's cost and power and each statement of the paper beside ours."""
    import argparse

    ap = argparse.ArgumentParser(
        prog="python -m topoanalysis.reproduce.seed002_fig11",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--max-endpoints", type=int, default=MAX_ENDPOINTS, help=f"largest network size (default {MAX_ENDPOINTS:,})")
    ap.add_argument("--plot", default=None, metavar="IMAGE", help="draw Fig. 11c/d to IMAGE")
    ap.add_argument("-o", "--output", default=None, help="also write the rows to this CSV file")
    a = ap.parse_args(argv)
    if a.max_endpoints < 1_000:
        raise ValueError(f"--max-endpoints must be >= 1,000 (every family has an instance by then), got {a.max_endpoints}")
    df = points(a.max_endpoints)
    print(df.drop(columns=["params"]).to_string(index=False))
    if a.output:
        from ..io.atomic import atomic_file

        with atomic_file(a.output, overwrite=True) as fh:
            df.to_csv(fh, index=False)
    print_statements("seed002_fig11.PAPER", PAPER, MEASURED, df, paper_width=6)
    if a.plot:
        plot(df, a.plot)
        print(f"wrote {a.plot}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
