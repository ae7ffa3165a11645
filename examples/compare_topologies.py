"""Build networks of a few families at a similar size and compare their structure.

    python examples/compare_topologies.py [OUTDIR]

Prints one row per network (routers, degree, diameter, average distance, fraction of the Moore
bound, α) and draws each network's average distance and diameter to OUTDIR/compare_topologies.png.
"""

import sys
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

import topoanalysis as ta
from topoanalysis.invariants import invariants

out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples_out")
out.mkdir(parents=True, exist_ok=True)

networks = {
    "Slim Fly q=7": ta.build("slimfly", q=7),
    "dragonfly a=6 h=3": ta.build("dragonfly", a=6, h=3, arrangement="palmtree"),
    "Hamming 10x10": ta.build("hamming", sizes=[10, 10]),
    "torus 5x5x4": ta.build("torus", dims=[5, 5, 4]),
}

rows = []
for name, top in networks.items():
    inv = invariants(top, automorphisms=False)      # automorphisms=False: skip BLISS, faster
    rows.append({"network": name, "routers": inv["routers"], "degree": inv["degree_max"],
                 "diameter": inv["diameter"], "avg distance": round(inv["average_distance"], 3),
                 "Moore fraction": round(inv["moore_fraction"], 3), "alpha": round(inv["alpha"], 3)})
table = pd.DataFrame(rows).set_index("network")
print(table.to_string())

fig, ax = plt.subplots(figsize=(6, 3))
ax.barh(table.index, table["avg distance"], color="tab:blue", label="average distance")
ax.scatter(table["diameter"], table.index, color="tab:red", zorder=3, label="diameter")
ax.invert_yaxis()
ax.set_xlabel("hops between two routers")
ax.set_title("About 100 routers, four topologies")
ax.legend(fontsize=8, loc="upper right")
fig.tight_layout()
fig.savefig(out / "compare_topologies.png", dpi=100)
print(f"wrote {out / 'compare_topologies.png'}")
