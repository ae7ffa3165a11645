"""A 2D nearest-neighbour stencil job mapped onto a dragonfly, and Hastings et al. 2015, §V's criteria.

Hastings et al. 2015, §V maps a job whose tasks are the points of a 2D grid, each talking to its neighbours
in +x, -x, +y and -y (no wrap-around), one task per switch, and asks that the communication run
in phases in which

1. all paths have the same length,
2. each link is used at most once,
3. each switch handles the same amount of traffic.

Its phases (for Fig. 6): first the neighbours in the same group over their local link ("local"),
then the neighbours in different groups joined by a global link ("global"), then the other
neighbours in different groups, each over local - global - local ("multi-hop": a local link to
the switch holding the global link to the other group, that link, a local link to the task).
A message goes each way between two neighbours, so a link is used "at most once" per direction
(a link is two channels).

Criterion 3 cannot hold literally at the edge of a non-periodic grid (a corner task has two
neighbours, an inner task four), so it is read as the paper's motive ([17]: no hotspot): in each
phase no switch handles (sends, forwards or receives) more messages than the busiest task sends
and receives on its own, i.e. forwarding never makes a switch the busiest one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..topology import Topology

__all__ = ["Stencil", "PhaseReport", "MappingReport", "check_mapping", "group_configurations", "stencil_traffic", "PHASES"]

PHASES = ("local", "global", "multi-hop")


@dataclass(frozen=True)
class Stencil:
    """An ``nx`` x ``ny`` grid of tasks, task ``y * nx + x`` at (x, y), neighbours one step apart."""

    nx: int
    ny: int

    def __post_init__(self) -> None:
        for nm, v in (("nx", self.nx), ("ny", self.ny)):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
                raise ValueError(f"stencil {nm} must be an integer >= 1, got {v!r}")

    @property
    def n_tasks(self) -> int:
        """Number of tasks."""
        return self.nx * self.ny

    def task(self, x: int, y: int) -> int:
        """The task at (x, y)."""
        return y * self.nx + x

    def edges(self) -> list[tuple[int, int, str]]:
        """Each neighbour pair once, as (task, task at +1, "x" or "y")."""
        out = []
        for y in range(self.ny):
            for x in range(self.nx):
                if x + 1 < self.nx:
                    out.append((self.task(x, y), self.task(x + 1, y), "x"))
                if y + 1 < self.ny:
                    out.append((self.task(x, y), self.task(x, y + 1), "y"))
        return out


@dataclass(frozen=True)
class PhaseReport:
    """One phase of a mapping: its messages (both directions of each pair), the lengths of their
    paths (hops), the most messages on one channel, and the most messages a switch handles
    against the most a task sends and receives itself."""

    name: str
    messages: int
    path_lengths: tuple[int, ...]
    max_channel_use: int
    max_switch_load: int
    max_task_load: int

    @property
    def equal_lengths(self) -> bool:
        """Criterion 1."""
        return len(self.path_lengths) <= 1

    @property
    def links_once(self) -> bool:
        """Criterion 2."""
        return self.max_channel_use <= 1

    @property
    def balanced(self) -> bool:
        """Criterion 3 (see the module docstring for the reading)."""
        return self.max_switch_load <= self.max_task_load


@dataclass(frozen=True)
class MappingReport:
    """The phases of a mapping and whether it meets the criteria; ``problems`` says what fails."""

    phases: tuple[PhaseReport, ...]
    group_configurations: int
    problems: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """Every criterion holds in every phase."""
        return not self.problems


def _dragonfly(top: Topology) -> tuple[np.ndarray, np.ndarray]:
    if "group" not in top.labels or "index" not in top.labels or "global" not in top.kind_names:
        raise ValueError(
            f"topology: stencil mapping needs a dragonfly (groups, router index, global links), got family {top.family!r}"
        )
    return np.asarray(top.labels["group"]), np.asarray(top.labels["index"])


def _check_switches(top: Topology, stencil: Stencil, switch_of_task: Any) -> np.ndarray:
    s = np.asarray(switch_of_task)
    if s.shape != (stencil.n_tasks,) or not np.issubdtype(s.dtype, np.integer):
        raise ValueError(f"mapping: one switch (router id) per task expected, {stencil.n_tasks} integers; got shape {s.shape}")
    if s.size and (s.min() < 0 or s.max() >= top.n_routers):
        raise ValueError(f"mapping: router ids must be in 0..{top.n_routers - 1}")
    if np.unique(s).size != s.size:
        raise ValueError("mapping: two tasks on one switch; Hastings et al. 2015, §V maps one task per switch")
    return s


def _paths(top: Topology, stencil: Stencil, sw: np.ndarray) -> dict[str, list[list[int]]]:
    """The routers each message visits, per phase (Hastings et al. 2015, §V's three phases)."""
    group, _ = _dragonfly(top)
    loc = top.kind == top.kind_index("local")
    local = {(int(a), int(b)) for a, b in zip(top.u[loc], top.v[loc])}
    local |= {(b, a) for a, b in local}
    glob: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in zip(top.u[~loc].tolist(), top.v[~loc].tolist()):
        glob.setdefault((int(group[a]), int(group[b])), []).append((a, b))
        glob.setdefault((int(group[b]), int(group[a])), []).append((b, a))
    out: dict[str, list[list[int]]] = {p: [] for p in PHASES}
    for t1, t2, _ in stencil.edges():
        for s, d in ((int(sw[t1]), int(sw[t2])), (int(sw[t2]), int(sw[t1]))):
            gs, gd = int(group[s]), int(group[d])
            if gs == gd:
                if (s, d) not in local:
                    raise ValueError(f"topology: switches {s} and {d} share a group but no local link")
                out["local"].append([s, d])
                continue
            links = glob.get((gs, gd))
            if not links:
                raise ValueError(f"topology: no global link between groups {gs} and {gd} (tasks {t1}, {t2})")
            if (s, d) in links:
                out["global"].append([s, d])
                continue
            # the shortest local-global-local path over a link between the two groups
            best = min(links, key=lambda ab: (ab[0] != s) + (ab[1] != d))
            out["multi-hop"].append([s] + ([best[0]] if best[0] != s else []) + [best[1]] + ([d] if best[1] != d else []))
    return out


def group_configurations(top: Topology, stencil: Stencil, switch_of_task: Any, block: tuple[int, int]) -> int:
    """Distinct group configurations (Hastings et al. 2015, §V, Fig. 6): the map from a switch's index in its
    group to the position of its task inside the group's ``block`` (bx x by tasks), counted over
    the groups the job uses."""
    sw = _check_switches(top, stencil, switch_of_task)
    group, index = _dragonfly(top)
    bx, by = block
    conf: dict[int, dict[int, tuple[int, int]]] = {}
    for t in range(stencil.n_tasks):
        x, y = t % stencil.nx, t // stencil.nx
        conf.setdefault(int(group[sw[t]]), {})[int(index[sw[t]])] = (x % bx, y % by)
    return len({tuple(sorted(c.items())) for c in conf.values()})


def check_mapping(top: Topology, stencil: Stencil, switch_of_task: Any, block: tuple[int, int] | None = None) -> MappingReport:
    """Check a mapping (task -> router id) against Hastings et al. 2015, §V's criteria, phase by phase.
    ``block`` (tasks per group along x and y) is only needed to count group configurations."""
    sw = _check_switches(top, stencil, switch_of_task)
    paths = _paths(top, stencil, sw)
    reports, problems = [], []
    for name in PHASES:
        ps = paths[name]
        chan = Counter((a, b) for p in ps for a, b in zip(p[:-1], p[1:]))
        load = Counter(r for p in ps for r in p)
        own = Counter(r for p in ps for r in (p[0], p[-1]))
        rep = PhaseReport(
            name,
            len(ps),
            tuple(sorted({len(p) - 1 for p in ps})),
            max(chan.values(), default=0),
            max(load.values(), default=0),
            max(own.values(), default=0),
        )
        reports.append(rep)
        if not rep.equal_lengths:
            problems.append(f"{name}: paths of {', '.join(map(str, rep.path_lengths))} hops")
        if not rep.links_once:
            problems.append(f"{name}: a channel carries {rep.max_channel_use} messages")
        if not rep.balanced:
            problems.append(f"{name}: a switch handles {rep.max_switch_load} messages, a task at most {rep.max_task_load}")
    nconf = group_configurations(top, stencil, sw, block) if block is not None else 0
    return MappingReport(tuple(reports), nconf, tuple(problems))


def stencil_traffic(top: Topology, stencil: Stencil, switch_of_task: Any, direction: str) -> np.ndarray:
    """One direction of the stencil exchange (``+x``, ``-x``, ``+y`` or ``-y``) as an endpoint
    map for the simulator (``sim.traffic`` pattern ``map:FILE``): endpoint e of a task's switch
    sends to endpoint e of its neighbour's switch; -1 for endpoints that send nothing (tasks
    without that neighbour, switches without a task)."""
    sw = _check_switches(top, stencil, switch_of_task)
    if direction not in ("+x", "-x", "+y", "-y"):
        raise ValueError(f"direction must be +x, -x, +y or -y, got {direction!r}")
    ep = np.asarray(top.endpoints) if np.ndim(top.endpoints) else np.full(top.n_routers, int(top.endpoints))
    if top.n_endpoints < 1:
        raise ValueError("topology: no endpoints; give a concentration p")
    first = np.r_[0, np.cumsum(ep)[:-1]]
    dest = np.full(top.n_endpoints, -1, dtype=np.int64)
    step = {"+x": (1, 0), "-x": (-1, 0), "+y": (0, 1), "-y": (0, -1)}[direction]
    for t in range(stencil.n_tasks):
        x, y = t % stencil.nx + step[0], t // stencil.nx + step[1]
        if 0 <= x < stencil.nx and 0 <= y < stencil.ny:
            s, d = int(sw[t]), int(sw[stencil.task(x, y)])
            k = min(int(ep[s]), int(ep[d]))
            dest[first[s] : first[s] + k] = np.arange(first[d], first[d] + k)
    return dest
