"""Time of the exhaustive channel-dependency enumeration (``sim.cdg.channel_dependencies``, the
deadlock-freedom proofs of ``proofs/``) on the networks the proofs use, compile excluded (each
routing kind's compiled ``route_states`` is run once first).

    python benchmarks/cdg.py

Measured 2026-11-29 on the 2-core development VM, idle: Slim Fly q = 5 with UGAL-L 0.85 s and
Valiant 1.0 s (190,200 header states, 7,000 dependencies), against 12.8 and 11.8 s when each state
was routed by a call of its own from Python (most of it spent unpacking the routing's and the
network's arrays at every call) and followed depth-first in Python; the a = 4, h = 2 dragonfly
with Valiant-any 0.31 s against 3.8 s.  ``route_states`` calls the compiled ``route_candidates``
and ``route_on_move`` (not inlined), so a routing kind whose ``route_candidates`` is compiled already
(tests, deadlock rings) adds about 3 s of compile for ``route_on_move`` and ``route_states`` (1.1 s
for ``route_on_move`` alone before), and about 15 s with nothing compiled (12.5 s before).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

# benchmarks/sim.py would shadow the sim package: keep this folder off sys.path
_here = Path(__file__).resolve().parent
sys.path = [p for p in sys.path if Path(p or ".").resolve() != _here] + [str(_here.parent)]

from sim.cdg import channel_dependencies  # noqa: E402
from topoanalysis import build  # noqa: E402

CASES = [
    ("slimfly", {"q": 5}, "ugal-l"),
    ("slimfly", {"q": 5}, "valiant"),
    ("dragonfly", {"a": 4, "h": 2, "p": 2}, "valiant-any"),
    ("dragonfly", {"a": 4, "h": 2, "p": 2}, "ugal-l"),
    ("hamming", {"sizes": [3, 4]}, "ugal-l"),
]


def main() -> None:
    for family, params, routing in CASES:
        top = build(family, **params)
        channel_dependencies(build("dragonfly", a=2, h=1, p=1) if family == "dragonfly" else top, routing)
        t = time.perf_counter()
        g, used = channel_dependencies(top, routing)
        dt = time.perf_counter() - t
        print(f"{family:10s} {params!s:28s} {routing:12s} {dt:6.2f} s  {g.number_of_nodes():6,} channels "
              f"{g.number_of_edges():7,} dependencies  VCs per kind {used.tolist()}")


if __name__ == "__main__":
    main()
