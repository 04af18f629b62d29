"""Reads of the poker room: the session a deal belongs to, the progressive jackpot's increment at a table on a day
(from the jackpot register), the flags a deal keeps for the reconciliation, and what the pages show."""

import bisect
import datetime
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, Sum
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext

from compliance.hooks import POKER_FINDING_DAYS
from compliance.models import Casino
from compliance.search import PER_SEARCHER, Hit, Query
from games.poker.hand import POST_OPTION, Hand
from games.poker.replay import Outcome

from ..chain.selectors import standing
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, PokerHand, PokerSession, Rebuy, Register, SeanceClose
from .controls import Caisse, caisse_problems

CENTS = Decimal(100)
ZERO = Decimal(0)


class SessionFinder:
    """The session open at a table when a deal started: the last one opened before it, within a day (a session
    opened in the evening deals past midnight; its gaming day is the deal's)."""

    def __init__(self, casino: Casino):
        self.casino = casino
        self.tables: dict[str, tuple[list[datetime.datetime], list[PokerSession]]] = {}

    def _load(self, table: str):
        if table not in self.tables:
            sessions = list(PokerSession.objects.filter(casino=self.casino, table=table).select_related(
                "casino__jurisdiction", "game").order_by("opened_at"))
            self.tables[table] = ([s.opened_at for s in sessions], sessions)
        return self.tables[table]

    def loaded(self, table: str) -> bool:
        return table in self.tables

    def at(self, table: str, moment: datetime.datetime) -> PokerSession | None:
        opened, sessions = self._load(table)
        index = bisect.bisect_right(opened, moment) - 1
        if index < 0 or moment - opened[index] > datetime.timedelta(hours=24):
            return None
        return sessions[index]


class ProgressiveIncrements:
    """Per table, the increments of the progressive jackpots it fed and from when to when (art. 49-9)."""

    def __init__(self, spans: dict[str, list[tuple[datetime.date, datetime.date | None, dict]]]):
        self.spans = spans

    def at(self, table: str, day: datetime.date) -> dict | None:
        for start, end, increment in self.spans.get(table, ()):
            if start <= day and (end is None or day < end):
                return increment
        return None


def progressive_increments(casino: Casino) -> ProgressiveIncrements:
    register = Register.objects.filter(casino=casino, kind=RegisterKind.JACKPOT_PROGRESSIF).first()
    spans: dict[str, list] = defaultdict(list)
    if register is None:
        return ProgressiveIncrements(spans)
    running: dict[str, tuple[datetime.date, list[str], dict]] = {}
    events = standing(Entry.objects.filter(
        register=register, kind__in=[EntryKind.JACKPOT_CONFIGURED, EntryKind.JACKPOT_STOPPED])).order_by("seq")
    for entry in events:
        payload = json.loads(entry.payload)
        name = payload.get("jackpot")
        if entry.kind == EntryKind.JACKPOT_CONFIGURED:
            running[name] = (entry.gaming_day, payload.get("tables") or [], payload.get("increment"))
        elif name in running:
            start, tables, increment = running.pop(name)
            for table in tables:
                spans[table].append((start, entry.gaming_day, increment))
    for start, tables, increment in running.values():
        for table in tables:
            spans[table].append((start, None, increment))
    return ProgressiveIncrements(spans)


def flags(hand: Hand, session: PokerSession, outcome: Outcome) -> list[list]:
    """What a deal keeps for the reconciliation: the replay's irregularities, and where the deal is not what its
    session fixed (art. 49-4: the version; art. 49-1: the blinds, and the option « la direction de l'établissement
    peut, dans son règlement intérieur, autoriser », posted at a session opened without one), as [code, amount in
    cents, detail]."""
    found = [[item.code, item.amount, item.detail] for item in outcome.irregularities]
    if hand.version != session.version:
        found.append(["version", 0, {"hand": hand.version, "session": session.version}])
    small, big = int(session.small_blind * CENTS), int(session.big_blind * CENTS)
    if (hand.small_blind, hand.big_blind) != (small, big) and not any(item[0] == "blinds" for item in found):
        found.append(["blinds", 0, {"hand": f"{hand.small_blind}/{hand.big_blind}", "session": f"{small}/{big}"}])
    if not session.option and not any(item[0] == "option" for item in found):  # the replay's, once per deal
        for action in hand.actions:
            if action.kind == POST_OPTION:
                found.append(["option", 0, {"player": action.player, "posted": action.amount}])
    if session.minimum_stack is not None:  # QC art. 67.94: « au moins le montant d'avoit minimum indiqué à la table »
        least = int(session.minimum_stack * CENTS)
        short = {seat.player: seat.stack for seat in hand.seats if seat.stack < least}
        if short:
            found.append(["stack_low", 0, {"players": short, "minimum": least}])
    return found


# --- pages --------------------------------------------------------------------------------------------------------


@dataclass
class TableDay:
    table: str
    sessions: list[PokerSession]
    hands: int = 0
    pot: Decimal = ZERO
    rake: Decimal = ZERO
    rake_declared: Decimal = ZERO
    progressive_declared: Decimal = ZERO
    bad_beat_declared: Decimal = ZERO
    flagged: int = 0
    cagnotte_counted: Decimal | None = None

    @property
    def rake_variance(self) -> Decimal:
        return self.rake_declared - self.rake

    @property
    def count_variance(self) -> Decimal | None:
        return None if self.cagnotte_counted is None else self.rake_declared - self.cagnotte_counted

    def as_api(self) -> dict:
        return {"table": self.table, "sessions": len(self.sessions), "hands": self.hands, "pot": self.pot,
                "rake": self.rake, "rake_declared": self.rake_declared,
                "progressive_declared": self.progressive_declared, "bad_beat_declared": self.bad_beat_declared,
                "cagnotte_counted": self.cagnotte_counted, "flagged": self.flagged}


def room_day(casino: Casino, day: datetime.date) -> list[TableDay]:
    """Each table of the room that day: its sessions, its deals added up by PostgreSQL (one grouped query), the
    cagnotte counted for it."""
    rows: dict[str, TableDay] = {}
    for session in PokerSession.objects.filter(casino=casino, gaming_day=day).select_related("game", "opened_by"):
        rows.setdefault(session.table, TableDay(session.table, [])).sessions.append(session)
    sums = (PokerHand.objects.filter(casino=casino, gaming_day=day).values("table").order_by()
            .annotate(hands=Count("id"), pot=Sum("pot"), rake=Sum("rake"), rake_declared=Sum("rake_declared"),
                      progressive_declared=Sum("progressive_declared"), bad_beat_declared=Sum("bad_beat_declared"),
                      flagged=Count("id", filter=~Q(flags=[]))))
    for row in sums:
        table = rows.setdefault(row["table"], TableDay(row["table"], []))
        for name in ("hands", "pot", "rake", "rake_declared", "progressive_declared", "bad_beat_declared", "flagged"):
            setattr(table, name, row[name])
    counts = standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CAGNOTTE,
                                           kind=EntryKind.CAGNOTTE_COUNTED, gaming_day=day))
    for payload in counts.values_list("payload", flat=True):
        payload = json.loads(payload)
        if payload.get("table") in rows:
            table = rows[payload["table"]]
            table.cagnotte_counted = (table.cagnotte_counted or ZERO) + Decimal(payload["house"])
    return [rows[name] for name in sorted(rows)]


def room_days(casino: Casino, before: datetime.date, count: int = 14,
              only: Iterable[datetime.date] | None = None) -> list[tuple[datetime.date, int, Decimal]]:
    """The last days with deals up to `before` (of `only` when given): their deals and the room's rake."""
    hands = PokerHand.objects.filter(casino=casino, gaming_day__lte=before)
    if only is not None:
        hands = hands.filter(gaming_day__in=list(only))
    return list(hands.values_list("gaming_day").order_by("-gaming_day")
                .annotate(hands=Count("id"), rake=Sum("rake_declared"))[:count])


@dataclass(frozen=True)
class RoomDay:
    day: datetime.date
    hands: int
    rake: Decimal
    findings: int  # the room's findings of the day that stand (not lifted by a later run)


def room_days_marked(casino: Casino, before: datetime.date, *, with_findings: bool = False,
                     count: int = 14) -> list[RoomDay]:
    """The room's last days up to `before`, each with its standing findings: the last days with deals, or, `with
    findings`, the last days with findings (a day of findings without deals, the cagnotte counted alone, too).
    Two queries; the findings are the reconciliation's, read by its own selector
    (compliance/reconciliation/poker_room.py) through compliance.hooks.POKER_FINDING_DAYS."""
    if with_findings:
        found = POKER_FINDING_DAYS(casino, before, None, count)
        dealt = {day: (hands, rake) for day, hands, rake in room_days(casino, before, count, only=found)}
        return [RoomDay(day, *dealt.get(day, (0, ZERO)), findings) for day, findings in found.items()]
    dealt = room_days(casino, before, count)
    found = POKER_FINDING_DAYS(casino, before, [day for day, _hands, _rake in dealt], count) if dealt else {}
    return [RoomDay(day, hands, rake or ZERO, found.get(day, 0)) for day, hands, rake in dealt]


def hands_page(casino: Casino, day: datetime.date, table: str | None, after: int | None, size: int = 50,
               flagged: bool = False) -> list[PokerHand]:
    """A page of the day's deals, in the order they were dealt, by key (the last id seen): no OFFSET over a day of
    thousands."""
    rows = PokerHand.objects.filter(casino=casino, gaming_day=day).defer("data")
    if table:
        rows = rows.filter(table=table)
    if flagged:
        rows = rows.exclude(flags=[])
    if after:
        rows = rows.filter(id__gt=after)
    return list(rows.order_by("id")[:size])


def hand_get(casino: Casino, day: datetime.date, number: str) -> PokerHand:
    found = PokerHand.objects.filter(casino=casino, gaming_day=day, number=number).first()
    if found is None:
        raise Http404(number)
    return found


def session_of(hand: PokerHand) -> PokerSession:
    return PokerSession.objects.select_related("game", "casino__jurisdiction").get(pk=hand.session_id)


def search_hands(user, query: Query) -> list[Hit]:
    """A deal by its id as the room's system gave it (« TH-1-20260101-00001 »), in the casinos the user sees: one
    query, by the number as typed or in capitals (an id is compared whole: the partitions' index)."""
    text = query.text
    if len(text) < 3 or " " in text:
        return []
    found = (PokerHand.objects.visible_to(user).filter(number__in={text, text.upper()}).select_related("casino")
             .only("number", "gaming_day", "table", "casino__code", "casino__name").order_by("-gaming_day"))
    kind = gettext("Main de poker")
    return [Hit(kind, hand.number, reverse("poker-hand", kwargs={"casino": hand.casino.code,
                                                                 "day": hand.gaming_day.isoformat(),
                                                                 "number": hand.number}),
                exact=True, casino=hand.casino.name, detail=gettext("Table %(table)s") % {"table": hand.table},
                day=hand.gaming_day)
            for hand in found[:PER_SEARCHER]]


# --- the séances' closes and recaves (issue 38, point 6) ------------------------------------------------------------


def caisse_left(close: SeanceClose, citation: str) -> list:
    """What a close leaves unexplained of its caisse de change (controls.caisse_problems): the page says it, the
    reconciliation reports it."""
    casino = close.casino
    return caisse_problems(close.table, Caisse(close.caisse_opened, close.caisse_counted, close.explanation, citation,
                                               casino.currency, casino.jurisdiction))


def day_closes(casino: Casino, day: datetime.date) -> dict[str, SeanceClose]:
    """The day's séances closed, by table: one query."""
    return {close.table: close for close in SeanceClose.objects.filter(casino=casino, gaming_day=day)
            .select_related("closed_by", "casino__jurisdiction")}


def day_rebuys(casino: Casino, day: datetime.date) -> list[Rebuy]:
    """The day's recaves, in their order: one query."""
    return list(Rebuy.objects.filter(session__casino=casino, session__gaming_day=day)
                .select_related("session", "recorded_by").order_by("rebought_at", "pk"))
