"""Han et al. 2017, §3 Theorem 1: on a Moore graph of degree k and diameter 2 exactly 1/(k+1) of the
(source, destination, intermediate) triples fall in a loop case; counted per case too, and on MMS graphs."""

from fractions import Fraction

import pytest

from topoanalysis.generators.classic import hoffman_singleton, petersen
from topoanalysis.generators.slimfly import slimfly

from .valiant_loops import loop_case_counts


@pytest.mark.parametrize("make,k", [(petersen, 3), (hoffman_singleton, 7)])
def test_theorem1_moore_graphs(make, k):
    c1, c2, c3, total = loop_case_counts(make())
    # Han et al. 2017, §3 proof: cases 1 and Fig.3 each 1/(k(k+1)), Fig.4 case (k-2)/(k(k+1))
    assert Fraction(c1, total) == Fraction(1, k * (k + 1))
    assert Fraction(c2, total) == Fraction(1, k * (k + 1))
    assert Fraction(c3, total) == Fraction(k - 2, k * (k + 1))
    assert Fraction(c1 + c2 + c3, total) == Fraction(1, k + 1)


@pytest.mark.parametrize("q", [5, 7, 9, 11])
def test_loop_cases_mms(q):
    """MMS graphs: q = 5 is Hoffman-Singleton (exactly 1/(k+1)); larger q fall short of the Moore bound,
    so Han et al. 2017, §3 expects a higher loop fraction than 1/(k+1)."""
    top = slimfly(q)
    k = int(top.degree().max())
    c1, c2, c3, total = loop_case_counts(top)
    frac = Fraction(c1 + c2 + c3, total)
    if q == 5:
        assert frac == Fraction(1, k + 1)
    else:
        assert frac > Fraction(1, k + 1)
