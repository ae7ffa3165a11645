"""The ``topoanalysis build`` command and the shared ``--csv`` argument (in-process, plus one subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from topoanalysis import build
from topoanalysis.cli import main
from topoanalysis.io.csv import read_csv
from topoanalysis.io.formats import from_booksim_anynet, from_edgelist, from_graphml, from_node_link_json


def test_build_writes_csv_and_reads_back(tmp_path, cli):
    code, out, err = cli("build", "slimfly", "--q", "5", "--out", str(tmp_path / "sf"))
    assert code == 0 and err == ""
    assert "50 routers, 175 links" in out  # seed 002 §II-A: Hoffman-Singleton, 50 vertices, 175 edges
    top = read_csv(tmp_path / "sf")
    ref = build("slimfly", q=5)
    assert top.same_network(ref) and top.params == ref.params
    assert (tmp_path / "sf" / "routers.csv").read_text().splitlines()[0] == "router,endpoints,s,x,y"


def test_build_without_out_prints_summary_json(cli):
    code, out, _ = cli("build", "petersen", "--p", "2")
    assert code == 0
    summary = json.loads(out)
    assert summary == build("petersen", p=2).summary()
    assert summary["routers"] == 10 and summary["links"] == 15 and summary["endpoints"] == 20


@pytest.mark.parametrize("fmt, reader", [("graphml", from_graphml), ("edgelist", from_edgelist),
                                         ("booksim", from_booksim_anynet), ("json", from_node_link_json)])
def test_build_other_formats(tmp_path, cli, fmt, reader):
    path = tmp_path / f"hs.{fmt}"
    code, _, err = cli("build", "hoffman_singleton", "--p", "1", "--format", fmt, "--out", str(path))
    assert code == 0, err
    back = reader(path)
    ref = build("hoffman_singleton", p=1)
    assert back.n_routers == 50 and back.n_links == 175 and back.n_endpoints == 50
    if fmt in ("graphml", "json"):
        assert back.same_network(ref)


def test_convert_csv_directory_to_graphml(tmp_path, cli):
    assert cli("build", "petersen", "--out", str(tmp_path / "p"))[0] == 0
    code, _, _ = cli("build", "--csv", str(tmp_path / "p"), "--format", "graphml", "--out", str(tmp_path / "p.xml"))
    assert code == 0 and from_graphml(tmp_path / "p.xml").same_network(build("petersen"))


def test_hand_written_csv_directory(tmp_path, cli):
    d = tmp_path / "mine"
    d.mkdir()
    (d / "links.csv").write_text("u,v,kind\n0,1,copper\n1,2,fibre\n2,0,copper\n")
    (d / "routers.csv").write_text("router,endpoints,rack\n0,4,0\n1,4,0\n2,2,1\n")
    code, out, err = cli("build", "--csv", str(d))
    assert code == 0, err
    s = json.loads(out)
    assert s["family"] == "custom" and s["routers"] == 3 and s["endpoints"] == 10
    assert s["links_per_kind"] == {"copper": 2, "fibre": 1} and s["label_columns"] == ["rack"]


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("argv, needle", [
    (["build", "slimfly", "--q", "6"], "q"),                              # generator rule: q prime power
    (["build", "slimfly", "--q", "five"], "--q"),                         # argparse type error
    (["build", "petersen", "--q", "3"], "--q"),                           # parameter the family does not take
    (["build", "nosuchfamily"], "FAMILY"),                                # unknown family
    (["build"], "FAMILY"),                                                # nothing to build
    (["build", "petersen", "--format", "graphml"], "--out"),             # file format needs --out
    (["build", "petersen", "--format", "xml", "--out", "x"], "--format"),
    (["build", "petersen", "--merge-parallel", "--out", "x"], "--merge-parallel"),
])
def test_bad_arguments_exit_2_with_one_line_error(cli, argv, needle):
    code, out, err = cli(*argv)
    assert code == 2
    line = err.strip().splitlines()[-1]  # argparse prints its usage first, then the one error line
    assert "error:" in line and needle in line and "Traceback" not in err


def test_generator_value_error_is_a_single_clean_line(cli):
    code, _, err = cli("build", "slimfly", "--q", "6")
    assert code == 2
    assert one_line_error(err).startswith("topoanalysis build: error: ") and "q=6" in err


def test_malformed_csv_reports_file_and_line(tmp_path, cli):
    d = tmp_path / "bad"
    d.mkdir()
    (d / "links.csv").write_text("u,v,kind\n0,1,a\n1,1,a\n")
    code, _, err = cli("build", "--csv", str(d))
    assert code == 2
    assert one_line_error(err) == "topoanalysis build: error: links.csv line 3: self-loop at router 1: " \
                                  "a link must join two different routers"


def test_csv_with_family_is_refused(tmp_path, cli):
    code, _, err = cli("build", "petersen", "--csv", str(tmp_path))
    assert code == 2 and "--csv" in one_line_error(err)


def test_out_refuses_non_empty_directory_unless_force(tmp_path, cli):
    d = tmp_path / "out"
    d.mkdir()
    (d / "notes.txt").write_text("mine")
    code, _, err = cli("build", "petersen", "--out", str(d))
    assert code == 2 and "--force" in one_line_error(err)
    assert (d / "notes.txt").exists()
    code, _, _ = cli("build", "petersen", "--out", str(d), "--force")
    assert code == 0 and not (d / "notes.txt").exists() and read_csv(d).n_routers == 10


def test_booksim_with_parallel_links_needs_merge_flag(tmp_path, cli):
    d = tmp_path / "tr"
    d.mkdir()
    (d / "links.csv").write_text("u,v\n0,1\n0,1\n1,2\n")
    (d / "routers.csv").write_text("router,endpoints\n0,1\n1,1\n2,1\n")
    code, _, err = cli("build", "--csv", str(d), "--format", "booksim", "--out", str(tmp_path / "n"))
    assert code == 2 and "parallel links" in one_line_error(err)
    code, _, _ = cli("build", "--csv", str(d), "--format", "booksim", "--out", str(tmp_path / "n"),
                     "--merge-parallel")
    assert code == 0 and from_booksim_anynet(tmp_path / "n").n_links == 2


def test_python_dash_m_subprocess(tmp_path):
    repo = Path(__file__).resolve().parents[1]
    ok = subprocess.run([sys.executable, "-m", "topoanalysis", "build", "petersen", "--out", str(tmp_path / "p")],
                        capture_output=True, text=True, cwd=repo, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert read_csv(tmp_path / "p").same_network(build("petersen"))
    bad = subprocess.run([sys.executable, "-m", "topoanalysis", "build", "slimfly", "--q", "1"],
                         capture_output=True, text=True, cwd=repo, timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert one_line_error(bad.stderr).startswith("topoanalysis build: error:") and "q" in bad.stderr


def test_family_with_missing_generator_is_a_clean_error(cli, monkeypatch):
    from topoanalysis import families

    monkeypatch.setitem(families.FAMILIES, "ghost", "topoanalysis.generators.no_such_module:ghost")
    code, _, err = cli("build", "ghost")
    assert code == 2 and "family 'ghost': generator" in one_line_error(err) and "not available" in err


@pytest.mark.parametrize("switch, ring, kinds", [("--ring", True, ["ring", "shortcut"]), ("--no-ring", False, ["link"])])
def test_random_ring_switch(cli, switch, ring, kinds):
    """``--ring/--no-ring`` selects seed 002's DLN (ring + shortcuts) or a plain random regular graph."""
    code, out, _ = cli("build", "random", "--n", "20", "--degree", "4", switch)
    assert code == 0
    summary = json.loads(out)
    assert summary["params"]["ring"] is ring and summary["kind_names"] == kinds
    assert summary["links"] == 40


def test_switch_on_family_without_it_is_refused(cli):
    code, _, err = cli("build", "dragonfly", "--a", "4", "--h", "2", "--ring")
    assert code == 2 and "does not take --ring" in err


def test_closed_pipe_is_quiet(monkeypatch):
    """``topoanalysis … | head``: when the reader has gone, exit 141 without a traceback."""
    r, w = os.pipe()
    os.close(r)  # the reader is gone before anything is written
    out = os.fdopen(w, "w")
    monkeypatch.setattr(sys, "stdout", out)
    try:
        assert main(["invariants", "petersen"]) == 141
    finally:
        monkeypatch.undo()
        out.close()
