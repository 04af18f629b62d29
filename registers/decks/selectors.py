"""What the playing-card stock's pages, services and the openings read: the register replayed into the stock
(controls.py's state, as the audit replays it), a table's decks for a day, today's sessions with theirs."""

import datetime
import json
from dataclasses import dataclass

from compliance.models import Casino

from ..kinds import EntryKind, RegisterKind
from ..models import Entry, GamingTable, PendingEntry, PokerSession, Register, TableSession
from . import controls, rules
from .controls import POKER, TABLES, Stock, TableDecks


def register_of(casino: Casino) -> Register | None:
    return Register.objects.filter(casino=casino, kind=RegisterKind.JEUX_DE_CARTES).first()


def apply(stock: Stock, kind: str, payload: dict, day: datetime.date, entry: int, seq: int,
          refers_to: int | None) -> None:
    """One entry's effect on the stock (the audit calls it too, after its checks)."""
    if kind == EntryKind.DECKS_RECEIVED:
        controls.received(stock, payload, day)
    elif kind == EntryKind.DECKS_ISSUED:
        controls.issued(stock, payload, day, entry, seq)
    elif kind == EntryKind.DECKS_RETURNED:
        controls.returned(stock, payload, refers_to)
    elif kind == EntryKind.DECKS_DESTROYED:
        controls.destroyed(stock, payload)
    elif kind == EntryKind.DECKS_CONTROL:
        controls.control_set(stock, payload)


def stock_of(casino: Casino) -> Stock:
    """The register replayed in order, in one query."""
    stock = Stock()
    register = register_of(casino)
    if register is None:
        return stock
    for entry in Entry.objects.filter(register=register).order_by("seq").only(
            "id", "seq", "kind", "payload", "gaming_day", "refers_to_id"):
        apply(stock, entry.kind, json.loads(entry.payload), entry.gaming_day, entry.pk, entry.seq, entry.refers_to_id)
    return stock


def movements(casino: Casino, limit: int = 200) -> list[Entry]:
    register = register_of(casino)
    if register is None:
        return []
    return list(Entry.objects.filter(register=register).select_related("actor", "countersigner")
                .order_by("-seq")[:limit])


def table_decks(casino: Casino, family: str, table: str, day: datetime.date, stock: Stock | None = None) -> TableDecks:
    """A table's decks for `day` and since when the opening control applies to its family."""
    stock = stock if stock is not None else stock_of(casino)
    return TableDecks(family, table, day, tuple(stock.at(family, table, day)), stock.control.get(family))


@dataclass(frozen=True)
class SessionRow:
    family: str
    table: str
    game: str
    opened: bool
    decks: TableDecks
    problems: list
    jurisdiction: object = None
    replacing: list = ()  # a deck retired from the table today: what its replacement must be (replacement_problems)

    @property
    def said(self) -> list[tuple[str, str]]:
        """Each problem as the page says it, in the language of the request, with its article."""
        return [(problem.text(self.jurisdiction), problem.citation) for problem in self.problems]

    @property
    def replacement_said(self) -> list[tuple[str, str]]:
        return [(problem.text(self.jurisdiction), problem.citation) for problem in self.replacing]

    @property
    def count(self) -> int:
        return sum(issue.left for issue in self.decks.issues)

    @property
    def label(self) -> str:
        return str(controls.FAMILIES[self.family])


def today_sessions(casino: Casino, day: datetime.date, stock: Stock) -> list[SessionRow]:
    """Each table session and poker séance of `day`, and each table the stock issued decks to that day, with the decks
    there and what the opening control finds (controls.session_decks_problems)."""
    rows, seen = [], set()
    sessions = [(TABLES, number, game) for number, game in TableSession.objects.filter(
        table__casino=casino, gaming_day=day).values_list("table__number", "table__game__key").distinct()]
    sessions += [(POKER, table, game) for table, game in PokerSession.objects.filter(
        casino=casino, gaming_day=day).values_list("table", "game__key").distinct()]
    games = {game for _f, _t, game in sessions}
    required = {game: rules.requirement_on(casino, game, day) for game in games}
    replacing = {game: rules.replacement_on(casino, game, day) for game in games}
    for family, table, game in sessions:
        seen.add((family, table))
        decks = table_decks(casino, family, table, day, stock)
        rows.append(SessionRow(family, table, game, True, decks,
                               controls.session_decks_problems(decks, required[game]), casino.jurisdiction,
                               controls.replacement_problems(stock, family, table, day, False, replacing[game])))
    for issue in stock.issues.values():
        if issue.day == day and (issue.family, issue.table) not in seen:
            seen.add((issue.family, issue.table))
            rows.append(SessionRow(issue.family, issue.table, "", False,
                                   table_decks(casino, issue.family, issue.table, day, stock), []))
    return sorted(rows, key=lambda row: (row.family, row.table))


def destructions_pending(casino: Casino) -> list[PendingEntry]:
    """The destructions filed and waiting for the direction's countersignature, with who filed them."""
    register = register_of(casino)
    if register is None:
        return []
    return list(PendingEntry.objects.filter(register=register, kind=EntryKind.DECKS_DESTROYED, entry__isnull=True)
                .select_related("actor"))


def table_numbers(casino: Casino) -> list[str]:
    """The casino's gaming tables, by number, which the forms offer."""
    return list(GamingTable.objects.filter(casino=casino).order_by("number").values_list("number", flat=True))
