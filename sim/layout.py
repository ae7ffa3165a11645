"""The simulator engine's array layout: indices of the configuration (``cfg``) and counter
(``scal``) vectors, status codes, sentinels, the per-router input bit sets and the scratch
workspace.  Shared by the driver (``sim.simulator``), the loop (``sim.engine``) and its stages
(``sim.stages``)."""

from __future__ import annotations

import numba
import numpy as np

from ._jit import helper

# cfg indices
(C_P, C_VMAX, C_ITERS, C_ARB, C_SEL, C_VCS, C_WD, C_MS, C_ME, C_NK, C_RID, C_BURST, C_LATMAX, C_CACHE, C_EAGER,
 C_SCAN, C_BATCH, C_WIN, C_GWIN, C_RDELAY, C_CDELAY, C_INJLAT, C_EJLAT, C_VADELAY, C_BUBBLE, C_REMOTE,
 C_ECM, C_CW) = range(28)
CM = 2  # candidates cached per buffer head (oblivious routings; heads with more are re-routed at each visit)
# cfg[C_CACHE]: how a buffer head's candidates are cached, cfg[C_CW] per entry: not at all (each
# visit routes the head again), narrow (arc and VC of CM candidates needing one credit each,
# packed into the queue record; filled by the pre-routing of oblivious routings), or wide (arc,
# VC, credits needed and label of up to cfg[C_CW] candidates, in arrays of their own; filled at
# request time, for routings whose candidates are a function of header and router but many, with
# labels for the policy: OFAR)
CACHE_OFF, CACHE_NARROW, CACHE_WIDE = 0, 1, 2
NL_LAB = 16  # a wide cache entry's need-and-label value: need + NL_LAB * label
NL_LAB_BITS = 4  # NL_LAB = 2 ** NL_LAB_BITS
# scal indices
(S_FREE, S_NFREE, S_GEN, S_DELIV, S_LASTMOVE, S_INNET, S_INSRC, S_MPKTS, S_MPHITS, S_MINJ, S_MGEN,
 S_LASTDELIV, S_ERR, S_CALLS, S_HEADS, S_SELECT, S_DECLINE) = range(17)
N_SCAL = 17
ST_OK, ST_GROW, ST_DEADLOCK, ST_ERROR = 0, 1, 2, 3


NEVER = np.int64(1) << 62
NEVER32 = np.int64(2 ** 31 - 1)  # credit slot not freed yet (int32 slot times)


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


KB = 64  # most routers per batch (cfg C_BATCH, default 8)
NC_EXTRA = 8  # candidate slots beyond one per port: UGAL's Valiant paths (sim.routings.ugal.K_MAX)


def workspace(ptr: np.ndarray, ep_ptr: np.ndarray, vmax: int) -> np.ndarray:
    """Scratch array for :func:`run_cycles` (layout in :func:`_ws_sizes`)."""
    deg = np.diff(ptr) + np.diff(ep_ptr)
    ncand = int(deg.max(initial=0)) + 2
    return np.zeros(_ws_total(ncand, vmax), np.int64)


@helper
def _ws_sizes(ncand, vmax):
    """Scratch sizes for routers of at most ncand - 2 inputs: per-router slices (the six candidate
    buffers hold (ncand + NC_EXTRA) x vmax entries: one per (arc, VC) under the "any" VC scheme, and
    UGAL's Valiant paths; the nine request buffers ncand each), deferred effects
    within a cluster (each move makes at most two: the arrival downstream and the credit
    upstream, and a batch of KB routers at most one move per input), deferred effects across
    clusters, new heads of a batch (one per VC of each input)."""
    nd = 2 * KB * ncand
    return 6 * (ncand + NC_EXTRA) * vmax + 9 * ncand, nd, 4 * nd, KB * vmax * ncand


@numba.njit(cache=True)
def _ws_total(ncand, vmax):
    a, nd, nx, nh = _ws_sizes(ncand, vmax)
    return a + 3 * nd + 3 * nx + 3 * nh + 3 * KB
