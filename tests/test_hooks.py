"""Issue 37, point 6: one hook idiom. Every extension point is declared in compliance/hooks.py; an app contributes to
them only in its hooks.py (`contribute()`, called from its AppConfig.ready; the core's own in compliance/apps.py),
never when a module is imported; a job's kind names its handler in one place."""

import ast
from pathlib import Path

from compliance import hooks
from compliance.models import JobRun

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("compliance", "games", "registers", "config")
CONTRIBUTING = {"compliance/apps.py"}  # besides every app's hooks.py: the core's own (compliance/hooks.py imports none)
ADDERS = {"add", "set", "append", "extend", "insert", "update", "setdefault"}


def _sources():
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text())


def _point_names(tree: ast.Module, path: str) -> set[str]:
    """The names a module takes from compliance/hooks.py (`from compliance.hooks import X [as y]`)."""
    names = set()
    in_core = path.startswith("compliance/") and path.count("/") == 1  # `from .hooks import X` in the core
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module == "compliance.hooks" or (
                in_core and node.module == "hooks" and node.level == 1)):
            names |= {alias.asname or alias.name for alias in node.names}
    return names | {"provider_register", "searcher_register"}


def _contributions(tree: ast.Module, names: set[str]) -> list[int]:
    """The lines that add to a point: `POINT.add(…)`, `POINT[key] = …`, `provider_register(…)`."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in ADDERS and isinstance(func.value, ast.Name)
                    and func.value.id in names) or (isinstance(func, ast.Name) and func.id.endswith("_register")
                                                    and func.id in names):
                lines.append(node.lineno)
        elif isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            lines += [node.lineno for target in targets if isinstance(target, ast.Subscript)
                      and isinstance(target.value, ast.Name) and target.value.id in names]
    return lines


def test_every_contribution_is_made_in_an_apps_hooks_py():
    outside = [f"{path}:{line}" for path, tree in _sources() if not path.endswith("/hooks.py")
               and path not in CONTRIBUTING for line in _contributions(tree, _point_names(tree, path))]
    assert outside == []
    # the check itself finds a contribution made elsewhere
    probe = ast.parse("from compliance.hooks import SETTLEMENTS\nSETTLEMENTS.add('dette', object())\n")
    assert _contributions(probe, _point_names(probe, "registers/cards/excess.py")) == [2]


def test_nothing_is_contributed_when_a_module_is_imported():
    """No module-level call adds to anything (a registry filled as an import side effect), and no module keeps a
    registry of its own: a module-level empty list or dict that a `*_register` function fills."""
    at_import, registries = [], []
    for path, tree in _sources():
        for node in tree.body:
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                func = node.value.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                receiver = func.value if isinstance(func, ast.Attribute) else None
                registry = isinstance(receiver, ast.Name) and receiver.id.isupper()
                if name.endswith("_register") or (name in ADDERS and registry):  # not os.environ.setdefault
                    at_import.append(f"{path}:{node.lineno} {name}")
        empty = {target.id for node in tree.body if isinstance(node, ast.Assign | ast.AnnAssign)
                 and isinstance(node.value, ast.List | ast.Dict) and not getattr(node.value, "elts", None)
                 and not getattr(node.value, "keys", None)
                 for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                 if isinstance(target, ast.Name)}
        for function in tree.body:
            if isinstance(function, ast.FunctionDef) and function.name.endswith("_register"):
                filled = _contributions(function, empty)
                if filled:
                    registries.append(f"{path}:{function.lineno} {function.name}")
    assert at_import == []
    assert registries == [], "declare the point in compliance/hooks.py, contribute to it in the app's hooks.py"


def test_every_point_is_filled_at_start_up():
    assert [point.name for point in hooks.POINTS if not point] == []  # a Hook is true once contributed
    assert len(hooks.POINTS) >= 8  # the eight registries issue 37 counted, and what the upper floor answers


def test_a_job_s_kind_names_its_handler_and_its_parameters_in_one_place():
    from compliance.reconciliation.services import reconciliation_job, reconciliation_job_inputs
    from compliance.services import JOB_HANDLERS, JOB_PARAMETERS, pipeline_check

    assert set(JOB_HANDLERS) == set(JOB_PARAMETERS) == set(JobRun.Kind.values)
    # the handlers themselves, not wrappers that import them: what the worker runs is read in the app's hooks.py
    assert JOB_HANDLERS[JobRun.Kind.RECONCILIATION] is reconciliation_job
    assert JOB_PARAMETERS[JobRun.Kind.RECONCILIATION] == (("gaming_day",), reconciliation_job_inputs)
    assert JOB_HANDLERS[JobRun.Kind.PIPELINE_CHECK] is pipeline_check


def test_the_upper_floor_answers_the_registers_through_its_hooks():
    from compliance.approvals.configuration import tournament_rules_approval
    from compliance.reconciliation.services import reconciliation_request
    from compliance.reports.models import Report

    assert hooks.TOURNAMENT_RULES_APPROVAL.contribution is tournament_rules_approval
    assert hooks.RECONCILIATION_REQUEST.contribution is reconciliation_request
    assert set(hooks.DOCUMENTS) == {Report.Kind.APPROVAL_DECISION, Report.Kind.TOURNAMENT_RESULTS,
                                    Report.Kind.NOTICE_POSTER}
    assert set(hooks.REISSUE) == {Report.Kind.APPROVAL_DECISION}
    assert [follow.__module__ for follow in hooks.SESSION_CLOSED] == [
        "compliance.reports.hooks", "compliance.reconciliation.services"]  # the day's reports, then its reconciliation


def test_connecting_the_apps_again_adds_nothing_twice():
    """AppConfig.ready runs again under the test runner: each contribution is kept once."""
    from django.apps import apps

    before = {point.name: len(point) for point in hooks.POINTS if not isinstance(point, hooks.Hook)}
    for config in apps.get_app_configs():
        config.ready()
    assert {point.name: len(point) for point in hooks.POINTS if not isinstance(point, hooks.Hook)} == before
