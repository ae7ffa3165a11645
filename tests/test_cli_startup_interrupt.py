"""Ctrl-C while the command starts (importing numpy, scipy and the CLI, before the CLI's own
interrupt handling runs) ends it with one line and status 130, never a traceback."""

from __future__ import annotations

import sys

import topoanalysis._entry as entry


class _InterruptedImport:
    """A meta-path finder that raises KeyboardInterrupt when the CLI module is imported, as a
    SIGINT arriving during that import does."""

    def find_spec(self, name, path=None, target=None):
        if name == "topoanalysis.cli":
            raise KeyboardInterrupt
        return None


def test_ctrl_c_while_the_cli_is_imported_prints_one_line(monkeypatch, capsys):
    monkeypatch.delitem(sys.modules, "topoanalysis.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_InterruptedImport(), *sys.meta_path])
    assert entry.main() == 130
    err = capsys.readouterr().err
    assert err == "topoanalysis: interrupted (SIGINT)\n"


def test_the_entry_point_runs_the_cli(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["topoanalysis", "--version"])
    try:
        status = entry.main()
    except SystemExit as exc:  # argparse's --version exits
        status = exc.code
    assert status == 0
    assert capsys.readouterr().out.startswith("topoanalysis ")
