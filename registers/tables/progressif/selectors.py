"""What the progressive bet's lot reads (QC RJC art. 21.2 as the rule data cites it): the bet as the rule data gives it
for a game (the bet whose pay table pays a share of a progressive lot, its amount from the table's spots), the casino's
lots as its carnets spéciaux leave them (one query), the closed séances still to read, and each lot's account."""

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Exists, OuterRef

from compliance.errors import DomainError
from compliance.models import Casino
from games.models import BetType, PayoutKind
from games.selectors import paytable_at

from ...chain.selectors import standing
from ...kinds import EntryKind, RegisterKind
from ...models import Entry, GamingTable, Slip, SlipKind, TableSession
from .. import limits
from ..selectors import session_get
from .controls import Bet, Line, Lot, Prize, Totals, account, configured, read, session_key, totals, won

FEATURE = "tables.lot_progressif"  # the jurisdiction's profile says where the texts give a progressive bet
KINDS = {EntryKind.PROGRESSIVE_LOT: configured, EntryKind.PROGRESSIVE_READING: read, EntryKind.PROGRESSIVE_WIN: won}


def bet_key(game: str) -> str | None:
    """The bet of `game` whose pay table pays a share of a progressive lot (« 100 % du lot progressif »), if any."""
    return (BetType.objects.filter(game__key=game, paytable__versions__lines__payout_kind=PayoutKind.PROGRESSIVE_SHARE)
            .values_list("key", flat=True).first())


def bet_of(casino: Casino, game: str, day: datetime.date) -> Bet | None:
    """The progressive bet of `game` on `day`: its amount and its pay table as the rule data gives them; None where
    the game has none in force."""
    key = bet_key(game)
    if key is None:
        return None
    spot = limits.spot_rules(casino, game, day).get(key)
    paytable = BetType.objects.filter(game__key=game, key=key).values_list("paytable__key", flat=True).first()
    try:
        table = paytable_at(key=paytable, on=day, drafts=True)
    except DomainError:
        return None
    if spot is None or spot.value is None:
        return None
    prizes = tuple(Prize(line["hand"] or str(line["position"]), line["label"],
                         Decimal(line["parsed"]["share"]) if line["parsed"]["kind"] == PayoutKind.PROGRESSIVE_SHARE
                         else None,
                         Decimal(line["parsed"]["amount"]) if line["parsed"]["kind"] == PayoutKind.FIXED else None,
                         line["odds"] or "")
                   for line in table["lines"])
    return Bet(key, spot.value, prizes, table["citation"]["text"])


def games_with_bet(casino: Casino) -> dict[str, bool]:
    """{table: whether its game has a progressive bet} of the casino's tables: two queries."""
    tables = list(GamingTable.objects.filter(casino=casino).values_list("number", "game__key"))
    games = set(BetType.objects.filter(game__key__in={game for _, game in tables},
                                       paytable__versions__lines__payout_kind=PayoutKind.PROGRESSIVE_SHARE)
                .values_list("game__key", flat=True))
    return {number: game in games for number, game in tables}


def any_bet(casino: Casino, known: dict[str, bool], day: datetime.date) -> Bet | None:
    """The progressive bet of the first of the casino's tables whose game has one (`known`: games_with_bet), shown
    before any lot is configured: one query, then the bet's."""
    game = (GamingTable.objects.filter(casino=casino, number__in=[table for table, has in known.items() if has])
            .values_list("game__key", flat=True).first())
    return bet_of(casino, game, day) if game else None


def session_of(casino: Casino, pk) -> TableSession:
    """One of the casino's séances (another casino's is a 404, as any object outside the caller's scope)."""
    return session_get(casino, pk)


def lots_apply(lots: dict[str, Lot], kind: str, seq: int, day: datetime.date, payload: dict) -> None:
    KINDS[kind](lots, seq, day, payload)


def lots_of(casino: Casino) -> dict[str, Lot]:
    """The casino's lots as its carnets spéciaux leave them, in their order: one query."""
    lots: dict[str, Lot] = {}
    entries = Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CARNETS_SPECIAUX,
                                   kind__in=list(KINDS))
    for kind, seq, day, payload in standing(entries).order_by("seq").values_list("kind", "seq", "gaming_day",
                                                                               "payload"):
        lots_apply(lots, kind, seq, day, json.loads(payload))
    return lots


@dataclass(frozen=True)
class LotAccount:
    lot: Lot
    bet: Bet | None
    lines: list[Line]
    totals: Totals


def accounts(casino: Casino, lots: dict[str, Lot], day: datetime.date) -> list[LotAccount]:
    """Each lot with its bet on `day` (its first table's game) and its account."""
    found = []
    games = dict(GamingTable.objects.filter(casino=casino).values_list("number", "game__key"))
    for lot in sorted(lots.values(), key=lambda lot: lot.name):
        game = next((games[table] for table in lot.tables if table in games), None)
        bet = bet_of(casino, game, day) if game else None
        lines = account(lot, bet.stake) if bet else []
        found.append(LotAccount(lot, bet, lines, totals(lines)))
    return found


def citation_of(casino: Casino, lots: dict[str, Lot], day: datetime.date) -> str:
    """The citation of the bet of the first lot's first table's game on `day` (the rule data's), "" without one."""
    tables = [table for lot in sorted(lots.values(), key=lambda lot: lot.name) for table in lot.tables]
    bet = any_bet(casino, dict.fromkeys(tables[:1], True), day) if tables else None
    return bet.citation if bet else ""


def seance_of(session: TableSession, bet: str | None) -> tuple[bool, bool]:
    """(whether the séance indicated the bet, whether it is closed)."""
    closed = Slip.objects.filter(session=session, kind=SlipKind.CLOSING, void__isnull=True).exists()
    return bool(bet and bet in (session.options or {})), closed


def closed_at(session: TableSession) -> datetime.datetime | None:
    slip = Slip.objects.filter(session=session, kind=SlipKind.CLOSING, void__isnull=True).order_by("-id").first()
    return slip.recorded_at if slip else None


def to_read(casino: Casino, lots: dict[str, Lot], since: datetime.date) -> list[TableSession]:
    """The closed séances since `since` of the lots' tables that indicated the bet and whose board is not read yet: one
    query, the options filtered here."""
    tables = {table: lot for lot in lots.values() for table in lot.tables}
    if not tables:
        return []
    closing = Slip.objects.filter(session=OuterRef("pk"), kind=SlipKind.CLOSING, void__isnull=True)
    sessions = (TableSession.objects.filter(table__casino=casino, table__number__in=list(tables),
                                            gaming_day__gte=since).filter(Exists(closing))
                .select_related("table__game").order_by("-gaming_day", "table__number", "number"))
    keys = _bets(casino, tables)
    return [session for session in sessions
            if keys.get(session.table.number) in (session.options or {})
            and session_key(session.table.number, session.gaming_day, session.number)
            not in tables[session.table.number].readings]


def _bets(casino: Casino, tables: dict) -> dict[str, str | None]:
    games = dict(GamingTable.objects.filter(casino=casino, number__in=list(tables)).values_list("number", "game__key"))
    keys = {game: bet_key(game) for game in set(games.values())}
    return {table: keys[game] for table, game in games.items()}


def recent(casino: Casino, lots: dict[str, Lot], since: datetime.date) -> list[TableSession]:
    """The séances since `since` of the lots' tables that indicated the bet, open or closed (a win is filed as it is
    paid): one query, the options filtered here."""
    tables = {table for lot in lots.values() for table in lot.tables}
    if not tables:
        return []
    keys = _bets(casino, {table: None for table in tables})
    sessions = (TableSession.objects.filter(table__casino=casino, table__number__in=list(tables),
                                            gaming_day__gte=since)
                .select_related("table").order_by("-gaming_day", "table__number", "-number"))
    return [session for session in sessions if keys.get(session.table.number) in (session.options or {})]
