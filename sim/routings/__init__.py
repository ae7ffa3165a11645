"""Routings: one module per routing, found through :data:`REGISTRY`.

A routing module holds everything its routing needs: its tables (an
:class:`~sim.routings.base.RTables` subclass of its own), its compiled functions and what its
header bits and parameter slots mean, declared to the engine as a
:class:`~sim.routings.kind.Kind`; its source decisions for the channel-dependency enumeration of
:mod:`sim.cdg` (``Routing.sources``); its options and their checks; and a ``build`` returning a
:class:`~sim.routings.base.Routing`.  The engine calls the kind's functions through
:mod:`sim.routings.dispatch`, generated from the type of the tables, and a selection policy
(:mod:`sim.policies`) chooses among the candidates from the router's live state.  VC schemes other
than the routing's own wrap any routing (:mod:`sim.routings.vc`).

Adding a routing touches:

* its module (or a new kind in an existing one): the compiled functions, the names of its
  parameter slots in ``rt.ip`` (``IP_*``, each an index no other module uses), its tables class
  and :class:`~sim.routings.kind.Kind`, and ``build``;
* one entry in :data:`REGISTRY` (builder, help line, paper, options): the CLI help, the README's
  table and the docs are made from it;
* its tests.

The small helpers every routing shares are ``@helper`` (compiled once, always inlined by LLVM).
Integer arguments of compiled helpers are passed as int64 variables, not literals or int32 table
entries: numba compiles a function once per argument type, and a literal 0 is a type of its own.
"""

from __future__ import annotations

import inspect
from functools import partial
from typing import NamedTuple
from collections.abc import Callable


from topoanalysis.topology import Topology

from . import colour, df3, dor, minimal, ofar, olm, table, ugal, valiant, valiant_any
from .base import NetArrays, Packets, Routing, RTables
from .dispatch import (
    decides_on_request,
    leaves_choice_to_policy,
    route_candidates,
    route_decide,
    route_init,
    route_is_escape,
    route_on_move,
    route_prefetch,
    route_states,
    route_step_candidates,
    vcs_by_construction,
)
from .kind import KINDS, Kind
from .tables import distance_table
from .vc import VC_SCHEMES

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
    "route_states",
    "route_prefetch",
    "route_decide",
    "leaves_choice_to_policy",
    "decides_on_request",
    "route_is_escape",
    "vcs_by_construction",
    "Kind",
    "KINDS",
]


class RoutingEntry(NamedTuple):
    """A registered routing: its builder ``build(top, name, **options) -> Routing``, the one-line
    description the CLI help and the README list show, the paper it implements, and the options
    its builder takes (``make_routing(top, name, **options)``), and the function whose signature
    gives those options' defaults when ``build`` only passes them on (a lambda)."""

    build: Callable[..., Routing]
    summary: str
    reference: str
    options: tuple[str, ...] = ()
    defaults_from: Callable[..., Routing] | None = None

    def option_defaults(self) -> dict[str, object]:
        """Each option with its default, from the signature of ``defaults_from`` (else ``build``)."""
        params = inspect.signature(self.defaults_from or self.build).parameters
        missing = [o for o in self.options if o not in params or params[o].default is inspect.Parameter.empty]
        if missing:
            raise ValueError(f"routing: no builder default known for option(s) {missing}")
        return {o: params[o].default for o in self.options}

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
    return valiant.build_any(top, name)


#: routing name -> entry (the names the CLI and ``simulate`` accept, in the order the help lists them)
REGISTRY: dict[str, RoutingEntry] = {
    "min": RoutingEntry(
        minimal.build_min,
        "minimal: hierarchical l-g-l on a dragonfly with complete groups (df-min), else sp-min",
        f"{_S000}, §7; {_S002}, §IV-A",
    ),
    "valiant": RoutingEntry(
        lambda top, nm, **kw: valiant.build(top, nm, **kw) if minimal.is_dragonfly(top) else _no_options(top, nm, kw),
        "Valiant: through a random intermediate group on a dragonfly, else valiant-any",
        f"{_S001}, §2; {_S002}, §IV-B",
        ("destination_group",),
        valiant.build,
    ),
    "valiant-any": RoutingEntry(
        valiant.build_any,
        "Valiant through a random intermediate router, minimal in each phase",
        f"{_S002}, §IV-B",
    ),
    "dor": RoutingEntry(dor.build, "dimension order on Hamming graphs", f"{_S000}, §3"),
    "df-min": RoutingEntry(
        minimal.build_df_min,
        "dragonfly minimal: local, global, local hop (l-g-l)",
        f"{_S000}, §7; {_S001}, §2",
    ),
    "sp-min": RoutingEntry(
        minimal.build_sp_min,
        "shortest paths, every minimal next hop a candidate",
        f"{_S002}, §IV-A",
    ),
    "sp-table": RoutingEntry(
        table.build,
        "one fixed shortest path per pair (BookSim2's anynet table)",
        "BookSim2 anynet",
    ),
    "ugal-l": RoutingEntry(
        ugal.build,
        "UGAL with local information: minimal or one of 4 Valiant paths, chosen at the source by queue length x hops",
        f"{_S002}, §IV-C",
        ("threshold", "queue"),
    ),
    "ugal-booksim": RoutingEntry(
        ugal.build_booksim,
        "BookSim2's ugal on a dragonfly: one random intermediate router, minimal iff "
        "q_min <= 2 q_non + 30 phits, its 3 VCs by phase (not deadlock-free, as BookSim2's)",
        "BookSim2 dragonflynew",
        ("threshold",),
    ),
    "ugal-g": RoutingEntry(
        ugal.build_global,
        "UGAL with global information: the path with the fewest packets queued along it",
        f"{_S002}, §IV-C",
    ),
    "pb": RoutingEntry(
        ugal.build_pb,
        "Piggybacking: UGAL-L with the global links' saturation flags of the group",
        f"{_S001}, §4",
        ("destination_group",),
    ),
    "valiant-lf": RoutingEntry(
        lambda top, nm: valiant_any.with_loop_free(valiant.build_any(top, nm), top, nm),
        "loop-free Valiant: intermediates that cannot loop (diameter-2 topologies)",
        f"{_S003}, §3",
    ),
    "ugal-l-lf": RoutingEntry(
        lambda top, nm, **kw: valiant_any.with_loop_free(ugal.build(top, nm, **kw), top, nm),
        "UGAL-L over loop-free Valiant paths (diameter-2 topologies)",
        f"{_S003}, §3",
        ("threshold", "queue"),
        ugal.build,
    ),
    "ofar": RoutingEntry(
        ofar.build,
        "OFAR: on-the-fly adaptive misrouting, local and global, escape ring A",
        f"{_S001}, §3",
        _ESC,
    ),
    "ofar-l": RoutingEntry(
        partial(ofar.build, local=False),
        "OFAR without local misrouting, escape ring A",
        f"{_S001}, §3",
        _ESC,
    ),
    "ofar-ring-b": RoutingEntry(
        partial(ofar.build, escape="ring-b"),
        "OFAR with escape ring B (canonical dragonfly, h > 2)",
        f"{_S001}, §3.3.3",
        _ESC,
    ),
    "ofar-ring-c": RoutingEntry(
        partial(ofar.build, escape="ring-c"),
        "OFAR with escape ring C (canonical dragonfly, h > 4)",
        f"{_S001}, §3.3.3",
        _ESC,
    ),
    "ofar-tree": RoutingEntry(
        partial(ofar.build, escape="tree"),
        "OFAR with an escape tree",
        f"{_S001}, §3.3.1",
        _ESC,
    ),
    "ofar-l-tree": RoutingEntry(
        partial(ofar.build, local=False, escape="tree"),
        "OFAR without local misrouting, escape tree",
        f"{_S001}, §3.3.1",
        _ESC,
    ),
    "ofar-2rings": RoutingEntry(
        partial(ofar.build, escape="rings-ab"),
        "OFAR with two escape rings, A and B",
        f"{_S001}, §3.3.3",
        _ESC,
    ),
    "olm": RoutingEntry(
        olm.build,
        "OLM: in-transit misrouting (MM+L, local in every group) when the minimal port is taken, opportunistic VCs (3/2)",
        f"{_S000}, §7 (FOGSim)",
        ("th_non_min",),
    ),
    "2color-min": RoutingEntry(
        colour.build,
        "2-colour minimal routing of trunked dragonflies, no VCs needed (t >= 2)",
        f"{_S000}, §6",
    ),
    "4color-min": RoutingEntry(
        colour.build,
        "4-colour minimal routing of trunked dragonflies (t >= 4)",
        f"{_S000}, §6",
    ),
    "4color-nonmin": RoutingEntry(
        colour.build,
        "4-colour non-minimal routing of trunked dragonflies (t >= 4)",
        f"{_S000}, §6",
    ),
    "4color-adaptive": RoutingEntry(
        colour.build,
        "4-colour adaptive: minimal or non-minimal by Piggybacking at injection (t >= 4)",
        f"{_S000}, §6",
    ),
    "df3-min": RoutingEntry(
        df3.build,
        "3-level dragonfly hierarchical minimal (l-m-l-g-l-m-l), VCs by template slot: 4 l, 2 m, 1 g",
        f"{_S000}, §8",
    ),
    "df3-val": RoutingEntry(
        df3.build,
        "3-level dragonfly Valiant through a random intermediate router: 8 l, 4 m, 2 g VCs",
        f"{_S000}, §8",
    ),
    "df3-val-g1": RoutingEntry(
        df3.build,
        "3-level dragonfly Valiant through a random intermediate 1-level group: 7 l, 4 m, 2 g VCs",
        f"{_S000}, §8",
    ),
    "df3-val-g2": RoutingEntry(
        df3.build,
        "3-level dragonfly Valiant through a random intermediate 2-level group: 6 l, 3 m, 2 g VCs",
        f"{_S000}, §8",
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
