"""What every family's audit checks use (`registers_audit`, registers/chain/audit.py): the replay of one register, an
entry under audit, and the problems found in it, each citing its rule and saying what is wrong in French and English.

A check (each family's `checks.py`: one function per entry kind) takes the replay and the entry and returns the entry's
problems; on the way it records the entry's effect in its family's part of the replay (`Replay.part`), as the family's
selectors read it, valid or not: the pages and the later filings of the product saw the register so."""

import datetime
import json
import unicodedata
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino, User
from games.selectors import RuleValueAt, rule_value_at
from registers.errors import ErrorCode

from .. import errors as common
from ..controls import HOUSE_RULE
from ..fields import NAME_MAX, clean_text
from ..models import Entry, Register
from ..money import parse_amount
from ..money import shown as money_shown

UNPRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # as registers/fields.py refuses them
SHOWN_MAX = 80

RULE_MISSING = _("Aucune valeur de la règle {key} n'est en vigueur le {day} : le service aurait refusé cette écriture.")
NOT_AN_AMOUNT = _("Montant invalide : « {value} » (un montant s'écrit en texte, avec deux décimales).")
NOT_A_DAY = _("Date invalide : « {value} » (AAAA-MM-JJ attendu).")
NOT_COUNTERSIGNED = _("Cette écriture doit être contresignée par une seconde personne ; elle ne l'est pas.")
SAME_PERSON = _("La contresignature vient de la personne qui a déposé l'écriture.")
WRONG_COUNTERSIGNER = _("La contresignature exige le rôle « {role} » ; {user} ne l'a pas.")
WRONG_ACTOR = _("Cette écriture est réservée au rôle « {role} » ; {user} ne l'a pas.")


def escaped(value) -> str:
    """A text as the audit prints it: a control or unprintable character is written as its code, never output."""
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in UNPRINTABLE else c for c in str(value))


def shown(value) -> str:
    text = escaped(value)
    return text if len(text) <= SHOWN_MAX else text[: SHOWN_MAX - 1] + "…"


@dataclass(frozen=True)
class Amount:
    """An amount of a message, which the casino's people read as they write it (« 48 805,00 € »), never « 48805.00 »;
    a value that is not an amount (a payload's bad text) is shown as written."""

    value: object

    def text(self, casino: Casino | None) -> str:
        if casino is None:
            return shown(self.value)
        try:
            return money_shown(casino, self.value)
        except (InvalidOperation, ValueError, TypeError):
            return shown(self.value)


@dataclass(frozen=True)
class Counted:
    """A count with its words, in the singular or the plural of the language the message is read in: `words` is
    `lambda n: ngettext("%(n)s appareil", "%(n)s appareils", n) % {"n": n}` (or `formatting.days`); a count a payload
    wrote wrong (not a whole number) is shown as written."""

    count: object
    words: Callable[[int], str]

    def __str__(self) -> str:
        whole = isinstance(self.count, int) and not isinstance(self.count, bool)
        return self.words(self.count) if whole else shown(self.count if self.count is not None else "—")


@dataclass(frozen=True)
class Said:
    """A part of a message made in the language the message is read in: `text()` is called inside it."""

    text: Callable[[], str]

    def __str__(self) -> str:
        return self.text()


def _human(value, casino: Casino | None) -> str:
    """A value of a message as people write it: an amount in the casino's money, a day « 28 novembre 2026 », a moment
    « 28 nov. 2026 19 h 15 » in the casino's zone, a count with its words."""
    jurisdiction = casino.jurisdiction if casino is not None else None
    if isinstance(value, Amount):
        return value.text(casino)
    if isinstance(value, datetime.datetime):
        zone = zoneinfo.ZoneInfo(casino.jurisdiction.timezone) if casino is not None else datetime.UTC
        with timezone.override(zone):
            return formatting.date(value, jurisdiction=jurisdiction, style="short")
    if isinstance(value, datetime.date):
        return formatting.date(value, jurisdiction=jurisdiction)
    return shown(value)


def rendered(message, casino: Casino | None = None, **params) -> tuple[str, str]:
    """A message (French source, English in locale/en) with its values, in both languages, as the casino's people
    write them (`_human`)."""
    texts = []
    for language in ("fr", "en"):
        with translation.override(language):
            texts.append(str(message).format(**{key: _human(value, casino) for key, value in params.items()}))
    return texts[0], texts[1]


def refusal(call: Callable[[], object]) -> tuple[str, str, str] | None:
    """Runs a rule of the services (clean_text, parse_amount …): None if it passes, else its refusal's message in
    French and English, and its code."""
    try:
        call()
    except DomainError as refused:
        code = refused.code
    else:
        return None
    texts = []
    for language in ("fr", "en"):  # a refusal's message is made in the language active when it is raised
        with translation.override(language):
            try:
                call()
            except DomainError as refused:
                texts.append(escaped(refused.message))
    return texts[0], texts[1], code


@dataclass(frozen=True)
class Problem:
    fr: str
    en: str
    citation: str

    def __str__(self) -> str:
        return f"{self.fr} / {self.en} [{self.citation}]"


class Audited:
    """An entry under audit, its payload read once (an unreadable payload reads as empty)."""

    def __init__(self, entry: Entry, casino: Casino):
        self.entry, self.casino = entry, casino
        self.seq, self.kind, self.gaming_day = entry.seq, entry.kind, entry.gaming_day
        try:
            payload = json.loads(entry.payload)
        except ValueError:
            payload = None
        self.readable = isinstance(payload, dict)
        self.payload: dict = payload if self.readable else {}

    @property
    def latest_day(self) -> datetime.date:
        """The latest day the entry's filing may name (a gaming day, a date it reports): the day it was recorded, in
        the casino's zone or in UTC, whichever is later (the services read the day in the zone of the request)."""
        return self.local_day(self.entry.recorded_at)

    def local_day(self, moment: datetime.datetime) -> datetime.date:
        local = moment.astimezone(zoneinfo.ZoneInfo(self.casino.jurisdiction.timezone)).date()
        return max(local, moment.astimezone(datetime.UTC).date())

    def filed_day(self, moment: datetime.datetime) -> datetime.date:
        """The day a filing was made, to measure how late it came: in the casino's zone or in UTC, whichever is
        earlier (a Québec filing at 20:00 is on its day, though UTC is on the next; the services measure so)."""
        local = moment.astimezone(zoneinfo.ZoneInfo(self.casino.jurisdiction.timezone)).date()
        return min(local, moment.astimezone(datetime.UTC).date())


class Replay:
    """One register as its entries build it, up to the entry being checked: the entries seen (what a later one may
    refer to), each family's part of the state, and the rule values read so far."""

    def __init__(self, register: Register):
        self.register, self.casino = register, register.casino
        self.seen: dict[int, tuple[int, str]] = {}  # entry id → (n°, kind), for refers_to
        self.parts: dict[str, object] = {}
        self._rules: dict[tuple[str, datetime.date], RuleValueAt | None] = {}

    def part(self, name: str, factory: Callable[[], object]):
        """A family's own state in this replay, made by `factory` the first time it is asked for."""
        if name not in self.parts:
            self.parts[name] = factory()
        return self.parts[name]

    def rule(self, key: str, on: datetime.date) -> RuleValueAt | None:
        """The value in force on `on` (drafts applied, as the services do), or None where there is none."""
        if (key, on) not in self._rules:
            try:
                found = rule_value_at(jurisdiction=self.casino.jurisdiction, key=key, on=on, drafts=True)
            except DomainError:
                found = None
            self._rules[(key, on)] = found
        return self._rules[(key, on)]

    def cited(self, key: str, on: datetime.date) -> str:
        """The article of a rule value in force on `on`, as the rule data cites it (a draft as such); Vigie's own rule
        where there is none."""
        rule = self.rule(key, on)
        return str(rule.citation) if rule else HOUSE_RULE

    def referred(self, entry: Audited) -> tuple[int, str] | None:
        """(n°, kind) of the earlier entry of this register that the entry refers to."""
        return self.seen.get(entry.entry.refers_to_id) if entry.entry.refers_to_id else None


MISSING = object()


class Check:
    """The problems one check finds in one entry; `citation` is the rule the entry's fields rest on."""

    def __init__(self, replay: Replay, entry: Audited, citation: str):
        self.replay, self.entry, self.citation = replay, entry, citation
        self.problems: list[Problem] = []

    def fail(self, message, citation: str | None = None, **params) -> None:
        self.problems.append(Problem(*rendered(message, self.replay.casino, **params), citation or self.citation))

    def report(self, problems) -> None:
        """The problems a family's control found (compliance.problems.Problem), each with its own citation."""
        for problem in problems:
            self.fail(problem.message, problem.citation, **problem.params)

    def field(self, key: str, texts: tuple[str, str], citation: str | None = None) -> None:
        key = shown(key)
        self.problems.append(Problem(f"{key} : {texts[0]}", f"{key}: {texts[1]}", citation or self.citation))

    def value(self, key: str, value=MISSING):
        return self.entry.payload.get(key) if value is MISSING else value

    def items(self, key: str) -> list:
        """A list of the payload (a value that is not one, as a list of it: each item is then checked)."""
        value = self.entry.payload.get(key)
        return value if isinstance(value, list) else [] if value is None else [value]

    def rule(self, key: str) -> RuleValueAt | None:
        """The rule value in force on the entry's gaming day; none is a problem (the service refuses then)."""
        found = self.replay.rule(key, self.entry.gaming_day)
        if found is None:
            self.fail(RULE_MISSING, key=key, day=self.entry.gaming_day)
        return found

    def text(self, key: str, *, value=MISSING, max_length: int = NAME_MAX, multiline: bool = False,
             optional: bool = False) -> str | None:
        """A text as registers/fields.py takes it: present, printable, bounded (Vigie's rule once present)."""
        raw = self.value(key, value)
        refused = refusal(lambda: clean_text(raw, field=key, max_length=max_length, multiline=multiline,
                                             optional=optional))
        if refused is None:
            return raw.strip() if isinstance(raw, str) else ""
        self.field(key, refused[:2], self.citation if refused[2] == ErrorCode.REQUIRED else HOUSE_RULE)
        return None

    def amount(self, key: str, *, value=MISSING, zero: bool = False, citation: str | None = None) -> Decimal | None:
        """An amount as the services write it: text, two decimals, positive (or zero where allowed)."""
        raw = self.value(key, value)
        if raw is None or raw == "":
            self.field(key, rendered(common.FIELD_REQUIRED), citation)
            return None
        refused = refusal(lambda: parse_amount(raw, field=key, allow_zero=zero))
        if refused is not None:
            self.field(key, refused[:2], citation)
            return None
        return self.number(key, value=raw, citation=citation)

    def number(self, key: str, *, value=MISSING, citation: str | None = None) -> Decimal | None:
        """A signed amount (a movement, a difference) written as the services write it."""
        raw = self.value(key, value)
        try:
            number = Decimal(raw) if isinstance(raw, str) else None
        except InvalidOperation:
            number = None
        if number is None or not number.is_finite() or raw != format(number.quantize(Decimal("0.01")), "f"):
            self.field(key, rendered(NOT_AN_AMOUNT, value=raw), citation)
            return None
        return number

    def day(self, key: str, *, optional: bool = False) -> datetime.date | None:
        raw = self.value(key)
        if raw is None or raw == "":
            if not optional:
                self.field(key, rendered(common.FIELD_REQUIRED))
            return None
        try:
            if isinstance(raw, str):
                return datetime.date.fromisoformat(raw)
        except ValueError:
            pass
        self.field(key, rendered(NOT_A_DAY, value=raw))
        return None

    def currency(self) -> None:
        raw, expected = self.value("currency"), self.entry.casino.currency
        if raw != expected:
            self.field("currency", rendered(common.WRONG_CURRENCY, expected=expected, given=raw or "—"))

    def countersigned(self, role: str | None = User.Role.MANAGER) -> None:
        """Signed by a second person, of `role` unless None (the entry went through the countersignature queue)."""
        entry = self.entry.entry
        if entry.countersigner_id is None:
            self.fail(NOT_COUNTERSIGNED)
        elif entry.countersigner_id == entry.actor_id:
            self.fail(SAME_PERSON)
        elif role is not None and entry.countersigner.role != role:
            self.fail(WRONG_COUNTERSIGNER, role=User.Role(role).label, user=entry.countersigner.username)

    def actor_role(self, role: str = User.Role.MANAGER, citation: str = HOUSE_RULE) -> None:
        actor = self.entry.entry.actor
        if actor.role != role:
            self.fail(WRONG_ACTOR, citation, role=User.Role(role).label, user=actor.username)
