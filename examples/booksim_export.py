"""Export a network for BookSim2 (its `anynet` topology) and as CSV, and read both back.

    python examples/booksim_export.py [OUTDIR]

Writes OUTDIR/sf5.anynet, a BookSim2 network file (`topology = anynet; network_file = sf5.anynet`
in a BookSim2 configuration), and OUTDIR/sf5/ (routers.csv, links.csv, topology.json).
"""

import sys
from pathlib import Path

import topoanalysis as ta
from topoanalysis.io import from_booksim_anynet, to_booksim_anynet

out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples_out")
out.mkdir(parents=True, exist_ok=True)

sf = ta.build("slimfly", q=5, p=3)                      # 50 routers, 3 endpoints each
anynet = to_booksim_anynet(sf, out / "sf5.anynet", overwrite=True)
print(anynet.read_text().splitlines()[0])               # router 0 node 0 node 1 node 2 router ...

back = from_booksim_anynet(anynet)                       # link kinds are not in the anynet format
assert (back.n_routers, back.n_links, back.n_endpoints) == (sf.n_routers, sf.n_links, sf.n_endpoints)

ta.write_csv(sf, out / "sf5", overwrite=True)            # keeps kinds, labels, family and parameters
same = ta.read_csv(out / "sf5")
assert same.same_network(sf)
print(f"wrote {anynet} and {out / 'sf5'}: {sf.summary()}")
