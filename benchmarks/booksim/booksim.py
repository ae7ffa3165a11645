"""Run BookSim2 on one configuration and read its overall statistics.

Used by ``compare.py``; importable on its own::

    from booksim import run_booksim
    stats = run_booksim("/tmp/booksim2-build/src/booksim", {"topology": "dragonflynew", "k": 2, ...}, load=0.5)

``stats`` holds BookSim2's "Overall Traffic Statistics": offered (injected) and accepted flit
rates per node and cycle, packet latency (creation to tail ejection, cycles; average, minimum and
maximum over the packets) and router hops
(BookSim2 counts routers traversed, one more than links between routers).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from typing import Any

#: the router model both simulators are compared with (BookSim2 names; see sim/crossval.py for
#: what each side models and sim/models.py's ``booksim`` preset for ours)
BASE: dict[str, Any] = {
    "vc_allocator": "separable_input_first",
    "sw_allocator": "separable_input_first",
    "alloc_iters": 1,  # separable_input_first ignores it (only islip, pim and select iterate)
    "wait_for_tail_credit": 0,
    "credit_delay": 2,
    "routing_delay": 0,
    "vc_alloc_delay": 1,
    "sw_alloc_delay": 1,
    "st_final_delay": 1,
    "input_speedup": 1,
    "output_speedup": 1,
    "internal_speedup": 1.0,
    "hold_switch_for_packet": 1,  # the switch stays with a packet until its tail (as in our engine)
    "priority": "none",
    "traffic": "uniform",
    "injection_rate_uses_flits": 1,
    "sim_count": 1,
    "warmup_periods": 3,
    "sample_period": 10000,
    "max_samples": 6,
    "latency_thres": -1.0,  # never abort: past saturation the accepted rate is what we compare
    "watch_out": "-",
}

_FIELDS = {
    "average_latency": r"Packet latency average = ([\d.eE+-]+)",
    "offered_load": r"Injected flit rate average = ([\d.eE+-]+)",
    "accepted_load": r"Accepted flit rate average = ([\d.eE+-]+)",
    "average_router_hops": r"Hops average = ([\d.eE+-]+)",
    "minimum": r"Packet latency average = [\d.eE+-]+ \(1 samples\)\s+minimum = ([\d.eE+-]+)",
    "maximum": r"Packet latency average = [\d.eE+-]+ \(1 samples\)\s+minimum = [\d.eE+-]+ \(1 samples\)\s+"
               r"maximum = ([\d.eE+-]+)",
}


def config_text(cfg: dict[str, Any]) -> str:
    """BookSim2 configuration file text for the settings ``cfg``."""
    return "".join(f"{k} = {v};\n" for k, v in cfg.items())


def parse(out: str) -> dict[str, float]:
    """The overall statistics of BookSim2's standard output (ValueError when it has none)."""
    tail = out.split("====== Overall Traffic Statistics ======")
    if len(tail) < 2:
        raise ValueError("booksim: no overall statistics in its output:\n" + out[-2000:])
    stats = {}
    for name, rx in _FIELDS.items():
        m = re.search(rx, tail[1])
        if m is None:
            raise ValueError(f"booksim: no {name!r} in its output")
        stats[name] = float(m.group(1))
    return stats


def run_booksim(binary: str, settings: dict[str, Any], load: float, packet_size: int, seed: int = 0,
                timeout: float = 1800.0) -> dict[str, float]:
    """Run BookSim2 with ``BASE`` updated by ``settings`` at injection rate ``load`` (flits per
    node and cycle) and return :func:`parse` of its output."""
    cfg = dict(BASE)
    cfg.update(settings)
    cfg.update(injection_rate=load, packet_size=packet_size, seed=seed)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "booksim.cfg")
        with open(path, "w") as f:
            f.write(config_text(cfg))
        res = subprocess.run([binary, path], capture_output=True, text=True, timeout=timeout, cwd=d)
    # BookSim2's main() returns -1 after a successful run (``return result ? -1 : 0``), so the
    # exit code says nothing: the run counts when its overall statistics are there
    try:
        return parse(res.stdout)
    except ValueError:
        raise RuntimeError(f"booksim exited with {res.returncode} without statistics:\n"
                           f"{res.stdout[-2000:]}{res.stderr[-2000:]}") from None
