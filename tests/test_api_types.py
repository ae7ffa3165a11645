"""The library API refuses values of the wrong type as the CLI does: a ValueError naming the
parameter, never an AttributeError from deep inside, and never a string read as a boolean."""

from __future__ import annotations

import numpy as np
import pytest

import topoanalysis as ta
from topoanalysis.checks import check_bool, check_text


@pytest.fixture(scope="module")
def df():
    return ta.build("dragonfly", a=4, h=2, p=2)


@pytest.mark.parametrize(("kw", "name"), [
    (dict(traffic=None), "traffic"),
    (dict(traffic=np.arange(72)), "traffic"),
    (dict(traffic=7), "traffic"),
    (dict(change_traffic=5, change_cycle=10), "change_traffic"),
    (dict(routing=3), "routing"),
    (dict(routing=None), "routing"),
    (dict(per_link="no"), "per_link"),
    (dict(progress="yes"), "progress"),
    (dict(eager_wakeup=1), "eager_wakeup"),
    (dict(full_scan=None), "full_scan"),
    (dict(cache_candidates="false"), "cache_candidates"),
])
def test_simulate_refuses_wrong_types_naming_the_parameter(df, kw, name):
    args = dict(routing="min", traffic="uniform", load=0.1, cycles=10)
    args.update(kw)
    with pytest.raises(ValueError, match=f"^{name} must be"):
        ta.simulate(df, **args)


def test_numpy_booleans_are_booleans(df):
    res = ta.simulate(df, "min", "uniform", 0.1, cycles=50, per_link=np.bool_(True))
    assert "link_utilisation_per_arc" in res.details


@pytest.mark.parametrize("bad", ["no", "False", 0, 1, None, [True]])
def test_check_bool(bad):
    with pytest.raises(ValueError, match="flag must be True or False"):
        check_bool("flag", bad)
    assert check_bool("flag", True) is True and check_bool("flag", np.bool_(False)) is False


def test_check_text():
    assert check_text("name", "x", "a name") == "x"
    with pytest.raises(ValueError, match="name must be a name, got int 3"):
        check_text("name", 3, "a name")


@pytest.mark.parametrize(("family", "given", "missing"), [("slimfly", {}, "q"), ("lhhc", {"n": 5}, "hops")])
def test_a_missing_family_parameter_is_named(family, given, missing):
    with pytest.raises(ValueError, match=f"family '{family}' needs parameter\\(s\\) {missing} "
                                         f"\\(on the command line --{missing}\\)"):
        ta.build(family, **given)


def test_the_cli_names_a_missing_family_parameter(capsys):
    from topoanalysis.cli import main

    assert main(["build", "slimfly"]) == 2
    assert "needs parameter(s) q (on the command line --q)" in capsys.readouterr().err


@pytest.mark.parametrize("bad", [None, 3, 1.5, b"dir", "", ["a"]])
def test_paths_must_be_paths(tmp_path, df, bad):
    with pytest.raises(ValueError, match="^directory must be a file system path"):
        ta.read_csv(bad)
    with pytest.raises(ValueError, match="must be a file system path"):
        ta.write_csv(df, bad)


@pytest.mark.parametrize("bad", ["yes", None, 1])
def test_overwrite_must_be_a_boolean(tmp_path, df, bad):
    with pytest.raises(ValueError, match="^overwrite must be True or False"):
        ta.write_csv(df, tmp_path / "out", overwrite=bad)
    assert not (tmp_path / "out").exists()


READERS = ["from_graphml", "from_edgelist", "from_node_link_json", "from_booksim_anynet"]


@pytest.mark.parametrize("reader", READERS)
def test_readers_name_the_file_that_is_not_text_or_not_a_file(tmp_path, reader):
    from topoanalysis.io import formats

    fn = getattr(formats, reader)
    binary = tmp_path / "damaged.bin"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    with pytest.raises(ValueError, match="damaged.bin"):
        fn(binary)
    with pytest.raises(ValueError, match="is not a file"):
        fn(tmp_path)
    with pytest.raises(ValueError, match="^path must be a file system path"):
        fn(None)


def test_an_edge_list_naming_a_huge_router_is_refused_before_allocation(tmp_path):
    from topoanalysis.io.formats import from_edgelist

    p = tmp_path / "huge.txt"
    p.write_text("0 1\n1 99999999999\n")
    with pytest.raises(ValueError, match=r"huge.txt: 100000000000 routers .* above the limit"):
        from_edgelist(p)


@pytest.mark.parametrize("bad", [None, 3, ["dragonfly"]])
def test_a_family_name_must_be_a_string(bad):
    with pytest.raises(ValueError, match="^family must be a family name"):
        ta.build(bad)


@pytest.mark.parametrize("n", range(1, 9))
def test_lhhc_is_refused_rather_than_built_with_duplicate_or_missing_links(n):
    # a long hop equal to a cube link or to another long hop would build a multigraph silently
    for hops in range(1, 7):
        try:
            top = ta.build("lhhc", n=n, hops=hops)
        except ValueError as exc:
            assert str(exc).startswith("hops: ")
            continue
        deg = np.bincount(np.concatenate([top.u, top.v]), minlength=top.n_routers)
        assert (deg == n + hops).all()
        pairs = set(zip(top.u.tolist(), top.v.tolist()))
        assert len(pairs) == top.u.size


def test_a_bisection_result_prints_on_one_short_line(df):
    from topoanalysis.bisection import exact_bisection

    res = exact_bisection(ta.build("dragonfly", a=4, h=2, p=2))
    text = repr(res)
    assert "\n" not in text and len(text) < 200
    assert text.startswith("BisectionResult(bandwidth=20, optimal, crossing={'local': 4, 'global': 16}")
    assert "routers=36, side=18" in text
