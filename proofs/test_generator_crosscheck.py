"""The library's dragonfly generator against the reference builders of proofs/dragonfly_ref.py, which follow
the papers' definitions (Camarero et al. 2014, §4.1, §5.2; Hastings et al. 2015, §II)
rather than the generator's formulas.  Both papers label router ``(group, index)`` as ``group * a + index``, so
where the definitions coincide the link multisets must be equal; Camarero et al. 2014's palmtree and Hastings et al.
2015's relative arrangement differ by the group reflection ``j -> -j``, checked as an explicit relabelling."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from topoanalysis.generators import arrangements as arr
from topoanalysis.generators.dragonfly import dragonfly

from . import dragonfly_ref as ref


def _same_links(gen, other) -> bool:
    return gen.n_routers == other.n_routers and np.array_equal(gen.link_multiset(), other.link_multiset())


# generator arrangement name -> reference builders of the papers' definitions that give the same links
IDENTICAL = {"consecutive": (ref.consecutive, ref.absolute), "absolute": (ref.absolute, ref.consecutive),
             "palmtree": (ref.palmtree,), "relative": (ref.relative,),
             "circulant": (ref.circulant, ref.circulant_ports)}

# h = 1 and a = 1 are the degenerate corners; (4, 2) is the network of Camarero et al. 2014, Fig. 3 and
# Hastings et al. 2015, Figs. 2-4
AH = [(1, 2), (2, 1), (2, 2), (4, 2), (5, 2), (3, 4), (6, 4), (4, 3), (7, 1), (6, 3)]


@pytest.mark.parametrize("name,a,h", [(n, a, h) for n in sorted(IDENTICAL) for a, h in AH
                                      if not (n == "circulant" and h % 2)])  # circulant needs even h
def test_generator_equals_reference(name, a, h):
    gen = dragonfly(a, h, arrangement=name)
    for build in IDENTICAL[name]:
        assert _same_links(gen, build(a, h)), build.__name__


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(IDENTICAL)), st.integers(1, 9), st.integers(1, 6))
def test_generator_equals_reference_drawn(name, a, h):
    if name == "circulant":
        h += h % 2
    gen = dragonfly(a, h, arrangement=name)
    assert all(_same_links(gen, build(a, h)) for build in IDENTICAL[name])


@pytest.mark.parametrize("a,h", [(2, 2), (4, 2), (3, 4), (5, 6)])
def test_port_level_circulant_equals_reference(a, h):
    """The generator's Hastings et al. 2015 port-level circulant (not reachable through ``dragonfly``) on its own."""
    u, v = arr.circulant_ports(a, h)
    assert list(zip(u.tolist(), v.tolist())) == ref.global_links(ref.circulant_ports(a, h))


@pytest.mark.parametrize("a,h", [(4, 2), (6, 3), (5, 4), (3, 1)])
def test_palmtree_is_relative_under_group_reflection(a, h):
    """Hastings et al. 2015, footnote 2 names Camarero et al. 2014's palmtree as its relative arrangement: the same network once
    groups are relabelled ``j -> -j``, a different labelled network without it."""
    b = a * h + 1
    pt, rel = dragonfly(a, h, arrangement="palmtree"), dragonfly(a, h, arrangement="relative")
    assert ref.reflect_groups(pt, a, b) == ref.global_links(ref.relative(a, h))
    assert ref.reflect_groups(rel, a, b) == ref.global_links(ref.palmtree(a, h))
    assert not _same_links(pt, ref.relative(a, h))


@pytest.mark.parametrize("a,h", [(4, 2), (6, 3), (5, 4)])
def test_palmtree_isomorphic_to_seed004_relative(a, h):
    """The same claim by graph isomorphism (BLISS), which needs no knowledge of the relabelling."""
    assert dragonfly(a, h, arrangement="palmtree").to_igraph().isomorphic(ref.relative(a, h).to_igraph())


@pytest.mark.parametrize("a,b,d2", [(4, 9, 2), (4, 5, 2), (4, 5, 3), (4, 4, 3), (6, 7, 3), (8, 9, 4),
                                    (8, 17, 2), (6, 13, 2), (24, 79, 13)])
def test_generator_extended_palmtree_equals_reference(a, b, d2):
    """Camarero et al. 2014, §5.2.2 (Table I / Fig. 5 networks, Table II network)."""
    gen = dragonfly(a, d2, groups=b, arrangement="extended_palmtree")
    assert gen.params["trunking"] == a * d2 // (b - 1)
    assert _same_links(gen, ref.extended_palmtree(a, b, d2))


@pytest.mark.parametrize("a,b,d2", [(4, 5, 2), (4, 9, 2), (6, 7, 2), (6, 13, 4), (4, 3, 2), (8, 9, 2), (6, 7, 4)])
def test_generator_extended_circulant_equals_reference(a, b, d2):
    """Camarero et al. 2014, §5.2.3, trunking t = a Δ2 / (b - 1) from 1 to a."""
    gen = dragonfly(a, d2, groups=b, arrangement="circulant")
    assert _same_links(gen, ref.extended_circulant(a, b, d2))


@pytest.mark.parametrize("a,b", [(2, 2), (3, 3), (4, 4), (3, 5), (4, 7)])
def test_generator_hamming_equals_reference(a, b):
    """Camarero et al. 2014, §5: the t = a dragonfly with the hamming arrangement is K_a □ K_b."""
    assert _same_links(dragonfly(a, b - 1, groups=b, arrangement="hamming"), ref.hamming(a, b))


@pytest.mark.parametrize("a,h,b", [(4, 2, 9), (4, 2, 5), (4, 3, 5), (4, 3, 4), (6, 3, 7), (8, 4, 9), (3, 2, 4)])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_generator_random_is_an_arrangement(a, h, b, seed):
    """Camarero et al. 2014, §4.1 / §5.2: a random draw cannot be compared link by link, but it must satisfy what steps
    (1)-(2) require of every arrangement: h links per router, t per group pair, on disjoint router pairs."""
    top = dragonfly(a, h, groups=b, arrangement="random", seed=seed)
    ref.check(a, b, h, a * h // (b - 1), ref.global_links(top))


@pytest.mark.parametrize("a,h", [(4, 2), (6, 3), (8, 4)])
def test_generator_palmtree_gcc_and_classes(a, h):
    """Hastings et al. 2015, Theorem 2 (GCCs of the relative arrangement) and Camarero et al. 2014, §4.1.2 (at most ⌈a/2⌉ vertex
    classes) on the generator's palmtree and the reference alike."""
    from topoanalysis.invariants import gcc_sizes, symmetry

    gen = dragonfly(a, h, arrangement="palmtree")
    assert sorted(gcc_sizes(gen)) == sorted(gcc_sizes(ref.palmtree(a, h)))
    assert len(symmetry(gen, respect_kinds=True).vertex_orbits) <= -(-a // 2)


def test_reference_rejects_a_rule_that_is_not_an_arrangement():
    """The reference's own checks can fail: the relative rule with one port shifted (port k of group i to
    group i + k + 2) reaches group i itself from port g - 2, and is refused."""
    with pytest.raises(AssertionError):
        ref._from_ports(4, 2, lambda i, k: i + k + 2, "broken")
    with pytest.raises(AssertionError):   # palmtree naming vertex i, not a - 1 - i: arcs no longer pair up
        ref._from_vertices(4, 9, 2, lambda j, i: [(j - i * 2 - m, i) for m in (1, 2)], "broken")
