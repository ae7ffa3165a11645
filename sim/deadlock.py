"""Deadlocks found buffer by buffer while a run goes on and at its end.

The engine's watchdog sees a network in which nothing moves.  A deadlock of part of the network
(a ring of buffers frozen while other traffic flows), or one that forms shortly before a run
ends, needs each input buffer watched: :class:`FrozenHeads` records since when each head packet
has stood still (observed between chunks of cycles, outside the compiled loop), and
:func:`sim.cdg.stuck_ring` proves a set of frozen buffers deadlocked (every candidate channel
of every head full and inside the set) or finds it only slow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from topoanalysis.topology import Topology

from . import layout as lay
from .routings import Routing

if TYPE_CHECKING:
    from .state import Run

__all__ = ["FrozenHeads", "stall_bound"]


def stall_bound(mdl: Any, lat: np.ndarray, sp: int) -> int:
    """Ticks a head must have stood still before the end-of-run deadlock check looks at it: a
    packet's longest trip through one hop and its credit's way back (twice, for margin).  Only a
    filter: what makes a frozen set a deadlock is :func:`sim.cdg.stuck_ring`'s proof."""
    hop = 2 * int(lat.max()) + int(mdl.packet_size) + int(mdl.router_delay) + int(mdl.vc_alloc_delay) + int(mdl.credit_delay)
    return 2 * hop * sp


class FrozenHeads:
    """Per input buffer, since when its head packet has stood still, observed at the end of each
    chunk (a head is the same packet if its pool slot, generation cycle and hop count are).  Kept
    in int32 (the engine's cycles and packet fields are int32): 16 bytes per buffer, about 40 MB on
    the h = 16 dragonfly."""

    def __init__(self, run: Run, bound: int) -> None:
        self.run = run
        self.bound = bound  # ticks a head must have stood still for the end-of-run check
        n = run.qs.cnt.size
        self.key = np.full((3, n), -1, np.int32)
        self.since = np.zeros(n, np.int32)
        self.busy = np.zeros(n, bool)
        self.ring_since = 0

    def observe(self, t: int) -> None:
        """Record the heads at tick ``t``: a buffer whose head changed (or emptied) restarts its clock."""
        qs, pk = self.run.qs, self.run.pk
        busy = qs.cnt > 0
        h = np.where(busy, qs.head, 0)
        key = np.empty_like(self.key)
        key[0] = np.where(busy, qs.head, -1)
        key[1] = pk.gen[h]
        key[2] = pk.htot[h]
        same = busy & (key == self.key).all(axis=0)
        self.since = np.where(same, self.since, np.int32(t))
        self.key, self.busy = key, busy

    def longest(self, t: int) -> int:
        """Ticks the longest-standing head has stood still at tick ``t`` (0 with every buffer empty)."""
        return int(t - self.since[self.busy].min()) if self.busy.any() else 0

    def ring(self, t: int, bound: int, top: Topology, rout: Routing, scheme: int) -> list[dict] | None:
        """The deadlocked ring among the buffers frozen for at least ``bound`` ticks at tick ``t``
        (:func:`sim.cdg.stuck_ring`), or None when none is proven; the heads must have been
        observed at ``t``."""
        from .cdg import stuck_ring

        run = self.run
        frozen = self.busy & (t - self.since >= bound)
        if not frozen.any():
            return None
        bufs: list[int] = []
        ring = stuck_ring(
            top, rout, scheme, frozen, run.qs.head, run.qs.cnt, run.pk, run.net.nv, run.cf.vmax, run.cr.av, int(lay.NEVER32), bufs
        )
        # the chunk end by which every buffer of the ring had stopped (the deadlock is at least that old)
        self.ring_since = int(self.since[bufs].max()) if bufs else t
        return ring
