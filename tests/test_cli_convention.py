"""One CLI convention (issue 40): ``-o/--output`` for every file a command writes, one paragraph
on seeds in the help of every command that takes one, errors that name flags, not keywords."""

from __future__ import annotations

import argparse

import pytest

from topoanalysis import build
from topoanalysis.cli import make_parser
from topoanalysis.cli.common import SEEDS_HELP
from topoanalysis.io.csv import read_csv
from topoanalysis.io.formats import from_graphml

#: option spellings that name a file the command writes (old ones included)
_OUTPUT_SPELLINGS = {"-o", "--output", "--out", "--plot"}


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = make_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _writes_a_file(command: argparse.ArgumentParser) -> bool:
    return any(set(a.option_strings) & _OUTPUT_SPELLINGS or a.dest in ("output", "out", "plot")
               for a in command._actions)


def _options(command: argparse.ArgumentParser) -> set[str]:
    return {s for a in command._actions for s in a.option_strings}


def test_the_commands_that_write_files_are_found():
    # the walk below would pass vacuously if it found nothing: these are known to write files
    writers = {name for name, cmd in _commands().items() if _writes_a_file(cmd)}
    assert {"build", "bisect", "sweep", "plot", "draw", "reproduce"} <= writers


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_that_writes_a_file_takes_dash_o(name):
    command = _commands()[name]
    if not _writes_a_file(command):
        pytest.skip(f"{name} writes no file")
    output = [a for a in command._actions if "-o" in a.option_strings]
    assert len(output) == 1 and "--output" in output[0].option_strings, name
    assert output[0].dest == "output"
    # an old spelling is the same destination, hidden from the help
    for a in command._actions:
        if set(a.option_strings) & {"--out"} or (name == "bisect" and "--plot" in a.option_strings):
            assert a.dest == "output" and a.help == argparse.SUPPRESS


def test_build_dash_o_and_the_old_out(tmp_path, cli):
    code, out, err = cli("build", "petersen", "-o", str(tmp_path / "new"))
    assert code == 0 and err == "" and "wrote csv" in out
    code, _, err = cli("build", "petersen", "--out", str(tmp_path / "old"))  # scripts written before
    assert code == 0 and err == ""
    assert read_csv(tmp_path / "new").same_network(read_csv(tmp_path / "old"))
    code, _, _ = cli("build", "petersen", "--format", "graphml", "--output", str(tmp_path / "p.xml"))
    assert code == 0 and from_graphml(tmp_path / "p.xml").same_network(build("petersen"))


def test_build_file_format_without_output_names_the_flag(cli):
    code, _, err = cli("build", "petersen", "--format", "graphml")
    assert code == 2 and "-o/--output" in err


def test_bisect_envelope_image_with_dash_o_and_the_old_plot(tmp_path, cli):
    base = ["bisect", "dragonfly", "--a", "2", "--h", "1", "--envelope", "0:2"]
    assert cli(*base, "-o", str(tmp_path / "new.png"))[0] == 0
    assert cli(*base, "--plot", str(tmp_path / "old.png"))[0] == 0
    assert (tmp_path / "new.png").stat().st_size > 1000 and (tmp_path / "old.png").stat().st_size > 1000
    code, _, err = cli("bisect", "petersen", "-o", str(tmp_path / "x.png"))
    assert code == 2 and "--envelope" in err and not (tmp_path / "x.png").exists()


def test_help_states_the_output_convention(capsys):
    with pytest.raises(SystemExit):
        make_parser().parse_args(["--help"])
    out = capsys.readouterr().out
    assert "-o/--output" in out and "--plot IMAGE" in out


def test_version(capsys):
    from topoanalysis import __version__

    with pytest.raises(SystemExit) as exc:
        make_parser().parse_args(["--version"])
    assert exc.value.code == 0 and capsys.readouterr().out.strip() == f"topoanalysis {__version__}"


def test_the_seed_paragraph_explains_every_seed_option():
    for option in ("--seed N", "--sim-seed N", "--failure-seed N", "--seeds N"):
        assert option in SEEDS_HELP
    assert "same seeds gives the same numbers" in SEEDS_HELP


@pytest.mark.parametrize("name", sorted(_commands()))
def test_the_seed_paragraph_is_in_the_help_of_every_command_with_a_seed(name):
    command = _commands()[name]
    seeds = {s for s in _options(command) if "seed" in s}
    if not seeds:
        pytest.skip(f"{name} takes no seed")
    text = command.format_help()
    assert SEEDS_HELP in text, name
    for option in seeds:  # and each of its options points to it
        action = next(a for a in command._actions if option in a.option_strings)
        assert "seeds:" in (action.help or ""), option


def test_the_main_help_has_the_seed_paragraph(capsys):
    with pytest.raises(SystemExit):
        make_parser().parse_args(["--help"])
    assert SEEDS_HELP in capsys.readouterr().out


def test_same_seed_same_graph_and_failures(cli):
    argv = ["resilience", "random", "--n", "12", "--degree", "3", "--samples", "2", "--json"]
    first = cli(*argv, "--seed", "3")
    assert first[0] == 0
    assert cli(*argv, "--seed", "3")[1] == first[1]


def _last_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("fmt", ["csv", "graphml"])
def test_cli_overwrite_error_names_force_not_the_keyword(tmp_path, cli, fmt):
    target = tmp_path / "t"
    assert cli("build", "petersen", "--format", fmt, "-o", str(target))[0] == 0
    code, _, err = cli("build", "petersen", "--format", fmt, "-o", str(target))
    line = _last_error_line(err).replace(str(target), "PATH")  # the test's name is in tmp_path
    assert code == 2 and "--force" in line and "-o/--output" in line
    assert "=True" not in line and "overwrite" not in line
    assert cli("build", "petersen", "--format", fmt, "-o", str(target), "--force")[0] == 0


def test_library_overwrite_error_names_the_keyword(tmp_path):
    from topoanalysis.checks import OptionError
    from topoanalysis.io.csv import write_csv

    write_csv(build("petersen"), tmp_path / "t")
    with pytest.raises(OptionError, match="exists and is not empty") as exc:
        write_csv(build("petersen"), tmp_path / "t")
    assert "overwrite=True" in str(exc.value) and "--force" not in str(exc.value)


@pytest.mark.parametrize("argv, flag, keyword", [
    (["build", "random", "--n", "4", "--degree", "1"], "--no-ring", "ring=True"),
    (["build", "--csv", "TRUNKED", "--format", "booksim"], "--merge-parallel", "merge_parallel=True"),
    (["build", "petersen", "--format", "booksim"], "--p", "p=1"),
])
def test_cli_errors_name_flags_where_the_library_names_keywords(tmp_path, cli, argv, flag, keyword):
    d = tmp_path / "trunked"  # two parallel links between routers 0 and 1
    d.mkdir()
    (d / "links.csv").write_text("u,v\n0,1\n0,1\n1,2\n")
    (d / "routers.csv").write_text("router,endpoints\n0,1\n1,1\n2,1\n")
    argv = [str(d) if a == "TRUNKED" else a for a in argv]
    if "--format" in argv:
        argv = [*argv, "-o", str(tmp_path / "net")]
    code, _, err = cli(*argv)
    line = _last_error_line(err).replace(str(tmp_path), "TMP")
    assert code == 2 and flag in line and keyword not in line and "=True" not in line


def test_unwritable_output_is_named_as_the_flag(tmp_path, cli):
    code, _, err = cli("build", "petersen", "-o", str(tmp_path / "missing" / "t"))
    line = _last_error_line(err)
    assert code == 2 and line.startswith("topoanalysis build: error: -o/--output: parent directory")


@pytest.mark.parametrize("argv, start", [
    (["resilience", "petersen", "--min-samples", "1", "--max-samples", "4"], "--min-samples must be"),
    (["resilience", "petersen", "--ci", "2"], "--ci must be"),                    # ci_half_width in the library
    (["bisect", "dragonfly", "--a", "2", "--h", "1", "--envelope", "3:1"], "--envelope must have"),  # alpha_range
    (["cost", "slimfly", "--q", "5", "--p", "3", "--router-radix", "2"], "--router-radix must be"),
    (["bisect", "petersen", "--exact", "--time-limit", "-1"], "--time-limit (seconds) must be"),
    (["build", "slimfly", "--q", "6"], "--q must be"),
])
def test_library_keyword_at_the_start_of_an_error_becomes_the_flag(cli, argv, start):
    code, _, err = cli(*argv)
    assert code == 2 and _last_error_line(err).startswith(f"topoanalysis {argv[0]}: error: {start}")


@pytest.mark.parametrize("option", ["--sim-seed", "--seed"])
def test_a_bad_seed_is_refused_by_the_option_given(cli, option):
    code, _, err = cli("simulate", "dragonfly", "--a", "2", "--h", "1", "--p", "1", option, "-1")
    assert code == 2 and f"argument {option}: expected a seed" in err.strip().splitlines()[-1]


def test_cli_wording_leaves_other_messages_alone():
    from topoanalysis.cli import cli_wording

    parser = make_parser()
    assert cli_wording("format booksim: no endpoints", parser, "build") == "format booksim: no endpoints"
    assert cli_wording("seed must be an integer >= 0", parser, "simulate") == "seed must be an integer >= 0"
    assert cli_wording("links.csv line 3: self-loop", parser, "build") == "links.csv line 3: self-loop"
