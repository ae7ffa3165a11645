"""Deadlock-free routings without virtual channels on trunked dragonflies, by router colours
(Camarero et al. 2014, §6): ``2color-min`` (§6.1, trunking t >= 2), ``4color-min`` and ``4color-nonmin``
(§6.2, t >= 4), and ``4color-adaptive`` (§6.2 and §7: one of the two chosen at injection
by Piggybacking).

Routers are coloured so that every global link joins two routers of one colour and the t global
links between any two groups include every colour (:func:`router_colours`); a local link from
colour xP to colour yQ has class ``+zPQ`` with z = y - x mod 2 (the 2-colour scheme has one letter
and classes +0 and +1).  A route is then fixed by the colour of its global link(s): from the
source, a local hop to the router of its group that owns the global link of that colour to the
target group (none if the source owns it), the global hop, and a local hop to the destination.
Where two groups are joined by several links of one colour (t above the number of colours), the
source router's index within its group picks one, so that a pair of groups uses all of them.

* 2-color minimal (§6.1): source and destination colours differ: the link of the source's colour
  (its first local hop is +0, the last +1); they are equal: the link of the source's colour when
  the destination group's index is larger (+0, +0), else of the other colour (+1, +1).
* 4-color (§6.2), colours 0A, 0B, 1A, 1B (digit + 2 x letter) and the link order
  ``l+0AA, l+0BA < g_A < l+1AA < l+1AB < l+0AB < l+1BB < g_B < l+1BA, l+0BB`` (Fig. 8):

  - minimal: the first half (``l+0PA, g_A`` and a local link after it) or the second half (a
    local link, ``g_B``, ``l+1BA`` or ``l+0BB``).  The paper says the labels decide which half
    but not how; here, for source colour xP and destination yQ: destination (x+1)A by g_A of
    colour xA; xA by g_B of colour (x+1)B; (x+1)B by g_B of colour (x+1)B; xB from an A source
    by g_B of colour xB, from a B source by g_A of colour xA (each the only half that reaches
    it, or the one that leaves g_A to the routes that need it);
  - non-minimal (Valiant-like, ``lgllgl``): ``l+0PA, g_A`` to an intermediate group drawn
    uniformly (not the source's or destination's), a local hop to an intermediate router, a
    local hop to the owner of the g_B link to the destination group, ``g_B``, and the last local
    hop, which the destination's letter fixes (``l+1BA`` to an A router, ``l+0BB`` to a B
    router), and so the colour yB of g_B.  The intermediate router is drawn uniformly among the
    routers of its group of the one colour the order allows for the needed digit change: xB
    (``l+0AB, l+1BB``) when y = x + 1, (x+1)B (``l+1AB, l+1BB``) when y = x: a fourth of the
    routers, as the paper says ("any of the 0B routers" for 0A -> 0A).

* 4-color adaptive (§7: "selects between minimal (lgl) or nonminimal (lgllgl) paths at injection
  time" with Piggybacking "using information from the neighbour routers"): at generation the packet
  draws its non-minimal path (intermediate router) and holds both routes' colours; at its source
  router it takes the non-minimal path if the global link of its minimal path is flagged
  congested, else the path of least (output port occupancy) x (hops: 3 and 6), ties to minimal,
  and keeps the choice open until that path's output is available: Piggybacking as ``pb``
  defines it (:mod:`sim.routings.ugal`: FOGSim's flags, 200 % of the router's mean global
  occupancy plus 5 packets, seen by the group's other routers ``delay`` cycles later).

Within a group a packet takes its one local hop.  Every hop may use any VC (the routings need
none for deadlock freedom; Camarero et al. 2014, Fig. 10 runs 1 to 4, "selected randomly among those
available").  ``proofs/test_colour_routings.py`` checks the channel dependency graphs.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from topoanalysis.topology import Topology

from .base import IP_A, IP_GKIND, IP_GROUPS, IP_N_TABLES, with_slots
from .._jit import call, helper, helper_py
from .._rng import advance, to_float
from .base import (
    F_PHASE1,
    IP_DELAY,
    L_MIN,
    L_NONMIN,
    REMOTE_CREDITS,
    Routing,
    RTables,
    dest_group,
    eject,
    other_than,
    remote_slot,
)
from .kind import Kind
from .tables import dragonfly_tables, empty_tables
from .ugal import IP_COEF, IP_PB, IP_THRESH, PB_COEF, PB_THRESHOLD, _flagged, pb_on_request

__all__ = ["build", "COLOUR", "router_colours", "VARIANTS", "header_flags", "inter_colour"]

#: routing name -> (variant id, colours, least trunking)
VARIANTS = {"2color-min": (0, 2, 2), "4color-min": (1, 4, 4), "4color-nonmin": (2, 4, 4), "4color-adaptive": (4, 4, 4)}
V_2MIN, V_4MIN, V_4NONMIN, V_4ADAPTIVE = 0, 1, 2, 4
# the 2-color route without its group-order rule (always the source's colour): deliberately
# cyclic, for the proofs (Camarero et al. 2014, Fig. 7's cycle); not in the registry
V_2UNORDERED = 3
IP_VARIANT, IP_NC = 13, 14  # rt.ip: the variant (V_*), the number of colours
IP_T = 15  # rt.ip: most global links of one colour between two groups (rt.cgarc's entries per key)
# 4color-adaptive reads the Piggybacking flags as PB does: sim.routings.ugal's slots IP_PB, IP_COEF,
# IP_THRESH and the shared IP_DELAY
K1_SHIFT, K2_SHIFT = 8, 12  # flags: colour of the first global hop, of the last (4 bits each)
KM_SHIFT = 16  # flags of an undecided 4color-adaptive packet: its minimal route's global colour
SEL_SHIFT = 20  # flags: which of the links of a colour between two groups (the source router's index)
F_UNDECIDED = 2  # header flag: 4color-adaptive packet at its source, path not chosen yet
A, B = 0, 1  # letters


@helper_py
def route_colours(variant, cs, cd, gs, gd):
    """(colour of the global hop before an intermediate, colour of the global hop to the
    destination group) for source colour cs in group gs to colour cd in group gd (see the module
    doc); the first is -1 on a minimal route."""
    if variant == V_2UNORDERED:
        return -1, cs
    if variant == V_2MIN:
        if cs != cd:
            return -1, cs
        return -1, (cs if gd > gs else 1 - cs)
    x, p = cs % 2, cs // 2
    y, q = cd % 2, cd // 2
    if variant == V_4NONMIN:
        # the last hop: l+1BA into an A router from (y+1)B, l+0BB into a B router from yB
        yb = (y + 1) % 2 if q == A else y
        return x + 2 * A, yb + 2 * B
    if q == A:
        if y == (x + 1) % 2:
            return -1, x + 2 * A  # l+0PA, g_A, l+1AA
        return -1, (x + 1) % 2 + 2 * B  # l+1PB, g_B, l+1BA
    if y == (x + 1) % 2:
        return -1, y + 2 * B  # l+1PB, g_B, l+0BB
    if p == A:
        return -1, x + 2 * B  # l+0AB, g_B, l+0BB
    return -1, x + 2 * A  # l+0BA, g_A, l+0AB


@helper_py
def followed_route(variant, with_inter):
    """The route a packet of routing ``variant`` follows once decided: the non-minimal one when it
    has an intermediate router (4color-nonmin, 4color-adaptive on its non-minimal choice), else
    the minimal one of its colour scheme."""
    if variant == V_4NONMIN or variant == V_4ADAPTIVE:
        return V_4NONMIN if with_inter else V_4MIN
    return variant


@helper_py
def inter_colour(cs, cd):
    """Colour of the intermediate router of a 4-color non-minimal route (see the module doc)."""
    x = cs % 2
    y, q = cd % 2, cd // 2
    yb = (y + 1) % 2 if q == A else y
    if yb == (x + 1) % 2:
        return x + 2 * B
    return (x + 1) % 2 + 2 * B


@helper_py
def header_flags(k1, k2, sel):
    """The header flags of a route with global hops of colours k1 (-1: none) and k2, over the
    links ``sel`` (modulo their number) of those colours."""
    f = (k2 << K2_SHIFT) | ((sel & 255) << SEL_SHIFT)
    if k1 >= 0:
        f |= F_PHASE1 | (k1 << K1_SHIFT)
    return f


@helper
def init(rt, net, pk, p, sr, dr, st):
    gs = rt.group[sr]
    gd = rt.group[dr]
    if gs == gd:
        return
    cs = np.int64(rt.colour[sr])
    cd = np.int64(rt.colour[dr])
    # two groups: no intermediate group to draw, the minimal route
    variant = followed_route(rt.ip[IP_VARIANT], rt.ip[IP_GROUPS] > 2)
    k1, k2 = route_colours(variant, cs, cd, np.int64(gs), np.int64(gd))
    if variant == V_4NONMIN:
        gi = other_than(st, rt.ip[IP_GROUPS], np.int64(gs), np.int64(gd))
        # an intermediate router of the one allowed colour: a/4 of them in every group
        ci = inter_colour(cs, cd)
        a = rt.ip[IP_A]
        g = advance(st[0])
        st[0] = g
        j = int(to_float(g) * (a // rt.ip[IP_NC]))
        for x in range(a):
            if rt.colour[gi * a + x] == ci:
                if j == 0:
                    pk.inter[p] = gi * a + x
                    break
                j -= 1
        pk.flags[p] = header_flags(k1, k2, np.int64(rt.index[sr]))
        if rt.ip[IP_VARIANT] == V_4ADAPTIVE:
            km = route_colours(np.int64(V_4MIN), cs, cd, np.int64(gs), np.int64(gd))[1]
            pk.flags[p] = (pk.flags[p] & ~F_PHASE1) | F_UNDECIDED | (km << KM_SHIFT)
    else:
        pk.flags[p] = header_flags(np.int64(-1), k2, np.int64(rt.index[sr]))


@helper
def _link(rt, r, g, k, sel):
    """The global arc of colour k from r's group to group g the packet takes: of the T links of
    that colour between the two groups (``rt.cgarc``), number ``sel`` modulo their count; -1 if
    there is none."""
    T = rt.ip[IP_T]
    base = ((rt.group[r] * rt.ip[IP_GROUPS] + g) * rt.ip[IP_NC] + k) * T
    c = 0
    while c < T and rt.cgarc[base + c] >= 0:
        c += 1
    if c == 0:
        return np.int64(-1)
    return np.int64(rt.cgarc[base + sel % c])


@helper
def _hop_towards(rt, net, r, g, k, sel):
    """:func:`_towards`'s arc (-1: none)."""
    arc = _link(rt, r, g, k, sel)
    if arc < 0:
        return np.int64(-1)
    owner = net.src[arc]
    return np.int64(arc if owner == r else rt.larc[r, rt.index[owner]])


@helper
def _towards(rt, net, r, g, k, sel, out_arc):
    """The hop from r towards group g over its group's global link of colour k (:func:`_link`):
    that link if r owns it, else the local arc to its owner.  Returns the number of candidates (0:
    no such link, a configuration the builder refuses)."""
    a = _hop_towards(rt, net, r, g, k, sel)
    if a < 0:
        return 0
    out_arc[0] = a
    return 1


@call
def candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops):
    """The one hop of the packet's colour route at router r."""
    d = pk.dr[p]
    if r == d:
        return eject(out_arc, out_lab, out_hops)
    g = rt.group[r]
    f = pk.flags[p]
    if (f & F_PHASE1) != 0:
        x = pk.inter[p]
        gi = rt.group[x]
        if g != gi:
            n = _towards(rt, net, r, gi, (f >> K1_SHIFT) & 15, (f >> SEL_SHIFT) & 255, out_arc)
        else:
            out_arc[0] = rt.larc[r, rt.index[x]]
            n = 1
        out_lab[0] = L_NONMIN
        out_hops[0] = 6
        return n
    gd = rt.group[d]
    if g != gd:
        n = _towards(rt, net, r, gd, (f >> K2_SHIFT) & 15, (f >> SEL_SHIFT) & 255, out_arc)
        out_hops[0] = 3
    else:
        out_arc[0] = rt.larc[r, rt.index[d]]
        n = 1
        out_hops[0] = 1
    out_lab[0] = L_MIN
    return n


@call
def source_candidates(rt, net, pk, p, r, out_arc, out_lab, out_hops, out_tag):
    """An undecided 4color-adaptive packet at its source router r: the first hop of its minimal
    route (tag 0) unless Piggybacking flags that route's global link, and of its non-minimal route
    (tag 1)."""
    f = pk.flags[p]
    x = pk.inter[p]
    gd = np.int64(rt.group[pk.dr[p]])
    km = (f >> KM_SHIFT) & 15
    sel = (f >> SEL_SHIFT) & 255
    n = 0
    am = _hop_towards(rt, net, r, gd, km, sel)
    gk = rt.ip[IP_GKIND]
    flagged = False
    if rt.ip[IP_PB] == 1 and am >= 0:
        if rt.akind[am] == gk:
            o = remote_slot(rt, r, np.int64(0))
            flagged = o >= 0 and _flagged(rt, net, r, am, o)
        else:
            owner = np.int64(rt.adst[am])
            g = _link(rt, r, gd, km, sel)
            o = remote_slot(rt, r, rt.ip[IP_DELAY])
            flagged = o >= 0 and _flagged(rt, net, owner, np.int64(g), o)
    if am >= 0 and not flagged:
        out_arc[0] = am
        out_lab[0] = L_MIN
        out_hops[0] = 3
        out_tag[0] = 0
        n = 1
    an = _hop_towards(rt, net, r, np.int64(rt.group[x]), (f >> K1_SHIFT) & 15, sel)
    if an >= 0:
        out_arc[n] = an
        out_lab[n] = L_NONMIN
        out_hops[n] = 6
        out_tag[n] = 1
        n += 1
    return n


@helper
def decide(rt, net, pk, p, r, tag):
    """The policy chose the minimal route (tag 0) or the non-minimal one (tag 1)."""
    f = pk.flags[p]
    sel = (f >> SEL_SHIFT) & 255
    if tag == 0:
        pk.flags[p] = header_flags(np.int64(-1), (f >> KM_SHIFT) & 15, sel)
        pk.inter[p] = -1
    else:
        pk.flags[p] = header_flags((f >> K1_SHIFT) & 15, (f >> K2_SHIFT) & 15, sel)


@helper
def on_move(rt, net, pk, p, arc, vc):
    if (pk.flags[p] & F_PHASE1) != 0 and net.dst[arc] == pk.inter[p]:
        pk.flags[p] &= ~F_PHASE1


def router_colours(top: Topology, n_colours: int, name: str = "colour routing") -> np.ndarray:
    """A colour per router (the same for every router index in all groups), ``n_colours`` = 2 or
    4, each taken by a / n_colours routers of a group, such that every global link joins routers
    of one colour and the global links between every two groups include every colour (Camarero et al. 2014,
    §6.1-6.2: possible for the extended palmtree and the subgraphs of the Hamming graph).  Found
    with CP-SAT; ValueError naming the rule when there is none."""
    from ortools.sat.python import cp_model

    index = np.asarray(top.labels["index"], np.int64)
    group = np.asarray(top.labels["group"], np.int64)
    a = int(index.max()) + 1
    if a % n_colours:
        raise ValueError(
            f"routing {name!r}: {n_colours} router colours of equal size need a multiple of "
            f"{n_colours} routers per group (Camarero et al. 2014, §6), got a = {a}"
        )
    arcs = top.arcs()
    gl = np.flatnonzero(arcs.kind == top.kind_index("global"))
    su, sv = arcs.src[gl], arcs.dst[gl]
    # Any: ortools' stubs declare only the snake_case API; the CamelCase names used here are its aliases
    m: Any = cp_model.CpModel()
    c = [[m.NewBoolVar(f"c{x}_{k}") for k in range(n_colours)] for x in range(a)]
    for x in range(a):
        m.AddExactlyOne(c[x])
    for k in range(n_colours):
        m.Add(sum(c[x][k] for x in range(a)) == a // n_colours)
    same = {(int(index[u]), int(index[v])) for u, v in zip(su, sv) if index[u] < index[v]}
    for x, y in same:
        for k in range(n_colours):
            m.Add(c[x][k] == c[y][k])
    owners: dict[tuple[int, int], set[int]] = {}
    for u, v in zip(su, sv):
        owners.setdefault((int(group[u]), int(group[v])), set()).add(int(index[u]))
    for xs in {frozenset(s) for s in owners.values()}:
        for k in range(n_colours):
            m.AddBoolOr([c[x][k] for x in xs])
    m.AddHint(c[0][0], 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 60.0
    solver.parameters.num_workers = 1
    st = solver.Solve(m)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise ValueError(
            f"routing {name!r}: no colouring of this dragonfly's routers with {n_colours} colours of "
            f"{a // n_colours} routers per group (the same for every router index) in which every global "
            "link joins one colour and every pair of groups has a global link of each colour (Camarero et al. 2014 "
            "§6 needs the extended palmtree or a subgraph of the Hamming graph)"
        )
    col = np.array([next(k for k in range(n_colours) if solver.Value(c[x][k])) for x in range(a)], np.int8)
    return col[index]


def channel_sources(rout: Routing, net, s: int, d: int) -> list[tuple[int, int]]:
    """Every (intermediate router, header flags) a packet from router s to d can travel with:
    the non-minimal routes' intermediates of the colour :func:`inter_colour` names, and for the
    adaptive routing also its minimal route (its choice at the source, ``decide``)."""
    t = rout.tables
    v = int(t.ip[IP_VARIANT])
    gs, gd = int(t.group[s]), int(t.group[d])
    inters = [-1]
    if v in (V_4NONMIN, V_4ADAPTIVE) and gs != gd and int(t.ip[IP_GROUPS]) > 2:
        ci = inter_colour(int(t.colour[s]), int(t.colour[d]))
        inters = [x for x in range(t.group.shape[0]) if t.group[x] not in (gs, gd) and t.colour[x] == ci]
        if v == V_4ADAPTIVE:
            inters.append(-1)
    if gs == gd:
        return [(x, 0) for x in inters]
    out = []
    for x in inters:
        route = followed_route(v, x >= 0)
        k1, k2 = route_colours(route, int(t.colour[s]), int(t.colour[d]), gs, gd)
        out.append((x, int(header_flags(k1, k2, int(t.index[s])))))
    return out


class ColourTables(RTables):
    """The colour routings' tables (the class selects their compiled functions, ``sim.routings.kind``)."""

    __slots__ = ()


COLOUR = Kind(
    ColourTables,
    step=candidates,
    init=init,
    any_vc=True,
    on_move=on_move,
    source=source_candidates,
    undecided=F_UNDECIDED,
    decide=decide,
    on_request=pb_on_request,
    target_group=dest_group,
)


def build(top: Topology, name: str, unordered: bool = False) -> Routing:
    """The colour routing ``name`` (:data:`VARIANTS`) on a trunked dragonfly; ``unordered``
    (2-color only): without the group-order rule, the deliberately cyclic routing of the proofs."""
    from .minimal import is_dragonfly

    variant, nc, tmin = VARIANTS[name]
    if unordered:
        if variant != V_2MIN:
            raise ValueError(f"routing {name!r}: only the 2-color routing has an unordered variant")
        variant = V_2UNORDERED
    if not is_dragonfly(top):
        raise ValueError(f"routing {name!r}: defined on trunked dragonflies (Camarero et al. 2014, §6), got {top.family!r}")
    t = int(top.params.get("trunking") or 1)
    if t < tmin:
        raise ValueError(
            f"routing {name!r} needs global trunking t >= {tmin} (Camarero et al. 2014, §6.{1 if nc == 2 else 2}: "
            f"{'two' if nc == 2 else 'four'} router colours, each with a global link between every two "
            f"groups), got t = {t}"
        )
    tab = empty_tables(top)
    dragonfly_tables(top, tab)
    G = int(tab["ip"][1])
    colour = router_colours(top, nc, name)
    arcs = top.arcs()
    gk = top.kind_index("global")
    group = tab["group"]
    links: dict[int, list[int]] = {}
    for arc in np.flatnonzero(arcs.kind == gk):
        u, v = int(arcs.src[arc]), int(arcs.dst[arc])
        links.setdefault((int(group[u]) * G + int(group[v])) * nc + int(colour[u]), []).append(int(arc))
    T = max(len(x) for x in links.values())
    cg = np.full(G * G * nc * T, -1, np.int32)
    for key, arcs_k in links.items():
        cg[key * T : key * T + len(arcs_k)] = arcs_k
    adaptive = variant == V_4ADAPTIVE
    ip = with_slots(
        tab["ip"][:IP_N_TABLES],
        {
            IP_T: T,
            IP_VARIANT: variant,
            IP_NC: nc,
            IP_PB: 1 if adaptive else 0,
            IP_COEF: PB_COEF,
            IP_THRESH: PB_THRESHOLD,
            IP_DELAY: 0,
        },
    )
    tab.update(ip=ip, colour=colour, cgarc=cg)
    nk = len(top.kind_names)
    one = np.ones(nk, np.int64)
    if adaptive:
        from ..policies import P_UGAL

        return Routing(
            name,
            COLOUR,
            RTables(**tab),
            np.full(nk, 4, np.int64),
            vcs=one,
            selection=P_UGAL,
            cacheable=True,
            remote=REMOTE_CREDITS,
            remote_delay=None,
            sources=channel_sources,
            any_vc=True,
            variant=f"{nc} colours, trunking {t}, piggybacking",
        )
    return Routing(
        name,
        COLOUR,
        RTables(**tab),
        np.full(nk, 4, np.int64),
        vcs=one,
        sources=channel_sources,
        any_vc=True,
        variant=f"{nc} colours, trunking {t}" + (", no group order" if unordered else ""),
        selection=1,
    )
