"""The routing registry is the one list of routings: ``simulate --help``, the README's table and
the CLI's choices of selection policy and VC scheme are made from (or checked against) it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from sim.layout import ECM_OCCUPANCIES
from sim.policies import POLICIES
from sim.routings import OPTIONS, REGISTRY, ROUTINGS, VC_SCHEMES, routing_list
from topoanalysis.cli import simulate_cmd

README = Path(__file__).resolve().parent.parent / "README.md"


def test_every_registered_routing_is_in_simulate_help():
    out = subprocess.run([sys.executable, "-m", "topoanalysis", "simulate", "--help"], capture_output=True,
                         text=True, check=True).stdout
    listed = out.split("routings (--routing):", 1)[1]
    for name, entry in REGISTRY.items():
        assert re.search(rf"^  {re.escape(name)} +{re.escape(entry.summary[:30])}", listed, re.M), name


def test_readme_routing_table_is_the_registry():
    text = README.read_text()
    block = re.search(r"<!-- routings:[^\n]*-->\n\| routing \| what it does \| paper \|\n\|---\|---\|---\|\n(.*?)\n"
                      r"<!-- /routings -->", text, re.S)
    assert block, "README: the generated routing table (<!-- routings ... -->) is missing"
    assert block.group(1) == routing_list(markdown=True), (
        "README's routing table differs from the registry: paste sim.routings.routing_list(markdown=True)")


def test_every_entry_documents_itself():
    assert tuple(REGISTRY) == ROUTINGS
    for name, entry in REGISTRY.items():
        assert entry.summary and entry.reference, name
        assert re.search(r"(19|20)\d\d|BookSim2|Han, Wang & Bunde", entry.reference), name
    assert OPTIONS == {**{nm: ("escape_limit",) for nm in ROUTINGS if nm.startswith("ofar")},
                       "ugal-l": ("threshold", "queue"), "ugal-l-lf": ("threshold", "queue"), "ugal-booksim": ("threshold",),
                       "valiant": ("destination_group",), "pb": ("destination_group",), "olm": ("th_non_min",)}


def test_cli_choices_are_the_simulators():
    assert set(simulate_cmd.SELECTIONS) == set(POLICIES)
    assert set(simulate_cmd.VC_SCHEME_NAMES) == set(VC_SCHEMES)
    assert simulate_cmd.ECM_OCCUPANCIES == ECM_OCCUPANCIES


def test_parameter_slots_have_one_meaning():
    # rt.ip: every IP_* name a routing module defines (not imports) owns its index, so no slot means
    # two things (a routing built on another, such as ugal-l-lf on UGAL-L, keeps both sets)
    import ast

    import sim.routings as pkg

    owner: dict[int, str] = {}
    for path in sorted(Path(pkg.__file__).parent.glob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if not isinstance(node, ast.Assign):
                continue
            names = [t for tgt in node.targets for t in (tgt.elts if isinstance(tgt, ast.Tuple) else [tgt])]
            for t in names:
                if isinstance(t, ast.Name) and t.id.startswith("IP_") and t.id != "IP_N_TABLES":
                    mod = __import__(f"sim.routings.{path.stem}", fromlist=["x"])
                    k = getattr(mod, t.id)
                    name = f"{path.stem}.{t.id}"
                    assert k not in owner, f"rt.ip[{k}] is both {owner[k]} and {name}"
                    owner[k] = name
    assert len(owner) >= 15


def test_the_warm_up_compiles_every_kind():
    # the suite's warm-up (sim.testing.warm_engine) compiles one run per routing kind: every kind a
    # registered routing has on the test networks, and one entry of cost per run
    from sim.routings import make_routing
    from sim.testing import KIND_RUNS, WARM_COSTS, routing_networks
    from topoanalysis import build

    assert set(WARM_COSTS) == {r for *_, r in KIND_RUNS} | {"min threaded"}
    warmed = {make_routing(build(f, **kw), r).kind.name for f, kw, r in KIND_RUNS}
    kinds = set()
    for top in routing_networks():
        for name in ROUTINGS:
            try:
                kinds.add(make_routing(top, name).kind.name)
            except ValueError:  # not defined on this network
                continue
    assert kinds - {"SpFirstTables"} <= warmed, kinds - warmed  # the example routing's kind is the docs'
