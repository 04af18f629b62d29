"""The direction's register's writes (LU RGD 1979 art. 18-6 al. 3, 51 § I, 52 al. 2, the draft's wording), one
transaction each, each an entry of the casino's `direction` register (hash-chained, append-only), filed by its
management: a committee member appointed or leaving, with the act's reference; a presence at the casino of the
responsible director or of the member replacing them; the director's designation of an employee for an act. The
conditions are controls.py's, asked again by the audit (checks.py)."""

import datetime

from django.db import transaction
from django.utils import timezone

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.problems import refuse_first

from .. import controls as house
from ..chain.services import entry_append, register_for, timestamp, verify_actor
from ..errors import ErrorCode
from ..fields import clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, Register
from . import controls, errors, selectors
from .controls import Change, Correction, Designation, Ending, Shift

REFERENCE_MAX = 200
REASON_MAX = 500


def _locked(casino: Casino) -> Register:
    """The casino's direction register, locked: two filings are checked against the same book, one after the other."""
    register = register_for(casino=casino, kind=RegisterKind.DIRECTION)
    return Register.objects.select_for_update().get(pk=register.pk)


def _manager(actor: User, casino: Casino) -> None:
    verify_actor(actor, casino)
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.MANAGER_ONLY.format(user=actor.username), code=ErrorCode.WRONG_ROLE, field="actor")


def _day(value, field: str) -> datetime.date:
    if isinstance(value, datetime.datetime) or not isinstance(value, datetime.date):
        raise DomainError(errors.UNREADABLE.format(kind=field), code=ErrorCode.INVALID, field=field)
    return value


def _moment(value, field: str) -> datetime.datetime:
    if not isinstance(value, datetime.datetime) or timezone.is_naive(value):
        raise DomainError(errors.UNREADABLE.format(kind=field), code=ErrorCode.INVALID, field=field)
    return value


@transaction.atomic
def committee_change_record(*, casino: Casino, actor: User, change: str, name: str, effective_from: datetime.date,
                            reference: str, director: bool = False) -> Entry:
    """A member of the management committee appointed (the responsible director or another member) or leaving, from
    `effective_from`, with the reference of the act as the casino cites it: the composition is not in our texts."""
    _manager(actor, casino)
    effective_from = _day(effective_from, "effective_from")
    name = " ".join(clean_text(name, field="name", optional=True).split())
    reference = " ".join(clean_text(reference, field="reference", max_length=REFERENCE_MAX, optional=True).split())
    register = _locked(casino)
    proposed = Change(str(change), name, bool(director) and change == controls.APPOINTED, effective_from, reference)
    refuse_first(controls.committee_problems(selectors.book_of(register), proposed), casino.jurisdiction)
    return entry_append(register=register, kind=EntryKind.COMMITTEE_CHANGED, gaming_day=casino.today(), actor=actor,
                        payload={"changement": proposed.change, "membre": name, "directeur": proposed.director,
                                 "en_vigueur_le": effective_from.isoformat(), "acte": reference,
                                 "citation": house.written(controls.COMMITTEE)})


@transaction.atomic
def duty_record(*, casino: Casino, actor: User, member: str, starts_at: datetime.datetime,
                ends_at: datetime.datetime) -> Entry:
    """A presence at the casino in the duty log: the responsible director, or the committee member replacing them
    (art. 51 § I al. 1, 52 al. 2 as the draft words them), from `starts_at` to `ends_at`."""
    _manager(actor, casino)
    starts_at, ends_at = _moment(starts_at, "starts_at"), _moment(ends_at, "ends_at")
    member = " ".join(clean_text(member, field="member").split())
    register = _locked(casino)
    book, day = selectors.book_of(register), casino.today(starts_at)
    term = book.term_of(member, day)
    shift = Shift(0, term.name if term else member, starts_at, ends_at)
    replacement = house.concept_cited(casino, selectors.REPLACEMENT, day, controls.COMMITTEE)
    refuse_first(controls.duty_problems(book, shift, selectors.zone_of(casino), replacement), casino.jurisdiction)
    director = book.director_on(day)
    return entry_append(register=register, kind=EntryKind.DUTY_RECORDED, gaming_day=casino.today(), actor=actor,
                        payload={"membre": shift.name, "debut": timestamp(starts_at), "fin": timestamp(ends_at),
                                 "directeur": bool(director and director.name == shift.name),
                                 "citation": house.concept_cited(casino, selectors.PRESENCE, day, controls.COMMITTEE),
                                 "remplacement": replacement})


@transaction.atomic
def designation_record(*, casino: Casino, actor: User, employee: str, act: str, first_day: datetime.date,
                       reference: str, last_day: datetime.date | None = None) -> Entry:
    """The director's designation of an employee of the casino for an act (art. 18-6 al. 3 as the draft words it:
    « un employé du casino agréé à cette fin par le directeur »), from `first_day` to `last_day` (none: until a later
    designation ends it), with its reference; the act is the one the casino names (its reading of art. 18-6)."""
    _manager(actor, casino)
    first_day = _day(first_day, "first_day")
    last_day = None if last_day in (None, "") else _day(last_day, "last_day")
    reference = " ".join(clean_text(reference, field="reference", max_length=REFERENCE_MAX, optional=True).split())
    person = selectors.staff(casino).filter(username=str(employee or "")).first()
    register = _locked(casino)
    book = selectors.book_of(register)
    director = book.director_on(first_day)
    proposed = Designation(0, person.username if person else str(employee or ""),
                           person.get_full_name() if person else "", str(act), first_day, last_day,
                           director.name if director else "", reference)
    citation = house.concept_cited(casino, selectors.AGREED, first_day, controls.COMMITTEE)
    refuse_first(controls.designation_problems(book, proposed, staff=person is not None, citation=citation),
                 casino.jurisdiction)
    return entry_append(register=register, kind=EntryKind.DESIGNATION, gaming_day=casino.today(), actor=actor,
                        payload={"employe": proposed.employee, "nom": proposed.employee_name or proposed.employee,
                                 "acte_designe": proposed.act, "du": first_day.isoformat(),
                                 "au": last_day.isoformat() if last_day else None, "directeur": proposed.director,
                                 "reference": reference, "citation": citation})


def _entry(register: Register, seq) -> Entry | None:
    """The register's entry n° `seq` (a designation ended, a presence corrected), for the new entry to name it."""
    try:
        seq = int(seq)
    except (TypeError, ValueError):
        return None
    return Entry.objects.filter(register=register, seq=seq).first()


@transaction.atomic
def designation_end(*, casino: Casino, actor: User, designation: int, last_day: datetime.date,
                    reason: str) -> Entry:
    """The director's designation n° `designation` ended early: its new last day and why, a new entry naming it (the
    designation stays as written); from the day after, an act by that employee is no longer covered by it."""
    _manager(actor, casino)
    last_day = _day(last_day, "last_day")
    reason = " ".join(clean_text(reason, field="reason", max_length=REASON_MAX, optional=True).split())
    register = _locked(casino)
    book, ended = selectors.book_of(register), _entry(register, designation)
    ending = Ending(ended.seq if ended else 0, last_day, reason)
    original = book.designation(ending.designation)
    citation = house.concept_cited(casino, selectors.AGREED, original.first if original else last_day,
                                   controls.COMMITTEE)
    refuse_first(controls.designation_end_problems(book, ending, citation), casino.jurisdiction)
    return entry_append(register=register, kind=EntryKind.DESIGNATION_ENDED, gaming_day=casino.today(), actor=actor,
                        refers_to=ended,
                        payload={"designation": ending.designation, "employe": original.employee,
                                 "acte_designe": original.act, "au": last_day.isoformat(), "motif": reason,
                                 "citation": citation})


@transaction.atomic
def duty_correct(*, casino: Casino, actor: User, duty: int, reason: str, member: str = "",
                 starts_at: datetime.datetime | None = None, ends_at: datetime.datetime | None = None,
                 set_aside: bool = False) -> Entry:
    """The presence n° `duty` of the log corrected: as it should read (`member`, by default the same, from
    `starts_at` to `ends_at`), or set aside as written in error; a new entry naming it, with the reason. The page, the
    API and the nightly reconciliation read the log as corrected."""
    _manager(actor, casino)
    reason = " ".join(clean_text(reason, field="reason", max_length=REASON_MAX, optional=True).split())
    set_aside = bool(set_aside)
    register = _locked(casino)
    book, wrong = selectors.book_of(register), _entry(register, duty)
    current = book.shift(wrong.seq) if wrong else None
    shift = None
    if not set_aside and starts_at is not None and ends_at is not None:
        starts_at, ends_at = _moment(starts_at, "starts_at"), _moment(ends_at, "ends_at")
        name = " ".join(clean_text(member, field="member", optional=True).split()) or (current.name if current else "")
        term = book.term_of(name, casino.today(starts_at))
        shift = Shift(0, term.name if term else name, starts_at, ends_at)
    day = casino.today(shift.start if shift else current.start if current else None)
    replacement = house.concept_cited(casino, selectors.REPLACEMENT, day, controls.COMMITTEE)
    correction = Correction(wrong.seq if wrong else 0, shift, reason, set_aside)
    refuse_first(controls.duty_correction_problems(book, correction, selectors.zone_of(casino), replacement),
                 casino.jurisdiction)
    payload = {"corrige": correction.corrects, "ecartee": set_aside, "motif": reason, "remplacement": replacement}
    if shift is not None:
        director = book.director_on(day)
        payload |= {"membre": shift.name, "debut": timestamp(shift.start), "fin": timestamp(shift.end),
                    "directeur": bool(director and director.name == shift.name)}
    return entry_append(register=register, kind=EntryKind.DUTY_CORRECTED, gaming_day=casino.today(), actor=actor,
                        refers_to=wrong, payload=payload)
