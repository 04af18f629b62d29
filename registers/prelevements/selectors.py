"""What the levy book reads: the day's gross revenue from every family (through compliance.hooks.GAMING_REVENUE,
never importing one), the book as its register leaves it, the closed days of a month, the transfer's due date."""

import calendar
import datetime
import json
from dataclasses import dataclass
from decimal import Decimal

from compliance.hooks import GAMING_REVENUE
from compliance.models import Casino
from compliance.profiles import concept
from games.selectors import RuleValueAt, rule_value_at

from ..chain.selectors import standing
from ..kinds import RegisterKind
from ..models import Entry, GamingSession, Register
from . import calendar as working
from .book import book_apply
from .controls import Book, Levied

DELAY = "prelevements.delai_virement"  # art. 88: « dans un délai maximum de trois jours ouvrables »
PAYMENT = "prelevements.mode_paiement"  # art. 88: « par un virement bancaire »
BOOK = "registres.carnet_prelevement"  # art. 97-1: « le carnet de prélèvement … sous forme électronique »


def revenue(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, dict[str, Decimal]]:
    """{gaming day: {source: revenue}} of the days between two gaming days, each family's part added."""
    found: dict[datetime.date, dict[str, Decimal]] = {}
    for contribution in GAMING_REVENUE:
        for day, sources in contribution(casino, first, last).items():
            for source, amount in sources.items():
                found.setdefault(day, {})[source] = found.get(day, {}).get(source, Decimal(0)) + amount
    return found


def register_of(casino: Casino) -> Register | None:
    return Register.objects.filter(casino=casino, kind=RegisterKind.PRELEVEMENTS).first()


def book_of(register: Register | None, *, upto: datetime.date | None = None) -> Book:
    """The book as its standing entries leave it, in their order: one query."""
    return Book() if register is None else _book(Entry.objects.filter(register=register))


def casino_book(casino: Casino, since: datetime.date) -> Book:
    """The casino's book from the gaming day `since` on, its register not read apart: one query of a bounded size (the
    « À faire » list asks it on every page). A transfer is dated on or after the days it pays: those of the days read
    are read with them."""
    return _book(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.PRELEVEMENTS,
                                      gaming_day__gte=since))


def _book(entries) -> Book:
    book = Book()
    for kind, seq, day, payload in standing(entries).order_by("seq").values_list("kind", "seq", "gaming_day",
                                                                               "payload"):
        book_apply(book, kind, seq, day, json.loads(payload))
    return book


def month_bounds(month: str) -> tuple[datetime.date, datetime.date]:
    """« AAAA-MM » → its first and last day; ValueError otherwise."""
    year, number = (int(part) for part in month.split("-"))
    if len(month) != 7:
        raise ValueError(month)
    return datetime.date(year, number, 1), datetime.date(year, number, calendar.monthrange(year, number)[1])


def closed_days(casino: Casino, first: datetime.date, last: datetime.date) -> list[datetime.date]:
    return list(GamingSession.objects.filter(casino=casino, gaming_day__range=(first, last))
                .order_by("gaming_day").values_list("gaming_day", flat=True))


def rule(casino: Casino, name: str, day: datetime.date) -> RuleValueAt:
    return rule_value_at(jurisdiction=casino.jurisdiction, key=concept(casino.jurisdiction, name), on=day,
                         drafts=True)


def due_of(casino: Casino, day: datetime.date, delay: RuleValueAt) -> datetime.date:
    """The last day the levy of `day` may be transferred on: `delay` working days after it."""
    return working.working_days_after(working.holidays_of(casino.jurisdiction), day, int(delay.value))


@dataclass(frozen=True)
class MonthLine:
    day: datetime.date
    levied: Levied | None
    state: str  # Levied.state, or « open » (not closed yet), « to_compute » (closed, not levied)


def month_lines(casino: Casino, book: Book, first: datetime.date, last: datetime.date) -> list[MonthLine]:
    """Each day of the month up to the casino's today, with what the book holds for it."""
    today, closed = casino.today(), set(closed_days(casino, first, last))
    lines, day = [], first
    while day <= min(last, today):
        levied = book.days.get(day)
        state = levied.state(today) if levied else ("to_compute" if day in closed else "open")
        lines.append(MonthLine(day, levied, state))
        day += datetime.timedelta(days=1)
    return lines
