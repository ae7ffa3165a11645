"""Where the simulator engine's cold compile goes: numba's compile events per function and the
time spent in LLVM, for one first simulation with an empty cache.

    python benchmarks/sim_compile.py                 # a fresh cache directory, removed afterwards
    python benchmarks/sim_compile.py --routing ofar  # the first run of another routing kind
    python benchmarks/sim_compile.py --threads 2     # the threaded engine's (sim.engine_par)

Each compiled function's time includes the functions it compiles on the way (run_cycles includes
the out-of-line candidate functions and the forceinline helpers it calls, each compiled once).
Measured 2026-11-25 on the 2-core development VM: total 28.1 s, of which 17.4 s in LLVM;
run_cycles 26.9 s, of which the request stage 6.9 s and the pre-routing stage 6.5 s (each with
the routings inlined).  Steps there: numba's IR inlining (``inline="always"``) of the helpers,
45 s (11 s in LLVM: numba re-ran the frontend of every inlined function at each call site and
deep-copied its IR); LLVM inlining (``forceinline``), 27.5 s; without the Python entry points of
functions only the loop calls (``no_cpython_wrapper``), 21 s; then UGAL-L, UGAL-G and the
loop-free variants, 28 s (33 s before the request stage called the routing directly: LLVM
re-optimises a routing inside every compiled function that includes it, sim/_jit.py).  With
every routing inlined by numba at both routing sites it was 143 s, 73 s in LLVM.  Piggybacking
took it to 31.4 s (the request stage 7.1 -> 8.8 s), OFAR to 39.4 s; keeping OFAR, which is never
cached, out of the pre-routing site's copy of the dispatch brought it to 36-38 s (request stage
12-13 s, pre-routing 6.3-6.6 s).  Later features took it to 53-67 s; the dispatch generated per
routing kind (sim/routings/dispatch.py: the loop compiled with one kind's code) brought the first
MIN run from 69.3 to 32.3 s of CPU (2026-11-27, measured back to back on a loaded VM; wall 97.0 and
50.1 s at load 4).  2026-11-28, quiet VM: 45.5 s, of which 23.2 s in LLVM (the request stage
14.6 s, ``_select`` 7.0 s, ``_ofar`` 3.0 s); the same with the ``ofar``, ``fogsim`` and
``two-choice`` branches taken out of ``_select``: 44.4 s (the stages' shares move, the total does
not), so those policies are not what the compile grew by.  2026-12-07: MIN 53.4 s (27.3 s in
LLVM: run_cycles 51.0, the request stage 17.9, ``_select`` 8.8, the pre-routing stage 8.1); MIN's
threaded engine (``--threads 2``) 133.5 s, 93.6 s in LLVM, of which a second compile of
``_thread_window`` for the parallel loop's unsigned index, 12.3 s; with the index cast to int64,
128.2 s (89.3 in LLVM).  numba's optimisation level changes little (NUMBA_OPT=1: 51.8 s against
54.0 at the default 3, MIN, same VM and hour): the time is typing, lowering and code generation.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import time
from numba.core import event
from topoanalysis import build
from sim import simulate

top = build("dragonfly", a=4, h=2, p=2)
with event.install_recorder("numba:compile") as rec, event.install_recorder("numba:llvm_lock") as lock:
    t = time.perf_counter()
    simulate(top, ROUTING, "uniform", 0.1, cycles=10, warmup=0, threads=THREADS)
    total = time.perf_counter() - t
starts, rows = {}, []
for ts, ev in rec.buffer:
    key = id(ev.data["dispatcher"]), str(ev.data["args"])
    if ev.is_start:
        starts[key] = ts
    else:
        rows.append((ts - starts.pop(key), ev.data["dispatcher"].py_func.__module__ + "." +
                     ev.data["dispatcher"].py_func.__qualname__))
llvm, begin = 0.0, None
for ts, ev in lock.buffer:
    if ev.is_start:
        begin = ts
    else:
        llvm += ts - begin
print(f"first simulation: {total:.1f} s, of which {llvm:.1f} s in LLVM (code generation and optimisation)")
for dt, name in sorted(rows, reverse=True)[:12]:
    print(f"  {dt:6.1f} s  {name}")
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routing", default="min", help="the routing whose first run is measured (default: min)")
    ap.add_argument("--threads", type=int, default=1,
                    help="threads of the run (default 1: the one-thread engine; 2 or more: the threaded one, sim.engine_par)")
    args = ap.parse_args()
    child = f"ROUTING = {args.routing!r}\nTHREADS = {args.threads!r}\n" + _CHILD
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, "-c", child], env=env, capture_output=True, text=True,
                             cwd=str(Path(__file__).resolve().parents[1]))
        print(out.stdout, end="")
        if out.returncode != 0:
            print(out.stderr[-2000:], file=sys.stderr)
            sys.exit(out.returncode)


if __name__ == "__main__":
    main()
