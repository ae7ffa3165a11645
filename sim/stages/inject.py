"""Injection: the endpoints' packet generation (Bernoulli sources and bursts) with the routing's
source decisions, and the snapshot of remote state the routings that read other routers' buffers
see (UGAL-G, PB)."""

from __future__ import annotations

import numpy as np

from .._hints import prefetch
from .._jit import helper
from .._rng import rand_float
from ..layout import S_FREE, S_GEN, S_INSRC, S_MGEN, S_NFREE, _bit
from ..policies import _occupancy
from ..routings.dispatch import _route_init
from ..routings.base import REMOTE_CREDITS
from ..traffic import _pick_dest


@helper
def generate(t, B, Bend, lq, cf, net, rt, tr, pk, ep, po, ro, scal):
    """Inject: the endpoints of routers B..Bend-1 generate their packets of tick t (Bernoulli
    gaps from each endpoint's stream, in network cycles, so at ticks that start a cycle under an
    internal speedup; or bursts; ``lq`` = log(1 - cf.q)) into their source queues; the routing
    takes its source decisions (``route_init``)."""
    A = net.src.shape[0]
    burst, q, nk, srcdelay = cf.burst, cf.q, cf.nk, cf.srcdelay
    measuring = cf.ms <= t < cf.me
    burst_left, next_gen, gst = ep.burst_left, ep.next_gen, ep.gst
    s_cnt, s_head, s_tail, ci_n = ep.cnt, ep.head, ep.tail, ep.cn
    i_next = po.i_next
    r_act, r_load, r_next, st = ro.act, ro.load, ro.next, ro.rng
    for sr in range(B, Bend):
        rst = st[sr : sr + 1]  # the router's own random stream (destinations, intermediates)
        for e in range(net.ep_ptr[sr], net.ep_ptr[sr + 1]):
            make = False
            gtime = t
            if burst > 0:
                if burst_left[e] > 0 and s_cnt[e] == 0:
                    make = True
                    gtime = 0
                    burst_left[e] -= 1
            elif next_gen[e] <= t:
                # Bernoulli(q) per cycle == geometric gaps
                if q >= 1.0:
                    gap = 1
                else:
                    u = rand_float(gst[e : e + 1])  # the endpoint's own (see gen_bound)
                    gap = 1 + int(np.log(1.0 - u) / lq)
                next_gen[e] = t + gap * cf.sp
                make = True
            if not make:
                continue
            d = _pick_dest(tr, net, e, t, rst)
            if d < 0:
                continue
            p = scal[S_FREE]
            scal[S_FREE] = pk.nxt[p]
            scal[S_NFREE] -= 1
            prefetch(pk.nxt, scal[S_FREE])  # the free list is a chain: fetch the next one now
            pk.nxt[p] = -1
            pk.src[p] = e
            pk.dst[p] = d
            dr = net.ep_router[d]
            pk.dr[p] = dr
            pk.gen[p] = gtime
            rdy = t + srcdelay
            if cf.sp != 1:
                # the injection channel moves 1 phit per cycle into the router's injection buffer,
                # whose packets then cross the crossbar as fast as the other inputs' (P ticks)
                lf = po.link_free
                j = lf.shape[0] - next_gen.shape[0] + e
                x = max(t, lf[j])
                lf[j] = x + cf.P * cf.sp
                rdy = x + srcdelay
            pk.ready[p] = rdy
            pk.htot[p] = 0
            for k in range(nk):
                pk.hops[p, k] = 0
            _route_init(rt, net, pk, p, sr, dr, rst)
            if s_cnt[e] == 0:
                s_head[e] = p
                ci_n[e] = -1
                i_next[A + e] = rdy
                r_act[sr] |= _bit(net.ptr[sr + 1] - net.ptr[sr] + e - net.ep_ptr[sr])
                if r_next[sr] > rdy:
                    r_next[sr] = rdy
            else:
                pk.nxt[s_tail[e]] = p
            s_tail[e] = p
            s_cnt[e] += 1
            r_load[sr] += 1
            scal[S_GEN] += 1
            scal[S_INSRC] += 1
            if measuring:
                scal[S_MGEN] += 1


@helper
def snapshot(T, cf, net, rt, q_cnt, cr):
    """Remote state for routings that read other routers' state, taken at the start of the global
    window at cycle T into the next of the H slots of ``rt.rocc`` (the oldest): ``cf.remote``
    REMOTE_CREDITS, the credits in use of each global arc (dragonflies: ``rt.garc``, all VCs: a
    router's output queue length for its global port); else the packets in the input buffer each
    arc feeds (all its VCs; the buffer is keyed by the reverse arc, see the engine's memory
    layout)."""
    H = rt.rclock[0]
    slot = rt.rclock[1] % H
    rt.rclock[1] += 1
    rt.rclock[2 + slot] = T
    A = net.src.shape[0]
    o = slot * A
    VM = cf.vmax
    if cf.remote == REMOTE_CREDITS:
        for i in range(rt.garc.shape[0]):
            a = rt.garc[i]
            rt.rocc[o + a] = _occupancy(a, T, net.nv, VM, cr.av, cr.q, cr.off, cr.cap, cr.time)
        return
    for a in range(A):
        b = net.rev[a] * VM
        n = 0
        for v in range(net.nv[a]):
            n += q_cnt[b + v]
        rt.rocc[o + a] = n
