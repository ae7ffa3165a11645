"""The simulator engine's constants: indices of the counter vector (``Stats.scal``), status codes,
sentinels, the candidate caches' kinds, the per-router input bit sets and the scratch sizes.
Shared by the driver (``sim.simulator``), the state (``sim.state``), the loop (``sim.engine``)
and its stages (``sim.stages``)."""

from __future__ import annotations

import numpy as np

from ._jit import helper

CM = 2  # candidates cached per buffer head (oblivious routings; heads with more are re-routed at each visit)
# Config.cache: how a buffer head's candidates are cached, Config.cw per entry: not at all (each
# visit routes the head again), narrow (arc and VC of CM candidates needing one credit each,
# packed into the queue record; filled by the pre-routing of oblivious routings), or wide (arc,
# VC, credits needed and label of up to Config.cw candidates, in arrays of their own; filled at
# request time, for routings whose candidates are a function of header and router but many, with
# labels for the policy: OFAR)
CACHE_OFF, CACHE_NARROW, CACHE_WIDE = 0, 1, 2
# Config.ecmq: which escape buffers ECM reads (see stages.request._escape_congested) and their names
ECM_BUFFERS, ECM_CREDITS = 0, 1
ECM_OCCUPANCIES = ("buffers", "credits")
NL_LAB = 16  # a wide cache entry's need-and-label value: need + NL_LAB * label
NL_LAB_BITS = 4  # NL_LAB = 2 ** NL_LAB_BITS
# scal indices
(
    S_FREE,
    S_NFREE,
    S_GEN,
    S_DELIV,
    S_LASTMOVE,
    S_INNET,
    S_INSRC,
    S_MPKTS,
    S_MPHITS,
    S_MINJ,
    S_MGEN,
    S_LASTDELIV,
    S_ERR,
    S_CALLS,
    S_HEADS,
    S_SELECT,
    S_DECLINE,
    S_NONMIN,
) = range(18)
N_SCAL = 18
ST_OK, ST_GROW, ST_DEADLOCK, ST_ERROR = 0, 1, 2, 3
ST_FULL = 4  # a thread's list of deferred effects at other clusters filled up within a window (sim.engine_par)


NEVER = np.int64(1) << 62
NEVER32 = np.int64(2**31 - 1)  # credit slot not freed yet (int32 slot times)


MAXBIT = 63  # routers with more inputs scan them all (r_act holds one bit per input)


@helper
def _bit(i):
    """r_act bit of input i (0 beyond MAXBIT: those routers scan every input)."""
    return np.int64(1) << i if i < MAXBIT else np.int64(0)


@helper
def _in_slot(i, a0, deg, e0, A):
    """Index in the per-input arrays (``i_next``) of input i of a router whose arcs start at a0
    (deg of them) and endpoints at e0: its arc, or A + its endpoint."""
    return a0 + i if i < deg else A + e0 + i - deg


KB = 64  # most routers per batch (Config.batch, default 8)
NC_EXTRA = 8  # candidate slots beyond one per port: UGAL's Valiant paths (sim.routings.ugal.K_MAX)
