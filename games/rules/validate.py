"""Validation of every rule file, before anything touches the database.

`read_rules()` returns the whole rule set or raises `RulesInvalid` listing every problem with its
file and line. Run `python -m games.rules.validate` to check the files without a database.
"""

import datetime
import json
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from jsonschema import Draft202012Validator

from games.rules.yamlfile import RuleFileError, line_of, read

RULES_DIR = Path(__file__).resolve().parent
SCHEMA = json.loads((RULES_DIR / "schemas" / "rules.schema.json").read_text(encoding="utf-8"))
KINDS = {
    "instruments": "instrument", "values": "value", "games": "game", "paytables": "paytable", "rankings": "ranking",
}
INTEGER_UNITS = {"count", "calendar_days", "working_days", "weeks", "days", "hours"}
DECIMAL_UNITS = {"EUR", "CAD", "ratio", "multiple"}


class RulesInvalid(Exception):
    def __init__(self, errors: list[RuleFileError]):
        self.errors = errors
        super().__init__("\n".join(str(error) for error in errors))


@dataclass
class RuleFile:
    kind: str
    path: Path
    data: dict
    root: Path = RULES_DIR

    @property
    def relpath(self) -> str:
        return _relative(self.path, self.root)


@dataclass
class RuleSet:
    instruments: dict[str, RuleFile] = field(default_factory=dict)
    values: dict[str, RuleFile] = field(default_factory=dict)
    games: dict[str, RuleFile] = field(default_factory=dict)
    paytables: dict[str, RuleFile] = field(default_factory=dict)
    rankings: dict[str, RuleFile] = field(default_factory=dict)
    profiles: dict[str, RuleFile] = field(default_factory=dict)  # jurisdiction code → its profile

    def keys(self) -> set[str]:
        """Every key a profile may map a concept to: a value, a game, a pay table, a hand ranking."""
        return {*self.values, *self.games, *self.paytables, *self.rankings}


def _relative(path: Path, root: Path) -> str:
    """The path as people see it in the repository: games/rules/…"""
    return str(Path("games/rules") / path.relative_to(root))


def _validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{kind}"})


def _expected_key(kind_dir: Path, path: Path) -> str:
    parts = path.relative_to(kind_dir).with_suffix("").parts
    jur, stem = parts[0], ".".join(parts[1:])
    return stem if stem.startswith(f"{jur}.") else f"{jur}.{stem}"


def _is_date(text) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return False
    return True


class _Checker:
    """Collects errors across all files so one run reports everything wrong."""

    def __init__(self):
        self.errors: list[RuleFileError] = []

    def error(self, rule_file: RuleFile, where: list, message: str):
        self.errors.append(RuleFileError(rule_file.relpath, line_of(rule_file.data, where), message))

    def schema(self, rule_file: RuleFile) -> bool:
        found = sorted(_validator(rule_file.kind).iter_errors(rule_file.data), key=lambda e: list(e.absolute_path))
        for problem in found:
            where = list(problem.absolute_path)
            label = "/".join(str(part) for part in where) or "(racine)"
            self.error(rule_file, where, f"{label} : {problem.message}")
        return not found

    def dates(self, rule_file: RuleFile, node, where: list):
        """Every string that looks like a date must be a real calendar date (no 2007-02-30)."""
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, str) and len(key) == 10 and key[4:5] == "-" and not _is_date(key):
                    self.error(rule_file, [*where, key], f"date invalide « {key} »")
                self.dates(rule_file, value, [*where, key])
        elif isinstance(node, list):
            for index, value in enumerate(node):
                self.dates(rule_file, value, [*where, index])
        elif (isinstance(node, str) and where and str(where[-1]) in {"date_signed", "effective_from", "effective_to"}
              and not _is_date(node)):
            self.error(rule_file, where, f"date invalide « {node} »")


def _load_files(checker: _Checker, root: Path) -> list[RuleFile]:
    files = []
    for directory, kind in KINDS.items():
        kind_dir = root / directory
        for path in sorted(kind_dir.rglob("*.yaml")):
            try:
                data = read(path)
            except RuleFileError as exc:
                checker.errors.append(RuleFileError(_relative(path, root), exc.line, exc.message))
                continue
            rule_file = RuleFile(kind, path, data, root)
            if not checker.schema(rule_file):
                continue
            checker.dates(rule_file, data, [])
            expected = path.stem if kind == "instrument" else _expected_key(kind_dir, path)
            actual = data["slug" if kind == "instrument" else "key"]
            if actual != expected:
                checker.error(rule_file, ["slug" if kind == "instrument" else "key"],
                              f"la clé « {actual} » ne correspond pas au chemin du fichier (attendu « {expected} »)")
                continue
            files.append(rule_file)
    return files


def _check_instrument(checker: _Checker, rule_file: RuleFile):
    data = rule_file.data
    if not (rule_file.root / "sources" / data["source_file"]).is_file():
        checker.error(rule_file, ["source_file"], f"fichier source introuvable « {data['source_file']} »")
    seen = {}
    for index, article in enumerate(data["articles"]):
        ident = (article["role"], article["number"])
        if ident in seen:
            checker.error(rule_file, ["articles", index, "number"],
                          f"article {article['number']} ({article['role']}) en double (aussi à l'entrée {seen[ident]})")
        seen[ident] = index
    own = {number for role, number in seen if role == "dispositif"}
    for index, article in enumerate(data["articles"]):
        if article["role"] == "texte_introduit" and article["introduced_by"] not in own:
            checker.error(rule_file, ["articles", index, "introduced_by"],
                          f"l'article modificatif « {article['introduced_by']} » n'existe pas dans cet instrument")


def resolve_reference(rules: RuleSet, reference: dict) -> tuple[str, str] | str:
    """(role, number) of the article a reference names, or an error message."""
    instrument = rules.instruments.get(reference["instrument"])
    if instrument is None:
        return f"instrument inconnu « {reference['instrument']} »"
    roles = {a["role"] for a in instrument.data["articles"] if a["number"] == reference["article"]}
    if reference.get("role"):
        roles &= {reference["role"]}
    if not roles:
        return f"article inconnu « {reference['article']} » dans « {reference['instrument']} »"
    role = "texte_introduit" if "texte_introduit" in roles else "dispositif"
    return role, reference["article"]


def _check_reference(checker: _Checker, rules: RuleSet, rule_file: RuleFile, where: list, reference: dict):
    resolved = resolve_reference(rules, reference)
    if isinstance(resolved, str):
        checker.error(rule_file, [*where, "article" if "article" in resolved else "instrument"], resolved)
        return
    jurisdiction = rules.instruments[reference["instrument"]].data["jurisdiction"]
    prefix = rule_file.data["key"].split(".")[0] if "key" in rule_file.data else rule_file.data["jurisdiction"].lower()
    if jurisdiction and prefix != jurisdiction.lower():
        checker.error(rule_file, [*where, "instrument"],
                      f"l'instrument « {reference['instrument']} » ({jurisdiction}) ne régit pas « {prefix} »")


def _check_value_type(checker: _Checker, rule_file: RuleFile, date: str, value):
    unit, where = rule_file.data["unit"], ["values", date, "value"]
    if value is None:
        return
    ok = {
        "boolean": isinstance(value, bool),
        "text": isinstance(value, str) and bool(value),
        "list": isinstance(value, list) and bool(value),
        "range": isinstance(value, dict) and set(value) == {"min", "max"} and _range_ok(value),
    }.get(unit)
    if unit in INTEGER_UNITS:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
    elif unit in DECIMAL_UNITS:
        ok = isinstance(value, str) and _decimal(value) is not None and _decimal(value) >= 0
    if not ok:
        checker.error(rule_file, where, f"valeur « {value} » incompatible avec l'unité « {unit} »")


def _decimal(text) -> Decimal | None:
    try:
        result = Decimal(str(text))
    except ArithmeticError:
        return None
    return result if result.is_finite() else None


def _range_ok(value: dict) -> bool:
    low, high = _decimal(value["min"]), _decimal(value["max"])
    return low is not None and high is not None and 0 <= low <= high


# The power a request kind claims (games/rules/values/*/approbations/), and the words its cited article must hold
# for it: an authority approves only where the text says « autorisé », « agréé », « approuvé » … A kind the texts
# give no power over (« aucun ») is kept to read the requests filed before, and is never filed again.
POWER_WORDS = {
    "autorisation": ("autoris", "agré", "approuv"),
    "avis": ("avis",),
    "notification": ("notifi", "inform", "préalable", "préavis"),
    "production": ("certificat", "produ", "fourni"),
    "publication": ("public", "publi"),
    "aucun": (),
}


def power_problem(power: str | None, text: str) -> str | None:
    """Why an article's text cannot bear the power a request kind claims, or None when it can."""
    if power is None:
        return "une nature de demande dit le pouvoir que le texte donne (« power » : " + ", ".join(POWER_WORDS) + ")"
    words = POWER_WORDS[power]
    if words and not any(word in text.lower() for word in words):
        return (f"l'article cité ne contient aucun des mots du pouvoir « {power} » ("
                + ", ".join(f"« {word} »" for word in words) + ")")
    return None


def _check_power(checker: _Checker, rules: RuleSet, rule_file: RuleFile):
    if ".approbations." not in rule_file.data["key"]:
        if "power" in rule_file.data:
            checker.error(rule_file, ["power"], "seule une nature de demande (approbations) dit un pouvoir")
        return
    for date, entry in rule_file.data["values"].items():
        text = article_text(rules, entry["reference"])
        problem = power_problem(rule_file.data.get("power"), text or "")
        if text is not None and problem:
            checker.error(rule_file, ["power"] if "power" in rule_file.data else ["key"], f"{date} : {problem}")


def _check_cross_references(checker: _Checker, rules: RuleSet):
    for rule_file in rules.values.values():
        for date, entry in rule_file.data["values"].items():
            _check_reference(checker, rules, rule_file, ["values", date, "reference"], entry["reference"])
            _check_value_type(checker, rule_file, date, entry["value"])
        _check_power(checker, rules, rule_file)
    for rule_file in rules.games.values():
        data = rule_file.data
        _check_reference(checker, rules, rule_file, ["reference"], data["reference"])
        if data.get("ranking") and data["ranking"] not in rules.rankings:
            checker.error(rule_file, ["ranking"], f"classement inconnu « {data['ranking']} »")
        instrument = rules.instruments.get(data["reference"]["instrument"])
        numbers = {a["number"] for a in instrument.data["articles"]} if instrument else set()
        for index, number in enumerate(data["articles"]):
            if instrument and number not in numbers:
                checker.error(rule_file, ["articles", index], f"article inconnu « {number} »")
        for index, bet in enumerate(data.get("bet_types", [])):
            _check_reference(checker, rules, rule_file, ["bet_types", index, "reference"], bet["reference"])
            if bet.get("paytable") and bet["paytable"] not in rules.paytables:
                checker.error(rule_file, ["bet_types", index, "paytable"],
                              f"table de paiement inconnue « {bet['paytable']} »")
    for rule_file in rules.paytables.values():
        if rule_file.data["game"] not in rules.games:
            checker.error(rule_file, ["game"], f"jeu inconnu « {rule_file.data['game']} »")
        for date, version in rule_file.data["versions"].items():
            _check_reference(checker, rules, rule_file, ["versions", date, "reference"], version["reference"])
            _check_reading(checker, rules, rule_file, date, version)
    for rule_file in rules.rankings.values():
        _check_reference(checker, rules, rule_file, ["reference"], rule_file.data["reference"])
        keys = [c["key"] for c in rule_file.data["classes"]]
        for index, key in enumerate(keys):
            if keys.index(key) != index:
                checker.error(rule_file, ["classes", index, "key"], f"classe « {key} » en double")


def _load_profiles(checker: _Checker, root: Path, rules: RuleSet):
    """games/rules/profiles/<code>.yaml: schema, the file named after its jurisdiction, every concept and engine
    naming a key the data has, every feature's article the instrument's."""
    for path in sorted((root / "profiles").glob("*.yaml")):
        try:
            data = read(path)
        except RuleFileError as exc:
            checker.errors.append(RuleFileError(_relative(path, root), exc.line, exc.message))
            continue
        rule_file = RuleFile("profile", path, data, root)
        if not checker.schema(rule_file):
            continue
        checker.dates(rule_file, data, [])
        if data["jurisdiction"] != path.stem.upper():
            checker.error(rule_file, ["jurisdiction"], f"le profil de « {path.stem} » nomme « {data['jurisdiction']} »")
            continue
        known = rules.keys()
        for name, key in data["concepts"].items():
            if key not in known:
                checker.error(rule_file, ["concepts", name], f"concept « {name} » : clé inconnue « {key} »")
        for game in data["engines"]:
            if game not in rules.games:
                checker.error(rule_file, ["engines", game], f"moteur d'un jeu inconnu « {game} »")
        for feature, versions in data["features"].items():
            for date, entry in versions.items():
                if "reference" in entry:
                    _check_reference(checker, rules, rule_file, ["features", feature, date, "reference"],
                                     entry["reference"])
        rules.profiles[data["jurisdiction"]] = rule_file


def _words(text: str) -> str:
    return " ".join(text.split())


def article_text(rules: RuleSet, reference: dict) -> str | None:
    """The full text of the article a reference names, or None when it names none."""
    resolved = resolve_reference(rules, reference)
    if isinstance(resolved, str):
        return None
    role, number = resolved
    return next(a["text"] for a in rules.instruments[reference["instrument"]].data["articles"]
                if a["role"] == role and a["number"] == number)


def _check_reading(checker: _Checker, rules: RuleSet, rule_file: RuleFile, date: str, version: dict):
    """A version that prints « pour » says which reading its text supports, and each quote of its evidence is
    in the article it cites, word for word."""
    where = ["versions", date]
    reading = version.get("reading")
    if reading is None:
        if any(line["payout"].get("notation") == "pour" for line in version["lines"]):
            checker.error(rule_file, where, "la table écrit « pour » : le bloc « reading » doit dire quelle lecture "
                                            "le texte appuie, avec ses preuves")
        return
    for index, item in enumerate(reading["evidence"]):
        place = [*where, "reading", "evidence", index]
        _check_reference(checker, rules, rule_file, [*place, "reference"], item["reference"])
        text = article_text(rules, item["reference"])
        if text is not None and _words(item["quote"]) not in _words(text):
            checker.error(rule_file, [*place, "quote"], f"citation introuvable dans l'article : « {item['quote']} »")


def citation_label(instrument: dict, role: str, number: str, point: str = "") -> str:
    """As `Article.citation` writes it, from the files: « LU RGD 1979 art. 49-14 », « ROPTA §4.2 »."""
    prefix = instrument["amended_cite_as"] if role == "texte_introduit" else instrument["cite_as"]
    label = f"{prefix} {number}" if number.startswith("§") else f"{prefix} art. {number}"
    if number[:1].isalpha():  # a part with no number (a decree's « attendus »)
        label = f"{prefix}, {number}"
    return f"{label} {point}".strip()


# --- ambiguities (games/rules/ambiguities.yaml) ---------------------------------------------------


def _check_ambiguities(checker: _Checker, root: Path, rules: RuleSet | None = None) -> list[dict]:
    """Each ambiguity's articles exist and hold the words it quotes; the reading applied is one of its readings;
    the values it names exist. Returns them, each article resolved for the pages (`cited`)."""
    path = root / "ambiguities.yaml"
    if not path.is_file():
        return []
    try:
        data = read(path)
    except RuleFileError as exc:
        checker.errors.append(RuleFileError(_relative(path, root), exc.line, exc.message))
        return []
    rule_file = RuleFile("ambiguities", path, data, root)
    if not checker.schema(rule_file):
        return []
    if rules is None:  # a page: only the instruments the file names
        rules = RuleSet()
        for slug in {cited["reference"]["instrument"] for item in data["ambiguities"] for cited in item["articles"]}:
            if (root / "instruments" / f"{slug}.yaml").is_file():
                rules.instruments[slug] = RuleFile("instrument", root / "instruments" / f"{slug}.yaml",
                                                   read(root / "instruments" / f"{slug}.yaml"), root)
    keys = [item["key"] for item in data["ambiguities"]]
    found = []
    for index, item in enumerate(data["ambiguities"]):
        where = ["ambiguities", index]
        if keys.index(item["key"]) != index:
            checker.error(rule_file, [*where, "key"], f"ambiguïté « {item['key']} » en double")
        cited = []
        for position, article in enumerate(item["articles"]):
            reference = article["reference"]
            resolved = resolve_reference(rules, reference)
            if isinstance(resolved, str):
                checker.error(rule_file, [*where, "articles", position, "reference"], resolved)
                continue
            role, number = resolved
            instrument = rules.instruments[reference["instrument"]].data
            text = next(a["text"] for a in instrument["articles"] if a["role"] == role and a["number"] == number)
            if " ".join(article["quote"].split()) not in " ".join(text.split()):
                checker.error(rule_file, [*where, "articles", position, "quote"],
                              f"citation introuvable dans l'article : « {article['quote']} »")
            cited.append({"instrument": reference["instrument"], "role": role, "number": number,
                          "label": citation_label(instrument, role, number, reference.get("point", "")),
                          "quote": article["quote"]})
        reading = item["applied"]["reading"]
        if reading is not None and reading > len(item["readings"]):
            checker.error(rule_file, [*where, "applied", "reading"], f"lecture {reading} inexistante")
        for position, key in enumerate(item.get("values", [])):
            if rules.values and key not in rules.values:
                checker.error(rule_file, [*where, "values", position], f"valeur inconnue « {key} »")
        found.append({**item, "cited": cited})
    return found


def ambiguities_read(root: Path | None = None) -> list[dict]:
    """The ambiguities the texts hold, validated; raises RulesInvalid when the file is wrong."""
    checker = _Checker()
    found = _check_ambiguities(checker, root or RULES_DIR)
    if checker.errors:
        raise RulesInvalid(checker.errors)
    return found


def schema_problems(kind: str, path: Path) -> tuple[dict | None, list[RuleFileError]]:
    """A side file of games/rules (coverage.yaml) read and checked against its schema definition `kind`."""
    checker = _Checker()
    try:
        data = read(path)
    except RuleFileError as exc:
        return None, [exc]
    checker.schema(RuleFile(kind, path, data, path.parent))
    return data, checker.errors


def read_rules(root: Path | None = None) -> RuleSet:
    root = root or RULES_DIR
    checker = _Checker()
    rules = RuleSet()
    for rule_file in _load_files(checker, root):
        if rule_file.kind == "instrument":
            _check_instrument(checker, rule_file)
            rules.instruments[rule_file.data["slug"]] = rule_file
        else:
            getattr(rules, f"{rule_file.kind}s")[rule_file.data["key"]] = rule_file
    _check_cross_references(checker, rules)
    _load_profiles(checker, root, rules)
    _check_ambiguities(checker, root, rules)
    if checker.errors:
        raise RulesInvalid(checker.errors)
    return rules


def main() -> int:
    try:
        rules = read_rules()
    except RulesInvalid as exc:
        print(f"{len(exc.errors)} erreur(s) :", file=sys.stderr)
        for error in exc.errors:
            print(f"  {error}", file=sys.stderr)
        return 1
    counts = {name: len(getattr(rules, name))
              for name in ("instruments", "values", "games", "paytables", "rankings", "profiles")}
    print("règles valides : " + ", ".join(f"{count} {name}" for name, count in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
