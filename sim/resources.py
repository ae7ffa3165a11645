"""What a run will cost before it starts: memory of the engine's state and a time estimate.

A run whose state cannot fit is refused up front, and the packet pool (which grows while the
source queues of an overloaded network fill up) stops at the same budget with a clear error
instead of driving the machine into swap.
"""

from __future__ import annotations

import os

__all__ = [
    "memory_budget",
    "cgroup_room",
    "available_memory",
    "state_bytes",
    "estimated_seconds",
    "human_bytes",
    "ROUTER_CYCLES_PER_SECOND",
]

#: simulated router-cycles per second of one core, measured by ``benchmarks/sim.py`` (a = 12,
#: p = 6, h = 6 dragonfly, 876 routers, MIN, uniform, load 0.4: 2,941 cycles/s); heavier loads
#: and adaptive routings are slower, so this is an optimistic estimate
ROUTER_CYCLES_PER_SECOND = 2.5e6


#: where the memory limit of the process's control group and its usage are read (cgroup v2,
#: then v1); a container's limit is often far below the machine's physical memory
CGROUP_FILES = (
    ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
    ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"),
)
MEMINFO = "/proc/meminfo"


def _read_int(path: str) -> int | None:
    try:
        with open(path) as f:
            txt = f.read().strip()
    except OSError:
        return None
    return int(txt) if txt.isdigit() else None  # "max": no limit


def cgroup_room() -> int | None:
    """Bytes the process's control group may still allocate (its limit minus its usage), or
    None when no limit is set or none can be read."""
    for limit_path, usage_path in CGROUP_FILES:
        limit = _read_int(limit_path)
        if limit is None or limit >= 1 << 60:  # v1 writes "no limit" as a huge number
            continue
        used = _read_int(usage_path) or 0
        return max(0, limit - used)
    return None


def available_memory() -> int | None:
    """Bytes the kernel reports as available without swapping (``MemAvailable``), or None."""
    try:
        with open(MEMINFO) as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def memory_budget() -> int:
    """Bytes a run may use: half the machine's physical memory (the rest is the user's), and no
    more than 90 % of what is available now, nor of what the process's control group (a
    container's memory limit) still allows: beyond those the kernel would swap or kill the run
    without a message."""
    try:
        budget = int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2)
    except (ValueError, OSError, AttributeError):  # not POSIX: assume 8 GB
        budget = 8 << 30
    for room in (available_memory(), cgroup_room()):
        if room is not None:
            budget = min(budget, int(room * 0.9))
    return budget


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
