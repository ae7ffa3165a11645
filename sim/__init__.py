"""Cycle-level flit simulator: compiled virtual cut-through engine, router models, routings, traffic.

from sim import simulate
res = simulate(top, routing="df-min", traffic="advg+1", load=0.2, cycles=5000, warmup=5000)
"""

from . import _cache

_cache.guard()  # before any compiled module loads its cache

from .models import PRESETS, RouterModel  # noqa: E402
from .routings import ROUTINGS, make_routing  # noqa: E402
from .saturation import saturation_search  # noqa: E402
from .simulator import simulate  # noqa: E402
from .traffic import PATTERNS, build_traffic  # noqa: E402

__all__ = ["simulate", "saturation_search", "make_routing", "build_traffic", "ROUTINGS", "PATTERNS", "PRESETS", "RouterModel"]
