"""Layout, cost and power: seed 002 (Besta & Hoefler) §VI-A/B/C and Table IV.

Table IV (columns in the paper's order; the PDF extraction lists each row as one column):

    topology  N       Nr      k   electric  fibre   $/endpoint  W/endpoint
    T3D       10,648  10,648   7  31,900         0  1,682       19.6
    T5D       10,368  10,368  11  50,688         0  3,176       30.8
    HC         8,192   8,192  14  32,768    12,288  4,631       39.2
    LH-HC      8,192   8,192  19  53,248    12,288  6,481       53.2
    FT-3      19,876   2,311  43  19,414    40,215  2,346       14.0
    DLN       40,200   4,020  43  32,488    33,842  1,743       12.04
    FBF-3     20,736   1,728  43   9,504    20,736  1,570       10.8
    DF        58,806   5,346  43  56,133    29,524  1,438       10.9
    FT-3      10,718   1,531  35   7,350    24,806  2,315       14.0
    DLN        9,702   1,386  28   6,837     7,716  1,566       11.2
    FBF-3     10,000   1,000  33   4,500    10,000  1,535       10.8
    DF         9,702   1,386  27   9,009     4,900  1,342       10.8
    DF        10,890     990  43   6,885     1,012  1,365       10.9
    SF        10,830     722  43   6,669     6,869  1,033       8.02
"""

from __future__ import annotations

import functools
import json
import math

import numpy as np
import pytest

from topoanalysis.cli import main
from topoanalysis.cost import DEFAULT, cable_cost, layout, network_cost, rack_grid, router_cost, router_power
from topoanalysis.families import build
from topoanalysis.generators.slimfly import mms_parameters, slimfly
from topoanalysis.reproduce.seed002_table4 import MODELLED, PAPER, df_search, modelled, network
from topoanalysis.topology import Topology


@pytest.fixture(scope="module")
def sf19():
    return slimfly(19)


# ----------------------------------------------------------------------------- model pieces
def test_cable_and_router_prices():
    # §VI-B1: $/Gb/s lines for 40 Gb/s FDR10 QSFP cables; §VI-B2: 350.4 k - 892.3
    assert math.isclose(cable_cost(1.0, False), (0.4079 + 0.5771) * 40)
    assert math.isclose(cable_cost(10.0, True), (0.0919 * 10 + 7.2745) * 40)
    assert np.allclose(cable_cost(np.array([0.0, 5.0]), np.array([False, True])), [0.5771 * 40, (0.4595 + 7.2745) * 40])
    # the fit must reproduce the price class of a 36-port FDR10 switch (~$11.7k), which fixes the lost sign
    assert 11_000 < router_cost(36) < 12_500
    # §VI-C: 4 lanes per port, 0.7 W per SerDes
    assert math.isclose(router_power(43), 43 * 4 * 0.7)


def test_constants_are_overridable_and_validated():
    c = DEFAULT.replace(cable_gbps=56.0, fibre_intercept=5.0)
    assert c.cable_gbps == 56.0 and DEFAULT.cable_gbps == 40.0
    assert math.isclose(cable_cost(0.0, True, c), 5.0 * 56)
    with pytest.raises(ValueError, match="does not exist"):
        DEFAULT.replace(price=1.0)
    with pytest.raises(ValueError, match="fibre_slope"):
        DEFAULT.replace(fibre_slope=-1.0)
    with pytest.raises(ValueError, match="number"):
        DEFAULT.replace(fibre_slope="cheap")


@pytest.mark.parametrize("n, shape", [(16, (4, 4, 0)), (19, (4, 4, 3)), (99, (9, 11, 0)), (243, (15, 16, 3)),
                                      (1, (1, 1, 0)), (2, (1, 2, 0))])
def test_rack_grid_is_near_square(n, shape):
    # §VI-A: a square, or a rectangle close to a square, plus z racks at one side
    xy, got = rack_grid(n)
    assert got == shape
    x, y, z = got
    assert x * y + z == n and 0 <= z < x
    assert len({tuple(p) for p in xy.tolist()}) == n
    assert xy[:, 0].max() < x and xy[:, 1].max() <= y


def test_rack_grid_rejects_bad_input():
    with pytest.raises(ValueError, match="n_racks"):
        rack_grid(0)


@pytest.mark.parametrize("q", [5, 7, 19])
def test_slimfly_layout(q):
    # §VI-A: q racks of 2q routers; subgroup (0,x,.) with (1,x,.): their intra-group links plus
    # the q links between them are intra-rack; "2q inter-connections between every pair of racks"
    top = slimfly(q)
    lay = layout(top)
    assert lay.n_racks == q and np.all(np.bincount(lay.rack) == 2 * q)
    _, delta, _ = mms_parameters(q)
    per_rack = 2 * q * (q - delta) // 4 + q
    assert lay.electric_cables == q * per_rack
    ru, rv = lay.rack[top.u[lay.fibre]], lay.rack[top.v[lay.fibre]]
    pair = np.minimum(ru, rv) * q + np.maximum(ru, rv)
    counts = np.bincount(pair, minlength=q * q).reshape(q, q)
    iu = np.triu_indices(q, 1)
    assert np.all(counts[iu] == 2 * q)
    # Manhattan length + 2 m overhead for optical, 1 m for electric (§VI-B)
    assert np.all(lay.length_m[~lay.fibre] == 1.0)
    d = np.abs(lay.rack_xy[ru] - lay.rack_xy[rv]).sum(axis=1)
    assert np.allclose(lay.length_m[lay.fibre], d + 2.0)


def test_dragonfly_layout_one_group_per_rack():
    top = build("dragonfly", a=4, h=2, p=2)
    lay = layout(top)
    assert lay.n_racks == 9
    assert np.array_equal(lay.fibre, top.kind == top.kind_index("global"))


def test_routers_per_rack_override_and_errors():
    top = slimfly(5)
    lay = layout(top, routers_per_rack=10)
    assert lay.n_racks == 5 and np.array_equal(lay.rack, np.arange(50) // 10)
    with pytest.raises(ValueError, match="routers_per_rack"):
        layout(top, routers_per_rack=0)
    with pytest.raises(ValueError, match="endpoints"):
        network_cost(slimfly(5, p=0))
    with pytest.raises(ValueError, match="router_radix"):
        network_cost(top, router_radix=5)


def test_cost_report_adds_up():
    top = slimfly(5)
    rep = network_cost(top)
    lay = layout(top)
    prices = cable_cost(lay.length_m, lay.fibre)
    assert math.isclose(rep.total_cost, rep.router_cost + prices.sum())
    assert math.isclose(rep.router_cost, 50 * router_cost(7 + 4))
    assert math.isclose(rep.power_per_endpoint, 50 * 11 * 2.8 / 200)
    assert rep.electric_cables + rep.fibre_cables == top.n_links
    # a 48-port product (§VII-A) raises router cost and power, not cables
    big = network_cost(top, router_radix=48)
    assert big.radix == 48 and big.router_cost > rep.router_cost
    assert math.isclose(big.electric_cost + big.fibre_cost, rep.electric_cost + rep.fibre_cost)


# ----------------------------------------------------------------------------- Table IV: Slim Fly
def test_table4_slimfly_counts(sf19):
    n, nr, *_ = PAPER["SF"]
    rep = network_cost(sf19)
    assert (rep.endpoints, rep.routers) == (n, nr)
    assert rep.racks == 19  # §VI-A: "q = 19 racks, each containing 38 routers (570 endpoints)"


def test_table4_slimfly_power_formula_with_the_papers_radix():
    # Table IV prices the SF with k = 43: 722 routers x 43 ports x 4 lanes x 0.7 W / 10,830 = 8.0268
    n, nr, k, *_, watts = PAPER["SF"]
    assert math.floor(router_power(k) * nr / n * 100) / 100 == watts


def test_table4_slimfly_is_cheapest_per_endpoint(sf19):
    # §VI-B4/§VI-C: SF is cheaper and less power-hungry per endpoint than DF, FBF-3 and the tori
    sf = network_cost(sf19)
    for top in (build("dragonfly", a=14, h=7, p=7), build("hamming", sizes=[10, 10, 10], p=10),
                build("torus", dims=[22, 22, 22])):
        other = network_cost(top)
        assert sf.power_per_endpoint < other.power_per_endpoint
    df = network_cost(build("dragonfly", a=14, h=7, p=7))
    assert sf.cost_per_endpoint < df.cost_per_endpoint


# ----------------------------------------------------------------------------- Table IV: low radix
@pytest.fixture(scope="module")
def t3d():
    return network_cost(build("torus", dims=[22, 22, 22]))


def test_table4_t3d(t3d):
    n, nr, k, _, fibre, dollars, watts = PAPER["T3D"]
    assert (t3d.endpoints, t3d.routers, t3d.radix, t3d.fibre_cables) == (n, nr, k, fibre)
    assert math.isclose(t3d.power_per_endpoint, watts)
    assert abs(t3d.cost_per_endpoint - dollars) / dollars < 0.005   # ours 1,679


def test_table4_t5d():
    # the paper does not give the T5D shape; 6x6x6x6x8 has its N = 10,368
    rep = network_cost(build("torus", dims=[6, 6, 6, 6, 8]))
    n, nr, k, _, fibre, dollars, watts = PAPER["T5D"]
    assert (rep.endpoints, rep.routers, rep.radix, rep.fibre_cables) == (n, nr, k, fibre)
    assert math.isclose(rep.power_per_endpoint, watts)
    assert abs(rep.cost_per_endpoint - dollars) / dollars < 0.01     # ours 3,159


@pytest.fixture(scope="module")
def hc():
    return network_cost(build("hypercube", n=13))


def test_table4_hypercube(hc):
    # the electric count is not reproduced: the rack size is taken from it (next test)
    n, nr, k, _, _, _, watts = PAPER["HC"]
    assert (hc.endpoints, hc.routers, hc.radix) == (n, nr, k)
    assert math.isclose(hc.power_per_endpoint, watts)


def test_hypercube_rack_is_the_one_table4s_electric_count_implies():
    # the paper states no hypercube rack size; with racks of sub-cubes of 2^d routers, d of the 13
    # dimensions stay inside racks (d x 4,096 electric cables), so Table IV's 32,768 fixes d = 8,
    # and only d = 8, and the layout's rule is that sub-cube
    hc13 = build("hypercube", n=13)
    electric = {d: layout(hc13, routers_per_rack=2 ** d).electric_cables for d in range(1, 13)}
    assert electric == {d: d * 4_096 for d in range(1, 13)}
    assert [d for d, e in electric.items() if e == PAPER["HC"][3]] == [8]
    assert np.array_equal(layout(hc13).rack, layout(hc13, routers_per_rack=2 ** 8).rack)


# ----------------------------------------------------------------------------- Table IV: high radix
@pytest.mark.parametrize("key, a, h", [("DF43", 22, 11), ("DF27", 14, 7)])
def test_table4_dragonfly(key, a, h):
    # balanced DF a = 2p = 2h, g = ah + 1 groups (§VI-B3e)
    rep = network_cost(build("dragonfly", a=a, h=h, p=h))
    n, nr, k, electric, _, _, watts = PAPER[key]
    assert (rep.endpoints, rep.routers, rep.radix, rep.electric_cables) == (n, nr, k, electric)
    assert abs(rep.power_per_endpoint - watts) < 0.05   # paper gives one decimal


@pytest.mark.parametrize("key, c", [("FBF43", 12), ("FBF33", 10)])
def test_table4_flattened_butterfly_counts(key, c):
    # FBF-3 = K_c x K_c x K_c with p = c: p routers per rack, p^2 racks in a square (§VI-B3d)
    rep = network_cost(build("hamming", sizes=[c, c, c], p=c))
    n, nr, _, electric, *_ = PAPER[key]
    assert (rep.endpoints, rep.routers, rep.electric_cables) == (n, nr, electric)
    assert rep.racks == c * c and rep.grid == (c, c, 0)


@pytest.mark.parametrize("key", ["FBF43", "FBF33"])
def test_table4_flattened_butterfly_cost_within_2_percent(key):
    # Table IV FBF-3 cost per endpoint $1,570 and $1,535; ours $1,546 and $1,506 (-1.5%, -1.9%; the 2% HC and DF
    # are held to), though our routers have 45 and 37 ports against the table's 43 and 33 ([seed002-t4-fbf3])
    rep = network_cost(network(key))
    assert rep.cost_per_endpoint == pytest.approx(PAPER[key][5], rel=0.02)
    assert round(rep.cost_per_endpoint) == {"FBF43": 1_546, "FBF33": 1_506}[key]


@pytest.mark.parametrize("key, n, degree, p", [("DLN43", 4020, 33, 10), ("DLN28", 1386, 21, 7)])
def test_table4_random_counts(key, n, degree, p):
    rep = network_cost(build("random", n=n, degree=degree, p=p, seed=1))
    n_ep, nr, k, electric, fibre, _, watts = PAPER[key]
    assert (rep.endpoints, rep.routers, rep.radix) == (n_ep, nr, k)
    assert rep.electric_cables + rep.fibre_cables == electric + fibre
    assert abs(rep.power_per_endpoint - watts) < 0.01


# ----------------------------------------------------------------------------- CLI
def test_cli_json_keys(capsys):
    code = main(["cost", "slimfly", "--q", "7", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    rep = network_cost(slimfly(7))
    assert out["routers"] == 98 and out["endpoints"] == 588 and out["radix"] == 17
    assert (out["electric_cables"], out["fibre_cables"]) == (rep.electric_cables, rep.fibre_cables)
    assert math.isclose(out["cost_per_endpoint"], rep.cost_per_endpoint, rel_tol=1e-6)
    assert math.isclose(out["power_per_endpoint"], rep.power_per_endpoint, rel_tol=1e-6)


def test_cli_overrides(capsys):
    code = main(["cost", "slimfly", "--q", "5", "--json", "--set", "serdes_watts=1.4"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and math.isclose(out["power_per_endpoint"], 2 * network_cost(slimfly(5)).power_per_endpoint,
                                      rel_tol=1e-4)
    code = main(["cost", "slimfly", "--q", "5", "--set", "nonsense=1"])
    err = capsys.readouterr().err
    assert code == 2 and "nonsense" in err and err.count("\n") == 1


def test_custom_topology_without_family_rules():
    ring = Topology(12, np.arange(12), (np.arange(12) + 1) % 12, endpoints=2)
    rep = network_cost(ring)
    assert rep.racks == 3 and rep.electric_cables + rep.fibre_cables == 12   # racks of ceil(sqrt(12)) = 4


def test_table4_networks_have_the_papers_sizes():
    # every row we price has the paper's N and Nr (the counts the other columns are compared at)
    for row, (n, nr, *_) in PAPER.items():
        top = network(row)
        assert (top.n_endpoints, top.n_routers) == (n, nr), row
    with pytest.raises(ValueError, match="row must be one of"):
        network("FT-4")
    with pytest.raises(ValueError, match="cannot be built: price it with modelled"):
        network("FT43")
    with pytest.raises(ValueError, match="row must be one of"):
        modelled("DF990")


# ----------------------------------------------------------------------------- Table IV: FT-3, DF990, LH-HC
# Seed 002 Table IV's FT-3 rows (k = 43, k = 35) priced from §VI-B3c's closed forms (odd-radix fat trees
# cannot be built), the 990-router k = 43 dragonfly, and LH-HC (long hops reconstructed: generators/longhop.py).
FT3 = sorted(MODELLED)


@pytest.mark.parametrize("key", FT3)
def test_table4_ft3_counts_radix_and_power(key):
    # Table IV FT-3 rows: N, Nr, k and W/endpoint; power = 5p^2 routers x k ports x 4 lanes x 0.7 W / 2p^3 = 14.0
    paper = MODELLED[key]
    got = modelled(key)
    assert (got["endpoints"], got["routers"], got["radix"]) == paper[:3]
    assert round(got["power_per_endpoint"], 1) == paper[6] == 14.0


# ------------------------------------------------------- Table IV cells where ours differs
# One claim per cell: the paper's number against ours (the xfail), and ours pinned (the pin), so a
# change of our own value is noticed while the comparison keeps failing.
COLUMN = {"radix": 2, "electric_cables": 3, "fibre_cables": 4, "cost_per_endpoint": 5, "power_per_endpoint": 6}
#: how close a cell must come to the paper's to count as reproduced (exact where not named)
CLOSE = {("SF", "power_per_endpoint"): dict(abs=0.01), ("SF", "cost_per_endpoint"): dict(rel=0.02),
         ("HC", "cost_per_endpoint"): dict(rel=0.02), ("DF43", "cost_per_endpoint"): dict(rel=0.02),
         ("DF27", "cost_per_endpoint"): dict(rel=0.02)}
#: (row, column) -> (ours, the xfail's reason). Costs in whole dollars, power to 2 decimals.
CELLS: dict[tuple[str, str], tuple[float, str]] = {
    ("SF", "radix"): (44, "[seed002-t4-sf-radix] Besta & Hoefler 2014, Table IV lists k = 43 for SF; §VI-A's "
                      "k = k' + p = 29 + 15 = 44 is what our q = 19 MMS graph with p = 15 needs"),
    ("SF", "power_per_endpoint"): (8.21, "[seed002-t4-sf-radix] Besta & Hoefler 2014, Table IV: SF 8.02 W per "
                                   "endpoint; ours 8.21 with k = 44"),
    ("SF", "electric_cables"): (3_971, "[seed002-t4-sf-cables] Besta & Hoefler 2014, Table IV: SF 6,669 electric "
                                "cables; ours 19 racks x 209 intra-rack links = 3,971"),
    ("SF", "fibre_cables"): (6_498, "[seed002-t4-sf-cables] Besta & Hoefler 2014, Table IV: SF 6,869 fibre cables; "
                             "ours 2q = 38 per rack pair x 171 pairs = 6,498"),
    ("SF", "cost_per_endpoint"): (1_168, "[seed002-t4-sf-cables] Besta & Hoefler 2014, Table IV: SF $1,033 per "
                                  "endpoint; the stated model gives $1,168 (routers alone $945)"),
    ("T3D", "electric_cables"): (31_944, "[seed002-t4-torus] Besta & Hoefler 2014, Table IV lists 31,900 T3D "
                                 "cables; a 22^3 torus has 3 x 10,648 = 31,944"),
    ("T5D", "electric_cables"): (51_840, "[seed002-t4-torus] Besta & Hoefler 2014, Table IV lists 50,688 T5D cables "
                                 "for N = 10,368; a 5-D torus with all sides >= 3 has 5N = 51,840 links"),
    ("HC", "fibre_cables"): (20_480, "[seed002-t4-hc] Besta & Hoefler 2014, Table IV: HC 12,288 fibre cables "
                             "(3 x 4,096: 11 of 13 dimensions cabled); we cable all 13: 20,480"),
    ("HC", "cost_per_endpoint"): (4_935, "[seed002-t4-hc] Besta & Hoefler 2014, Table IV: HC $4,631 per endpoint; "
                                  "ours $4,935 with all 13 dimensions cabled"),
    ("DF43", "fibre_cables"): (29_403, "[seed002-t4-df] Besta & Hoefler 2014, Table IV: DF (k = 43) 29,524 fibre "
                               "cables, floor(g^2/2) for g = 243; a clique of groups has g(g-1)/2 = 29,403"),
    ("DF27", "fibre_cables"): (4_851, "[seed002-t4-df] Besta & Hoefler 2014, Table IV: DF (k = 27) 4,900 fibre "
                               "cables, floor(g^2/2) for g = 99; a clique of groups has g(g-1)/2 = 4,851"),
    ("DF43", "cost_per_endpoint"): (1_495, "[seed002-t4-df] Besta & Hoefler 2014, Table IV: DF (k = 43) $1,438 per "
                                    "endpoint; the stated model gives $1,495"),
    ("DF27", "cost_per_endpoint"): (1_422, "[seed002-t4-df] Besta & Hoefler 2014, Table IV: DF (k = 27) $1,342 per "
                                    "endpoint; the stated model gives $1,422"),
    ("FBF43", "radix"): (45, "[seed002-t4-fbf3] Besta & Hoefler 2014, Table IV: FBF-3 with 12^3 routers under "
                         "k = 43; p = c = 12 needs radix 4c - 3 = 45"),
    ("FBF33", "radix"): (37, "[seed002-t4-fbf3] Besta & Hoefler 2014, Table IV: FBF-3 with 10^3 routers under "
                         "k = 33; p = c = 10 needs radix 4c - 3 = 37"),
    ("FBF43", "fibre_cables"): (19_008, "[seed002-t4-fbf3] Besta & Hoefler 2014, Table IV: FBF-3 (c = 12) 20,736 "
                                "= 12^4 fibre cables; c fibres between every two groups of a row or column of the "
                                "c x c square give 2 x c^2 x C(c,2) = 19,008"),
    ("FBF33", "fibre_cables"): (9_000, "[seed002-t4-fbf3] Besta & Hoefler 2014, Table IV: FBF-3 (c = 10) 10,000 "
                                "= 10^4 fibre cables; c fibres between every two groups of a row or column of the "
                                "c x c square give 2 x c^2 x C(c,2) = 9,000"),
    ("FBF43", "power_per_endpoint"): (10.5, "[seed002-t4-fbf3] Besta & Hoefler 2014, Table IV: FBF-3 (c = 12) 10.8 W "
                                      "per endpoint; ours 10.5 with its 45 ports (43 would give 10.03)"),
    ("FBF33", "power_per_endpoint"): (10.36, "[seed002-t4-fbf3] Besta & Hoefler 2014, Table IV: FBF-3 (c = 10) 10.8 W "
                                       "per endpoint; ours 10.36 with its 37 ports"),
    ("DLN43", "fibre_cables"): (62_163, "[seed002-t4-dln] Besta & Hoefler 2014, Table IV: DLN (k = 43) 33,842 fibre "
                                "cables; ours 62,163 (random shortcuts mostly leave their rack)"),
    ("DLN43", "cost_per_endpoint"): (1_934, "[seed002-t4-dln] Besta & Hoefler 2014, Table IV: DLN (k = 43) $1,743 per "
                                     "endpoint; ours $1,934 with 62,163 fibre cables"),
    ("DLN28", "electric_cables"): (1_387, "[seed002-t4-dln] Besta & Hoefler 2014, Table IV: DLN (k = 28) 6,837 "
                                   "electric cables; ours 1,387"),
    ("DLN28", "fibre_cables"): (13_166, "[seed002-t4-dln] Besta & Hoefler 2014, Table IV: DLN (k = 28) 7,716 fibre "
                                "cables; ours 13,166"),
    ("DLN28", "cost_per_endpoint"): (1_718, "[seed002-t4-dln] Besta & Hoefler 2014, Table IV: DLN (k = 28) $1,566 per "
                                     "endpoint; ours $1,718"),
    ("DLN43", "electric_cables"): (4_167, "[seed002-t4-dln] Besta & Hoefler 2014, Table IV puts about half of DLN's "
                                   "cables inside racks (32,488 of 66,330); with random shortcuts ours has 4,167: "
                                   "the ring and about a/N of the shortcuts"),
    ("FT43", "electric_cables"): (19_876, "[seed002-t4-ft3] Besta & Hoefler 2014, Table IV: FT-3 (k = 43) 19,414 "
                                  "electric cables; §VI-B3c's 2p^3 endpoint cables give 19,876"),
    ("FT43", "fibre_cables"): (39_753, "[seed002-t4-ft3] Besta & Hoefler 2014, Table IV: FT-3 (k = 43) 40,215 fibre "
                               "cables; §VI-B3c's 4p^3 router cables give 39,753"),
    ("FT35", "electric_cables"): (10_718, "[seed002-t4-ft3] Besta & Hoefler 2014, Table IV: FT-3 (k = 35) 7,350 "
                                  "electric cables; §VI-B3c's 2p^3 endpoint cables give 10,718"),
    ("FT35", "fibre_cables"): (21_437, "[seed002-t4-ft3] Besta & Hoefler 2014, Table IV: FT-3 (k = 35) 24,806 fibre "
                               "cables; §VI-B3c's 4p^3 router cables give 21,437"),
    ("FT43", "cost_per_endpoint"): (2_277, "[seed002-t4-ft3] Besta & Hoefler 2014, Table IV: FT-3 (k = 43) $2,346 "
                                    "per endpoint; ours $2,277 (1 m cables, §VI-B3c)"),
    ("FT35", "cost_per_endpoint"): (2_253, "[seed002-t4-ft3] Besta & Hoefler 2014, Table IV: FT-3 (k = 35) $2,315 "
                                    "per endpoint; ours $2,253 (1 m cables, §VI-B3c)"),
    ("DF990", "electric_cables"): (8_415, "[seed002-t4-df990] Besta & Hoefler 2014, Table IV: DF (990 routers, "
                                   "k = 43) 6,885 electric cables; the a = 18, h = 15, p = 11 dragonfly has 8,415 "
                                   "(one rack per group)"),
    ("DF990", "fibre_cables"): (7_425, "[seed002-t4-df990] Besta & Hoefler 2014, Table IV: DF (990 routers, "
                                "k = 43) 1,012 fibre cables; the a = 18, h = 15, p = 11 dragonfly has 7,425"),
    ("LH-HC", "electric_cables"): (32_768, "[seed002-t4-lhhc] Besta & Hoefler 2014, Table IV: LH-HC 53,248 electric "
                                   "cables; ours 32,768 (racks of 2^8 routers as for HC: every long hop leaves its "
                                   "rack)"),
    ("LH-HC", "fibre_cables"): (40_960, "[seed002-t4-lhhc] Besta & Hoefler 2014, Table IV: LH-HC 12,288 fibre "
                                "cables; ours 40,960 (5 long hops and 5 cube dimensions leave each rack)"),
    ("LH-HC", "cost_per_endpoint"): (7_472, "[seed002-t4-lhhc] Besta & Hoefler 2014, Table IV: LH-HC $6,481 per "
                                     "endpoint; ours $7,472"),
    ("DF990", "cost_per_endpoint"): (1_535, "[seed002-t4-df990] Besta & Hoefler 2014, Table IV: DF (990 routers, "
                                     "k = 43) $1,365 per endpoint; ours $1,535"),
}


@functools.cache
def _report(row: str) -> dict:
    if row in MODELLED:
        return modelled(row)
    rep = network_cost(network(row))
    return {name: getattr(rep, name) for name in COLUMN}


def _ours(row: str, column: str) -> float:
    v = _report(row)[column]
    return round(v) if column == "cost_per_endpoint" else round(v, 2) if column == "power_per_endpoint" else v


def _cell(row: str, column: str):
    return pytest.param(row, column, marks=[pytest.mark.xfail(strict=True, reason=CELLS[row, column][1])],
                        id=f"{row}-{column}")


@pytest.mark.parametrize("row, column", [_cell(*k) for k in CELLS])
def test_table4_cell(row, column):
    paper = (MODELLED if row in MODELLED else PAPER)[row][COLUMN[column]]
    got = _report(row)[column]
    if (row, column) in CLOSE:
        assert got == pytest.approx(paper, **CLOSE[row, column])
    else:
        assert _ours(row, column) == paper


@pytest.mark.parametrize("row, column", CELLS, ids=[f"{r}-{c}" for r, c in CELLS])
def test_table4_cell_ours(row, column):
    assert _ours(row, column) == CELLS[row, column][0]


def test_ft3_cable_total_is_the_papers_within_rounding():
    # ours floor 4p^3 + floor 2p^3 against the paper's two parts
    assert [abs(sum(MODELLED[k][3:5]) - _report(k)["electric_cables"] - _report(k)["fibre_cables"])
            for k in FT3] == [1, 0]


@pytest.fixture(scope="module")
def df990():
    return network_cost(network("DF990"))


def test_table4_df990_counts_radix_and_power(df990):
    # Table IV's DF with the SF's k = 43 and a comparable N: 10,890 endpoints, 990 routers, 10.9 W per endpoint
    # (a = 18, h = 15, p = 11, 55 groups of t = 5 global links each: the only dragonfly with those counts)
    paper = PAPER["DF990"]
    assert (df990.endpoints, df990.routers, df990.radix) == paper[:3]
    assert round(df990.power_per_endpoint, 1) == paper[6]
    assert df990.params["trunking"] == 5


def test_table4_df990_is_not_what_the_papers_search_gives():
    # §VI-B4: "an exhaustive search over the space of all Dragonflies that satisfy the condition a >= 2h and
    # p >= h ... a DF that has k = 43 and whose N is closest to that of the analyzed SF" (10,830)
    best = df_search()[0]
    assert (best["a"], best["h"], best["p"], best["routers"], best["endpoints"]) == (34, 1, 9, 1_190, 10_710)
    # with Table IV's 990 routers the conditions leave groups of 22 and 30 routers with 242 / 44 = 5.5 and
    # 90 / 32 global links per group pair: no uniform dragonfly, so we drop a >= 2h, p >= h (a = 18, h = 15)
    rows = [r for r in df_search(full=False, routers=990) if r["endpoints"] == PAPER["DF990"][0]]
    assert [(r["a"], r["h"], r["groups"]) for r in rows] == [(22, 11, 45), (30, 3, 33)]
    assert all(r["a"] * r["h"] % (r["groups"] - 1) for r in rows)
    with pytest.raises(ValueError, match="routers must be given"):
        df_search(full=False)


def test_table4_df990_cables_are_its_links(df990):
    # 6,885 + 1,012 = 7,897 cables cannot be the links of 990 routers of network radix 43 - 11 = 32 (15,840)
    assert df990.electric_cables + df990.fibre_cables == 990 * 32 // 2


@pytest.fixture(scope="module")
def lhhc():
    return network_cost(network("LH-HC"))


def test_table4_lhhc_counts_radix_and_power(lhhc):
    # Table IV LH-HC: 8,192 endpoints and routers, k = 19 = 13 cube ports + L = 5 long hops + p = 1, and
    # 53.2 W = 19 ports x 4 lanes x 0.7 W per endpoint
    n, nr, k, *_, watts = PAPER["LH-HC"]
    assert (lhhc.endpoints, lhhc.routers, lhhc.radix) == (n, nr, k)
    assert round(lhhc.power_per_endpoint, 1) == watts
    assert round(nr * router_power(k) / n, 1) == watts


def test_table4_lhhc_paper_cables_are_hc_plus_five_electric_dimensions():
    # the paper's LH-HC cables are its HC's plus 5 x 4,096 electric ones (one per long hop per router pair),
    # 16 x 4,096 in all against the 18 x 4,096 links of 8,192 routers of network degree 18
    lh, hc = PAPER["LH-HC"], PAPER["HC"]
    assert (lh[3] - hc[3], lh[4] - hc[4]) == (5 * 4096, 0)
    assert lh[3] + lh[4] == 16 * 4096 and network("LH-HC").n_links == 18 * 4096
