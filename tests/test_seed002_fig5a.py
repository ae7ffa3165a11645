"""Seed 002 (Besta & Hoefler 2014) Fig. 5a, §II-B3: diameter-2 networks against the Moore bound over the
figure's radix range, checked against what the text states."""

from __future__ import annotations

from pathlib import Path

import itertools
import math

import pytest

from topoanalysis import build
from topoanalysis.cli import main
from topoanalysis.invariants.moore import moore_bound
from topoanalysis.reproduce import seed002_fig5a as fig
from topoanalysis.reproduce._size_curves import max_degree

CURVES = fig.curves(100)


def measured(key: str):
    return fig.MEASURED[key](CURVES)


def test_every_statement_is_measured():
    assert set(fig.MEASURED) == set(fig.PAPER)


def test_slim_fly_at_96_is_the_papers():
    # §II-B3: "For k' = 96, MMS has 8,192 routers, which is only 12% worse than the upper bound (9,217)"
    assert measured("sf routers, k'=96") == fig.PAPER["sf routers, k'=96"]
    assert measured("moore bound D=2, k'=96") == fig.PAPER["moore bound D=2, k'=96"]
    assert measured("sf below the bound, k'=96") == pytest.approx(fig.PAPER["sf below the bound, k'=96"], abs=0.01)


def test_slim_fly_is_the_closest_to_the_bound_over_the_range():
    # §II-B3: "SF MMS is very close to the optimum", the other D = 2 topologies far below
    key = "sf the closest to the bound over the range"
    assert measured(key) is fig.PAPER[key]
    sf = CURVES["SF"]
    assert len(sf) == 26 and sf[-1]["radix"] == 96
    # ours: from k' = 6 on MMS has 80.3% (q = 7) to 100% (q = 5, Hoffman-Singleton) of the bound; 2q^2 over
    # (3q/2)^2 + 1 tends to 8/9
    assert sf[0]["fraction"] == pytest.approx(18 / 26) and max(r["fraction"] for r in sf) == 1.0
    assert min(r["fraction"] for r in sf[1:]) == pytest.approx(0.8033, abs=1e-4)
    big = fig.fig5b_curves(2000)["SF"][-1]
    assert big["fraction"] == pytest.approx(8 / 9, abs=2e-3)


@pytest.mark.xfail(strict=True, reason="[seed002-fig5a] Besta & Hoefler 2014, §II-B3: the other D = 2 topologies are 'up to "
                   "several orders of magnitude worse' than the Moore bound (read as 2 orders, a factor 100); ours "
                   "at k' <= 100: two-stage fat tree 1.82 orders (150 routers against 10,001 at k' = 100), "
                   "two-level Flattened Butterfly 0.58 (the paper does not define its Long Hop of ref. [39] §E-S-1)")
def test_others_are_several_orders_below_the_bound():
    key = "others up to orders of magnitude below the bound, k'<=100"
    assert measured(key) >= fig.PAPER[key]


def test_others_are_several_orders_below_the_bound_ours():
    # the figures the xfail above quotes: the fat tree's N_r = 3k'/2 falls ever further below k'^2 + 1,
    # the flattened butterfly's s^2 stays near a quarter of it
    assert measured("others up to orders of magnitude below the bound, k'<=100") == pytest.approx(1.824, abs=1e-3)
    ft, fbf = CURVES["FT-2"][-1], CURVES["FBF-2"][-1]
    assert (ft["radix"], ft["routers"], ft["moore"]) == (100, 150, 10_001)
    assert (fbf["radix"], fbf["routers"]) == (100, 2_601) and fig.orders_below(fbf) == pytest.approx(0.584, abs=1e-3)
    assert all(fig.orders_below(a) < fig.orders_below(b) for a, b in zip(CURVES["FT-2"], CURVES["FT-2"][1:]))


def test_long_hop_envelope():
    # §II-B3's Long Hop (ref. [39] §E-S-1) is a diameter-2 Cayley graph of Z_2^n (§III: Long Hops are "constructed
    # from Cayley graphs using optimal error correcting codes"); the paper gives no code, size or p, so only the
    # counting envelope 2^n <= 1 + k' + k'(k'-1)/2 is checked. It is reached at k' = 5: the 4-cube plus its
    # antipodal long hop (our lhhc n = 4, hops = 1) is the Clebsch graph, 16 routers, diameter 2
    clebsch = build("lhhc", n=4, hops=1)
    assert (clebsch.n_routers, max_degree(clebsch), clebsch.to_igraph().diameter()) == (16, 5, 2)
    assert fig.long_hop_envelope(5) == 16
    # no 32 routers at k' = 6 (1 + 6 + 15 = 22), nor 16 at k' = 4: every 4-subset of Z_2^4 leaves some element
    # out of its sums of at most two
    assert fig.long_hop_envelope(6) == 16 and fig.long_hop_envelope(4) == 8
    assert not any(_diameter_at_most_2(4, gens) for gens in itertools.combinations(range(1, 16), 4))
    # over the figure's range the envelope is at most 0.615 of the Moore bound (k' = 5) and 0.21 to 0.59 orders
    # below it: a Long Hop on Z_2^n is never as close to the bound as SF (0.80 and more from k' = 6), and whether it
    # is "several orders" below cannot be read off an upper envelope
    rows = [(k, fig.long_hop_envelope(k) / moore_bound(k, 2)) for k in range(3, 101)]
    assert max(rows, key=lambda r: r[1]) == (5, pytest.approx(16 / 26))
    orders = [math.log10(1 / f) for _, f in rows]
    assert (round(min(orders), 2), round(max(orders), 2)) == (0.21, 0.59)
    assert all(f < 0.8 for k, f in rows if k >= 6)


def _diameter_at_most_2(n: int, gens) -> bool:
    reach = {0, *gens} | {a ^ b for a in gens for b in gens}
    return len(reach) == 2 ** n


def test_long_hop_radix_for_50000_endpoints():
    # §II-B3: "a Long Hop with merely 50,000 endpoints requires routers with radix ~340". By the envelope's count
    # any diameter-2 Cayley graph of Z_2^n needs radix 89 at least (2^11 routers, k' >= 64, p = 25): the paper's
    # 340 is above it, so consistent. With p = 1 (§III's choice for LH-HC) at least 363 (2^16 routers,
    # k' >= 362): ~340 implies p >= 2 (with p = 2: 258) or a code far from the count
    paper = fig.LONG_HOP
    assert fig.long_hop_min_radix(paper["endpoints"]) == (89, 11, 25)
    assert fig.long_hop_min_radix(paper["endpoints"])[0] <= paper["radix"]
    assert fig.long_hop_min_radix(paper["endpoints"], p=1) == (363, 16, 1)
    assert fig.long_hop_min_radix(paper["endpoints"], p=2) == (258, 15, 2)
    with pytest.raises(ValueError, match="endpoints"):
        fig.long_hop_min_radix(0)
    with pytest.raises(ValueError, match="k must"):
        fig.long_hop_envelope(0)


def test_curves_are_the_generators_networks():
    checked = fig.verify(max_routers=200)
    assert {f for f, _, _ in checked} == set(fig.FAMILIES)
    assert [(f, p) for f, p, ok in checked if not ok] == []


def test_reproduce_command(capsys, tmp_path):
    assert main(["reproduce", "seed002-fig5a"]) == 0
    out = capsys.readouterr().out
    assert "sf below the bound, k'=96" in out and "0.1112" in out
    # Fig. 5a drawn: every curve and the Moore bound against k'
    assert main(["reproduce", "seed002-fig5a", "--plot", str(tmp_path / "f5a.png")]) == 0
    assert (tmp_path / "f5a.png").stat().st_size > 1000
    # its rows as data (the file data/seed002_fig5a.csv is), and no other size than the module's
    assert main(["reproduce", "seed002-fig5a", "-o", str(tmp_path / "f5a.csv")]) == 0
    recorded = Path(__file__).resolve().parents[1] / "data" / "seed002_fig5a.csv"
    assert (tmp_path / "f5a.csv").read_bytes() == recorded.read_bytes()
    assert main(["reproduce", "seed002-fig5a", "--full"]) == 2
