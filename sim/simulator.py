"""Driver of the compiled engine: configuration, validation, state, chunked run, results.

``simulate(topology, routing="min", traffic="uniform", load=0.3, ...)`` returns a JSON-ready
dict.  The router model comes from ``model`` (a preset of :mod:`sim.models` or a
:class:`~sim.models.RouterModel`), else from the topology's family (dragonflies: García et al. 2014,
Table 1; Slim Fly and the families Besta & Hoefler 2014, §V compares: Besta & Hoefler 2014, §V); explicit parameters
override single fields, and the results name the model that ran.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numba
import numpy as np

from topoanalysis.checks import check_bool, check_int, check_number, check_seed, check_text
from topoanalysis.topology import Topology

from . import _cache
from . import engine as eng
from . import engine_par
from . import layout as lay
from .deadlock import FrozenHeads, stall_bound
from .models import RouterModel, default_model, get_model
from .network import choose
from .policies import OWN_WAIT_BOUND, P_MIN_FIRST, POLICIES, UGAL_QUEUES
from .resources import memory_budget
from .results import results
from .routings import VC_SCHEMES, Routing, make_routing
from .routings.tables import minimal_hops
from .state import WIDE_BYTES, Config, Run
from .traffic import build_traffic

__all__ = ["simulate", "resolve_model", "default_threads", "THREADS_ENV"]

#: the environment variable that sets the default of ``simulate(threads=...)`` (a sweep's worker
#: processes set it to 1: the sweep already spreads its points over the cores)
THREADS_ENV = "TOPOANALYSIS_SIM_THREADS"


_NUMBA_THREADS = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]  # numba sets it at import


def default_threads() -> int:
    """The threads a run uses when ``threads`` is not given: :data:`THREADS_ENV` if set, else
    every thread numba may start (``numba.config.NUMBA_NUM_THREADS``: the cores, unless the
    NUMBA_NUM_THREADS variable says otherwise)."""
    env = os.environ.get(THREADS_ENV)
    if env:
        try:
            n = int(env)
        except ValueError:
            n = 0
        if n < 1:
            raise ValueError(f"threads: {THREADS_ENV} must be an integer >= 1, got {env!r}")
        return n
    return _NUMBA_THREADS


_ARBITRATIONS = {"random": 0, "lrs": 1}


def _model_default(
    top: Topology, what: str, model: RouterModel, required: np.ndarray | None, vcs: np.ndarray | None
) -> np.ndarray:
    """The model's value of ``what`` per link kind of ``top``."""
    names = top.kind_names
    if what == "buffer" and model.buffer_per_port is not None:
        # phits per input port shared equally by its VCs (Besta & Hoefler 2014, §V)
        return np.asarray([model.buffer_per_port // int(v) for v in vcs], np.int64)  # type: ignore[union-attr]  # given with buffer
    vals = model.per_kind(what, names)
    out = np.empty(len(names), np.int64)
    for i, x in enumerate(vals):
        need = int(required[i]) if required is not None else 1
        # a preset's VC count is raised to what the routing needs (García et al. 2014, §5.1: 3/2 VCs, VAL-any 4/2)
        out[i] = need if x is None else (max(int(x), need) if what == "vcs" else int(x))
    return out


def _per_kind(
    top: Topology, what: str, value: Any, model: RouterModel, required: np.ndarray | None = None, vcs: np.ndarray | None = None
) -> np.ndarray:
    """Expand a scalar / sequence (kind order) / mapping kind->value into one int per link kind;
    ``None`` (and kinds a mapping leaves out) take the model's value."""
    names = top.kind_names
    out = np.empty(len(names), np.int64)
    if value is None:
        return _model_default(top, what, model, required, vcs)
    if isinstance(value, Mapping):
        unknown = set(value) - set(names)
        if unknown:
            raise ValueError(f"{what}: unknown link kind(s) {sorted(unknown)}; kinds are {list(names)}")
        missing = set(names) - set(value)
        base = _model_default(top, what, model, required, vcs) if missing else np.zeros(len(names), np.int64)
        for k, x in value.items():
            base[names.index(k)] = _as_int(what, x)
        out = base
    elif isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        out[:] = _as_int(what, value)
    elif isinstance(value, Sequence) and not isinstance(value, str):
        if len(value) != len(names):
            raise ValueError(f"{what}: give one value per link kind {list(names)}, got {list(value)}")
        out[:] = [_as_int(what, x) for x in value]
    else:
        raise ValueError(f"{what}: expected an integer, a list per kind or a mapping kind->int, got {value!r}")
    return out


def _as_int(what: str, x: Any) -> int:
    return check_int(f"{what} (per link kind)", x, 0)


def resolve_model(top: Topology, model: str | RouterModel | None = None, **overrides: Any) -> RouterModel:
    """The router model a run of ``top`` uses: ``model`` (preset name or RouterModel), else the
    family's preset (:func:`sim.models.default_model`), with the non-``None`` scalar ``overrides``
    (packet_size, router_delay, vc_alloc_delay, credit_delay, injection_latency, ejection_latency,
    internal_speedup, iterations, arbitration, intercept) applied; the name records them (``seed001+router_delay``)."""
    m = get_model(model) if model is not None else default_model(top.family)
    return m.replace(**{k: v for k, v in overrides.items() if v is not None})


def clusters(top: Topology) -> tuple[np.ndarray, np.ndarray]:
    """Clusters of routers the engine simulates one after the other through a window (see
    ``sim.engine``): the groups of a network whose routers carry a ``group`` label numbered in
    router order (dragonflies), else the whole network.  Returns the cluster boundaries over
    router indices and each router's cluster."""
    R = top.n_routers
    g = top.labels.get("group")
    if g is not None and R > 0:
        g = np.asarray(g, np.int64)
        if (np.diff(g) >= 0).all():
            starts = np.flatnonzero(np.r_[True, np.diff(g) != 0])
            c_ptr = np.r_[starts, R].astype(np.int64)
            return c_ptr, np.repeat(np.arange(starts.size, dtype=np.int32), np.diff(c_ptr))
    return np.array([0, R], np.int64), np.zeros(R, np.int32)


def lookaheads(top: Topology, lat: np.ndarray, r_cl: np.ndarray) -> tuple[int, int]:
    """(within, between): the least latency of the links inside a cluster (``r_cl``: each router's,
    see :func:`clusters`) and between clusters (``lat`` per link kind).  Nothing a router does
    reaches another router of its cluster sooner than ``within`` cycles, nor another cluster
    sooner than ``between`` (the within figure when there is one cluster)."""
    arcs = top.arcs()
    la = np.asarray(lat)[arcs.kind]
    cross = r_cl[arcs.src] != r_cl[arcs.dst]
    within = int(la[~cross].min()) if (~cross).any() else None
    between = int(la[cross].min()) if cross.any() else within
    if between is None:  # no links at all
        return 1, 1
    return (between if within is None else within), between


def _trace_array(window: Any, end: int) -> np.ndarray:
    """The engine's latency trace for generation cycles [first, last) (see ``simulate``)."""
    if not (isinstance(window, (tuple, list)) and len(window) == 2):
        raise ValueError(f"latency_trace must be (first, last) generation cycles, got {window!r}")
    first, last = (check_int("latency_trace", x, 0) for x in window)
    if not first < last <= end:
        raise ValueError(f"latency_trace: need first < last <= the run's end ({end} cycles), got {first}, {last}")
    tr = np.zeros(2 + 2 * (last - first), np.int64)
    tr[0], tr[1] = first, last - first
    return tr


WIDE_MAX = 64  # most candidates a wide cache entry holds (a head with more is routed at every visit)


def _candidate_cache(top: Topology, rout: Routing, sel: int, vmax: int, on: bool) -> tuple[int, int]:
    """(Config.cache, Config.cw) for this run (see ``sim.layout``): the narrow cache for routings
    whose candidates are a function of header and router when the policy reads arcs and VCs only;
    the wide one, with the candidates' needs and labels, for routings that ask for it (OFAR), as
    wide as the routing's most candidates per head (at most WIDE_MAX; a smaller cache is a faster
    one), unless it would take more than a quarter
    of the memory budget; else none."""
    if not on:
        return lay.CACHE_OFF, lay.CM
    if rout.cacheable and sel != P_MIN_FIRST:
        return lay.CACHE_NARROW, lay.CM
    if rout.wide_cache:
        cw = min(WIDE_MAX, rout.wide_cache)
        entries = top.arcs().src.size * vmax + top.n_endpoints
        if entries * cw * WIDE_BYTES <= memory_budget() // 4:
            return lay.CACHE_WIDE, cw
    return lay.CACHE_OFF, lay.CM


def _source_delay(mdl: RouterModel, sp: int) -> int:
    """Ticks from a packet's generation to its first crossbar step at its router: the injection
    channel and the router delay; with an internal speedup s (``sp`` ticks per cycle) the channel
    and the router delay's last cycle (the input's register, see ``sim.engine``) in cycles, its
    other stages in internal steps."""
    rd, inj = int(mdl.router_delay), int(mdl.injection_latency)
    if sp == 1:
        return inj + rd
    k = 1 if rd > 0 else 0
    return sp * (inj + k) + rd - k


def simulate(
    top: Topology,
    routing: str | Routing = "min",
    traffic: str = "uniform",
    load: float = 0.3,
    *,
    cycles: int = 10_000,
    warmup: int = 5_000,
    seed: int = 0,
    model: str | RouterModel | None = None,
    packet_size: int | None = None,
    latency: Any = None,
    buffer: Any = None,
    vcs: Any = None,
    iterations: int | None = None,
    arbitration: str | None = None,
    router_delay: int | None = None,
    vc_alloc_delay: int | None = None,
    credit_delay: int | None = None,
    injection_latency: int | None = None,
    ejection_latency: int | None = None,
    internal_speedup: int | None = None,
    intercept: bool | None = None,
    selection: str | None = None,
    vc_scheme: str = "routing",
    injection_bubble: int = 0,
    escape_threshold: float | None = None,
    escape_occupancy: str = "credits",
    watchdog: int = 20_000,
    change_traffic: str | None = None,
    change_cycle: int | None = None,
    burst: int = 0,
    max_cycles: int = 10_000_000,
    chunk: int = 1_000,
    per_link: bool = False,
    progress: bool = False,
    eager_wakeup: bool = False,
    full_scan: bool = False,
    cache_candidates: bool = True,
    latency_trace: tuple[int, int] | None = None,
    batch: int = 8,
    window: int | None = None,
    group_window: int | None = None,
    threads: int | None = None,
) -> dict[str, Any]:
    """Simulate ``top`` and return the results dict (see module doc and ``sim.engine`` for the model).

    ``model`` names the router model (:data:`sim.models.PRESETS`: ``seed000``, ``seed001``,
    ``seed002``, ``seed003``, ``booksim``, or a :class:`~sim.models.RouterModel`); by default the
    family's paper setup.  ``packet_size``, ``latency``, ``buffer``, ``vcs``, ``iterations``,
    ``arbitration``, ``router_delay``, ``vc_alloc_delay``, ``credit_delay``, ``injection_latency``,
    ``ejection_latency`` and ``internal_speedup`` override the model's value when given (per-kind
    ones as an integer, a list in kind order or a mapping kind -> value), and so does ``intercept``
    (eject a packet at its destination router also on its way to a Valiant intermediate; the
    ``seed003`` model's default, Han et al. 2017, §3).  Every time in the arguments and the results
    is in network cycles, whatever the internal speedup.
    ``injection_bubble = b`` gates injection (BCM, García et al. 2014, §3.4: "bubble 2 packets" in Table 1):
    a packet leaves its source queue only for a buffer with room for 1 + b packets, so traffic
    already in the network keeps room to advance.
    ``escape_threshold = th`` (percent) gates injection by ECM (García et al. 2014, §3.4.1: "Th_ECM 20%" in
    Table 1): a router's nodes inject nothing while every escape buffer of the router holds more
    than th % of its packets (a whole percent); only for a routing with an escape subnetwork (OFAR).
    ``escape_occupancy`` says which buffers.  ``"credits"`` (default) reads, as FOGSim, the paper's own
    simulator, does (``switchModule::escapeCongested``, fuentesp/fogsim b934297), the escape VC of each
    of the router's outputs on the escape subnetwork by its credits: the packets in the next router's
    buffer and on the link toward it.  ``"buffers"`` reads the paper's words literally ("the local
    buffers of the escape subnetwork in the current router"): the escape VC of each of the router's
    inputs on the escape subnetwork, counting the packets that have arrived, routable there by the
    cycle, not those still on the link.  The two differ: OFAR with the tree escape under uniform
    traffic at offered 0.8 (Fig. 5) accepts 0.475 by credits, 0.344 by buffers.

    ``load`` is the offered load in phits/(node·cycle) of the nodes that send under ``traffic``.
    Statistics cover packets received in cycles [warmup, warmup+cycles).  With ``burst = n`` every
    node instead injects n packets as fast as it can (García et al. 2014, §5.3) and the run lasts until all
    are delivered; ``drain_time`` is the cycle of the last reception.
    ``eager_wakeup=True`` revisits every router holding a routable head each cycle instead of
    computing when it can next move (slower; the reference the tests compare the fast path with).
    ``full_scan=True`` makes every router visit scan all its inputs instead of only those holding
    packets (the reference for the per-router input bit masks; same results).
    ``latency_trace = (first, last)`` records the latency of the packets generated in each cycle
    of [first, last) (García et al. 2014, Fig. 7 "the measured latency of the packets that are sent each
    cycle"): the result's ``latency_trace`` holds their mean per cycle (None for a cycle with no
    packet received by the end of the run: let the run go on past ``last`` by more than the
    latencies of interest) and their counts.
    ``cache_candidates=False`` routes every head again at every visit instead of keeping its
    candidates until it moves (the reference for the candidate caches; same results).
    ``watchdog``: a run in which nothing moves for that many cycles while packets are in the
    network stops with ``status: "deadlock"``.  Each input buffer's head is also watched (at the
    end of every ``chunk`` of cycles): a set of buffers frozen for ``watchdog`` cycles while the
    rest moves, or at the end of the run frozen for a few link round trips, whose heads have every
    candidate channel full and inside the set can never move again (:func:`sim.cdg.stuck_ring`),
    and is reported as a deadlock too (``deadlock.found_by: "buffers"``).
    ``batch`` is the number of routers the engine visits together (1 to 64; same results, see
    ``sim.engine``; 8 was the fastest on the h = 16 dragonfly).
    ``group_window`` is the number of cycles the engine simulates a group of routers through
    before the next group (dragonflies; 1 to the smallest latency of the global links, the
    default), ``window`` the number it simulates a batch of routers through before the next
    batch of the group (1 to the smallest local latency, the default); the run is the same for
    every choice (see ``sim.engine``).  Except for a routing that reads other routers' state
    (``ugal-g``, ``pb``): it sees snapshots taken at the start of each group window, so the window
    adds 0 to group_window - 1 cycles to the age of its information (default 1: the state at the
    start of each cycle; Besta & Hoefler 2014's UGAL-G with access to all queues, and PB's flags exactly
    ``remote_delay_cycles`` old, in the results).
    ``threads`` is the number of threads that simulate the groups of a window at the same time
    (``sim.engine_par``; default :func:`default_threads`: every core, 1 in a sweep's workers);
    at most one per group is used, and a network of one group (no ``group`` labels: every family
    but the dragonflies) runs on one.  The results are the same bit for bit for every number of
    threads; the first run of a routing with more than one thread compiles the threaded engine
    (about as long as the one-thread engine's first compile).
    """
    if not isinstance(top, Topology):
        raise ValueError(f"topology must be a Topology, got {type(top).__name__}")
    if top.n_endpoints < 1:
        raise ValueError("topology: no endpoints; give a concentration (Topology.with_endpoints(p) / --p)")
    for nm, val, lo in (
        ("cycles", cycles, 1),
        ("warmup", warmup, 0),
        ("watchdog", watchdog, 1),
        ("burst", burst, 0),
        ("chunk", chunk, 1),
        ("batch", batch, 1),
        ("injection_bubble", injection_bubble, 0),
    ):
        check_int(nm, val, lo)
    check_seed("seed", seed)
    check_text("traffic", traffic, "a pattern name such as 'uniform' (see sim.traffic; map:FILE for a file of destinations)")
    if change_traffic is not None:
        check_text("change_traffic", change_traffic, "a pattern name such as 'uniform' (or None)")
    if not isinstance(routing, (str, Routing)):
        raise ValueError(
            f"routing must be a routing name (sim.routings.REGISTRY) or a Routing, got {type(routing).__name__} {routing!r}"[:300]
        )
    for nm, flag in (
        ("per_link", per_link),
        ("progress", progress),
        ("eager_wakeup", eager_wakeup),
        ("full_scan", full_scan),
        ("cache_candidates", cache_candidates),
    ):
        check_bool(nm, flag)
    threads = default_threads() if threads is None else check_int("threads", threads, 1)
    if batch > lay.KB:
        raise ValueError(f"batch must be at most {lay.KB} routers, got {batch}")
    check_number("load (phits/(node*cycle))", load, minimum=0.0, maximum=1.0)
    mdl = resolve_model(
        top,
        model,
        packet_size=packet_size,
        iterations=iterations,
        arbitration=arbitration,
        router_delay=router_delay,
        vc_alloc_delay=vc_alloc_delay,
        credit_delay=credit_delay,
        injection_latency=injection_latency,
        ejection_latency=ejection_latency,
        internal_speedup=internal_speedup,
        intercept=intercept,
    )
    P = mdl.packet_size
    sp = int(mdl.internal_speedup)  # the engine's ticks per network cycle (see sim.engine)
    rout = routing if isinstance(routing, Routing) else make_routing(top, str(routing))
    scheme = choose(VC_SCHEMES, "vc_scheme", vc_scheme)
    req = rout.required_vcs(scheme)
    lat = _per_kind(top, "latency", latency, mdl)
    nvc = _per_kind(top, "vcs", vcs, mdl, req)
    if nvc.min() < 1 or nvc.max() > 62:
        raise ValueError(
            f"vcs must be 1..62 per link kind (a port's VCs are one bit mask), got {dict(zip(top.kind_names, nvc.tolist()))}"
        )
    buf = _per_kind(top, "buffer", buffer, mdl, vcs=nvc)
    explicit = [nm for nm, v in (("latency", latency), ("buffer", buffer), ("vcs", vcs)) if v is not None]
    if explicit:
        mdl = mdl.replace(name=mdl.name + "".join(f"+{nm}" for nm in explicit))
    if lat.min() < 1:
        raise ValueError(f"latency must be >= 1 cycle per link kind, got {dict(zip(top.kind_names, lat.tolist()))}")
    last = (
        (max_cycles if burst else int(warmup) + int(cycles))
        + int(lat.max())
        + P
        + mdl.router_delay
        + mdl.vc_alloc_delay
        + mdl.credit_delay
        + mdl.injection_latency
        + mdl.ejection_latency
    )
    if last * sp >= 2**31:
        raise ValueError(f"cycles: the run would reach cycle {last}; the engine keeps cycles in int32 (< 2^31)")
    if int((buf // P).max()) > 32767:
        raise ValueError(f"buffer: at most 32767 packets per VC (credit slot indices are int16), got {int((buf // P).max())}")
    small = buf < P
    if small.any():
        k = int(np.flatnonzero(small)[0])
        raise ValueError(
            f"buffer of kind {top.kind_names[k]!r} ({buf[k]} phits) is smaller than a packet "
            f"({P} phits): virtual cut-through needs room for a whole packet"
        )
    tight = (buf // P) < 1 + injection_bubble
    if injection_bubble and tight.any():
        k = int(np.flatnonzero(tight)[0])
        raise ValueError(
            f"injection_bubble: {injection_bubble} needs buffers of at least {1 + injection_bubble} "
            f"packets per VC, but {top.kind_names[k]!r} links have {int(buf[k] // P)} "
            "(nothing could be injected)"
        )
    if escape_threshold is not None:
        check_number("escape_threshold (percent)", escape_threshold, minimum=0.0, maximum=100.0)
        if rout.escape_arcs is None:
            raise ValueError(
                f"escape_threshold: ECM needs a routing with an escape subnetwork (ofar, ofar-tree, ...), got {rout.name!r}"
            )
    if escape_occupancy not in lay.ECM_OCCUPANCIES:
        raise ValueError(f"escape_occupancy: must be one of {', '.join(lay.ECM_OCCUPANCIES)}, got {escape_occupancy!r}")
    arc_nv = None
    if rout.arc_vcs is not None:
        arcs = top.arcs()
        bad = rout.arc_vcs.shape != (arcs.src.size,) or rout.arc_vcs.min(initial=0) < 0 or rout.arc_vcs.max(initial=0) > 62
        if bad:
            raise ValueError(
                f"routing {rout.name!r}: arc_vcs must hold one VC count 0..62 per arc "
                f"({arcs.src.size} arcs), got shape {rout.arc_vcs.shape}"
            )
        arc_nv = np.maximum(nvc[arcs.kind], rout.arc_vcs)
    if rout.escape_arcs is not None:
        short_esc = (buf // P)[top.arcs().kind][rout.escape_arcs > 0] < rout.escape_room
        if short_esc.any():
            raise ValueError(
                f"buffer: routing {rout.name!r} enters its escape subnetwork with room for "
                f"{rout.escape_room} packets (bubble flow control, García et al. 2014, §3.3.2), but some escape "
                f"links buffer {int((buf // P).min())} packet(s) per VC"
            )
        # one escape VC beyond the kind's on the arcs of the escape subnetwork (its last VC)
        arc_nv = (nvc[top.arcs().kind] if arc_nv is None else arc_nv) + rout.escape_arcs
        if arc_nv.max() > 62:
            raise ValueError(f"vcs: at most 61 VCs per kind with an escape VC, got {int(arc_nv.max()) - 1}")
    short = nvc < req
    if short.any():
        k = int(np.flatnonzero(short)[0])
        raise ValueError(
            f"vcs: routing {rout.name!r} with VC scheme {vc_scheme!r} needs {int(req[k])} VCs on "
            f"{top.kind_names[k]!r} links for deadlock freedom, got {int(nvc[k])}"
        )
    cl = clusters(top)
    within, between = lookaheads(top, lat, cl[1])  # no router's action reaches another sooner (see engine)
    # a remote routing's default window is one tick: the state it reads is exactly its delay old
    gw_tick = group_window is None and rout.remote
    if group_window is None:
        group_window = 1 if rout.remote else between
    if isinstance(group_window, bool) or not isinstance(group_window, (int, np.integer)) or not 1 <= group_window <= between:
        one = "; no group labels: the network is one group" if len(cl[0]) == 2 else ""
        raise ValueError(
            f"group_window must be an integer from 1 to the smallest latency of the links between "
            f"groups ({between} cycles{one}), got {group_window!r}"
        )
    if window is None:
        window = min(within, group_window)
    if isinstance(window, bool) or not isinstance(window, (int, np.integer)) or not 1 <= window <= min(within, group_window):
        raise ValueError(
            f"window must be an integer from 1 to the smallest link latency within a group "
            f"({within} cycles) and at most group_window ({group_window}), got {window!r}"
        )
    if rout.remote:
        # room for state delay cycles old; the delay is fixed per run (None: the local links' latency)
        delay = int(within) if rout.remote_delay is None else int(rout.remote_delay)
        rout = rout.with_remote_state(int(top.arcs().src.size), 1 if gw_tick else int(group_window) * sp, delay * sp)
    if mdl.intercept:
        rout = rout.with_interception()
    sel = choose(POLICIES, "selection", selection) if selection is not None else rout.selection
    arb = choose(_ARBITRATIONS, "arbitration", mdl.arbitration)
    dist_fn = (lambda: rout.tables.dist) if rout.tables.dist.shape[0] == top.n_routers else None
    if change_cycle is not None and check_int("change_cycle", change_cycle, 0) >= warmup + cycles and not burst:
        raise ValueError(
            f"change_cycle must be < warmup + cycles = {warmup + cycles} (the run's end), got "
            f"{change_cycle}: the second pattern would never run"
        )
    tt, active = build_traffic(
        top, traffic, seed, change_traffic, None if change_cycle is None else change_cycle * sp, dist_fn=dist_fn
    )
    n_active = int(active.sum())
    if n_active == 0:
        raise ValueError(f"traffic {traffic!r}: no endpoint sends")
    nk = len(top.kind_names)
    ms, me = (0, max_cycles) if burst else (int(warmup), int(warmup) + int(cycles))
    vmax = int(nvc.max() if arc_nv is None else arc_nv.max())
    cache, cw = _candidate_cache(top, rout, sel, vmax, cache_candidates)
    cf = Config(
        P=int(P),
        vmax=vmax,
        iters=int(mdl.iterations),
        arb=int(arb),
        sel=int(sel),
        vcs=int(scheme),
        watchdog=int(watchdog) * sp,
        ms=int(ms) * sp,
        me=int(me) * sp,
        nk=nk,
        burst=int(burst),
        cache=int(cache),
        cw=int(cw),
        eager=int(bool(eager_wakeup)),
        scan_all=int(bool(full_scan)),
        batch=int(batch),
        win=min(int(window) * sp, 1 if gw_tick else int(group_window) * sp),
        gwin=1 if gw_tick else int(group_window) * sp,
        rdelay=int(mdl.router_delay),
        cdelay=int(mdl.credit_delay),
        ejlat=int(mdl.ejection_latency),
        srcdelay=_source_delay(mdl, sp),
        vadelay=int(mdl.vc_alloc_delay),
        bubble=int(injection_bubble),
        remote=int(rout.remote),
        ecm=-1 if escape_threshold is None else int(round(escape_threshold)),
        ecmq=lay.ECM_OCCUPANCIES.index(escape_occupancy),
        holds=int(sel in OWN_WAIT_BOUND),
        uthr=int(rout.threshold),
        uqueue=UGAL_QUEUES.index(rout.queue),
        # a slot's zero-load round trip beyond twice its link: downstream pipeline, packet, credit
        # delay, one cycle of slack (ticks with internal speedup)
        uheld=sp * (int(mdl.credit_delay) + int(P) + 1) + int(mdl.router_delay),
        sp=sp,
        q=float(load) / P,
    )
    end = max_cycles if burst else me
    run = Run(top, rout, tt, lat, buf, nvc, cf, seed, int(burst), cl, arc_nv)
    if latency_trace is not None:
        trace = _trace_array(latency_trace, end)
        trace[0] *= sp  # the engine's generation ticks (its latencies are in cycles)
        run.stt = run.stt._replace(trace=trace)
    # the table the non-minimal fraction is counted against (router hops of a minimal path); a
    # routing of minimal paths only is not counted (0 by construction, and a lookup per packet)
    if rout.minimal_only:
        nonmin_basis = "minimal paths only (by construction)"
    else:
        dmin, nonmin_basis = minimal_hops(top)
        run.stt = run.stt._replace(dmin=dmin)
    ms, me, end, chunk = ms * sp, me * sp, end * sp, chunk * sp  # the loop counts ticks

    # a remote routing reads the clock of its router's group (RTables.rclock), which the engine sets
    # per cluster: each cluster within one group, and on several threads each cluster a group of its own
    if rout.remote and (rout.tables.group != np.repeat(rout.tables.group[cl[0][:-1]], np.diff(cl[0]))).any():
        raise RuntimeError(f"routing {rout.name!r}: its tables' groups split the engine's clusters")
    serial_only = rout.remote and not np.array_equal(rout.tables.group, cl[1])
    # the ofar selection policy under a routing without an escape subnetwork gives results that
    # depend on the engine's windows even on one thread (valiant with selection="ofar": average
    # latency 296.2 cycles with the default windows, 289.4 with group_window=1, on the serial
    # engine), so the order in which threads meet would change them too
    serial_only = serial_only or (sel in OWN_WAIT_BOUND and rout.escape_arcs is None)
    part = engine_par.partition(cl[0], 1 if serial_only else threads)
    nth = part.size - 1
    loop = engine_par.run_cycles_par if nth > 1 else eng.run_cycles
    pw = engine_par.par_work(run, part) if nth > 1 else None
    if not any(_cache.names(sig, rout.kind.name) for sig in loop.signatures):
        # compiled (or loaded from the disk cache) here, not at the first call, so that one process
        # at a time compiles a kind and the others load it
        args = (0, 0, *run.records()) if pw is None else (0, 0, *run.records()[:-1], pw)
        with _cache.compile_lock(rout.kind.name, nth > 1):
            _cache.compile_notice(False, rout.kind.name, nth > 1)
            loop.compile(tuple(numba.typeof(a) for a in args))
    numba_threads = numba.get_num_threads() if pw is not None else 0
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=end, unit="cyc", leave=False)
    t = 0
    status = lay.ST_OK
    frozen = FrozenHeads(run, bound=stall_bound(mdl, lat, sp))
    ring = None
    wall = time.perf_counter()
    wall_m = 0.0  # wall time of the cycles from the warm-up's end on (the network's steady state)
    try:
        if pw is not None:
            numba.set_num_threads(min(nth, _NUMBA_THREADS))
        while t < end:
            t1 = min(end, t + chunk)
            if t < ms < t1:
                t1 = ms  # chunks end at cycle boundaries, so splitting one changes no result
            w0 = time.perf_counter()
            if pw is None:
                status, tn = eng.run_cycles(t, t1, *run.records())
            else:
                status, tn = engine_par.run_cycles_par(t, t1, *run.records()[:-1], pw)  # type: ignore[call-arg]
            if t >= ms:
                wall_m += time.perf_counter() - w0
            if bar is not None:
                bar.update(tn - t)
            t = int(tn)
            if status == lay.ST_GROW:
                run.grow()
                continue
            if status != lay.ST_OK:
                break
            if burst and run.stt.scal[lay.S_DELIV] == run.stt.scal[lay.S_GEN] and not run.ep.burst_left.any():
                break
            frozen.observe(t)
            # a deadlock of part of the network: the watchdog (no move anywhere) cannot see it
            if t < end and frozen.longest(t) >= cf.watchdog:
                ring = frozen.ring(t, cf.watchdog, top, rout, scheme)
                if ring is not None:
                    status = lay.ST_DEADLOCK
                    break
    finally:
        if pw is not None:
            numba.set_num_threads(numba_threads)
            engine_par.LAST_CLOCK[:] = pw.clock
        if bar is not None:
            bar.close()
    if status == lay.ST_OK:
        frozen.observe(t)  # the same heads if the last chunk observed them (a grown pool's chunk did not)
    if status == lay.ST_OK and frozen.longest(t) >= frozen.bound:
        # the run may have stopped before the watchdog could fire: a frozen ring is a deadlock
        ring = frozen.ring(t, frozen.bound, top, rout, scheme)
        if ring is not None:
            status = lay.ST_DEADLOCK
    wall = time.perf_counter() - wall
    if status == lay.ST_FULL:
        raise RuntimeError(
            "engine: a thread's list of effects at other groups filled up within a window "
            "(sim.engine_par.other_room is too small); run with threads=1"
        )
    if status == lay.ST_ERROR:
        err = int(run.stt.scal[lay.S_ERR])
        if err < 0:
            raise RuntimeError(
                f"routing {rout.name!r} proposed {-1 - err} candidates, more than the engine's "
                f"candidate buffers hold (sim.layout: max degree + 2 + NC_EXTRA, times the VCs)"
            )
        raise ValueError(f"vcs: the routing asked for a VC beyond those configured on arc {err}")
    return results(
        run,
        top,
        rout,
        locals_=dict(
            traffic=traffic,
            load=float(load),
            cycles=int(cycles),
            warmup=int(warmup),
            seed=int(seed),
            P=P,
            lat=lat,
            buf=buf,
            nvc=nvc,
            mdl=mdl,
            selection=sel,
            vc_scheme=vc_scheme,
            scheme=scheme,
            injection_bubble=injection_bubble,
            escape_threshold=None if escape_threshold is None else int(round(escape_threshold)),
            escape_occupancy=None if escape_threshold is None else escape_occupancy,
            status=status,
            ring=ring,
            frozen=frozen,
            t=t // sp,
            wall=wall,
            wall_m=wall_m,
            n_active=n_active,
            burst=int(burst),
            ms=ms // sp,
            me=me // sp,
            sp=sp,
            per_link=per_link,
            change_traffic=change_traffic,
            change_cycle=change_cycle,
            nonmin_basis=nonmin_basis,
        ),
    )
