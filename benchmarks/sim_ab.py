"""Interleaved A/B speed comparison of the simulator in two checkouts.

    git worktree add /tmp/base main            # the version to compare against
    python benchmarks/sim_ab.py /tmp/base      # A = /tmp/base/sim, B = this checkout's sim

Both versions run alternately in one process on the same network and seed, so a busy host
slows both alike (single runs minutes apart differ by 15-25% on a shared VM).  Each pair must
give the same average latency (engine work is expected to keep results bit for bit); the
summary is the speed ratio B/A over all pairs and how many pairs B won.  It times the measured
half of each run (after the warm-up) when both versions report it (``measured_wall_seconds``),
else whole runs; at h = 16 give ``--cycles 1200``, so that the measured half starts with the
network full (it fills until cycle ~600; the filling runs faster, and a change can help it more).  The compiled code of
both goes to a separate numba cache directory (the packages are imported under other names,
which must not end up in the checkouts' own caches), one directory per pair of source trees.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType

_here = Path(__file__).resolve().parent
sys.path = [p for p in sys.path if Path(p or ".").resolve() != _here] + [str(_here.parent)]


def _load(name: str, root: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, root / "sim" / "__init__.py",
                                                  submodule_search_locations=[str(root / "sim")])
    if spec is None or spec.loader is None:
        raise ValueError(f"checkout: no sim package under {root}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _cache_dir(*roots: Path) -> Path:
    """A numba cache directory of its own for these exact sources (every ``sim/**/*.py`` of each
    checkout and the BFS the routing tables call): an older checkout's cache guard may not know
    NUMBA_CACHE_DIR, so a shared directory could hand it code compiled from other sources."""
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted((root / "sim").rglob("*.py")) + [root / "topoanalysis" / "bfs.py"]:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes() if path.exists() else b"")
    return Path(tempfile.gettempdir()) / "topoanalysis_sim_ab_cache" / digest.hexdigest()[:16]


def _size(text: str) -> tuple[int, int, int]:
    """--size a,h,p: three positive integers."""
    parts = text.split(",")
    if len(parts) != 3 or not all(x.strip().isdigit() and int(x) > 0 for x in parts):
        raise argparse.ArgumentTypeError(f"expected three positive integers a,h,p, got {text!r}")
    return int(parts[0]), int(parts[1]), int(parts[2])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", type=Path, help="checkout whose sim/ is version A")
    ap.add_argument("--size", type=_size, default="12,6,6", help="dragonfly a,h,p (default the seed 001 network)")
    ap.add_argument("--load", type=float, default=0.4)
    ap.add_argument("--routing", default="min")
    ap.add_argument("--reps", type=int, default=8)
    ap.add_argument("--cycles", type=int, default=1500, help="per run, half of them warm-up")
    args = ap.parse_args()
    if args.reps < 1 or args.cycles < 2:
        ap.error(f"--reps must be >= 1 and --cycles >= 2, got {args.reps} and {args.cycles}")
    if not (args.base / "sim" / "__init__.py").is_file():
        raise SystemExit(f"base: {args.base} has no sim/__init__.py")
    os.environ.setdefault("NUMBA_CACHE_DIR", str(_cache_dir(args.base.resolve(), _here.parent)))
    sim_a = _load("sim_ab_A", args.base.resolve())
    sim_b = _load("sim_ab_B", _here.parent)
    from topoanalysis import build

    a, h, p = args.size
    small = build("dragonfly", a=4, h=2, p=2)
    for m in (sim_a, sim_b):
        m.simulate(small, args.routing, "uniform", 0.1, cycles=10, warmup=0)  # compile outside the timing
    top = build("dragonfly", a=a, h=h, p=p)
    half = args.cycles // 2
    ta = tb = 0.0
    wins = 0
    what = "whole runs"
    for _ in range(args.reps):
        ra = sim_a.simulate(top, args.routing, "uniform", args.load, cycles=half, warmup=half, seed=1)
        rb = sim_b.simulate(top, args.routing, "uniform", args.load, cycles=half, warmup=half, seed=1)
        same = "" if ra["average_latency"] == rb["average_latency"] else "  (results differ)"
        # the measured half (after the warm-up) when both versions time it: a large network runs
        # faster while it fills, and changes can help the filling and the full network differently
        key, n1 = ("measured_wall_seconds", half) if "measured_wall_seconds" in ra and "measured_wall_seconds" in rb \
            else ("wall_seconds", 2 * half)
        what = "measured halves" if n1 == half else "whole runs"
        ta += ra[key]
        tb += rb[key]
        wins += rb[key] < ra[key]
        print(f"A {n1 / ra[key]:8.0f}   B {n1 / rb[key]:8.0f} cycles/s{same}", flush=True)
    n = args.reps * n1
    print(f"total ({what}): A {n / ta:.0f}  B {n / tb:.0f} cycles/s; speed B/A {ta / tb:.3f}; "
          f"B faster in {wins} of {args.reps}")


if __name__ == "__main__":
    main()
