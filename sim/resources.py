"""What a run will cost before it starts: memory of the engine's state and a time estimate.

A run whose state cannot fit is refused up front, and the packet pool (which grows while the
source queues of an overloaded network fill up) stops at the same budget with a clear error
instead of driving the machine into swap.
"""

from __future__ import annotations

import os

__all__ = ["memory_budget", "state_bytes", "estimated_seconds", "human_bytes", "ROUTER_CYCLES_PER_SECOND"]

#: simulated router-cycles per second of one core, measured by ``benchmarks/sim.py`` (a = 12,
#: p = 6, h = 6 dragonfly, 876 routers, MIN, uniform, load 0.4: 2,941 cycles/s); heavier loads
#: and adaptive routings are slower, so this is an optimistic estimate
ROUTER_CYCLES_PER_SECOND = 2.5e6


def memory_budget() -> int:
    """Bytes a run may use: half the machine's physical memory (the rest is the user's)."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2)
    except (ValueError, OSError, AttributeError):  # not POSIX: assume 8 GB
        return 8 << 30


def state_bytes(n_routers: int, n_endpoints: int, n_arcs: int, vmax: int, credit_slots: int) -> int:
    """Bytes of the engine's fixed arrays (see ``sim.state.Run``): per arc 64, per (arc, VC)
    80 (queue, credit and allocation records), per credit slot 4, per endpoint 96, per router 80.
    The packet pool comes on top: one record per packet, and it grows."""
    return 64 * n_arcs + 80 * n_arcs * vmax + 4 * credit_slots + 96 * n_endpoints + 80 * n_routers


def estimated_seconds(n_routers: int, cycles: int) -> float:
    """Rough wall time of ``cycles`` cycles of a network of ``n_routers`` routers."""
    return float(n_routers) * float(cycles) / ROUTER_CYCLES_PER_SECOND


def human_bytes(n: float) -> str:
    """``1.5 GB`` style."""
    if n < 1024:
        return f"{int(n)} B"
    for unit in ("kB", "MB", "GB", "TB"):
        n /= 1024
        if n < 1024 or unit == "TB":
            break
    return f"{n:.1f} {unit}"
