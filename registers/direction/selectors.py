"""What the direction's register reads: its book (the committee, the duty log, the designations), the time the
casino's tables and poker tables played in a period (their sessions' openings and closes), the acts its people filed,
and what its page shows. A fixed number of queries whatever the period."""

import datetime
import json
from collections import defaultdict
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from django.db.models import Max, Min

from compliance.models import Casino, User
from compliance.profiles import applies

from ..kinds import DIRECTION_KINDS, EntryKind, RegisterKind
from ..models import Entry, PokerSession, Register, SeanceClose, Slip, SlipKind, TableSession
from .book import book_apply
from .controls import Act, Book, Gap, Played, uncovered, undesignated

FEATURE = "direction"
PRESENCE = "direction.presence_permanente"  # art. 51 § I al. 1, second sentence, as the draft words it
REPLACEMENT = "direction.remplacement_par_membre"  # art. 52 al. 2, its first two sentences
AGREED = "direction.employe_agree"  # art. 18-6 al. 3, the words the draft puts in place of « le caissier »
HOUR = datetime.timedelta(hours=1)


def zone_of(casino: Casino) -> ZoneInfo:
    return ZoneInfo(casino.jurisdiction.timezone)


def register_of(casino: Casino) -> Register | None:
    return Register.objects.filter(casino=casino, kind=RegisterKind.DIRECTION).first()


def _replayed(entries) -> Book:
    """Entries of the register replayed in their order; one that cannot be read is left out (the audit names it)."""
    book = Book()
    for seq, kind, payload in entries.filter(kind__in=DIRECTION_KINDS).order_by("seq").values_list("seq", "kind",
                                                                                                  "payload"):
        try:
            book_apply(book, kind, seq, json.loads(payload))
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return book


def book_of(register: Register | None) -> Book:
    """The register replayed in its order, one query."""
    return Book() if register is None else _replayed(Entry.objects.filter(register=register))


def book_for(casino: Casino) -> Book:
    """The casino's register's book in one query (none kept: an empty book), for what every page's menu asks."""
    return _replayed(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.DIRECTION))


def plays_on(casino: Casino, day: datetime.date) -> bool:
    """Whether a table or a poker table opened on that gaming day with its hours (one query): the day's play is read
    only then."""
    return Entry.objects.filter(register__casino=casino, gaming_day=day,
                                kind__in=(EntryKind.TABLE_OPENED, EntryKind.POKER_SESSION)).exists()


def kept_from(casino: Casino, register: Register | None, book: Book) -> datetime.date | None:
    """The first gaming day the casino keeps its direction's register in Vigie: the day of its first entry, or the
    first day its log covers if earlier (a log written back for past days); None before any entry. Before it, Vigie
    knows nothing of who was on duty and says nothing."""
    if register is None:
        return None
    first = (Entry.objects.filter(register=register).order_by("seq").values_list("gaming_day", flat=True)
             .first())
    zone = zone_of(casino)
    days = [day for day in (first, *(shift.start.astimezone(zone).date() for shift in book.shifts)) if day]
    return min(days) if days else None


def _hour_end(moment: datetime.datetime) -> datetime.datetime:
    return moment.replace(minute=0, second=0, microsecond=0) + HOUR


def played(casino: Casino, first: datetime.date, last: datetime.date) -> list[Played]:
    """Each table session and poker table's séance of the period, from its opening to its close: four queries. A
    session taken over from a table system's file has no hours of its own (its opening is the import's time); one
    left open counts to the end of the hour it opened in, its end not being known."""
    found = []
    sessions = list(TableSession.objects.filter(table__casino=casino, gaming_day__range=(first, last))
                    .values_list("pk", "table__number", "gaming_day", "opened_at", "entry__kind"))
    closes = dict(Slip.objects.filter(session_id__in=[row[0] for row in sessions], kind=SlipKind.CLOSING,
                                      void__isnull=True).order_by().values("session_id")
                  .annotate(at=Max("recorded_at")).values_list("session_id", "at"))
    for pk, table, day, opened_at, kind in sessions:
        if kind == EntryKind.SLIPS_IMPORTED:
            found.append(Played(day, table, None, None))
        else:
            found.append(Played(day, table, opened_at, closes.get(pk) or _hour_end(opened_at)))
    closed = dict(((day, table), at) for day, table, at in SeanceClose.objects.filter(
        casino=casino, gaming_day__range=(first, last)).values_list("gaming_day", "table", "closed_at"))
    for day, table, start in (PokerSession.objects.filter(casino=casino, gaming_day__range=(first, last)).order_by()
                              .values("gaming_day", "table").annotate(start=Min("opened_at"))
                              .values_list("gaming_day", "table", "start")):
        found.append(Played(day, table, start, closed.get((day, table)) or _hour_end(start)))
    return sorted(found, key=lambda one: (one.day, one.start or datetime.datetime.min.replace(tzinfo=datetime.UTC),
                                          one.table))


def acts(casino: Casino, first: datetime.date, last: datetime.date, kinds) -> list[Act]:
    """The entries of `kinds` of the period filed by the casino's own people (not by Vigie itself): one query."""
    if not kinds:
        return []
    rows = (Entry.objects.filter(register__casino=casino, kind__in=list(kinds), gaming_day__range=(first, last),
                                 actor__casino=casino)
            .order_by("gaming_day", "register__kind", "seq")
            .values_list("register__kind", "seq", "kind", "gaming_day", "actor__username", "actor__first_name",
                         "actor__last_name"))
    return [Act(register, seq, kind, day, username, f"{first_name} {last_name}".strip() or username)
            for register, seq, kind, day, username, first_name, last_name in rows]


def gaps(casino: Casino, book: Book, first: datetime.date, last: datetime.date,
         since: datetime.date | None = None) -> list[Gap]:
    """The playing time of the period no presence covers, from `since` (kept_from) when given."""
    if since is not None:
        first = max(first, since)
    if first > last:
        return []
    return uncovered(played(casino, first, last), book.shifts, zone_of(casino))


def acts_undesignated(casino: Casino, book: Book, first: datetime.date, last: datetime.date) -> list[Act]:
    return undesignated(acts(casino, first, last, {one.act for one in book.designations}), book.designations)


def staff(casino: Casino):
    """The casino's employees a designation may name, by name."""
    return (User.objects.filter(casino=casino, role__in=(User.Role.ACCOUNTANT, User.Role.MANAGER), is_active=True)
            .order_by("last_name", "first_name", "username"))


def applies_to(casino: Casino, day: datetime.date | None = None) -> bool:
    return applies(casino.jurisdiction, FEATURE, day or casino.today())


@dataclass
class DirectionPage:
    """The register's page: the committee on a day, the log of a week, the designations, what is not covered."""

    casino: Casino
    day: datetime.date
    first: datetime.date
    book: Book
    members: list = field(default_factory=list)
    shifts: list = field(default_factory=list)
    gaps: list = field(default_factory=list)
    undesignated: list = field(default_factory=list)
    played: dict = field(default_factory=dict)
    aside: list = field(default_factory=list)  # the week's presences set aside as written in error


def page_of(casino: Casino, day: datetime.date, days: int = 7) -> DirectionPage:
    """The week ending on `day`: its log, its playing time not covered, the acts done without designation."""
    register = register_of(casino)
    book, first = book_of(register), day - datetime.timedelta(days=days - 1)
    zone = zone_of(casino)
    page = DirectionPage(casino, day, first, book, members=book.members_on(day))
    page.shifts = sorted((shift for shift in book.shifts
                          if first <= shift.start.astimezone(zone).date() <= day + datetime.timedelta(days=1)),
                         key=lambda shift: shift.start, reverse=True)
    page.aside = [shift for shift in book.aside
                  if first <= shift.start.astimezone(zone).date() <= day + datetime.timedelta(days=1)]
    period = played(casino, first, day)
    since = kept_from(casino, register, book)
    page.gaps = [] if since is None else uncovered([one for one in period if one.day >= since], book.shifts, zone)
    counts = defaultdict(set)
    for one in period:
        counts[one.day].add(one.table)
    page.played = {one_day: sorted(tables) for one_day, tables in sorted(counts.items(), reverse=True)}
    page.undesignated = acts_undesignated(casino, book, first, day)
    return page
