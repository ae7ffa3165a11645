"""Build networks of a few families at a similar size and compare their structure.

    python examples/compare_topologies.py [OUTDIR]

Prints one row per network (routers, degree, diameter, average distance, fraction of the Moore
bound, α) and draws average distance against routers to OUTDIR/compare_topologies.png.
"""

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import topoanalysis as ta  # noqa: E402
from topoanalysis.invariants import invariants  # noqa: E402

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
                 "Moore fraction": round(inv["moore_fraction"], 3), "alpha": inv.get("alpha")})
table = pd.DataFrame(rows).set_index("network")
print(table.to_string())

fig, ax = plt.subplots(figsize=(5.5, 3.5))
for name, row in table.iterrows():
    ax.scatter(row["routers"], row["avg distance"], label=f"{name} (degree {row['degree']})")
ax.set_xlabel("routers")
ax.set_ylabel("average distance (hops)")
ax.set_title("Average distance of four networks")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(out / "compare_topologies.png", dpi=100)
print(f"wrote {out / 'compare_topologies.png'}")
