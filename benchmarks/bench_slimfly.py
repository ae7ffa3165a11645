"""Time the Slim Fly MMS generator (seed 002 §II-B) and its GF(q) tables for every admissible q in 5..53.

    python benchmarks/bench_slimfly.py           # best of 3 runs per q, prints a table
    python benchmarks/bench_slimfly.py --repeat 1

"tables" is ``field_tables(q)`` from a cold cache (galois' prime-power test and
Conway polynomial, then the numpy addition/multiplication/order tables); "build" is
``slimfly(q)`` with the tables already cached; "cold" is both from scratch.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from topoanalysis.generators import galois_field  # noqa: E402
from topoanalysis.generators.galois_field import field_tables, prime_power  # noqa: E402
from topoanalysis.generators.slimfly import mms_parameters, slimfly  # noqa: E402


def admissible(lo: int, hi: int) -> list[int]:
    """Prime powers q = 4w + delta (delta in {-1, 0, 1}) in lo..hi."""
    out = []
    for q in range(lo, hi + 1):
        try:
            prime_power(q)
            mms_parameters(q)
        except ValueError:
            continue
        out.append(q)
    return out


def _clear_caches() -> None:
    for name in ("_tables", "_conway_coeffs"):
        fn = getattr(galois_field, name, None)
        if fn is not None and hasattr(fn, "cache_clear"):
            fn.cache_clear()


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (best is printed)")
    ap.add_argument("--qmax", type=int, default=53)
    args = ap.parse_args(argv)
    slimfly(5)  # import-time work (galois, numpy) out of the figures
    print(f"{'q':>3s} {'delta':>5s} {'k_net':>5s} {'routers':>8s} {'links':>8s} {'endpoints':>9s} "
          f"{'tables':>8s} {'build':>8s} {'cold':>8s}")
    total = 0.0
    for q in admissible(5, args.qmax):
        _, delta, k = mms_parameters(q)

        def tables(q: int = q) -> None:
            _clear_caches()
            field_tables(q)

        def cold(q: int = q) -> None:
            _clear_caches()
            slimfly(q)

        t_tab = best(tables, args.repeat)
        field_tables(q)
        t_build = best(lambda q=q: slimfly(q), args.repeat)
        t_cold = best(cold, args.repeat)
        top = slimfly(q)
        total += t_cold
        print(f"{q:3d} {delta:5d} {k:5d} {top.n_routers:8d} {top.n_links:8d} {top.n_endpoints:9d} "
              f"{t_tab * 1e3:7.1f}ms {t_build * 1e3:7.1f}ms {t_cold * 1e3:7.1f}ms")
    print(f"all q cold: {total:.2f}s")


if __name__ == "__main__":
    main()
