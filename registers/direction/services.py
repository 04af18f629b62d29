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
from .controls import Change, Designation, Shift

REFERENCE_MAX = 200


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
