"""Which up port a fat tree takes: three selection policies of one minimal routing.

    python examples/fat_tree_selection.py [OUTDIR]

Runs minimal routing on an 8-ary 3-tree (192 switches, 512 endpoints) under uniform traffic with the
up port chosen three ways (``selection``): ``two-choice`` (two random ports, the less used one:
BookSim2's ``fattree_anca``, the ANCA of Besta & Hoefler 2014, §V), ``least-occupied`` (the port
with the most free credits) and ``random``.  When every input of a switch sees the same least
used port, they all ask for it in the same cycle; two random choices spread them.  Prints each
point and plots accepted load against offered load to OUTDIR/fat_tree_selection.png.  The runs
are short (500 + 500 cycles, one seed); the Besta & Hoefler comparison at full size is
``topoanalysis reproduce seed002-fig6-df-ft``.
"""

import sys
from pathlib import Path

import topoanalysis as ta
from topoanalysis.plots import plot_curves, save

out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples_out")
out.mkdir(parents=True, exist_ok=True)

experiment = {
    "name": "fat-tree-selection",
    "seeds": 1,
    "topology": {"family": "fattree", "k": 16, "levels": 3, "pods": 8},
    "simulate": {"model": "seed002", "routing": "min", "traffic": "uniform", "warmup": 500, "cycles": 500},
    "sweep": {"selection": ["two-choice", "least-occupied", "random"], "load": [0.6, 0.8, 1.0]},
}
df = ta.sweep(experiment, workers=1)
print(df[["selection", "load", "accepted_load", "average_latency"]].to_string(index=False))

fig = plot_curves(df, x="load", y="throughput", hue="selection")
fig.axes[0].set_title("8-ary 3-tree, minimal routing, uniform traffic")
save(fig, out / "fat_tree_selection.png")
print(f"wrote {out / 'fat_tree_selection.png'}")
