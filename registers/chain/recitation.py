"""Citations already written that the texts do not support, rectified without touching what was written.

An entry is evidence and never changes: when a citation Vigie wrote in it turns out to cite an article for what the
article does not say (issue 35), `registers_recite` appends to the same register a recitation entry referring to it,
filed by a platform administrator and countersigned by Vigie's own account. It names each place of the entry's
content (`constats[2].citation`), the citation as written and the citation that should have been written. The pages,
the exports and the reports then show the rectified citation beside the original.

What is rectified, and why, is data: `recitations.yaml` beside this module, one rule per citation that changed, read
by the command and by the audit (`checks.recitation`). A rule never changes once entries were recited under it; a
later change is a new rule."""

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.services import system_user
from games.rules.yamlfile import read

from .. import controls
from ..errors import ErrorCode
from ..kinds import EntryKind
from ..models import Entry, Register
from . import errors
from .services import entry_append

RULES_FILE = Path(__file__).with_name("recitations.yaml")
_INDEX = re.compile(r"^(?P<key>[^\[\]]+)(?P<list>\[\*\])?$")


@dataclass(frozen=True)
class Rule:
    key: str
    registers: tuple[str, ...]
    kinds: tuple[str, ...]  # empty: every kind of those registers
    path: str  # "citation", "constats[*].citation": a list's items with [*]
    was: str
    now: str
    why: str
    when: tuple[tuple[str, str], ...] = ()  # beside the citation, in the same object: key → value it must have
    jurisdictions: tuple[str, ...] = ()  # empty: every jurisdiction
    segment: bool = False  # `was` is one of the citations a « ; »-separated list holds, replaced where it stands

    def applied(self, value: str) -> str | None:
        """`value` rectified by this rule, or None where the rule does not match it."""
        if not self.segment:
            return self.now if value == self.was else None
        parts = value.split(SEPARATOR)
        return SEPARATOR.join(self.now if part == self.was else part for part in parts) if self.was in parts else None


SEPARATOR = " ; "


@dataclass(frozen=True)
class ReportRule:
    """Signed reports whose page itself (not an entry) cited what it should not: reissued once."""

    key: str
    kinds: tuple[str, ...]  # compliance.reports.models.Report.Kind values
    jurisdictions: tuple[str, ...]  # empty: every jurisdiction
    edition_below: int  # printed by an edition of the pages before this one (compliance.reports.models.EDITION)
    why: str


def _table() -> dict:
    return read(RULES_FILE) or {}


@cache
def report_rules() -> tuple[ReportRule, ...]:
    return tuple(ReportRule(key=item["key"], kinds=tuple(item["kinds"]),
                            jurisdictions=tuple(item.get("jurisdictions", ())),
                            edition_below=int(item["edition_below"]),
                            why=" ".join(item["why"].split()))
                 for item in _table().get("reports") or ())


@cache
def rules() -> tuple[Rule, ...]:
    """The rules of recitations.yaml, checked: each key once, its path readable, the citation really changed."""
    found, keys = [], set()
    for item in _table().get("entries") or ():
        rule = Rule(key=item["key"], registers=tuple(item["registers"]), kinds=tuple(item.get("kinds", ())),
                    path=item["path"], was=item["was"], now=item["now"], why=" ".join(item["why"].split()),
                    when=tuple(sorted((item.get("when") or {}).items())),
                    jurisdictions=tuple(item.get("jurisdictions", ())), segment=bool(item.get("segment", False)))
        if rule.key in keys or rule.was == rule.now or not all(_INDEX.match(part) for part in rule.path.split(".")):
            raise ValueError(f"{RULES_FILE.name}: rule {rule.key!r} repeated, unchanged or with an unreadable path")
        keys.add(rule.key)
        found.append(rule)
    return tuple(found)


def rule_named(key: str) -> Rule | None:
    return next((rule for rule in rules() if rule.key == key), None)


def _places(value, parts: list[str], where: str) -> Iterator[tuple[str, dict, str]]:
    """Each (concrete path, the object holding the last key, that key) the path reaches in `value`."""
    match = _INDEX.match(parts[0])
    key, is_list = match["key"], bool(match["list"])
    if not isinstance(value, dict) or key not in value:
        return
    here = f"{where}.{key}" if where else key
    if len(parts) == 1 and not is_list:
        yield here, value, key
        return
    if not is_list:
        yield from _places(value[key], parts[1:], here)
        return
    if not isinstance(value[key], list):
        return
    for index, item in enumerate(value[key]):
        if len(parts) == 1:
            continue  # a list of citations is not a place this table rectifies
        yield from _places(item, parts[1:], f"{here}[{index}]")


def value_at(payload: dict, path: str):
    """The value at a concrete path (`constats[2].citation`), or None."""
    value = payload
    for part in path.split("."):
        match = re.fullmatch(r"(?P<key>[^\[\]]+)(?:\[(?P<index>\d+)\])?", part)
        if match is None or not isinstance(value, dict) or match["key"] not in value:
            return None
        value = value[match["key"]]
        if match["index"] is not None:
            if not isinstance(value, list) or int(match["index"]) >= len(value):
                return None
            value = value[int(match["index"])]
    return value


def corrections_due(entry: Entry, register_kind: str, jurisdiction: str, payload: dict | None = None) -> list[dict]:
    """What the rules rectify in the entry: each place, the citation written there and the one that should be, and
    the rules that rectify it (several where each rectifies one citation of a list), in the table's order."""
    payload = json.loads(entry.payload) if payload is None else payload
    places: dict[str, dict] = {}
    for rule in rules():
        if register_kind not in rule.registers or (rule.kinds and entry.kind not in rule.kinds):
            continue
        if rule.jurisdictions and jurisdiction not in rule.jurisdictions:
            continue
        for path, holder, key in _places(payload, rule.path.split("."), ""):
            if not isinstance(holder[key], str) or not all(str(holder.get(k)) == v for k, v in rule.when):
                continue
            place = places.setdefault(path, {"path": path, "was": holder[key], "now": holder[key], "rules": []})
            rectified = rule.applied(place["now"])
            if rectified is not None:
                place["now"] = rectified
                place["rules"].append(rule.key)
    return [{"path": p["path"], "was": p["was"], "now": p["now"], "rule": RULES_JOINED.join(p["rules"])}
            for p in places.values() if p["rules"]]


RULES_JOINED = " + "


def rectified(value: str, keys: str) -> str | None:
    """`value` rectified by the rules named (as a correction names them), or None when one is unknown or does not
    match: what the audit recomputes."""
    for key in keys.split(RULES_JOINED):
        rule = rule_named(key)
        value = rule.applied(value) if rule is not None else None
        if value is None:
            return None
    return value


@dataclass(frozen=True)
class Due:
    """An entry with a citation no recitation rectified yet, and every place the rules rectify in it."""

    register: Register
    entry: Entry
    corrections: list[dict]


def recitations_done(register: Register) -> dict[int, set[tuple[str, str]]]:
    """Per entry id, the (path, rule) its recitations already rectified."""
    done: dict[int, set[tuple[str, str]]] = {}
    for refers_to, payload in (Entry.objects.filter(register=register, kind=EntryKind.RECITATION)
                               .values_list("refers_to_id", "payload")):
        for correction in json.loads(payload).get("corrections", []):
            done.setdefault(refers_to, set()).add((correction["path"], correction["rule"]))
    return done


def recitations_due(*, casino: Casino | None = None) -> Iterator[Due]:
    """Every live entry whose citations a rule rectifies and no recitation has yet (archived years stay as they were
    archived: their pages say so)."""
    by_register = {}
    for rule in rules():
        for kind in rule.registers:
            by_register[kind] = by_register.get(kind, set()) | set(rule.kinds or {None})
    registers = Register.objects.filter(kind__in=by_register).select_related("casino__jurisdiction")
    if casino is not None:
        registers = registers.filter(casino=casino)
    for register in registers.order_by("casino__code", "kind"):
        kinds = by_register[register.kind]
        entries = Entry.objects.filter(register=register).exclude(kind=EntryKind.RECITATION)
        if None not in kinds:
            entries = entries.filter(kind__in=kinds)
        done = recitations_done(register)
        for entry in entries.order_by("seq").iterator(2000):
            corrections = corrections_due(entry, register.kind, register.casino.jurisdiction.code)
            if any((c["path"], c["rule"]) not in done.get(entry.pk, set()) for c in corrections):
                yield Due(register, entry, corrections)


def recitation_payload(entry: Entry, corrections: list[dict]) -> dict:
    reasons = {rule.key: rule.why for rule in rules()}
    keys = [key for c in corrections for key in c["rule"].split(RULES_JOINED)]
    return {"recites": entry.seq, "kind": entry.kind, "corrections": corrections,
            "reasons": {key: reasons[key] for key in keys},
            "citation": controls.written(controls.RECITATION)}


def _verify_admin(actor: User) -> None:
    if not actor.is_platform_admin or actor.username == system_user().username:
        raise DomainError(errors.RECITATION_BY_ADMIN, code=ErrorCode.WRONG_ROLE, field="actor")


@transaction.atomic
def entry_recite(*, due: Due, actor: User) -> Entry:
    """One recitation entry: filed by `actor` (a platform administrator), countersigned by Vigie's own account."""
    _verify_admin(actor)
    register = Register.objects.select_for_update(of=("self",)).select_related("casino__jurisdiction").get(
        pk=due.register.pk)
    done = recitations_done(register).get(due.entry.pk, set())
    if all((c["path"], c["rule"]) in done for c in due.corrections):
        raise DomainError(errors.RECITATION_DONE.format(seq=due.entry.seq), code=ErrorCode.NO_CHANGE, field="entry")
    # every place the rules rectify, those rectified before included: the latest recitation is the whole picture
    return entry_append(register=register, kind=EntryKind.RECITATION, gaming_day=register.casino.today(),
                        actor=actor, payload=recitation_payload(due.entry, due.corrections),
                        countersigner=system_user(), refers_to=due.entry)

