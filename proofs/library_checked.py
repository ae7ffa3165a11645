"""The library's dragonflies for the theorem proofs, each checked link for link against the reference
builder of the same paper definition (proofs/dragonfly_ref.py) before use, so a theorem proven on it holds
for what the library builds and not only for the reference."""

from __future__ import annotations

import numpy as np

from topoanalysis.generators.dragonfly import dragonfly
from topoanalysis.topology import Topology

from . import dragonfly_ref as ref


def _reference(arrangement: str, a: int, h: int, groups: int | None) -> Topology:
    b = a * h + 1 if groups is None else groups
    if arrangement == "hamming":
        return ref.hamming(a, b)
    if groups is not None:  # Camarero et al. 2014, §5.2's extended arrangements (they reduce to §4.1's at t = 1)
        return {"palmtree": ref.extended_palmtree, "circulant": ref.extended_circulant}[arrangement](a, b, h)
    return {"consecutive": ref.consecutive, "absolute": ref.absolute, "palmtree": ref.palmtree,
            "relative": ref.relative, "circulant": ref.circulant}[arrangement](a, h)


def checked(arrangement: str, a: int, h: int, groups: int | None = None) -> Topology:
    """``dragonfly(a, h, groups=groups, arrangement=arrangement)`` after asserting that its links (with
    kinds, as a multiset) are those of the reference built from the paper's definition."""
    gen = dragonfly(a, h, groups=groups, arrangement=arrangement)
    want = _reference(arrangement, a, h, groups)
    assert gen.n_routers == want.n_routers, (arrangement, a, h, groups)
    assert np.array_equal(gen.link_multiset(), want.link_multiset()), (arrangement, a, h, groups)
    return gen
