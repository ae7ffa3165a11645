"""BookSim2's simulated cycles per second on the Slim Fly q = 19 of Besta & Hoefler 2014 (issue 37).

    python benchmarks/booksim/speed.py --booksim PATH [--load 0.4] [--short 300 --long 900]

The network is data/seed002_slimfly_q19 (722 routers, 15 nodes each, 10,830 nodes) written as
a BookSim2 ``anynet`` file (links of 1 cycle), with the cross-validated router model of
``booksim.py`` (``BASE``), single-flit packets, 3 VCs of 21 flits (Besta & Hoefler 2014's 64 flits a port),
uniform traffic.  BookSim2's ``anynet`` has MIN only (``min_anynet``; NOTES.md section 3, item
7), so UGAL cannot run on the Slim Fly; as the nearest figure this also times BookSim2's ``ugal``
and ``min`` on its own ``dragonflynew`` with k = 7 (1,386 routers, 9,702 nodes, 10/100-cycle
links).

Every configuration runs twice, with a sample period of ``--short`` and of ``--long`` cycles
(one warm-up period, one sample, then the drain of the measured packets), and the speed is the
difference of the two runs' simulated cycles ("Time taken") over the difference of their wall
times: network construction, routing tables and the drain's tail cancel out.  Both figures are
printed, per wall and per CPU second.  BookSim2 is single-threaded; runs go one at a time under
``nice``.

Measured 2026-11-26 (shared 2-core machine; NOTES.md section 8), load 0.4, ``--short 100 --long
300``: Slim Fly q = 19 MIN 4.6 simulated cycles per CPU second; dragonflynew k = 7 MIN 6.2, ugal
5.0 (networks still filling in such short runs).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from booksim import BASE, config_text  # noqa: E402

from topoanalysis.io.csv import read_csv  # noqa: E402
from topoanalysis.io.formats import to_booksim_anynet  # noqa: E402


def run(binary: str, settings: dict, load: float, period: int) -> tuple[int, float, float, float]:
    """(simulated cycles, wall seconds, CPU seconds, accepted load) of one BookSim2 run."""
    cfg = dict(BASE)
    cfg.update(settings)
    cfg.update(injection_rate=load, packet_size=1, seed=1, warmup_periods=1, sample_period=period,
               max_samples=1)
    cfg.pop("watch_out")  # no watch output (an empty value does not parse)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "booksim.cfg")
        with open(path, "w") as f:
            f.write(config_text(cfg))
        t0 = time.perf_counter()
        u0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        res = subprocess.run(["nice", "-n", "10", binary, path], capture_output=True, text=True, cwd=d)
        wall = time.perf_counter() - t0
        u1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (u1.ru_utime + u1.ru_stime) - (u0.ru_utime + u0.ru_stime)
    m = re.search(r"Time taken is (\d+) cycles", res.stdout)
    a = re.search(r"Accepted flit rate average = ([\d.eE+-]+)", res.stdout)
    if m is None:
        raise RuntimeError(f"booksim: no 'Time taken' in its output:\n{res.stdout[-2000:]}{res.stderr[-2000:]}")
    return int(m.group(1)), wall, cpu, float(a.group(1)) if a else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--booksim", required=True)
    ap.add_argument("--load", type=float, default=0.4)
    ap.add_argument("--short", type=int, default=300, help="sample period of the short run (cycles)")
    ap.add_argument("--long", type=int, default=900, help="sample period of the long run (cycles)")
    ap.add_argument("--skip-dragonfly", action="store_true")
    ap.add_argument("--skip-slimfly", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        sf = os.path.join(work, "sf19.anynet")
        top = read_csv(ROOT / "data" / "seed002_slimfly_q19")
        to_booksim_anynet(top, sf, overwrite=True, latency=1)
        print(f"Slim Fly q = 19 (Besta & Hoefler 2014): {top.n_routers} routers, {top.n_endpoints} nodes; load {args.load}, "
              f"uniform, single-flit", flush=True)
        cases = [] if args.skip_slimfly else [
            ("slimfly q=19 anynet", "min", dict(topology="anynet", network_file=sf, routing_function="min",
                                                num_vcs=3, vc_buf_size=21))]
        if not args.skip_dragonfly:
            df = dict(topology="dragonflynew", k=7, n=1, num_vcs=3, vc_buf_size=256)
            cases += [("dragonflynew k=7", "min", dict(df, routing_function="min")),
                      ("dragonflynew k=7", "ugal", dict(df, routing_function="ugal"))]
        for net, routing, s in cases:
            c1, w1, u1, a1 = run(args.booksim, s, args.load, args.short)
            c2, w2, u2, a2 = run(args.booksim, s, args.load, args.long)
            speed = (c2 - c1) / (w2 - w1) if w2 > w1 else float("nan")
            cspeed = (c2 - c1) / (u2 - u1) if u2 > u1 else float("nan")
            print(f"{net:22s} {routing:5s} {c1:6d} cycles in {w1:6.1f} s ({u1:6.1f} s CPU), {c2:6d} in {w2:6.1f} s "
                  f"({u2:6.1f} s CPU): {speed:7.2f} cycles/s of wall time, {cspeed:7.2f} per CPU second "
                  f"(marginal); accepted {a1:.3f} / {a2:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
