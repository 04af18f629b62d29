"""The audit's checks of the levy book (LU RGD 1979 art. 88, 89-1, 97-1, the draft's wording) (`registers_audit`): the
register replayed into its book (book.py, as the selectors read it), each entry asked the same controls as the
services ask (controls.py): the manager's parameters, each day's levy against its own revenue and the parameters in
force, the funds set aside equal to it, its due date from the working days, each transfer paying days levied and not
yet paid, exactly."""

import datetime

from compliance.models import User
from compliance.profiles import concept_or_none

from .. import controls as house
from ..chain.replay import Amount, Audited, Check, Problem, Replay
from . import calendar as working
from . import controls, errors
from .book import book_apply
from .controls import Book, Parameters, Transfer
from .selectors import DELAY


def _book(replay: Replay) -> Book:
    return replay.part("prelevements.book", Book)


def _report(check: Check, problems: list) -> None:
    for problem in problems:
        check.fail(problem.message, problem.citation, **problem.params)


def _delay(replay: Replay, day: datetime.date):
    key = concept_or_none(replay.casino.jurisdiction, DELAY)
    return replay.rule(key, day) if key else None


def _apply(check: Check, replay: Replay, entry: Audited) -> None:
    """The entry into the book once its own fields are sound (a malformed one is reported, not replayed)."""
    try:
        book_apply(_book(replay), entry.entry.kind, entry.seq, entry.gaming_day, entry.payload)
    except (KeyError, TypeError, ValueError, ArithmeticError, AttributeError):
        check.fail(errors.UNREADABLE, kind=entry.entry.kind)


def levy_parameters(replay: Replay, entry: Audited) -> list[Problem]:
    check, payload = Check(replay, entry, house.written(controls.PARAMETERS)), entry.payload
    check.actor_role(User.Role.MANAGER, house.written(controls.PARAMETERS))
    effective = check.day("en_vigueur_le")
    rates = payload.get("taux") if isinstance(payload.get("taux"), dict) else {}
    act = payload.get("acte") if isinstance(payload.get("acte"), str) else ""
    _report(check, controls.parameters_problems(Parameters(entry.seq, effective, {}, payload.get("base"), act),
                                                tuple(controls.SOURCES), rates))
    if not check.problems:
        _apply(check, replay, entry)
    return check.problems


def levy_day(replay: Replay, entry: Audited) -> list[Problem]:
    day, book = entry.gaming_day, _book(replay)
    delay = _delay(replay, day)
    check = Check(replay, entry, str(delay.citation) if delay else house.HOUSE_RULE)
    for key in ("total_produit", "total_prelevement", "mis_en_reserve"):
        check.number(key)
    check.day("echeance")
    if check.problems:
        return check.problems
    _apply(check, replay, entry)
    levied = book.days.get(day)
    if levied is None:
        return check.problems
    parameters = controls.in_force([item for item in book.parameters if item.seq < entry.seq], day)
    _report(check, controls.levied_problems(levied, parameters, levied.due, check.citation, Amount))
    if delay is not None:
        code = working.holidays_of(replay.casino.jurisdiction)
        computed = working.working_days_after(code, day, int(delay.value))
        _report(check, controls.due_problems(levied.due, computed, int(delay.value), check.citation))
    return check.problems


def levy_transfer(replay: Replay, entry: Audited) -> list[Problem]:
    payload, book = entry.payload, _book(replay)
    delay = _delay(replay, entry.gaming_day)
    check = Check(replay, entry, str(delay.citation) if delay else house.HOUSE_RULE)
    if entry.entry.actor.role not in (User.Role.ACCOUNTANT, User.Role.MANAGER):
        check.fail(errors.ACCOUNTS_ONLY, house.HOUSE_RULE, user=entry.entry.actor.username)
    made_on = check.day("fait_le")
    amount = check.amount("montant")
    days = []
    for raw in check.items("journees"):
        try:
            days.append(datetime.date.fromisoformat(raw))
        except (TypeError, ValueError):
            check.fail(errors.DAYS_REQUIRED)
    if made_on is None or amount is None:
        return check.problems
    proposed = Transfer(tuple(sorted(set(days))), amount, made_on, str(payload.get("reference") or ""))
    _report(check, controls.transfer_problems(book, proposed, today=entry.latest_day, citation=check.citation,
                                              money=Amount))
    _apply(check, replay, entry)
    return check.problems
