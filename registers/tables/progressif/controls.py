"""The progressive bet's lot (QC RJC art. 21.2 as the rule data cites it: « faire une mise progressive. La mise
progressive doit être de 1,00 $ […] 100 % du lot progressif […] Un panneau d'affichage indiquant de façon continue
le montant du lot progressif ») as a small state replayed from the carnets spéciaux, and the conditions of each of its
operations as pure functions over it: the services refuse with the first problem, the audit (checks.py) replays the
register into the same state and asks the same functions, the page and the nightly reconciliation read the same
account. No database here.

    (aucun) ─configurer→ configuré: relevés du panneau à la fermeture des séances, gains (100 % du lot, lots fixes)

The text fixes the bet (1,00 $) and the prizes (the pay table), not the lot's start value nor the part of each bet it
receives: those are the casino's data, recorded with the reference of its decision (`Lot.reference`), never cited as
an article. The account: each close's reading is the previous reading plus the contributions of the séance's bets,
less the lot's wins, plus the lot put back at its start value after each (games/rules/ambiguities.yaml
qc.blackjack.progressive.compte_du_lot). A close whose séance overlapped another of the lot's is compared at the next
close that overlaps none, the contributions summed meanwhile."""

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.utils.translation import gettext_lazy as _

from ...controls import Problem, written
from ...errors import ErrorCode
from . import errors

ZERO, CENT, HUNDRED = Decimal(0), Decimal("0.01"), Decimal(100)
ROUNDING = _("Contrôle interne du casino : contribution de chaque séance au lot arrondie au cent, la moitié au cent "
             "supérieur")
BOOKS = _("Contrôle interne du casino : lot progressif configuré une fois, son panneau relevé à la fermeture de chaque "
          "séance")
CASINO_DATA = _("donnée du casino, non fixée par le texte")


# --- what the rule data says of the bet on a day ---------------------------------------------------------------------


@dataclass(frozen=True)
class Prize:
    """A line of the bet's pay table: its hand, its label, a share of the lot (1 for « 100 % du lot progressif ») or a
    fixed amount."""

    hand: str
    label: str
    share: Decimal | None
    amount: Decimal | None
    odds: str = ""  # as the pay table prints it (« 100 % du lot progressif », « 5 000 $ »)


@dataclass(frozen=True)
class Bet:
    """The progressive bet of a game on a day: its key, its amount and article, its prizes and the pay table's
    article (the rule data's, never a literal)."""

    key: str
    stake: Decimal
    prizes: tuple[Prize, ...]
    citation: str

    def prize(self, hand) -> Prize | None:
        return next((prize for prize in self.prizes if prize.hand == hand), None)


# --- the state ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """The board read at a séance's close: the séance, its bets, the amount displayed, when the séance opened and
    closed."""

    seq: int
    table: str
    day: datetime.date
    session: int
    bets: int
    displayed: Decimal
    opened_at: datetime.datetime
    closed_at: datetime.datetime


@dataclass(frozen=True)
class Won:
    seq: int
    table: str
    day: datetime.date
    session: int
    hand: str
    amount: Decimal
    reset: Decimal | None  # the lot put back at its start value after a win of the lot; None for a fixed prize


@dataclass
class Lot:
    name: str
    seq: int
    day: datetime.date
    tables: tuple[str, ...]
    start: Decimal
    rate: Decimal  # the percentage of each bet the lot receives (the casino's data)
    reference: str  # the casino's decision that fixes the start value and the rate
    readings: dict[tuple, Reading] = field(default_factory=dict)  # (table, day, séance) → its reading
    wins: list[Won] = field(default_factory=list)


def decimal(value) -> Decimal | None:
    try:
        number = Decimal(value) if isinstance(value, str) else None
    except InvalidOperation:
        return None
    return number if number is not None and number.is_finite() else None


def _moment(value) -> datetime.datetime | None:
    try:
        return datetime.datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def session_key(table, day: datetime.date, session) -> tuple:
    return (str(table), day, session)


def configured(lots: dict[str, Lot], seq: int, day: datetime.date, payload: dict) -> None:
    start, rate = decimal(payload.get("valeur_depart")), decimal(payload.get("taux"))
    name, tables = payload.get("lot"), payload.get("tables")
    if isinstance(name, str) and isinstance(tables, list) and start is not None and rate is not None:
        lots.setdefault(name, Lot(name, seq, day, tuple(map(str, tables)), start, rate,
                                  str(payload.get("reference") or "")))


def read(lots: dict[str, Lot], seq: int, day: datetime.date, payload: dict) -> None:
    lot = lots.get(payload.get("lot")) if isinstance(payload.get("lot"), str) else None
    displayed, bets = decimal(payload.get("affiche")), payload.get("mises")
    opened, closed = _moment(payload.get("ouverte_a")), _moment(payload.get("fermee_a"))
    if lot is None or displayed is None or not isinstance(bets, int) or None in (opened, closed):
        return
    key = session_key(payload.get("table"), day, payload.get("seance"))
    lot.readings.setdefault(key, Reading(seq, str(payload.get("table")), day, payload.get("seance"), bets, displayed,
                                         opened, closed))


def won(lots: dict[str, Lot], seq: int, day: datetime.date, payload: dict) -> None:
    lot = lots.get(payload.get("lot")) if isinstance(payload.get("lot"), str) else None
    amount = decimal(payload.get("montant"))
    if lot is not None and amount is not None:
        lot.wins.append(Won(seq, str(payload.get("table")), day, payload.get("seance"), str(payload.get("main")),
                            amount, decimal(payload.get("remise_a"))))


def lot_of_table(lots: dict[str, Lot], table: str) -> Lot | None:
    return next((lot for lot in lots.values() if table in lot.tables), None)


# --- the operations -------------------------------------------------------------------------------------------------


def _books() -> str:
    return written(BOOKS)


@dataclass(frozen=True)
class Setup:
    name: str
    day: datetime.date
    tables: tuple[str, ...]
    start: Decimal | None
    rate: object  # as given
    reference: str


def rate_of(raw) -> Decimal | None:
    """A percentage of the bet above 0 and below 100, at most two places."""
    rate = decimal(str(raw)) if raw is not None else None
    if rate is None or not ZERO < rate < HUNDRED or -rate.as_tuple().exponent > 2:
        return None
    return rate


def configure_problems(lots: dict[str, Lot], proposed: Setup, known: dict[str, bool], citation: str) -> list[Problem]:
    """A lot configured once, on tables of the casino whose game has a progressive bet (`known`: {table: whether its
    game has one}), each in one lot; its start value and rate the casino's, with the reference of its decision."""
    books, problems = _books(), []
    if not proposed.name.strip():
        return [Problem("name", errors.NAME_REQUIRED, books, ErrorCode.REQUIRED)]
    if proposed.name in lots:
        return [Problem("name", errors.LOT_TWICE, books, ErrorCode.DUPLICATE,
                        {"name": proposed.name, "seq": lots[proposed.name].seq})]
    if not proposed.tables:
        problems.append(Problem("tables", errors.TABLES_REQUIRED, citation, ErrorCode.REQUIRED))
    for table in proposed.tables:
        if table not in known:
            problems.append(Problem("tables", errors.TABLE_UNKNOWN, books, ErrorCode.UNKNOWN_TABLE, {"table": table}))
        elif not known[table]:
            problems.append(Problem("tables", errors.TABLE_NO_BET, citation, ErrorCode.NOT_OFFERED, {"table": table}))
        elif (other := lot_of_table(lots, table)) is not None:
            problems.append(Problem("tables", errors.TABLE_IN_LOT, books, ErrorCode.DUPLICATE,
                                    {"table": table, "name": other.name}))
    if proposed.start is None or proposed.start <= ZERO:
        problems.append(Problem("start", errors.START_INVALID, books, ErrorCode.INVALID_AMOUNT))
    if rate_of(proposed.rate) is None:
        problems.append(Problem("rate", errors.RATE_INVALID, books, ErrorCode.INVALID,
                                {"rate": "" if proposed.rate is None else str(proposed.rate)[:20]}))
    if not proposed.reference.strip():
        problems.append(Problem("reference", errors.REFERENCE_REQUIRED, books, ErrorCode.REQUIRED))
    return problems


@dataclass(frozen=True)
class Seance:
    """The table session a reading or a win names, as its books leave it: whether it indicated the bet, whether it is
    closed (None where the caller does not know: the audit replays the carnets spéciaux only)."""

    table: str
    day: datetime.date
    number: int
    offered: bool
    closed: bool | None = True


def _lot_problems(lot: Lot | None, name: str, seance: Seance) -> list[Problem]:
    books = _books()
    if lot is None:
        return [Problem("lot", errors.LOT_UNKNOWN, books, ErrorCode.UNKNOWN_JACKPOT, {"name": name})]
    if seance.day < lot.day:
        return [Problem("session", errors.LOT_BEFORE, books, ErrorCode.WRONG_STATE,
                        {"name": name, "configured": lot.day, "day": seance.day})]
    if seance.table not in lot.tables:
        return [Problem("session", errors.TABLE_NOT_IN_LOT, books, ErrorCode.UNKNOWN_TABLE,
                        {"table": seance.table, "name": name, "tables": ", ".join(lot.tables)})]
    return []


def _seance_params(seance: Seance) -> dict:
    return {"table": seance.table, "session": seance.number, "day": seance.day}


def reading_problems(lot: Lot | None, name: str, seance: Seance, bets, displayed: Decimal | None,
                     citation: str) -> list[Problem]:
    """Art. 21.2: « Un panneau d'affichage indiquant de façon continue le montant du lot progressif »: the amount it
    displays read at the close of a séance of one of the lot's tables that indicated the bet (« À la condition que la
    table l'indique »), once a séance, with the number of bets taken."""
    problems = _lot_problems(lot, name, seance)
    if problems:
        return problems
    if not seance.offered:
        return [Problem("session", errors.NOT_OFFERED, citation, ErrorCode.NOT_OFFERED, _seance_params(seance))]
    if seance.closed is False:
        return [Problem("session", errors.NOT_CLOSED, _books(), ErrorCode.WRONG_STATE, _seance_params(seance))]
    earlier = lot.readings.get(session_key(seance.table, seance.day, seance.number))
    if earlier is not None:
        return [Problem("session", errors.READING_TWICE, _books(), ErrorCode.DUPLICATE,
                        {**_seance_params(seance), "seq": earlier.seq})]
    if isinstance(bets, bool) or not isinstance(bets, int) or bets < 0:
        problems.append(Problem("bets", errors.BETS_INVALID, _books(), ErrorCode.INVALID, {"bets": str(bets)[:20]}))
    if displayed is None or displayed <= ZERO:
        problems.append(Problem("displayed", errors.DISPLAYED_INVALID, citation, ErrorCode.INVALID_AMOUNT))
    return problems


def win_problems(lot: Lot | None, name: str, seance: Seance, bet: Bet, hand, amount: Decimal | None,
                 reset: Decimal | None, money: Callable[[Decimal], object] = str) -> list[Problem]:
    """Art. 21.2: « Les mises progressives gagnantes sont payées de la façon suivante »: a hand of the pay table at a
    séance of the lot's tables that indicated the bet; a fixed prize at its amount, a win of « 100 % du lot
    progressif » at the amount displayed, the lot then back at its start value (the casino's data)."""
    problems = _lot_problems(lot, name, seance)
    if problems:
        return problems
    if not seance.offered:
        return [Problem("session", errors.NOT_OFFERED, bet.citation, ErrorCode.NOT_OFFERED, _seance_params(seance))]
    prize = bet.prize(hand)
    if prize is None:
        return [Problem("hand", errors.HAND_UNKNOWN, bet.citation, ErrorCode.COMBINATION, {
            "hand": str(hand)[:80], "hands": ", ".join(prize.label for prize in bet.prizes)})]
    if prize.share is None:
        if amount != prize.amount:
            return [Problem("amount", errors.PRIZE_AMOUNT, bet.citation, ErrorCode.INVALID_AMOUNT, {
                "label": prize.label, "prize": money(prize.amount), "amount": money(amount) if amount else "—"})]
        return []
    if amount is None or amount <= ZERO:
        problems.append(Problem("amount", errors.LOT_WIN_AMOUNT, bet.citation, ErrorCode.INVALID_AMOUNT))
    if reset is not None and reset != lot.start:
        problems.append(Problem("reset", errors.RESET_NOT_START, lot.reference or _books(), ErrorCode.INVALID,
                                {"start": money(lot.start), "reset": money(reset)}))
    return problems


# --- the account ----------------------------------------------------------------------------------------------------


def contribution(bets: int, stake: Decimal, rate: Decimal) -> Decimal:
    """What a séance's bets add to the lot: the bets times the stake times the casino's rate, to the cent (the
    casino's rounding)."""
    return (bets * stake * rate / HUNDRED).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Line:
    """A close in the lot's account: its reading, the séance's bets' revenue and contribution, its wins of the lot and
    their resets, its fixed prizes, the lot the account expects on the board (None: compared at a later close) and
    the difference with what the board displayed."""

    reading: Reading
    revenue: Decimal
    contribution: Decimal
    won: Decimal
    reset: Decimal
    fixed: Decimal
    previous: Decimal | None
    expected: Decimal | None
    difference: Decimal | None


def _overlapped(readings: list[Reading]) -> list[bool]:
    """For each reading in the order of the closes, whether another séance of the lot was open when it closed (opened
    before, closed after): its bets were still coming to the board. One pass from the last close back."""
    flags, earliest = [], None
    for reading in reversed(readings):
        flags.append(earliest is not None and earliest < reading.closed_at)
        earliest = reading.opened_at if earliest is None else min(earliest, reading.opened_at)
    return flags[::-1]


def account(lot: Lot, stake: Decimal) -> list[Line]:
    """Each close in order: the previous compared reading (the start value before any) plus the contributions, less
    the lot's wins, plus their resets since; the difference with the board's reading."""
    readings = sorted(lot.readings.values(), key=lambda reading: (reading.closed_at, reading.seq))
    wins: dict[tuple, list[Won]] = {}
    for win in lot.wins:
        wins.setdefault(session_key(win.table, win.day, win.session), []).append(win)
    anchor, pending, lines = lot.start, ZERO, []
    for reading, overlapped in zip(readings, _overlapped(readings), strict=True):
        of_session = wins.get(session_key(reading.table, reading.day, reading.session), [])
        lot_wins = [win for win in of_session if win.reset is not None]
        added = contribution(reading.bets, stake, lot.rate)
        won_ = sum((win.amount for win in lot_wins), ZERO)
        reset = sum((win.reset for win in lot_wins), ZERO)
        fixed = sum((win.amount for win in of_session if win.reset is None), ZERO)
        pending += added - won_ + reset
        if overlapped:
            lines.append(Line(reading, reading.bets * stake, added, won_, reset, fixed, None, None, None))
            continue
        expected = anchor + pending
        lines.append(Line(reading, reading.bets * stake, added, won_, reset, fixed, anchor, expected,
                          reading.displayed - expected))
        anchor, pending = reading.displayed, ZERO
    return lines


@dataclass(frozen=True)
class Totals:
    revenue: Decimal
    contributions: Decimal
    won: Decimal
    reset: Decimal
    fixed: Decimal

    @property
    def house(self) -> Decimal:
        """The bets' revenue less the lot's contributions and the fixed prizes paid."""
        return self.revenue - self.contributions - self.fixed


def totals(lines: list[Line]) -> Totals:
    return Totals(*(sum((getattr(line, name) for line in lines), ZERO)
                    for name in ("revenue", "contribution", "won", "reset", "fixed")))


def differences(lot: Lot, stake: Decimal) -> list[Line]:
    """The closes whose board's reading is not the account's: the nightly reconciliation's findings."""
    return [line for line in account(lot, stake) if line.difference]
