"""The committed rows of the size figures (Besta & Hoefler 2014, Figs. 1, 5a and 5b; Camarero et al.
2014, Fig. 12) equal what their modules compute now: ``python -m topoanalysis.reproduce.<module> -o
data/<module>.csv`` at the modules' default sizes rewrites each file byte for byte."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from topoanalysis.reproduce import seed000_fig12, seed002_fig1, seed002_fig5a, seed002_fig5b

DATA = Path(__file__).resolve().parents[1] / "data"
MODULES = [seed002_fig1, seed002_fig5a, seed002_fig5b, seed000_fig12]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_the_committed_file_is_what_the_module_writes(module, tmp_path, capsys):
    name = module.__name__.rsplit(".", 1)[1]
    out = tmp_path / f"{name}.csv"
    assert module.main(["-o", str(out)]) == 0
    assert out.read_bytes() == (DATA / f"{name}.csv").read_bytes()


def test_a_row_holds_its_parameters_as_columns():
    with (DATA / "seed002_fig5a.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    sf = [r for r in rows if r["family"] == "SF"]
    assert sf and all(r["param.q"] and not r["param.k"] for r in sf)
    # Besta & Hoefler 2014, §II-B: the Slim Fly of q = 19 has 722 routers of network radix 29
    assert [(int(r["radix"]), int(r["routers"])) for r in sf if r["param.q"] == "19"] == [(29, 722)]
