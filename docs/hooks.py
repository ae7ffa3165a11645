"""MkDocs hooks: pages generated from the code at build time, so that they cannot drift from it.

- ``<!-- cli-reference -->`` (docs/cli.md) becomes every subcommand of ``topoanalysis`` with its
  description, usage and a table of every option, after the main help's conventions (output
  files, seeds), read from the argparse parser
  (:func:`topoanalysis.cli.make_parser`).
- ``<!-- bibliography -->`` (docs/bibliography.md) becomes :func:`topoanalysis.references.bibliography`.
- ``<!-- reproduce-list -->`` becomes what ``topoanalysis reproduce --list`` prints.
- ``<!-- routings -->`` becomes the routing registry's table (``sim.routings.routing_list``).
- Sphinx roles in docstrings (``:func:`` before a name) are dropped from the rendered pages.
- Every script of ``examples/`` is run when the build starts; its figures join the site under
  ``examples/`` and ``<!-- example-output NAME -->`` becomes what it printed.  A failing example
  fails the build.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _option_row(action: argparse.Action) -> str | None:
    if action.help == argparse.SUPPRESS:
        return None
    if action.option_strings:
        metavar = ""
        if action.nargs != 0:
            metavar = action.metavar or action.dest.upper()
            if action.choices and not action.metavar:
                metavar = "{" + ",".join(map(str, action.choices)) + "}"
        flags = ", ".join(f"`{s} {metavar}`" if metavar else f"`{s}`" for s in action.option_strings)
    else:
        flags = f"`{action.metavar or action.dest}` (positional)"
    default = action.default
    if isinstance(action, (argparse._StoreTrueAction, argparse._StoreFalseAction, argparse._HelpAction,
                           argparse._VersionAction)) or default in (None, argparse.SUPPRESS):
        shown = ""
    else:
        shown = f"`{default}`"
    return f"| {flags} | {shown} | {_cell(action.help or '')} |"


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_reference() -> str:
    """Markdown for every subcommand and option of the ``topoanalysis`` parser."""
    from topoanalysis.cli import make_parser

    parser = make_parser()
    out = ["## topoanalysis", "", "```text", parser.format_usage().strip(), "```", "",
           "| option | default | meaning |", "|---|---|---|"]
    out += [r for a in parser._actions if not isinstance(a, argparse._SubParsersAction)
            if (r := _option_row(a))]
    # the conventions every command shares (output files, seeds), said once here as in --help
    out += ["", "```text", (parser.epilog or "").strip("\n"), "```"] if parser.epilog else []
    for name, sub in _subparsers(parser).items():
        out += ["", f"## topoanalysis {name}", "", "```text", sub.format_usage().strip(), "```", ""]
        # descriptions are the command modules' docstrings: indented lines are example commands
        desc = (sub.description or "").strip("\n")
        out += ["```text", desc, "```", ""] if desc else []
        rows = [r for a in sub._actions if (r := _option_row(a))]
        out += ["| option | default | meaning |", "|---|---|---|", *rows]
    return "\n".join(out) + "\n"


def reproduce_list() -> str:
    """What ``topoanalysis reproduce --list`` prints."""
    import contextlib
    import io

    from topoanalysis.cli import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main(["reproduce", "--list"])
    return buf.getvalue().rstrip("\n")


def routing_table() -> str:
    from sim.routings import routing_list

    return routing_list(markdown=True)


EXAMPLES = ROOT / "examples"
_outputs: dict[str, str] = {}
_tmp: tempfile.TemporaryDirectory | None = None


def run_examples(outdir: Path) -> dict[str, str]:
    """Run each ``examples/*.py`` with ``outdir`` as its argument; name -> what it printed."""
    # one thread per simulation (the same output for any number): the one-thread engines the test
    # suite compiled, not the threaded ones compiled again
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "MPLBACKEND": "Agg", "TOPOANALYSIS_SIM_THREADS": os.environ.get("TOPOANALYSIS_SIM_THREADS", "1")}
    printed = {}
    for script in sorted(EXAMPLES.glob("*.py")):
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, str(script), str(outdir)], cwd=outdir, env=env,
                           capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            raise RuntimeError(f"examples/{script.name} failed (status {r.returncode}):\n{r.stderr[-3000:]}")
        printed[script.stem] = r.stdout.replace(str(outdir) + os.sep, "")
        print(f"INFO    -  examples/{script.name}: {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return printed


def on_files(files, config):
    """Run the examples and add the figures they draw to the site (``examples/NAME.png``)."""
    from mkdocs.structure.files import File

    global _tmp, _outputs
    _tmp = tempfile.TemporaryDirectory(prefix="topoanalysis-examples-")
    out = Path(_tmp.name)
    _outputs = run_examples(out)
    for png in sorted(out.glob("*.png")):
        files.append(File.generated(config, f"examples/{png.name}", abs_src_path=str(png)))
    return files


def on_post_build(config):
    global _tmp
    if _tmp is not None:
        _tmp.cleanup()
        _tmp = None


_ROLE = re.compile(r":(?:func|mod|class|meth|attr|data|exc|obj):(?=<code>)")


def on_page_content(html: str, page, config, files) -> str:  # noqa: ARG001 (MkDocs hook signature)
    """Docstrings use Sphinx roles (:func:`name`); Markdown renders the name as code and leaves the
    role in front of it, which is dropped here."""
    return _ROLE.sub("", html)


def on_page_markdown(markdown: str, page, config, files) -> str:  # noqa: ARG001 (MkDocs hook signature)
    for name, text in _outputs.items():
        markdown = markdown.replace(f"<!-- example-output {name} -->", f"```text\n{text.rstrip()}\n```")
    if "<!-- cli-reference -->" in markdown:
        markdown = markdown.replace("<!-- cli-reference -->", cli_reference())
    if "<!-- bibliography -->" in markdown:
        from topoanalysis.references import bibliography

        markdown = markdown.replace("<!-- bibliography -->", bibliography(markdown=True))
    if "<!-- reproduce-list -->" in markdown:
        markdown = markdown.replace("<!-- reproduce-list -->", reproduce_list())
    if "<!-- routings -->" in markdown:
        markdown = markdown.replace("<!-- routings -->", routing_table())
    return markdown
