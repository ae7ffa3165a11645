"""Routings: one module per routing, found through :data:`REGISTRY`.

A routing contributes numpy tables (:class:`~sim.routings.base.RTables`) and compiled functions
the engine calls through the dispatch below; the engine knows no topology.

* ``init(rt, net, pk, p, src_router, dst_router, rng)`` -- at generation: source decisions
  (a Valiant intermediate, header flags).
* ``candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops) -> n`` -- at the head of a buffer:
  the allowed output arcs in preference order (``-1``: eject here), each with a label
  (minimal / non-minimal / escape) and the estimated hops left through it.
* ``own_vc(rt, net, pk, p, arc)`` -- the routing's own deadlock-free VC for a candidate (the VC
  scheme ``routing``; other schemes in :mod:`sim.routings.vc` wrap any routing).  Only
  valiant-any's depends on the arc; the dispatch calls the others once per head, with arc -1.
* ``on_move(rt, net, pk, p, arc)`` -- after the packet won ``arc``: header updates.
A selection policy (:mod:`sim.policies`) then chooses among the available candidates from the
router's live state.

Adding a routing touches:

* its module here: the compiled functions above, the names of its parameter slots in ``rt.ip``
  (``IP_*``, each an index no other module uses), and a ``build(top, name, rid, **options)``
  returning a :class:`~sim.routings.base.Routing` that declares its source decisions
  (``sources``: every intermediate and header the channel-dependency enumeration of
  :mod:`sim.cdg` must follow) and its options' checks;
* one entry in :data:`REGISTRY` (builder, help line, paper, options): the CLI help, the README's
  table and the docs are made from it;
* one branch per compiled function in the dispatch below, and its tests.

Its ``candidates`` is a function of its own (``@call``, see ``sim/_jit.py``); the small helpers
every routing shares are ``@helper`` (compiled once, always inlined by LLVM).  Integer arguments
of compiled helpers are passed as int64 variables, not literals or int32 table entries: numba
compiles a function once per argument type, and a literal 0 is a type of its own.  Why integer
dispatch instead of numba first-class functions: a function value cannot be cached across
processes (``cache=True``: each call site would recompile at every start), costs an indirect call
per head and blocks inlining.
"""

from __future__ import annotations

from typing import NamedTuple
from collections.abc import Callable

import numpy as np

from topoanalysis.topology import Topology

from .._hints import prefetch, prefetch2
from .._jit import helper, helper_py
from . import colour, dor, minimal, ofar, table, ugal, valiant, valiant_any
from .base import F_PHASE1, IP_BASE, IP_GPAIR, IP_GROUPS, IP_INTERCEPT, NetArrays, Packets, Routing, RTables
from .tables import distance_table
from .vc import VC_ANY, VC_HOPS, VC_HOPS_KIND, VC_ROUTING, VC_SCHEMES, every_vc

__all__ = [
    "REGISTRY",
    "RoutingEntry",
    "routing_list",
    "ROUTINGS",
    "OPTIONS",
    "make_routing",
    "Routing",
    "RTables",
    "NetArrays",
    "Packets",
    "distance_table",
    "VC_SCHEMES",
    "route_init",
    "route_candidates",
    "route_step_candidates",
    "route_on_move",
    "route_prefetch",
    "route_decide",
    "leaves_choice_to_policy",
    "decides_on_request",
    "route_is_escape",
]

R_MIN, R_DFMIN, R_VALIANT, R_VALANY, R_DOR, R_TABLE, R_UGAL, R_UGALG, R_OFAR, R_COLOUR = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9


class RoutingEntry(NamedTuple):
    """A registered routing: its builder ``build(top, name, **options) -> Routing``, the one-line
    description the CLI help and the README list show, the paper it implements, and the options
    its builder takes (``make_routing(top, name, **options)``)."""

    build: Callable[..., Routing]
    summary: str
    reference: str
    options: tuple[str, ...] = ()

    def __call__(self, top: Topology, name: str, **options: object) -> Routing:
        return self.build(top, name, **options)


# the papers as the docs cite them (topoanalysis.references has their full citations)
_S000 = "Camarero et al. 2014"
_S001 = "García et al. 2014"
_S002 = "Besta & Hoefler 2014"
_S003 = "Han et al. 2017"
_ESC = ("escape_limit",)


def _no_options(top: Topology, name: str, options: dict) -> Routing:
    """``valiant`` off a dragonfly: valiant-any, which takes no options."""
    if options:
        raise ValueError(
            f"routing {name!r}: {', '.join(sorted(options))} applies to dragonflies (intermediate "
            f"groups); on {top.family!r} valiant is valiant-any, which takes none"
        )
    return valiant_any.build(top, name, R_VALANY)


#: routing name -> entry (the names the CLI and ``simulate`` accept, in the order the help lists them)
REGISTRY: dict[str, RoutingEntry] = {
    "min": RoutingEntry(
        lambda top, nm: minimal.build_min(top, nm, R_MIN, R_DFMIN),
        "minimal: hierarchical l-g-l on a dragonfly with complete groups (df-min), else sp-min",
        f"{_S000}, §7; {_S002}, §IV-A",
    ),
    "valiant": RoutingEntry(
        lambda top, nm, **kw: valiant.build(top, nm, R_VALIANT, **kw) if minimal.is_dragonfly(top) else _no_options(top, nm, kw),
        "Valiant: through a random intermediate group on a dragonfly, else valiant-any",
        f"{_S001}, §2; {_S002}, §IV-B",
        ("destination_group",),
    ),
    "valiant-any": RoutingEntry(
        lambda top, nm: valiant_any.build(top, nm, R_VALANY),
        "Valiant through a random intermediate router, minimal in each phase",
        f"{_S002}, §IV-B",
    ),
    "dor": RoutingEntry(lambda top, nm: dor.build(top, nm, R_DOR), "dimension order on Hamming graphs", f"{_S000}, §3"),
    "df-min": RoutingEntry(
        lambda top, nm: minimal.build_df_min(top, nm, R_DFMIN),
        "dragonfly minimal: local, global, local hop (l-g-l)",
        f"{_S000}, §7; {_S001}, §2",
    ),
    "sp-min": RoutingEntry(
        lambda top, nm: minimal.build_sp_min(top, nm, R_MIN),
        "shortest paths, every minimal next hop a candidate",
        f"{_S002}, §IV-A",
    ),
    "sp-table": RoutingEntry(
        lambda top, nm: table.build(top, nm, R_TABLE),
        "one fixed shortest path per pair (BookSim2's anynet table)",
        "BookSim2 anynet",
    ),
    "ugal-l": RoutingEntry(
        lambda top, nm, **kw: ugal.build(top, nm, R_UGAL, **kw),
        "UGAL with local information: minimal or one of 4 Valiant paths, chosen at the source by queue length x hops",
        f"{_S002}, §IV-C",
        ("threshold",),
    ),
    "ugal-booksim": RoutingEntry(
        lambda top, nm, **kw: ugal.build_booksim(top, nm, R_UGAL, **kw),
        "BookSim2's ugal on a dragonfly: one random intermediate router, minimal iff "
        "q_min <= 2 q_non + 30 phits, its 3 VCs by phase (not deadlock-free, as BookSim2's)",
        "BookSim2 dragonflynew",
        ("threshold",),
    ),
    "ugal-g": RoutingEntry(
        lambda top, nm: ugal.build_global(top, nm, R_UGALG),
        "UGAL with global information: the path with the fewest packets queued along it",
        f"{_S002}, §IV-C",
    ),
    "pb": RoutingEntry(
        lambda top, nm, **kw: ugal.build_pb(top, nm, R_UGAL, **kw),
        "Piggybacking: UGAL-L with the global links' saturation flags of the group",
        f"{_S001}, §4",
        ("destination_group",),
    ),
    "valiant-lf": RoutingEntry(
        lambda top, nm: valiant_any.with_loop_free(valiant_any.build(top, nm, R_VALANY), top, nm),
        "loop-free Valiant: intermediates that cannot loop (diameter-2 topologies)",
        f"{_S003}, §3",
    ),
    "ugal-l-lf": RoutingEntry(
        lambda top, nm: valiant_any.with_loop_free(ugal.build(top, nm, R_UGAL), top, nm),
        "UGAL-L over loop-free Valiant paths (diameter-2 topologies)",
        f"{_S003}, §3",
    ),
    "ofar": RoutingEntry(
        lambda top, nm, **kw: ofar.build(top, nm, R_OFAR, **kw),
        "OFAR: on-the-fly adaptive misrouting, local and global, escape ring A",
        f"{_S001}, §3",
        _ESC,
    ),
    "ofar-l": RoutingEntry(
        lambda top, nm, **kw: ofar.build(top, nm, R_OFAR, local=False, **kw),
        "OFAR without local misrouting, escape ring A",
        f"{_S001}, §3",
        _ESC,
    ),
    "ofar-ring-b": RoutingEntry(
        lambda top, nm, **kw: ofar.build(top, nm, R_OFAR, escape="ring-b", **kw),
        "OFAR with escape ring B (canonical dragonfly, h > 2)",
        f"{_S001}, §3.3.3",
        _ESC,
    ),
    "ofar-ring-c": RoutingEntry(
        lambda top, nm, **kw: ofar.build(top, nm, R_OFAR, escape="ring-c", **kw),
        "OFAR with escape ring C (canonical dragonfly, h > 4)",
        f"{_S001}, §3.3.3",
        _ESC,
    ),
    "ofar-tree": RoutingEntry(
        lambda top, nm, **kw: ofar.build(top, nm, R_OFAR, escape="tree", **kw),
        "OFAR with an escape tree",
        f"{_S001}, §3.3.1",
        _ESC,
    ),
    "ofar-l-tree": RoutingEntry(
        lambda top, nm, **kw: ofar.build(top, nm, R_OFAR, local=False, escape="tree", **kw),
        "OFAR without local misrouting, escape tree",
        f"{_S001}, §3.3.1",
        _ESC,
    ),
    "ofar-2rings": RoutingEntry(
        lambda top, nm, **kw: ofar.build(top, nm, R_OFAR, escape="rings-ab", **kw),
        "OFAR with two escape rings, A and B",
        f"{_S001}, §3.3.3",
        _ESC,
    ),
    "2color-min": RoutingEntry(
        lambda top, nm: colour.build(top, nm, R_COLOUR),
        "2-colour minimal routing of trunked dragonflies, no VCs needed (t >= 2)",
        f"{_S000}, §6",
    ),
    "4color-min": RoutingEntry(
        lambda top, nm: colour.build(top, nm, R_COLOUR),
        "4-colour minimal routing of trunked dragonflies (t >= 4)",
        f"{_S000}, §6",
    ),
    "4color-nonmin": RoutingEntry(
        lambda top, nm: colour.build(top, nm, R_COLOUR),
        "4-colour non-minimal routing of trunked dragonflies (t >= 4)",
        f"{_S000}, §6",
    ),
    "4color-adaptive": RoutingEntry(
        lambda top, nm: colour.build(top, nm, R_COLOUR),
        "4-colour adaptive: minimal or non-minimal by Piggybacking at injection (t >= 4)",
        f"{_S000}, §6",
    ),
}
#: the options each routing's builder takes (``make_routing(top, name, **options)``)
OPTIONS: dict[str, tuple[str, ...]] = {nm: e.options for nm, e in REGISTRY.items() if e.options}
ROUTINGS = tuple(REGISTRY)


def routing_list(markdown: bool = False) -> str:
    """The registered routings, one line each: name, summary and the paper it implements (the
    ``simulate --routing`` help and the README's list are this text)."""
    if markdown:
        return "\n".join(f"| `{nm}` | {e.summary} | {e.reference} |" for nm, e in REGISTRY.items())
    return "\n".join(f"  {nm:16s} {e.summary} ({e.reference})" for nm, e in REGISTRY.items())


def make_routing(top: Topology, name: str, **options: object) -> Routing:
    """Build routing ``name`` for ``top``.

    ``min``: on a dragonfly with complete groups the hierarchical l-g-l routing (``df-min``), else
    shortest paths (``sp-min``).  ``valiant``: on a dragonfly through a random intermediate group,
    elsewhere as ``valiant-any`` (random intermediate router).  ``dor``: dimension order on Hamming
    graphs.  ``sp-table``: one fixed shortest path per pair, BookSim2's anynet table.  See each
    module's docstring for the definition and VCs.  ``options``: those in :data:`OPTIONS` (the
    OFAR family's ``escape_limit``, its re-injection counter).
    """
    try:
        build = REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(f"routing: unknown routing {name!r}; known: {', '.join(ROUTINGS)}") from None
    bad = sorted(set(options) - set(OPTIONS.get(name, ())))
    if bad:
        raise ValueError(
            f"routing {name!r}: unknown option(s) {', '.join(bad)}; it takes {', '.join(OPTIONS.get(name, ())) or 'none'}"
        )
    return build(top, name, **options)


# ----------------------------------------------------------------------------- compiled dispatch
@helper
def _route_init(rid, rt, net, pk, p, sr, dr, st):
    """Source decisions at generation."""
    pk.flags[p] = 0
    pk.inter[p] = -1
    if rid == R_VALIANT:
        valiant.init(rt, net, pk, p, sr, dr, st)
    elif rid == R_VALANY:
        valiant_any.init(rt, net, pk, p, sr, dr, st)
    elif rid == R_UGAL or rid == R_UGALG:
        ugal.init(rt, net, pk, p, sr, dr, st)
    elif rid == R_OFAR:
        ofar.init(rt, net, pk, p, st)
    elif rid == R_COLOUR:
        colour.init(rt, net, pk, p, sr, dr, st)


@helper_py
def route_init(rid, rt, net, pk, p, sr, dr, st):
    """:func:`_route_init`, callable from Python (tests, channel dependencies); the engine
    calls ``_route_init``, compiled without a Python entry point."""
    return _route_init(rid, rt, net, pk, p, sr, dr, st)


@helper
def _step_candidates(rid, rt, net, pk, p, r, out_arc, out_lab, out_hops):
    # Every head but an undecided UGAL packet's (see ``route_candidates``); no tags, which are read
    # only for heads that leave the choice to the policy.  The base minimal step (sp-min, df-min,
    # and Valiant and Valiant-any once past their intermediate) is always inlined; the routings'
    # own candidate functions are functions of their own (see sim/_jit.py).  One integer type for p
    # and r at every call site keeps them to one signature each.
    p = np.int64(p)
    r = np.int64(r)
    if rid == R_DOR:
        n = dor.candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    elif rid == R_COLOUR:
        n = colour.candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    elif rid == R_TABLE:
        n = table.candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    elif (pk.flags[p] & F_PHASE1) != 0 and not (r == pk.dr[p] and rt.ip.shape[0] > IP_INTERCEPT and rt.ip[IP_INTERCEPT] == 1):
        # (a packet intercepted at its destination router takes the base step below: ejection)
        # a decided UGAL packet travels as valiant (dragonfly, intermediate group) or valiant-any
        if rid == R_VALIANT or ((rid == R_UGAL or rid == R_UGALG) and rt.ip[IP_BASE] == 1 and not ugal.booksim(rt)):
            n = valiant.phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
        else:
            n = valiant_any.phase1_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    else:
        n = minimal.base_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops)
    return n


@helper
def _own_vc(rid, rt, net, pk, p, a):
    """The routing's own VC for routings whose VC does not depend on the arc (valiant-any's does:
    ``route_candidates`` calls it per candidate)."""
    if rid == R_MIN:
        return minimal.sp_own_vc(rt, net, pk, p, a)
    if rid == R_DFMIN:
        return minimal.df_own_vc(rt, net, pk, p, a)
    if rid == R_VALIANT:
        return valiant.own_vc(rt, net, pk, p, a)
    if rid == R_TABLE:
        return table.own_vc(rt, net, pk, p, a)
    if rid == R_UGAL or rid == R_UGALG:
        return ugal.own_vc(rt, net, pk, p, a)
    return dor.own_vc(rt, net, pk, p, a)


@helper
def vcs_by_construction(rid, vc_scheme):
    """Whether every VC the routing proposes exists on its arc by construction (OFAR's own VCs:
    a range up to the arc's VC count, or its last VC), so the engine need not check them."""
    return rid == R_OFAR and vc_scheme == VC_ROUTING


@helper
def leaves_choice_to_policy(rid, pk, p):
    """Whether head p's candidates are paths for the selection policy to choose from (an undecided
    UGAL packet at its source): the engine routes such heads at request time and never caches
    them."""
    if rid == R_COLOUR:
        return (pk.flags[p] & colour.F_UNDECIDED) != 0
    return (rid == R_UGAL or rid == R_UGALG) and (pk.flags[p] & ugal.F_UNDECIDED) != 0


@helper
def decides_on_request(rid, rt):
    """Whether an undecided head keeps its path open until the output of the one the policy
    prefers is available (PB, as FOGSim re-evaluates it at every allocation attempt) instead of
    fixing it the first time it is at the head (UGAL, as BookSim routes a packet once per router)."""
    return (rid == R_UGAL or rid == R_COLOUR) and rt.ip.shape[0] > ugal.IP_PB and rt.ip[ugal.IP_PB] == 1


@helper
def _assign_vcs(rid, rt, net, pk, p, vc_scheme, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """VCs of the n candidates under ``vc_scheme``; returns the number of candidates."""
    if vc_scheme == VC_ANY or (vc_scheme == VC_ROUTING and rid == R_COLOUR):
        # (the colour routings need no VC for deadlock freedom: any VC, Camarero et al. 2014, §6)
        return every_vc(net, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)
    if vc_scheme == VC_HOPS_KIND or (vc_scheme == VC_ROUTING and (rid == R_VALANY or (rid == R_UGAL and ugal.booksim(rt)))):
        # the VC depends on the candidate's link kind
        for i in range(n):
            a = out_arc[i]
            if a < 0:
                out_vc[i] = 0
            elif vc_scheme == VC_ROUTING and rid == R_UGAL:
                out_vc[i] = ugal.phase_vc(rt, net, pk, p, a, out_lab[i])
            elif vc_scheme == VC_ROUTING:
                out_vc[i] = valiant_any.own_vc(rt, net, pk, p, a)
            else:
                out_vc[i] = pk.hops[p, net.kind[a]]
            out_need[i] = 1
        return n
    # one VC for every candidate: the routing's own (by header only), the hop index, or VC 0
    # ("none": deliberately unsafe, for watchdog tests and deadlock demonstrations)
    if vc_scheme == VC_ROUTING:
        v = _own_vc(rid, rt, net, pk, p, -1)
    elif vc_scheme == VC_HOPS:
        v = pk.htot[p]
    else:
        v = 0
    for i in range(n):
        out_vc[i] = v if out_arc[i] >= 0 else 0
        out_need[i] = 1
    return n


@helper
def route_step_candidates(rid, rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """:func:`route_candidates` for a head that does not leave the choice to the policy (the
    engine's pre-routing site, for cacheable routings only): without UGAL's source step and
    OFAR, which stay out of that inlined copy (inlined there, they lengthened the cold compile)."""
    n = _step_candidates(rid, rt, net, pk, p, r, out_arc, out_lab, out_hops)
    return _assign_vcs(rid, rt, net, pk, p, vc_scheme, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)


@helper
def _route_candidates(rid, rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """Allowed (arc, VC, credits needed, label, hops left, tag) at router r in preference order;
    arc -1 = eject.  For a head that leaves the choice of a path to the policy
    (``leaves_choice_to_policy``) each candidate's tag names its path, and the chosen one's goes to
    ``route_decide``; other heads' tags are not written.  The buffers hold (max degree + 2 +
    ``ugal.K_MAX``) x (most VCs) entries (``sim.layout``)."""
    if rid == R_OFAR:
        # in-transit adaptive routings fill the wide cache at request time only, so they stay out
        # of the pre-routing site's inlined copy of the dispatch (each copy costs LLVM time at the
        # cold compile)
        n = ofar.candidates(rt, net, pk, np.int64(p), np.int64(r), out_arc, out_lab, out_hops)
        if vc_scheme == VC_ROUTING:
            return ofar.assign_vcs(rt, net, pk, np.int64(p), np.int64(n), out_arc, out_vc, out_need, out_lab, out_hops, out_tag)
    elif leaves_choice_to_policy(rid, pk, p):
        if rid == R_COLOUR:
            n = colour.source_candidates(rt, net, pk, np.int64(p), np.int64(r), out_arc, out_lab, out_hops, out_tag)
        elif rid == R_UGALG:
            n = ugal.global_source_candidates(rt, net, pk, np.int64(p), np.int64(r), out_arc, out_lab, out_hops, out_tag)
        else:
            n = ugal.source_candidates(rt, net, pk, np.int64(p), np.int64(r), out_arc, out_lab, out_hops, out_tag)
    else:
        n = _step_candidates(rid, rt, net, pk, p, r, out_arc, out_lab, out_hops)
    if n > out_arc.shape[0]:
        # more candidates than the buffers hold (none written past them): the caller reports it
        return n
    return _assign_vcs(rid, rt, net, pk, p, vc_scheme, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)


@helper_py
def route_candidates(rid, rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """:func:`_route_candidates`, callable from Python (tests, channel dependencies); the engine
    calls ``_route_candidates``, compiled without a Python entry point."""
    return _route_candidates(rid, rt, net, pk, p, r, vc_scheme, out_arc, out_vc, out_need, out_lab, out_hops, out_tag)


@helper
def _route_on_move(rid, rt, net, pk, p, arc, vc):
    """Header update after winning VC ``vc`` of ``arc`` (hop counters already incremented)."""
    if rid == R_OFAR:
        ofar.on_move(rt, net, pk, p, arc, vc)
    elif rid == R_VALIANT:
        valiant.on_move(rt, net, pk, p, arc)
    elif rid == R_VALANY:
        valiant_any.on_move(rt, net, pk, p, arc)
    elif rid == R_UGAL or rid == R_UGALG:
        ugal.on_move(rt, net, pk, p, arc)
    elif rid == R_COLOUR:
        colour.on_move(rt, net, pk, p, arc)


@helper_py
def route_on_move(rid, rt, net, pk, p, arc, vc):
    """:func:`_route_on_move`, callable from Python (tests, channel dependencies); the engine
    calls ``_route_on_move``, compiled without a Python entry point."""
    return _route_on_move(rid, rt, net, pk, p, arc, vc)


@helper
def route_is_escape(rid, rt, net, a):
    """Whether arc a belongs to the routing's escape subnetwork (its last VC; OFAR)."""
    return rid == R_OFAR and ofar.is_escape(rt, net, a)


@helper
def route_decide(rid, rt, net, pk, p, r, tag):
    """The selection policy chose the candidate of tag ``tag`` for head p at router r, whose
    candidates left the choice to it (``leaves_choice_to_policy``): the routing fixes the path."""
    if rid == R_UGAL or rid == R_UGALG:
        ugal.decide(rt, net, pk, np.int64(p), np.int64(r), np.int64(tag))
    elif rid == R_COLOUR:
        colour.decide(rt, net, pk, np.int64(p), np.int64(r), np.int64(tag))


@helper
def route_prefetch(rid, rt, net, pk, p, r):
    """Hint: bring in the table lines the candidates of head p at router r will read (the
    engine calls it for a batch of heads before routing them, so the misses overlap).
    Dragonfly hierarchical routings: the group-pair entry and r's row of local arcs."""
    if rt.ip[IP_BASE] != 1 or rid == R_MIN or rid == R_DOR or rid == R_TABLE:
        return
    if (pk.flags[p] & F_PHASE1) == 0 and r == pk.dr[p]:
        return
    if rid == R_VALIANT or ((rid == R_UGAL or rid == R_UGALG) and not ugal.booksim(rt)):
        gd = valiant.target_group(rt, pk, p)
    elif rid == R_VALANY or rid == R_UGAL:
        gd = valiant_any.target_group(rt, pk, p)
    else:
        gd = rt.group[pk.dr[p]]
    gs = rt.group[r]
    if gs != gd:
        if rt.ip[IP_GPAIR] == 1:
            prefetch(rt.gpair, 2 * (gs * rt.ip[IP_GROUPS] + gd))
        else:
            prefetch(rt.gptr, gs * rt.ip[IP_GROUPS] + gd)
    a = rt.larc.shape[1]
    for j in range(0, a, 16):
        prefetch2(rt.larc, r, j)
    prefetch2(rt.larc, r, a - 1)
