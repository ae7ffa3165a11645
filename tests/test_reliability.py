"""Nothing lost, nothing silently wrong: immutable topologies, checked input files, results files
that survive torn rows, symlinks and locks, one-line filesystem errors, and interruptible sweeps."""

from __future__ import annotations

import copy
import json
import pickle

import numpy as np
import pytest

import topoanalysis as ta
from topoanalysis.io.csv import read_csv, write_csv


# -- a Topology cannot change after construction ---------------------------------------------------

def test_params_are_read_only_all_the_way_down(tmp_path):
    top = ta.build("dragonfly", a=4, h=2, p=2, arrangement="palmtree")
    with pytest.raises(TypeError, match="read-only"):
        top.params["a"] = 8
    for change in (lambda: top.params.update(a=8), lambda: top.params.pop("a"), lambda: top.params.setdefault("x", 1),
                   lambda: top.params.clear(), lambda: top.params.popitem()):
        with pytest.raises(TypeError, match="read-only"):
            change()
    with pytest.raises(TypeError, match="read-only"):
        del top.params["a"]
    assert top.params["a"] == 4
    write_csv(top, tmp_path / "df")
    back = read_csv(tmp_path / "df")
    assert back.params == top.params and back.params["a"] == 4 and back.same_network(top)


def test_list_params_are_read_only_and_still_equal_lists():
    top = ta.build("hamming", sizes=[3, 5])
    sizes = top.params["sizes"]
    assert sizes == [3, 5] and top.params == {"sizes": [3, 5], "p": 3}
    for change in (lambda: sizes.append(7), lambda: sizes.__setitem__(0, 9), lambda: sizes.extend([1]),
                   lambda: sizes.sort(), lambda: sizes.pop()):
        with pytest.raises(TypeError, match="read-only"):
            change()
    with pytest.raises(TypeError, match="read-only"):
        sizes += [1]
    assert top.params["sizes"] == [3, 5]
    # callers that rebuild, serialise or copy the parameters keep working
    assert ta.build("hamming", **top.params).same_network(top)
    assert json.loads(json.dumps(top.params)) == {"sizes": [3, 5], "p": 3}
    mutable = dict(top.params)
    mutable["p"] = 1
    assert top.params["p"] == 3


def test_params_stay_read_only_through_pickle_and_copy():
    top = ta.build("hamming", sizes=[3, 4])
    for other in (pickle.loads(pickle.dumps(top.params)), copy.deepcopy(top.params), copy.copy(top.params)):
        assert other == top.params
        with pytest.raises(TypeError):
            other["p"] = 0


def test_labels_and_cached_views_are_read_only():
    top = ta.build("dragonfly", a=4, h=2, p=2, arrangement="palmtree")
    with pytest.raises(TypeError, match="read-only"):
        top.labels["group"] = np.zeros(top.n_routers, dtype=np.int64)
    with pytest.raises(ValueError):
        top.labels["group"][0] = 5
    adj = top.adjacency()
    for arr in (adj.data, adj.indices, adj.indptr, *top.arcs()):
        with pytest.raises(ValueError):
            arr[0] = arr[0]
    with pytest.raises(AttributeError):
        top.params = {}
    with pytest.raises(ValueError):
        top.u[0] = 1


# -- router ids of a topology directory are checked before anything is allocated -------------------

def _links_dir(tmp_path, links: str, meta: dict | None = None):
    d = tmp_path / "t"
    d.mkdir(parents=True)
    (d / "links.csv").write_text(links)
    if meta is not None:
        (d / "topology.json").write_text(json.dumps(meta))
    return d


@pytest.mark.parametrize("router", [99_999_999_999, 100_000_000, 4])
def test_router_id_beyond_the_named_routers_is_refused(tmp_path, router):
    d = _links_dir(tmp_path, f"u,v\n0,1\n1,2\n2,{router}\n")
    with pytest.raises(ValueError, match=rf"^links.csv line 4: router {router}, but links.csv names only 4 routers "
                                         r"\(router 3 is in no link\)"):
        read_csv(d)


def test_router_count_in_topology_json_is_bounded(tmp_path):
    d = _links_dir(tmp_path, "u,v\n0,1\n", {"routers": 99_999_999_999})
    with pytest.raises(ValueError, match=r"^topology.json: 'routers' is 99999999999, above the limit of 16777216"):
        read_csv(d)
    d2 = _links_dir(tmp_path / "x", "u,v\n0,1\n1,99999999999\n", {"routers": 5})
    with pytest.raises(ValueError, match=r"^links.csv line 3: unknown router 99999999999 \(topology.json says 5"):
        read_csv(d2)


def test_routers_named_in_links_only_still_read(tmp_path):
    top = read_csv(_links_dir(tmp_path, "u,v\n2,0\n1,3\n0,1\n"))
    assert top.n_routers == 4 and top.n_links == 3
    isolated = read_csv(_links_dir(tmp_path / "x", "u,v\n0,2\n", {"routers": 3}))
    assert isolated.n_routers == 3
