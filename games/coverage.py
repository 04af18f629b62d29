"""What the product applies of each rule value, and the tests that show it (issue 13, item 10; issue 35, item 9).

A value is « applied » only where a check can refuse or a computation changes with it, and coverage.yaml names the
test (`tests/test_x.py::test_name`) that changes the value or the input and sees the refusal or the changed result;
the test must exist (parsed, not run) and the code must read the value in a check, a computation or a PostgreSQL
constraint. What reads the value is derived from the code, never kept by hand: the key as a literal, a helper that
builds keys from a prefix (`card_rule(casino, "plafond_nominative")`), an f-string over game keys, the return models
of games/rtp (their YAML), the constraints coverage.yaml names (found in the migrations). A value read only for a
label, a page or a citation is « display-only »; one the product does not apply is « not applied », each with why.
`manage.py rules_coverage` fails on a value missing from coverage.yaml, on a named test that does not exist, on a
declaration the code contradicts or that the data no longer has, and on a reason promising future work.
"""

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from itertools import product
from pathlib import Path

import yaml
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.rules.validate import RULES_DIR, RuleSet, ambiguities_read, citation_label, schema_problems

ROOT = RULES_DIR.parent.parent
APPS = ("compliance", "games", "registers")
SKIPPED = {"migrations", "tests", "__pycache__"}
SKIPPED_FILES = {"demo.py"}  # the demo files example entries through the services: it applies nothing itself
COVERAGE_FILE = RULES_DIR / "coverage.yaml"
KEYLIKE = re.compile(r"^(lu|qc|mc|ropta)(\.[a-z0-9_]+)+$")
PREFIX = re.compile(r"^(lu|qc|mc|ropta)(\.[a-z0-9_]+)*\.$")
KEYPART = re.compile(r"^[a-z0-9_.]+$")  # what an f-string building a key writes between its {…}


class SiteKind(StrEnum):
    CHECK = "controle"  # a service, a register's check or a selector decides with the value
    COMPUTATION = "calcul"  # an exact return, a simulation, poker arithmetic
    CONSTRAINT = "contrainte"  # PostgreSQL itself refuses what breaks it
    PRESENCE = "presence"  # the code only asks whether the value exists (a register, a card system): not applied
    DISPLAY = "affichage"  # a page shows the value: shown is not applied


APPLYING = {SiteKind.CHECK, SiteKind.COMPUTATION, SiteKind.CONSTRAINT}
KIND_LABELS = {
    SiteKind.CHECK: _("Contrôle"),
    SiteKind.COMPUTATION: _("Calcul"),
    SiteKind.CONSTRAINT: _("Contrainte PostgreSQL"),
    SiteKind.PRESENCE: _("Présence seulement"),
    SiteKind.DISPLAY: _("Affichage"),
}
# Calls that read a rule value; a call whose result is thrown away only tests that the value exists.
READERS = {"rule_value_at", "rule", "rule_value"}


@dataclass(frozen=True)
class Site:
    kind: SiteKind
    module: str  # dotted, or the YAML file's path
    function: str  # "card_issue", "Check.rule", a constraint's name, "qc.blackjack.bonus › decks"
    line: int | None

    @property
    def kind_label(self) -> str:
        return str(KIND_LABELS[self.kind])

    def json(self) -> dict:
        return {"kind": str(self.kind), "module": self.module, "function": self.function, "line": self.line}


class Status(StrEnum):
    APPLIED = "applied"  # a check refuses or a computation changes with it, and a named test shows it
    DISPLAY_ONLY = "display_only"  # read only for a label, a page or a citation
    NOT_APPLIED = "not_applied"  # the product does not do what it rules, or nothing proves it does
    UNCLASSIFIED = "unclassified"  # missing from coverage.yaml: a problem


STATUS_LABELS = {
    Status.APPLIED: _("Appliquée"),
    Status.DISPLAY_ONLY: _("Affichage seulement"),
    Status.NOT_APPLIED: _("Non appliquée"),
    Status.UNCLASSIFIED: _("Non classée"),
}


@dataclass
class ValueCoverage:
    key: str
    description: str
    citations: list[str]
    sites: list[Site]
    status: Status = Status.UNCLASSIFIED
    tests: list[str] = field(default_factory=list)  # node ids of the tests that change the value and see it
    tests_missing: list[str] = field(default_factory=list)  # named tests that do not exist
    reason: str | None = None  # why display-only or not applied, from coverage.yaml
    reason_en: str | None = None
    literal: str | None = None  # where a literal applies the same rule instead of the data

    @property
    def applying(self) -> list[Site]:
        return [site for site in self.sites if site.kind in APPLYING]

    @property
    def applied(self) -> bool:
        return self.status == Status.APPLIED

    @property
    def display_only(self) -> bool:
        return self.status == Status.DISPLAY_ONLY

    @property
    def status_label(self) -> str:
        return str(STATUS_LABELS[self.status])

    @property
    def reason_text(self) -> str | None:
        return self.reason_en if get_language() == "en" and self.reason_en else self.reason

    def json(self) -> dict:
        return {"key": self.key, "description": self.description, "citations": self.citations,
                "status": str(self.status), "tests": self.tests, "tests_missing": self.tests_missing,
                "sites": [site.json() for site in self.sites], "reason": self.reason, "reason_en": self.reason_en,
                "literal": self.literal}


@dataclass
class Coverage:
    values: list[ValueCoverage]
    problems: list[str] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        def count(status):
            return sum(v.status == status for v in self.values)
        return {"applied": count(Status.APPLIED),
                "applied_tests_found": sum(v.applied and bool(v.tests) and not v.tests_missing for v in self.values),
                "display_only": count(Status.DISPLAY_ONLY), "not_applied": count(Status.NOT_APPLIED),
                "unclassified": count(Status.UNCLASSIFIED), "total": len(self.values)}


# --- the code --------------------------------------------------------------------------------


def _kind_of(module: str) -> SiteKind:
    parts = module.split(".")
    if parts[:2] in (["games", "rtp"], ["games", "poker"], ["games", "hands"]):
        return SiteKind.COMPUTATION
    if parts[-1] == "views" or "templatetags" in parts:
        return SiteKind.DISPLAY
    return SiteKind.CHECK


def _sources(root: Path) -> list[Path]:
    return sorted(path for app in APPS for path in (root / app).rglob("*.py")
                  if not SKIPPED & set(path.relative_to(root).parts) and path.name not in SKIPPED_FILES)


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = parts[: len(parts) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _call_name(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


class _Module:
    """One parsed module, indexed once: its functions, module-level names, imports, calls, names read, each node's
    parent, and what each function binds (loops, assignments)."""

    def __init__(self, name: str, tree: ast.Module, package: str):
        self.name, self.tree, self.package = name, tree, package
        self.assigned: dict[str, ast.AST] = {}  # module-level name → value
        self.functions: dict[str, ast.AST] = {}
        self.imported: dict[str, tuple[str, str | None]] = {}  # alias → (module, name; None for a module)
        self.parents: dict[ast.AST, ast.AST] = {}
        self.constants: set[str] = set()
        self.calls: dict[str, list[ast.Call]] = defaultdict(list)  # function name → its calls in this module
        self.reads: dict[str, list[ast.AST]] = defaultdict(list)  # a name or an attribute → where it is read
        self.binds: dict[ast.AST, dict[str, list[ast.AST]]] = {}  # function → name → what it is bound to
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                self.assigned |= dict(_bindings(node))
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                self.functions[node.name] = node
        self.keys: list[ast.Constant] = []  # key-like strings
        self.fstrings: list[ast.JoinedStr] = []
        self._index(tree, None)

    def _index(self, node: ast.AST, function: ast.AST | None):
        """One pass over the tree: parents, and everything the scan looks up."""
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                self.imported[alias.asname or alias.name] = (_absolute(node, self.package), alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                self.imported[alias.asname or alias.name.split(".")[0]] = (alias.name, None)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            self.constants.add(node.value)
            if KEYLIKE.match(node.value):
                self.keys.append(node)
        elif isinstance(node, ast.Call) and _call_name(node):
            self.calls[_call_name(node)].append(node)
        elif isinstance(node, ast.Name):
            self.reads[node.id].append(node)
        elif isinstance(node, ast.Attribute):
            self.reads[node.attr].append(node)
        elif isinstance(node, ast.JoinedStr):
            self.fstrings.append(node)
        if function is not None and isinstance(node, ast.For | ast.comprehension | ast.Assign | ast.AnnAssign):
            bound = self.binds.setdefault(function, defaultdict(list))
            if isinstance(node, ast.For | ast.comprehension):
                for target in ast.walk(node.target):
                    if isinstance(target, ast.Name):
                        bound[target.id].append(node.iter)
            elif node.value is not None:
                for target, value in _bindings(node):
                    bound[target].append(value)
        for child in ast.iter_child_nodes(node):
            self.parents[child] = node
            self._index(child, function)

    def enclosing(self, node: ast.AST) -> list[ast.AST]:
        """The functions and classes around `node`, outermost first."""
        scope = []
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                scope.insert(0, node)
        return scope

    def discarded(self, node: ast.AST, readers: set[str]) -> bool:
        """Whether `node` only feeds a rule read whose result is thrown away (`card_rule(casino, "x")` alone on its
        line), or sits in a function whose every rule read is thrown away (it tests that a value exists)."""
        call = node
        while call in self.parents and not isinstance(call, ast.Call):
            call = self.parents[call]
        if isinstance(call, ast.Call) and isinstance(self.parents.get(call), ast.Expr):
            return True
        scope = [s for s in self.enclosing(node) if not isinstance(s, ast.ClassDef)]
        if not scope:
            return False
        reads = [c for c in ast.walk(scope[-1]) if isinstance(c, ast.Call) and _call_name(c) in readers]
        return bool(reads) and all(isinstance(self.parents.get(c), ast.Expr) for c in reads)


class _Scan:
    """Every key-like string the code uses, with the function that uses it."""

    def __init__(self, root: Path):
        self.modules: dict[str, _Module] = {}
        for path in _sources(root):
            parts = list(path.relative_to(root).with_suffix("").parts)
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            package = name if path.name == "__init__.py" else name.rpartition(".")[0]
            self.modules[name] = _Module(name, ast.parse(path.read_text(encoding="utf-8"), str(path)), package)
        self.memo: dict[tuple, set[str]] = {}
        self.helpers = self._helpers()
        self.readers = READERS | {name for _module, name in self.helpers}
        self.sites: dict[str, set[Site]] = defaultdict(set)
        for module in self.modules.values():
            for constant in module.keys:
                self._add(module, constant.value, constant)
            for calls in module.calls.values():
                for call in calls:
                    self._call(module, call)
            for fstring in module.fstrings:
                self._fstring(module, fstring)

    def _helpers(self) -> dict[tuple[str, str], tuple[str, int, str]]:
        """Functions whose body builds f"<prefix>{param}": card_rule(casino, key) → "lu.carte_de_jeu." + key."""
        found = {}
        for module in self.modules.values():
            for node in module.fstrings:
                scope = module.enclosing(node)
                function = module.functions.get(scope[0].name) if scope else None
                if (function is None or len(node.values) != 2 or not isinstance(node.values[0], ast.Constant)
                        or not PREFIX.match(str(node.values[0].value))
                        or not isinstance(node.values[1], ast.FormattedValue)
                        or not isinstance(node.values[1].value, ast.Name)):
                    continue
                arguments = function.args
                params = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
                if node.values[1].value.id in params:
                    param = node.values[1].value.id
                    found[(module.name, function.name)] = (node.values[0].value, params.index(param), param)
        return found

    def _target(self, module: _Module, func: ast.AST, depth: int = 0) -> tuple[str, str] | None:
        """The (module, function) a call names, through imports and re-exports."""
        if depth > 4:
            return None
        if isinstance(func, ast.Name):
            if func.id in module.functions:
                return module.name, func.id
            origin = module.imported.get(func.id)
            if origin and origin[1]:
                source = self.modules.get(origin[0])
                return self._target(source, ast.Name(id=origin[1]), depth + 1) if source else origin
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            origin = module.imported.get(func.value.id)
            source = self.modules.get(".".join(part for part in origin if part)) if origin else None
            if source is not None:
                return self._target(source, ast.Name(id=func.attr), depth + 1)
        return None

    def _strings(self, module: _Module, node: ast.AST, depth: int = 0) -> set[str]:
        """The strings an expression may hold: its constants, and those of the names it reads (a loop's variable,
        a module-level name, an imported one)."""
        found = set()
        for child in ast.walk(node):
            if isinstance(child, ast.Constant) and isinstance(child.value, str):
                found.add(child.value)
            elif isinstance(child, ast.Name) and depth < 4:
                found |= self._name_strings(module, child, depth)
        return found

    def _name_strings(self, module: _Module, name: ast.Name, depth: int) -> set[str]:
        for scope in reversed([s for s in module.enclosing(name) if not isinstance(s, ast.ClassDef)]):
            bound = self._bound_in(module, scope, name.id, depth)
            if bound is not None:
                return bound
        return self._global_strings(module, name.id, depth)

    def _bound_in(self, module: _Module, function: ast.AST, ident: str, depth: int) -> set[str] | None:
        """What a function binds `ident` to: a loop over something, an assignment, or its callers' arguments."""
        values = module.binds.get(function, {}).get(ident)
        arguments = function.args
        parameter = ident in [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
        if not values and not parameter:
            return None
        cached = (module.name, id(function), ident)
        if cached not in self.memo:
            self.memo[cached] = set()  # a cycle of calls resolves to what is already known
            found = set()
            for value in values or ():
                found |= self._strings(module, value, depth + 1)
            if parameter:
                found |= self._argument_strings(module, function, ident, depth)
            self.memo[cached] = found
        return self.memo[cached]

    def _argument_strings(self, module: _Module, function: ast.AST, ident: str, depth: int) -> set[str]:
        """A parameter's default and what the module's calls of the function pass for it."""
        arguments = function.args
        positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
        defaults = dict(zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults, strict=True))
        defaults |= {a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d}
        found = self._strings(module, defaults[ident], depth + 1) if ident in defaults else set()
        if depth > 6:
            return found
        for call in module.calls.get(function.name, ()):
            given = next((k.value for k in call.keywords if k.arg == ident), None)
            if given is None and ident in positional and len(call.args) > positional.index(ident):
                given = call.args[positional.index(ident)]
            if given is not None:
                found |= self._strings(module, given, depth + 1)
        return found

    def _global_strings(self, module: _Module, name: str, depth: int) -> set[str]:
        if name in module.assigned:
            return self._strings(module, module.assigned[name], depth + 1)
        origin = module.imported.get(name)
        if origin and origin[1] and origin[0] in self.modules and depth < 4:
            return self._global_strings(self.modules[origin[0]], origin[1], depth + 1)
        return set()

    def _add(self, module: _Module, key: str, node: ast.AST):
        scope = module.enclosing(node)
        if scope:
            kind = SiteKind.PRESENCE if module.discarded(node, self.readers) else _kind_of(module.name)
            function = ".".join(s.name for s in scope)
            self.sites[key].add(Site(kind, module.name, function, node.lineno))
            return
        # a module-level constant applies the value where functions read it
        for site in self._readers(module, _assigned_name(module, node)):
            self.sites[key].add(site)

    def _readers(self, module: _Module, name: str | None, seen: frozenset = frozenset()):
        if name is None or (module.name, name) in seen:
            return
        seen = seen | {(module.name, name)}
        for other in self.modules.values():
            aliases = {alias for alias, origin in other.imported.items() if origin == (module.name, name)}
            if other is module:
                aliases.add(name)
            as_module = {alias for alias, origin in other.imported.items()
                         if ".".join(part for part in origin if part) == module.name}
            nodes = [n for alias in aliases for n in other.reads.get(alias, ()) if isinstance(n, ast.Name)]
            nodes += [n for n in other.reads.get(name, ()) if isinstance(n, ast.Attribute)
                      and isinstance(n.value, ast.Name) and n.value.id in as_module]
            for node in nodes:
                scope = other.enclosing(node)
                if scope:
                    kind = SiteKind.PRESENCE if other.discarded(node, self.readers) else _kind_of(other.name)
                    yield Site(kind, other.name, ".".join(s.name for s in scope), node.lineno)
            for alias in aliases:  # a module-level name built from this one
                for assigned, value in other.assigned.items():
                    if assigned != alias and any(isinstance(n, ast.Name) and n.id == alias for n in ast.walk(value)):
                        yield from self._readers(other, assigned, seen)

    def _call(self, module: _Module, node: ast.Call):
        target = self._target(module, node.func)
        helper = self.helpers.get(target) if target else None
        if helper is None and target is None:  # an attribute of an object: the helpers of that name, if they agree
            candidates = {h for (_m, n), h in self.helpers.items() if n == _call_name(node)}
            helper = candidates.pop() if len(candidates) == 1 else None
        if helper is None:
            return
        prefix, index, param = helper
        argument = next((k.value for k in node.keywords if k.arg == param), None)
        if argument is None and len(node.args) > index and not any(isinstance(a, ast.Starred) for a in node.args):
            argument = node.args[index]
        if argument is not None:
            for suffix in self._strings(module, argument):
                if KEYLIKE.match(prefix + suffix):
                    self._add(module, prefix + suffix, node)

    def _fstring(self, module: _Module, node: ast.JoinedStr):
        """f"{game}.qualification_croupier": each part from what the code gives it, else the module's game keys."""
        if not any(isinstance(v, ast.FormattedValue) for v in node.values) or not all(
                KEYPART.match(str(v.value)) for v in node.values if isinstance(v, ast.Constant)):
            return
        scope = module.enclosing(node)
        if scope and (module.name, scope[0].name) in self.helpers:
            return  # a helper's own body: its callers name the keys
        keys = {c for c in module.constants if KEYLIKE.match(c)}
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append({str(value.value)})
            else:
                parts.append(self._strings(module, value.value) if isinstance(value.value, ast.Name) else set())
                parts[-1] = parts[-1] or keys
            if not parts[-1]:
                return
        if _size(parts) <= 10_000:
            for combination in product(*parts):
                if KEYLIKE.match("".join(combination)):
                    self._add(module, "".join(combination), node)


def _size(parts) -> int:
    size = 1
    for part in parts:
        size *= len(part)
    return size


def _bindings(node: ast.Assign | ast.AnnAssign):
    """(name, value) of an assignment; `A, B = x, y` binds A to x and B to y."""
    for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
        if isinstance(target, ast.Name):
            yield target.id, node.value
        elif isinstance(target, ast.Tuple | ast.List):
            values = node.value.elts if isinstance(node.value, ast.Tuple | ast.List) else None
            for index, element in enumerate(target.elts):
                if isinstance(element, ast.Name):
                    yield element.id, values[index] if values and len(values) == len(target.elts) else node.value


def _assigned_name(module: _Module, node: ast.AST) -> str | None:
    """The module-level name whose value holds `node`."""
    for name, value in module.assigned.items():
        if value is node or any(child is node for child in ast.walk(value)):
            return name
    return None


def _yaml_sites(root: Path) -> dict[str, set[Site]]:
    """The return models of games/rtp name the values they read (`decks: qc.blackjack.paquets`)."""
    sites = defaultdict(set)
    base = root / "games" / "rtp"
    for path in sorted(base.rglob("*.yaml")) if base.is_dir() else []:
        document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        where = str(path.relative_to(root))
        for trail, value in _leaves(document, []):
            if isinstance(value, str) and KEYLIKE.match(value):
                sites[value].add(Site(SiteKind.COMPUTATION, where, " › ".join(trail), None))
    return sites


def _leaves(node, trail):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, [*trail, str(key)])
    elif isinstance(node, list):
        for value in node:
            yield from _leaves(value, trail)
    else:
        yield trail, node


@cache
def code_sites(root: Path = ROOT) -> dict[str, frozenset[Site]]:
    """Every key-like string the apps use, with where (cached: the code does not change under a running process)."""
    scan = _Scan(root)
    sites = defaultdict(set, {key: set(found) for key, found in scan.sites.items()})
    for key, found in _yaml_sites(root).items():
        sites[key] |= found
    return {key: frozenset(found) for key, found in sites.items()}


# --- the declarations --------------------------------------------------------------------------


@dataclass
class Declarations:
    display_only: dict[str, dict]  # key → {reason, reason_en, literal}
    constraints: dict[str, list[Site]]  # key → the PostgreSQL constraints found in the migrations
    problems: list[str]
    applied: dict[str, list[str]] = field(default_factory=dict)  # key → node ids of the tests that show it
    not_applied: dict[str, dict] = field(default_factory=dict)  # key → {reason, reason_en, literal}


def _migrations(root: Path) -> dict[str, tuple[str, int]]:
    """Constraint names written in the migrations → (module, line)."""
    found = {}
    pattern = re.compile(r"""(?:name=['"]|CONSTRAINT\s+)([a-z0-9_]+)""")
    for app in APPS:
        for path in sorted((root / app).glob("migrations/*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for name in pattern.findall(line):
                    found.setdefault(name, (".".join(path.relative_to(root).with_suffix("").parts), number))
    return found


def declarations_read(path: Path = COVERAGE_FILE, root: Path = ROOT) -> Declarations:
    data, errors = schema_problems("coverage", path)
    if errors:
        return Declarations({}, {}, [str(error) for error in errors])
    problems, seen = [], set()

    def once(key):
        if key in seen:
            problems.append(f"« {key} » est déclarée deux fois dans games/rules/coverage.yaml")
        seen.add(key)

    applied = {}
    for key, tests in (data.get("applied") or {}).items():
        once(key)
        applied[key] = list(tests)
    groups = {"display_only": {}, "not_applied": {}}
    for section, found in groups.items():
        for group in data.get(section) or []:
            reason, reason_en = " ".join(group["reason"].split()), " ".join(group["reason_en"].split())
            for text in (reason, reason_en):
                if STALE.search(text):
                    problems.append(f"games/rules/coverage.yaml, {section} : la raison « {text[:60]}… » promet un "
                                    f"travail futur (« {STALE.search(text).group(0)} ») : dire ce que fait le produit")
            for key in group["keys"]:
                once(key)
                found[key] = {"reason": reason, "reason_en": reason_en, "literal": group.get("literal")}
    written = _migrations(root)
    constraints = {}
    for key, names in (data.get("constraints") or {}).items():
        constraints[key] = []
        for name in names:
            if name not in written:
                problems.append(f"« {key} » : la contrainte « {name} » n'est dans aucune migration")
                continue
            module, line = written[name]
            constraints[key].append(Site(SiteKind.CONSTRAINT, module, name, line))
    return Declarations(groups["display_only"], constraints, problems, applied, groups["not_applied"])


# A reason says what the product does today, never what it will do.
STALE = re.compile(r"à venir|pas encore|l'appliquer(a|ont)|\bcoming\b|\bnot yet\b|will apply", re.IGNORECASE)
# A reason saying that nothing reads the value (or, beside a literal, that the literal applies the rule instead),
# which the code must then not contradict.
NOT_READ = re.compile(r"rien ne lit la valeur|n'est lue par rien", re.IGNORECASE)
LITERAL_ONLY = re.compile(r"sans lire la valeur", re.IGNORECASE)
TEST_ID = re.compile(r"^(tests/[A-Za-z0-9_/]+\.py)::([A-Za-z_][A-Za-z0-9_]*)(?:::([A-Za-z_][A-Za-z0-9_]*))?$")


@cache
def _test_names(path: Path) -> frozenset[str]:
    """`test_x` and `TestClass::test_x` for each test function of a test file (parsed, never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names |= {f"{node.name}::{n.name}" for n in node.body
                      if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    return frozenset(names)


def test_exists(node_id: str, root: Path = ROOT) -> bool:
    """`tests/test_cards.py::test_name`: the file exists and defines that test function (a parametrized id's
    `[…]` is ignored)."""
    match = TEST_ID.match(node_id.split("[", 1)[0])
    if match is None:
        return False
    path = root / match.group(1)
    name = match.group(2) + (f"::{match.group(3)}" if match.group(3) else "")
    return path.is_file() and name.startswith(("test", "Test")) and name in _test_names(path)


test_exists.__test__ = False  # not a pytest test, whatever its name


def code_exists(where: str, root: Path = ROOT) -> bool:
    """`games.poker.jackpots.bad_beat_split` or `games.rtp.trois_cinq_sept.WITHDRAWAL`: the module exists and
    defines that function, class or module-level name."""
    module, _dot, name = where.rpartition(".")
    path = root / Path(*module.split(".")).with_suffix(".py")
    if not path.is_file():
        return False
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    defined |= {target for n in tree.body if isinstance(n, ast.Assign | ast.AnnAssign) for target, _v in _bindings(n)}
    return name in defined


CODE_NAME = re.compile(r"\b(?:compliance|games|registers)(?:\.[A-Za-z_][A-Za-z0-9_]*)+")  # a dotted code name in prose


# --- the report --------------------------------------------------------------------------------


def _citation(rules: RuleSet, reference: dict) -> str:
    instrument = rules.instruments[reference["instrument"]].data
    numbers = {(a["role"], a["number"]) for a in instrument["articles"]}
    role = reference.get("role") or ("texte_introduit" if ("texte_introduit", reference["article"]) in numbers
                                     else "dispositif")
    return citation_label(instrument, role, reference["article"], reference.get("point", ""))


def _ordered(*groups) -> list[Site]:
    """Constraints first, then what applies, then presence and display; by module and function."""
    order = list(SiteKind)
    order.insert(0, order.pop(order.index(SiteKind.CONSTRAINT)))
    return sorted({site for group in groups for site in group},
                  key=lambda s: (order.index(s.kind), s.module, s.function, s.line or 0))


def _classify(entry: ValueCoverage, declared: Declarations, root: Path) -> list[str]:
    """Set the entry's status from coverage.yaml, with the problems its declaration has against the code."""
    key, problems = entry.key, []
    if key in declared.applied:
        entry.status, entry.tests = Status.APPLIED, declared.applied[key]
        entry.tests_missing = [test for test in entry.tests if not test_exists(test, root)]
        for test in entry.tests_missing:
            problems.append(f"« {key} » est déclarée appliquée mais le test « {test} » n'existe pas")
        if not entry.applying:
            problems.append(f"« {key} » est déclarée appliquée mais aucun contrôle, calcul ni contrainte ne la lit")
        return problems
    for status, group in ((Status.DISPLAY_ONLY, declared.display_only), (Status.NOT_APPLIED, declared.not_applied)):
        if key in group:
            entry.status = status
            entry.reason, entry.reason_en, entry.literal = (group[key][f] for f in ("reason", "reason_en", "literal"))
    reason = entry.reason or ""
    claims_unread = NOT_READ.search(reason) or (entry.literal and LITERAL_ONLY.search(reason))
    if entry.applying and claims_unread:
        first = entry.applying[0]
        problems.append(f"« {key} » : la raison dit que rien ne lit la valeur, mais {first.module} › {first.function} "
                        "la lit dans un contrôle ou un calcul : la déclarer appliquée (avec son test) ou dire ce qu'en "
                        "fait ce code")
    if entry.literal and not code_exists(entry.literal, root):
        problems.append(f"« {key} » : « {entry.literal} », où un littéral l'appliquerait, n'existe plus")
    if entry.status == Status.UNCLASSIFIED:
        readers = (entry.applying or entry.sites)[:3]
        where = ", ".join(f"{s.module} › {s.function}" for s in readers) or "rien dans le code"
        problems.append(f"« {key} » manque dans games/rules/coverage.yaml (lue par : {where}) : la déclarer sous "
                        "applied (avec le test qui la montre), display_only ou not_applied (avec la raison)")
    return problems


def coverage_report(*, rules: RuleSet, root: Path = ROOT, declarations: Declarations | None = None) -> Coverage:
    """Each rule value of `rules`, applied (with the tests that show it), display-only or not applied (with why),
    what in the code reads it, and the problems that fail the check."""
    declared = declarations or declarations_read(root=root)
    sites = code_sites(root)
    problems = list(declared.problems)
    values = []
    for key, rule_file in sorted(rules.values.items()):
        data = rule_file.data
        citations = list(dict.fromkeys(_citation(rules, v["reference"]) for v in data["values"].values()))
        entry = ValueCoverage(key, " ".join(data["description"].split()), citations,
                              _ordered(sites.get(key, ()), declared.constraints.get(key, ())))
        problems += _classify(entry, declared, root)
        values.append(entry)
    for key in sorted({*declared.display_only, *declared.not_applied, *declared.applied, *declared.constraints}):
        if key not in rules.values:
            problems.append(f"« {key} » est déclarée dans games/rules/coverage.yaml mais absente des données")
    for ambiguity in ambiguities_read(RULES_DIR if root == ROOT else root / "games" / "rules"):
        for name in CODE_NAME.findall(ambiguity["applied"]["reason"]):
            if not code_exists(name, root):
                problems.append(f"l'ambiguïté « {ambiguity['key']} » cite « {name} », qui n'existe plus dans le code")
    return Coverage(values, problems)


# --- the article page ----------------------------------------------------------------------------


@dataclass
class ArticleApplied:
    values: list[ValueCoverage]
    ambiguities: list[dict]


def article_applied(*, article, values) -> ArticleApplied:
    """What Vigie applies of each rule value citing `article` (RuleValue rows), and the ambiguities the article
    is part of, for the regulator's article page."""
    declared = _declarations_cached()
    sites = code_sites(ROOT)
    entries = []
    for rule in {rule.key: rule for rule in values}.values():
        entry = ValueCoverage(rule.key, rule.description, [],
                              _ordered(sites.get(rule.key, ()), declared.constraints.get(rule.key, ())))
        _classify(entry, declared, ROOT)
        entries.append(entry)
    return ArticleApplied(entries, article_ambiguities(article=article))


@cache
def _declarations_cached() -> Declarations:
    return declarations_read()


@cache
def _ambiguities_cached() -> tuple[dict, ...]:
    return tuple(ambiguities_read())


def article_ambiguities(*, article) -> list[dict]:
    """The ambiguities (games/rules/ambiguities.yaml) in which this article is one of the texts in tension, each
    article with its page's address and each reading marked when it is the one Vigie retains."""
    here = (article.instrument.slug, article.role, article.number)
    found = []
    for ambiguity in _ambiguities_cached():
        if here not in {(c["instrument"], c["role"], c["number"]) for c in ambiguity["cited"]}:
            continue
        english = get_language() == "en"
        retained = ambiguity["applied"]["reading"]
        found.append({
            "key": ambiguity["key"],
            "title": ambiguity["title_en"] if english else ambiguity["title"],
            "cited": [c | {"url": reverse("rules-article", args=[
                c["instrument"], "art" if c["role"] == "texte_introduit" else "dispositif", c["number"]]),
                "here": (c["instrument"], c["role"], c["number"]) == here} for c in ambiguity["cited"]],
            "readings": [{"number": number, "text": r["text_en"] if english else r["text"],
                          "retained": number == retained} for number, r in enumerate(ambiguity["readings"], 1)],
            "reason": ambiguity["applied"]["reason_en" if english else "reason"],
            "values": ambiguity.get("values", []),
        })
    return found
