"""Cycle-level flit simulator: compiled virtual cut-through engine, router models, routings, traffic.

    from sim import simulate
    res = simulate(top, routing="df-min", traffic="advg+1", load=0.2, cycles=5000, warmup=5000)
"""

import hashlib as _hashlib
from pathlib import Path as _Path


def _guard_numba_cache() -> None:
    """Numba's on-disk cache is keyed on the file of each jitted function only, but the engine
    inlines the routing and traffic functions of other files: drop the cache whenever any
    simulator source changes so a stale compiled engine can never run."""
    here = _Path(__file__).parent
    digest = _hashlib.sha256()
    for name in ("_hints.py", "_rng.py", "routing.py", "traffic.py", "engine.py"):
        digest.update((here / name).read_bytes())
    cache = here / "__pycache__"
    stamp = cache / "sim_sources.sha256"
    try:
        if stamp.exists() and stamp.read_text() == digest.hexdigest():
            return
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:  # read-only install: numba falls back to compiling in memory
        pass


_guard_numba_cache()

from .models import PRESETS, RouterModel
from .simulator import saturation_search, simulate
from .routing import ROUTINGS, make_routing
from .traffic import PATTERNS, build_traffic

__all__ = ["simulate", "saturation_search", "make_routing", "build_traffic", "ROUTINGS", "PATTERNS", "PRESETS",
           "RouterModel"]
