"""Figures of a network itself: link utilisation, the bisection α-envelope, a dragonfly's drawing."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..topology import Topology

__all__ = ["plot_link_utilisation", "plot_alpha_envelope", "draw_dragonfly"]


def _axes(ax: Any, size: tuple[float, float]) -> tuple[Any, Any]:
    if ax is not None:
        return ax.figure, ax
    from matplotlib.figure import Figure

    fig = Figure(figsize=size, layout="constrained")
    return fig, fig.subplots()


def plot_link_utilisation(top: Topology, utilisation: Any, ax: Any = None) -> Any:
    """Heatmap of per-link utilisation (phits/cycle): row = the router a link leaves, column = the
    router it enters, in router order (a dragonfly's groups are the diagonal blocks).
    ``utilisation`` is one value per arc of ``top.arcs()`` (``simulate(..., per_link=True)``'s
    ``link_utilisation_per_arc``)."""
    arcs = top.arcs()
    u = np.asarray(utilisation, dtype=float)
    if u.shape != (arcs.src.size,):
        raise ValueError(
            f"utilisation: one value per arc ({arcs.src.size}) expected, got shape {u.shape}; run simulate with per_link=True"
        )
    n = top.n_routers
    m = np.full((n, n), np.nan)
    np.fmax.at(m, (arcs.src, arcs.dst), u)  # parallel links (trunking): the busiest
    fig, a = _axes(ax, (6.0, 5.0))
    im = a.imshow(m, interpolation="nearest", cmap="viridis", vmin=0.0)
    fig.colorbar(im, ax=a, label="utilisation (phits/cycle)")
    a.set_xlabel("to router")
    a.set_ylabel("from router")
    return fig


def plot_alpha_envelope(envelopes: Any, ax: Any = None) -> Any:
    """Exact bisection bandwidth against α (Hastings et al. 2015, Fig. 5): ``envelopes`` is one
    :class:`~topoanalysis.bisection.envelope.Envelope` or a mapping label -> envelope; breakpoints
    are marked."""
    from ..bisection.envelope import Envelope

    items = {"": envelopes} if isinstance(envelopes, Envelope) else dict(envelopes)
    if not items:
        raise ValueError("envelopes: nothing to plot")
    fig, a = _axes(ax, (5.5, 4.0))
    for label, env in items.items():
        if not isinstance(env, Envelope):
            raise ValueError(f"envelopes[{label!r}]: an Envelope expected, got {type(env).__name__}")
        xs = [float(env.pieces[0].alpha_from)] + [float(p.alpha_to) for p in env.pieces]
        ys = [float(env.value(x)) for x in [env.pieces[0].alpha_from] + [p.alpha_to for p in env.pieces]]
        h = a.plot(xs, ys, label=(label or None) if env.proven else f"{label} (not proven)")[0]
        bx = [float(b) for b in env.breakpoints]
        a.plot(bx, [float(env.value(b)) for b in env.breakpoints], "o", color=h.get_color(), ms=4)
    a.set_xlabel("α (global link bandwidth / local)")
    a.set_ylabel("bisection bandwidth (local links)")
    if any(items):
        a.legend(fontsize="small", loc="lower right")
    a.grid(alpha=0.3)
    return fig


def draw_dragonfly(top: Topology, ax: Any = None, local_links: bool | None = None) -> Any:
    """Groups on a circle, each group's routers on a small circle, global links coloured by
    globally connected component (Hastings et al. 2015, §IV: routers joined by global-only paths); local links
    in light grey (by default only when there are at most 400 of them)."""
    from ..invariants.gcc import global_components

    if "group" not in top.labels or "global" not in top.kind_names:
        raise ValueError(
            f"topology: draw_dragonfly needs a dragonfly (router groups and global links), got family {top.family!r}"
        )
    g = np.asarray(top.labels["group"])
    G = int(g.max()) + 1
    pos = np.zeros((top.n_routers, 2))
    R = 1.0
    r = R * min(0.3, 0.6 * np.pi / max(G, 3))  # group circles well apart
    for k in range(G):
        members = np.flatnonzero(g == k)
        c = R * np.array([np.cos(2 * np.pi * k / G), np.sin(2 * np.pi * k / G)])
        ang = 2 * np.pi * np.arange(members.size) / max(members.size, 1) + 2 * np.pi * k / G
        pos[members] = c + r * np.c_[np.cos(ang), np.sin(ang)]
    comps = global_components(top)
    comp_of = np.empty(top.n_routers, dtype=int)
    for i, c in enumerate(comps):
        comp_of[c] = i
    fig, a = _axes(ax, (6.0, 6.0))
    from matplotlib.collections import LineCollection

    loc = top.kind == top.kind_index("local") if "local" in top.kind_names else np.zeros(top.u.size, bool)
    if local_links is None:
        local_links = int(loc.sum()) <= 400
    if local_links and loc.any():
        a.add_collection(LineCollection(list(np.stack([pos[top.u[loc]], pos[top.v[loc]]], axis=1)), colors="0.8", lw=0.6))
    glob = top.kind == top.kind_index("global")
    import matplotlib

    cmap = matplotlib.colormaps["tab10"]
    cols = [cmap(comp_of[u] % 10) for u in top.u[glob]]
    a.add_collection(LineCollection(list(np.stack([pos[top.u[glob]], pos[top.v[glob]]], axis=1)), colors=cols, lw=0.8))
    a.scatter(pos[:, 0], pos[:, 1], s=12, c=[cmap(i % 10) for i in comp_of], zorder=3, edgecolors="k", linewidths=0.3)
    a.set_aspect("equal")
    a.set_axis_off()
    shown = ", ".join(f"{k}={v}" for k, v in top.params.items() if k in ("a", "h", "p", "arrangement", "trunking"))
    a.set_title(
        f"{top.family} ({shown}): {G} groups, {len(comps)} globally connected components "
        f"(sizes {', '.join(map(str, sorted({len(c) for c in comps}, reverse=True)))})",
        fontsize="small",
    )
    return fig
