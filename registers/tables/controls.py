"""A table session's life as a small state machine, and the conditions of each operation on it as pure functions over
its state (`<operation>_problems(state, proposed)`): the services and the import refuse with the first problem, the
audit (checks.py, registers_audit) replays the carnet d'avances and the carnets spéciaux into the same states and asks
the same functions of every entry, the session's page asks them why an action is not offered. No database here.

    (none) ─ouvrir→ ouverte ─fermer→ fermée ─compter le drop→ comptée ─annuler le comptage→ fermée
    ouverte: approvisionnements, crédits, commissions de Pai Gow (une déclaration)
    a table opens again only once its latest session is closed; its sessions of a day numbered in turn, each once

Every step from its named states only (a slip on a closed table, a second close, a close before the opening, a drop
counted before the close or twice are refused), a fill's or credit's serial the casino's next of the year (no gap, no
duplicate), a slip naming a session of its table. The texts fix none of this (LU RGD 1979 art. 9, 21, 37-9 only have
an arrêté fix the float; art. 97-1 lets the books be kept electronically): each is the casino's internal control and
is cited so (registers/controls.py). The days are bounded by the chain for every entry (never to come, never before
the casino's registers in Vigie, never on a closed day: registers/chain/services.py `verify_gaming_day`)."""

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _

from registers.errors import ErrorCode

from .. import controls
from ..controls import Money, Problem, Transition
from . import errors


class Stage(models.TextChoices):
    NONE = "aucune", _("pas ouverte")
    OPEN = "ouverte", _("ouverte")
    CLOSED = "fermee", _("fermée")
    COUNTED = "comptee", _("fermée, drop compté")


OPEN = Transition("open", (Stage.NONE, Stage.CLOSED, Stage.COUNTED), Stage.OPEN)  # from the table's latest session
SLIP = Transition("slip", (Stage.OPEN,), None)  # a fill, a credit
COMMISSION = Transition("commission", (Stage.OPEN,), None)
CLOSE = Transition("close", (Stage.OPEN,), Stage.CLOSED)
COUNT = Transition("drop", (Stage.CLOSED,), Stage.COUNTED)
RECOUNT = Transition("void_drop", (Stage.COUNTED,), Stage.CLOSED)  # a voided count is counted again
TRANSITIONS = {t.name: t for t in (OPEN, SLIP, COMMISSION, CLOSE, COUNT, RECOUNT)}


@dataclass(frozen=True)
class SessionState:
    """A session as its books leave it: its table's number, its gaming day, its number that day, its stage, whether
    its Pai Gow commissions are declared."""

    table: str
    day: datetime.date
    number: int
    stage: str = Stage.OPEN
    commission: bool = False


def stage_of(*, closed: bool, counted: bool) -> str:
    """The stage of a session that exists: its closing slip, its live drop count."""
    if not closed:
        return Stage.OPEN
    return Stage.COUNTED if counted else Stage.CLOSED


def after(stage: str, transition: Transition) -> str:
    return transition.target or stage


def _inventory() -> str:
    return controls.written(controls.TABLE_INVENTORY)


def _on(session: SessionState) -> dict:
    return {"number": session.table, "day": session.day}


# --- the operations -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Opening:
    table: str
    day: datetime.date
    number: int  # the session's number that day (the service gives the next)
    last_number: int = 0  # the table's last session number that day (0: none yet)


def session_open_problems(latest: SessionState | None, proposed: Opening) -> list[Problem]:
    """A session numbered in turn in its day, opened once; its table's latest session closed before (the casino's
    control: a table open is closed with its closing inventory before it opens again)."""
    books = controls.written(controls.BOOKS)
    params = {"table": proposed.table, "session": proposed.number, "day": proposed.day}
    if proposed.number <= proposed.last_number:
        return [Problem("session", errors.SESSION_TWICE, books, ErrorCode.DUPLICATE, params)]
    if proposed.number != proposed.last_number + 1:
        return [Problem("session", errors.SESSION_NEXT, books, ErrorCode.WRONG_STATE,
                        {**params, "expected": proposed.last_number + 1})]
    if latest is not None and latest.stage not in OPEN.sources:
        return [Problem("table", errors.TABLE_STILL_OPEN, controls.written(controls.TABLE_CLOSED),
                        ErrorCode.WRONG_STATE, _on(latest))]
    return []


def _from(session: SessionState | None, transition: Transition, table: str, number: int,
          day: datetime.date) -> list[Problem]:
    """The step from the session's stage: the session named, of that table, and in one of the step's stages."""
    if session is None or session.stage == Stage.NONE:
        return [Problem("session", errors.SESSION_NONE, _inventory(), ErrorCode.WRONG_STATE,
                        {"table": table, "session": number, "day": day})]
    if session.stage in transition.sources:
        return []
    if transition is COUNT:
        if session.stage == Stage.COUNTED:
            return [Problem("session", errors.ALREADY_COUNTED, controls.written(controls.DROP_COUNT),
                            ErrorCode.DUPLICATE, _on(session))]
        return [Problem("session", errors.SESSION_NOT_CLOSED, controls.written(controls.DROP_COUNT),
                        ErrorCode.WRONG_STATE, _on(session))]
    return [Problem("session", errors.SESSION_NOT_OPEN, _inventory(), ErrorCode.WRONG_STATE, _on(session))]


def slip_problems(session: SessionState | None, *, table: str = "", number: int = 0,
                  day: datetime.date | None = None) -> list[Problem]:
    """A fill or a credit: on an open session of its table (`table`, `number`, `day`: what the slip names, for a
    session not found)."""
    return _from(session, SLIP, table, number, day)


def session_close_problems(session: SessionState | None, *, table: str = "", number: int = 0,
                           day: datetime.date | None = None) -> list[Problem]:
    """The closing inventory: of an open session, once."""
    return _from(session, CLOSE, table, number, day)


def drop_count_problems(session: SessionState | None, *, table: str = "", number: int = 0,
                        day: datetime.date | None = None) -> list[Problem]:
    """The drop box counted once the session is closed, once (again only after its count is voided)."""
    return _from(session, COUNT, table, number, day)


def commission_problems(session: SessionState | None, *, table: str = "", number: int = 0,
                        day: datetime.date | None = None) -> list[Problem]:
    """A Pai Gow session's commissions: while it is open, declared once with every round (the bank's rotation is
    checked over the session's rounds: QC RJC art. 116 as the rule data cites it, in pai_gow.py)."""
    problems = _from(session, COMMISSION, table, number, day)
    if not problems and session.commission:
        return [Problem("session", errors.COMMISSION_TWICE, controls.written(controls.SLIP_SIGNATURES),
                        ErrorCode.DUPLICATE, _on(session))]
    return problems


def serial_problems(year: int, serial: int, last: int | None) -> list[Problem]:
    """A fill's or credit's serial follows `last`, the casino's last of `year` (None: the year's first, any number):
    numbered without gap or duplicate (the casino's control)."""
    if last is None or serial == last + 1:
        return []
    numbered = controls.written(controls.SLIP_SIGNATURES)
    if serial <= last:
        return [Problem("serial", errors.SERIAL_DUPLICATE, numbered, ErrorCode.DUPLICATE,
                        {"serial": serial, "year": year})]
    return [Problem("serial", errors.SERIAL_GAP, numbered, ErrorCode.INVALID,
                    {"serial": serial, "year": year, "expected": last + 1})]


def void_problems(*, voidable: bool, voided: bool) -> list[Problem]:
    """A fill, a credit or a drop count voided once, by a new entry signed by two people (the casino's control)."""
    citation = controls.written(controls.CORRECTION)
    if not voidable:
        return [Problem("slip", errors.NOT_VOIDABLE, citation, ErrorCode.WRONG_STATE)]
    if voided:
        return [Problem("slip", errors.ALREADY_VOIDED, citation, ErrorCode.DUPLICATE)]
    return []


def not_offered(session: SessionState) -> dict[str, Problem]:
    """Why each step of a session's page is not offered, by the form's action: its first problem."""
    checks = {"slip": slip_problems, "close": session_close_problems, "drop": drop_count_problems,
              "commission": commission_problems, "limits": lambda state: limit_change_problems(
                  state, LimitChange(False, True, controls.written(controls.TABLE_LIMITS)))}
    return {action: found[0] for action, check in checks.items() if (found := check(session))}


# --- the limits of each betting spot and side bet, the options a table offers (issue 38) ---------------------------

INDICATED, MULTIPLE, AMOUNT = "indiquees", "multiple", "montant"
BY_OPTION, BY_HOUSE_RULES = "option", "reglement_interieur"
LIMITS = Transition("limits", (Stage.OPEN,), None)  # a change of limits during the séance


@dataclass(frozen=True)
class SpotRule:
    """What the rule data says of a betting spot's limits: its bet, its name, how they are bound (shown at the table;
    at most `value` times the table's maximum; exactly `value`), the article, and whether the spot exists only where
    the table offers the option of its name or the règlement intérieur in force offers it."""

    bet: str
    label: str
    kind: str
    value: Decimal | None
    citation: str
    requires: str | None = None


@dataclass(frozen=True)
class OptionRule:
    """An option a table may indicate: its name, its label, its article, and for a choice (« 2 ou 3 ») its range."""

    key: str
    label: str
    citation: str
    low: int | None = None
    high: int | None = None


def spot_limits_problems(maximum: Decimal, spots: Mapping[str, tuple[Decimal, Decimal]],
                         rules: Mapping[str, SpotRule], *, options: Mapping[str, object] = (),
                         house: Mapping[str, bool | None] = (), day: datetime.date | None = None,
                         currency: str = "", jurisdiction=None) -> list[Problem]:
    """The limits a session holds for each spot (`spots`: {bet: (minimum, maximum)}) against the game's rules: a spot of
    the game, its minimum not above its maximum (QC 67.74, 67.87; LU 37-16: shown at the table), a side bet at most
    so many times the table's `maximum` (LU 37-9; QC 21.1), a bet of a fixed amount at that amount (QC 21.2, 67.9), a
    spot only where the table offers its option or the règlement intérieur in force offers it (`house`: {term:
    offered})."""
    found, house = [], dict(house)

    def money(value):
        return Money(value, currency, jurisdiction)

    for bet in spots:
        if bet not in rules:
            found.append(Problem("spots", errors.SPOT_UNKNOWN, controls.written(controls.TABLE_LIMITS),
                                 ErrorCode.INVALID, {"bet": bet}))
    for bet, rule in rules.items():
        params = {"bet": rule.label, "citation": rule.citation}
        offered = (rule.requires is None or (rule.requires == BY_OPTION and bet in options)
                   or (rule.requires == BY_HOUSE_RULES and house.get(bet) is True))
        if bet not in spots:  # a spot whose limits the session does not hold: the page says so
            continue
        low, high = spots[bet]
        if not offered:
            message = errors.SPOT_NOT_OFFERED if rule.requires == BY_OPTION else errors.SPOT_NOT_IN_HOUSE_RULES
            found.append(Problem("spots", message, rule.citation, ErrorCode.INVALID, {**params, "day": day}))
        elif high < low:
            found.append(Problem("spots", errors.SPOT_BELOW_MINIMUM, rule.citation, ErrorCode.INVALID,
                                 {**params, "minimum": money(low), "maximum": money(high)}))
        elif rule.kind == MULTIPLE and high > rule.value * maximum:
            found.append(Problem("spots", errors.SPOT_OVER_MULTIPLE, rule.citation, ErrorCode.INVALID_AMOUNT, {
                **params, "maximum": money(high), "multiple": f"{rule.value.normalize():f}",
                "ceiling": money(rule.value * maximum)}))
        elif rule.kind == AMOUNT and not low == high == rule.value:
            found.append(Problem("spots", errors.SPOT_AMOUNT, rule.citation, ErrorCode.INVALID_AMOUNT, {
                **params, "amount": money(rule.value), "minimum": money(low), "maximum": money(high)}))
    return found


def options_problems(offered: Mapping[str, object], rules: Mapping[str, OptionRule]) -> list[Problem]:
    """The options a session records as offered (`offered`: {option: True, or the number chosen}): each one its game's
    texts let a table indicate (QC RJC art. 18.1, 21.1, 21.2, 26, 26.1, 26.4, 67.9, 72.1), a choice within its range."""
    found = []
    for key, value in offered.items():
        rule = rules.get(key)
        if rule is None:
            found.append(Problem("options", errors.OPTION_UNKNOWN, controls.written(controls.TABLE_LIMITS),
                                 ErrorCode.INVALID, {"option": key}))
        elif rule.low is not None and (isinstance(value, bool) or not isinstance(value, int)
                                       or not rule.low <= value <= rule.high):
            found.append(Problem("options", errors.OPTION_CHOICE, rule.citation, ErrorCode.INVALID, {
                "option": rule.label, "value": value, "low": rule.low, "high": rule.high, "citation": rule.citation}))
    return found


@dataclass(frozen=True)
class LimitChange:
    """A change of limits during a séance as proposed: whether it changes the table's own minimum, whether the new
    limits are indicated at the table, the article that governs the game's limits, and the one that has the minimum
    change only by closing the table (None where the texts do not)."""

    minimum_changed: bool
    displayed: bool
    citation: str
    closes_for_minimum: str | None = None
    changed: bool = True


def limit_change_problems(session: SessionState | None, change: LimitChange, *, table: str = "", number: int = 0,
                          day: datetime.date | None = None) -> list[Problem]:
    """A maximum (or a minimum) changed during the séance, while it is open: the new limits indicated at the table (LU
    RGD 1979 art. 37-11, 37-17; QC RJC art. 9), the Bataille's minimum only by closing the table (art. 37-17)."""
    if session is None or session.stage not in LIMITS.sources:
        if session is None or session.stage == Stage.NONE:
            return _from(session, LIMITS, table, number, day)
        return [Problem("session", errors.LIMITS_SESSION_NOT_OPEN, change.citation, ErrorCode.WRONG_STATE,
                        _on(session))]
    if not change.changed:
        return [Problem("maximum", errors.LIMITS_UNCHANGED, change.citation, ErrorCode.INVALID)]
    if change.minimum_changed and change.closes_for_minimum:
        return [Problem("minimum", errors.MINIMUM_CLOSES_TABLE, change.closes_for_minimum, ErrorCode.WRONG_STATE,
                        {"citation": change.closes_for_minimum})]
    if not change.displayed:
        return [Problem("displayed", errors.LIMITS_NOT_DISPLAYED, change.citation, ErrorCode.INVALID,
                        {"citation": change.citation})]
    return []
