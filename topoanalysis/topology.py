"""The immutable, array-based topology model every other module works on.

A :class:`Topology` is a multigraph of routers: links are stored as three flat
arrays ``u``, ``v`` and ``kind`` (one entry per physical link, parallel links
repeated), so a dragonfly with 16,416 routers and ~400k links costs a few MB
and is built by vectorised numpy code in milliseconds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

__all__ = ["Topology", "Arcs", "FrozenDict", "FrozenList"]


def _readonly(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    a.setflags(write=False)
    return a


def _jsonable(value: Any) -> Any:
    """Convert numpy scalars/arrays and tuples inside params into JSON types."""
    if isinstance(value, Mapping):
        return {str(k): _jsonable(x) for k, x in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(x) for x in value]
    if isinstance(value, np.ndarray):
        return [_jsonable(x) for x in value.tolist()]
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, np.bool_):
        return bool(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise ValueError(f"params: value {value!r} of type {type(value).__name__} is not JSON-serialisable")


def _refuse(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise TypeError(
        f"{type(self).__name__} is read-only: a Topology's parameters and labels cannot change; "
        "build a new Topology from a modified copy (dict(top.params))"
    )


class FrozenDict(dict):
    """A ``dict`` that refuses every change (a topology's ``params`` and ``labels``).

    A ``dict`` subclass rather than a mapping proxy so that ``json.dumps``, equality with plain
    dicts and ``**params`` keep working; ``dict(frozen)`` gives a mutable shallow copy.
    """

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        # the default dict pickling refills the object through __setitem__, which is refused
        return (type(self), (dict(self),))


class FrozenList(list):
    """A ``list`` that refuses every change (list values inside a topology's ``params``)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (list(self),))


def _freeze(value: Any) -> Any:
    """Read-only copy of a JSON-like value: dicts and lists become FrozenDict / FrozenList."""
    if isinstance(value, dict):
        return FrozenDict({k: _freeze(x) for k, x in value.items()})
    if isinstance(value, list):
        return FrozenList(_freeze(x) for x in value)
    return value


class Arcs(NamedTuple):
    """Directed view of the links, grouped by source router (CSR layout).

    Arc ``i`` leaves ``src[i]`` towards ``dst[i]`` over physical link
    ``link[i]`` of kind ``kind[i]``.  The arcs of router ``r`` are
    ``ptr[r]:ptr[r+1]``, ordered by (kind, neighbour, link id); that order is
    the router's port numbering used by the simulator and by exports.
    """

    ptr: np.ndarray
    src: np.ndarray
    dst: np.ndarray
    link: np.ndarray
    kind: np.ndarray


class Topology:
    """An immutable router-level network: routers, links with kinds, endpoints, labels.

    Parameters
    ----------
    n_routers:
        Number of routers, identified by ``0 .. n_routers-1``.
    u, v:
        Link end routers, one entry per physical link (parallel links repeated).
        Stored with ``u < v``; the order of links is preserved.
    kind:
        Per-link index into ``kind_names`` (default: all links of kind 0).
    kind_names:
        Names of the link kinds, e.g. ``("local", "global")`` for a dragonfly,
        ``("level1", "level2", "level3")`` for a 3-level dragonfly.
    endpoints:
        Endpoints (terminals, concentration ``p``) per router: a scalar or an array.
    labels:
        Per-router integer label columns, e.g. ``{"group": ..., "index": ...}``
        for dragonflies or ``{"s": ..., "x": ..., "y": ...}`` for MMS graphs.
    family, params:
        Generator name and its (JSON-serialisable) parameters, recorded for
        provenance and exports.

    Nothing can be changed after construction: the arrays are read-only, ``labels`` and
    ``params`` are :class:`FrozenDict` (lists inside ``params`` :class:`FrozenList`), and the
    cached views (arcs, adjacency) are read-only too.
    """

    __slots__ = ("n_routers", "u", "v", "kind", "kind_names", "endpoints", "labels", "family", "params", "_cache")

    def __init__(
        self,
        n_routers: int,
        u: Sequence[int] | np.ndarray,
        v: Sequence[int] | np.ndarray,
        kind: Sequence[int] | np.ndarray | None = None,
        kind_names: Sequence[str] = ("link",),
        endpoints: int | Sequence[int] | np.ndarray = 0,
        labels: Mapping[str, Sequence[int] | np.ndarray] | None = None,
        family: str = "custom",
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(n_routers, bool) or not isinstance(n_routers, (int, np.integer)):
            raise ValueError(f"n_routers must be an integer, got {n_routers!r}")
        n = int(n_routers)
        if n < 0:
            raise ValueError(f"n_routers must be >= 0, got {n}")
        uu = np.asarray(u, dtype=np.int64).reshape(-1)
        vv = np.asarray(v, dtype=np.int64).reshape(-1)
        if uu.shape != vv.shape:
            raise ValueError(f"u and v must have the same length, got {uu.size} and {vv.size}")
        if uu.size:
            lo = min(int(uu.min()), int(vv.min()))
            hi = max(int(uu.max()), int(vv.max()))
            if lo < 0 or hi >= n:
                raise ValueError(f"link end routers must lie in 0..{n - 1}, found {lo if lo < 0 else hi}")
            loops = np.flatnonzero(uu == vv)
            if loops.size:
                raise ValueError(
                    f"self-loop at router {int(uu[loops[0]])} (link {int(loops[0])}): links must join two different routers"
                )
        names = tuple(str(x) for x in kind_names)
        if not names:
            raise ValueError("kind_names must name at least one link kind")
        if len(set(names)) != len(names):
            raise ValueError(f"kind_names must be distinct, got {names}")
        if kind is None:
            kk = np.zeros(uu.size, dtype=np.int8)
        else:
            kk = np.asarray(kind).reshape(-1)
            if kk.size != uu.size:
                raise ValueError(f"kind must have one entry per link ({uu.size}), got {kk.size}")
            if kk.size and (int(kk.min()) < 0 or int(kk.max()) >= len(names)):
                raise ValueError(f"kind values must index kind_names {names}")
            kk = kk.astype(np.int8)
        ep = np.asarray(endpoints, dtype=np.int64)
        if ep.ndim == 0:
            ep = np.full(n, int(ep), dtype=np.int64)
        if ep.shape != (n,):
            raise ValueError(f"endpoints must be a scalar or have one entry per router ({n}), got shape {ep.shape}")
        if ep.size and int(ep.min()) < 0:
            raise ValueError("endpoints must be >= 0 per router")
        lab: dict[str, np.ndarray] = {}
        for key, col in (labels or {}).items():
            arr = np.asarray(col, dtype=np.int64).reshape(-1)
            if arr.size != n:
                raise ValueError(f"label column {key!r} must have one entry per router ({n}), got {arr.size}")
            lab[str(key)] = _readonly(arr)
        lo_uv = np.minimum(uu, vv)
        hi_uv = np.maximum(uu, vv)
        idx_dtype = np.int32 if n < 2**31 else np.int64
        self.n_routers = n
        self.u = _readonly(lo_uv.astype(idx_dtype))
        self.v = _readonly(hi_uv.astype(idx_dtype))
        self.kind = _readonly(kk)
        self.kind_names = names
        self.endpoints = _readonly(ep)
        self.labels = FrozenDict(lab)
        self.family = str(family)
        self.params = _freeze(_jsonable(dict(params or {})))
        self._cache: dict[str, Any] = {}

    # -- immutability ---------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, "_cache") and name != "_cache":
            raise AttributeError("Topology is immutable; build a new one instead")
        object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        kinds = ", ".join(f"{k}={c}" for k, c in self.links_per_kind().items())
        return (
            f"Topology(family={self.family!r}, params={json.dumps(self.params)}, routers={self.n_routers}, "
            f"links={self.n_links} ({kinds}), endpoints={self.n_endpoints})"
        )

    # -- counts ---------------------------------------------------------------
    @property
    def n_links(self) -> int:
        """Number of physical links (parallel links counted separately)."""
        return int(self.u.size)

    @property
    def n_endpoints(self) -> int:
        """Total number of endpoints (terminals)."""
        return int(self.endpoints.sum())

    def links_per_kind(self) -> dict[str, int]:
        """Count of physical links of each kind, in ``kind_names`` order."""
        counts = np.bincount(self.kind, minlength=len(self.kind_names))
        return {name: int(c) for name, c in zip(self.kind_names, counts)}

    def kind_index(self, name: str) -> int:
        """Index of link kind ``name`` in ``kind_names``."""
        try:
            return self.kind_names.index(name)
        except ValueError:
            raise ValueError(f"link kind {name!r} not in this topology's kinds {self.kind_names}") from None

    def degree(self, kind: str | None = None) -> np.ndarray:
        """Number of link ends at each router (parallel links counted), optionally of one kind."""
        key = f"degree:{kind}"
        if key not in self._cache:
            if kind is None:
                sel_u, sel_v = self.u, self.v
            else:
                m = self.kind == self.kind_index(kind)
                sel_u, sel_v = self.u[m], self.v[m]
            d = np.bincount(sel_u, minlength=self.n_routers) + np.bincount(sel_v, minlength=self.n_routers)
            self._cache[key] = _readonly(d.astype(np.int64))
        return self._cache[key]

    def radix(self) -> np.ndarray:
        """Router radix: network ports plus endpoint ports."""
        return self.degree() + self.endpoints

    @property
    def has_parallel_links(self) -> bool:
        """True when some pair of routers is joined by more than one link."""
        if "parallel" not in self._cache:
            key = self.u.astype(np.int64) * self.n_routers + self.v
            self._cache["parallel"] = bool(np.unique(key).size != key.size)
        return self._cache["parallel"]

    # -- views ----------------------------------------------------------------
    def arcs(self) -> Arcs:
        """Directed arcs grouped by source router; see :class:`Arcs` (cached)."""
        if "arcs" not in self._cache:
            m = self.n_links
            src = np.concatenate([self.u, self.v]).astype(np.int64)
            dst = np.concatenate([self.v, self.u]).astype(np.int64)
            link = np.concatenate([np.arange(m), np.arange(m)])
            kind = np.concatenate([self.kind, self.kind])
            order = np.lexsort((link, dst, kind, src))
            ptr = np.zeros(self.n_routers + 1, dtype=np.int64)
            np.cumsum(np.bincount(src, minlength=self.n_routers), out=ptr[1:])
            it = self.u.dtype
            self._cache["arcs"] = Arcs(
                _readonly(ptr),
                _readonly(src[order].astype(it)),
                _readonly(dst[order].astype(it)),
                _readonly(link[order].astype(np.int64)),
                _readonly(kind[order]),
            )
        return self._cache["arcs"]

    def adjacency(self, multiplicity: bool = False):
        """Symmetric scipy CSR adjacency (``scipy.sparse.csr_array``), cached.

        With ``multiplicity=True`` entries count parallel links; otherwise 0/1.
        """
        key = f"adj:{multiplicity}"
        if key not in self._cache:
            import scipy.sparse as sp

            n = self.n_routers
            rows = np.concatenate([self.u, self.v])
            cols = np.concatenate([self.v, self.u])
            a = sp.csr_array((np.ones(rows.size, dtype=np.int32), (rows, cols)), shape=(n, n))
            a.sum_duplicates()
            if not multiplicity:
                a.data[:] = 1
            a.indices = a.indices.astype(np.int32)
            a.indptr = a.indptr.astype(np.int64) if a.indptr.dtype != np.int32 else a.indptr
            for arr in (a.data, a.indices, a.indptr):
                arr.setflags(write=False)  # shared by every caller through the cache
            self._cache[key] = a
        return self._cache[key]

    def neighbors(self, router: int) -> np.ndarray:
        """Distinct neighbouring routers of ``router``, sorted."""
        if not 0 <= router < self.n_routers:
            raise ValueError(f"router must lie in 0..{self.n_routers - 1}, got {router}")
        a = self.adjacency()
        return a.indices[a.indptr[router] : a.indptr[router + 1]].copy()

    def label_table(self) -> dict[str, np.ndarray]:
        """``router``, ``endpoints`` and every label column, as arrays of length ``n_routers``."""
        out = {"router": np.arange(self.n_routers), "endpoints": np.asarray(self.endpoints)}
        out.update(self.labels)
        return out

    # -- derived topologies ---------------------------------------------------
    def with_endpoints(self, endpoints: int | Sequence[int] | np.ndarray) -> Topology:
        """A copy with a different concentration (endpoints per router)."""
        params = dict(self.params)
        if np.ndim(endpoints) == 0:
            params["p"] = int(endpoints)  # type: ignore[arg-type]  # a 0-d value: one number
        return Topology(self.n_routers, self.u, self.v, self.kind, self.kind_names, endpoints, self.labels, self.family, params)

    # -- conversions ----------------------------------------------------------
    def to_networkx(self, multigraph: bool | None = None):
        """networkx graph with node attributes (``endpoints``, labels) and edge attribute ``kind``.

        Returns a ``MultiGraph`` when the topology has parallel links (or
        ``multigraph=True``), otherwise a ``Graph``.
        """
        import networkx as nx

        if multigraph is None:
            multigraph = self.has_parallel_links
        if not multigraph and self.has_parallel_links:
            raise ValueError("multigraph=False would merge parallel links; this topology has them")
        g = nx.MultiGraph() if multigraph else nx.Graph()
        g.graph.update(family=self.family, params=self.params)
        cols = self.label_table()
        names = [c for c in cols if c != "router"]
        g.add_nodes_from((r, {c: int(cols[c][r]) for c in names}) for r in range(self.n_routers))
        kn = self.kind_names
        g.add_edges_from((int(a), int(b), {"kind": kn[k]}) for a, b, k in zip(self.u, self.v, self.kind))
        return g

    def to_igraph(self):
        """igraph graph (parallel links kept) with ``kind`` on edges and labels on vertices."""
        import igraph as ig

        g = ig.Graph(n=self.n_routers, edges=np.column_stack([self.u, self.v]).tolist(), directed=False)
        g.es["kind"] = [self.kind_names[k] for k in self.kind.tolist()]
        g.es["kind_id"] = self.kind.tolist()
        for c, col in self.label_table().items():
            if c != "router":
                g.vs[c] = col.tolist()
        g["family"] = self.family
        return g

    # -- comparisons ----------------------------------------------------------
    def link_multiset(self) -> np.ndarray:
        """Links as a sorted ``(m, 3)`` array of ``(u, v, kind)`` rows: an order-free identity."""
        t = np.column_stack([self.u.astype(np.int64), self.v.astype(np.int64), self.kind.astype(np.int64)])
        return t[np.lexsort((t[:, 2], t[:, 1], t[:, 0]))]

    def same_network(self, other: Topology) -> bool:
        """True when both have identical routers, links (as a multiset, with kinds), endpoints and labels."""
        if self.n_routers != other.n_routers or self.kind_names != other.kind_names:
            return False
        if not np.array_equal(self.endpoints, other.endpoints):
            return False
        if self.labels.keys() != other.labels.keys():
            return False
        if any(not np.array_equal(self.labels[k], other.labels[k]) for k in self.labels):
            return False
        return bool(np.array_equal(self.link_multiset(), other.link_multiset()))

    def summary(self) -> dict[str, Any]:
        """Family, parameters and counts as a JSON-ready dict."""
        deg = self.degree()
        return {
            "family": self.family,
            "params": self.params,
            "routers": self.n_routers,
            "links": self.n_links,
            "links_per_kind": self.links_per_kind(),
            "endpoints": self.n_endpoints,
            "degree_min": int(deg.min()) if deg.size else 0,
            "degree_max": int(deg.max()) if deg.size else 0,
            "kind_names": list(self.kind_names),
            "label_columns": list(self.labels),
        }
