"""Figures with matplotlib: one function per kind, each drawing on a given ``ax`` or a new figure
and returning the :class:`matplotlib.figure.Figure`.

* :func:`plot_curves` — latency/throughput against load from sweep results, mean and confidence band over seeds;
* :func:`plot_hop_histograms` — distribution of hops per packet (García et al. 2014, Fig. 13);
* :func:`plot_bars` — grouped bars, such as burst consumption times relative to PB (García et al. 2014, Figs. 8, 11);
* :func:`plot_link_utilisation` — router x router heatmap of per-link utilisation;
* :func:`plot_alpha_envelope` — exact bisection bandwidth against α (Hastings et al. 2015, Fig. 5);
* :func:`draw_dragonfly` — groups on a circle, global links coloured by globally connected component (Hastings et al. 2015, §IV).

No function selects a backend: figures are built with :class:`matplotlib.figure.Figure`, which
draws off-screen, so they work on a machine without a display.
"""

from .curves import COLUMN_ALIASES, SATURATED_BELOW, caption, column, plot_bars, plot_curves, plot_hop_histograms
from .network import draw_dragonfly, plot_alpha_envelope, plot_link_utilisation

__all__ = [
    "plot_curves",
    "plot_hop_histograms",
    "plot_bars",
    "plot_link_utilisation",
    "plot_alpha_envelope",
    "draw_dragonfly",
    "column",
    "caption",
    "COLUMN_ALIASES",
    "SATURATED_BELOW",
    "save",
]


def save(fig, path) -> None:
    """Write ``fig`` to ``path`` (format from the suffix), complete or not at all."""
    from pathlib import Path

    from ..io.atomic import atomic_file

    fmt = Path(path).suffix.lstrip(".").lower() or "png"
    if fmt not in fig.canvas.get_supported_filetypes():
        raise ValueError(
            f"output: {str(path)!r}: unknown image format {fmt!r}; one of "
            f"{', '.join(sorted(fig.canvas.get_supported_filetypes()))}"
        )
    with atomic_file(path, overwrite=True, mode="wb") as fh:
        fig.savefig(fh, format=fmt, dpi=150, bbox_inches="tight")
