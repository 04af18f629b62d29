"""What the product applies of each rule value, and the tests that show it (issue 13, item 10; issue 35, item 9).

A value is « applied » only where a check can refuse or a computation changes with it, and coverage.yaml names the
test (`tests/test_x.py::test_name`) that changes the value or the input and sees the refusal or the changed result;
the test must exist (parsed, not run) and the code must read the value in a check, a computation or a PostgreSQL
constraint. What reads the value is a join, not a parse of the source: the jurisdictions' profiles map each concept the
code asks for to each jurisdiction's key (games/rules/profiles/), games/rules/readers.yaml says which checks,
computations and pages read each concept (each reader checked to exist and to name the concept), the return models of
games/rtp (their YAML) name the values they read, and coverage.yaml the constraints (found in the migrations). A value
read only for a label, a page or a citation is « display-only »; one the product does not apply is « not applied », each
with why.
`manage.py rules_coverage` fails on a value missing from coverage.yaml, on a named test that does not exist, on a
declaration the code contradicts or that the data no longer has, and on a reason promising future work.
"""

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path

import yaml
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.rules.validate import RULES_DIR, RuleSet, ambiguities_read, citation_label, schema_problems

ROOT = RULES_DIR.parent.parent
APPS = ("compliance", "games", "registers")
COVERAGE_FILE = RULES_DIR / "coverage.yaml"
KEYLIKE = re.compile(r"^(lu|qc|mc|ropta)(\.[a-z0-9_]+)+$")


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

@dataclass(frozen=True)
class Site:
    kind: SiteKind
    module: str  # dotted, or the YAML file's path
    function: str  # "card_issue", "Check.rule", a constraint's name, a return model's "<pay table> › decks"
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


READERS_FILE = RULES_DIR / "readers.yaml"


def _module_path(root: Path, parts: list[str]) -> Path | None:
    path = root / Path(*parts)
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported(tree: ast.Module, module: str, root: Path) -> list[Path]:
    """The files of the modules `module` imports from (absolute or relative), where they are in the project."""
    found, package = [], module.rsplit(".", 1)[0] if "." in module else module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            name = ".".join([*base, node.module] if node.module else base)
            for candidate in (name, *(f"{name}.{alias.name}" for alias in node.names)):
                path = _module_path(root, candidate.split("."))
                if path is not None:
                    found.append(path)
    return found


def reader_problem(where: str, concept: str, root: Path = ROOT) -> str | None:
    """Why a reader « module:function » readers.yaml declares is not true (its module or function gone, or its module
    no longer naming the concept's own name); None when it is."""
    module, _colon, function = where.partition(":")
    path = _module_path(root, module.split("."))
    if path is None:
        return f"le module de « {where} » n'existe plus"
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    defined |= {target for n in tree.body if isinstance(n, ast.Assign | ast.AnnAssign) for target, _v in _bindings(n)}
    missing = [name for name in function.split(".") if name not in defined]
    if missing:
        return f"« {where} » n'existe plus ({'.'.join(missing)})"
    # the concept is named in the module, beside it in its package (a family's rules.py holds its concepts' names) or in
    # a module it imports from (registers/kinds.py names the rule each register needs)
    near = [*sorted(path.parent.glob("*.py")), *_imported(tree, module, root)]
    if concept.rsplit(".", 1)[-1] not in text + "".join(other.read_text(encoding="utf-8") for other in near):
        return f"« {where} » ne nomme plus « {concept} »"
    return None


def readers_read(path: Path = READERS_FILE) -> tuple[dict[str, list[Site]], list[str]]:
    """readers.yaml: concept → the sites that read it, and the problems of the file's form."""
    data, errors = schema_problems("readers", path) if path.is_file() else ({}, [])
    if errors:
        return {}, [str(error) for error in errors]
    found = {}
    for concept, kinds in (data or {}).items():
        found[concept] = [Site(SiteKind(kind), *where.split(":", 1), None)
                          for kind, places in kinds.items() for where in places]
    return found, []


def _profiles(root: Path) -> dict[str, dict]:
    """Each jurisdiction's profile as its file says (games/rules/profiles/<code>.yaml)."""
    folder = root / "games" / "rules" / "profiles"
    return {path.stem.upper(): yaml.safe_load(path.read_text(encoding="utf-8"))
            for path in sorted(folder.glob("*.yaml"))} if folder.is_dir() else {}


def _joined(root: Path, readers: dict[str, list[Site]]) -> dict[str, set[Site]]:
    """The join: each rule key with the sites that read a concept some profile maps to it (a private rulebook's value
    is named by its key)."""
    sites = defaultdict(set)
    for profile in _profiles(root).values():
        for concept, key in (profile.get("concepts") or {}).items():
            sites[key] |= set(readers.get(concept, ()))
    for concept, found in readers.items():
        if KEYLIKE.match(concept):
            sites[concept] |= set(found)
    return sites


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
    """What reads each rule key: the profiles' maps joined with readers.yaml, and the return models of games/rtp (their
    YAML). Cached: the code and its data do not change under a running process."""
    readers, _problems = readers_read(root / "games" / "rules" / "readers.yaml")
    sites = _joined(root, readers)
    for key, found in _yaml_sites(root).items():
        sites[key] |= found
    return {key: frozenset(found) for key, found in sites.items()}


def readers_problems(root: Path = ROOT) -> list[str]:
    """Every reader readers.yaml declares that the code does not bear out, and every concept it names that no profile
    maps."""
    readers, problems = readers_read(root / "games" / "rules" / "readers.yaml")
    mapped = {concept for profile in _profiles(root).values() for concept in profile.get("concepts") or {}}
    for concept, found in sorted(readers.items()):
        if concept not in mapped and not KEYLIKE.match(concept):
            problems.append(f"games/rules/readers.yaml : « {concept} » n'est le concept d'aucun profil")
        for site in found:
            problem = reader_problem(f"{site.module}:{site.function}", concept, root)
            if problem:
                problems.append(f"games/rules/readers.yaml, « {concept} » : {problem}")
    return problems


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
    problems = list(declared.problems) + readers_problems(root)
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
