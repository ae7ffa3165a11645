"""OLM, Opportunistic Local Misrouting: in-transit adaptive dragonfly routing without an escape
subnetwork, as FOGSim implements it: the reference adaptive routing of Camarero et al. 2014, §7,
"OLM-MML" (OLM of García et al. 2013a in its references, with the MM+L global misrouting policy).

FOGSim (github.com/fuentesp/fogsim, the simulator of Camarero et al. 2014 and García et al.
2014) runs OLM at its 2014 commit ``b934297`` with ``dally=1``, ``vc_misrouting_mm=1`` and
``vc_misrouting_local=1``; references below are ``file:line`` in that tree
(``benchmarks/fogsim/NOTES.md`` has the full reading).

**Candidates** (the misroute kinds of ``switchModule::misrouteType``, ``switchModule.cc:3800-3898``,
which are OFAR's MM+L kinds with the ``+L`` local misroute, so the candidates are
:func:`sim.routings.ofar.candidates` without an escape subnetwork):

* minimal: the l-g-l next hop (``tableOut``, ``tryPetition`` 1133);
* in the source group, destination elsewhere (3807-3837): from the injection queue any other
  global link of the router (GLOBAL); from a local input with no local misroute yet, any other
  local link (LOCAL_MM), after which the packet must leave by a global link of the new router
  (``mandatoryGlobalMisrouting_flag``, set at ``servePort`` 2660-2673; a local request is refused
  meanwhile, ``tryTransit`` 1725-1739) (GLOBAL_MANDATORY);
* elsewhere (an intermediate or the destination group, or traffic inside one group), when the
  minimal hop is local and no local misroute was taken in this group: any other local link
  (LOCAL, 3840).  The local misroute flag resets on changing group (2654-2658).

**VCs** (Dally's order, ``flitModule::nextChannel``, ``flitModule.cc:208-238``; the misroute VCs,
``selectVcMisrouteRandomLocal`` 3497 and ``selectVcMisrouteRandomGlobal`` 3286).  With ``c`` the
VC the packet is in:

* minimal hop from the injection queue: VC 0; a local hop after a local or global hop, or a
  global hop after a global one: ``c + 1``; a global hop after a local one: ``c``;
* a local misroute: ``c`` itself (VC 0 from the injection queue), the *opportunistic* VC: after a
  global hop on global VC ``c`` it is local VC ``c``, below the local VC ``c + 1`` of the minimal
  hop;
* a global misroute (only in the source group, from injection or after MM's local hop): VC 0.

Paths use at most 3 local and 2 global VCs (l0 [l0] g0 [l0] l1 g1 [l1] l2).  The channel
dependencies are cyclic (a local misroute on l0 after g0, then the minimal g0 of the next group:
"OLM allows for cyclic dependencies to appear when applying local misrouting", Camarero et al.
2014, §2); deadlock freedom is Duato's: in the order l0 < g0 < l1 < g1 < l2 every minimal hop
climbs, and every head has one (or, under the MM flag at a router without the link to the
destination group, only global links on VC 0, which climb too), so the dependencies of escape
hops alone are acyclic (``proofs/test_olm_deadlock_freedom.py``).

**Selection**: the ``fogsim`` policy (:mod:`sim.policies.fogsim`), FOGSim's rule: a minimal
candidate when it is available; a misroute only when the minimal output was granted to another
packet earlier in the same cycle (``out_port_used``, 3493 and 3284; see the first difference
below) or, under the MM flag, when the packet has no minimal candidate; then a random available
non-minimal candidate whose VC occupancy is at most Th_non-min = 90 % of the minimal VC's (the
option ``th_non_min``; FOGSim's ``percentLocalThreshold = percentGlobalThreshold = 90`` with
``variableThreshold=1``, 3526-3535, García et al. 2014, Table 1).  ``selection="ofar"`` gives the
``ofar`` policy instead (a misroute whenever the minimal candidate is unavailable, port
occupancies).

Where this differs from FOGSim (each a statement of what the code does):

* FOGSim re-evaluates every input port not yet served at each allocator iteration, so a head
  whose minimal VC is out of credits misroutes in the cycle another input takes that output; the
  engine re-examines only the inputs that lost an arbitration, and the ``fogsim`` policy lets such
  a head misroute while another packet holds the output (granted within the last P cycles);
* under the MM flag FOGSim prefers a random *other* global link over the minimal one (the flag
  makes ``misrouteCondition`` true, 4093-4095, and the candidates exclude the minimal port, 3292);
  ours takes the link to the destination group when it is available (labelled minimal);
* FOGSim's ``Th_min`` (a misroute only if the minimal VC is at least that full) is 0 in its
  configurations and not modelled.
"""

from __future__ import annotations

import numpy as np

from topoanalysis.checks import check_int
from topoanalysis.topology import Topology

from .._jit import call, helper
from ..policies import P_FOGSIM
from .base import IP_GKIND, IP_N_TABLES, L_MIN, Routing, RTables, dest_group, with_slots
from .kind import Kind
from .minimal import dragonfly_vcs, is_dragonfly
from .ofar import IP_ESC, IP_ESC_LIMIT, IP_LBLK, IP_LOCAL, E_RING, _most_candidates, candidates, local_blocks
from .ofar import on_move as ofar_on_move
from .tables import empty_tables

__all__ = ["build", "OLM", "F_INH", "VC_SHIFT", "vc_rank"]

F_INH = 32  # header flag: the packet's last hop was a global one
VC_SHIFT = 12  # (flags >> VC_SHIFT) & 15: the VC the packet is in (FOGSim's ``flit->channel``)


@helper
def on_move(rt, net, pk, p, arc, vc):
    """OFAR's misroute flags, and the VC taken and the kind of the hop (for the next VC)."""
    ofar_on_move(rt, net, pk, p, arc, vc)
    f = pk.flags[p] & ~(F_INH | (15 << VC_SHIFT))
    if rt.akind[arc] == rt.ip[IP_GKIND]:
        f |= F_INH
    pk.flags[p] = f | (np.int64(vc) << VC_SHIFT)


@call
def assign_vcs(rt, net, pk, p, n, out_arc, out_vc, out_need, out_lab, out_hops, out_tag):
    """FOGSim's OLM VCs (see the module doc): Dally's order for minimal hops, the current VC for
    a local misroute, VC 0 for a global one."""
    f = pk.flags[p]
    c = (f >> VC_SHIFT) & 15
    inj = pk.htot[p] == 0
    inh = (f & F_INH) != 0
    gk = rt.ip[IP_GKIND]
    for i in range(n):
        a = out_arc[i]
        out_tag[i] = 0
        out_need[i] = 1
        if a < 0:
            out_vc[i] = 0
            continue
        glob = rt.akind[a] == gk
        if inj:
            v = 0
        elif out_lab[i] == L_MIN:
            v = c if (glob and not inh) else c + 1
        elif glob:
            v = 0
        else:
            v = c
        out_vc[i] = v
    return n


class OlmTables(RTables):
    """OLM's tables (the class selects its compiled functions, ``sim.routings.kind``)."""

    __slots__ = ()


OLM = Kind(
    OlmTables,
    step=candidates,
    vcs=assign_vcs,
    on_move=on_move,
    transit=True,
    target_group=dest_group,
)


def vc_rank(kind_is_global: bool, vc: int) -> int:
    """The place of (kind, VC) in OLM's VC order l0 < g0 < l1 < g1 < l2, in which every minimal
    hop climbs (the deadlock-freedom argument of the module doc)."""
    return 2 * vc + (1 if kind_is_global else 0)


def build(top: Topology, name: str, th_non_min: int = 90) -> Routing:
    """OLM on a dragonfly with complete groups: 3 local and 2 global VCs; ``th_non_min``: the
    percent of the minimal VC's occupancy a misroute's VC may have (see the module doc)."""
    th = check_int("th_non_min", th_non_min, 0, 1000)
    if not is_dragonfly(top):
        raise ValueError(f"routing {name!r}: OLM (Camarero et al. 2014, §7) is defined on dragonflies, got {top.family!r}")
    t = empty_tables(top)
    vcs, _ = dragonfly_vcs(top, name, t, 3, 2)
    t["esc"] = np.full((4, top.n_routers), -1, np.int32)  # no escape subnetwork
    t["elink"] = np.zeros(top.arcs().src.size, np.int8)
    t["lblk"], exact = local_blocks(top)
    t["ip"] = with_slots(
        t["ip"][:IP_N_TABLES],
        {IP_LOCAL: 1, IP_ESC: E_RING, IP_ESC_LIMIT: 0, IP_LBLK: 1 if exact else 0},
    )
    # most hops per kind: two local hops in each of three groups (a local misroute and the
    # minimal one), two global hops
    mh = np.zeros(len(top.kind_names), np.int64)
    mh[top.kind_index("local")], mh[top.kind_index("global")] = 6, 2
    return Routing(
        name,
        OLM,
        RTables(**t),
        mh,
        selection=P_FOGSIM,
        vcs=vcs,
        cacheable=False,
        wide_cache=_most_candidates(top),
        variant=f"MM+L, local misrouting in every group, Th_non-min {th} %",
        threshold=th,
    )
