"""The project dragonfly generator must give the networks the proofs use (seed 000 §4.1, §5.2.2; seed 004 §II):
same link multiset as the reference builders of proofs/dragonfly_ref.py where the definitions coincide,
isomorphic where they differ only by labelling (seed 000 palmtree vs seed 004 relative)."""

import numpy as np
import pytest

from . import dragonfly_ref as ref
from .dragonfly_ref import palmtree


@pytest.mark.parametrize("a,h", [(4, 2), (6, 3), (8, 4)])
def test_generator_palmtree_matches_reference(a, h):
    mod = pytest.importorskip("topoanalysis.generators.dragonfly")
    from topoanalysis.invariants import gcc_sizes, symmetry

    gen = mod.dragonfly(a, h, arrangement="palmtree")
    ref_top = palmtree(a, h)
    assert gen.n_routers == ref_top.n_routers and gen.n_links == ref_top.n_links
    assert sorted(gcc_sizes(gen)) == sorted(gcc_sizes(ref_top))                 # seed 004 Theorem 2
    assert len(symmetry(gen, respect_kinds=True).vertex_orbits) <= -(-a // 2)   # seed 000 §4.1.2


def _same_links(gen, other) -> bool:
    return gen.n_routers == other.n_routers and np.array_equal(gen.link_multiset(), other.link_multiset())


# generator arrangement name -> reference builder with identical link multiset
IDENTICAL = {"palmtree": ref.palmtree, "relative": ref.relative, "absolute": ref.absolute,
             "consecutive": ref.absolute, "circulant": ref.circulant}


AH = [(1, 2), (2, 2), (4, 2), (5, 2), (3, 4), (6, 4), (4, 3), (7, 1)]


@pytest.mark.parametrize("name,a,h", [(n, a, h) for n in sorted(IDENTICAL) for a, h in AH
                                      if not (n == "circulant" and h % 2)])  # circulant needs even h
def test_generator_equals_reference(name, a, h):
    from topoanalysis.generators.dragonfly import dragonfly

    assert _same_links(dragonfly(a, h, arrangement=name), IDENTICAL[name](a, h))


@pytest.mark.parametrize("a,h", [(4, 2), (6, 3), (5, 4)])
def test_palmtree_isomorphic_to_seed004_relative(a, h):
    """Seed 000 palmtree and seed 004 relative differ as labelled graphs but are isomorphic (BLISS)."""
    from topoanalysis.generators.dragonfly import dragonfly

    gen = dragonfly(a, h, arrangement="palmtree")
    rel = ref.relative(a, h)
    assert not _same_links(gen, rel)
    assert gen.to_igraph().isomorphic(rel.to_igraph())


@pytest.mark.parametrize("a,b,d2", [(4, 9, 2), (4, 5, 2), (4, 5, 3), (4, 4, 3), (6, 7, 3), (8, 9, 4),
                                    (8, 17, 2), (6, 13, 2), (24, 79, 13)])
def test_generator_extended_palmtree_equals_reference(a, b, d2):
    """Seed 000 §5.2.2 (Table I / Fig. 5 networks, Table II network)."""
    from topoanalysis.generators.dragonfly import dragonfly

    gen = dragonfly(a, d2, groups=b, arrangement="extended_palmtree")
    assert gen.params["trunking"] == a * d2 // (b - 1)
    assert _same_links(gen, ref.extended_palmtree(a, b, d2))
