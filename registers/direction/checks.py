"""The audit's checks of the direction's register (`registers_audit`): the register replayed into its book (book.py,
as the selectors read it), each entry asked the same controls as the services ask (controls.py): filed by the
management, a committee change the composition allows, a presence in the name of a member in office, a designation
by a director in office of an employee of the casino."""

from compliance.models import User
from compliance.profiles import concept_or_none

from .. import controls as house
from ..chain.replay import Audited, Check, Problem, Replay
from . import controls, errors
from .book import book_apply, change_of, correction_of, designation_of, ending_of, shift_of
from .controls import Book
from .selectors import AGREED, REPLACEMENT, zone_of


def _book(replay: Replay) -> Book:
    return replay.part("direction.book", Book)


def _report(check: Check, problems: list) -> None:
    for problem in problems:
        check.fail(problem.message, problem.citation, **problem.params)


def _cited(replay: Replay, concept: str, day) -> str:
    key = concept_or_none(replay.casino.jurisdiction, concept)
    return replay.cited(key, day) if key else house.written(controls.COMMITTEE)


def _read(check: Check, entry: Audited, read):
    try:
        return read()
    except (KeyError, TypeError, ValueError, AttributeError):
        check.fail(errors.UNREADABLE, kind=entry.kind)
        return None


def _apply(check: Check, replay: Replay, entry: Audited) -> None:
    try:
        book_apply(_book(replay), entry.kind, entry.seq, entry.payload)
    except (KeyError, TypeError, ValueError, AttributeError):
        check.fail(errors.UNREADABLE, kind=entry.kind)


def committee_changed(replay: Replay, entry: Audited) -> list[Problem]:
    check = Check(replay, entry, house.written(controls.COMMITTEE))
    check.actor_role(User.Role.MANAGER, house.written(controls.COMMITTEE))
    change = _read(check, entry, lambda: change_of(entry.payload))
    if change is not None:
        _report(check, controls.committee_problems(_book(replay), change))
        if not check.problems:
            _apply(check, replay, entry)
    return check.problems


def duty_recorded(replay: Replay, entry: Audited) -> list[Problem]:
    zone = zone_of(replay.casino)
    check = Check(replay, entry, house.written(controls.COMMITTEE))
    shift = _read(check, entry, lambda: shift_of(entry.seq, entry.payload))
    if shift is None:
        return check.problems
    citation = _cited(replay, REPLACEMENT, shift.start.astimezone(zone).date())
    check.citation = citation
    check.actor_role(User.Role.MANAGER, house.written(controls.COMMITTEE))
    _report(check, controls.duty_problems(_book(replay), shift, zone, citation))
    _apply(check, replay, entry)
    return check.problems


def designation_recorded(replay: Replay, entry: Audited) -> list[Problem]:
    check = Check(replay, entry, house.written(controls.COMMITTEE))
    designation = _read(check, entry, lambda: designation_of(entry.seq, entry.payload))
    if designation is None:
        return check.problems
    citation = _cited(replay, AGREED, designation.first)
    check.citation = citation
    check.actor_role(User.Role.MANAGER, house.written(controls.COMMITTEE))
    staff = User.objects.filter(casino=replay.casino, username=designation.employee,
                                role__in=(User.Role.ACCOUNTANT, User.Role.MANAGER)).exists()
    _report(check, controls.designation_problems(_book(replay), designation, staff=staff, citation=citation))
    _apply(check, replay, entry)
    return check.problems


def _judged(check: Check, replay: Replay, entry: Audited, problems: list) -> list[Problem]:
    """A later entry (an early end, a correction): filed by the management, judged by its control, applied to the book
    only when clean (a wrong one changes nothing of what follows)."""
    check.actor_role(User.Role.MANAGER, house.written(controls.COMMITTEE))
    _report(check, problems)
    if not check.problems:
        _apply(check, replay, entry)
    return check.problems


def designation_ended(replay: Replay, entry: Audited) -> list[Problem]:
    check = Check(replay, entry, house.written(controls.COMMITTEE))
    ending = _read(check, entry, lambda: ending_of(entry.payload))
    if ending is None:
        return check.problems
    original = _book(replay).designation(ending.designation)
    check.citation = _cited(replay, AGREED, original.first if original else ending.last)
    return _judged(check, replay, entry, controls.designation_end_problems(_book(replay), ending, check.citation))


def duty_corrected(replay: Replay, entry: Audited) -> list[Problem]:
    zone = zone_of(replay.casino)
    check = Check(replay, entry, house.written(controls.SHIFT))
    correction = _read(check, entry, lambda: correction_of(entry.seq, entry.payload))
    if correction is None:
        return check.problems
    wrong = _book(replay).shift(correction.corrects)
    moment = correction.shift.start if correction.shift else wrong.start if wrong else None
    citation = _cited(replay, REPLACEMENT, moment.astimezone(zone).date()) if moment else check.citation
    return _judged(check, replay, entry, controls.duty_correction_problems(_book(replay), correction, zone, citation))
