"""Other exchange formats: GraphML, edge list, BookSim2 ``anynet``, node-link JSON, networkx/igraph objects.

Every writer is atomic (complete file or none, see :mod:`topoanalysis.io.atomic`)
and refuses to replace an existing file unless ``overwrite=True``.

=============  ======================  =========================================================
format         writer / reader         keeps
=============  ======================  =========================================================
GraphML        to_graphml/from_graphml everything: family, params, kind names, endpoints, labels
edge list      to_edgelist/            links with kinds, endpoints, family, params (header line);
               from_edgelist           *not* label columns (use CSV or GraphML for those)
node-link JSON to_node_link_json/      everything (networkx ``node_link_graph(..., edges="links")``
               from_node_link_json     reads it too)
BookSim2       to_booksim_anynet/      router adjacency and endpoints only; BookSim2 ``anynet``
anynet         from_booksim_anynet     cannot express parallel links or link kinds (see below)
networkx       Topology.to_networkx/   everything (nodes must be 0..n-1, or are numbered in order)
               from_networkx
igraph         Topology.to_igraph/     everything but family params
               from_igraph
=============  ======================  =========================================================
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from ..checks import MAX_ROUTERS, OptionError, check_int, check_path
from ..topology import Topology
from .atomic import atomic_file

__all__ = [
    "to_graphml",
    "from_graphml",
    "to_edgelist",
    "from_edgelist",
    "to_booksim_anynet",
    "from_booksim_anynet",
    "to_node_link_json",
    "from_node_link_json",
    "from_networkx",
    "from_igraph",
    "WRITERS",
]

EDGELIST_TAG = "# topoanalysis-edgelist "


def _text_lines(p: Path) -> list[str]:
    """The lines of text file ``p``; a file that is not UTF-8 is a ValueError naming it."""
    try:
        return p.read_text(encoding="utf-8").splitlines(keepends=True)
    except UnicodeDecodeError as exc:
        raise ValueError(f"{p.name}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _check_routers(p: Path, n: int) -> None:
    # refused before anything is sized by the largest id (one mistyped id would allocate that many routers)
    if n > MAX_ROUTERS:
        raise ValueError(f"{p.name}: {n} routers (ids up to {n - 1}), above the limit of {MAX_ROUTERS} routers (2^24)")


def _check(top: Topology) -> None:
    if not isinstance(top, Topology):
        raise ValueError(f"topology must be a Topology, got {type(top).__name__}")


def _assemble(
    n: int,
    u: Iterable[int],
    v: Iterable[int],
    kinds: list[str],
    kind_names: Iterable[str] | None,
    endpoints: Any,
    labels: Mapping[str, Any],
    family: Any,
    params: Any,
    source: str,
) -> Topology:
    """Topology from per-link kind *names*; kinds numbered by ``kind_names`` or first-seen order."""
    names = tuple(kind_names) if kind_names else tuple(dict.fromkeys(kinds)) or ("link",)
    lookup = {k: i for i, k in enumerate(names)}
    unknown = [k for k in dict.fromkeys(kinds) if k not in lookup]
    if unknown:
        raise ValueError(f"{source}: link kind(s) {unknown} not among the declared kind names {list(names)}")
    if isinstance(params, str):
        params = json.loads(params) if params else {}
    if not isinstance(params, dict):
        raise ValueError(f"{source}: params must be a JSON object, got {type(params).__name__}")
    kind = np.fromiter((lookup[k] for k in kinds), dtype=np.int8, count=len(kinds))
    try:
        return Topology(
            n,
            np.fromiter(u, np.int64),
            np.fromiter(v, np.int64),
            kind,
            names,
            endpoints,
            labels,
            family=str(family or "custom"),
            params=params,
        )
    except ValueError as exc:
        raise ValueError(f"{source}: {exc}") from None


# -- networkx / igraph ----------------------------------------------------------------------------


def _node_numbering(nodes: list[Any]) -> dict[Any, int]:
    """Identity when the nodes are exactly 0..n-1 (as ints or digit strings), else file/insertion order."""
    try:
        ids = [int(x) for x in nodes]
    except (TypeError, ValueError):
        ids = None
    if ids is not None and sorted(ids) == list(range(len(nodes))) and all(str(i) == str(x) for i, x in zip(ids, nodes)):
        return dict(zip(nodes, ids))
    return {x: i for i, x in enumerate(nodes)}


def _int_columns(records: Sequence[Mapping[str, Any]], skip: set[str]) -> dict[str, np.ndarray]:
    """Attributes that are integers on every record (foreign attributes such as layout floats are dropped)."""
    if not records:
        return {}
    out = {}
    for key in records[0]:
        if key in skip:
            continue
        vals = [r.get(key) for r in records]
        if all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in vals):
            out[str(key)] = np.asarray(vals, dtype=np.int64)
    return out


def _json_attr(value: Any, default: Any) -> Any:
    if value is None:
        return default
    if isinstance(value, str):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise ValueError(f"graph attribute is not valid JSON: {value[:60]!r}") from None
    return value


def from_networkx(g: Any, source: str = "networkx graph") -> Topology:
    """Topology from a networkx (Multi)Graph such as :meth:`Topology.to_networkx` returns.

    Node attribute ``endpoints`` (default 0) and integer node attributes become
    labels; edge attribute ``kind`` (default ``link``); graph attributes
    ``family``, ``params``, ``kind_names`` (objects or JSON strings).
    """
    if g.is_directed():
        raise ValueError(f"{source}: graph must be undirected")
    nodes = list(g.nodes)
    num = _node_numbering(nodes)
    order = sorted(nodes, key=num.__getitem__)
    records = [g.nodes[x] for x in order]
    endpoints = [int(r.get("endpoints", 0)) for r in records]
    labels = _int_columns(records, {"endpoints", "id", "label"})
    edges = list(g.edges(data="kind", default="link"))
    kinds = [str(k) for _, _, k in edges]
    return _assemble(
        len(nodes),
        (num[a] for a, _, _ in edges),
        (num[b] for _, b, _ in edges),
        kinds,
        _json_attr(g.graph.get("kind_names"), None),
        endpoints,
        labels,
        g.graph.get("family"),
        _json_attr(g.graph.get("params"), {}),
        source,
    )


def from_igraph(g: Any) -> Topology:
    """Topology from an igraph graph such as :meth:`Topology.to_igraph` returns (``kind`` edge attribute)."""
    if g.is_directed():
        raise ValueError("igraph graph: graph must be undirected")
    attrs = g.vs.attributes()
    records = [dict(zip(attrs, vals)) for vals in zip(*(g.vs[a] for a in attrs))] if attrs else [{}] * g.vcount()
    endpoints = [int(r.get("endpoints", 0) or 0) for r in records]
    labels = _int_columns(records, {"endpoints", "name", "id", "label"})
    el = g.get_edgelist()
    kinds = [str(k) for k in g.es["kind"]] if "kind" in g.es.attributes() else ["link"] * len(el)
    kn = None
    if "kind_id" in g.es.attributes() and el:
        # to_igraph stores the kind index too: recover the declared kind order
        pairs = dict(zip(g.es["kind_id"], kinds))
        if sorted(pairs) == list(range(len(pairs))):
            kn = [pairs[i] for i in range(len(pairs))]
    family = g["family"] if "family" in g.attributes() else None
    return _assemble(g.vcount(), (a for a, _ in el), (b for _, b in el), kinds, kn, endpoints, labels, family, {}, "igraph graph")


# -- GraphML ----------------------------------------------------------------------------------------


def to_graphml(top: Topology, path: str | os.PathLike, overwrite: bool = False) -> Path:
    """Write GraphML (undirected; parallel links as repeated edges); readable by networkx, igraph, Gephi.

    Streamed with preformatted strings: networkx's writer takes ~20x longer on
    the 400k-link h = 16 dragonfly.  Graph data ``family``, ``params`` and
    ``kind_names`` are JSON strings; node data ``endpoints`` and the labels.
    """
    _check(top)
    cols = top.label_table()
    names = [c for c in cols if c != "router"]
    keys = "".join(f'  <key id="n{i}" for="node" attr.name={quoteattr(c)} attr.type="long"/>\n' for i, c in enumerate(names))
    graph_data = {"family": top.family, "params": json.dumps(top.params), "kind_names": json.dumps(list(top.kind_names))}
    keys += "".join(f'  <key id="g_{k}" for="graph" attr.name="{k}" attr.type="string"/>\n' for k in graph_data)
    keys += '  <key id="e0" for="edge" attr.name="kind" attr.type="string"/>\n'
    table = np.column_stack([cols[c] for c in names]).tolist() if names else [[]] * top.n_routers
    kind_xml = [escape(k) for k in top.kind_names]
    with atomic_file(path, overwrite) as fh:
        fh.write(
            "<?xml version='1.0' encoding='utf-8'?>\n"
            '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
            'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n'
        )
        fh.write(keys)
        fh.write('  <graph edgedefault="undirected">\n')
        fh.write("".join(f'    <data key="g_{k}">{escape(val)}</data>\n' for k, val in graph_data.items()))
        fh.write(
            "".join(
                f'    <node id="{r}">' + "".join(f'<data key="n{i}">{x}</data>' for i, x in enumerate(row)) + "</node>\n"
                for r, row in enumerate(table)
            )
        )
        fh.write(
            "".join(
                f'    <edge source="{a}" target="{b}"><data key="e0">{kind_xml[k]}</data></edge>\n'
                for a, b, k in zip(top.u.tolist(), top.v.tolist(), top.kind.tolist())
            )
        )
        fh.write("  </graph>\n</graphml>\n")
    return Path(path)


def from_graphml(path: str | os.PathLike) -> Topology:
    """Read GraphML (ours or another tool's) with igraph's C parser (~10x faster than networkx).

    Node ids ``0..n-1`` are kept, other ids are numbered in file order;
    numeric node data with integral values on every node become labels
    (``endpoints`` is the concentration); edge data ``kind`` (default ``link``);
    graph data ``family``/``params``/``kind_names`` as written by :func:`to_graphml`.
    """
    import igraph as ig

    p = check_path("path", path)
    if not p.is_file():
        raise ValueError(f"graphml: {str(p)!r} is not a file")
    try:
        g = ig.Graph.Read_GraphML(str(p))
    except Exception as exc:  # igraph raises InternalError and friends on malformed XML
        raise ValueError(f"graphml: {p.name} cannot be parsed: {exc}") from None
    if g.is_directed():
        raise ValueError(f"{p.name}: graph must be undirected")
    n = g.vcount()
    vattrs = g.vs.attributes()
    num = _node_numbering(g.vs["id"] if "id" in vattrs else list(range(n)))
    perm = np.fromiter(num.values(), dtype=np.int64, count=n) if "id" in vattrs else np.arange(n)
    columns: dict[str, np.ndarray] = {}
    for a in vattrs:
        if a == "id":
            continue
        vals = g.vs[a]
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) and float(x).is_integer() for x in vals):
            col = np.zeros(n, dtype=np.int64)
            col[perm] = np.asarray(vals, dtype=np.float64).astype(np.int64)
            columns[a] = col
    endpoints = columns.pop("endpoints", 0)
    el = np.asarray(g.get_edgelist(), dtype=np.int64).reshape(-1, 2)
    kinds = [str(k) if k else "link" for k in g.es["kind"]] if "kind" in g.es.attributes() else ["link"] * len(el)
    gattr = {a: g[a] for a in g.attributes()}
    return _assemble(
        n,
        perm[el[:, 0]],
        perm[el[:, 1]],
        kinds,
        _json_attr(gattr.get("kind_names") or None, None),
        endpoints,
        columns,
        gattr.get("family"),
        _json_attr(gattr.get("params") or None, {}),
        p.name,
    )


# -- edge list --------------------------------------------------------------------------------------


def to_edgelist(top: Topology, path: str | os.PathLike, overwrite: bool = False) -> Path:
    """Whitespace-separated ``u v kind`` lines, one per physical link, after a ``#`` metadata line.

    The first line is ``# topoanalysis-edgelist {json}`` with family, params,
    router count, kind names and endpoints; tools that skip ``#`` comments
    (networkx ``read_edgelist``, igraph ``Read_Ncol``) read the rest.  Label
    columns are not kept.
    """
    _check(top)
    ep = top.endpoints
    meta = {
        "family": top.family,
        "params": top.params,
        "routers": top.n_routers,
        "kind_names": list(top.kind_names),
        "endpoints": int(ep[0]) if ep.size and np.all(ep == ep[0]) else ep.tolist(),
    }
    names = np.array(top.kind_names, dtype=object)[top.kind]
    with atomic_file(path, overwrite) as fh:
        fh.write(EDGELIST_TAG + json.dumps(meta) + "\n")
        fh.write("".join(f"{a} {b} {k}\n" for a, b, k in zip(top.u.tolist(), top.v.tolist(), names)))
    return Path(path)


def from_edgelist(path: str | os.PathLike) -> Topology:
    """Read an edge list: lines ``u v`` or ``u v kind`` (integers 0..n-1), ``#`` comments.

    Without our metadata line, n = largest id + 1, endpoints 0, family ``custom``.
    """
    p = check_path("path", path)
    if not p.is_file():
        raise ValueError(f"edgelist: {str(p)!r} is not a file")
    meta: dict[str, Any] = {}
    us: list[int] = []
    vs: list[int] = []
    kinds: list[str] = []
    for line_no, line in enumerate(_text_lines(p), 1):
        if line.startswith(EDGELIST_TAG):
            try:
                meta = json.loads(line[len(EDGELIST_TAG) :])
            except json.JSONDecodeError as exc:
                raise ValueError(f"{p.name} line {line_no}: bad metadata JSON ({exc})") from None
            continue
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        if len(f) not in (2, 3):
            raise ValueError(f"{p.name} line {line_no}: expected 'u v' or 'u v kind', got {len(f)} fields")
        try:
            a, b = int(f[0]), int(f[1])
        except ValueError:
            raise ValueError(f"{p.name} line {line_no}: router ids must be integers, got {f[0]!r} {f[1]!r}") from None
        if a < 0 or b < 0:
            raise ValueError(f"{p.name} line {line_no}: router ids must be >= 0")
        if a == b:
            raise ValueError(f"{p.name} line {line_no}: self-loop at router {a}")
        us.append(a)
        vs.append(b)
        kinds.append(f[2] if len(f) == 3 else "link")
    n = int(meta["routers"]) if "routers" in meta else max(max(us, default=-1), max(vs, default=-1)) + 1
    _check_routers(p, n)
    if us and max(max(us), max(vs)) >= n:
        k = next(i for i in range(len(us)) if max(us[i], vs[i]) >= n)
        raise ValueError(f"{p.name}: link {us[k]} {vs[k]} names an unknown router (the metadata says {n} routers)")
    return _assemble(
        n, us, vs, kinds, meta.get("kind_names"), meta.get("endpoints", 0), {}, meta.get("family"), meta.get("params", {}), p.name
    )


# -- node-link JSON ---------------------------------------------------------------------------------


def to_node_link_json(top: Topology, path: str | os.PathLike, overwrite: bool = False) -> Path:
    """networkx-style node-link JSON (``nodes``/``links``; graph data family, params, kind_names)."""
    _check(top)
    cols = top.label_table()
    names = [c for c in cols if c != "router"]
    table = np.column_stack([cols[c] for c in names]).tolist() if names else [[]] * top.n_routers
    data = {
        "directed": False,
        "multigraph": top.has_parallel_links,
        "graph": {"family": top.family, "params": top.params, "kind_names": list(top.kind_names)},
        "nodes": [{"id": r, **dict(zip(names, row))} for r, row in enumerate(table)],
        "links": [
            {"source": a, "target": b, "kind": top.kind_names[k]}
            for a, b, k in zip(top.u.tolist(), top.v.tolist(), top.kind.tolist())
        ],
    }
    with atomic_file(path, overwrite) as fh:
        # dumps (C encoder) then one write: json.dump's chunked encoding is ~5x slower here
        fh.write(json.dumps(data, separators=(",", ":")) + "\n")
    return Path(path)


def from_node_link_json(path: str | os.PathLike) -> Topology:
    """Read node-link JSON written by :func:`to_node_link_json` or networkx ``node_link_data``."""
    p = check_path("path", path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (FileNotFoundError, IsADirectoryError):
        raise ValueError(f"json: {str(p)!r} is not a file") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"{p.name}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{p.name}: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or "nodes" not in data:
        raise ValueError(f"{p.name}: expected a node-link object with 'nodes' and 'links' (or 'edges')")
    if data.get("directed"):
        raise ValueError(f"{p.name}: graph must be undirected")
    edges: Any = data.get("links", data.get("edges", []))
    nodes = data["nodes"]
    try:
        num = _node_numbering([x["id"] for x in nodes])
        order = sorted(nodes, key=lambda x: num[x["id"]])
        us = [num[e["source"]] for e in edges]
        vs = [num[e["target"]] for e in edges]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"{p.name}: node or link without a valid id/source/target ({exc!r})") from None
    graph = data.get("graph") or {}
    return _assemble(
        len(nodes),
        us,
        vs,
        [str(e.get("kind", "link")) for e in edges],
        graph.get("kind_names"),
        [int(x.get("endpoints", 0)) for x in order],
        _int_columns(order, {"id", "endpoints"}),
        graph.get("family"),
        graph.get("params", {}),
        p.name,
    )


# -- BookSim2 anynet --------------------------------------------------------------------------------


def to_booksim_anynet(
    top: Topology,
    path: str | os.PathLike,
    overwrite: bool = False,
    merge_parallel: bool = False,
    latency: int | Mapping[str, int] | None = None,
) -> Path:
    """BookSim2 ``anynet`` network file (``topology = anynet; network_file = PATH``).

    One line per router ``r``: ``router r node i node i+1 ... router x router y ...``
    listing its endpoints (nodes numbered consecutively from 0, router by
    router, as BookSim2 requires) then every distinct neighbouring router.
    Without ``latency`` all channels get BookSim2's default latency 1; ``latency`` (cycles, one
    integer or a mapping link kind -> integer) writes each neighbour as ``router x L``
    (BookSim2 reads a router-router latency per direction; every line lists all of its
    router's neighbours, so both directions get it).  BookSim2 stores a router's
    neighbours in a map keyed by router id, so parallel links (trunking)
    would silently collapse into one channel: they raise ``ValueError``
    unless ``merge_parallel=True`` accepts the merge.  Link kinds are not kept.
    A topology without endpoints is refused (BookSim2 would have no nodes).
    """
    _check(top)
    if top.n_endpoints == 0:
        why = "format booksim: the topology has no endpoints, so BookSim2 would have no nodes to inject traffic"
        raise OptionError(
            f"{why}; build it with a concentration (e.g. p=1)",
            cli=f"{why}; give a concentration (--p, or an endpoints column in routers.csv with --csv)",
        )
    if top.has_parallel_links and not merge_parallel:
        why = "format booksim: BookSim2 anynet cannot represent parallel links (trunking); they would merge into one channel"
        raise OptionError(f"{why} (pass merge_parallel=True to accept that)", cli=f"{why} (give --merge-parallel to accept that)")
    adj = top.adjacency()
    ep = top.endpoints.tolist()
    first = np.concatenate([[0], np.cumsum(top.endpoints)]).tolist()
    ptr, idx = adj.indptr.tolist(), adj.indices.tolist()
    lat = _anynet_latency(top, latency)
    with atomic_file(path, overwrite) as fh:
        fh.write(
            "".join(
                f"router {r}"
                + "".join(f" node {x}" for x in range(first[r], first[r] + ep[r]))
                + "".join(f" router {x}" + ("" if lat is None else f" {lat[(r, x)]}") for x in idx[ptr[r] : ptr[r + 1]])
                + "\n"
                for r in range(top.n_routers)
            )
        )
    return Path(path)


def _anynet_latency(top: Topology, latency: int | Mapping[str, int] | None) -> dict[tuple[int, int], int] | None:
    """Latency of each router pair's channel from ``latency`` (one integer or kind -> integer)."""
    if latency is None:
        return None
    names = top.kind_names
    if isinstance(latency, Mapping):
        unknown = set(latency) - set(names)
        missing = set(names) - set(latency)
        if unknown or missing:
            raise ValueError(
                f"format booksim: latency must give every link kind {list(names)} once "
                f"(unknown {sorted(unknown)}, missing {sorted(missing)})"
            )
        per = [latency[k] for k in names]
    else:
        per = [latency] * len(names)
    per = [check_int("format booksim: latency (cycles)", x, 1) for x in per]
    out: dict[tuple[int, int], int] = {}
    for u, v, k in zip(top.u.tolist(), top.v.tolist(), top.kind.tolist()):
        if out.get((u, v), per[k]) != per[k]:
            raise ValueError(f"format booksim: parallel links {u}-{v} of different latencies cannot be one channel")
        out[(u, v)] = out[(v, u)] = int(per[k])
    return out


def from_booksim_anynet(path: str | os.PathLike) -> Topology:
    """Read a BookSim2 anynet file: routers, router-router channels (undirected, merged), node counts.

    Latency numbers are accepted and ignored; routers and nodes must be
    numbered consecutively from 0 (BookSim2's own rule).
    """
    p = check_path("path", path)
    if not p.is_file():
        raise ValueError(f"booksim: {str(p)!r} is not a file")
    routers: set[int] = set()
    node_router: dict[int, int] = {}
    pairs: set[tuple[int, int]] = set()
    for line_no, line in enumerate(_text_lines(p), 1):
        tok = line.split()
        if not tok:
            continue
        where = f"{p.name} line {line_no}"
        items: list[tuple[str, int]] = []
        for t in tok:
            if t in ("router", "node"):
                items.append((t, -1))
            elif items and items[-1][1] == -1:
                try:
                    items[-1] = (items[-1][0], int(t))
                except ValueError:
                    raise ValueError(f"{where}: expected an id after {items[-1][0]!r}, got {t!r}") from None
                if items[-1][1] < 0:
                    raise ValueError(f"{where}: ids must be >= 0, got {t}")
            elif items:
                try:
                    int(t)  # a latency after an id: accepted, ignored
                except ValueError:
                    raise ValueError(f"{where}: unknown token {t!r} (expected 'router', 'node' or a number)") from None
            else:
                raise ValueError(f"{where}: a line must start with 'router' or 'node', got {t!r}")
        if items[-1][1] == -1:
            raise ValueError(f"{where}: {items[-1][0]!r} without an id")
        (htype, hid), body = items[0], items[1:]
        if htype == "router":
            routers.add(hid)
        for btype, bid in body:
            if btype == "node" and htype == "node":
                raise ValueError(f"{where}: cannot connect node {hid} to node {bid}")
            if btype == "router" and htype == "router":
                if bid == hid:
                    raise ValueError(f"{where}: self-loop at router {hid}")
                routers.add(bid)
                pairs.add((min(hid, bid), max(hid, bid)))
                continue
            node, router = (bid, hid) if htype == "router" else (hid, bid)
            routers.add(router)
            if node_router.setdefault(node, router) != router:
                raise ValueError(f"{where}: node {node} attached to routers {node_router[node]} and {router}")
    n = len(routers)
    if routers != set(range(n)):
        raise ValueError(f"{p.name}: routers must be numbered 0..{n - 1} (BookSim2 anynet rule)")
    if set(node_router) != set(range(len(node_router))):
        raise ValueError(f"{p.name}: nodes must be numbered 0..{len(node_router) - 1} (BookSim2 anynet rule)")
    endpoints = np.bincount(np.fromiter(node_router.values(), np.int64), minlength=n)
    srt = sorted(pairs)
    return _assemble(n, (a for a, _ in srt), (b for _, b in srt), ["link"] * len(srt), None, endpoints, {}, "custom", {}, p.name)


#: ``--format`` name -> (writer, reader or None); ``csv`` lives in :mod:`topoanalysis.io.csv`
WRITERS = {
    "graphml": (to_graphml, from_graphml),
    "edgelist": (to_edgelist, from_edgelist),
    "booksim": (to_booksim_anynet, from_booksim_anynet),
    "json": (to_node_link_json, from_node_link_json),
}
