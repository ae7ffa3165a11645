"""The named stages of the engine's cycle loop (``sim.engine.run_cycles`` calls them in order;
the model is described there): inject (:func:`generate`), due inputs (:func:`examine`),
pre-routing into the candidate cache (:func:`preroute`), route and select with the VC
(:func:`requests`), switch allocation (:func:`grants`), traversal (:func:`moves`), wake-up bounds
(:func:`wakeup`), and the deferred arrivals and credit returns (:func:`apply_effects`).

Each stage is compiled once and inlined into the loop by LLVM (``forceinline``), so splitting
the loop costs no speed.  A stage takes the records of ``sim.state`` it touches (``cf`` the
configuration, ``qs`` queues, ``ep`` endpoints, ``cr`` credits, ``po`` ports, ``ro`` routers, ``stt``
statistics, ``sc`` scratch) and a router visit's :class:`~sim.state.Visit`.
"""

from __future__ import annotations

from .inject import generate, snapshot
from .prefetch import _pf_ports, examine, preroute
from .request import grants, requests
from .traversal import apply_effects, moves
from .wakeup import wakeup

__all__ = ["generate", "snapshot", "examine", "preroute", "requests", "grants", "moves", "apply_effects", "wakeup", "_pf_ports"]
