"""Seed 002 Table IV column by column: the paper's row next to ours (cost and power model of §VI).

    python benchmarks/table4.py

Networks: :mod:`topoanalysis.reproduce.seed002_table4` (the FT-3 rows from closed forms, LH-HC with
reconstructed long hops); model constants: ``topoanalysis.cost``.
Prints, per row, the paper's and our value of each column and the wall time of the cost model.
"""

from __future__ import annotations

import time

from topoanalysis.cost import network_cost
from topoanalysis.reproduce.seed002_table4 import FIELDS, MODELLED, PAPER, modelled, network

_SHORT = ("N", "Nr", "k", "electric", "fibre", "$/endpoint", "W/endpoint")


def main() -> None:
    print(f"{'row':6} {'':6} " + " ".join(f"{s:>10}" for s in _SHORT) + f" {'seconds':>8}")
    for row, paper in {**PAPER, **MODELLED}.items():
        t0 = time.perf_counter()
        if row in MODELLED:  # odd-radix FT-3: §VI-B3c's closed forms
            got = modelled(row)
            ours = [got[f] for f in FIELDS]
        else:
            rep = network_cost(network(row))
            ours = [getattr(rep, f) for f in FIELDS]
        sec = time.perf_counter() - t0
        print(f"{row:6} {'paper':6} " + " ".join(f"{x:>10}" for x in paper))
        cells = []
        for x, p in zip(ours, paper):
            # compare at the precision the paper prints (integers exactly, W/endpoint to its decimals)
            dec = len(repr(p).split(".")[1]) if isinstance(p, float) else 0
            text = f"{x:.{dec}f}"
            cells.append(f"{text + ('' if round(float(x), dec) == p else '*'):>10}")
        print(f"{'':6} {'ours':6} " + " ".join(cells) + f" {sec:8.2f}")
    print("* differs from the paper at the precision the paper prints")


if __name__ == "__main__":
    main()
