"""Exact minimum bisection with OR-Tools CP-SAT (Hastings et al. 2015, §III computes it by branch and bound).

Model: one Boolean ``s_r`` per router (its side), the balance rule of :func:`.cut.side_limits`
as one linear constraint, one Boolean ``x_e`` per router pair joined by links (parallel links
merged, integer weight = summed exact weights × lcm of the denominators) with
``x_e >= s_u - s_v`` and ``x_e >= s_v - s_u``; minimise ``sum w_e x_e``.  Minimisation makes
``x_e`` equal to the crossing indicator, and the two inequalities give CP-SAT's LP the
|s_u - s_v| rows directly; the XOR form (``s_u ⊕ s_v ⊕ ¬x_e``) was tried and proves much worse
(its LP relaxation is empty until CP-SAT linearises the XOR).

Symmetry breaking (valid because the balance rule is symmetric under swapping the sides):
router ``r0`` from the largest orbit of the kind-preserving automorphism group
(:func:`topoanalysis.invariants.symmetry`, BLISS) is put on side 0.  Then, for an orbit O of
the stabiliser of ``r0`` too heavy to fit on side 0 next to ``r0``, some member of O is on side 1
and an automorphism fixing ``r0`` maps it to O's first router, which is therefore fixed to side 1.

Warm start: the best of the METIS cut, when a union of globally connected components is
balanced (Hastings et al. 2015, §IV), the best such union found by METIS on the GCC quotient graph (for large
α that cut has no global link and is usually optimal), and for dragonflies the best
one-split-group cut (:func:`split_group_hint`).

Proven lower bounds (:mod:`.bounds`) are added as a constraint on the objective and reported when
a solve stops early: the eigenvalue bound ⌈λ2·k(n-k)/n⌉ (any graph) and, for dragonflies, the
group-profile and group-pair bounds.  When the warm start meets a bound the proof is immediate:
the (p,6,2) relative dragonfly at α = 1 (78 routers, 45) takes ~1.5 s (the search alone ~60 s), Q_6 0.1 s
(4 s).

Solver choice (measured on this 2-core machine, shared with other work, α = 1 unless noted,
relative dragonflies): CP-SAT's default portfolio with 2 workers found the optimum at once but
its lower bound stayed at 0 after 60 s on 36, 52 and 78 routers (its bound comes from the
core-based and LP workers, which 2 workers do not run).  One worker with
``linearization_level=2`` (the ``max_lp`` subsolver: full LP relaxation plus cuts) proved
36 routers at α = 2 in ~1 s, 52 in ~7 s and 78 in ~60 s; ``subsolvers=["max_lp", "core"]`` on 2
workers proved 52 in 9.5 s and 78 in 51 s (both cores, for little gain); ``lb_tree_search``
alone raised the bound fastest at first but did not close 52 in 60 s.  So the default is
``num_workers=1``, ``linearization_level=2``: deterministic for a given seed, the second core
left free.  CP-SAT's own symmetry detection (``symmetry_level=4``) did not help.

The (p,6,3) dragonfly (114 routers): the router-level model alone stops at bounds 78..90 at
α = 1 after 240 and 480 s.  The group-pair bound (:func:`.bounds.group_pair_bound`, a
group-level relaxation that also counts the links between split groups; ~0.2 s) proves 90 for
every arrangement, and the one-split-group warm start (:func:`split_group_hint`) supplies a
90 cut where METIS gives 92 (palmtree): proven in ~0.3-1 s, with no router-level search.  The
group-pair bound is only computed when the cheaper bounds do not already meet the warm start,
and the router-level search is skipped when some bound does.

Canonical dragonflies (one global link between every two groups, g = ah + 1) go to the profile
search of :mod:`.profiles` instead (``solver="auto"``; ``"cp-sat"`` forces the model above): a 5 s
CP-SAT solve supplies the starting cut, the profile search proves it.  On the (p,6,2) dragonflies
CP-SAT's bound stalls at the group-pair bound (73 at α = 2) while the profile search proves the
relative arrangement's 79 in ~4 s (8 s with the CP-SAT solve before it).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from fractions import Fraction
from math import ceil
from typing import Any

import numpy as np

from ..deadline import Deadline
from ..topology import Topology
from .bounds import dragonfly_structure, group_pair_bound, group_profile_bound, local_groups, spectral_lower_bound
from .cut import (
    BisectionResult,
    check_partition,
    component_links,
    crossing_counts,
    integer_weights,
    kind_weights,
    link_weights,
    side_limits,
    subset_sum_in_range,
)

__all__ = ["exact_bisection", "solve_weighted", "symmetry_fixings", "gcc_hint", "split_group_hint", "SOLVER_PARAMETERS"]

#: CP-SAT parameters used unless the caller overrides them (see module docstring for why).
SOLVER_PARAMETERS: dict[str, Any] = {"num_workers": 1, "linearization_level": 2}

#: values of ``exact_bisection(solver=...)``
SOLVERS = ("auto", "cp-sat", "profiles")

#: seconds of CP-SAT that give the profile search its starting cut (at most a quarter of the limit)
PRIMAL_TIME = 5.0

#: seconds the group-pair bound may take (at most a quarter of the caller's time limit)
GROUP_PAIR_TIME = 10.0


def _frac_num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def _pairs(n: int, u: np.ndarray, v: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    keep = w > 0
    key = u[keep].astype(np.int64) * n + v[keep]
    uk, inv = np.unique(key, return_inverse=True)
    ws = np.bincount(inv.reshape(-1), weights=w[keep], minlength=uk.size).astype(np.int64)
    return uk // n, uk % n, ws


def gcc_hint(
    top: Topology, int_weights: Mapping[str, int], vweights: np.ndarray, lo: int, hi: int, seed: int = 0
) -> tuple[np.ndarray | None, np.ndarray | None]:
    """A balanced cut crossed by no global link, if one exists (Hastings et al. 2015, §IV), else None.

    The globally connected components are contracted (vertex weight = their balance weight) and
    the quotient graph of non-global links is split by METIS + FM.  Returns (router sides,
    quotient sides); either is None when no union of GCCs is balanced or none was found.
    """
    import pymetis
    import scipy.sparse as sp

    from ..invariants.gcc import global_components
    from .metis import refine

    if "global" not in top.kind_names:
        return None, None
    comps = global_components(top)
    cw = np.array([int(vweights[c].sum()) for c in comps], dtype=np.int64)
    if len(comps) < 2 or not subset_sum_in_range(cw.tolist(), lo, hi):
        return None, None
    cid, w, keep = component_links(top, comps, int_weights)
    cu, cv = cid[top.u], cid[top.v]
    m = len(comps)
    adj = sp.coo_array((np.r_[w[keep], w[keep]], (np.r_[cu[keep], cv[keep]], np.r_[cv[keep], cu[keep]])), shape=(m, m)).tocsr()
    adj.sum_duplicates()
    if adj.nnz:
        opts = pymetis.Options()
        opts.seed = int(seed)
        _, parts = pymetis.part_graph(
            2,
            pymetis.CSRAdjacency(adj_starts=adj.indptr, adjacent=adj.indices),
            eweights=adj.data,
            vweights=np.maximum(cw, 1),
            options=opts,
        )
        qside = np.asarray(parts, dtype=np.int64)
    else:
        qside = np.zeros(m, dtype=np.int64)
    qside = refine(adj, qside, cw, lo, hi)
    if not lo <= int(cw[qside == 1].sum()) <= hi:
        return None, None
    return qside[cid].astype(np.int8), qside


def split_group_hint(
    top: Topology, w: np.ndarray, vweights: np.ndarray, lo: int, hi: int, max_candidates: int = 5000
) -> np.ndarray | None:
    """The cheapest balanced "one split group" cut of a dragonfly, or None (Hastings et al. 2015, §II).

    Split one group g: a subset R of its routers (|R| = ⌊a/2⌋ or ⌈a/2⌉) goes to side 1 with every
    group that a global link from R reaches, all other groups wholly to side 0.  On a canonical
    dragonfly with a even (t = 1, g = ah + 1) R reaches ah/2 groups and the cut is balanced, with
    (a/2)² local and (ah/2)² global crossings (20, 45 and 90 at α = 1 for (p,4,2), (p,6,2) and
    (p,6,3), each the optimum); METIS misses it on the 114-router palmtree (92).  Every group
    and every such R is tried (at most ``max_candidates`` cuts); w = integer weight per link.
    """
    from itertools import combinations

    st = dragonfly_structure(top)
    if st is None or top.n_routers > 2000:
        return None
    a, g, _, _ = st
    n = top.n_routers
    loc = top.kind == top.kind_index("local")
    _, grp = local_groups(top)
    gu, gv = top.u[~loc].astype(np.int64), top.v[~loc].astype(np.int64)
    far: list[list[int]] = [[] for _ in range(n)]  # groups reached by each router's global links
    for x, y in zip(gu.tolist(), gv.tolist()):
        far[x].append(int(grp[y]))
        far[y].append(int(grp[x]))
    best, best_cut, tried = None, None, 0
    for gi in range(g):
        members = np.flatnonzero(grp == gi).tolist()
        for c in sorted({a // 2, (a + 1) // 2} - {0}):
            for sub in combinations(members, c):
                tried += 1
                if tried > max_candidates:
                    return best
                reach = {q for r in sub for q in far[r]}
                side = np.isin(grp, list(reach)).astype(np.int8)
                side[list(sub)] = 1
                if not lo <= int(vweights[side == 1].sum()) <= hi:
                    continue
                cut = int(w[side[top.u] != side[top.v]].sum())
                if best_cut is None or cut < best_cut:
                    best, best_cut = side, cut
    return best


def symmetry_fixings(top: Topology, vweights: np.ndarray, lo: int, hi: int, balance: str) -> dict[int, int]:
    """{router: side} that may be fixed without losing every optimal cut (see module docstring)."""
    from ..invariants.symmetry import symmetry

    n = top.n_routers
    cls = np.unique(vweights, return_inverse=True)[1].reshape(-1)
    base = top.with_endpoints(cls) if balance == "endpoints" else top.with_endpoints(0)
    orbits = symmetry(base, respect_kinds=True, respect_endpoints=True).vertex_orbits
    big = max(orbits, key=lambda o: (o.size * 1.0, -int(o.min())))
    r0 = int(big.min())
    fix = {r0: 0}
    marker = cls * 2 + (np.arange(n) == r0)
    stab = symmetry(top.with_endpoints(marker), respect_kinds=True, respect_endpoints=True).vertex_orbits
    room0 = int(vweights.sum()) - lo - int(vweights[r0])  # most weight side 0 can take besides r0
    heavy = [o for o in stab if r0 not in o and int(vweights[o].sum()) > room0 and int(vweights[o[0]]) > 0]
    if heavy:
        o = max(heavy, key=lambda o: o.size)
        fix[int(o.min())] = 1
    return fix


def solve_weighted(
    n: int,
    u: np.ndarray,
    v: np.ndarray,
    w: np.ndarray,
    vweights: np.ndarray,
    lo: int,
    hi: int,
    fixed: Mapping[int, int] | None = None,
    hint: np.ndarray | None = None,
    time_limit: float | None = None,
    seed: int = 0,
    parameters: Mapping[str, Any] | None = None,
    lower_bound: int = 0,
) -> dict[str, Any]:
    """Minimise the integer-weighted cut of the graph (u, v, w) over 0/1 sides with
    ``lo <= sum(vweights[side==1]) <= hi``.  Returns status, objective, bound, side, seconds.

    ``lower_bound``: a proven bound on the optimum, added as a constraint on the objective.
    """
    from ortools.sat.python import cp_model

    pu, pv, pw = _pairs(n, np.asarray(u), np.asarray(v), np.asarray(w, dtype=np.int64))
    # Any: ortools' stubs declare only the snake_case API; the CamelCase names used here are its aliases
    m: Any = cp_model.CpModel()
    s = [m.NewBoolVar(f"s{r}") for r in range(n)]
    vw = [int(x) for x in vweights]
    m.Add(sum(c * x for c, x in zip(vw, s) if c) >= int(lo))
    m.Add(sum(c * x for c, x in zip(vw, s) if c) <= int(hi))
    for r, side in (fixed or {}).items():
        m.Add(s[int(r)] == int(side))
    terms = []
    for a, b, c in zip(pu.tolist(), pv.tolist(), pw.tolist()):
        x = m.NewBoolVar(f"x{a}_{b}")
        m.Add(x >= s[a] - s[b])
        m.Add(x >= s[b] - s[a])
        terms.append(c * x)
    if terms and lower_bound > 0:
        m.Add(sum(terms) >= int(lower_bound))
    m.Minimize(sum(terms) if terms else 0)
    if hint is not None:
        for r in range(n):
            m.AddHint(s[r], int(hint[r]))
    solver = cp_model.CpSolver()
    params = dict(SOLVER_PARAMETERS)
    params.update(parameters or {})
    for key, val in params.items():
        field = getattr(solver.parameters, key)
        if hasattr(field, "extend"):  # repeated field (e.g. subsolvers): replace its contents
            field.clear()
            field.extend(val)
        else:
            setattr(solver.parameters, key, val)
    solver.parameters.random_seed = int(seed)
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = float(time_limit)
    t0 = time.perf_counter()
    status = solver.Solve(m)
    secs = time.perf_counter() - t0
    name = solver.StatusName(status)
    out: dict[str, Any] = {"status": name, "seconds": secs, "side": None, "objective": None, "bound": 0}
    if name in ("OPTIMAL", "FEASIBLE"):
        out["side"] = np.array([solver.Value(x) for x in s], dtype=np.int8)
        out["objective"] = int(round(solver.ObjectiveValue()))
        out["bound"] = out["objective"] if name == "OPTIMAL" else max(0, int(ceil(solver.BestObjectiveBound() - 1e-6)))
    elif name == "INFEASIBLE":
        raise ValueError("no balanced cut satisfies the balance rule")
    return out


def exact_bisection(
    top: Topology,
    alpha: Any = 1,
    weights: Mapping[str, Any] | None = None,
    balance: str = "routers",
    time_limit: float | Deadline | None = None,
    seed: int = 0,
    hint: Any = None,
    symmetry_breaking: bool = True,
    parameters: Mapping[str, Any] | None = None,
    solver: str = "auto",
) -> BisectionResult:
    """Minimum bisection by CP-SAT or, for canonical dragonflies, the profile search
    (:mod:`.profiles`); ``optimal`` only when proven, else lower/upper bounds.

    ``hint``: a balanced 0/1 partition to start from (default: the METIS cut).  ``solver``:
    ``"auto"`` (where the profile search applies: a short CP-SAT solve, then the profile search;
    elsewhere CP-SAT), ``"cp-sat"`` or ``"profiles"`` (the profile search alone).  ``info["solver"]``
    says what proved the result: ``bounds``, ``cp-sat`` or ``profiles`` (unproven: the stage the
    time limit stopped, ``time limit`` when it ran out before any search).

    ``time_limit``: seconds for the whole call (or a :class:`~topoanalysis.deadline.Deadline`
    shared with a larger run): the group-pair bound, the CP-SAT solves and the profile search
    each get what is left of it, and once it runs out the best cut so far is returned with
    ``optimal`` False and the best proven ``lower_bound``.  Only the warm starts and the cheap
    bounds (METIS, the GCC and split-group hints, the spectral and group-profile bounds) run
    past it: 0.5-3 s on the 264-router (p,8,4) dragonfly on the shared 2-core machine.
    """
    from .metis import metis_bisection
    from .profiles import profile_structure

    t0 = time.perf_counter()
    if solver not in SOLVERS:
        raise ValueError(f"solver must be one of {SOLVERS}, got {solver!r}")
    dl = Deadline.of(time_limit)
    dl.note(stage="warm start (METIS)")
    kw = kind_weights(top, alpha, weights)
    iw, scale = integer_weights(kw)
    vw, lo, hi = side_limits(top, balance)
    n = top.n_routers
    w = link_weights(top, iw)
    pst = profile_structure(top) if solver != "cp-sat" and vw.min() == vw.max() > 0 else None
    if solver == "profiles" and pst is None:
        raise ValueError(
            "solver='profiles' needs a canonical dragonfly (groups of a routers, one global link "
            "between every two groups, h global links per router, g = ah + 1) and equal balance "
            "weights on every router"
        )
    # the best of the hint (default: METIS), the best GCC union (Hastings et al. 2015, §IV) and one split group
    if hint is None:
        start = metis_bisection(top, weights=kw, balance=balance, seed=seed).partition
    else:
        start = check_partition(top, hint, balance)
    g_side, _ = gcc_hint(top, iw, vw, lo, hi, seed)
    for cand in (g_side, split_group_hint(top, w, vw, lo, hi)):
        if cand is not None and w[cand[top.u] != cand[top.v]].sum() < w[start[top.u] != start[top.v]].sum():
            start = cand
    fixed = symmetry_fixings(top, vw, lo, hi, balance) if symmetry_breaking and pst is None else {}
    r0 = next(iter(fixed), None)
    if r0 is not None and start[r0] != fixed[r0]:
        start = (1 - start).astype(np.int8)
    start_cut = int(w[start[top.u] != start[top.v]].sum())
    bounds = {"spectral": 0, "group_profile": 0, "group_pairs": 0}
    if balance == "routers" and lo == n // 2:
        bounds["spectral"] = spectral_lower_bound(n, top.u, top.v, w, hi)
        bounds["group_profile"] = group_profile_bound(top, iw, lo, hi)
        # a CP-SAT solve of its own: only when the cheap bounds fall short, at most a quarter of the
        # limit (as before the limit became one deadline) and of what is left
        if start_cut > max(bounds.values()) and not dl.expired():
            dl.note(
                stage="group-pair bound",
                best=_frac_num(Fraction(start_cut, scale)),
                bound=_frac_num(Fraction(max(bounds.values()), scale)),
            )
            # (seconds is set when the deadline is limited; limit() with a cap is a number)
            quarter = 0.25 * dl.seconds if dl.limited else GROUP_PAIR_TIME  # type: ignore[operator]
            bounds["group_pairs"] = group_pair_bound(
                top,
                iw,
                lo,
                hi,
                dl.limit(min(GROUP_PAIR_TIME, quarter)),  # type: ignore[arg-type]
                seed,
            )
    known_lb = max(bounds.values())
    dl.note(best=_frac_num(Fraction(start_cut, scale)), bound=_frac_num(Fraction(known_lb, scale)))
    used = "bounds"
    if start_cut <= known_lb:  # the warm start meets a proven lower bound: optimal without a search
        res: dict[str, Any] = {"status": "OPTIMAL", "side": start, "objective": start_cut, "bound": start_cut, "seconds": 0.0}
    elif dl.expired():  # no time left for a search: the warm start, not proven
        used = "time limit"
        res = {"status": "FEASIBLE", "side": start, "objective": start_cut, "bound": known_lb, "seconds": 0.0}
    elif pst is not None:
        from .profiles import profile_bisection

        # CP-SAT finds good cuts fast (its bound is what stalls): a short solve gives the profile
        # search an upper bound that prunes, and sometimes proves the optimum itself
        # (solver="profiles" skips it: the profile search alone, from the warm starts)
        res = {"status": "", "seconds": 0.0}
        if solver == "auto":
            dl.note(stage="CP-SAT (starting cut)")
            primal = dl.limit(min(PRIMAL_TIME, 0.25 * dl.remaining()))
            res = solve_weighted(n, top.u, top.v, w, vw, lo, hi, {}, start, primal, seed, parameters, known_lb)
            if res["side"] is not None and res["objective"] < start_cut:
                start, start_cut = res["side"], res["objective"]
        used = "cp-sat"
        if res["status"] != "OPTIMAL":
            used = "profiles"
            w0 = int(vw[0])
            primal_bound = int(res.get("bound", 0))
            res = profile_bisection(
                top, int(iw["local"]), int(iw["global"]), -(-lo // w0), hi // w0, start_cut, start, dl, pst, scale
            )
            res["bound"] = max(res["bound"], primal_bound)  # what the short CP-SAT solve proved still holds
    else:
        used = "cp-sat"
        dl.note(stage="CP-SAT")
        res = solve_weighted(n, top.u, top.v, w, vw, lo, hi, fixed, start, dl.limit(), seed, parameters, known_lb)
    if res["side"] is None or res["objective"] > start_cut:
        side, obj = start, start_cut
    else:
        side, obj = res["side"], res["objective"]
    optimal = res["status"] == "OPTIMAL"
    lb = Fraction(res["objective"] if optimal else max(res["bound"], known_lb), scale)
    bw = Fraction(obj, scale)
    info = {
        "fixed": {str(k): v for k, v in fixed.items()},
        "bounds": {k: _frac_num(Fraction(b, scale)) for k, b in bounds.items()},
        "solver": used,
    }
    if used == "profiles":
        info.update({k: res[k] for k in ("profiles", "searched", "nodes") if k in res})
    return BisectionResult(
        bandwidth=bw,
        crossing=crossing_counts(top, side),
        partition=side,
        method="exact",
        optimal=optimal,
        lower_bound=lb,
        upper_bound=bw,
        seconds=time.perf_counter() - t0,
        weights=kw,
        balance=balance,
        status=res["status"],
        info=info,
    )
