"""One description of the seed 001 Table 1 router, written as FOGSim configuration files and as
``simulate`` arguments of our engine.

FOGSim is the simulator of seed 001 (García et al. 2014) and seed 000 §7; its public source is
github.com/fuentesp/fogsim.  The configurations are written for its first commit, b934297
(2014-11-21, "Initial commit of FOGSim", the seed 001 code base): the 2021 release (dcdd75f)
keeps the same base router (``Switch=BASE_SW``) but its OFAR cannot run on this network (see
NOTES.md, "Which commit"), so every routing is run on the 2014 commit for one consistent set.
``fogsim2021_config`` writes the same MIN/VAL/PB setting in the 2021 format, for spot checks.

The router (seed 001 Table 1, §4): 8-phit packets moved as one flit (virtual cut-through),
links of 10 (local) and 100 (global) cycles, 32 / 256 phits per VC on local / global inputs,
3 local and 2 global VCs (3 injection VCs), a separable allocator with 3 iterations, no
speedup, router delay folded into the link latency.  The network: the canonical palmtree
dragonfly with h = 2 (a = 4, p = 2, 9 groups, 36 routers, 72 nodes), identical in FOGSim
(``palm_tree_configuration=1``) and in ``build("dragonfly", arrangement="palmtree")``, node ids
included (checked in ``tests/test_sim_fogsim.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["Router", "SEED001", "ROUTINGS", "SAME_FOGSIM", "OURS", "TRAFFICS", "fogsim2014_config", "fogsim2014_argv",
           "fogsim2021_config", "ours", "topology"]


@dataclasses.dataclass(frozen=True)
class Router:
    """The shared router and network description."""

    p: int = 2
    a: int = 4
    h: int = 2
    packet: int = 8                 # phits; one flit per packet (flitSize = packetSize)
    local_latency: int = 10
    global_latency: int = 100
    local_buffer: int = 32          # phits per VC
    global_buffer: int = 256
    local_vcs: int = 3
    global_vcs: int = 2
    injection_vcs: int = 3
    injection_queue: int = 1000     # phits per injection VC (FOGSim queueGen)
    iterations: int = 3
    injection_delay: int = 1        # FOGSim delayInjection: a new packet's first cycle in its injection buffer
    ring_bubble: int = 1            # packets of room beyond its own a packet needs to enter the escape ring


SEED001 = Router()

#: our routing name -> FOGSim 2014 switches (besides the common ones)
ROUTINGS: dict[str, dict[str, int]] = {
    # Dally's VC order, minimal paths
    "min": dict(dally=1, valiant=0, ugal=0, piggybacking=0),
    # Valiant to a random node outside the source group (valiant_long=0: the misroute ends on
    # reaching the intermediate group), Dally's VC order
    "valiant": dict(dally=1, valiant=1, ugal=0, piggybacking=0),
    # PB: UGAL-L at injection plus piggybacked global-link flags (seed 001 §2, Jiang et al.);
    # FOGSim asserts ugal=0 with piggybacking=1 and then sets ugal itself (dgflySimulator.cc:539-541)
    "pb": dict(dally=1, valiant=0, ugal=0, piggybacking=1, piggybacking_coef=200),  # piggybacking sets ugal
    # OFAR with MM+L misrouting and escape ring A embedded on one extra VC (3/2(+1)), no
    # congestion management, Th_non-min = 90 % of Q_min (seed 001 Table 1)
    "ofar": dict(dally=0, valiant=0, ugal=0, piggybacking=0, rings=1, ringDirs=1, embeddedRing=1, channels_ring=1,
                 OFAR_misrouting_mm=1, OFAR_misrouting_local=1, variableThreshold=1, percentLocalThreshold=90,
                 percentGlobalThreshold=90, Th_min=0, baseCongestionControl=0, baseCongestionControl_bub=0,
                 escapeCongestionControl=0, escapeCongestion_th=100, forbid_from_injQueues_to_ring=1),
}
# OLM (Camarero et al. 2014, §7, "OLM-MML"): in-transit MM+L misrouting with +L local misroutes,
# Dally's VC order with opportunistic local-misroute VCs (vc_misrouting_mm, vc_misrouting_local
# with dally=1, switchModule.cc:3804-3865), no escape subnetwork, OFAR's thresholds
ROUTINGS["olm"] = dict(dally=1, valiant=0, ugal=0, piggybacking=0, vc_misrouting_mm=1, vc_misrouting_local=1,
                       variableThreshold=1, percentLocalThreshold=90, percentGlobalThreshold=90, Th_min=0)
# OFAR with BCM (seed 001 §3.4, Table 1 "bubble 2 packets"): a request from an injection port
# needs room for 1 + 2 packets downstream (switchModule.cc:1492-1493); ours: injection_bubble=2
ROUTINGS["ofar-bcm"] = dict(ROUTINGS["ofar"], baseCongestionControl=1, baseCongestionControl_bub=2)
# OFAR as above, ours with FOGSim's misroute and escape rules (the fogsim selection policy) instead
# of the paper's (the ofar policy): the same FOGSim configuration, so FOGSim's rows are ofar's
ROUTINGS["ofar-fogsim"] = dict(ROUTINGS["ofar"])
#: entries of ROUTINGS whose FOGSim configuration is another entry's (FOGSim is run once for both)
SAME_FOGSIM: dict[str, str] = {"ofar-fogsim": "ofar"}

#: our routing name, its options and extra simulate() arguments of each entry of ROUTINGS.  VAL and
#: PB draw their intermediate group as FOGSim draws VAL's node: outside the source group only
#: (generatorModule.cc:111-114), the destination's allowed
OURS: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "min": ("min", {}, {}), "valiant": ("valiant", dict(destination_group=True), {}),
    "pb": ("pb", dict(destination_group=True), {}), "ofar": ("ofar", {}, {}),
    "ofar-bcm": ("ofar", {}, dict(injection_bubble=2)), "olm": ("olm", {}, {}),
    "ofar-fogsim": ("ofar", {}, dict(selection="fogsim")),
}

#: our traffic name -> (FOGSim 2014 traffic number, adversarial distance)
#: 1 = uniform over all nodes but the source, 3 = a random node of the group +N ("Cristobal's
#: adversarial traffic", seed 001's ADV+N)
TRAFFICS: dict[str, tuple[int, int]] = {"uniform": (1, 1), "advg+2": (3, 2)}


def fogsim2014_config(routing: str, traffic: str, cycles: int, r: Router = SEED001) -> str:
    """The configuration file of FOGSim b934297 (``fogsim FILE OUT LOCALQ GLOBALQ BUBBLE PROB SEED``:
    buffers, ring bubble, load and seed go on the command line, :func:`fogsim2014_argv`).
    ``cycles``: FOGSim warms up for ``cycles`` and then measures ``cycles`` (maxCycles)."""
    kind, dist = TRAFFICS[traffic]
    fields: dict[str, Any] = dict(
        maxCycles=cycles, queueGen=r.injection_queue, dP=r.p, dA=r.a, dH=r.h,
        delayTransmission_local=r.local_latency, delayTransmission_global=r.global_latency,
        delayInjection=r.injection_delay, packetSize=r.packet, flitSize=r.packet, palm_tree_configuration=1,
        channels_useful=r.local_vcs, channels_inj=r.injection_vcs, channels_glob=r.global_vcs,
        ageArbiter=0, arbiter_iterations=r.iterations, traffic=kind, trafficAdvDist=dist,
        transientTraffic=0, burst=0, forceMisrouting=0, strict_misroute=0, valiant_long=0,
        rings=0, ringDirs=0, trees=0, restrictLocalCycles=0, restrictRingInjection=0,
        vc_misrouting_crg=0, vc_misrouting_mm=0, vc_misrouting_local=0, vc_misrouting_congested_restriction=0,
    )
    fields.update(ROUTINGS[routing])
    return "[CONFIG]\n" + "".join(f"{k}={v}\n" for k, v in fields.items())


def fogsim2014_argv(binary: str, config_path: str, out_path: str, load: float, seed: int,
                    r: Router = SEED001) -> list[str]:
    """Command line of FOGSim b934297: the load is a whole percent of a phit per node and cycle."""
    pct = round(load * 100)
    if abs(pct - load * 100) > 1e-9:
        raise ValueError(f"FOGSim 2014 takes the load as a whole percent, got {load}")
    return [binary, config_path, out_path, str(r.local_buffer), str(r.global_buffer), str(r.ring_bubble), str(pct),
            str(seed)]


def fogsim2021_config(routing: str, traffic: str, cycles: int, r: Router = SEED001) -> str:
    """The same MIN / VAL / PB setting for FOGSim dcdd75f (2021), base switch (``Switch=BASE_SW``).
    Load, seed and output go on the command line (``Probability=``, ``Seed=``, ``OutputFileName=``)."""
    names = {"min": "MIN", "valiant": "VAL", "pb": "PB"}
    if routing not in names:
        raise ValueError(f"fogsim2021_config: {routing!r} not written for the 2021 release (its OFAR does not run "
                         "on this network, NOTES.md)")
    kind, dist = TRAFFICS[traffic]
    fields: dict[str, Any] = dict(
        P=r.p, A=r.a, H=r.h, MaxCycles=cycles, WarmupCycles=cycles, Switch="BASE_SW", ArbiterIterations=r.iterations,
        InjectionQueueLength=r.injection_queue, LocalQueueLength=r.local_buffer, GlobalQueueLength=r.global_buffer,
        LocalLinkTransmissionDelay=r.local_latency, GlobalLinkTransmissionDelay=r.global_latency,
        InjectionDelay=r.injection_delay, PacketSize=r.packet, FlitSize=r.packet, PalmTreeConfiguration=1,
        LocalLinkChannels=r.local_vcs, InjectionChannels=r.injection_vcs, GlobalChannels=r.global_vcs,
        Traffic={1: "UN", 3: "ADV_RANDOM_NODE"}[kind], routing=names[routing], deadlock_avoidance="DALLY",
    )
    if kind == 3:
        fields["AdvTrafficDistance"] = dist
    if routing == "valiant":
        fields["ValiantType"] = "SRCEXC"
    if routing == "pb":
        fields.update(CongestionDetection="PER_PORT", piggybacking_coef=200, ugal_global_threshold=5,
                      ugal_local_threshold=0)
    return "[CONFIG]\n" + "".join(f"{k}={v}\n" for k, v in fields.items())


def topology(r: Router = SEED001):
    """Our palmtree dragonfly of ``r``."""
    from topoanalysis.families import build

    return build("dragonfly", a=r.a, h=r.h, p=r.p, arrangement="palmtree")


def ours(routing: str, r: Router = SEED001) -> dict[str, Any]:
    """``simulate`` keyword arguments of ``routing`` (a key of ROUTINGS) on the matched router (the
    seed001 model), the routing name included: ``simulate(top, traffic=..., load=..., **ours(routing))``."""
    if routing not in ROUTINGS:
        raise ValueError(f"unknown routing {routing!r}; known: {', '.join(ROUTINGS)}")
    name, options, extra = OURS[routing]
    rout: Any = name
    if options:
        from sim.routings import make_routing

        rout = make_routing(topology(r), name, **options)
    return dict(routing=rout, model="seed001", packet_size=r.packet,
                latency={"local": r.local_latency, "global": r.global_latency},
                buffer={"local": r.local_buffer, "global": r.global_buffer}, iterations=r.iterations, **extra)
