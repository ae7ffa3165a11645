"""Synthetic traffic patterns (compiled destination choice) and their parsing.

Names: ``uniform`` (García et al. 2014, §4 UN: any node but the source), ``uniform-all`` (any node, the
source included: BookSim2's ``uniform``, for cross-validation), ``advg+N`` (García et al. 2014,
§2/§4: a random node of group i+N mod G; on a fat tree a group is a pod, so every packet crosses
the core switches, the fat tree's worst case of Besta & Hoefler 2014, §V-C), ``advl`` /
``advl+N`` (García et al. 2014, §2: the p nodes of router R_i send to a random node of router
R_{i+N} of the same group; N = 1 by default),
``bitrev``, ``shuffle``, ``bitcomp``, ``shift`` (Besta & Hoefler 2014, §V-B, on the largest power-of-two
set of endpoints; the rest neither send nor receive), ``sf-worst`` (Besta & Hoefler 2014, §V-C),
``hotspot-seq`` (Han et al. 2017, §4), ``map:FILE`` (a destination endpoint per endpoint, -1 for one
that sends nothing: a ``.npy`` array or a text file of one integer per line, such as a stencil
phase from :func:`topoanalysis.mapping.stencil_traffic`) and weighted mixes ``mix:uniform=0.8,advg+1=0.1,advg+6=0.1``
(García et al. 2014, §5.3 MIX1-3).  A pattern is a list of components with weights; a second pattern
can take over at a given cycle (García et al. 2014, §5.2 transient).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from topoanalysis.topology import Topology

from ._jit import helper, helper_py
from ._rng import rand_below, rand_float

__all__ = ["TTables", "build_traffic", "parse_pattern", "endpoint_map_file", "PATTERNS"]

T_UNIFORM, T_GROUP, T_ROUTER, T_ENDPOINT, T_SHIFT = 0, 1, 2, 3, 4

PATTERNS = (
    "uniform",
    "uniform-all",
    "advg+N",
    "advl[+N]",
    "bitrev",
    "shuffle",
    "bitcomp",
    "shift",
    "sf-worst",
    "hotspot-seq",
    "map:FILE",
    "mix:NAME=W,...",
)


class TTables(NamedTuple):
    ctype: np.ndarray  # int64 (K,) component type
    cum: np.ndarray  # float64 (K,) cumulative weight inside its phase (last = 1)
    cmap: np.ndarray  # int64 (K, L) group/router/endpoint map (-1: does not send)
    cpar: np.ndarray  # int64 (K,) parameter (shift: N)
    phase: np.ndarray  # int64 [lo0, hi0, lo1, hi1, change_cycle]
    group: np.ndarray  # int64 (R,) group of each router (zeros without groups)
    gptr: np.ndarray  # int64 (G+1,) endpoints of group g are g_ep[gptr[g]:gptr[g+1]]
    g_ep: np.ndarray  # int64 (E,)


@helper
def _pick_dest(tr, net, e, t, st):
    """Destination endpoint of a packet generated at endpoint e at cycle t (-1: e does not send)."""
    base = 2 if t >= tr.phase[4] else 0
    lo = tr.phase[base]
    hi = tr.phase[base + 1]
    k = lo
    if hi - lo > 1:
        u = rand_float(st)
        while k < hi - 1 and tr.cum[k] <= u:
            k += 1
    ty = tr.ctype[k]
    E = net.ep_router.shape[0]
    if ty == T_UNIFORM:
        if tr.cpar[k] == 1:
            return rand_below(st, E)
        if E < 2:
            return -1
        d = rand_below(st, E - 1)
        return d + 1 if d >= e else d
    if ty == T_GROUP:
        g = tr.group[net.ep_router[e]]
        tg = tr.cmap[k, g]
        n = tr.gptr[tg + 1] - tr.gptr[tg]
        if tg == g:
            if n < 2:
                return -1
            j = rand_below(st, n - 1)
            d = tr.g_ep[tr.gptr[tg] + j]
            return tr.g_ep[tr.gptr[tg] + n - 1] if d == e else d
        if n < 1:
            return -1
        return tr.g_ep[tr.gptr[tg] + rand_below(st, n)]
    if ty == T_ROUTER:
        r = net.ep_router[e]
        tr_ = tr.cmap[k, r]
        if tr_ < 0:
            return -1
        lo_e = net.ep_ptr[tr_]
        n = net.ep_ptr[tr_ + 1] - lo_e
        if tr_ == r:
            if n < 2:
                return -1
            d = lo_e + rand_below(st, n - 1)
            return d + 1 if d >= e else d
        if n < 1:
            return -1
        return lo_e + rand_below(st, n)
    if ty == T_ENDPOINT:
        return tr.cmap[k, e]
    # T_SHIFT (Besta & Hoefler 2014, §V-B): d = (s mod N/2) or (s mod N/2) + N/2, each with probability 1/2
    N = tr.cpar[k]
    if e >= N:
        return -1
    half = N // 2
    return e % half + (half if rand_float(st) < 0.5 else 0)


@helper_py
def pick_dest(tr, net, e, t, st):
    """:func:`_pick_dest`, callable from Python (tests, channel dependencies); the engine
    calls ``_pick_dest``, compiled without a Python entry point."""
    return _pick_dest(tr, net, e, t, st)


# ----------------------------------------------------------------------------- maps
def router_groups(top: Topology) -> np.ndarray | None:
    """The group of each router the group patterns (``advg+N``) use: the ``group`` label (a
    dragonfly's groups, 2- or 3-level), else a fat tree's ``pod`` (its core switches,
    -1, have no endpoints); ``None`` when the topology has neither."""
    for key in ("group", "pod"):
        if key in top.labels:
            return top.labels[key].astype(np.int64)
    return None


def _groups(top: Topology, name: str) -> np.ndarray:
    g = router_groups(top)
    if g is None:
        raise ValueError(f"traffic {name!r} needs router label 'group' (a dragonfly) or 'pod' (a fat tree)")
    return g


def _bits(E: int) -> int:
    if E < 2:
        raise ValueError("traffic: bit permutations need at least 2 endpoints")
    return int(E).bit_length() - 1


def _bit_perm(name: str, E: int) -> np.ndarray:
    """Besta & Hoefler 2014, §V-B on N = 2^b endpoints: shuffle d_i = s_{i-1 mod b}, bit reversal d_i = s_{b-i-1},
    bit complement d_i = not s_i.  Endpoints >= N map to -1 (idle)."""
    b = _bits(E)
    N = 1 << b
    s = np.arange(N, dtype=np.int64)
    if name == "bitcomp":
        d = (~s) & (N - 1)
    elif name == "bitrev":
        d = np.zeros(N, np.int64)
        for i in range(b):
            d |= ((s >> i) & 1) << (b - 1 - i)
    else:  # shuffle: rotate left by one bit
        d = ((s << 1) | (s >> (b - 1))) & (N - 1) if b > 0 else s
    out = np.full(E, -1, np.int64)
    out[:N] = d
    return out


def sf_worst_map(top: Topology, dist: np.ndarray, seed: int) -> np.ndarray:
    """Besta & Hoefler 2014, §V-C worst case for minimal routing, as a router map (each router sends to one
    router and receives from at most one, so no endpoint is overloaded).

    Links (x, y) are visited in a seeded random order; a still-free source s adjacent to y with
    d(s, x) = 2 is mapped to x and a free source t adjacent to x with d(t, y) = 2 to y, so that
    both flows cross the link x-y; this repeats until no possibility is left.  Routers left over
    are mapped among themselves at random, never to themselves (a last fixed point swaps
    targets with another router)."""
    rng = np.random.default_rng(seed)
    R = top.n_routers
    dmap = np.full(R, -1, np.int64)
    taken = np.zeros(R, bool)  # already a destination
    adj = top.adjacency()
    nbrs = [adj.indices[adj.indptr[r] : adj.indptr[r + 1]] for r in range(R)]
    for li in rng.permutation(top.n_links):
        x, y = int(top.u[li]), int(top.v[li])
        for tgt, via in ((x, y), (y, x)):
            if taken[tgt]:
                continue
            cands = [s for s in nbrs[via] if dmap[s] < 0 and dist[s, tgt] == 2]
            if cands:
                s = cands[int(rng.integers(len(cands)))]
                dmap[s] = tgt
                taken[tgt] = True
    free_src = np.flatnonzero(dmap < 0)
    free_dst = np.flatnonzero(~taken)
    if free_src.size:
        perm = rng.permutation(free_dst)
        for _ in range(100):
            if free_src.size < 2 or not np.any(perm == free_src):
                break
            perm = rng.permutation(free_dst)
        dmap[free_src] = perm
    # a router left as its own only free target would send inside itself: swap targets with
    # another router (a leftover one if possible) so nobody sends to its own router
    for x in np.flatnonzero(dmap == np.arange(R)):  # type: ignore[assignment]  # numpy ints here, Python ints above
        if dmap[x] != x:
            continue
        pool = free_src[free_src != x] if free_src.size > 1 else np.delete(np.arange(R), x)
        y = int(pool[rng.integers(pool.size)])
        dmap[x], dmap[y] = dmap[y], x
    return dmap


def hotspot_sequence_map(top: Topology, seed: int) -> np.ndarray:
    """Han et al. 2017, §4: routers are split into sequences S_0, S_1, ... of adjacent routers and every
    node of S_i sends to a random node of S_{i+1}.  Sequences are grown greedily from a seeded
    random start through unvisited neighbours; the last router of a sequence sends back to its
    predecessor (a one-router sequence sends to a random neighbour) so every node sends."""
    rng = np.random.default_rng(seed)
    R = top.n_routers
    adj = top.adjacency()
    visited = np.zeros(R, bool)
    dmap = np.full(R, -1, np.int64)
    for start in rng.permutation(R):
        if visited[start]:
            continue
        seq = [int(start)]
        visited[start] = True
        while True:
            cur = seq[-1]
            nb = adj.indices[adj.indptr[cur] : adj.indptr[cur + 1]]
            nb = nb[~visited[nb]]
            if nb.size == 0:
                break
            nxt = int(nb[rng.integers(nb.size)])
            visited[nxt] = True
            seq.append(nxt)
        for i in range(len(seq) - 1):
            dmap[seq[i]] = seq[i + 1]
        if len(seq) > 1:
            dmap[seq[-1]] = seq[-2]
        else:
            nb = adj.indices[adj.indptr[seq[0]] : adj.indptr[seq[0] + 1]]
            dmap[seq[0]] = int(nb[rng.integers(nb.size)]) if nb.size else -1
    return dmap


def endpoint_map_file(path: str, n_endpoints: int) -> np.ndarray:
    """The destination of each endpoint from ``path`` (``.npy``, or text with one integer per line,
    ``#`` starting a comment); ``ValueError`` naming the file (and line) unless there is one integer
    in -1..n_endpoints-1 per endpoint.  Text is parsed here rather than by ``np.loadtxt``, whose C
    parser crashed the process on some damaged files."""
    import os

    if not os.path.isfile(path):
        raise ValueError(f"traffic map: file {path!r} does not exist")
    if path.endswith(".npy"):
        try:
            dm = np.asarray(np.load(path, allow_pickle=False))
        except (ValueError, OSError, EOFError) as exc:
            raise ValueError(f"traffic map: {path!r} is not a readable .npy array: {exc}") from None
        if dm.shape != (n_endpoints,) or not np.issubdtype(dm.dtype, np.integer):
            raise ValueError(
                f"traffic map: {path!r} must hold {n_endpoints} integers (one per endpoint), got shape {dm.shape} of {dm.dtype}"
            )
        vals = dm.tolist()
    else:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except UnicodeDecodeError as exc:
            raise ValueError(f"traffic map: {path!r} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        vals = []
        for no, line in enumerate(text.splitlines(), 1):
            tok = line.split("#", 1)[0].strip()
            if not tok:
                continue
            try:
                vals.append(int(tok))
            except ValueError:
                raise ValueError(f"traffic map: {path!r} line {no}: not one integer: {tok[:40]!r}") from None
        if len(vals) != n_endpoints:
            raise ValueError(f"traffic map: {path!r} must hold {n_endpoints} integers (one per endpoint), got {len(vals)}")
    bad = [x for x in vals if not -1 <= x < n_endpoints]
    if bad:
        raise ValueError(f"traffic map: destinations must be endpoints 0..{n_endpoints - 1} or -1 (silent), got {bad[0]}")
    return np.asarray(vals, dtype=np.int64).reshape(n_endpoints)


def parse_pattern(spec: str) -> list[tuple[str, float]]:
    """``'mix:uniform=0.8,advg+1=0.1'`` -> [('uniform', 0.8), ('advg+1', 0.1)]; a plain name -> [(name, 1)]."""
    if spec.strip().lower().startswith("map:"):
        return [("map:" + spec.strip()[4:], 1.0)]  # a file name keeps its case
    spec = spec.strip().lower()
    if not spec.startswith("mix:"):
        return [(spec, 1.0)]
    parts = []
    for item in spec[4:].split(","):
        if "=" not in item:
            raise ValueError(f"traffic: mix component {item!r} must be NAME=WEIGHT")
        nm, w = item.split("=", 1)
        try:
            wf = float(w)
        except ValueError:
            raise ValueError(f"traffic: weight {w!r} of {nm!r} is not a number") from None
        if not wf > 0:
            raise ValueError(f"traffic: weight of {nm!r} must be > 0, got {wf}")
        parts.append((nm.strip(), wf))
    if not parts:
        raise ValueError("traffic: empty mix")
    return parts


def _offset(name: str, prefix: str, form: str) -> int:
    """N of ``PREFIX+N`` (1 for a bare ``PREFIX``); ``ValueError`` naming the expected ``form``."""
    rest = name[len(prefix) :]
    try:
        off = int(rest[1:]) if rest.startswith("+") else (1 if rest == "" else None)
    except ValueError:
        off = None
    if off is None:
        raise ValueError(f"traffic: expected {form} with an integer N, got {name!r}")
    return off


def _component(top: Topology, name: str, seed: int, dist_fn) -> tuple[int, np.ndarray, int]:
    R, E = top.n_routers, top.n_endpoints
    if name == "uniform":
        return T_UNIFORM, np.zeros(0, np.int64), 0
    if name == "uniform-all":
        return T_UNIFORM, np.zeros(0, np.int64), 1
    if name.startswith("advg"):
        off = _offset(name, "advg", "advg+N")
        g = _groups(top, name)
        G = int(g.max()) + 1
        return T_GROUP, (np.arange(G, dtype=np.int64) + off) % G, 0
    if name.startswith("advl"):
        off = _offset(name, "advl", "advl or advl+N")
        g = _groups(top, name)
        if "index" not in top.labels:
            raise ValueError(f"traffic {name!r} needs router label 'index'")
        idx = top.labels["index"].astype(np.int64)
        a = int(idx.max()) + 1
        lookup = {(int(gg), int(ii)): r for r, (gg, ii) in enumerate(zip(g, idx))}
        dm = np.array([lookup.get((int(g[r]), int((idx[r] + off) % a)), -1) for r in range(R)], np.int64)
        return T_ROUTER, dm, 0
    if name in ("bitrev", "shuffle", "bitcomp"):
        return T_ENDPOINT, _bit_perm(name, E), 0
    if name == "shift":
        return T_SHIFT, np.zeros(0, np.int64), 1 << _bits(E)
    if name == "sf-worst":
        return T_ROUTER, sf_worst_map(top, dist_fn(), seed), 0
    if name == "hotspot-seq":
        return T_ROUTER, hotspot_sequence_map(top, seed), 0
    if name.startswith("map:"):
        return T_ENDPOINT, endpoint_map_file(name[4:], E), 0
    raise ValueError(f"traffic: unknown pattern {name!r}; known: {', '.join(PATTERNS)}")


def build_traffic(
    top: Topology, pattern: str, seed: int = 0, change: str | None = None, change_cycle: int | None = None, dist_fn=None
) -> tuple[TTables, np.ndarray]:
    """Compile ``pattern`` (and an optional second pattern from ``change_cycle``) into tables.

    Returns the tables and a boolean mask of endpoints that send in the first pattern.
    """
    if top.n_endpoints < 1:
        raise ValueError("traffic: the topology has no endpoints (use .with_endpoints(p) or --p)")
    if (change is None) != (change_cycle is None):
        raise ValueError("traffic: give both the second pattern and change_cycle, or neither")
    if change_cycle is not None and change_cycle < 0:
        raise ValueError(f"change_cycle must be >= 0, got {change_cycle}")
    if dist_fn is None:

        def dist_fn():
            from .routings import distance_table

            return distance_table(top)[0]

    R, E = top.n_routers, top.n_endpoints
    phases = [parse_pattern(pattern)] + ([parse_pattern(change)] if change is not None else [])
    comps: list[tuple[Any, ...]] = []
    bounds = []
    ph: Any  # a pattern's components in the loop, then the phase bounds
    for ph in phases:
        lo = len(comps)
        tot = sum(w for _, w in ph)
        acc = 0.0
        for nm, w in ph:
            ty, mp, par = _component(top, nm, seed, dist_fn)
            acc += w / tot
            comps.append((ty, mp, par, acc))
        comps[-1] = comps[-1][:3] + (1.0,)
        bounds.append((lo, len(comps)))
    if len(bounds) == 1:
        bounds.append(bounds[0])
    L = max([1] + [c[1].size for c in comps])
    cmap = np.full((len(comps), L), -1, np.int64)
    for i, c in enumerate(comps):
        cmap[i, : c[1].size] = c[1]
    rg = router_groups(top)
    group = rg if rg is not None else np.zeros(R, np.int64)
    G = int(group.max()) + 1 if R else 1
    ep_router = np.repeat(np.arange(R), top.endpoints)
    ep_group = group[ep_router]
    order = np.argsort(ep_group, kind="stable")
    gptr = np.zeros(G + 1, np.int64)
    np.cumsum(np.bincount(ep_group, minlength=G), out=gptr[1:])
    ph = np.array(
        [
            bounds[0][0],
            bounds[0][1],
            bounds[1][0],
            bounds[1][1],
            change_cycle if change_cycle is not None else np.iinfo(np.int64).max,
        ],
        np.int64,
    )
    tt = TTables(
        np.array([c[0] for c in comps], np.int64),
        np.array([c[3] for c in comps], np.float64),
        cmap,
        np.array([c[2] for c in comps], np.int64),
        ph,
        group,
        gptr,
        order.astype(np.int64),
    )
    # endpoints that send in the first pattern: any component lets them send
    active = np.zeros(E, bool)
    for ty, mp, par, _ in comps[bounds[0][0] : bounds[0][1]]:
        if ty in (T_UNIFORM, T_GROUP):
            active[:] = True
        elif ty == T_ROUTER:
            active |= mp[ep_router] >= 0
        elif ty == T_ENDPOINT:
            active |= mp >= 0
        else:
            active[:par] = True
    return tt, active
