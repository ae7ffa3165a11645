"""Exact bisection bandwidth against α for three global link arrangements of a (2, 4, 2) dragonfly
(Hastings et al. 2015, §III and Fig. 5).

    python examples/alpha_envelope.py [OUTDIR]

α is the bandwidth of a global link when a local link has bandwidth 1. For each arrangement the
minimum bisection is a concave piecewise-linear function of α; each piece is one cut crossed by
`local` local and `global` global links. Draws OUTDIR/alpha_envelope.png.
"""

import sys
from pathlib import Path

import topoanalysis as ta
from topoanalysis.bisection import bisection_envelope
from topoanalysis.plots import plot_alpha_envelope, save

out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples_out")
out.mkdir(parents=True, exist_ok=True)

envelopes = {}
for arrangement in ("consecutive", "palmtree", "circulant"):
    top = ta.build("dragonfly", a=4, h=2, p=2, arrangement=arrangement)
    env = bisection_envelope(top, alpha_range=(0, 4))
    envelopes[arrangement] = env
    pieces = "; ".join(f"[{p.alpha_from}, {p.alpha_to}]: {p.local} + {p.global_}α" for p in env.pieces)
    print(f"{arrangement:12s} {pieces}")

fig = plot_alpha_envelope(envelopes)
fig.axes[0].set_title("Minimum bisection of the (2, 4, 2) dragonfly")
save(fig, out / "alpha_envelope.png")
print(f"wrote {out / 'alpha_envelope.png'}")
