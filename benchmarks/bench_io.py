"""Time CSV export/import of large topologies: Slim Fly q = 53, the h = 16 dragonfly, and
large members of the comparison families (Hamming/FBF, fat tree, torus, random).

    python benchmarks/bench_io.py
    python benchmarks/bench_io.py --repeat 3

Writes into a temporary directory (removed afterwards) and prints build, write_csv and
read_csv times, the directory size, and whether the round trip is exact.  The
h = 16 dragonfly (a = 32, p = 16, 16,416 routers, 262,656 endpoints; the largest
network the papers use) is built by ``generators.dragonfly`` when it exists, else by the
``proofs.dragonfly_ref`` reference builder.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from topoanalysis.generators.slimfly import slimfly  # noqa: E402
from topoanalysis.io.csv import read_csv, write_csv  # noqa: E402


def _dragonfly_h16():
    try:
        from topoanalysis.generators.dragonfly import dragonfly

        return dragonfly(32, 16, arrangement="palmtree")
    except ImportError:
        from proofs.dragonfly_ref import palmtree

        return palmtree(32, 16).with_endpoints(16)


def _du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.iterdir())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=1, help="runs per measurement (best is printed)")
    args = ap.parse_args(argv)
    from topoanalysis.generators.fattree import fattree
    from topoanalysis.generators.hamming import hamming
    from topoanalysis.generators.random_graph import random_regular
    from topoanalysis.generators.torus import torus

    cases = [("slimfly q=53", lambda: slimfly(53)), ("dragonfly h=16 palmtree", _dragonfly_h16),
             ("hamming 16x16x16", lambda: hamming([16, 16, 16])), ("fattree k=64", lambda: fattree(64)),
             ("torus 22x22x22", lambda: torus([22, 22, 22])), ("random n=4020 d=33", lambda: random_regular(4020, 33, p=10))]
    print(f"{'network':26s} {'routers':>8s} {'links':>8s} {'endpoints':>9s} {'build':>7s} {'write':>7s} "
          f"{'read':>7s} {'size':>8s}  exact")
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in cases:
            t0 = time.perf_counter()
            top = make()
            t_build = time.perf_counter() - t0
            t_write, t_read = [], []
            back = None
            for i in range(args.repeat):
                target = Path(tmp) / f"{name.replace(' ', '_')}_{i}"
                t0 = time.perf_counter()
                write_csv(top, target)
                t_write.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                back = read_csv(target)
                t_read.append(time.perf_counter() - t0)
            size = _du(target)
            print(f"{name:26s} {top.n_routers:8d} {top.n_links:8d} {top.n_endpoints:9d} {t_build:6.2f}s "
                  f"{min(t_write):6.2f}s {min(t_read):6.2f}s {size / 2**20:6.1f}MB  {back.same_network(top)}")


if __name__ == "__main__":
    main()
