"""Every rule written once (issue 37): a family's conditions live in its `controls.py` (or, split by concern, its
`controls/` package) as `*_problems` functions, which its service refuses with and its audit asks again of every entry.
This test lists the controls and fails on a second copy: a `*_problems` function defined elsewhere, a control the
service asks that the audit never does (directly or through another control), or a control's refusal message written
again by the service or the audit."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = sorted([path.parent for path in ROOT.glob("registers/*/controls.py")]
                  + [path.parent.parent for path in ROOT.glob("registers/*/controls/__init__.py")]
                  + [ROOT / "compliance/approvals", ROOT / "registers/tables/progressif"])
WRITERS = ("services.py", "ledger.py", "jackpots.py", "imports.py", "slips.py", "excess.py")
AUDIT = ("checks.py", "ledger_checks.py", "audit.py")


def _functions(path: Path) -> dict[str, set[str]]:
    """Each function of a module → the names it calls or mentions."""
    tree = ast.parse(path.read_text())
    return {node.name: {name.id for name in ast.walk(node) if isinstance(name, ast.Name)} |
            {name.attr for name in ast.walk(node) if isinstance(name, ast.Attribute)}
            for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def _controls(family: Path) -> dict[str, set[str]]:
    """A family's controls: its controls.py, or each module of its controls package (one a concern)."""
    if (family / "controls.py").is_file():
        return _functions(family / "controls.py")
    return {name: calls for path in sorted((family / "controls").glob("*.py"))
            for name, calls in _functions(path).items()}


def _in_controls(family: Path, path: Path) -> bool:
    return path.name == "controls.py" or path.relative_to(family).parts[0] == "controls"


def _reached(called: set[str], calls: dict[str, set[str]]) -> set[str]:
    reached, todo = set(), list(called)
    while todo:
        name = todo.pop()
        if name in calls and name not in reached:
            reached.add(name)
            todo.extend(calls[name])
    return reached


def _mentions(family: Path, files: tuple[str, ...]) -> set[str]:
    return {word for path in family.glob("*.py") if path.name in files
            for word in re.findall(r"\b\w+\b", path.read_text())}


def test_the_controls_are_listed():
    controls = {family.relative_to(ROOT).as_posix(): sorted(name for name in _controls(family)
                                                             if name.endswith("_problems"))
                for family in FAMILIES}
    assert set(controls) == {"registers/admissions",
                             "registers/appareils", "registers/arretes", "registers/cards", "registers/chain",
                             "registers/direction", "registers/notices", "registers/orphelins",
                             "registers/poker", "registers/poker_room", "registers/prelevements", "registers/tables",
                             "registers/tournaments", "registers/keno", "registers/tables/progressif",
                             "registers/decks", "compliance/approvals"}
    assert all(controls.values()), controls
    print("\n" + "\n".join(f"{family}: {len(names)} controls" for family, names in controls.items()))


def test_no_control_is_defined_outside_a_controls_module():
    found = [f"{path.relative_to(ROOT)}: {name}" for family in FAMILIES for path in family.rglob("*.py")
             if not _in_controls(family, path) and "migrations" not in path.parts
             for name in _functions(path) if name.endswith("_problems")]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("family", FAMILIES, ids=lambda family: family.name)
def test_the_audit_asks_every_control_the_service_refuses_with(family):
    calls = _controls(family)
    public = {name for name in calls if name.endswith("_problems") and not name.startswith("_")}
    by_service = public & _mentions(family, WRITERS)
    by_audit = _reached(_mentions(family, AUDIT) & set(calls), calls)
    assert sorted(by_service - by_audit) == [], f"{family.name}: asked by the service, never by the audit"
