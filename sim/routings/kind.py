"""What a routing module declares to the engine: its :class:`Kind`.

A kind names the compiled functions of one routing (or of a few routings that share them and
differ by table values) and the :class:`~sim.routings.base.RTables` subclass its tables come
in.  The engine's dispatch (:mod:`sim.routings.dispatch`) is generated from the kind of the
tables' type, so numba compiles the cycle loop once per kind, with only that kind's code: the
first run of a routing compiles what it runs and nothing else, and adding a routing adds a kind
without touching the engine.

The functions, all compiled (``sim._jit``); ``p`` a packet, ``r`` a router, ``a`` an arc:

* ``step(rt, net, pk, p, r, out_arc, out_lab, out_hops) -> n``: the candidate arcs of head p at
  router r in preference order (``-1``: eject), each with a label and the hops left through it
  (required).
* ``init(rt, net, pk, p, sr, dr, st)``: source decisions at generation (the header's flags and
  intermediate start at 0 and -1).
* ``own_vc(rt, net, pk, p, a) -> vc``: the routing's own VC, one for every candidate of a head
  (the VC scheme ``routing``); or ``vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab,
  out_hops, out_tag) -> n`` when the VC depends on the candidate; or ``any_vc``: every VC of the
  arc alike.  Other VC schemes wrap any routing (:mod:`sim.routings.vc`).
* ``on_move(rt, net, pk, p, a, vc)``: header updates once the packet won VC vc of arc a.
* ``transit``: an in-transit adaptive routing (OFAR): ``step`` is routed at request time only,
  never into the narrow candidate cache, and its ``vcs`` give VCs that exist by construction.
* ``source(rt, net, pk, p, r, out_arc, out_lab, out_hops, out_tag) -> n`` with ``undecided`` (a
  header flag) and ``decide(rt, net, pk, p, r, tag)``: a head whose flag is set offers paths for
  the selection policy to choose from, tagged; the routing fixes the chosen one.  ``on_request(rt)``:
  whether such a head keeps its choice open until the chosen path's output is available.
* ``is_escape(rt, net, a)``: whether arc a belongs to the routing's escape subnetwork.
* ``target_group(rt, pk, p)``: the group a head at a router outside it travels towards, for the
  engine's prefetch of the dragonfly tables (None: the routing reads no group tables).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import RTables

__all__ = ["Kind", "KINDS", "kind_of"]

#: tables class -> its kind (the dispatch looks the kind up by the type numba sees)
KINDS: dict[type, Kind] = {}


class Kind:
    """A routing kind: the tables class the engine specialises on and the routing's compiled
    functions (see the module docstring)."""

    def __init__(
        self,
        tables: type[RTables],
        *,
        step: Callable[..., Any],
        init: Callable[..., Any] | None = None,
        own_vc: Callable[..., Any] | None = None,
        vcs: Callable[..., Any] | None = None,
        any_vc: bool = False,
        on_move: Callable[..., Any] | None = None,
        transit: bool = False,
        source: Callable[..., Any] | None = None,
        undecided: int = 0,
        decide: Callable[..., Any] | None = None,
        on_request: Callable[..., Any] | None = None,
        is_escape: Callable[..., Any] | None = None,
        target_group: Callable[..., Any] | None = None,
    ):
        if not (isinstance(tables, type) and issubclass(tables, RTables) and tables is not RTables):
            raise TypeError(f"Kind: tables must be a subclass of RTables of its own, got {tables!r}")
        if tables.__module__ == "__main__" or "<locals>" in tables.__qualname__:
            # numba's on-disk cache pickles the tables' type by name and reads every entry back
            # in later processes, where a class of a script or a function cannot be found
            raise TypeError(
                f"Kind: {tables.__qualname__} must be defined at the top level of an importable module "
                "(numba's cache of the compiled engine names it), not in a script's __main__ or a function"
            )
        if tables in KINDS:
            raise TypeError(f"Kind: {tables.__name__} already belongs to a kind")
        if sum((own_vc is not None, vcs is not None, any_vc)) != 1:
            raise TypeError(f"Kind {tables.__name__}: give exactly one of own_vc, vcs, any_vc")
        if (source is None) != (decide is None) or (source is None) != (undecided == 0):
            raise TypeError(f"Kind {tables.__name__}: source, decide and undecided go together")
        if transit and vcs is None:
            raise TypeError(f"Kind {tables.__name__}: a transit routing gives its VCs (vcs)")
        self.tables = tables
        self.step = step
        self.init = init
        self.own_vc = own_vc
        self.vcs = vcs
        self.any_vc = any_vc
        self.on_move = on_move
        self.transit = transit
        self.source = source
        self.undecided = int(undecided)
        self.decide = decide
        self.on_request = on_request
        self.is_escape = is_escape
        self.target_group = target_group
        KINDS[tables] = self

    @property
    def name(self) -> str:
        return self.tables.__name__

    def __repr__(self) -> str:
        return f"Kind({self.name})"


def kind_of(tables_type: Any) -> Kind:
    """The kind of a tables class (or of the numba type of a tables record)."""
    cls = getattr(tables_type, "instance_class", tables_type)
    try:
        return KINDS[cls]
    except (KeyError, TypeError):
        raise TypeError(
            f"routing tables of type {getattr(cls, '__name__', cls)!r} belong to no routing kind "
            "(build them with the routing's Routing, which gives them its kind's class)"
        ) from None
