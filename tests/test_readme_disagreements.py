"""Every strict xfail of the suite is listed in the README's "Where the code and the papers disagree".

A paper figure the code does not reproduce is kept as a strict xfail whose reason gives both
numbers (README, "Tests"). Each entry of that README section starts with a tag in brackets,
``- [seed002-t4-sf-radix] ...``; each xfail's reason names its entry's tag, and the entry must
quote at least two of the numbers the reason states. The reasons are read from the test sources
with ``ast``, so no test module is imported (the simulator's tests would compile it).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Where the code and the papers disagree"
# a tag starts with a letter, so the papers' numbered references ("ref. [39]") are not tags
ENTRY_TAG = re.compile(r"^\s*- \[([a-z][a-z0-9.+-]*)\]", re.MULTILINE)
REASON_TAG = re.compile(r"\[([a-z][a-z0-9.+-]*)\]")
# references name the seed, section, figure or table, not a figure either number could be
REFERENCE = re.compile(r"seed ?\d+|§[\w.\-]+|Figs?\. ?\d+[a-z]?|Table [IVX]+|eq\. ?\(\d+\)|Eq\. ?\(\d+\)")
NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")


@dataclass
class Xfail:
    where: str            # path:line
    strict: bool
    reasons: list[str]    # one per value the reason can take; "{}" where an f-string formats a value
    formatted: bool       # the reason is an f-string: its numbers are only known at collection


class Unresolved(Exception):
    pass


def readme_entries(text: str) -> dict[str, str]:
    """Tag -> text of its entry, from the README's disagreement section (up to the next ``##``)."""
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    section = text[start:] if end < 0 else text[start:end]
    marks = list(ENTRY_TAG.finditer(section))
    entries: dict[str, str] = {}
    for m, nxt in zip(marks, marks[1:] + [None]):
        tag = m.group(1)
        if tag in entries:
            raise ValueError(f"README tag [{tag}] is used twice")
        entries[tag] = section[m.end():nxt.start() if nxt else len(section)]
    return entries


def _numbers(text: str) -> set[str]:
    return set(NUMBER.findall(REFERENCE.sub(" ", text)))


def _assignments(scope: ast.AST, name: str, top_level_only: bool) -> list[ast.expr]:
    stmts = scope.body if top_level_only else ast.walk(scope)
    out = []
    for node in stmts:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            out.append(node.value)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == name \
                and node.value is not None:
            out.append(node.value)
    return out


def _resolve(expr: ast.expr, scopes: list[ast.AST]) -> list[str]:
    """The strings a reason expression can evaluate to, following names to their assignments
    (innermost function first, then the module) and dicts to their values."""
    if isinstance(expr, ast.Constant):
        if isinstance(expr.value, str):
            return [expr.value]
        if expr.value is None:
            return []
    elif isinstance(expr, ast.JoinedStr):
        return ["".join(v.value if isinstance(v, ast.Constant) else "{}" for v in expr.values)]
    elif isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return [a + b for a in _resolve(expr.left, scopes) for b in _resolve(expr.right, scopes)]
    elif isinstance(expr, ast.IfExp):
        return _resolve(expr.body, scopes) + _resolve(expr.orelse, scopes)
    elif isinstance(expr, ast.Dict):
        return [s for v in expr.values for s in _resolve(v, scopes)]
    elif isinstance(expr, ast.Tuple):   # e.g. (ours, reason): the reason is its string
        return [s for e in expr.elts if not (isinstance(e, ast.Constant) and not isinstance(e.value, str))
                for s in _resolve(e, scopes)]
    elif isinstance(expr, ast.Subscript):
        return _resolve(expr.value, scopes)
    elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "get":
        return _resolve(expr.func.value, scopes)
    elif isinstance(expr, ast.Name):
        for i, scope in enumerate(scopes):
            values = _assignments(scope, expr.id, top_level_only=isinstance(scope, ast.Module))
            if values:
                return [s for v in values for s in _resolve(v, scopes[i:])]
    raise Unresolved(ast.unparse(expr))


def _is_formatted(expr: ast.expr, scopes: list[ast.AST]) -> bool:
    if isinstance(expr, ast.Name):
        for i, scope in enumerate(scopes):
            values = _assignments(scope, expr.id, top_level_only=isinstance(scope, ast.Module))
            if values:
                return any(_is_formatted(v, scopes[i:]) for v in values)
    return any(isinstance(n, ast.JoinedStr) for n in ast.walk(expr))


def find_xfails(path: Path, source: str | None = None) -> tuple[list[Xfail], list[str]]:
    """The xfails of one test file, and the problems found on the way (unresolvable reasons,
    xfails that are not strict, bare ``@pytest.mark.xfail``)."""
    source = path.read_text() if source is None else source
    tree = ast.parse(source)
    found: list[Xfail] = []
    problems: list[str] = []

    def visit(node: ast.AST, scopes: list[ast.AST], parent: ast.AST | None) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            scopes = [node] + scopes
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "xfail":
            kw = {k.arg: k.value for k in node.keywords}
            imperative = not ast.unparse(node.func).endswith("mark.xfail")
            reason = kw.get("reason", node.args[0] if imperative and node.args else None)
            strict = "strict" in kw and isinstance(kw["strict"], ast.Constant) and kw["strict"].value is True
            if reason is None:
                problems.append(f"{where}: xfail without a reason")
            else:
                try:
                    found.append(Xfail(where, strict, _resolve(reason, scopes), _is_formatted(reason, scopes)))
                except Unresolved as exc:
                    problems.append(f"{where}: cannot read the xfail reason {exc} (use a string, an f-string "
                                    "or a name assigned one)")
        elif isinstance(node, ast.Attribute) and node.attr == "xfail" \
                and not (isinstance(parent, ast.Call) and parent.func is node):
            problems.append(f"{where}: bare xfail mark without strict=True and a reason")
        for child in ast.iter_child_nodes(node):
            visit(child, scopes, node)

    visit(tree, [tree], None)
    return found, problems


def check(xfails: list[Xfail], entries: dict[str, str]) -> list[str]:
    """What keeps the README's list from covering these xfails: each is strict, each reason names
    a README tag, and the tag's entry quotes at least two of the reason's numbers."""
    problems = []
    for x in xfails:
        if not x.strict:
            problems.append(f"{x.where}: xfail is not strict")
        for reason in x.reasons:
            tags = REASON_TAG.findall(reason)
            if not tags:
                problems.append(f"{x.where}: reason names no README tag: {reason[:70]!r}")
                continue
            for tag in tags:
                if tag not in entries:
                    problems.append(f"{x.where}: tag [{tag}] has no entry in the README's '{SECTION[3:]}'")
                    continue
                ours = _numbers(reason)
                if not x.formatted and len(ours) < 2:
                    problems.append(f"{x.where}: reason does not state both numbers: {reason[:70]!r}")
                elif not x.formatted and len(ours & _numbers(entries[tag])) < 2:
                    problems.append(f"{x.where}: README entry [{tag}] quotes fewer than two of the reason's "
                                    f"numbers {sorted(ours)}")
    return problems


def _suite_files() -> list[Path]:
    return sorted(p for d in ("tests", "proofs") for p in (ROOT / d).rglob("*.py"))


def test_every_strict_xfail_has_a_readme_entry():
    entries = readme_entries((ROOT / "README.md").read_text())
    xfails, problems = [], []
    for path in _suite_files():
        found, bad = find_xfails(path)
        xfails += found
        problems += bad
    problems += check(xfails, entries)
    assert not problems, "\n".join(problems)
    # the scan sees every xfail call the sources spell out (a broken scan would find none and pass)
    # (the scanners' own samples spell xfails inside strings)
    scanners = {Path(__file__).name, "test_xfail_pins.py"}
    spelled = sum(len(re.findall(r"\bxfail\(", p.read_text())) for p in _suite_files() if p.name not in scanners)
    assert len(xfails) == spelled > 0


SAMPLE = '''
import pytest

GAPS = {"a": "[known] ours 0.5, theirs 0.6"}

@pytest.mark.xfail(strict=True, reason="[known] paper 1,033 (ref. [39]), ours 1,168")
def test_listed(): ...

@pytest.mark.xfail(strict=True, reason="paper 7.5, ours 7")
def test_untagged(): ...

@pytest.mark.xfail(strict=True, reason="[new-one] paper 7.5, ours 7")
def test_not_in_readme(): ...

@pytest.mark.xfail(reason="[known] paper 1,033, ours 1,168")
def test_not_strict(): ...

@pytest.mark.xfail(strict=True, reason="[known] paper 12, ours 11")
def test_numbers_not_in_readme(): ...

def _mark(key):
    reason = GAPS.get(key)
    return [pytest.mark.xfail(strict=True, reason=reason)]

@pytest.mark.xfail(strict=True, reason=make_reason())
def test_unreadable(): ...

@pytest.mark.xfail
def test_bare(): ...
'''


def test_check_reports_xfails_missing_from_the_readme(tmp_path):
    entries = readme_entries(f"intro\n\n{SECTION}\n\n- [known] paper 1,033 against ours 1,168; "
                             "BookSim 0.6 against 0.5\n\n## Next\n- [elsewhere] not in the section\n")
    assert set(entries) == {"known"}
    path = tmp_path / "test_sample.py"
    found, problems = find_xfails(path, SAMPLE)
    assert [x.reasons for x in found][-1] == ["[known] ours 0.5, theirs 0.6"]  # through _mark's name and the dict
    problems += check(found, entries)
    assert problems == [
        "test_sample.py:25: cannot read the xfail reason make_reason() (use a string, an f-string or a name "
        "assigned one)",
        "test_sample.py:28: bare xfail mark without strict=True and a reason",
        "test_sample.py:9: reason names no README tag: 'paper 7.5, ours 7'",
        f"test_sample.py:12: tag [new-one] has no entry in the README's '{SECTION[3:]}'",
        "test_sample.py:15: xfail is not strict",
        "test_sample.py:18: README entry [known] quotes fewer than two of the reason's numbers ['11', '12']",
    ]


def test_formatted_reasons_need_only_the_tag():
    src = 'import pytest\nM = pytest.mark.xfail(strict=True, reason=f"[known] {col} paper {p}%, ours {q}%")\n'
    found, problems = find_xfails(Path("t.py"), src)
    assert not problems and found[0].formatted and found[0].reasons == ["[known] {} paper {}%, ours {}%"]
    assert check(found, {"known": "no numbers"}) == []
    assert check(found, {}) == [f"t.py:2: tag [known] has no entry in the README's '{SECTION[3:]}'"]


def test_readme_rejects_a_tag_used_twice():
    with pytest.raises(ValueError, match=r"\[a\] is used twice"):
        readme_entries(f"{SECTION}\n- [a] one\n- [a] two\n")
