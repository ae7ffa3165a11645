"""Hastings et al. 2015, §VII: random global link arrangements of the (p, 4, 2) dragonfly never beat the
circulant-based one below α = 4 (exact envelopes; ``topoanalysis reproduce seed004-random``).

The stored sample (``data/seed004_random_p42.csv``, seeds 1..100, proven envelopes) is checked cut by
cut here; the first two are recomputed (about 10 s) and the whole sample by a ``full`` test.
The first two agree with the paper; six of the hundred do not (README [seed004-random]).
"""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from topoanalysis.bisection import check_partition, crossing_counts
from topoanalysis.bisection.bounds import dragonfly_structure
from topoanalysis.reproduce import seed004_random as sec7

DATA = Path(__file__).resolve().parents[1] / "data" / "seed004_random_p42.csv"


def stored() -> list[dict[str, str]]:
    return list(csv.DictReader(DATA.open()))


def _comparable(rows):
    # the pieces, not their cuts: a piece's cut is one of its optimal cuts, which one may depend on where
    # a time-limited starting solve stopped
    return [(int(r["seed"]), str(r["alpha_from"]), str(r["alpha_to"]), str(r["local"]), int(r["global"]),
             str(r["proven"])) for r in rows]


def test_arrangement_is_the_papers_recipe():
    # §VII: each group a random permutation of the other groups, one destination group per port
    a, h = 4, 2
    g = a * h + 1
    for seed in (1, 2, 77):
        top = sec7.network(seed)
        assert dragonfly_structure(top) == (a, g, 1, h)      # one global link per group pair, h per router
        glob = top.kind == top.kind_index("global")
        assert np.bincount(np.r_[top.u[glob], top.v[glob]], minlength=top.n_routers).tolist() == [h] * (a * g)
    u1, v1 = sec7.random_global_links(4, 2, 1)
    u2, v2 = sec7.random_global_links(4, 2, 1)
    u3, v3 = sec7.random_global_links(4, 2, 2)
    assert np.array_equal(u1, u2) and np.array_equal(v1, v2)          # same seed, same links
    assert not (np.array_equal(u1, u3) and np.array_equal(v1, v3))


def test_bad_input_names_the_parameter():
    with pytest.raises(ValueError, match="seed"):
        sec7.random_global_links(4, 2, -1)
    with pytest.raises(ValueError, match="a must be"):
        sec7.random_global_links(0, 2, 1)
    with pytest.raises(ValueError, match="lo must be <= hi"):
        sec7.excess(sec7.circulant_pieces(), sec7.circulant_pieces(), 4, 0)
    with pytest.raises(ValueError, match="rows"):
        sec7.claims([])
    with pytest.raises(ValueError, match="--samples"):
        sec7.main(["--samples", "0"])


def test_excess_is_the_largest_difference():
    circ = sec7.circulant_pieces()
    assert sec7.excess(circ, circ, 0, 6) == 0
    flat = [(Fraction(0), Fraction(6), Fraction(30), 0)]
    # 30 - (4 + 16α) at α = 0 is 26; the circulant reaches 36 at α = 8/3 and stays there: 30 - 36 = -6
    assert sec7.excess(flat, circ, 0, 6) == 26 and sec7.excess(flat, circ, 3, 6) == -6
    # the circulant-based envelope passes 30 where 16 + 8α does, at α = 7/4
    assert sec7.superior_from(flat, circ) == 0 and sec7.superior_from(circ, flat) == Fraction(7, 4)
    assert sec7.superior_from(circ, circ) is None
    # an envelope ending 30 + 2α (at or below the circulant's before) passes its 36 at α = 3
    env = [(Fraction(0), Fraction(5, 4), 4, 16), (Fraction(5, 4), Fraction(2), 14, 8), (Fraction(2), Fraction(3), 18, 6),
           (Fraction(3), Fraction(6), 30, 2)]
    assert sec7.superior_from(env, circ) == 3 and sec7.excess(env, circ, 0, 3) == 0


def test_reduced_sample_recomputed_and_the_papers_claim():
    # the first REDUCED_SAMPLES arrangements, computed again, are the stored ones, and §VII's two statements
    # hold for them: none above the circulant-based envelope for α <= 4, some above it past α = 4
    rows = sec7.run(range(1, sec7.REDUCED_SAMPLES + 1))
    assert _comparable(rows) == _comparable([r for r in stored() if int(r["seed"]) <= sec7.REDUCED_SAMPLES])
    got = sec7.claims(rows)
    assert got["arrangements"] == sec7.REDUCED_SAMPLES
    assert all(got[k] == v for k, v in sec7.PAPER.items()), got


def _stored_by_seed() -> dict[int, list[dict[str, str]]]:
    by_seed: dict[int, list[dict[str, str]]] = {}
    for r in stored():
        by_seed.setdefault(int(r["seed"]), []).append(r)
    return by_seed


def test_stored_sample_every_cut_is_real_and_every_envelope_proven():
    by_seed = _stored_by_seed()
    assert sorted(by_seed) == list(range(1, sec7.FULL_SAMPLES + 1))
    for seed, pcs in by_seed.items():
        assert all(r["proven"] == "True" for r in pcs)
        assert (Fraction(pcs[0]["alpha_from"]), Fraction(pcs[-1]["alpha_to"])) == sec7.ALPHA_RANGE
        for prev, nxt in zip(pcs, pcs[1:]):
            assert prev["alpha_to"] == nxt["alpha_from"] and int(prev["global"]) > int(nxt["global"])
        top = sec7.network(seed)
        for r in pcs:
            side = check_partition(top, np.array([int(c) for c in r["partition"]], dtype=np.int8))
            assert crossing_counts(top, side) == {"local": int(Fraction(r["local"])), "global": int(r["global"])}


@pytest.mark.xfail(strict=True, reason="[seed004-random] Hastings et al. 2015, §VII: none of its random (p, 4, 2) "
                                       "arrangements beats the circulant-based one below α = 4; of our 100, 6 do "
                                       "(seeds 67 and 78 from α = 3, 18, 43, 84 and 89 from α = 7/2; 38 against "
                                       "36 at α = 4)")
def test_stored_sample_the_papers_claim_below_4():
    assert sec7.claims(stored())["none superior for α <= 4"] == sec7.PAPER["none superior for α <= 4"]


def test_stored_sample_the_papers_claim_below_4_ours():
    # the figures the xfail above quotes, and §VII's second statement, which holds: some arrangements keep
    # improving past α = 4 and end above the circulant-based arrangement's 36
    got = sec7.claims(stored())
    assert got["superior for α <= 4"] == {18: Fraction(7, 2), 43: Fraction(7, 2), 67: 3, 78: 3, 84: Fraction(7, 2),
                                          89: Fraction(7, 2)}
    assert got["max excess for α <= 4"] == 2
    assert got["some superior for α > 4"] == sec7.PAPER["some superior for α > 4"]
    assert len(got["superior for α > 4"]) == 68


@pytest.mark.full
def test_paper_sample_recomputed():
    # all FULL_SAMPLES arrangements again (about 5 minutes), and our circulant-based envelope is Fig. 5's
    from topoanalysis.bisection import bisection_envelope
    from topoanalysis.families import build

    rows = sec7.run(range(1, sec7.FULL_SAMPLES + 1))
    assert _comparable(rows) == _comparable(stored())
    assert sec7.claims(rows) == sec7.claims(stored())
    env = bisection_envelope(build("dragonfly", a=4, h=2, arrangement="circulant"), sec7.ALPHA_RANGE)
    assert env.proven and [(p.alpha_from, p.alpha_to, p.local, p.global_) for p in env.pieces] == \
        sec7.circulant_pieces()


def test_cli_refuses_options_that_do_not_apply(capsys):
    from topoanalysis.cli import main

    assert main(["reproduce", "seed004-random", "--workers", "2"]) == 2
    assert "--workers" in capsys.readouterr().err
