"""When the project dragonfly generator exists, it must give the networks the proofs use (seed 000 §4.1.2)."""

import pytest

from .dragonfly_ref import palmtree


@pytest.mark.parametrize("a,h", [(4, 2), (6, 3), (8, 4)])
def test_generator_palmtree_matches_reference(a, h):
    mod = pytest.importorskip("topoanalysis.generators.dragonfly")
    from topoanalysis.invariants import gcc_sizes, symmetry

    gen = mod.dragonfly(a, h, arrangement="palmtree")
    ref = palmtree(a, h)
    assert gen.n_routers == ref.n_routers and gen.n_links == ref.n_links
    assert sorted(gcc_sizes(gen)) == sorted(gcc_sizes(ref))                     # seed 004 Theorem 2
    assert len(symmetry(gen, respect_kinds=True).vertex_orbits) <= -(-a // 2)   # seed 000 §4.1.2
