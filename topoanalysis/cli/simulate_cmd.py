"""``topoanalysis simulate``: the cycle-level packet simulator of ``sim/``.

    topoanalysis simulate dragonfly --a 4 --h 2 --routing min --traffic advg+1 --load 0.5 --json
    topoanalysis simulate dragonfly --a 12 --h 6 --traffic uniform --load 0.4 --cycles 10000
    topoanalysis simulate --csv DIR --routing valiant-any --traffic 'mix:uniform=0.8,advg+1=0.1,advg+6=0.1'
    topoanalysis simulate hamming --sizes 4,4 --p 2 --routing dor --saturation

The router model is a named preset (--model): seed000 (Camarero et al. 2014, Table II), seed001 (García et al. 2014,
Table 1: 8-phit packets, local/global latency 10/100 cycles, buffers 32/256 phits per VC, 3/2
VCs, 3 allocator iterations, least-recently-served arbitration), seed002 (Besta & Hoefler 2014, §V: single-flit
packets, 1-cycle links, 64 flits per port over 3 VCs, router pipeline 3 cycles, credit delay 2, internal speedup 2),
seed003 (Han et al. 2017, §4) or booksim (BookSim2's router as cross-validated).  Without --model a
dragonfly gets seed001 and Slim Fly and the families Besta & Hoefler 2014 compares with get seed002; the
options below change single parameters, and the output names the model that ran.  VC counts
are raised to what the routing needs (e.g. VAL-any 4/2).  Per-link-kind values are written in
the papers' slash notation in the topology's kind order ("3/2" = local 3, global 2), as one
number for every kind, or as KIND=N,... .  The routings are listed at the end of this help.
Traffic: uniform, uniform-all, advg+N,
advl[+N], bitrev, shuffle, bitcomp, shift, sf-worst, hotspot-seq, mix:NAME=W,...
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from .common import add_topology_args, print_json, seed_int, topology_and_run_seed

#: runs estimated to take longer than this print a note with the estimate first
LONG_RUN_SECONDS = 600
#: seconds the first run of a routing kind spends compiling the engine (the README's measurement of a
#: cold compile on the 2-core development machine), part of the estimate the progress lines give
COMPILE_SECONDS = 35
#: ``--selection``, ``--vc-scheme`` and ``--escape-occupancy`` values: the keys of
#: ``sim.policies.POLICIES`` and ``sim.routings.VC_SCHEMES`` and ``sim.layout.ECM_OCCUPANCIES`` (a test
#: keeps them equal; spelled out so that the CLI starts without importing the simulator)
SELECTIONS = ("first", "random", "least-occupied", "min-first", "ugal", "ofar", "fogsim", "two-choice")
VC_SCHEME_NAMES = ("routing", "hops", "none", "any", "hops-kind")
ECM_OCCUPANCIES = ("buffers", "credits")


def _help_with_routings(parser: argparse.ArgumentParser) -> str:
    """The parser's help followed by the registered routings (imported only when help is asked
    for, so that other commands start without the simulator)."""
    from sim.routings import routing_list

    return argparse.ArgumentParser.format_help(parser) + "\nroutings (--routing):\n" + routing_list() + "\n"


def per_kind(text: str) -> Any:
    """``"3/2"`` -> [3, 2] (kind order); ``"4"`` -> 4; ``"local=3,global=2"`` -> {"local": 3, "global": 2}."""
    try:
        if "=" in text:
            out = {}
            for item in text.split(","):
                k, v = item.split("=", 1)
                out[k.strip()] = int(v)
            return out
        if "/" in text:
            return [int(x) for x in text.split("/")]
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected N, N/M/... (one per link kind) or KIND=N,..., got {text!r}") from None


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``simulate`` subcommand."""
    parser = subparsers.add_parser(
        "simulate",
        help="cycle-level packet simulation (García et al. 2014, §4 model)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.format_help = lambda: _help_with_routings(parser)
    add_topology_args(parser)
    run_ = parser.add_argument_group("run")
    run_.add_argument("--routing", default="min", help="a routing of the list at the end of this help (default min)")
    run_.add_argument("--traffic", default="uniform", help="traffic pattern (default uniform); see above")
    run_.add_argument("--load", type=float, default=0.3, help="offered load, phits/(node*cycle) in [0, 1] (default 0.3)")
    run_.add_argument("--cycles", type=int, default=10_000, help="measured cycles (default 10000)")
    run_.add_argument("--warmup", type=int, default=5_000, help="warm-up cycles before measuring (default 5000)")
    run_.add_argument(
        "--sim-seed",
        dest="sim_seed",
        type=seed_int,
        default=None,
        metavar="N",
        help="seed of the simulation only (default: --seed, else 0); --seed also seeds the graph "
        "of families that take one; see 'seeds:' below",
    )
    run_.add_argument(
        "--change-traffic",
        dest="change_traffic",
        default=None,
        help="second pattern taking over at --change-cycle (transient, García et al. 2014, §5.2)",
    )
    run_.add_argument("--change-cycle", dest="change_cycle", type=int, default=None)
    run_.add_argument(
        "--burst",
        type=int,
        default=0,
        help="every node sends this many packets as fast as it can; reports the drain time (García et al. 2014, §5.3)",
    )
    run_.add_argument(
        "--saturation", action="store_true", help="bisect the offered load for the saturation point instead of one run"
    )
    model = parser.add_argument_group("router model (defaults: the --model preset)")
    model.add_argument(
        "--model",
        default=None,
        help="preset: seed000, seed001, seed002, seed003, booksim "
        "(default: the family's, seed001 for dragonflies, seed002 for Slim Fly and the others)",
    )
    model.add_argument("--packet-size", dest="packet_size", type=int, default=None, help="phits per packet")
    model.add_argument("--latency", type=per_kind, default=None, help="link latency per kind, cycles")
    model.add_argument("--buffer", type=per_kind, default=None, help="buffer per VC per kind, phits")
    model.add_argument(
        "--router-delay",
        dest="router_delay",
        type=int,
        default=None,
        help="router pipeline, cycles from a head's arrival to its first allocation",
    )
    model.add_argument(
        "--vc-alloc-delay",
        dest="vc_alloc_delay",
        type=int,
        default=None,
        help="cycles an input VC waits after a packet's tail before its next packet can go",
    )
    model.add_argument(
        "--credit-delay", dest="credit_delay", type=int, default=None, help="cycles before a freed slot's credit goes upstream"
    )
    model.add_argument(
        "--internal-speedup",
        dest="internal_speedup",
        type=int,
        default=None,
        help="internal speedup s: allocator and crossbar run s times per cycle into output queues "
        "drained at 1 phit/cycle (BookSim2's internal_speedup)",
    )
    model.add_argument(
        "--injection-latency", dest="injection_latency", type=int, default=None, help="node-to-router channel latency, cycles"
    )
    model.add_argument(
        "--ejection-latency", dest="ejection_latency", type=int, default=None, help="router-to-node channel latency, cycles"
    )
    model.add_argument(
        "--vcs", type=per_kind, default=None, help="VCs per kind (default: the model's, raised to the routing's need)"
    )
    model.add_argument("--iterations", type=int, default=None, help="allocator iterations")
    model.add_argument(
        "--arbitration",
        choices=("lrs", "random"),
        default=None,
        help="output arbitration: least-recently-served or random (default: the model's)",
    )
    model.add_argument(
        "--selection",
        choices=SELECTIONS,
        default=None,
        help="selection policy among the available candidates (default: the routing's: random; "
        "ugal for ugal-l, ofar for the OFAR routings, fogsim for olm); two-choice: the less used of two "
        "drawn at random (BookSim2's fattree_anca)",
    )
    model.add_argument(
        "--vc-scheme",
        dest="vc_scheme",
        choices=VC_SCHEME_NAMES,
        default="routing",
        help="VC assignment: the routing's own (default), VC = hop index, VC = hops on the link "
        "kind, none (every hop on VC 0) or any (every VC); hops-kind, none and any are not "
        "deadlock-free in general",
    )
    model.add_argument(
        "--injection-bubble",
        dest="injection_bubble",
        type=int,
        default=0,
        help="inject only into buffers with room for 1 + N packets (BCM, García et al. 2014, §3.4; default 0)",
    )
    model.add_argument(
        "--escape-threshold",
        dest="escape_threshold",
        type=float,
        default=None,
        help="ECM (García et al. 2014, §3.4.1): no injection at a router while all its escape buffers are "
        "fuller than this percent (OFAR routings; Table 1: 20)",
    )
    model.add_argument(
        "--escape-occupancy",
        dest="escape_occupancy",
        choices=ECM_OCCUPANCIES,
        default="credits",
        help="which escape buffers ECM reads: as FOGSim does, the next routers' buffers counted by the "
        "router's credits (credits, default), or the router's own input buffers (buffers)",
    )
    model.add_argument(
        "--escape-limit",
        dest="escape_limit",
        type=int,
        default=None,
        help="OFAR routings: after N entries into the escape subnetwork a packet stays in it "
        "(the re-injection counter of García et al. 2014, §5.7; default none)",
    )
    model.add_argument(
        "--intercept",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="eject a packet at its destination router also on its way to a Valiant intermediate "
        "(Han et al. 2017, §3; the seed003 model's default) or not",
    )
    model.add_argument(
        "--destination-group",
        dest="destination_group",
        action="store_true",
        default=None,
        help="valiant and pb on a dragonfly: draw the intermediate group among all but the "
        "source's, the destination's included (FOGSim's draw; default: neither)",
    )
    model.add_argument(
        "--ugal-threshold",
        dest="ugal_threshold",
        type=int,
        default=None,
        help="ugal-l, ugal-l-lf and ugal-booksim: take a Valiant path only when its queue score (phits of "
        "credits in use x hops) is below the minimal path's by more than N phits (ugal-l "
        "default 0, Besta & Hoefler 2014, §IV-C; ugal-booksim 30, BookSim2's adaptive_threshold)",
    )
    model.add_argument(
        "--ugal-queue",
        dest="ugal_queue",
        choices=("credits", "credits-rtt", "held"),
        default=None,
        help="ugal-l and ugal-l-lf: what an output port's queue counts, 'credits-rtt' its credits in use "
        "less twice the link's latency (BookSim2's remove_credit_rtt; the default), 'credits' every "
        "credit in use (BookSim2's GetUsedCredit) or 'held' only those held longer than the link's zero-load "
        "round trip (packets that waited downstream, not the ones in flight on long links)",
    )
    model.add_argument(
        "--watchdog",
        type=int,
        default=20_000,
        help="report a deadlock after this many cycles without any movement, or when a ring of "
        "buffers that can never move again has stood still this long while the rest of the "
        "network moves (default 20000); a ring found at the end of the run is reported too",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=None,
        help="threads simulating the groups of a dragonfly at the same time (default: every core, "
        "or TOPOANALYSIS_SIM_THREADS; other families run on one); the results are the same for every number",
    )
    parser.add_argument("--per-link", dest="per_link", action="store_true", help="include per-arc utilisation in the JSON")
    parser.add_argument("--json", action="store_true", help="print the full results as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar (there is none when stderr is not a terminal)")
    parser.set_defaults(func=run)


def _provenance(top: Any, args: argparse.Namespace, kw: dict[str, Any], opts: dict[str, Any], saturation: bool) -> dict[str, Any]:
    """What the JSON output adds to the results: the topology's every parameter (``topology``),
    every keyword of the run and the routing's options after defaults (``parameters``), the
    search's settings (``saturation``) and the software."""
    from ..experiments.provenance import saturation_parameters, simulate_parameters, software, topology_parameters

    given = {**kw, **opts, "routing": args.routing, "traffic": args.traffic}
    if not saturation:
        given.update(load=args.load, change_traffic=args.change_traffic, change_cycle=args.change_cycle, burst=args.burst)
    out = {"topology": topology_parameters(top), "parameters": simulate_parameters(given, saturation=saturation), **software()}
    if saturation:
        out["saturation"] = saturation_parameters({})
    return out


def run(args: argparse.Namespace) -> int:
    """Build the topology, run the simulation (or saturation search) and print the results."""
    top, sim_seed = topology_and_run_seed(args, args.sim_seed)
    if top.n_endpoints == 0:
        p = top.params.get("p")
        raise ValueError("topology: no endpoints; give a concentration with --p" + ("" if p is None else f" (p={p})"))
    from sim import saturation_search, simulate
    from sim.resources import ROUTER_CYCLES_PER_SECOND, estimated_seconds

    est = estimated_seconds(top.n_routers, args.warmup + args.cycles) if args.cycles > 0 and args.warmup >= 0 else 0
    if args.burst > 0:
        from sim.models import default_model, get_model

        try:
            P = args.packet_size or (get_model(args.model) if args.model else default_model(top.family)).packet_size
        except ValueError:
            P = 1  # simulate names the bad model; the estimate only needs a lower bound
        # a node injects at most one phit per cycle: the burst lasts at least burst x packet size cycles
        cycles = int(args.burst) * int(P)
        est = estimated_seconds(top.n_routers, cycles)
        if est > LONG_RUN_SECONDS:
            print(
                f"topoanalysis simulate: note: a burst of {args.burst} packets of {P} phits per node lasts at least "
                f"{cycles} cycles, about {est / 60:.0f} min or more for {top.n_routers} routers at best "
                f"(~{ROUTER_CYCLES_PER_SECOND:.1e} router-cycles/s on one core); a smaller --burst gives a "
                "quicker answer",
                file=sys.stderr,
            )
    elif est > LONG_RUN_SECONDS:
        runs = " per load tried" if args.saturation else ""
        print(
            f"topoanalysis simulate: note: {top.n_routers} routers x {args.warmup + args.cycles} cycles take about "
            f"{est / 60:.0f} min{runs} at best (~{ROUTER_CYCLES_PER_SECOND:.1e} router-cycles/s on one core, "
            "benchmarks/sim.py); fewer --cycles give a quicker answer",
            file=sys.stderr,
        )

    from sim._cache import engine_cached

    from ..experiments.progress import log_progress

    compile_s = 0 if engine_cached() else COMPILE_SECONDS
    routing = args.routing
    opts = {
        k: v
        for k, v in (
            ("escape_limit", args.escape_limit),
            ("threshold", args.ugal_threshold),
            ("queue", args.ugal_queue),
            ("destination_group", args.destination_group),
        )
        if v is not None
    }
    if opts:
        from sim.routings import make_routing

        routing = make_routing(top, args.routing, **opts)
    kw = dict(
        cycles=args.cycles,
        warmup=args.warmup,
        seed=sim_seed,
        model=args.model,
        packet_size=args.packet_size,
        latency=args.latency,
        buffer=args.buffer,
        vcs=args.vcs,
        iterations=args.iterations,
        router_delay=args.router_delay,
        vc_alloc_delay=args.vc_alloc_delay,
        credit_delay=args.credit_delay,
        injection_latency=args.injection_latency,
        ejection_latency=args.ejection_latency,
        intercept=args.intercept,
        internal_speedup=args.internal_speedup,
        arbitration=args.arbitration,
        selection=args.selection,
        vc_scheme=args.vc_scheme,
        watchdog=args.watchdog,
        per_link=args.per_link,
        injection_bubble=args.injection_bubble,
        escape_threshold=args.escape_threshold,
        escape_occupancy=args.escape_occupancy,
    )
    if args.saturation:
        if args.burst or args.change_traffic:
            raise ValueError("--saturation runs steady-state loads: it cannot be combined with --burst or --change-traffic")
        # the search's runs: the highest load, then bisection down to 0.02 (its default tol)
        n_runs = 1 + math.ceil(math.log2(1 / 0.02))
        with log_progress(
            "topoanalysis simulate --saturation",
            estimate=compile_s + n_runs * est,
            enabled=not sys.stderr.isatty() and not args.quiet,
        ):
            res = saturation_search(top, routing, args.traffic, threads=args.threads, **kw)
        res = {
            "saturation_load": res["saturation_load"],
            "accepted_at_saturation": res["accepted_at_saturation"],
            "criterion": res["criterion"],
            "runs": [{"offered_load": o, "accepted_load": a} for o, a in res["runs"]],
        }
        if args.json:
            # the model the runs used: one cycle of the same configuration resolves it as they did
            res["model"] = simulate(top, routing, args.traffic, 0.0, **{**kw, "cycles": 1, "warmup": 0})["model"]
            print_json({**res, **_provenance(top, args, kw, opts, saturation=True)})
        else:
            print(
                f"saturation load {res['saturation_load']:.4f}  (accepted {res['accepted_at_saturation']:.4f}; "
                f"criterion: {res['criterion']})"
            )
            for r in res["runs"]:
                print(f"  offered {r['offered_load']:.4f}  accepted {r['accepted_load']:.4f}")
        return 0
    with log_progress("topoanalysis simulate", estimate=compile_s + est, enabled=not sys.stderr.isatty() and not args.quiet):
        res = simulate(
            top,
            routing,
            args.traffic,
            args.load,
            change_traffic=args.change_traffic,
            change_cycle=args.change_cycle,
            burst=args.burst,
            progress=sys.stderr.isatty() and not args.quiet,
            threads=args.threads,
            **kw,
        )
    if args.json:
        print_json({**res, **_provenance(top, args, kw, opts, saturation=False)})
        return 0 if res["status"] == "ok" else 1
    print(
        f"{top.n_routers} routers, {top.n_endpoints} endpoints; routing {res['routing']} "
        f"({res['routing_variant']}), traffic {res['traffic']}"
    )
    m = res["model"]
    print(
        f"model {m['name']} ({m['source']}): P={m['packet_size']} latency {m['latency']} buffer {m['buffer']} "
        f"vcs {m['vcs']} router delay {m['router_delay']} credit delay {m['credit_delay']}"
        + (f" internal speedup {m['internal_speedup']}" if m["internal_speedup"] != 1 else "")
    )
    print(
        f"offered {res['offered_load']:.4f}  accepted {res['accepted_load']:.4f} phits/(node*cycle) over "
        f"{res['cycles']} cycles after {res['warmup']} warm-up"
    )
    print(
        f"latency avg {res['average_latency']:.1f}  p50 {res['latency_p50']:.0f}  p99 {res['latency_p99']:.0f}  "
        f"max {res['latency_max']:.0f} cycles;  hops avg {res['average_hops']:.3f} "
        + " ".join(f"{k} {v:.3f}" for k, v in res["average_hops_by_kind"].items())
        + ("" if res.get("nonminimal_fraction") is None else f";  non-minimal {100 * res['nonminimal_fraction']:.1f} %")
    )
    # the measured cycles' speed: the whole run's includes the first run's compile
    speed = res["measured_cycles_per_second"]
    if not math.isfinite(speed):
        speed = res["cycles_per_second"]
    print(
        f"packets delivered {res['packets_delivered']}  in flight {res['packets_in_flight']}  "
        f"queued {res['packets_queued']};  {speed:.0f} cycles/s"
    )
    if "drain_time" in res:
        print(f"burst of {res['burst']} packets per node drained at cycle {res['drain_time']}")
    if res["status"] != "ok":
        d = res["deadlock"]
        print(
            f"DEADLOCK at cycle {d['cycle']}: {d['packets_in_network']} packets frozen since cycle "
            f"{d['last_move_cycle']} in {d['n_routers_with_packets']} routers",
            file=sys.stderr,
        )
        cyc = d.get("waiting_cycle")
        if cyc:
            print(
                "  buffers waiting in a ring (channel from -> to, VC): "
                + ", ".join(f"{c['from']}->{c['to']} vc {c['vc']}" for c in cyc),
                file=sys.stderr,
            )
        else:
            print("  no ring of waiting buffers found: a stall rather than a proven deadlock", file=sys.stderr)
        return 1
    return 0
