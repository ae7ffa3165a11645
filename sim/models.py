"""Router models: every parameter of the engine that moves the numbers, and the papers' presets.

A :class:`RouterModel` holds the packet size, per-link-kind latency, buffer and VC counts, the
router pipeline and credit delays, the node channels' latencies and the allocator.  The presets
reproduce each paper's stated setup and say where the paper is silent or where this engine
cannot follow it (``notes``).  ``simulate`` reports the model that ran, preset name included.

Per-kind values are mappings from link-kind name to value; the key ``"*"`` covers the kinds the
mapping does not name.  A preset without ``"*"`` applies only to topologies whose link kinds it
names (García et al. 2014's local/global latencies are not silently given to a Hamming graph).

Which preset a family gets when the caller names none (:func:`default_model`): dragonflies the
García et al. 2014 setup (the dragonfly routing paper); Slim Fly and the families Besta & Hoefler 2014, §V compares it
with (tori, hypercube, fat tree, flattened butterfly / Hamming, random) the Besta & Hoefler 2014 setup.
Other families have no paper setup: ``simulate`` asks for a model.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from topoanalysis.checks import check_int

__all__ = ["RouterModel", "PRESETS", "FAMILY_PRESET", "default_model", "get_model"]

PerKind = Mapping[str, int]


@dataclasses.dataclass(frozen=True)
class RouterModel:
    """An input-queued virtual cut-through router model (see ``sim.engine`` for the timing).

    * ``packet_size``: phits per packet; links move one phit per cycle.
    * ``latency``: cycles a phit takes over a link, per link kind.
    * ``buffer``: phits of input buffer per VC, per link kind; or ``buffer_per_port``: phits per
      input port, shared equally by its VCs (Besta & Hoefler 2014, §V states buffering per port).
    * ``vcs``: VCs per link kind; ``None`` entries or kinds absent: what the routing needs.  The
      simulation uses max(this, the routing's need) unless the caller gives VCs explicitly.
    * ``router_delay``: cycles from a head's arrival at an input (or its generation) to the first
      cycle it can be granted an output: routing, VC and switch allocation and the crossbar of a
      pipelined router.  0 when router delay is folded into link latency (García et al. 2014, §4).
    * ``vc_alloc_delay``: a VC allocation stage per packet (BookSim2's ``vc_alloc_delay``): after
      a packet's tail has left an input VC, that VC's next packet, and after it has gone through
      an output VC, that output VC, can be granted again only this many cycles later.  0 where
      the VC is taken in the same grant as the switch (García et al. 2014, §4).
    * ``credit_delay``: cycles a freed buffer slot's credit waits before it goes upstream.
    * ``injection_latency`` / ``ejection_latency``: node-to-router and router-to-node channels.
    * ``iterations``, ``arbitration``: the separable input-first allocator.
    * ``internal_speedup``: s, an integer >= 1, BookSim2's ``internal_speedup`` (Besta & Hoefler
      2014, §V: 2): the allocator and the crossbar run s times per network cycle (in each internal
      step every input sends and every output accepts at most one packet phit by phit), what
      crosses the crossbar waits in a FIFO output queue per output port that the link drains at
      one phit per cycle, and a packet takes its downstream credit when it wins the switch (the
      queue holds no more than the downstream buffer has room for, and counts in its credits in
      use).  Pipeline stages (``router_delay`` but its last cycle, ``vc_alloc_delay``) take
      internal steps; links, node channels and credits keep network cycles (``sim.engine``).
      ``paper_speedup``: the value the preset's paper states, for the record.
    * ``intercept``: a packet that reaches its destination router is ejected there, also while on
      its way to a Valiant intermediate (the simulator of Han et al. 2017, §3); otherwise it goes on
      to the intermediate and comes back.
    * ``saturation_latency``: a paper's saturation criterion "last load with average latency
      below this" (Han et al. 2017, §4), or ``None`` for the accepted-versus-offered criterion.
    """

    name: str
    source: str
    packet_size: int
    latency: PerKind
    buffer: PerKind | None = None
    buffer_per_port: int | None = None
    vcs: PerKind | None = None
    router_delay: int = 0
    vc_alloc_delay: int = 0
    credit_delay: int = 0
    injection_latency: int = 0
    ejection_latency: int = 0
    iterations: int = 3
    arbitration: str = "lrs"
    internal_speedup: int = 1
    paper_speedup: float | None = None
    saturation_latency: float | None = None
    intercept: bool = False
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (self.buffer is None) == (self.buffer_per_port is None):
            raise ValueError(f"model {self.name!r}: give exactly one of buffer (per VC) and buffer_per_port")
        for nm in ("packet_size", "internal_speedup"):
            check_int(nm, getattr(self, nm), 1)
        # more passes than a router has ports never match another request
        check_int("iterations", self.iterations, 1, 64)
        for nm in ("router_delay", "vc_alloc_delay", "credit_delay", "injection_latency", "ejection_latency"):
            check_int(nm, getattr(self, nm), 0)
        if not isinstance(self.intercept, bool):
            raise ValueError(f"model {self.name!r}: intercept must be True or False, got {self.intercept!r}")
        if self.arbitration not in ("lrs", "random"):
            raise ValueError(f"model {self.name!r}: arbitration must be 'lrs' or 'random', got {self.arbitration!r}")

    def replace(self, **changes: Any) -> RouterModel:
        """A copy with ``changes``; the name says it was changed (``seed001+router_delay``)."""
        if not changes:
            return self
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ValueError(f"model: unknown parameter(s) {sorted(unknown)}")
        name = changes.pop("name", None) or self.name + "".join(f"+{k}" for k in sorted(changes))
        return dataclasses.replace(self, name=name, **changes)

    def per_kind(self, what: str, kinds: tuple[str, ...]) -> list[int | None]:
        """``what`` ('latency', 'buffer', 'vcs') for each kind of ``kinds``; ValueError naming the
        kind a preset does not cover (``vcs`` gives ``None`` there: the routing's need)."""
        table = getattr(self, what)
        out: list[int | None] = []
        for k in kinds:
            if table is not None and k in table:
                out.append(table[k])
            elif table is not None and "*" in table:
                out.append(table["*"])
            elif what == "vcs":
                out.append(None)
            else:
                named = ", ".join(sorted(table)) if table else "none"
                raise ValueError(
                    f"model {self.name!r} ({self.source}) gives no {what} for link kind {k!r} "
                    f"(it specifies: {named}); pass {what}= explicitly or choose another model"
                )
        return out

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready description (results carry it)."""
        d = dataclasses.asdict(self)
        d["notes"] = list(self.notes)
        for k in ("latency", "buffer", "vcs"):
            if d[k] is not None:
                d[k] = dict(d[k])
        return d


PRESETS: dict[str, RouterModel] = {
    m.name: m
    for m in (
        RouterModel(
            "seed000",
            "Camarero et al. 2014, §7 Table II",
            packet_size=8,
            latency={"local": 10, "global": 100},
            buffer={"local": 32, "global": 256},
            vcs={"*": 3},
            arbitration="random",
            iterations=1,
            notes=(
                "Table II: 3 VCs per port (Valiant 4: the routing's need raises it)",
                "allocator iterations are not stated (FSIN); 1 assumed",
                "router delay is not stated; 0 (folded into link latency, as in García et al. 2014, §4)",
            ),
        ),
        RouterModel(
            "seed001",
            "García et al. 2014, Table 1 and §4",
            packet_size=8,
            latency={"local": 10, "global": 100},
            buffer={"local": 32, "global": 256},
            vcs={"local": 3, "global": 2},
            arbitration="lrs",
            iterations=3,
            notes=("§4: router delay subsumed in link latency, no speedup, iterative allocator",),
        ),
        RouterModel(
            "seed002",
            "Besta & Hoefler 2014, §V",
            packet_size=1,
            latency={"*": 1},
            buffer_per_port=64,
            vcs={"*": 3},
            router_delay=3,
            credit_delay=2,
            injection_latency=1,
            ejection_latency=1,
            arbitration="lrs",
            iterations=1,
            internal_speedup=2,
            paper_speedup=2.0,
            notes=(
                "§V: single-flit packets, 3 VCs, 64 flit entries per port, credit delay 2, channel, "
                "switch allocation, VC allocation and crossbar 1 cycle each (router_delay = 3)",
                "§V: internal speedup 2, input and output speedup 1 (BookSim2's internal_speedup, sim.engine)",
                "node channels 1 cycle (BookSim2's default, the simulator 002 used)",
            ),
        ),
        RouterModel(
            "seed003",
            "Han et al. 2017, §4",
            packet_size=1,
            latency={"*": 1},
            buffer={"*": 32},
            vcs={"*": 3},
            saturation_latency=100.0,
            iterations=1,
            internal_speedup=2,
            intercept=True,
            notes=(
                "§4: all links 1 cycle, 32 per VC, saturated once average latency reaches 100",
                "§3: routers intercept packets for their own nodes, also on a Valiant path's first phase "
                '("this was the behavior of our simulator")',
                "packet size, VCs, speedup and router delay are not stated: single-flit packets, 3 VCs and "
                "internal speedup 2 as in Besta & Hoefler 2014, §V (whose setup §4 follows and whose results "
                "the simulator was validated against), router delay 0",
                "without the speedup UGAL-L saturates about a third below Fig. 9 on every size "
                "(q = 5: 0.398 against 0.62; --internal-speedup 1)",
            ),
        ),
        RouterModel(
            "booksim",
            "BookSim2 iq_router as cross-validated in benchmarks/booksim",
            packet_size=1,
            latency={"*": 1},
            buffer={"*": 256},
            vcs={"*": 2},
            router_delay=3,
            vc_alloc_delay=1,
            credit_delay=2,
            injection_latency=1,
            ejection_latency=1,
            iterations=1,
            arbitration="lrs",
            notes=(
                "BookSim2 settings: routing_delay 0, vc_alloc_delay 1, sw_alloc_delay 1, st_final_delay 1 "
                "(router_delay 3, checked on zero-load latencies), credit_delay 2, speedups 1, node channels "
                "1 cycle, separable input-first allocators (one iteration: they ignore alloc_iters), "
                "hold_switch_for_packet 1",
                "BookSim2 is flit-level and by default allocates its switch flit by flit; this engine moves "
                "whole packets: data/booksim_crossval.csv has the measured gaps",
            ),
        ),
    )
}

#: family -> preset used when ``simulate`` is given no model
FAMILY_PRESET = {
    "dragonfly": "seed001",
    "slimfly": "seed002",
    "torus": "seed002",
    "hypercube": "seed002",
    "fattree": "seed002",
    "hamming": "seed002",
    "flatfly": "seed002",
    "random": "seed002",
    "petersen": "seed002",
    "hoffman_singleton": "seed002",
}


def get_model(model: str | RouterModel) -> RouterModel:
    """A preset by name, or ``model`` itself."""
    if isinstance(model, RouterModel):
        return model
    if isinstance(model, str) and model in PRESETS:
        return PRESETS[model]
    raise ValueError(f"model: unknown preset {model!r}; presets: {', '.join(PRESETS)} (or a RouterModel)")


def default_model(family: str | None) -> RouterModel:
    """The preset of ``family`` (see :data:`FAMILY_PRESET`); ValueError for families without one."""
    name = FAMILY_PRESET.get(family or "")
    if name is None:
        raise ValueError(
            f"model: no paper setup for family {family!r}; choose a preset "
            f"({', '.join(PRESETS)}) with model=... (--model) or build a RouterModel"
        )
    return PRESETS[name]
