"""The direction's register's rules as pure functions over its state (LU RGD 1979 art. 18-6 al. 3, 51 § I, 52 al. 2,
in the wording of the amending draft as the rule data cites it): the services refuse with the first problem, the audit
(checks.py) replays the register into the same state (book.py) and asks the same functions of every entry, the page
says with them who is on duty and what is not covered, the nightly reconciliation what no presence covers and which act
an employee did without the director's designation. No database here.

The draft holds only the words it changes: the committee's composition (the unamended art. 51) and the act of art. 18-6
al. 3 are not in our texts. The composition is what the casino's management records, each appointment and departure
with the reference of its act; the act is the one each designation names (games/rules/ambiguities.yaml,
lu.direction.acte_de_l_article_18_6 and lu.direction.periode_de_fonctionnement_des_jeux)."""

import datetime
from dataclasses import dataclass, field, replace
from zoneinfo import ZoneInfo

from django.utils.translation import gettext_lazy as _

from ..controls import Problem
from ..errors import ErrorCode
from ..kinds import EntryKind
from . import errors

APPOINTED, LEFT = "nomination", "depart"
CHANGES = {APPOINTED: _("Nomination"), LEFT: _("Départ")}
COMMITTEE = _("Contrôle interne du casino : composition du comité de direction enregistrée par la direction avec la "
              "référence de l'acte de chaque nomination et de chaque départ")
SHIFT_HOURS = 24  # a presence is written a day at most: a longer one is two lines of the log
SHIFT = _("Contrôle interne du casino : une présence inscrite au journal dure au plus 24 heures")
# The acts a designation may name: what a person files in the registers of the slot machines, their cash desks and
# the money found, as Vigie keeps them. Which of them art. 18-6 al. 3 concerns is the casino's reading (its unamended
# words are not in our texts): the casino names it in each designation.
ACTS = (EntryKind.JACKPOT_PAID, EntryKind.MACHINE_INSTALLED, EntryKind.MACHINE_MOVED, EntryKind.DESK_COUNTED,
        EntryKind.CARD_LOADED, EntryKind.CARD_PAID_OUT, EntryKind.ORPHELIN_FILED)


def same_name(name: str) -> str:
    return " ".join(str(name or "").split()).casefold()


@dataclass
class Term:
    """A member's time on the committee: appointed from `since`, gone from `until` (not in office that day)."""

    seq: int
    name: str
    director: bool
    since: datetime.date
    reference: str
    until: datetime.date | None = None
    left_reference: str = ""

    def in_office(self, day: datetime.date) -> bool:
        return self.since <= day and (self.until is None or day < self.until)


@dataclass(frozen=True)
class Change:
    """An appointment or a departure as the management records it."""

    change: str
    name: str
    director: bool
    effective: datetime.date
    reference: str


@dataclass(frozen=True)
class Shift:
    """A presence at the casino, written in the duty log in a member's name."""

    seq: int
    name: str
    start: datetime.datetime
    end: datetime.datetime


@dataclass(frozen=True)
class Designation:
    """The director's designation of an employee for an act, from `first` to `last` (None: until further notice)."""

    seq: int
    employee: str  # the username, as the entries name their actor
    employee_name: str
    act: str
    first: datetime.date
    last: datetime.date | None
    director: str
    reference: str

    def covers(self, employee: str, act: str, day: datetime.date) -> bool:
        return (self.employee == employee and self.act == act and self.first <= day
                and (self.last is None or day <= self.last))


@dataclass
class Book:
    """The direction's register replayed: the committee's terms, the duty log, the designations, in their order."""

    terms: list[Term] = field(default_factory=list)
    shifts: list[Shift] = field(default_factory=list)
    designations: list[Designation] = field(default_factory=list)
    # the register's later entries that changed an earlier one, each (its n°, its reason): a presence's n° → its
    # latest correction, or what set it aside (written in error); a designation's n° → what ended it early (the page
    # names them beside the entry they change)
    corrected: dict[int, tuple[int, str]] = field(default_factory=dict)
    set_aside: dict[int, tuple[int, str]] = field(default_factory=dict)
    ended: dict[int, tuple[int, str]] = field(default_factory=dict)
    aside: list[Shift] = field(default_factory=list)  # the presences set aside, as they were written

    def shift(self, seq: int) -> Shift | None:
        return next((shift for shift in self.shifts if shift.seq == seq), None)

    def designation(self, seq: int) -> Designation | None:
        return next((one for one in self.designations if one.seq == seq), None)

    def members_on(self, day: datetime.date) -> list[Term]:
        return [term for term in self.terms if term.in_office(day)]

    def director_on(self, day: datetime.date) -> Term | None:
        return next((term for term in self.members_on(day) if term.director), None)

    def term_of(self, name: str, day: datetime.date) -> Term | None:
        return next((term for term in self.members_on(day) if same_name(term.name) == same_name(name)), None)

    def open_term(self, name: str) -> Term | None:
        return next((term for term in self.terms if term.until is None and same_name(term.name) == same_name(name)),
                    None)

    def last_change(self, name: str) -> datetime.date | None:
        days = [day for term in self.terms if same_name(term.name) == same_name(name)
                for day in (term.since, term.until) if day is not None]
        return max(days) if days else None


def committee_problems(book: Book, change: Change) -> list[Problem]:
    """An appointment or a departure: a named member, the act's reference, a change the composition allows (one
    responsible director at a time, a departure of a member in office), in the order of each member's changes."""
    found = []
    if change.change not in CHANGES:
        found.append(Problem("change", errors.UNKNOWN_CHANGE, COMMITTEE, ErrorCode.INVALID, {"change": change.change}))
    if not same_name(change.name):
        found.append(Problem("name", errors.NAME_REQUIRED, COMMITTEE, ErrorCode.REQUIRED))
    if not change.reference.strip():
        found.append(Problem("reference", errors.REFERENCE_REQUIRED, COMMITTEE, ErrorCode.REQUIRED))
    if found:
        return found
    last = book.last_change(change.name)
    if last is not None and change.effective < last:
        found.append(Problem("effective_from", errors.BEFORE_LAST_CHANGE, COMMITTEE, ErrorCode.BEFORE_LAST_CHANGE,
                             {"day": change.effective, "name": change.name, "since": last}))
    term = book.open_term(change.name)
    if change.change == APPOINTED:
        if term is not None:
            found.append(Problem("name", errors.ALREADY_MEMBER, COMMITTEE, ErrorCode.DUPLICATE,
                                 {"name": term.name, "since": term.since}))
        director = next((other for other in book.terms if other.director and other.until is None), None)
        if change.director and director is not None:
            found.append(Problem("director", errors.ALREADY_DIRECTOR, COMMITTEE, ErrorCode.DUPLICATE,
                                 {"name": director.name, "since": director.since}))
    elif term is None:
        found.append(Problem("name", errors.NOT_MEMBER, COMMITTEE, ErrorCode.WRONG_STATE, {"name": change.name}))
    return found


def committee_apply(book: Book, seq: int, change: Change) -> None:
    if change.change == APPOINTED:
        book.terms.append(Term(seq, " ".join(change.name.split()), change.director, change.effective,
                               change.reference))
        return
    term = book.open_term(change.name)
    term.until, term.left_reference = change.effective, change.reference


def local(moment: datetime.datetime, zone: ZoneInfo) -> str:
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M")


def duty_problems(book: Book, shift: Shift, zone: ZoneInfo, citation: str) -> list[Problem]:
    """A presence in the log: after its start, a day at most, in the name of a member of the committee in office on
    each of its days (art. 52 al. 2: « se faire remplacer par un membre du comité de direction », `citation`), not
    written twice for the same member."""
    if shift.end <= shift.start:
        return [Problem("ends_at", errors.END_BEFORE_START, SHIFT, ErrorCode.DATES_REVERSED,
                        {"start": local(shift.start, zone), "end": local(shift.end, zone)})]
    found = []
    if shift.end - shift.start > datetime.timedelta(hours=SHIFT_HOURS):
        found.append(Problem("ends_at", errors.TOO_LONG, SHIFT, ErrorCode.TOO_LONG, {"hours": SHIFT_HOURS}))
    for day in sorted({shift.start.astimezone(zone).date(), shift.end.astimezone(zone).date()}):
        if book.term_of(shift.name, day) is None:
            found.append(Problem("member", errors.NOT_IN_OFFICE, citation, ErrorCode.WRONG_STATE,
                                 {"name": shift.name, "day": day}))
            break
    for other in book.shifts:
        if same_name(other.name) == same_name(shift.name) and other.start < shift.end and shift.start < other.end:
            found.append(Problem("starts_at", errors.OVERLAP, SHIFT, ErrorCode.DUPLICATE,
                                 {"name": other.name, "start": local(other.start, zone),
                                  "end": local(other.end, zone)}))
            break
    return found


def designation_problems(book: Book, designation: Designation, *, staff: bool, citation: str) -> list[Problem]:
    """The director's designation (art. 18-6 al. 3: « un employé du casino agréé à cette fin par le directeur »,
    `citation`): an act Vigie records, an employee of the casino, a responsible director in office on its first day,
    the reference of the designation, a last day not before the first."""
    found = []
    if designation.act not in ACTS:
        found.append(Problem("act", errors.UNKNOWN_ACT, citation, ErrorCode.INVALID, {"act": designation.act}))
    if not staff:
        found.append(Problem("employee", errors.NOT_STAFF, citation, ErrorCode.WRONG_ROLE,
                             {"user": designation.employee or "—"}))
    if not designation.reference.strip():
        found.append(Problem("reference", errors.REFERENCE_REQUIRED, citation, ErrorCode.REQUIRED))
    if designation.last is not None and designation.last < designation.first:
        found.append(Problem("last_day", errors.LAST_BEFORE_FIRST, citation, ErrorCode.DATES_REVERSED,
                             {"first": designation.first, "last": designation.last}))
    if book.director_on(designation.first) is None:
        found.append(Problem("first_day", errors.NO_DIRECTOR, citation, ErrorCode.WRONG_STATE,
                             {"day": designation.first}))
    return found


# --- later entries that change an earlier one: the register stays append-only ---------------------------------------


@dataclass(frozen=True)
class Ending:
    """The early end of a designation: its n°, its new last day, why."""

    designation: int
    last: datetime.date
    reason: str


def designation_end_problems(book: Book, ending: Ending, citation: str) -> list[Problem]:
    """A designation of the register, ended on a day not before its first and before the last it had (or while it
    ran until further notice), with the reason: the director withdrawing the agreement of art. 18-6 al. 3."""
    designation = book.designation(ending.designation)
    if designation is None:
        return [Problem("designation", errors.NOT_A_DESIGNATION, citation, ErrorCode.WRONG_REFERENCE,
                        {"seq": ending.designation})]
    found = []
    if not ending.reason.strip():
        found.append(Problem("reason", errors.REASON_REQUIRED, citation, ErrorCode.REQUIRED))
    if ending.last < designation.first:
        found.append(Problem("last_day", errors.LAST_BEFORE_FIRST, citation, ErrorCode.DATES_REVERSED,
                             {"first": designation.first, "last": ending.last}))
    elif designation.last is not None and ending.last >= designation.last:
        found.append(Problem("last_day", errors.NOT_EARLIER, citation, ErrorCode.NO_CHANGE,
                             {"seq": designation.seq, "last": designation.last}))
    return found


def designation_end_apply(book: Book, seq: int, ending: Ending) -> None:
    index = book.designations.index(book.designation(ending.designation))
    book.designations[index] = replace(book.designations[index], last=ending.last)
    book.ended[ending.designation] = (seq, ending.reason)


@dataclass(frozen=True)
class Correction:
    """A presence of the log corrected: its n°, the presence as it should read (None: set aside, recorded in error),
    why."""

    corrects: int
    shift: Shift | None
    reason: str
    cancel: bool = False


def _without(book: Book, seq: int) -> Book:
    return Book(terms=book.terms, shifts=[shift for shift in book.shifts if shift.seq != seq],
                designations=book.designations)


def duty_correction_problems(book: Book, correction: Correction, zone: ZoneInfo, citation: str) -> list[Problem]:
    """A presence still in the log, the reason, and, unless it is set aside, the presence as it should read, which
    the duty log's own controls judge as if the wrong one had never been written (duty_problems)."""
    wrong = book.shift(correction.corrects)
    if wrong is None:
        return [Problem("duty", errors.NOT_A_PRESENCE, SHIFT, ErrorCode.WRONG_REFERENCE, {"seq": correction.corrects})]
    found = []
    if not correction.reason.strip():
        found.append(Problem("reason", errors.REASON_REQUIRED, SHIFT, ErrorCode.REQUIRED))
    if correction.cancel:
        return found
    if correction.shift is None:
        return [*found, Problem("starts_at", errors.HOURS_REQUIRED, SHIFT, ErrorCode.REQUIRED)]
    right = correction.shift
    if (same_name(right.name), right.start, right.end) == (same_name(wrong.name), wrong.start, wrong.end):
        return [*found, Problem("starts_at", errors.SAME_PRESENCE, SHIFT, ErrorCode.NO_CHANGE,
                                {"seq": correction.corrects})]
    return found + duty_problems(_without(book, correction.corrects), right, zone, citation)


def duty_correction_apply(book: Book, seq: int, correction: Correction) -> None:
    index = book.shifts.index(book.shift(correction.corrects))
    if correction.cancel or correction.shift is None:
        book.aside.append(book.shifts.pop(index))
        book.set_aside[correction.corrects] = (seq, correction.reason)
        return
    book.shifts[index] = replace(correction.shift, seq=correction.corrects)
    book.corrected[correction.corrects] = (seq, correction.reason)


# --- what the nightly reconciliation and the page compute from the book ---------------------------------------------


@dataclass(frozen=True)
class Played:
    """A table's or a poker table's time of play on a gaming day; `start` None where its hours are not known (a
    session taken over from a table system's file, which gives its gaming day and not its hours)."""

    day: datetime.date
    table: str
    start: datetime.datetime | None
    end: datetime.datetime | None


@dataclass(frozen=True)
class Gap:
    """Playing time no presence covers: from `start` to `end` (None: the gaming day of sessions without hours)."""

    day: datetime.date
    start: datetime.datetime | None
    end: datetime.datetime | None
    tables: tuple[str, ...]


def _covered_at(moment: datetime.datetime, shifts: list[Shift]) -> bool:
    return any(shift.start <= moment <= shift.end for shift in shifts)


def _uncovered_pieces(start: datetime.datetime, end: datetime.datetime, shifts: list[Shift]):
    """The parts of [start, end] no shift covers; an instant (a session opened and closed at once) as itself."""
    if end <= start:
        if not _covered_at(start, shifts):
            yield start, start
        return
    cursor = start
    for shift in sorted(shifts, key=lambda one: one.start):
        if shift.end <= cursor or shift.start >= end:
            continue
        if shift.start > cursor:
            yield cursor, shift.start
        cursor = max(cursor, shift.end)
        if cursor >= end:
            return
    if cursor < end:
        yield cursor, end


def uncovered(played: list[Played], shifts: list[Shift], zone: ZoneInfo) -> list[Gap]:
    """Each gaming day's playing time that no presence of the log covers, the overlapping parts merged with the tables
    that played then; for the sessions without hours, their gaming day when no presence at all touches it."""
    gaps = []
    for day in sorted({one.day for one in played}):
        pieces = []
        for one in played:
            if one.day == day and one.start is not None:
                pieces += [(start, end, one.table) for start, end in _uncovered_pieces(one.start, one.end, shifts)]
        merged: list[list] = []
        for start, end, table in sorted(pieces, key=lambda piece: (piece[0], piece[1])):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
                merged[-1][2].add(table)
            else:
                merged.append([start, end, {table}])
        gaps += [Gap(day, start, end, tuple(sorted(tables))) for start, end, tables in merged]
        unknown = sorted({one.table for one in played if one.day == day and one.start is None})
        midnight = datetime.datetime.combine(day, datetime.time(0), tzinfo=zone)
        # a gaming day runs past midnight: a presence until the next noon is still of it
        if unknown and not any(shift.start < midnight + datetime.timedelta(hours=36) and shift.end > midnight
                               for shift in shifts):
            gaps.append(Gap(day, None, None, tuple(unknown)))
    return gaps


@dataclass(frozen=True)
class Act:
    """An entry filed by a person: its register, n°, kind, gaming day and actor (username and name)."""

    register: str
    seq: int
    kind: str
    day: datetime.date
    actor: str
    actor_name: str


def undesignated(acts: list[Act], designations: list[Designation]) -> list[Act]:
    """The acts of a kind the casino designates employees for, done on a day from its first designation for it by
    someone the director had not designated for it that day."""
    first = {}
    for designation in designations:
        first[designation.act] = min(first.get(designation.act, designation.first), designation.first)
    return [act for act in acts if act.kind in first and act.day >= first[act.kind]
            and not any(designation.covers(act.actor, act.kind, act.day) for designation in designations)]
