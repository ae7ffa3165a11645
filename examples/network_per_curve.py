"""Two networks in one sweep: a Slim Fly and a dragonfly, each curve on its own network.

    python examples/network_per_curve.py [OUTDIR]

A configuration label may carry `topology.*` keys; with `topology.family` its points run on a
network of their own, so one experiment compares networks curve by curve (the form of Besta &
Hoefler 2014, Fig. 6a). Here the q = 5 Slim Fly (50 routers) and the a = 4, h = 2 dragonfly
(36 routers) run minimal routing under uniform traffic, each with its family's default router
model (Besta & Hoefler's for the Slim Fly, García et al.'s for the dragonfly: the `model` column
says which). Prints each point and plots accepted against offered load to
OUTDIR/network_per_curve.png. The runs are tiny (400 + 400 cycles); for real numbers use
thousands of cycles and several seeds.
"""

import sys
from pathlib import Path

import topoanalysis as ta
from topoanalysis.plots import plot_curves, save

out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples_out")
out.mkdir(parents=True, exist_ok=True)

experiment = {
    "name": "network-per-curve",
    "seeds": 1,
    "simulate": {"warmup": 400, "cycles": 400, "traffic": "uniform", "routing": "min"},
    "configs": {
        "slim fly q=5": {"topology": {"family": "slimfly", "q": 5}},
        "dragonfly a=4 h=2": {"topology": {"family": "dragonfly", "a": 4, "h": 2, "p": 2}},
    },
    "sweep": {"config": ["slim fly q=5", "dragonfly a=4 h=2"], "load": [0.2, 0.5, 0.8]},
}
df = ta.sweep(experiment, workers=1)
print(df[["config", "model", "load", "accepted_load", "average_latency"]].to_string(index=False))

fig = plot_curves(df, x="load", y="throughput", hue="config")
fig.axes[0].set_title("MIN under uniform traffic, one network per curve")
save(fig, out / "network_per_curve.png")
print(f"wrote {out / 'network_per_curve.png'}")
