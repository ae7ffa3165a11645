"""Library and CLI tests for topoanalysis.invariants."""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest

from proofs.dragonfly_ref import palmtree
from proofs.test_seed000_symmetry import hamming2
from topoanalysis.cli import main
from topoanalysis.generators.classic import hoffman_singleton, petersen
from topoanalysis.invariants import (alpha_approx, alpha_from_edges, balanced_groups, distance_stats,
                                     dragonfly_balance, gcc_sizes, global_degree, hamming_concentration,
                                     invariants, moore_bound, moore_fraction, ratios, slimfly_concentration,
                                     symmetry, table_i_row, table_iv_radix)
from topoanalysis.io.csv import write_csv
from topoanalysis.topology import Topology


def _from_nx(g: nx.Graph, **kw) -> Topology:
    e = np.array(list(g.edges()), dtype=np.int64).reshape(-1, 2)
    return Topology(g.number_of_nodes(), e[:, 0], e[:, 1], **kw)


# --- Moore bound (seed 003 eq. 1, seed 002 §II-A) -------------------------------------------
def test_moore_bound_values():
    assert moore_bound(3, 2) == 10      # Petersen meets it (seed 003 §3)
    assert moore_bound(7, 2) == 50      # Hoffman-Singleton
    assert moore_bound(57, 2) == 3250
    assert moore_bound(4, 3) == 1 + 4 + 12 + 36
    assert moore_fraction(50, 7, 2) == 1.0


@pytest.mark.parametrize("args", [(-1, 2), (3, -1), (2.5, 2), (True, 2)])
def test_moore_bound_bad_input(args):
    with pytest.raises(ValueError, match="degree|diameter"):
        moore_bound(*args)


# --- distances -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_distances_match_networkx(seed):
    g = nx.random_regular_graph(4, 30, seed=seed)
    top = _from_nx(g)
    st = distance_stats(top)
    if not nx.is_connected(g):
        assert not st.connected
        return
    assert st.diameter == nx.diameter(g)
    assert st.average_distance == pytest.approx(nx.average_shortest_path_length(g))
    hist = {}
    for _, dd in nx.all_pairs_shortest_path_length(g):
        for d in dd.values():
            if d:
                hist[d] = hist.get(d, 0) + 1
    assert st.distribution == hist


def test_orbits_give_same_answer():
    top = palmtree(4, 2)
    sym = symmetry(top, respect_kinds=True)
    a, b = distance_stats(top), distance_stats(top, sym.vertex_orbits)
    assert b.bfs_runs == len(sym.vertex_orbits) < a.bfs_runs == top.n_routers
    assert (a.diameter, a.distribution) == (b.diameter, b.distribution)
    assert a.average_distance == pytest.approx(b.average_distance)
    for k in top.kind_names:
        assert a.avg_hops_by_kind[k] == pytest.approx(b.avg_hops_by_kind[k])
        assert a.avg_hops_by_kind_paths[k] == pytest.approx(b.avg_hops_by_kind_paths[k])


def test_per_kind_counts_minimal_paths():
    # 4-cycle 0-1-2-3 with kinds: (0,1),(2,3) local; (1,2),(0,3) global.  From 0: to 2 there are two
    # minimal paths (0-1-2: l+g, 0-3-2: g+l) -> 1 local, 1 global on average.
    top = Topology(4, [0, 1, 2, 0], [1, 2, 3, 3], [0, 1, 0, 1], ("local", "global"))
    st = distance_stats(top)
    # per source: neighbours give 1 local + 1 global, the opposite vertex 1 + 1; 12 ordered pairs
    assert st.avg_hops_by_kind == pytest.approx({"local": 8 / 12, "global": 8 / 12})
    assert sum(st.avg_hops_by_kind.values()) == pytest.approx(st.average_distance)


def test_disconnected():
    top = Topology(4, [0, 2], [1, 3])
    st = distance_stats(top)
    assert not st.connected and st.diameter is None and st.average_distance is None


def test_endpoint_hops():
    # path 0-1-2 with endpoints 2, 0, 1: endpoint pairs (ordered, distinct): within router 0: 2 pairs at 0 hops,
    # router0-router2: 2*1*2 = 4 pairs at 2 hops -> 8 / (3*2)
    top = Topology(3, [0, 1], [1, 2], endpoints=[2, 0, 1])
    assert distance_stats(top).endpoint_average_hops == pytest.approx(8 / 6)


def test_distance_stats_bad_orbits():
    with pytest.raises(ValueError, match="orbits"):
        distance_stats(petersen(), [np.array([0])])


# --- symmetry --------------------------------------------------------------------------------
def test_symmetry_known_groups():
    assert symmetry(petersen()).order == 120
    s = symmetry(hoffman_singleton())
    assert s.order == 252000 and s.vertex_transitive and s.edge_transitive
    cube = _from_nx(nx.convert_node_labels_to_integers(nx.hypercube_graph(3)))
    assert symmetry(cube).order == 48
    path = Topology(3, [0, 1], [1, 2])
    s = symmetry(path)
    assert s.order == 2 and len(s.vertex_orbits) == 2 and s.edge_transitive


def test_symmetry_respects_kinds_and_parallel_links():
    # triangle with one link of another kind: 2 automorphisms instead of 6
    tri = Topology(3, [0, 1, 0], [1, 2, 2], [0, 0, 1], ("a", "b"))
    assert symmetry(tri).order == 6
    assert symmetry(tri, respect_kinds=True).order == 2
    # a doubled link breaks the symmetry even without kinds
    tri2 = Topology(3, [0, 1, 0, 0], [1, 2, 2, 1])
    assert symmetry(tri2).order == 2


# --- link usage, closed forms (seed 000 §5.1, Table I, §8 Table IV) ---------------------------
@pytest.mark.parametrize("t,lim1,bal", [(1, 13, 8.7), (2, 7, 5.8), (3, 5, 4.8), (4, 4, 4.0)])
def test_table_i(t, lim1, bal):
    """Camarero et al. 2014, Table I (a = 4): the α = 1 and balanced columns (the α = 1/2 column,
    where the paper's t = 1 entry differs, is tests/test_dragonfly.py's)."""
    row = table_i_row(4, t)
    assert row["b_alpha_1"] == pytest.approx(lim1)
    assert round(row["b_balanced"], 1) == pytest.approx(bal)


def test_closed_forms():
    assert alpha_approx(4, 4) == 1.0                      # Hamming t = a (seed 000 §5.1)
    assert alpha_approx(4, 1) == pytest.approx(0.64)
    assert alpha_from_edges(4, 9, 1) == pytest.approx(8 / 12)
    assert balanced_groups(4, 4) == 4.0                   # b = a for Hamming
    assert global_degree(4, 9, 1) == 2.0                  # canonical a = 2h
    assert table_iv_radix(4, 1.0) == 9.0                  # Hamming K_a□K_a: R = 3a - 3 network ports
    assert table_iv_radix(4, 1.0, 1.0) == 12.0
    with pytest.raises(ValueError, match="t must be <= a"):
        alpha_approx(4, 5)
    with pytest.raises(ValueError, match="alpha needs 2 or 3"):
        ratios({"x": 1.0})


def test_exact_alpha_hamming_equals_paper():
    """Seed 000 §5.1: Hamming K_a□K_a (t = a) has α = 1 exactly, as (2) predicts."""
    h = hamming2(4, 4)
    top = Topology(16, h.u, h.v, (h.v - h.u < 4).astype(int), ("local", "global"))
    st = distance_stats(top, symmetry(top, respect_kinds=True).vertex_orbits)
    assert ratios(st.avg_hops_by_kind)["alpha"] == pytest.approx(alpha_approx(4, 4))


def test_exact_alpha_canonical_dragonfly_vs_approx():
    """Seed 000 §5.1 eq. (2): α ≈ 1/(1+(1/a-1)²) for canonical dragonflies (Table I t = 1 uses a = 4, b = 9).

    The exact α over all minimal paths exceeds the approximation (it ignores g-l-g and g-g minimal paths)
    and approaches it as a grows: a = 4: 0.958 vs 0.640; a = 8: 0.808 vs 0.566."""
    errs = []
    for a in (4, 6, 8):
        top = palmtree(a, a // 2)
        st = distance_stats(top, symmetry(top, respect_kinds=True).vertex_orbits)
        exact = ratios(st.avg_hops_by_kind)["alpha"]
        assert exact > alpha_approx(a, 1)
        errs.append(exact - alpha_approx(a, 1))
    assert errs[0] > errs[1] > errs[2]


def test_balance():
    assert dragonfly_balance(4, 9, 1) == {"b_eq4": pytest.approx(8.68), "b_integral": 9, "balanced": True}
    assert not dragonfly_balance(4, 5, 1)["balanced"]
    assert slimfly_concentration(29) == 15                # seed 002 §II-B2: q = 19, k' = 29, p = 15
    assert hamming_concentration(4, 6) == 4               # seed 000 §3: min(a, b)
    with pytest.raises(ValueError, match="network_radix"):
        slimfly_concentration(0)


def test_gcc():
    assert sorted(gcc_sizes(palmtree(4, 2))) == [18, 18]
    with pytest.raises(ValueError, match="kind"):
        gcc_sizes(petersen(), "global")


# --- report / CLI ----------------------------------------------------------------------------
KEYS = {"routers", "links", "endpoints", "degree_min", "degree_max", "diameter", "average_distance", "moore_bound",
        "automorphisms", "vertex_orbits", "vertex_transitive", "edge_transitive"}


def test_report_keys():
    d = invariants(palmtree(4, 2))
    assert KEYS | {"avg_hops_by_kind", "alpha", "gcc_sizes"} <= set(d)
    json.dumps(d)
    d = invariants(Topology(4, [0, 1, 2, 0], [1, 2, 3, 3]))
    assert KEYS <= set(d) and "alpha" not in d and "gcc_sizes" not in d
    assert d["automorphisms"] == 8 and d["edge_transitive"]


def test_cli_json_slimfly(capsys):
    assert main(["invariants", "slimfly", "--q", "5", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert KEYS <= set(d)
    # seed 002 §II-A: the q = 5 MMS graph is Hoffman-Singleton, meeting the Moore bound 50
    assert (d["routers"], d["diameter"], d["moore_bound"], d["automorphisms"]) == (50, 2, 50, 252000)


def test_cli_csv(tmp_path, capsys):
    write_csv(palmtree(4, 2), tmp_path / "df")
    assert main(["invariants", "--csv", str(tmp_path / "df"), "--json", "--no-automorphisms"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["routers"] == 36 and d["diameter"] == 3 and d["automorphisms"] is None and d["gcc_sizes"] == [18, 18]


def test_cli_text_output_has_a_title_line(capsys):
    assert main(["invariants", "petersen"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("== petersen") and "routers: 10" in lines


def test_cli_bad_input(capsys):
    assert main(["invariants", "slimfly", "--q", "6", "--json"]) == 2
    assert "error" in capsys.readouterr().err


def test_three_level_hamming_alpha_beta():
    """Seed 000 §8 Table IV: the 3-level Hamming network (a = b = c, kinds per dimension) has α = β = 1."""
    a = 3
    vid = np.arange(a ** 3).reshape(a, a, a)
    iu, iv = np.triu_indices(a, 1)
    us, vs, ks = [], [], []
    for dim in range(3):
        x, y = np.moveaxis(vid, dim, 0)[iu], np.moveaxis(vid, dim, 0)[iv]
        us.append(x.ravel())
        vs.append(y.ravel())
        ks.append(np.full(x.size, dim))
    top = Topology(a ** 3, np.concatenate(us), np.concatenate(vs), np.concatenate(ks), ("local", "middle", "global"))
    d = invariants(top)
    assert d["alpha"] == pytest.approx(1.0) and d["beta"] == pytest.approx(1.0)
    assert d["vertex_transitive"] and d["diameter"] == 3
