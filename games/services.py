"""Loading the rule files into the database: one transaction, idempotent, with a count of what changed.

`rules_load()` validates every file first (games.rules.validate) and writes nothing if any file
is wrong. It then brings each table to exactly what the files say, so a second run reports 0
changes and `rules_load(check=True)` (everything rolled back) tells whether database and files differ.
A load that changed something is recorded (compliance.services.audit_record) in the same transaction.
"""

import datetime
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from django.db import models, transaction

from compliance.models import AuditAction, Jurisdiction, User
from compliance.services import audit_record, jurisdictions_load, system_user
from games.models import (
    Article,
    BetType,
    Game,
    HandClass,
    HandRanking,
    JurisdictionProfile,
    LegalInstrument,
    PayTable,
    PayTableLine,
    PayTableReadingEvidence,
    PayTableVersion,
    RuleValue,
    RuleValueVersion,
)
from games.rules.validate import RuleSet, read_rules, resolve_reference


@dataclass
class LoadReport:
    created: Counter = field(default_factory=Counter)
    updated: Counter = field(default_factory=Counter)
    deleted: Counter = field(default_factory=Counter)
    differences: list[str] = field(default_factory=list)

    @property
    def changes(self) -> int:
        return sum(self.created.values()) + sum(self.updated.values()) + sum(self.deleted.values())


class _RollBack(Exception):
    pass


def _plain(value):
    """JSON-safe form of a rule value: decimals as strings, nothing else touched."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _date(text: str | None) -> datetime.date | None:
    return datetime.date.fromisoformat(text) if text else None


def _same(current, wanted) -> bool:
    if isinstance(current, Decimal) or isinstance(wanted, Decimal):
        return current is not None and wanted is not None and Decimal(current) == Decimal(wanted)
    return current == wanted


class _Sync:
    """Brings one model's rows to the wanted set, counting every create, update and delete."""

    def __init__(self, report: LoadReport):
        self.report = report
        self.kept: dict[type[models.Model], set[int]] = {}
        self.existing: dict[type[models.Model], dict[tuple, models.Model]] = {}

    @staticmethod
    def _key(model, names, values) -> tuple:
        return tuple(value.pk if model._meta.get_field(name).is_relation and value is not None else value
                     for name, value in zip(names, values, strict=True))

    def _find(self, model, lookup: dict):
        """The row a lookup names, from one read of the whole table (a load runs at every start)."""
        if model not in self.existing:
            names = list(lookup)
            attnames = [model._meta.get_field(name).attname for name in names]
            self.existing[model] = {tuple(getattr(obj, attname) for attname in attnames): obj
                                    for obj in model.objects.all()}
        return self.existing[model].get(self._key(model, list(lookup), list(lookup.values())))

    def put(self, model, lookup: dict, fields: dict):
        name = model.__name__
        obj = self._find(model, lookup)
        if obj is None:
            obj = model.objects.create(**lookup, **fields)
            self.report.created[name] += 1
            self.report.differences.append(f"+ {name} {lookup}")
        else:
            changed = [key for key, wanted in fields.items() if not self._unchanged(obj, key, wanted)]
            if changed:
                for key in changed:
                    setattr(obj, key, fields[key])
                obj.save(update_fields=[model._meta.get_field(key).name for key in changed])
                self.report.updated[name] += 1
                self.report.differences.append(f"~ {name} {lookup} : {', '.join(changed)}")
        self.kept.setdefault(model, set()).add(obj.pk)
        return obj

    @staticmethod
    def _unchanged(obj, key, wanted) -> bool:
        model_field = obj._meta.get_field(key)
        if model_field.is_relation:
            return getattr(obj, model_field.attname) == (wanted.pk if wanted is not None else None)
        return _same(getattr(obj, key), wanted)

    def prune(self, *models_in_order):
        for model in models_in_order:
            stale = model.objects.exclude(pk__in=self.kept.get(model, set()))
            for obj in stale:
                self.report.differences.append(f"- {model.__name__} {obj.pk}")
            count = stale.count()
            if count:
                stale.delete()
                self.report.deleted[model.__name__] += count


def _load_instruments(sync: _Sync, rules: RuleSet, jurisdictions: dict) -> dict:
    articles = {}
    for slug, rule_file in rules.instruments.items():
        data = rule_file.data
        instrument = sync.put(LegalInstrument, {"slug": slug}, {
            "jurisdiction": jurisdictions.get(data["jurisdiction"]),
            "kind": data["kind"], "number": data.get("number") or "", "title": data["title"],
            "cite_as": data["cite_as"], "amended_cite_as": data.get("amended_cite_as") or "",
            "amends": data.get("amends") or "", "date_signed": _date(data.get("date_signed")),
            "publication": data.get("publication") or "", "status": data["status"],
            "effective_from": _date(data["effective_from"]), "effective_to": _date(data.get("effective_to")),
            "effective_from_note": data["effective_from_note"].strip(), "source_file": data["source_file"],
        })
        own = {}
        # provisions first, so the texts they carry can point at them
        numbered = sorted(enumerate(data["articles"], start=1), key=lambda pair: pair[1]["role"] != "dispositif")
        for position, item in numbered:
            article = sync.put(Article, {"instrument": instrument, "role": item["role"], "number": item["number"]}, {
                "position": position, "heading": (item.get("heading") or "").strip(), "text": item["text"].strip(),
                "introduced_by": own.get(item.get("introduced_by")) if item["role"] == "texte_introduit" else None,
                "action": item.get("action", ""), "amends_note": item.get("amends_note", "").strip(),
                "effective_from": _date(item.get("effective_from")) or instrument.effective_from,
                "effective_to": _date(item.get("effective_to")) or instrument.effective_to,
            })
            if item["role"] == "dispositif":
                own[item["number"]] = article
            articles[(slug, item["role"], item["number"])] = article
    return articles


def _cited(rules: RuleSet, articles: dict, reference: dict) -> dict:
    role, number = resolve_reference(rules, reference)
    return {"article": articles[(reference["instrument"], role, number)], "point": reference.get("point", "")}


def _jurisdiction_of(key: str, jurisdictions: dict):
    return jurisdictions.get(key.split(".")[0].upper())


def _load_rankings(sync, rules, articles, jurisdictions) -> dict:
    rankings = {}
    for key, rule_file in rules.rankings.items():
        data = rule_file.data
        ranking = sync.put(HandRanking, {"key": key}, {
            "jurisdiction": _jurisdiction_of(key, jurisdictions), "name": data["name"],
            "name_en": data.get("name_en", ""), "note": data.get("note", ""),
            **_cited(rules, articles, data["reference"]),
        })
        for position, item in enumerate(data["classes"], start=1):
            sync.put(HandClass, {"ranking": ranking, "position": position}, {
                "key": item["key"], "label": item["label"], "description": item.get("description", ""),
                "members": _plain(list(item.get("members", []))),
            })
        rankings[key] = ranking
    return rankings


def _load_games(sync, rules, articles, jurisdictions, rankings) -> dict:
    games = {}
    for key, rule_file in rules.games.items():
        data = rule_file.data
        game = sync.put(Game, {"key": key}, {
            "jurisdiction": jurisdictions.get(data["jurisdiction"]), "name": data["name"],
            "name_en": data.get("name_en", ""), "description": data.get("description", ""),
            "ranking": rankings.get(data.get("ranking")), **_cited(rules, articles, data["reference"]),
        })
        slug = data["reference"]["instrument"]
        wanted = set()
        for number in data["articles"]:
            role, _ = resolve_reference(rules, {"instrument": slug, "article": number})
            wanted.add(articles[(slug, role, number)].pk)
        current = set(game.articles.values_list("pk", flat=True))
        if current != wanted:
            game.articles.set(wanted)
            (sync.report.updated if current else sync.report.created)["Game.articles"] += 1
            sync.report.differences.append(f"~ Game {key} : articles")
        games[key] = game
    return games


def _load_paytables(sync, rules, articles, games) -> dict:
    paytables = {}
    for key, rule_file in rules.paytables.items():
        data = rule_file.data
        paytable = sync.put(PayTable, {"key": key}, {
            "game": games[data["game"]], "title": data["title"], "title_en": data.get("title_en", ""),
        })
        for date, version_data in data["versions"].items():
            reading = version_data.get("reading") or {}
            version = sync.put(PayTableVersion, {"paytable": paytable, "effective_from": _date(date)}, {
                "note": version_data.get("note", ""), "reading": reading.get("default", ""),
                "reading_note": reading.get("note", "").strip(), "reading_note_en": reading.get("note_en", "").strip(),
                **_cited(rules, articles, version_data["reference"]),
            })
            for position, item in enumerate(reading.get("evidence", []), start=1):
                sync.put(PayTableReadingEvidence, {"version": version, "position": position}, {
                    "quote": item["quote"], **_cited(rules, articles, item["reference"]),
                })
            for position, line in enumerate(version_data["lines"], start=1):
                payout = line["payout"]
                sync.put(PayTableLine, {"version": version, "position": position}, {
                    "label": line["label"], "odds_printed": line["odds"], "qualifier": line.get("qualifier", ""),
                    "hand": line.get("hand", ""), "note": line.get("note", ""), "payout_kind": payout["kind"],
                    "numerator": _decimal_or_none(payout.get("numerator")),
                    "denominator": _decimal_or_none(payout.get("denominator")),
                    "notation": payout.get("notation", ""), "amount": _decimal_or_none(payout.get("amount")),
                    "currency": payout.get("currency", ""), "share": _decimal_or_none(payout.get("share")),
                })
        paytables[key] = paytable
    return paytables


def _decimal_or_none(text) -> Decimal | None:
    return Decimal(str(text)) if text is not None else None


def _load_bet_types(sync, rules, articles, games, paytables):
    for key, rule_file in rules.games.items():
        for position, bet in enumerate(rule_file.data.get("bet_types", []), start=1):
            sync.put(BetType, {"game": games[key], "key": bet["key"]}, {
                "position": position, "name": bet["name"], "name_en": bet.get("name_en", ""),
                "description": bet.get("description", ""), "paytable": paytables.get(bet.get("paytable")),
                **_cited(rules, articles, bet["reference"]),
            })


def _game_of_value(key: str, games: dict):
    """The game a value parameterises: the longest game key that prefixes it."""
    candidates = [game_key for game_key in games if key.startswith(f"{game_key}.")]
    return games[max(candidates, key=len)] if candidates else None


def _load_values(sync, rules, articles, jurisdictions, games):
    for key, rule_file in rules.values.items():
        data = rule_file.data
        rule = sync.put(RuleValue, {"key": key}, {
            "jurisdiction": _jurisdiction_of(key, jurisdictions), "game": _game_of_value(key, games),
            "description": data["description"], "description_en": data.get("description_en", ""),
            "unit": data["unit"], "note": data.get("note", ""),
        })
        for date, entry in data["values"].items():
            sync.put(RuleValueVersion, {"rule": rule, "effective_from": _date(date)}, {
                "value": _plain(entry["value"]), "note": entry.get("note", ""),
                **_cited(rules, articles, entry["reference"]),
            })


def _load_profiles(sync, rules, jurisdictions):
    for code, rule_file in rules.profiles.items():
        data = rule_file.data
        sync.put(JurisdictionProfile, {"jurisdiction": jurisdictions[code]}, {
            "concepts": _plain(dict(data["concepts"])), "features": _plain(data["features"]),
            "engines": _plain(dict(data["engines"])),
        })


def rules_load(*, check: bool = False, root: Path | None = None, actor: User | None = None) -> LoadReport:
    """Load every rule file (validated first); with `check`, compute the changes and roll them back. A load
    that changed rows is recorded, by `actor` or else by the platform itself, with the report's counts."""
    rules = read_rules(root)
    report = LoadReport()
    try:
        with transaction.atomic():
            sync = _Sync(report)
            changed = jurisdictions_load(actor=actor)
            if changed:
                report.updated["Jurisdiction"] += changed
                report.differences.append(f"~ Jurisdiction ({changed})")
            jurisdictions = {j.code: j for j in Jurisdiction.objects.all()}
            articles = _load_instruments(sync, rules, jurisdictions)
            rankings = _load_rankings(sync, rules, articles, jurisdictions)
            games = _load_games(sync, rules, articles, jurisdictions, rankings)
            paytables = _load_paytables(sync, rules, articles, games)
            _load_bet_types(sync, rules, articles, games, paytables)
            _load_values(sync, rules, articles, jurisdictions, games)
            _load_profiles(sync, rules, jurisdictions)
            sync.prune(JurisdictionProfile, RuleValueVersion, RuleValue, BetType, PayTableReadingEvidence, PayTableLine,
                       PayTableVersion, PayTable, Game, HandClass, HandRanking, Article, LegalInstrument)
            if check:
                raise _RollBack
            if report.changes:
                audit_record(actor=actor or system_user(), action=AuditAction.RULES_LOADED, target_type="rules",
                             target_id=str(root or "games/rules"),
                             details={"changes": report.changes, "created": dict(report.created),
                                      "updated": dict(report.updated), "deleted": dict(report.deleted)})
    except _RollBack:
        pass
    return report
