"""Every test that carries a strict xfail has a passing companion that pins our value.

An xfail records that the paper says one thing and we compute another; while it stays an xfail,
a change of *our* number would go unnoticed. So each test ``test_x`` that carries an xfail (in a
decorator, through a ``pytest.param`` mark built by a helper, or imperatively in its body) has a
test ``test_x_ours`` in the same module, without an xfail, that asserts the value we compute (to
a stated tolerance, or exactly where it comes from a recorded and rerun figure). The pairing is
read from the sources with ``ast``, so no test module is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIN_SUFFIX = "_ours"

#: xfails without a pin, and why none can be written (none today: every disagreement has a value of ours)
UNPINNED: set[str] = set()


#: xfails whose pin has another name: the pin
PINNED_AS = {"test_seed002_fig6.py::test_worst_case_matches_the_paper": "test_worst_case_ours"}


def _is_xfail(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "xfail"


def _top_level_names(tree: ast.Module) -> dict[str, ast.AST]:
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update((t.id, node) for t in targets if isinstance(t, ast.Name))
    return names


def xfail_tests(source: str) -> tuple[dict[str, ast.FunctionDef], dict[str, ast.FunctionDef]]:
    """(tests carrying an xfail, all tests) of a module, by name.

    A module-level helper or constant is tainted when it builds an xfail or refers to a tainted
    name; a test carries an xfail when its decorators build one or refer to a tainted name, or its
    body calls ``pytest.xfail``.
    """
    tree = ast.parse(source)
    top = _top_level_names(tree)
    tainted = {n for n, node in top.items() if not n.startswith("test_") and any(map(_is_xfail, ast.walk(node)))}
    grew = True
    while grew:
        grew = False
        for name, node in top.items():
            if name not in tainted and not name.startswith("test_") and any(
                    isinstance(n, ast.Name) and n.id in tainted for n in ast.walk(node)):
                tainted.add(name)
                grew = True
    tests = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}

    def carries(fn: ast.FunctionDef) -> bool:
        in_decorators = any(_is_xfail(n) or (isinstance(n, ast.Name) and n.id in tainted)
                            for d in fn.decorator_list for n in ast.walk(d))
        return in_decorators or any(_is_xfail(n) for s in fn.body for n in ast.walk(s))

    return {n: fn for n, fn in tests.items() if carries(fn)}, tests


def missing_pins(name: str, source: str) -> list[str]:
    carrying, tests = xfail_tests(source)
    problems = []
    for test in carrying:
        if f"{name}::{test}" in UNPINNED:
            continue
        pin = PINNED_AS.get(f"{name}::{test}", test + PIN_SUFFIX)
        if pin not in tests:
            problems.append(f"{name}::{test} has no pin {pin}")
        elif pin in carrying:
            problems.append(f"{name}::{pin} pins {test} but carries an xfail itself")
    return problems


def _suite_files() -> list[Path]:
    return sorted(p for d in ("tests", "proofs") for p in (ROOT / d).rglob("test_*.py"))


def test_every_xfail_has_a_pin():
    problems, carrying = [], 0
    for path in _suite_files():
        source = path.read_text()
        problems += missing_pins(path.name, source)
        carrying += len(xfail_tests(source)[0])
    assert not problems, "\n".join(problems)
    assert carrying > 40   # the scan sees the suite's xfails (a broken scan would find none and pass)


def test_unpinned_exceptions_still_carry_an_xfail():
    carrying = {f"{p.name}::{t}" for p in _suite_files() for t in xfail_tests(p.read_text())[0]}
    assert UNPINNED <= carrying


SAMPLE = '''
import pytest

GAPS = {"a": "[known] paper 1, ours 2"}

def _mark(key):
    return pytest.param(key, marks=[pytest.mark.xfail(strict=True, reason=GAPS[key])] if key in GAPS else [])

CASES = [_mark(k) for k in "ab"]

@pytest.mark.xfail(strict=True, reason="[known] paper 1, ours 2")
def test_decorated(): ...

def test_decorated_ours(): ...

@pytest.mark.parametrize("key", CASES)
def test_through_a_helper(key): ...

def test_imperative():
    pytest.xfail("[known] paper 1, ours 2")

def test_imperative_ours():
    pytest.xfail("[known] paper 1, ours 2")

def test_plain(): ...
'''


def test_scan_finds_each_way_of_marking_and_the_missing_pins():
    carrying, tests = xfail_tests(SAMPLE)
    assert set(carrying) == {"test_decorated", "test_through_a_helper", "test_imperative", "test_imperative_ours"}
    assert len(tests) == 6
    assert missing_pins("t.py", SAMPLE) == [
        "t.py::test_through_a_helper has no pin test_through_a_helper_ours",
        "t.py::test_imperative_ours pins test_imperative but carries an xfail itself",
        "t.py::test_imperative_ours has no pin test_imperative_ours_ours",
    ]
