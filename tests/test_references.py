"""The bibliography shipped in the package (topoanalysis.references)."""

import pytest

from topoanalysis.cli import main
from topoanalysis.cli.reproduce_cmd import FIGURES, SECTIONS
from topoanalysis.references import PAPERS, REFERENCES, SEEDS, bibliography, cite, reference


def test_the_five_papers_by_key_seed_number_and_figure_name():
    assert [p.short for p in PAPERS] == ["Camarero et al. 2014", "García et al. 2014", "Besta & Hoefler 2014",
                                         "Han et al. 2017", "Hastings et al. 2015"]
    for i, paper in enumerate(PAPERS):
        assert reference(paper.key) is paper
        assert reference(f"{i:03d}") is paper
        assert reference(f"seed{i:03d}") is paper
        assert reference(f"seed{i:03d}-fig5") is paper
        assert reference(paper.short) is paper and reference(paper.short.upper()) is paper
        assert SEEDS[f"{i:03d}"] == paper.key
    assert cite("camarero2014", "§4.1.2") == "Camarero et al. 2014, §4.1.2"
    assert reference("camarero2014").link == "https://doi.org/10.1145/2677038"


def test_every_reference_is_complete_and_unknown_keys_say_what_is_known():
    for key, ref in REFERENCES.items():
        assert ref.key == key and ref.authors and ref.title and ref.venue and 1950 < ref.year < 2100
        assert str(ref.year) in ref.full()
    assert bibliography().count("\n") == len(REFERENCES) - 1
    with pytest.raises(KeyError, match="camarero2014"):
        reference("seed009")


def test_reproduce_list_names_each_figures_paper(capsys):
    assert main(["reproduce", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # one line per figure, then a blank line and the note on how the time estimates are made
    assert lines[len(FIGURES)] == "" and lines[len(FIGURES) + 1].startswith("[time on one core")
    for line, name in zip(lines[:len(FIGURES)], FIGURES, strict=True):
        assert line.startswith(name)
        assert reference(name).short + (f", {SECTIONS[name]}: " if name in SECTIONS else ", Fig. ") in line


def test_no_citation_by_seed_number_left_in_the_package_or_the_proofs():
    """Docstrings, help texts and messages cite papers by author and year (a reader has no seeds
    folder; the README says which number each paper has).  Names such as ``seed001-fig6`` or the
    model ``seed001`` have no space and stay."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    pattern = re.compile(r"\b[Ss]eeds? \d{3}\b")
    found = [f"{p.relative_to(root)}:{i}"
             for d in ("topoanalysis", "proofs", "sim")
             for p in sorted((root / d).rglob("*")) if p.suffix in (".py", ".toml", ".md")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, found
