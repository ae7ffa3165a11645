"""What saving a sweep costs, and what a damaged results file does.

    python benchmarks/sweep_store.py io [--points 1000]        # bytes written per point, seconds
    python benchmarks/sweep_store.py damage [--files 200]      # damaged files: refused / repaired

``io`` runs a sweep of fake points (the store's work only, no simulation) into a CSV and a Parquet
file and prints the bytes this process wrote (``wchar``, Linux) per point and the seconds taken;
run it on an older checkout to compare.  ``damage`` damages a finished results file (CSV,
Parquet) and a killed sweep's journal at seeded random byte offsets (1-3 changed bytes, cuts or
dropped runs each), reads each one back, resumes the sweep on it and counts the outcomes; a
"WRONG ROW USED" count above 0 is a bug.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

# benchmarks/sim.py would shadow the simulator package: keep this folder off sys.path
_here = Path(__file__).resolve().parent
sys.path = [p for p in sys.path if Path(p or ".").resolve() != _here] + [str(_here.parent), str(_here.parent / "tests")]

import test_sweep_faults as faults  # noqa: E402

from topoanalysis.experiments import read_results, runner, sweep  # noqa: E402
from topoanalysis.experiments.store import ResultsWarning, journal_path  # noqa: E402


def _written() -> int:
    with open("/proc/self/io") as fh:
        return int(next(line for line in fh if line.startswith("wchar")).split()[1])


def io_cost(points: int) -> None:
    """Bytes written per point and seconds for a sweep of ``points`` fake points, per format."""
    runner.run_point = faults.point_row
    exp = dict(faults.EXP, sweep={"load": [0.1]}, seeds=points)
    for fmt in ("csv", "parquet"):
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / f"r.{fmt}"
            w0, t0 = _written(), time.perf_counter()
            sweep(exp, out, workers=1)
            w1, t1 = _written(), time.perf_counter()
            print(f"{fmt}: {points} points, {(w1 - w0) / 1e6:.1f} MB written, {(w1 - w0) / points / 1e3:.1f} kB per "
                  f"point, {t1 - t0:.1f} s; the file: {out.stat().st_size / 1e3:.0f} kB")


def damage(files: int, seed: int = 1) -> None:
    """Outcomes of reading and resuming ``files`` damaged copies of each kind of file."""
    runner.run_point = faults.point_row
    reference, pristine = faults._reference(), faults._pristine()
    for kind in ("csv", "parquet", "journal"):
        out: collections.Counter = collections.Counter()
        rng = random.Random(seed)
        for _ in range(files):
            how = [(rng.choice(["byte", "cut", "drop"]), rng.random(), rng.randrange(256))
                   for _ in range(rng.randint(1, 3))]
            d = Path(tempfile.mkdtemp())
            try:
                path = d / ("d.csv" if kind == "journal" else f"d.{kind}")
                (journal_path(path) if kind == "journal" else path).write_bytes(faults._damaged(pristine[kind], how))
                with warnings.catch_warnings(record=True) as seen:
                    warnings.simplefilter("always")
                    try:
                        df = read_results(path)
                    except ValueError:
                        out["refused"] += 1
                        continue
                rows = faults._comparable(df) if len(df) else {}
                warned = any(issubclass(w.category, ResultsWarning) for w in seen)
                if any(reference.get(pid) != r for pid, r in rows.items()):
                    out["WRONG ROW USED"] += 1
                elif len(rows) == len(reference):
                    out["intact"] += 1
                else:
                    out["rows left out, " + ("warned" if warned else "lost whole: no warning")] += 1
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", ResultsWarning)
                    sweep(faults.EXP, path, workers=1)
                out["resumed to the uninterrupted rows" if faults._comparable(read_results(path)) == reference
                    else "RESUMED WRONG"] += 1
            finally:
                shutil.rmtree(d, ignore_errors=True)
        print(f"{kind}: {files} damaged: " + ", ".join(f"{k} {v}" for k, v in sorted(out.items())))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["io", "damage"])
    ap.add_argument("--points", type=int, default=1000)
    ap.add_argument("--files", type=int, default=200)
    a = ap.parse_args()
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    io_cost(a.points) if a.what == "io" else damage(a.files)


if __name__ == "__main__":
    main()
