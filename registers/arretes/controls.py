"""The arrêté values' control, a pure function: a table or poker session as it opened, against the values the casino
filed for its game and in force on its day. Which values exist, for which game, and which article delegates each to
the arrêté are rule data (rules.py); how a session is compared with each follows what the article fixes: the amount
itself (a table's float), a least value (« le montant minimum de l'avance », a least bet the chef de salle may raise)
or a greatest one (a maximum). A difference is recorded and reported, never refused: the session happened, and the
value it is compared with is the casino's own typing of an act that is not in our texts (the nightly reconciliation
reports each, citing the article that delegates it)."""

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from babel.numbers import format_decimal
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.problems import Money, Problem
from registers.errors import ErrorCode

from .errors import DIFFERENCE

EQUAL, FLOOR, CEILING = "egal", "plancher", "plafond"


@dataclass(frozen=True)
class Measure:
    label: object
    compare: str | None  # None: recorded and shown, compared with nothing a session holds
    field: str | None = None  # the session's field it is compared with
    percent: bool = False  # typed and shown in per cent (a rate), else an amount in the casino's money


MEASURES = {
    "avance": Measure(_("Avance de la table"), EQUAL, "float_amount"),
    "avance_minimum": Measure(_("Avance de la table"), FLOOR, "float_amount"),
    "encaisse": Measure(_("Encaisse de la table"), None),
    "minimum": Measure(_("Mise minimale"), FLOOR, "minimum"),
    "maximum": Measure(_("Mise maximale"), CEILING, "maximum"),
    "trips": Measure(_("Maximum de la case TRIPS"), CEILING, "mise_trips_maximum"),  # a spot's (tables/limits.py)
    "retenue": Measure(_("Taux de retenue"), EQUAL, "rake_rate", percent=True),
    "cave": Measure(_("Cave initiale"), FLOOR, "cave"),  # the séance's, fixed by the chef de salle (LU art. 49-3 al. 3)
    "caisse": Measure(_("Caisse de change"), FLOOR, "caisse"),  # counted at the séance's opening (al. 4)
}


@dataclass(frozen=True)
class Delegation:
    """A value the texts leave to the arrêté: its concept (« uth.maximum »), the game it concerns, what it measures,
    the article that delegates it as the rule data cites it, and since when."""

    concept: str
    game: str
    measure: str
    citation: str
    since: datetime.date

    @property
    def kind(self) -> Measure:
        return MEASURES[self.measure]


@dataclass(frozen=True)
class Filed:
    """A version the casino filed: its value (a rate in per cent), the arrêté's reference as typed, its first day."""

    value: Decimal
    reference: str
    effective_from: datetime.date


@dataclass(frozen=True)
class Opened:
    """A session as it opened: its game, its gaming day and its values by field (`float_amount`, `minimum`,
    `maximum`, `rake_rate` in per cent)."""

    game: str
    day: datetime.date
    values: Mapping[str, Decimal | None]


def shown(value, *, percent: bool, currency: str, jurisdiction=None):
    """A value of a message as the casino's people write it, when the message is read."""
    if percent:
        number = Decimal(str(value))
        return lambda: f"{format_decimal(number, format='#,##0.##', locale=formatting.babel_locale(jurisdiction))} %"
    return Money(value, currency, jurisdiction)


def difference(measure: str, observed, filed: Filed, citation: str, *, currency: str, jurisdiction=None,
               concept: str = "") -> Problem:
    """A session's value that differs from the arrêté's, as its message says it (the reconciliation's finding writes it
    again from its values, in its reader's language)."""
    kind = MEASURES[measure]
    return Problem(kind.field, DIFFERENCE[kind.compare], citation, ErrorCode.INVALID_AMOUNT, {
        "what": kind.label, "reference": filed.reference, "since": filed.effective_from, "measure": measure,
        "concept": concept,
        "observed": shown(observed, percent=kind.percent, currency=currency, jurisdiction=jurisdiction),
        "configured": shown(filed.value, percent=kind.percent, currency=currency, jurisdiction=jurisdiction)})


def _differs(compare: str, observed: Decimal, fixed: Decimal) -> bool:
    return {EQUAL: observed != fixed, FLOOR: observed < fixed, CEILING: observed > fixed}[compare]


def arrete_problems(opened: Opened, delegations: Iterable[Delegation], in_force: Mapping[str, Filed], *,
                    currency: str, jurisdiction=None) -> list[Problem]:
    """What the session opened with otherwise than the arrêté values of its game in force on its day fix; a value the
    casino has not filed, or one no session holds, is compared with nothing."""
    found = []
    for delegation in delegations:
        kind, filed = delegation.kind, in_force.get(delegation.concept)
        if delegation.game != opened.game or kind.compare is None or filed is None or opened.day < delegation.since:
            continue
        observed = opened.values.get(kind.field)
        if observed is not None and _differs(kind.compare, Decimal(str(observed)), filed.value):
            found.append(difference(delegation.measure, observed, filed, delegation.citation, currency=currency,
                                    jurisdiction=jurisdiction, concept=delegation.concept))
    return found
