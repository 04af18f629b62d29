"""What a version of the poker room's house rules may say (LU RGD 1979 art. 49-9 al. 3, 49-12 al. 7, 49-13 al. 2
and 10, and the values other articles leave to the règlement intérieur): in force from the day it is recorded or
later, each modality one of those offered, each value well formed."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from ...controls import Problem
from ...errors import ErrorCode
from .. import errors
from .shared import books


@dataclass(frozen=True)
class Choice:
    """A modality a version of the house rules chooses: its field, the value chosen, the values offered (with their
    labels) and the article that leaves the choice to the house."""

    field: str
    value: object
    allowed: dict
    citation: str


@dataclass(frozen=True)
class HouseRulesVersion:
    recorded_on: datetime.date
    effective_from: object  # a day
    choices: tuple[Choice, ...]


def house_rules_problems(proposed: HouseRulesVersion) -> list[Problem]:
    """A version in force from the day it is recorded or later, never replacing a past one (the casino's books); each
    modality one of those offered."""
    effective = proposed.effective_from
    if not isinstance(effective, datetime.date) or effective < proposed.recorded_on:
        return [Problem("effective_from", errors.HOUSE_RULES_BACKDATED, books(), ErrorCode.INVALID,
                        {"day": proposed.recorded_on, "effective": effective if effective is not None else "—"})]
    return [Problem(choice.field, errors.HOUSE_RULES_CHOICE, choice.citation, ErrorCode.INVALID,
                    {"value": choice.value, "allowed": ", ".join(map(str, choice.allowed.values()))})
            for choice in proposed.choices if choice.value not in choice.allowed]


# the kinds of a version's values (registers/poker/house_rules.py TERMS)
YES_NO, AMOUNT, MINUTES, COUNT, CHOICE = "oui_non", "montant", "minutes", "nombre", "choix"
ABSENCE_MAX = 24 * 60  # an absence is counted within a gaming day: the casino's control


@dataclass(frozen=True)
class TermSaid:
    """A value a version says beyond the jackpots' modalities: the field, its kind, the value as given (None: the
    version does not say), its label, and the article that leaves it to the house (None: the casino's texts leave it
    to none, then it is not the house's to set)."""

    field: str
    kind: str
    value: object
    label: object
    citation: str | None


def _well_formed(kind: str, value) -> bool:
    if kind == YES_NO:
        return isinstance(value, bool)
    if kind == AMOUNT:
        return isinstance(value, Decimal) and value.is_finite() and value > 0 and value.as_tuple().exponent >= -2
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return 1 <= value <= ABSENCE_MAX if kind == MINUTES else value >= 1


TERM_MESSAGES = {YES_NO: errors.HOUSE_RULES_YES_NO, AMOUNT: errors.HOUSE_RULES_AMOUNT,
                 MINUTES: errors.HOUSE_RULES_MINUTES, COUNT: errors.HOUSE_RULES_COUNT}


def house_rules_terms_problems(terms: tuple[TermSaid, ...]) -> list[Problem]:
    """Each value a version says well formed, cited to the article that leaves it to the house: a yes or a no, a
    positive amount in cents (the recave maximum, art. 49-1), minutes within a gaming day (the maximum absence, art.
    49-1), a number of spots of at least one (art. 37-18); a value the casino's texts leave to no règlement intérieur
    is refused."""
    found = []
    for term in terms:
        if term.value is None:
            continue
        if term.citation is None:
            found.append(Problem(term.field, errors.HOUSE_RULES_NOT_DELEGATED, books(), ErrorCode.INVALID,
                                 {"label": term.label}))
        elif not _well_formed(term.kind, term.value):
            found.append(Problem(term.field, TERM_MESSAGES[term.kind], term.citation, ErrorCode.INVALID,
                                 {"label": term.label, "value": str(term.value)[:80], "max": ABSENCE_MAX}))
    return found
