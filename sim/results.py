"""The results dict of a run (:func:`sim.simulate`'s return value) and the conservation check
of the engine's state it carries."""

from __future__ import annotations

from typing import Any

import numpy as np

from topoanalysis.topology import Topology

from . import engine as eng
from . import layout as lay
from .policies import P_UGAL, POLICIES
from .routings import Routing
from .state import Run

__all__ = ["conservation", "results"]


def _percentile(hist: np.ndarray, q: float) -> float:
    tot = int(hist.sum())
    if tot == 0:
        return float("nan")
    c = np.cumsum(hist)
    return float(np.searchsorted(c, q * tot, side="left"))


def conservation(run: Run) -> dict[str, Any]:
    """generated = delivered + queued at sources + in flight, counted from the queues themselves;
    also the engine's redundant state: VC masks, per-router input bits, and the credit rings
    (each (arc, VC) has as many slots taken as packets in the buffer it feeds, and ``cr_av`` is
    the time of the sender's next slot)."""
    gen = int(run.stt.scal[lay.S_GEN])
    deliv = int(run.stt.scal[lay.S_DELIV])
    queued = int(run.ep.cnt.sum())
    inflight = int(run.qs.cnt.sum())
    used = run.pk.src.size - int(run.stt.scal[lay.S_NFREE])
    VM = run.cf.vmax
    occupied = run.qs.cnt.reshape(-1, VM) > 0
    mask = (occupied.astype(np.int64) << np.arange(VM, dtype=np.int64)).sum(axis=1)
    # r_act: exactly the inputs holding packets (routers with at most MAXBIT inputs)
    net = run.net
    busy_in = np.concatenate([run.qs.mask != 0, run.ep.cnt > 0])
    owner = np.concatenate([net.src.astype(np.int64), net.ep_router])
    pos = np.concatenate(
        [np.arange(run.A) - net.ptr[net.src], np.diff(net.ptr)[net.ep_router] + np.arange(run.E) - net.ep_ptr[net.ep_router]]
    )
    nin = np.diff(net.ptr) + np.diff(net.ep_ptr)
    small = nin[owner] <= lay.MAXBIT
    act = np.zeros(run.top.n_routers, np.int64)
    np.bitwise_or.at(act, owner[small & busy_in], np.int64(1) << pos[small & busy_in])
    act_ok = bool(np.array_equal(act[nin <= lay.MAXBIT], run.ro.act[nin <= lay.MAXBIT]))
    credit_ok = eng.credits_consistent(
        run.cr.time, run.cr.off, run.cr.cap, net.nv, net.rev, run.qs.cnt, run.cr.s, run.cr.av, run.cr.q, VM
    )
    return {
        "generated": gen,
        "delivered": deliv,
        "queued": queued,
        "in_flight": inflight,
        "ok": bool(
            gen == deliv + queued + inflight
            and used == queued + inflight
            and np.array_equal(mask, run.qs.mask)
            and act_ok
            and credit_ok
            and inflight == int(run.stt.scal[lay.S_INNET])
            and queued == int(run.stt.scal[lay.S_INSRC])
        ),
    }


def results(run: Run, top: Topology, rout: Routing, locals_: dict) -> dict[str, Any]:
    L = locals_
    scal = run.stt.scal
    status = L["status"]
    burst = L["burst"]
    t_end = L["t"]
    drained = bool(burst and scal[lay.S_DELIV] == scal[lay.S_GEN] and not run.ep.burst_left.any())
    if drained and status == lay.ST_OK:
        # a burst ends with its last reception; the engine may have stepped on over the idle network
        # (up to the end of its chunk or window), which is no part of the run
        t_end = int(scal[lay.S_LASTDELIV]) // L["sp"]
    measured_cycles = (t_end - L["ms"]) if burst else L["cycles"]
    if status == lay.ST_DEADLOCK or (not burst and t_end < L["me"]):
        measured_cycles = max(0, min(t_end, L["me"]) - L["ms"])
    npk = int(scal[lay.S_MPKTS])
    denom = max(1, measured_cycles) * L["n_active"]
    names = top.kind_names
    arcs = top.arcs()
    res: dict[str, Any] = {
        # a burst still undelivered at max_cycles did not finish: not "ok"
        "status": (
            "burst-not-drained"
            if burst and not drained and status == lay.ST_OK
            else {lay.ST_OK: "ok", lay.ST_DEADLOCK: "deadlock"}.get(status, "ok")
        ),
        "routing": rout.name,
        "routing_variant": rout.variant,
        # the ugal policy's bias toward the minimal path (None: the routing does not use it)
        "ugal_threshold_phits": rout.threshold if L["selection"] == P_UGAL else None,
        # what the ugal policy counts as an output port's queue: "credits", "credits-rtt" or "held"
        "ugal_queue": rout.queue if L["selection"] == P_UGAL else None,
        # age of the other routers' state a remote routing reads (UGAL-G, PB's flags); None: none
        "remote_delay_cycles": rout.remote_delay / L["sp"]
        if rout.remote and L["sp"] > 1
        else (rout.remote_delay if rout.remote else None),
        "traffic": L["traffic"]
        if L["change_traffic"] is None
        else f"{L['traffic']} -> {L['change_traffic']} at {L['change_cycle']}",
        "offered_load": L["load"],
        "measured_offered_load": float(scal[lay.S_MGEN]) * L["P"] / denom if not burst else None,
        "accepted_load": float(scal[lay.S_MPHITS]) / denom,
        "average_latency": float(run.stt.fst[0] / npk) if npk else float("nan"),
        "latency_p50": _percentile(run.stt.lat_hist, 0.5),
        "latency_p90": _percentile(run.stt.lat_hist, 0.9),
        "latency_p99": _percentile(run.stt.lat_hist, 0.99),
        "latency_max": float(np.flatnonzero(run.stt.lat_hist)[-1]) if npk else float("nan"),
        "average_hops": float(run.stt.hopk_sum.sum() / npk) if npk else float("nan"),
        "average_hops_by_kind": {nm: (float(run.stt.hopk_sum[i] / npk) if npk else float("nan")) for i, nm in enumerate(names)},
        # measured packets whose router hops exceeded a minimal path's (None: not counted, see basis)
        "nonminimal_fraction": (
            0.0 if rout.minimal_only else float(scal[lay.S_NONMIN] / npk) if npk and run.stt.dmin.shape[0] else None
        ),
        "nonminimal_basis": L["nonmin_basis"],
        "hop_histogram": run.stt.hop_hist[: max(1, int(np.flatnonzero(run.stt.hop_hist)[-1]) + 1 if npk else 1)].tolist(),
        "cycles": int(measured_cycles),
        "warmup": L["warmup"] if not burst else 0,
        "total_cycles": int(t_end),
        "packets_generated": int(scal[lay.S_GEN]),
        "packets_delivered": npk,
        "packets_delivered_total": int(scal[lay.S_DELIV]),
        "packets_in_flight": int(run.qs.cnt.sum()),
        "packets_queued": int(run.ep.cnt.sum()),
        "active_endpoints": L["n_active"],
        "seed": L["seed"],
        # what ran: the preset (or changed preset), with the per-kind values the engine used
        "model": {
            **L["mdl"].as_dict(),
            "latency": dict(zip(names, L["lat"].tolist())),
            "buffer": dict(zip(names, L["buf"].tolist())),
            "vcs": dict(zip(names, L["nvc"].tolist())),
            "selection": {v: k for k, v in POLICIES.items()}[L["selection"]],
            "vc_scheme": L["vc_scheme"],
            "injection_bubble": L["injection_bubble"],
            "escape_threshold": L["escape_threshold"],
            "escape_occupancy": L["escape_occupancy"],
            "arcs_with_more_vcs": int((run.net.nv > L["nvc"][run.net.kind]).sum()),
        },
        "wall_seconds": L["wall"],
        "cycles_per_second": L["t"] / L["wall"] if L["wall"] > 0 else float("inf"),
        # speed over the measured cycles only: the warm-up runs faster while the network fills
        "measured_wall_seconds": L["wall_m"],
        "measured_cycles_per_second": (
            (L["t"] - L["ms"]) / L["wall_m"] if L["wall_m"] > 0 and L["t"] > L["ms"] else float("nan")
        ),
        "engine_counters": {
            "router_wakeups": int(scal[lay.S_HEADS]),
            "routing_calls": int(scal[lay.S_CALLS]),
            "selections": int(scal[lay.S_SELECT]),
            "declined_selections": int(scal[lay.S_DECLINE]),
            "window_cycles": run.cf.win,
            "group_window_cycles": run.cf.gwin,
        },
    }
    util = run.stt.link_phits / max(1, measured_cycles)
    res["link_utilisation"] = {
        nm: {
            "mean": float(util[arcs.kind == i].mean()) if np.any(arcs.kind == i) else 0.0,
            "max": float(util[arcs.kind == i].max()) if np.any(arcs.kind == i) else 0.0,
        }
        for i, nm in enumerate(names)
    }
    if L["per_link"]:
        res["link_utilisation_per_arc"] = util.tolist()
    if "group" in top.labels:
        g = top.labels["group"]
        res["injected_per_group"] = np.bincount(g, weights=run.stt.inj_count, minlength=int(g.max()) + 1).astype(int).tolist()
    else:
        res["injected_per_router"] = run.stt.inj_count.tolist()
    if burst:
        res["burst"] = burst
        res["drain_time"] = int(scal[lay.S_LASTDELIV]) // L["sp"]
        res["drained"] = drained
    if run.stt.trace[1] > 0:
        L_ = int(run.stt.trace[1])
        sums, cnt = run.stt.trace[2 : 2 + L_], run.stt.trace[2 + L_ :]
        res["latency_trace"] = {
            "first_cycle": int(run.stt.trace[0]) // L["sp"],
            "packets": cnt.tolist(),
            # null, not NaN, where no packet of that cycle was received
            "mean_latency": [float(x / c) if c else None for x, c in zip(sums, cnt)],
        }
    res["conservation"] = conservation(run)
    if status == lay.ST_DEADLOCK:
        stuck = np.flatnonzero(run.qs.cnt)
        # queues are keyed by the arc leaving the router that holds them (see engine)
        routers = np.unique(run.net.src[stuck // run.cf.vmax])
        from .cdg import waiting_cycle

        partial = L["ring"] is not None
        res["deadlock"] = {
            "cycle": int(L["t"]),
            "packets_in_network": int(run.qs.cnt.sum()),
            "routers_with_packets": routers[:50].tolist(),
            "n_routers_with_packets": int(routers.size),
            "last_move_cycle": int(scal[lay.S_LASTMOVE]) // L["sp"],
            # "network": nothing moved for the watchdog's cycles; "buffers": a ring of
            # buffers that can never move again, found while the rest may still move
            "found_by": "buffers" if partial else "network",
            # the channels whose buffers wait for each other in a ring (None: no such ring
            # among the frozen buffers, a stall rather than a deadlock)
            "waiting_cycle": L["ring"]
            if partial
            else waiting_cycle(top, rout, L["scheme"], run.qs.head, run.qs.cnt, run.pk, run.net.nv, run.cf.vmax),
        }
        if partial:
            res["deadlock"]["frozen_by_cycle"] = L["frozen"].ring_since // L["sp"]
    return res
