"""The demo's progressive lot (QC RJC art. 21.2), through the services: Lac-Bleu's management configures a lot on BJ-01
five days ago, with the start value and rate of its own decision; each day since, BJ-01 opens a second séance that
indicates the progressive bet (after its day's first, taken over from the table system's export), pays its winning
bets (fixed prizes; three days ago 100 % of the lot, which then restarts at its start value), closes with its
inventory carried and its drop counted, and the board is read at the close. One reading is planted: two days ago the
board showed 25,00 $ less than the lot's account, which the nightly reconciliation finds."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from compliance.models import Casino, User

from ...models import GamingTable, Slip, SlipKind
from ..services import drop_count, session_close, session_open
from .controls import contribution
from .services import lot_configure, progressive_reading_file, progressive_win_file

SIGNED = {"croupier": "Croupier", "superviseur": "Chef de salle"}
COUNTED = {"compteur_1": "Compteur A", "compteur_2": "Compteur B"}
NAME = "Progressif Blackjack"
START, RATE, STAKE = Decimal("10000.00"), Decimal("20"), Decimal("1.00")
REFERENCE = ("Décision de la direction du Casino du Lac-Bleu n° DIR-2026-41 : valeur de départ du lot progressif "
             "et part de chaque mise versée au lot")


@dataclass(frozen=True)
class Day:
    back: int  # days ago
    bets: int
    wins: tuple = ()  # (hand, bets taken before it): a fixed prize, or 100 % of the lot
    short: Decimal = Decimal(0)  # what the board shows less than the account (the planted reading)


LOT_HAND = "suited_ace_to_five_first_5"  # the pay table's « As-2-3-4-5, même couleur » (its `hand`)
# (casino, table) → its days
DAYS = {("lac-bleu", "BJ-01"): (
    Day(5, 320), Day(4, 280, (("suited_blackjack_first_2", 120),)), Day(3, 400, ((LOT_HAND, 150),)),
    Day(2, 360, (("pair_tens_or_better_first_2", 90),), short=Decimal("25.00")),
    Day(1, 300, (("suited_ace_jack_first_2", 200),)))}


def _closing(table: GamingTable, day: datetime.date) -> Decimal:
    """The day's first séance's closing inventory (the export's), which the second séance opens and closes on."""
    return Slip.objects.filter(session__table=table, session__gaming_day=day, kind=SlipKind.CLOSING) \
        .order_by("-session__number").values_list("amount", flat=True).first()


def progressive_seances(casino: Casino, manager: User, cashier: User, today: datetime.date, counted) -> list[str]:
    """The lot configured, then each day's second séance with its wins and its board read at the close (before
    today's tables open: a table opens again only once its latest séance is closed)."""
    done = []
    for (code, number), days in DAYS.items():
        if code != casino.code:
            continue
        table = GamingTable.objects.get(casino=casino, number=number)
        first = today - datetime.timedelta(days=days[0].back)
        lot_configure(casino=casino, actor=manager, name=NAME, tables=[number], start=str(START), rate=str(RATE),
                      reference=REFERENCE, gaming_day=first)
        board = START
        for day in days:
            board = _seance(table, manager, cashier, today - datetime.timedelta(days=day.back), day, board, counted)
        done.append(f"{number}: lot « {NAME} » over {len(days)} séances, the board at {board}")
    return done


def _seance(table: GamingTable, manager: User, cashier: User, day: datetime.date, plan: Day, board: Decimal,
            counted) -> Decimal:
    """One second séance: opened with the bet, its wins paid, closed, counted, its board read; what the board shows."""
    inventory = _closing(table, day)
    session = session_open(table=table, actor=manager, gaming_day=day, minimum="15", maximum="1000",
                           denominations=counted(inventory), signatures=SIGNED,
                           spots={"progressive": {"minimum": "1", "maximum": "1"}}, options={"progressive": True})
    lot = board
    for hand, before in plan.wins:
        if hand == LOT_HAND:  # the lot as the board shows it then: the bets taken so far added
            won = lot + contribution(before, STAKE, RATE)
            progressive_win_file(session=session, actor=cashier, lot=NAME, hand=hand, amount=str(won))
            lot = START - contribution(before, STAKE, RATE)  # the rest of the séance's bets count from the start
        else:
            progressive_win_file(session=session, actor=cashier, lot=NAME, hand=hand)
    session_close(session=session, actor=cashier, denominations=counted(inventory), signatures=SIGNED)
    drop_count(session=session, actor=cashier, amount="0.00", denominations={}, signatures=COUNTED)
    shown = lot + contribution(plan.bets, STAKE, RATE) - plan.short
    progressive_reading_file(session=session, actor=cashier, lot=NAME, bets=plan.bets, displayed=str(shown))
    return shown
