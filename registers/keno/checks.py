"""The audit's checks of the keno register (QC RJC art. 86) (`registers_audit`): the register replayed into its state
(book.py, as the selectors read it), each entry asked the same controls as the services ask (controls.py): the
manager's closing hour with its reference, a ticket sold before its draws, a draw's winners valid for it, a payment of
a winning ticket before its deadline."""

import datetime
from decimal import Decimal, InvalidOperation

from compliance.models import User

from .. import controls as house
from ..chain.replay import Amount, Audited, Check, Problem, Replay
from . import controls, errors
from .book import keno_apply, moment
from .controls import AFTER_MIDNIGHT, BEFORE_MIDNIGHT, MULTI_DRAW, Closing, Delays, Keno
from .selectors import zone_of


def _keno(replay: Replay) -> Keno:
    return replay.part("keno.state", Keno)


def _report(check: Check, problems: list) -> None:
    for problem in problems:
        check.fail(problem.message, problem.citation, **problem.params)


def _delays(check: Check) -> Delays | None:
    """Art. 86's delays on the entry's gaming day; a missing one is the entry's problem (the service refuses then)."""
    values = [check.rule(name) for name in (BEFORE_MIDNIGHT, AFTER_MIDNIGHT, MULTI_DRAW)]
    if any(value is None for value in values):
        return None
    return Delays(*(int(value.value) for value in values), str(values[0].citation))


def _moment(check: Check, key: str) -> datetime.datetime | None:
    try:
        return moment(check.entry.payload.get(key))
    except (TypeError, ValueError):
        check.fail(errors.MOMENT_INVALID, value=check.entry.payload.get(key))
        return None


def _apply(check: Check, replay: Replay, entry: Audited) -> None:
    """The entry into the state once its own fields are sound (a malformed one is reported, not replayed)."""
    try:
        keno_apply(_keno(replay), entry.kind, entry.seq, entry.payload)
    except (KeyError, TypeError, ValueError, ArithmeticError, AttributeError):
        check.fail(errors.UNREADABLE, kind=entry.kind)


def _roles(check: Check, entry: Audited) -> None:
    actor = entry.entry.actor
    if actor.role not in (User.Role.ACCOUNTANT, User.Role.MANAGER):
        check.fail(errors.ROLE_ONLY, house.HOUSE_RULE, user=actor.username)


def closing_recorded(replay: Replay, entry: Audited) -> list[Problem]:
    check, payload = Check(replay, entry, house.written(controls.CLOSING)), entry.payload
    check.actor_role(User.Role.MANAGER, house.written(controls.CLOSING))
    effective = check.day("en_vigueur_le")
    reference = payload.get("reference") if isinstance(payload.get("reference"), str) else ""
    if effective is not None:
        _report(check, controls.closing_problems(Closing(entry.seq, effective, datetime.time(0), False, reference)))
    if not check.problems:
        _apply(check, replay, entry)
    return check.problems


def ticket_sold(replay: Replay, entry: Audited) -> list[Problem]:
    check = Check(replay, entry, house.written(controls.SOLD_BEFORE))
    _roles(check, entry)
    _delays(check)  # art. 86 in force on the day it is sold: Keno is kept where the rule data has it
    check.amount("mise")
    issued = _moment(check, "vendu_le")
    draws = check.items("tirages")
    if issued is None or not all(isinstance(draw, int) and not isinstance(draw, bool) for draw in draws):
        check.fail(errors.DRAWS_INVALID)
        return check.problems
    _report(check, controls.ticket_problems(_keno(replay), str(entry.payload.get("billet")), tuple(draws), issued,
                                            entry.entry.recorded_at))
    _apply(check, replay, entry)
    return check.problems


def draw_recorded(replay: Replay, entry: Audited) -> list[Problem]:
    check = Check(replay, entry, house.written(controls.SOLD_BEFORE))
    _roles(check, entry)
    drawn = _moment(check, "tire_le")
    raw = entry.payload.get("gagnants")
    try:
        winners = {str(ticket): Decimal(amount) for ticket, amount in raw.items()}
        number = int(entry.payload.get("tirage"))
    except (AttributeError, TypeError, ValueError, InvalidOperation):
        check.fail(errors.UNREADABLE, kind=entry.kind)
        return check.problems
    for ticket, amount in raw.items():
        check.amount(f"gagnants.{ticket}", value=amount)
    if drawn is not None:
        _report(check, controls.draw_problems(_keno(replay), number, drawn, winners, entry.entry.recorded_at))
        _apply(check, replay, entry)
    return check.problems


def ticket_paid(replay: Replay, entry: Audited) -> list[Problem]:
    check = Check(replay, entry, house.HOUSE_RULE)
    _roles(check, entry)
    delays = _delays(check)
    paid = _moment(check, "paye_le")
    amount = check.amount("montant")
    if delays is None or paid is None or amount is None:
        return check.problems
    check.citation = delays.citation
    keno, number = _keno(replay), str(entry.payload.get("billet"))
    zone = zone_of(replay.casino)
    _report(check, controls.payment_problems(keno, number, paid, delays, zone, entry.entry.recorded_at))
    ticket = keno.tickets.get(number)
    if ticket is not None and not check.problems and amount != ticket.total:
        check.fail(errors.AMOUNT_MISMATCH, written=Amount(amount), computed=Amount(ticket.total))
    _apply(check, replay, entry)
    return check.problems
