"""``topoanalysis reproduce``: run a paper's experiment and print the paper's numbers beside ours.

    topoanalysis reproduce --list
    topoanalysis reproduce seed004-fig5                  # exact bisection envelopes, seconds
    topoanalysis reproduce seed004-random --full -o r.csv  # 100 random arrangements' envelopes, minutes
    topoanalysis reproduce seed001-fig6 --plot fig6.png  # reduced run lengths, all cores
    topoanalysis reproduce seed001-fig6 --full           # the paper's 50,000 + 50,000 cycles

A simulated figure runs its bundled experiment file (``topoanalysis/reproduce/figures/``) through
``topoanalysis sweep``: its results go to NAME.parquet (NAME-full.parquet with --full) and an
interrupted run resumes.  Then each statement of the paper about the figure is printed with what
our runs give for it (``MEASURED`` in the figure's module says how each is measured).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Any

from .common import add_output_arg

#: figure name -> (module under topoanalysis.reproduce, what it is)
FIGURES: dict[str, tuple[str, str]] = {
    "seed000-fig9": ("seed000_fig9", "VC-less 2/4-colour routings against minimal and Valiant, trunked dragonfly"),
    "seed000-fig9-olm": ("seed000_fig9_olm", "4-colour adaptive against OLM, the in-transit adaptive reference, ADV+1"),
    "seed000-fig10": ("seed000_fig10", "4-colour adaptive routing with 1-4 VCs"),
    "seed000-sec414": (
        "seed000_sec414",
        "Valiant under ADVG+h on the consecutive, palmtree and circulant-based arrangements: the 1/Δ2 and 2/Δ2 limits",
    ),
    "seed000-sec8": (
        "seed000_sec8",
        "3-level dragonflies: hierarchical minimal and Valiant to a router, 1-level or 2-level group (8/7/6 VCs)",
    ),
    "seed000-fig12": ("seed000_fig12", "compute nodes against radix: 2- and 3-level dragonflies, Hamming graphs"),
    "seed001-fig2": ("seed001_fig2", "Valiant under ADVG+N for offsets N on the h = 6 dragonfly"),
    "seed001-fig5": ("seed001_fig5", "OFAR with the tree escape: no congestion management, BCM, ECM; PB; UN"),
    "seed001-fig6": ("seed001_fig6", "MIN, VAL, PB, VAL-any, OFAR, OFAR-L on the h = 6 dragonfly"),
    "seed001-fig7": ("seed001_fig7", "latency per cycle through a change from ADVG+2 to ADVG+6"),
    "seed001-fig8": ("seed001_fig8", "burst consumption time relative to PB"),
    "seed001-fig9": ("seed001_fig9", "OFAR with 1/1 to 4/4 VCs against PB 3/2"),
    "seed001-fig10": ("seed001_fig10", "OFAR tree/ring escape with BCM/ECM"),
    "seed001-fig11": ("seed001_fig11", "burst consumption with tree/ring escape and BCM/ECM"),
    "seed001-fig12": ("seed001_fig12", "packets injected in the tree's root group against the others, tree and ring"),
    "seed001-fig13": ("seed001_fig13", "hops per packet with and without BCM"),
    "seed001-fig14": ("seed001_fig14", "escape rings A, B and two rings"),
    "seed003-fig5": ("seed003_fig5", "Valiant, original and loop-free, Slim Fly q = 13 (and Fig. 6's hops)"),
    "seed003-fig6": ("seed003_fig6", "Valiant's average hops, original and loop-free, Slim Fly q = 5..13"),
    "seed003-fig7": ("seed003_fig7", "UGAL-L, original and loop-free, Slim Fly q = 13, with its Valiant share"),
    "seed003-fig9": ("seed003_fig9", "UGAL-L saturation with original and loop-free Valiant, Slim Fly q = 5..13"),
    "seed002-fig1": ("seed002_fig1", "average hops against network size: SF, DF, FBF-3, FT-3, DLN, tori, hypercube, LH-HC"),
    "seed002-fig5a": ("seed002_fig5a", "routers against radix for diameter 2: SF, FBF-2, FT-2 and the Moore bound"),
    "seed002-fig5b": ("seed002_fig5b", "routers against radix as fractions of the Moore bound: DEL, BDF, DF, FBF-3, SF"),
    "seed002-fig5c": ("seed002_fig5c", "bisection bandwidth against network size: SF, DLN (METIS) and the compared topologies"),
    "seed002-fig11": ("seed002_fig11", "total cost and power against network size (Fig. 11c/d)"),
    "seed002-table4": ("seed002_table4", "cost and power of a ~10k-endpoint Slim Fly and the compared networks"),
    "seed002-vib4": ("seed002_vib4", "cost of Table IV's networks, its size choices and the hybrid HC and LH-HC"),
    "seed002-resiliency": ("seed002_resiliency", "diameter + 2 and average path + 1 tolerances of Table III's networks"),
    "seed002-fig6": ("seed002_fig6", "Slim Fly q = 19: MIN, VAL, UGAL-L, UGAL-G"),
    "seed002-fig6-df-ft": (
        "seed002_fig6_df_ft",
        "comparison rows: DF-UGAL-L (k = 27) and FT-ANCA (k = 44, 22-ary 3-tree), uniform traffic",
    ),
    "seed002-fig6bc": ("seed002_fig6bc", "bit reversal and shift on the Slim Fly (q = 7; q = 19 with --full)"),
    "seed002-fig6bc-df-ft": (
        "seed002_fig6bc_df_ft",
        "comparison rows: DF-UGAL-L, FT-ANCA and the Slim Fly q = 19, bit reversal and shift",
    ),
    "seed002-fig6d-df-ft": (
        "seed002_fig6d_df_ft",
        "comparison rows: DF-UGAL-L and FT-ANCA under their worst case (the next group, the next pod)",
    ),
    "seed002-fig8a": ("seed002_fig8a", "buffers of 8-256 flits per port, worst case, VAL and UGAL-L (q = 7; q = 19 with --full)"),
    "seed002-fig8b": ("seed002_fig8b", "oversubscribed Slim Fly q = 19, p = 16: uniform traffic"),
    "seed002-fig8c": ("seed002_fig8c", "oversubscribed Slim Fly q = 19, p = 16: worst case"),
    "seed002-fig8d": ("seed002_fig8d", "oversubscribed Slim Fly q = 19, p = 18: uniform traffic"),
    "seed002-fig8e": ("seed002_fig8e", "oversubscribed Slim Fly q = 19, p = 18: worst case"),
    "seed002-fig8-p17": ("seed002_fig8_p17", "oversubscribed Slim Fly q = 19, p = 17 (+1,444 endpoints): uniform traffic"),
    "seed004-fig5": ("seed004_fig5", "exact bisection bandwidth against α, (p, 4, 2) dragonfly"),
    "seed004-fig6": ("seed004_fig6", "stencil task mappings (Figs. 6 and 7): criteria and group configurations"),
    "seed004-random": (
        "seed004_random",
        "random global link arrangements of the (p, 4, 2) dragonfly against the circulant-based one, exact envelopes",
    ),
}

#: where in its paper a reproduction that is not a figure is stated
SECTIONS: dict[str, str] = {
    "seed000-sec414": "§4.1.4",
    "seed000-sec8": "§8",
    "seed002-resiliency": "§III-D2/3",
    "seed002-vib4": "§VI-B4",
    "seed002-table4": "Table IV",
    "seed004-random": "§VII",
    "seed002-fig6bc": "Figs. 6b and 6c",
    "seed002-fig6-df-ft": "Fig. 6a",
    "seed002-fig6bc-df-ft": "Figs. 6b and 6c",
    "seed002-fig6d-df-ft": "Fig. 6d",
    "seed002-fig8-p17": "§V-E and §VII-C",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``reproduce`` subcommand."""
    p = subparsers.add_parser(
        "reproduce",
        help="run a paper's figure and print paper and measured values",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("figure", nargs="?", metavar="FIGURE", help="e.g. seed001-fig6 (see --list)")
    p.add_argument("--list", action="store_true", help="list the figures")
    p.add_argument("--full", action="store_true", help="the paper's run lengths (hours for the big figures)")
    add_output_arg(p, help="results file (default NAME.parquet / NAME-full.parquet)")
    p.add_argument("--workers", type=int, default=None, help="local worker processes (default: every core)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS", help="an existing Dask cluster")
    p.add_argument(
        "--seeds",
        type=int,
        default=None,
        metavar="N",
        help="a count: run every point with simulation seeds 1..N (the papers average several); see 'seeds:' below",
    )
    p.add_argument(
        "--plot",
        default=None,
        metavar="IMAGE",
        help="also draw the figure to IMAGE (.png, .pdf, .svg); -o/--output is the results file",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _paper_and_ours(mod: Any, df: Any) -> None:
    from ..reproduce._statements import print_statements

    name = mod.__name__.rsplit(".", 1)[1]
    print_statements(f"{name}.PAPER", mod.PAPER, getattr(mod, "MEASURED", {}), df, paper_width=12)


def _sweep_figure(name: str, mod: Any, args: argparse.Namespace) -> int:
    from ..experiments import sweep
    from ..reproduce._compare import peak, relative_drain, with_curve
    from ..reproduce._figure import bundled

    exp = bundled(name)
    if args.full:
        exp = exp.with_full()
    out = Path(args.output) if args.output else Path(f"{name}{'-full' if args.full else ''}.parquet")
    runs = len(exp.with_seeds(args.seeds) if args.seeds else exp)
    size = ", ".join(
        f"{k} {exp.topology[k[len('topology.') :]] if k.startswith('topology.') else exp.simulate[k]:,}" for k in exp.full
    )
    print(
        f"{name}: {exp.description}; {runs} runs at {'the paper' if args.full else 'reduced'} size ({size}); results in {out}",
        file=sys.stderr,
    )
    df = sweep(exp, out, workers=args.workers, scheduler=args.scheduler, seeds=args.seeds, progress=not args.quiet)
    d = with_curve(df)
    import pandas as pd

    with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 200):
        if hasattr(mod, "table"):
            table = mod.table(d)
            unit = "saturation load (phits/(node·cycle))" if exp.saturation is not None else getattr(mod, "TABLE_UNIT", "")
            print(unit)
            print(table.round(4).to_string())
        elif "load" in exp.sweep:
            # a figure with a network per curve names its curves CURVES (its ROUTINGS may be fewer)
            curves = list(getattr(mod, "CURVES", mod.ROUTINGS))
            table = pd.DataFrame({t: {c: peak(d, c, t) for c in curves} for t in mod.TRAFFICS})
            print("throughput: the largest accepted load over the offered loads (phits/(node·cycle))")
            print(table.round(4).to_string())
        elif getattr(mod, "REFERENCE", None):
            table = relative_drain(d, mod.REFERENCE)
            table = table.reindex(
                index=[c for c in mod.ROUTINGS if c in table.index], columns=[t for t in mod.TRAFFICS if t in table.columns]
            )
            # the paper's names of the mixed patterns (García et al. 2014, §5.3: MIX1..3)
            names = {v: k for k, v in getattr(mod, "MIXES", {}).items()}
            table = table.rename(columns=names)
            print(f"burst consumption time relative to {mod.REFERENCE}")
            print(table.round(3).to_string())
        else:
            table = d.pivot_table(index="curve", columns="traffic", values="drain_time", aggfunc="mean", sort=False)
            print("burst consumption time (cycles)")
            print(table.to_string())
    _paper_and_ours(mod, d)
    if args.plot:
        from ..plots import caption, plot_bars, plot_curves, plot_hop_histograms, save

        # the paper's figure, then what every plotted run shares (network, model, run lengths)
        head = f"{_paper_figure(args.figure)}, our runs"

        if hasattr(mod, "table"):
            save(plot_bars(table.T, getattr(mod, "TABLE_UNIT", "saturation load")), args.plot)
            print(f"wrote {args.plot}", file=sys.stderr)
        elif "load" in exp.sweep:
            title = f"{head}: {caption(d, ('load', 'curve', 'traffic'))}"
            save(plot_curves(d, "load", "accepted_load", hue="curve", col="traffic", title=title), args.plot)
            lat = Path(args.plot)
            lat = lat.with_name(f"{lat.stem}-latency{lat.suffix}")
            # latencies past saturation reach thousands of cycles: a log axis keeps the rest readable
            save(plot_curves(d, "load", "average_latency", hue="curve", col="traffic", logy=True, title=title), lat)
            print(f"wrote {args.plot} and {lat}", file=sys.stderr)
        else:
            fig = (
                plot_hop_histograms(d, hue="curve", title=f"{head}: {caption(d, ('curve',))}")
                if not getattr(mod, "REFERENCE", None)
                else plot_bars(table, f"consumption time / {mod.REFERENCE}'s")
            )
            save(fig, args.plot)
            print(f"wrote {args.plot}", file=sys.stderr)
    bad = df[df["status"] != "ok"]
    return 1 if len(bad) else 0


def _paper_figure(name: str) -> str:
    """``seed001-fig6`` -> ``García et al. 2014, Fig. 6`` (the paper and its figure number)."""
    from topoanalysis.references import cite

    seed, fig = name.split("-", 1)
    if name in SECTIONS:
        return cite(seed, SECTIONS[name])
    return cite(seed, "Fig. " + fig.removeprefix("fig"))


def _duration(s: float) -> str:
    return f"{s:.0f} s" if s < 120 else f"{s / 60:.0f} min" if s < 7200 else f"{s / 3600:.1f} h"


def run(args: argparse.Namespace) -> int:
    """List the figures or reproduce one."""
    if args.list or not args.figure:
        if not args.list:
            raise ValueError("give a FIGURE (see topoanalysis reproduce --list)")
        from ..reproduce._figure import estimated_seconds, names

        from ..reproduce._curves import per_curve_seconds

        swept = set(names())
        width = max(len(n) for n in FIGURES)
        for name, (module, what) in FIGURES.items():
            fig = importlib.import_module(f"topoanalysis.reproduce.{module}")
            if name in swept:
                low, high = estimated_seconds(name), estimated_seconds(name, True)
            elif hasattr(fig, "curve_of"):  # one network per curve (_curves.sweep_per_curve)
                low, high = per_curve_seconds(fig), per_curve_seconds(fig, True)
            else:
                low = high = -1.0
            est = f"at least {_duration(low)} reduced, {_duration(high)} full" if low >= 0 else "not a simulation sweep"
            print(f"{name:{width}s} {_paper_figure(name)}: {what}  [{est}]")
        print(
            "\n[time on one core: each point's routers x cycles at the engine's benchmarked speed (sim.resources); "
            "adaptive routings and high loads run slower; a sweep divides it among its workers]"
        )
        return 0
    if args.figure not in FIGURES:
        raise ValueError(f"figure: unknown {args.figure!r}; one of {', '.join(FIGURES)}")
    mod = importlib.import_module(f"topoanalysis.reproduce.{FIGURES[args.figure][0]}")
    exact = (
        "seed004-fig5",
        "seed004-fig6",
        "seed002-fig1",
        "seed002-fig5a",
        "seed002-fig5b",
        "seed000-fig12",
        "seed002-fig11",
        "seed002-vib4",
        "seed002-fig5c",
        "seed002-table4",
    )
    if args.figure in exact:
        no_plot = args.figure in ("seed004-fig6", "seed002-vib4", "seed002-table4")  # no figure
        # the size figures write their rows (data/<module>.csv); the others print theirs
        rows = args.figure in ("seed002-fig1", "seed002-fig5a", "seed002-fig5b", "seed000-fig12")
        if args.full or args.seeds or (args.output and not rows) or (args.plot and no_plot):
            out = ["--full", "--seeds"] + ([] if rows else ["-o"]) + (["--plot"] if no_plot else [])
            raise ValueError(
                f"{args.figure} is exact (one size, no seeds{'' if rows else ', no results file'}"
                f"{', no figure' if no_plot else ''}): leave out {', '.join(out[:-1])} and {out[-1]}"
            )
        return mod.main((["--plot", args.plot] if args.plot else []) + (["-o", args.output] if args.output else []))
    if args.figure == "seed002-resiliency":
        # random failures sampled per network, not a sweep: the module runs them (--full: the paper's CI)
        if args.seeds or args.scheduler or args.workers or args.plot:
            raise ValueError(
                "seed002-resiliency samples its failures itself and has no figure: --seeds, "
                "--scheduler, --workers and --plot do not apply"
            )
        return mod.main((["--full"] if args.full else []) + (["-o", args.output] if args.output else []))
    if args.figure == "seed004-random":
        # exact envelopes of seeded random arrangements, not a sweep: the module computes them
        if args.seeds or args.scheduler or args.workers:
            raise ValueError(
                "seed004-random draws its arrangements itself (seeds 1..N) and runs on one core: "
                "--seeds, --scheduler and --workers do not apply"
            )
        argv = (
            (["--full"] if args.full else [])
            + (["-o", args.output] if args.output else [])
            + (["--plot", args.plot] if args.plot else [])
        )
        return mod.main(argv)
    if args.figure == "seed001-fig7":
        # a latency trace, not a sweep: the figure module runs it
        if args.seeds or args.scheduler or args.workers:
            raise ValueError("seed001-fig7 runs one trace per curve here: --seeds, --scheduler and --workers do not apply")
        argv = (["--full"] if args.full else []) + (["-o", args.output] if args.output else [])
        return mod.main(argv)
    return _sweep_figure(args.figure, mod, args)
