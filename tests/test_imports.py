"""The package's module graph: no import cycles between the library's own modules.

Lazy imports inside functions count too: a cycle that only shows at call time is still two
modules that each need the other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, module: str) -> set[str]:
    """Modules of this repository that ``path`` imports (``from . import x`` resolved)."""
    pkg = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [f"{target}.{a.name}" for a in node.names]
            out.update(n for n in names if n.split(".")[0] in ("topoanalysis", "sim"))
            out.add(target)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m.split(".")[0] in ("topoanalysis", "sim")}


def module_graph() -> nx.DiGraph:
    files = [p for pkg in ("topoanalysis", "sim") for p in (ROOT / pkg).rglob("*.py")]
    mods = {_module(p): p for p in files}
    g = nx.DiGraph()
    g.add_nodes_from(mods)
    for name, path in mods.items():
        for dep in _imports(path, name):
            # ``from .pkg import name`` names a module or a name inside one: keep the module
            while dep and dep not in mods:
                dep = dep.rsplit(".", 1)[0] if "." in dep else ""
            # a module importing its own package's __init__ (``from . import x``) is not a cycle
            if dep and dep != name and not name.startswith(dep + "."):
                g.add_edge(name, dep)
    return g


def test_no_import_cycles_between_modules() -> None:
    cycles = sorted(sorted(c) for c in nx.simple_cycles(module_graph()))
    assert cycles == [], f"import cycles: {cycles}"


def test_the_graph_sees_known_edges() -> None:
    g = module_graph()
    assert g.has_edge("topoanalysis.bisection.gcc", "topoanalysis.bisection.exact")
    assert g.has_edge("sim.simulator", "topoanalysis.checks")
    assert not g.has_edge("topoanalysis.bisection.exact", "topoanalysis.bisection.gcc")


def test_dir_lists_the_lazy_public_api():
    import topoanalysis as ta

    listed = dir(ta)
    for name in ta.__all__:
        assert name in listed, name
        assert getattr(ta, name) is not None


def test_cli_version():
    import subprocess
    import sys

    import topoanalysis as ta

    out = subprocess.run([sys.executable, "-m", "topoanalysis", "--version"], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == f"topoanalysis {ta.__version__}"
