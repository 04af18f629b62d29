"""The architecture's contracts (pyproject.toml, [tool.importlinter]; docs/architecture.md) hold, and each of them
bites: a forbidden import added to a copy of the code breaks exactly the contract it should. Scripts have no
import cycle either (they are not a package, so the import graph of scripts/ is read here)."""

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
PACKAGES = ("compliance", "games", "registers", "config")


def _lint(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=tree, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def code_copy(tmp_path_factory) -> Path:
    """The packages' Python files and pyproject.toml, as they stand in the working tree."""
    tree = tmp_path_factory.mktemp("code")
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            target = tree / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    shutil.copyfile(ROOT / "pyproject.toml", tree / "pyproject.toml")
    return tree


def test_every_contract_is_kept(code_copy):
    result = _lint(code_copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 8 kept, 0 broken." in result.stdout


UPPER = "The registers and the games never import the upper floor"
# (file, line added to it, the contract's name as lint-imports prints it)
PROBES = [
    ("compliance/_probe.py", "import registers.kinds", "Layers: compliance core"),
    ("games/_probe.py", "import registers.models", "Layers: compliance core"),
    ("compliance/_probe.py", "import compliance.reports", "The core of compliance never imports its upper floor"),
    # the five imports issue 37 found: a family reaching into the upper floor instead of a point of compliance/hooks.py
    ("registers/tournaments/_probe.py", "from compliance.approvals import configuration", UPPER),
    ("registers/poker_room/_probe.py", "from compliance.reconciliation import selectors", UPPER),
    ("games/_probe.py", "import compliance.reports.models", UPPER),
    ("compliance/reports/_probe.py", "from compliance.approvals import letter", "In the upper floor, the approvals"),
    ("registers/appareils/_probe.py", "from registers.cards import excess", "Register families talk only"),
    ("registers/orphelins/_probe.py", "from registers.poker import services", "Register families talk only"),
    ("registers/chain/_probe.py", "from registers.orphelins import services", "Register families talk only"),
    ("registers/poker/api.py", "from registers.poker import views", "API modules never import web views"),
    ("registers/chain/hashing.py", "import django.db", "The offline verifier and the chain's hashing run without"),
    ("registers/chain/services.py", "from registers.chain import verification", "No import cycle between"),
]


@pytest.mark.parametrize(("path", "line", "contract"), PROBES, ids=[f"{p}:{line}" for p, line, _c in PROBES])
def test_a_forbidden_import_breaks_its_contract(code_copy, tmp_path, path, line, contract):
    tree = tmp_path / "code"
    shutil.copytree(code_copy, tree)
    target = tree / path
    target.write_text((target.read_text() if target.exists() else "") + f"\n{line}\n")
    result = _lint(tree)
    assert result.returncode == 1, result.stdout
    summary = result.stdout.split("Broken contracts", 1)[0].replace("\n", " ")
    # the contract named is broken (an import that also closes a cycle breaks "acyclic" as well)
    verdict = re.search(re.escape(contract) + r".*? (KEPT|BROKEN)", summary)
    assert verdict and verdict.group(1) == "BROKEN", result.stdout


def _script_imports(folder: Path) -> dict[str, set[str]]:
    """Each script module of the folder and the other script modules it imports (anywhere in its body)."""
    modules = {path.stem: path for path in folder.glob("*.py")}
    graph = {}
    for name, path in modules.items():
        imported = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
        graph[name] = imported & modules.keys() - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path, node, nxt]
            if nxt not in state and (found := visit(nxt, [*path, node])):
                return found
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node, [])):
            return found
    return None


def test_the_scripts_have_no_import_cycle():
    graph = _script_imports(ROOT / "scripts")
    assert {"stack", "standby"} <= graph.keys()
    assert _cycle(graph) is None, " → ".join(_cycle(graph))
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]  # the check itself finds a cycle


@pytest.mark.django_db  # the worker's start-up runs Django's checks, which ask PostgreSQL its version
def test_the_tasks_sent_by_name_exist():
    """Services send their tasks by name (compliance.queue) so as not to import the task modules that call them
    back: each name must be a task the worker knows."""
    from config.celery_app import app

    app.loader.import_default_modules()
    for name in ("compliance.tasks.job_run", "games.tasks.strategy_evaluation_run",
                 "compliance.reports.tasks.report_run", "compliance.reconciliation.tasks.reconciliation_day"):
        assert name in app.tasks
    sources = "".join(path.read_text() for package in PACKAGES for path in (ROOT / package).rglob("*.py"))
    # the reports' task: asked, and a signed report reissued; the jobs' task: asked, and a failed job sent again
    assert sources.count("send_on_commit(\"") == 7


def test_every_refusal_names_its_code_from_its_apps_enum():
    """Each app's errors.py holds one ErrorCode enum; no code is a free string (clients branch on them)."""
    free = [f"{path.relative_to(ROOT)}:{number}" for package in PACKAGES for path in (ROOT / package).rglob("*.py")
            for number, line in enumerate(path.read_text().splitlines(), 1)
            if re.search(r'\bcode="[a-z_]+"|default_code = "', line)]
    assert free == []
    from compliance.errors import ErrorCode as ComplianceCode
    from games.errors import ErrorCode as GamesCode
    from registers.errors import ErrorCode as RegistersCode

    assert {"invalid", "permission_denied"} <= set(ComplianceCode) and "not_found" in set(GamesCode)
    assert {"above_cap", "excess_already_paid", "session_closed"} <= set(RegistersCode)
    for package, enum in (("compliance", ComplianceCode), ("games", GamesCode), ("registers", RegistersCode)):
        used = {name for path in (ROOT / package).rglob("*.py")
                for name in re.findall(r"\bErrorCode\.([A-Z_]+)\b", path.read_text())}
        assert used - set(enum.__members__) == set(), package
