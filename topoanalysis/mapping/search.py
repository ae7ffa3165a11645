"""Finding a stencil mapping that meets Hastings et al. 2015, §V's criteria, with CP-SAT.

The job's grid is cut into blocks of ``bx`` x ``by`` tasks, one block per group (Hastings et al. 2015,
Fig. 6: 2 x 2 blocks of a 6 x 6 job on the 9 groups of a (p, 4, 2) dragonfly; Fig. 7: 3 x 2
blocks of a 12 x 8 job on 16 groups of a (p, 6, 3) dragonfly).  The model chooses which group
holds each block and, per group, which switch holds each position of the block (the group's
*configuration*).  For two neighbouring blocks on groups g and h, with the global link between
them at switch j of g and j' of h:

* one boundary pair talks over the link itself ("global" phase): the task of g on switch j, its
  partner on j' (as in Hastings et al. 2015, Figs. 6 and 7, where the link between neighbouring groups always
  joins neighbouring tasks); no other boundary task sits on j or j' (its path would have 2 hops,
  not 1 or 3);
* every other boundary pair goes local - global - local ("multi-hop" phase, 3 hops), so at most
  ``max_link_use`` of them may cross between g and h (the link is used once per pair and
  direction in that phase);
* in each group each local channel carries at most ``max_link_use`` multi-hop messages.

Local neighbours inside a block talk over their local link (a group is a complete graph).  With
``minimise_configurations`` the model also minimises the number of distinct configurations
(Hastings et al. 2015 counts 2 for its relative mapping, 6 for absolute and circulant-based).  Only canonical
dragonflies (one global link between two groups) are supported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..deadline import Deadline
from ..topology import Topology
from .stencil import MappingReport, Stencil, check_mapping

__all__ = ["MappingSearch", "find_mapping"]

_DIRS = ("+x", "-x", "+y", "-y")
_OPP = {"+x": "-x", "-x": "+x", "+y": "-y", "-y": "+y"}


@dataclass(frozen=True)
class MappingSearch:
    """A search's outcome: the mapping (task -> router id, None if none was found), the group of
    each block, its check, the number of distinct group configurations, whether that number is
    proven minimal, and the solver's status and time."""

    switch_of_task: np.ndarray | None
    block_groups: np.ndarray | None
    report: MappingReport | None
    configurations: int | None
    proven_minimal: bool
    status: str
    seconds: float


def _gateways(top: Topology, group: np.ndarray) -> np.ndarray:
    """gw[g, h]: the index in group g of the switch holding the global link to group h."""
    index = np.asarray(top.labels["index"])
    G = int(group.max()) + 1
    gw = np.full((G, G), -1, dtype=np.int64)
    gl = top.kind == top.kind_index("global")
    for u, v in zip(top.u[gl].tolist(), top.v[gl].tolist()):
        gu, gv = int(group[u]), int(group[v])
        if gw[gu, gv] >= 0:
            raise ValueError(
                "topology: groups joined by more than one global link (trunking); the mapping search "
                "supports canonical dragonflies only"
            )
        gw[gu, gv], gw[gv, gu] = index[u], index[v]
    return gw


def find_mapping(
    top: Topology,
    stencil: Stencil,
    block: tuple[int, int],
    groups: Any = None,
    *,
    max_link_use: int = 1,
    minimise_configurations: bool = True,
    time_limit: Any = 60.0,
    seed: int = 0,
    workers: int = 1,
) -> MappingSearch:
    """Search for a mapping of ``stencil`` on ``top`` meeting Hastings et al. 2015, §V's criteria (see the
    module docstring), blocks of ``block`` = (bx, by) tasks.  ``groups``: the groups the job may
    use (default: groups 0, 1, ... as many as there are blocks; ``"any"``: every group).

    ``time_limit``: seconds for the whole search, the model's construction included (or a
    :class:`~topoanalysis.deadline.Deadline`; None: no limit); CP-SAT gets what is left.  A search
    it stops returns the best mapping found with ``proven_minimal`` False, or none."""
    from ortools.sat.python import cp_model

    dl = Deadline.of(time_limit)
    dl.note(stage="mapping model")

    if "group" not in top.labels or "index" not in top.labels or "global" not in top.kind_names:
        raise ValueError(f"topology: the mapping search needs a dragonfly, got family {top.family!r}")
    bx, by = block
    if stencil.nx % bx or stencil.ny % by:
        raise ValueError(f"block: {bx} x {by} blocks must tile the {stencil.nx} x {stencil.ny} stencil")
    group = np.asarray(top.labels["group"])
    G = int(group.max()) + 1
    a = int(np.bincount(group).max())
    P = bx * by
    if P > a:
        raise ValueError(f"block: {bx} x {by} = {P} tasks do not fit on a group of {a} switches")
    if isinstance(max_link_use, bool) or not isinstance(max_link_use, int) or max_link_use < 1:
        raise ValueError(f"max_link_use must be an integer >= 1, got {max_link_use!r}")
    BX, BY = stencil.nx // bx, stencil.ny // by
    B = BX * BY
    if groups is None:
        cand = list(range(B))
    elif isinstance(groups, str) and groups == "any":
        cand = list(range(G))
    else:
        cand = sorted({int(g) for g in groups})
    if len(cand) < B or min(cand) < 0 or max(cand) >= G:
        raise ValueError(f"groups: {B} blocks need {B} distinct groups among 0..{G - 1}, got {cand}")
    gw = _gateways(top, group)

    # Any: ortools' stubs declare only the snake_case API; the CamelCase names used here are its aliases

    m: Any = cp_model.CpModel()
    y = {(b, g): m.NewBoolVar(f"y{b}_{g}") for b in range(B) for g in cand}
    for b in range(B):
        m.AddExactlyOne(y[b, g] for g in cand)
    for g in cand:
        m.AddAtMostOne(y[b, g] for b in range(B))
    used = {g: sum(y[b, g] for b in range(B)) for g in cand}
    p = {(g, q, j): m.NewBoolVar(f"p{g}_{q}_{j}") for g in cand for q in range(P) for j in range(a)}
    for g in cand:
        for q in range(P):
            m.AddExactlyOne(p[g, q, j] for j in range(a))
        for j in range(a):
            m.AddAtMostOne(p[g, q, j] for q in range(P))

    def neighbour(b: int, d: str) -> int | None:
        X, Y = b % BX, b // BX
        X2, Y2 = X + {"+x": 1, "-x": -1}.get(d, 0), Y + {"+y": 1, "-y": -1}.get(d, 0)
        return Y2 * BX + X2 if 0 <= X2 < BX and 0 <= Y2 < BY else None

    def boundary(d: str) -> list[int]:
        if d in ("+x", "-x"):
            dx = bx - 1 if d == "+x" else 0
            return [dy * bx + dx for dy in range(by)]
        dy = by - 1 if d == "+y" else 0
        return [dy * bx + dx for dx in range(bx)]

    # nb[g, d, h]: the block on g has its d-neighbour on h
    nb = {}
    for d in _DIRS:
        pairs: list[tuple[int, int]] = [
            (b, neighbour(b, d))  # type: ignore[misc]  # None left out
            for b in range(B)
            if neighbour(b, d) is not None
        ]
        for g in cand:
            for h in cand:
                if g == h:
                    continue
                terms = []
                for b, b2 in pairs:
                    t = m.NewBoolVar("")
                    m.AddBoolAnd([y[b, g], y[b2, h]]).OnlyEnforceIf(t)
                    m.AddBoolOr([y[b, g].Not(), y[b2, h].Not()]).OnlyEnforceIf(t.Not())
                    terms.append(t)
                v = m.NewBoolVar(f"nb{g}{d}{h}")
                m.Add(v == sum(terms))
                nb[g, d, h] = v
    dk, ex, gwv = {}, {}, {}
    for g in cand:
        for d in _DIRS:
            ex[g, d] = sum(nb[g, d, h] for h in cand if h != g)
            for j in range(a):
                gwv[g, d, j] = m.NewBoolVar("")
                m.Add(gwv[g, d, j] == sum(nb[g, d, h] for h in cand if h != g and gw[g, h] == j))
            for k, q in enumerate(boundary(d)):
                prods = []
                for j in range(a):
                    t = m.NewBoolVar("")
                    m.AddMultiplicationEquality(t, [p[g, q, j], gwv[g, d, j]])
                    prods.append(t)
                dk[g, d, k] = m.NewBoolVar("")
                m.Add(dk[g, d, k] == sum(prods))
            K = len(boundary(d))
            m.Add(sum(dk[g, d, k] for k in range(K)) >= max(1, K - max_link_use)).OnlyEnforceIf(_indicator(m, ex[g, d]))
    for g in cand:
        for d in _DIRS:
            for h in cand:
                if h == g:
                    continue
                for k in range(len(boundary(d))):
                    m.Add(dk[g, d, k] == dk[h, _OPP[d], k]).OnlyEnforceIf(nb[g, d, h])
    # local channels in the multi-hop phase: out from a boundary task to its gateway, and back
    for g in cand:
        out_use: dict[tuple[int, int], list[Any]] = {(i, j): [] for i in range(a) for j in range(a) if i != j}
        for d in _DIRS:
            exd = _indicator(m, ex[g, d])
            for k, q in enumerate(boundary(d)):
                mh = m.NewBoolVar("")
                m.AddBoolAnd([exd, dk[g, d, k].Not()]).OnlyEnforceIf(mh)
                m.AddBoolOr([exd.Not(), dk[g, d, k]]).OnlyEnforceIf(mh.Not())
                for i in range(a):
                    for j in range(a):
                        if i == j:
                            continue
                        t = m.NewBoolVar("")
                        m.AddMultiplicationEquality(t, [mh, p[g, q, i], gwv[g, d, j]])
                        out_use[i, j].append(t)
        for (i, j), terms in out_use.items():
            # channel i -> j: messages out of i to gateway j, and messages in at gateway i for j
            m.Add(sum(terms) + sum(out_use[j, i]) <= max_link_use)
    nconf = None
    if minimise_configurations:
        T = B
        qv = {(k, q, j): m.NewBoolVar("") for k in range(T) for q in range(P) for j in range(a)}
        z = {(g, k): m.NewBoolVar("") for g in cand for k in range(T)}
        u = [m.NewBoolVar(f"u{k}") for k in range(T)]
        for g in cand:
            m.Add(sum(z[g, k] for k in range(T)) == used[g])
            for k in range(T):
                m.AddImplication(z[g, k], u[k])
                for q in range(P):
                    for j in range(a):
                        m.Add(p[g, q, j] == qv[k, q, j]).OnlyEnforceIf(z[g, k])
        for k in range(T - 1):
            m.AddImplication(u[k + 1], u[k])
        nconf = sum(u)
        m.Minimize(nconf)
    solver = cp_model.CpSolver()
    dl.note(stage="mapping search (CP-SAT)")
    solve_limit = dl.limit()
    if solve_limit is not None:
        solver.parameters.max_time_in_seconds = solve_limit
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed)
    t0 = time.perf_counter()
    st = solver.Solve(m)
    secs = time.perf_counter() - t0
    name = solver.StatusName(st)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return MappingSearch(None, None, None, None, False, name, secs)
    index = np.asarray(top.labels["index"])
    router = {(int(group[r]), int(index[r])): r for r in range(top.n_routers)}
    sw = np.full(stencil.n_tasks, -1, dtype=np.int64)
    bg = np.full(B, -1, dtype=np.int64)
    for b in range(B):
        g = next(g for g in cand if solver.Value(y[b, g]))
        bg[b] = g
        X, Y = b % BX, b // BX
        for q in range(P):
            j = next(j for j in range(a) if solver.Value(p[g, q, j]))
            dx, dy = q % bx, q // bx
            sw[stencil.task(X * bx + dx, Y * by + dy)] = router[g, j]
    rep = check_mapping(top, stencil, sw, block)
    return MappingSearch(sw, bg, rep, rep.group_configurations, minimise_configurations and st == cp_model.OPTIMAL, name, secs)


def _indicator(m: Any, expr: Any) -> Any:
    """A Boolean equal to the 0/1 linear expression ``expr``."""
    v = m.NewBoolVar("")
    m.Add(v == expr)
    return v
