"""Registry of named topology families (the names used by the CLI and by CSV metadata).

Each family maps to a generator function ``f(**params) -> Topology``.  Imports
are lazy so that loading one family never pays for another's dependencies.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any
from collections.abc import Callable

from .topology import Topology

__all__ = ["FAMILIES", "FamilyUnavailableError", "get_family", "build", "family_parameters"]


class FamilyUnavailableError(ValueError, ImportError):
    """A registered family whose generator cannot be imported.

    A ``ValueError`` (bad input: the CLI prints one line) that is also an
    ``ImportError``, so callers that skip unavailable families keep working.
    """


#: family name -> "module:function" of its generator
FAMILIES: dict[str, str] = {
    "hamming": "topoanalysis.generators.hamming:hamming",
    "dragonfly": "topoanalysis.generators.dragonfly:dragonfly",
    "dragonfly3": "topoanalysis.generators.dragonfly3:dragonfly3",
    "cascade": "topoanalysis.generators.cascade:cascade",
    "slimfly": "topoanalysis.generators.slimfly:slimfly",
    "delorme": "topoanalysis.generators.delorme:delorme",
    "bdf": "topoanalysis.generators.bdf:bdf",
    "torus": "topoanalysis.generators.torus:torus",
    "hypercube": "topoanalysis.generators.torus:hypercube",
    "lhhc": "topoanalysis.generators.longhop:lhhc",
    "hybridcube": "topoanalysis.generators.longhop:hybrid_cube",
    "fattree": "topoanalysis.generators.fattree:fattree",
    "flatfly": "topoanalysis.generators.flatfly:flatfly",
    "random": "topoanalysis.generators.random_graph:random_regular",
    "petersen": "topoanalysis.generators.classic:petersen",
    "hoffman_singleton": "topoanalysis.generators.classic:hoffman_singleton",
}


def get_family(name: str) -> Callable[..., Topology]:
    """The generator function of family ``name``."""
    if not isinstance(name, str):
        raise ValueError(f"family must be a family name ({', '.join(sorted(FAMILIES))}), got {type(name).__name__}")
    try:
        target = FAMILIES[name]
    except KeyError:
        raise ValueError(f"family: unknown family {name!r}; known: {', '.join(sorted(FAMILIES))}") from None
    module, func = target.split(":")
    try:
        return getattr(importlib.import_module(module), func)
    except (ImportError, AttributeError) as exc:
        raise FamilyUnavailableError(f"family {name!r}: generator {target} is not available ({exc})") from exc


def family_parameters(name: str) -> list[str]:
    """Keyword parameters the generator of family ``name`` accepts."""
    sig = inspect.signature(get_family(name))
    return [p.name for p in sig.parameters.values() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def build(name: str, **params: Any) -> Topology:
    """Build a topology of family ``name``; unknown parameters raise ``ValueError``."""
    fn = get_family(name)
    keywords = [p for p in inspect.signature(fn).parameters.values() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    accepted = [p.name for p in keywords]
    extra = sorted(set(params) - set(accepted))
    if extra:
        raise ValueError(f"family {name!r} does not take parameter(s) {', '.join(extra)}; it takes {', '.join(accepted)}")
    missing = [p.name for p in keywords if p.default is p.empty and p.name not in params]
    if missing:
        # the CLI spells parameters as flags: name both forms
        raise ValueError(
            f"family {name!r} needs parameter(s) {', '.join(missing)} "
            f"(on the command line {', '.join('--' + m.replace('_', '-') for m in missing)})"
        )
    return fn(**params)
