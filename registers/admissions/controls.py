"""The conditions of an admission and of every check of a person Vigie identifies, as pure functions: the service
refuses with their first problem, the audit of the admissions on record (audit.py) asks them again of each, and the
page says why. What our texts give is read from the rule data (the kinds of admission card, the honour guests' cards);
the minimum age and the exclusion list are the casino's own data, cited with the reference it gave."""

import datetime
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from compliance.problems import Problem
from registers.errors import ErrorCode

from ..controls import Rules, written
from . import errors

KINDS = "admissions.cartes"  # the kinds of admission card the texts name
GUESTS = "admissions.invite_honneur"  # the honour guests' cards, free, by the management
# where the texts say who may not be admitted to the room an identified person is about to play in: an electronic
# gaming card serves the slot machines
AGE_CONCEPTS = {"carte": "admissions.mineurs_salle_appareils"}
POKER_EXCLUSION = "salon_poker.exclusion"  # a player asked to leave the poker room
DOCUMENT_END = re.compile(r"^[0-9A-Z]{2,4}$")
EXCLUSION_LIST = _("Contrôle interne du casino : liste d'exclusion du casino")
IDENTITY_SEEN = _("Contrôle interne du casino : pièce d'identité vue à l'admission")
AGE_CONTROL = _("Contrôle interne du casino : âge minimum fixé par « {reference} »")
# the field a refusal names, as its form labels it
FIELDS = {"last_name": _("nom"), "birth_date": _("date de naissance"), "client": _("client"), "player": _("joueur")}


def age_control(reference: str) -> str:
    """The casino's own rule, as it cites it: no text of ours gives the age."""
    return written(AGE_CONTROL).format(reference=reference)


def name_key(*parts: str) -> frozenset[str]:
    """A name as a set of words, without accents, case or punctuation: « DUPONT Jean » is « Jean Dupont »."""
    text = unicodedata.normalize("NFKD", " ".join(parts)).encode("ascii", "ignore").decode().casefold()
    return frozenset(word for word in re.split(r"[^a-z0-9]+", text) if word)


def age_on(birth_date: datetime.date, day: datetime.date) -> int:
    return day.year - birth_date.year - ((day.month, day.day) < (birth_date.month, birth_date.day))


@dataclass(frozen=True)
class Person:
    """Whom Vigie identifies: the names (or one name as typed, a tournament's player) and, where known, the birth
    date."""

    name: str
    birth_date: datetime.date | None = None

    @property
    def key(self) -> frozenset[str]:
        return name_key(self.name)


@dataclass(frozen=True)
class Listed:
    """An exclusion as the checks read it: no more of the person than the match needs."""

    number: int
    key: frozenset[str]
    birth_date: datetime.date
    scope: str
    scope_label: str
    starts_on: datetime.date
    ends_on: datetime.date | None

    def in_force(self, day: datetime.date) -> bool:
        return self.starts_on <= day and (self.ends_on is None or day <= self.ends_on)

    def names(self, person: Person) -> bool:
        """The same words of the name and, where the person's birth date is known, the same birth date."""
        return self.key == person.key and (person.birth_date is None or person.birth_date == self.birth_date)


@dataclass(frozen=True)
class Policy:
    minimum_age: int
    reference: str


def exclusion_problems(person: Person, listed: list[Listed], day: datetime.date, *, scopes: tuple[str, ...],
                       citations: dict[str, str], field: str) -> list[Problem]:
    """The exclusions in force on `day`, of the scopes that apply where the person is checked, that name them."""
    return [Problem(field, errors.EXCLUDED, citations.get(found.scope) or written(EXCLUSION_LIST), ErrorCode.EXCLUDED,
                    {"name": person.name, "scope": found.scope_label, "number": found.number,
                     "since": found.starts_on, "field": FIELDS.get(field, field)})
            for found in listed if found.scope in scopes and found.in_force(day) and found.names(person)]


def age_problems(person: Person, day: datetime.date, policy: Policy | None, citation: str | None = None,
                 *, field: str = "birth_date") -> list[Problem]:
    """Under the casino's minimum age on `day`; nothing to say where the birth date is not known or the casino has no
    policy (the admission asks for one first: admission_problems)."""
    if person.birth_date is None or policy is None:
        return []
    age = age_on(person.birth_date, day)
    if age >= policy.minimum_age:
        return []
    return [Problem(field, errors.UNDER_AGE, citation or age_control(policy.reference), ErrorCode.UNDER_AGE,
                    {"name": person.name, "age": age, "day": day, "minimum": policy.minimum_age,
                     "reference": policy.reference, "field": FIELDS.get(field, field)})]


@dataclass(frozen=True)
class Proposed:
    """An admission card as asked at the door."""

    kind: str
    guest: bool
    price: Decimal
    document: str
    document_end: str
    by_management: bool


def admission_problems(proposed: Proposed, rules: Rules, documents: tuple[str, ...]) -> list[Problem]:
    """The card is one the texts name (an honour guest's, free, by the management), and the identity document seen
    is noted by its kind and last characters only."""
    found = []
    kinds = rules.value(KINDS)
    if kinds is None or proposed.kind not in kinds.value:
        found.append(Problem("kind", errors.KIND_NOT_IN_TEXTS, rules.cited(KINDS), ErrorCode.INVALID,
                             {"kind": proposed.kind}))
    if proposed.guest:
        guests = rules.value(GUESTS)
        if guests is None or proposed.kind not in guests.value:
            found.append(Problem("guest", errors.GUEST_NOT_IN_TEXTS, rules.cited(GUESTS), ErrorCode.INVALID,
                                 {"kind": proposed.kind}))
        elif not proposed.by_management:
            found.append(Problem("guest", errors.GUEST_BY_MANAGEMENT, rules.cited(GUESTS), ErrorCode.WRONG_ROLE))
        elif proposed.price != 0:
            found.append(Problem("price", errors.GUEST_FREE, rules.cited(GUESTS), ErrorCode.INVALID_AMOUNT,
                                 {"price": rules.amount(proposed.price)}))
    if proposed.price < 0:
        found.append(Problem("price", errors.PRICE_NEGATIVE, written(IDENTITY_SEEN), ErrorCode.INVALID_AMOUNT,
                             {"price": rules.amount(proposed.price)}))
    if proposed.document not in documents:
        found.append(Problem("document", errors.DOCUMENT_KIND, written(IDENTITY_SEEN), ErrorCode.INVALID,
                             {"value": proposed.document}))
    if not DOCUMENT_END.match(proposed.document_end or ""):
        found.append(Problem("document_end", errors.DOCUMENT_END, written(IDENTITY_SEEN), ErrorCode.INVALID,
                             {"value": proposed.document_end}))
    return found


def valid_until(kind: str, day: datetime.date) -> datetime.date:
    """A daily card is valid on its day; an annual one until the eve of the same date a year later (Vigie's reading:
    the texts do not say, ambiguity lu.admissions.cartes_texte_modifie)."""
    if kind != "annuelle":
        return day
    try:
        return day.replace(year=day.year + 1) - datetime.timedelta(days=1)
    except ValueError:  # the 29th of February: a year later is the 1st of March
        return datetime.date(day.year + 1, 3, 1) - datetime.timedelta(days=1)
