"""Where a simulation's time goes, by engine stage, function and source line.

    python benchmarks/sim_profile.py --routing ofar --load 0.4     # the seed 001 dragonfly, h = 6
    python benchmarks/sim_profile.py --routing min --top 30

The engine is one compiled function (every stage and routing is inlined into ``run_cycles``), so
a sampling profiler sees one symbol.  This script compiles a private copy of ``sim`` with line
tables (``NUMBA_DEBUGINFO=1``, in a temporary directory: the checkout's own compile cache is not
touched) and runs the simulation under ``perf record``, takes the engine's object code from the
library it compiled, and maps every sample inside it to its chain of
inlined source lines with ``addr2line -i``.  It prints the share of samples per stage (the
outermost call inside ``run_cycles``), per function (inclusive: a sample counts for every
function of its chain) and per line (self).  Needs ``perf`` and binutils (``addr2line``,
``objdump``) and permission to sample (``kernel.perf_event_paranoid`` <= 2).

The figures of ``benchmarks/sim_routings.py``'s docstring on OFAR's time come from it.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r'''
import sys
sys.path.insert(0, sys.argv[1])
from sim import simulate
from topoanalysis import build
import sim.engine as eng
top = build("dragonfly", a=12, h=6, p=6, arrangement="palmtree")
res = simulate(top, sys.argv[2], "uniform", float(sys.argv[3]), cycles=int(sys.argv[4]), warmup=750, seed=1)
print("SPEED", res["measured_cycles_per_second"])
for sig, cres in eng.run_cycles.overloads.items():
    lib = cres.library
    print("FUNC", lib.get_pointer_to_function(cres.fndesc.llvm_func_name))
    open(sys.argv[5], "wb").write(lib._get_compiled_object())
'''


def _demangle(name: str) -> str:
    """``sim.policies.ofar._ofar`` from numba's mangled or C++-style names."""
    name = name.split("[abi")[0]
    if name.startswith("_ZN"):
        s, parts = name[3:], []
        while s and s[0].isdigit():
            k = int(re.match(r"\d+", s).group())
            s = s[len(str(k)):]
            parts.append(s[:k])
            s = s[k:]
        name = "::".join(parts)
    return name.replace("sim::", "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routing", default="ofar")
    ap.add_argument("--load", type=float, default=0.4)
    ap.add_argument("--cycles", type=int, default=3000, help="measured cycles (after 750 of warm-up)")
    ap.add_argument("--top", type=int, default=25, help="rows per table")
    args = ap.parse_args()
    if not 0 < args.load <= 1 or args.cycles < 1 or args.top < 1:
        ap.error(f"--load must be in (0, 1], --cycles and --top >= 1, got {args.load}, {args.cycles}, {args.top}")
    missing = [t for t in ("perf", "addr2line", "objdump") if shutil.which(t) is None]
    if missing:
        ap.error(f"needs {', '.join(missing)} on the PATH (perf and binutils)")
    with tempfile.TemporaryDirectory(prefix="sim_profile_") as tmp:
        work = Path(tmp)
        for pkg in ("sim", "topoanalysis"):
            shutil.copytree(ROOT / pkg, work / pkg, ignore=shutil.ignore_patterns("__pycache__"))
        env = dict(os.environ, NUMBA_DEBUGINFO="1")
        obj = work / "engine.o"
        child = [sys.executable, "-c", CHILD, str(work), args.routing, str(args.load)]
        # one run compiles (the copy has no cache: the object code is only at hand in the process
        # that compiled it) and simulates under perf; samples outside the engine are left out
        print("compiling a copy of the engine with line tables and running it under perf (a minute or two)...",
              flush=True)
        data = work / "perf.data"
        run = subprocess.run(["perf", "record", "-q", "-o", str(data)] + child + [str(args.cycles), str(obj)],
                             env=env, capture_output=True, text=True)
        if run.returncode != 0 or "FUNC" not in run.stdout:
            sys.exit(f"perf record failed (permission to sample? kernel.perf_event_paranoid):\n{run.stderr[-2000:]}")
        speed = float(re.search(r"SPEED (\S+)", run.stdout).group(1))
        base = int(re.search(r"FUNC (\d+)", run.stdout).group(1))
        heads = subprocess.run(["objdump", "-h", str(obj)], capture_output=True, text=True, check=True).stdout
        size = int(re.search(r"\s\.ltext\s+([0-9a-f]+)", heads).group(1), 16)
        rows = subprocess.run(["perf", "script", "-i", str(data), "-F", "ip,dso"], capture_output=True, text=True,
                              check=True).stdout.splitlines()
        offs: collections.Counter[int] = collections.Counter()
        jit = 0  # samples in compiled code without a file (the JIT's): the engine and anything left out of it
        for row in rows:
            ip, _, dso = row.strip().partition(" ")
            if not ip:
                continue
            jit += "perf-" in dso or "JIT" in dso or "anon" in dso
            x = int(ip, 16) - base
            if 0 <= x < size:
                offs[x] += 1
        out = subprocess.run(["addr2line", "-e", str(obj), "-j", ".ltext", "-i", "-f", "-a"],
                             input="\n".join(hex(o) for o in offs), capture_output=True, text=True,
                             check=True).stdout.splitlines()
    chains: dict[int, list[tuple[str, str]]] = {}
    i = 0
    cur = -1
    while i < len(out):
        if out[i].startswith("0x"):
            cur = int(out[i], 16)
            chains[cur] = []
            i += 1
            continue
        loc = re.sub(r"^.*/(sim|topoanalysis)/", "", out[i + 1])
        chains[cur].append((_demangle(out[i]), loc))
        i += 2
    tot = sum(offs.values())
    if tot == 0:
        sys.exit("no samples inside the engine (was the run too short?)")
    stage: collections.Counter[str] = collections.Counter()
    incl: collections.Counter[str] = collections.Counter()
    line: collections.Counter[str] = collections.Counter()
    for o, n in offs.items():
        ch = chains.get(o) or [("?", "?")]
        for name in {c[0] for c in ch}:
            incl[name] += n
        line[f"{ch[0][1]}  ({ch[0][0]})"] += n
        if not ch[-1][0].endswith("run_cycles"):
            stage[ch[-1][0] + " (not inlined)"] += n  # a function LLVM left out of line
        else:
            stage[ch[-2][0] if len(ch) >= 2 else "run_cycles (own code)"] += n
    print(f"{args.routing}, h = 6 dragonfly, load {args.load}: {speed:.0f} cycles/s under perf, {tot} samples in the "
          f"engine of {jit} in compiled code (the rest: functions LLVM kept apart, e.g. the credit returns in some "
          f"builds)")
    for title, table in (("stage", stage), ("function, inclusive", incl), ("line, self", line)):
        print(f"\n-- by {title}")
        for k, v in table.most_common(args.top):
            print(f"{100 * v / tot:6.1f} %  {k}")


if __name__ == "__main__":
    main()
