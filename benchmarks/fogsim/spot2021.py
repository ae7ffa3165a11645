"""The 2021 FOGSim spot runs of NOTES.md ("Spot checks on the 2021 base switch"), reproducible.

    bash benchmarks/fogsim/build.sh /work/.mirror/fuentesp+fogsim/repo /tmp/fogsim-dcdd75f dcdd75f
    python benchmarks/fogsim/spot2021.py --fogsim /tmp/fogsim-dcdd75f/fogsim

FOGSim dcdd75f's base switch serialises input ports as our engine does; changing one of its
options at a time (one injection buffer instead of three, no transit priority, 2014-like input
ports) separates the causes of the gaps in ``data/fogsim_crossval.csv``.  Same router and
network as ``run.py`` (``configs.fogsim2021_config``), 10,000 warmup + 10,000 measured cycles,
seed 1, runs one at a time under ``nice``; prints offered -> accepted (latency) per case.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import configs  # noqa: E402

#: (label, routing, traffic, extra command-line options, offered loads in percent)
CASES = (
    ("MIN UN", "min", "uniform", (), (50, 70, 72, 74)),
    ("MIN UN, InjectionChannels=1", "min", "uniform", ("InjectionChannels=1",), (50, 62, 66, 70)),
    ("MIN UN, OutputArbiter=LRS", "min", "uniform", ("OutputArbiter=LRS",), (70, 74)),
    ("MIN UN, CrossbarPortsPerInPort=3", "min", "uniform", ("CrossbarPortsPerInPort=3", "IssueParallelReqs=0"),
     (70, 75)),
    ("VAL UN", "valiant", "uniform", (), (42, 45, 48, 52)),
    ("VAL UN, InjectionChannels=1", "valiant", "uniform", ("InjectionChannels=1",), (40, 44, 46, 50)),
    ("VAL ADVG+2", "valiant", "advg+2", (), (26, 30, 32)),
    ("PB UN", "pb", "uniform", (), (58, 62, 64, 66, 70)),
    ("PB UN, InjectionChannels=1", "pb", "uniform", ("InjectionChannels=1",), (56, 60)),
    ("PB ADVG+2", "pb", "advg+2", (), (20, 23, 26)),
)


def run(binary: str, cfg: str, out: str, pct: int, extra: tuple[str, ...]) -> tuple[float, float]:
    subprocess.run(["nice", "-n", "10", binary, cfg, f"OutputFileName={out}", f"Probability={pct}", "Seed=1", *extra],
                   check=True, capture_output=True)
    text = open(out, encoding="utf-8", errors="replace").read()
    acc = float(re.search(r"^Accepted Load: ([-\d.e+]+)", text, re.MULTILINE).group(1))
    lat = float(re.search(r"^Average Total Latency: ([-\d.e+naif]+)", text, re.MULTILINE).group(1))
    return acc, lat


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fogsim", required=True, help="the FOGSim dcdd75f binary")
    ap.add_argument("--cycles", type=int, default=10_000)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        for label, routing, traffic, extra, loads in CASES:
            cfg = os.path.join(work, f"{routing}-{traffic}.txt")
            with open(cfg, "w") as f:
                f.write(configs.fogsim2021_config(routing, traffic, args.cycles))
            cells = []
            for pct in loads:
                acc, lat = run(args.fogsim, cfg, os.path.join(work, "out"), pct, extra)
                cells.append(f"{pct / 100:.2f} -> {acc:.3f} ({lat:.1f})")
            print(f"{label:34s} " + ", ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
