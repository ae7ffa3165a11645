"""A small routing comparison: MIN, Valiant and UGAL-L on a dragonfly under adversarial traffic.

    python examples/routing_sweep.py [OUTDIR]

Runs a sweep (the same as `topoanalysis sweep` with a TOML file), prints the accepted load and
latency of each point and plots accepted load against offered load to
OUTDIR/routing_sweep.png. The runs are kept tiny (a 36-router dragonfly with 72 nodes, 300 + 300 cycles); for
real numbers use thousands of cycles and several seeds. The first simulation on a machine
compiles the simulator (about a minute); later runs start at once.
"""

import sys
from pathlib import Path


import topoanalysis as ta
from topoanalysis.plots import plot_curves, save

out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples_out")
out.mkdir(parents=True, exist_ok=True)

experiment = {
    "name": "routing-sweep",
    "seeds": 1,
    "topology": {"family": "dragonfly", "a": 4, "h": 2, "p": 2, "arrangement": "palmtree"},
    "simulate": {"model": "seed001", "warmup": 300, "cycles": 300, "traffic": "advg+1"},
    "sweep": {"routing": ["min", "valiant", "ugal-l"], "load": [0.1, 0.3, 0.5]},
}
df = ta.sweep(experiment, workers=1)
print(df[["routing", "load", "accepted_load", "average_latency"]].to_string(index=False))

fig = plot_curves(df, x="load", y="throughput", hue="routing")
fig.axes[0].set_title("dragonfly a=4 h=2, ADVG+1 traffic")
save(fig, out / "routing_sweep.png")
print(f"wrote {out / 'routing_sweep.png'}")
