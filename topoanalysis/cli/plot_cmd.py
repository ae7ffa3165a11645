"""``topoanalysis plot``: figures from a sweep's results file; ``topoanalysis draw``: a dragonfly
with its globally connected components.

    topoanalysis plot runs.parquet --x load --y latency --hue routing -o latency.png
    topoanalysis plot runs.parquet --y throughput --hue routing --col traffic -o accepted.png
    topoanalysis plot runs.parquet --kind hops --hue config --where traffic=advg+6 -o hops.png
    topoanalysis plot runs.parquet --kind links --where routing=min --where load=0.3 -o links.png
    topoanalysis draw dragonfly --a 4 --h 2 --p 2 --arrangement consecutive -o df.png

``--kind links`` needs a sweep run with ``per_link = true`` (one utilisation per link); it draws
the mean over the selected rows, which must share one network.  Column names may be shortened:
latency, throughput (accepted load), load, hops, p99, drain, saturation.
Over several seeds a curve is their mean with its 95% confidence band.  The title names the
parameters the plotted rows share; against the offered load, crosses mark the points past
saturation (accepted below 95% of offered).
"""

from __future__ import annotations

import argparse
from typing import Any

from .common import add_output_arg, add_topology_args, topology_from_args


def _where(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected COLUMN=VALUE such as traffic=uniform, got {text!r}")
    return key.strip(), value.strip()


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``plot`` and ``draw`` subcommands."""
    p = subparsers.add_parser(
        "plot",
        help="plot a sweep's results: curves with confidence bands, hop histograms",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("results", metavar="RESULTS", help="results file of topoanalysis sweep (.parquet or .csv)")
    p.add_argument(
        "--kind",
        choices=("curves", "hops", "links"),
        default="curves",
        help="curves (default), hop histograms, or a per-link utilisation heatmap",
    )
    p.add_argument("--x", default="load", help="x axis column (default load)")
    p.add_argument("--y", default="latency", help="y axis column (default latency)")
    p.add_argument("--hue", default="routing", help="one line per value of this column (default routing; '' none)")
    p.add_argument("--col", default=None, help="one panel per value of this column")
    p.add_argument(
        "--where",
        type=_where,
        action="append",
        default=[],
        metavar="COLUMN=VALUE",
        help="keep only rows where COLUMN equals VALUE; repeatable",
    )
    p.add_argument("--confidence", type=float, default=0.95, help="confidence level of the bands (0.95)")
    p.add_argument("--logy", action="store_true", help="logarithmic y axis (latencies past saturation)")
    p.add_argument(
        "--title",
        default=None,
        help="the figure's title (default: the parameters the plotted rows "
        "share, such as topology, traffic and model; '' for none)",
    )
    add_output_arg(p, metavar="IMAGE", required=True, help="image file (.png, .pdf, .svg)")
    p.set_defaults(func=run_plot)
    d = subparsers.add_parser(
        "draw",
        help="draw a dragonfly: groups, links, globally connected components",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_topology_args(d)
    add_output_arg(d, metavar="IMAGE", required=True, help="image file (.png, .pdf, .svg)")
    d.set_defaults(func=run_draw)


def run_plot(args: argparse.Namespace) -> int:
    """Read, filter and plot the results."""
    from ..experiments import read_results
    from ..plots import column, plot_curves, plot_hop_histograms, save

    df = read_results(args.results)
    for key, value in args.where:
        c = column(df, key)
        keep = df[c].astype(str) == value
        if not keep.any():
            raise ValueError(f"--where {key}={value}: no row has that value; values: {', '.join(sorted(set(df[c].astype(str))))}")
        df = df[keep]
    hue = args.hue or None
    if args.kind == "hops":
        fig = plot_hop_histograms(df, hue=hue, title=args.title)
    elif args.kind == "links":
        fig = _links(df)
    else:
        fig = plot_curves(df, args.x, args.y, hue=hue, col=args.col, confidence=args.confidence, logy=args.logy, title=args.title)
    save(fig, args.output)
    print(f"wrote {args.output}")
    return 0


def _links(df: Any) -> Any:
    import numpy as np

    from ..families import build
    from ..plots import plot_link_utilisation

    # link_utilisation_per_arc holds lists; files of the former layout kept them in link_utilisation
    cells = df["link_utilisation_per_arc"] if "link_utilisation_per_arc" in df.columns else df.get("link_utilisation", [])
    per_arc = [v for v in cells if isinstance(v, list)]
    if not per_arc or len(per_arc) != len(df):
        raise ValueError("--kind links: the rows hold no per-link utilisation; run the sweep with per_link = true in [simulate]")
    tcols = [c for c in df.columns if c.startswith("topology.")]
    nets = df[tcols].astype(str).drop_duplicates()
    if len(nets) != 1:
        raise ValueError(f"--kind links: the selected rows span {len(nets)} networks; narrow them with --where")
    params = {c[len("topology.") :]: v for c, v in df[tcols].iloc[0].items() if v is not None and v == v}
    family = params.pop("family")
    params = {k: (int(v) if isinstance(v, float) and v.is_integer() else v) for k, v in params.items()}
    return plot_link_utilisation(build(family, **params), np.mean(np.asarray(per_arc, dtype=float), axis=0))


def run_draw(args: argparse.Namespace) -> int:
    """Build the topology and draw it."""
    from ..plots import draw_dragonfly, save

    top = topology_from_args(args)
    save(draw_dragonfly(top), args.output)
    print(f"wrote {args.output}")
    return 0
