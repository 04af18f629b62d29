"""What the poker room's pages show beyond the selectors' sums: the rooms a user sees, and a deal replayed laid out
for reading — its seats, its streets action by action, its pots ours beside the room's, its flags and what they mean.
The deal's amounts are whole cents (games/poker/hand.py); they are turned into Decimals here, for the `money` filter.
"""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance import selectors as compliance_selectors
from compliance.models import Casino, User
from games.hands.cards import RANKS, SUIT_SYMBOLS, rank, suit
from games.poker import compact
from games.poker import hand as deal
from games.poker.replay import Outcome, replay

from ..models import PokerHand, PokerSession
from . import rules, selectors

CENTS = Decimal(100)
VARIANTS = {deal.HOLDEM: _("Texas hold'em"), deal.OMAHA: _("Omaha"), deal.OMAHA_HILO: _("Omaha high-low")}
VERSIONS = {deal.LIMIT: _("limit"), deal.POT_LIMIT: _("pot-limit"), deal.NO_LIMIT: _("no-limit")}
STREETS = {"preflop": _("Avant le flop"), "flop": _("Flop"), "turn": _("Turn"), "river": _("River"),
           "showdown": _("Abattage")}
ACTIONS = {
    deal.POST_SMALL_BLIND: _("small blind"), deal.POST_BIG_BLIND: _("big blind"), deal.POST_OPTION: _("option"),
    deal.POST_ANTE: _("ante"), deal.POST_DEAD: _("blind morte"), deal.FOLD: _("se couche"),
    deal.CHECK: _("parole"), deal.CALL: _("suit"), deal.BET: _("mise"), deal.RAISE: _("relance"),
    deal.SHOW: _("montre"), deal.MUCK: _("jette ses cartes"), "returned": _("mise non suivie rendue"),
}
# The codes a deal is flagged with (the replay's irregularities, the session's checks), and what each means.
FLAGS = {
    "rake_declared": (_("Retenue déclarée ≠ retenue recalculée"),
                      _("La salle a prélevé une autre retenue que celle que le taux et le plafond de la séance "
                        "donnent sur ces pots.")),
    "rake_above_legal": (_("Retenue au-delà du maximum légal"),
                         _("La retenue déclarée dépasse le maximum que la loi permet sur la cagnotte de la partie.")),
    "drop_declared": (_("Incréments de jackpot déclarés ≠ recalculés"),
                      _("La salle a versé aux jackpots d'autres montants que ceux que leurs incréments donnent.")),
    "wins": (_("Gains autres que ceux des cartes"),
             _("Les pots ont été payés à d'autres joueurs, ou d'autres montants, que ce que les cartes montrées "
               "donnent.")),
    "raise_size": (_("Relance hors des limites de la version"),
                   _("Une mise ou une relance est plus petite ou plus grande que la version de jeu ne le permet.")),
    "blinds": (_("Blinds autres que celles de la séance"),
               _("Les blinds de la main ne sont pas celles que la séance a fixées.")),
    "stack_break": (_("Tapis diminué entre deux mains"),
                    _("Le joueur commence la main avec moins que ce que la main précédente lui a laissé : un montant "
                      "a été retiré de son avoir entre les deux mains.")),
    "stack_gap": (_("Tapis diminué entre deux mains"),
                  _("Le joueur commence la main avec moins que ce que la main précédente lui a laissé.")),
    "version": (_("Version autre que celle de la séance"),
                _("La main est jouée dans une autre version (limit, pot-limit, no-limit) que celle de la séance.")),
}


def session_label(session: PokerSession) -> str:
    """« Texas hold'em no-limit »."""
    return f"{VARIANTS.get(session.variant, session.variant)} {VERSIONS.get(session.version, session.version)}"


def money(cents: int | None) -> Decimal | None:
    return None if cents is None else Decimal(cents) / CENTS


def rooms(user: User) -> QuerySet[Casino]:
    """The casinos of the user's scope that keep a poker room (one session opened or more)."""
    return compliance_selectors.casino_list(user=user).filter(
        Exists(PokerSession.objects.filter(casino=OuterRef("pk")))).order_by("name")


def last_day(casino: Casino, today: datetime.date) -> datetime.date:
    """The last gaming day with deals, else today."""
    days = selectors.room_days(casino, today, count=1)
    return days[0][0] if days else today


DETAILS = {"declared": _("déclaré"), "ours": _("recalculé"), "legal_max": _("maximum légal"), "jackpot": _("jackpot"),
           "hand": _("main"), "session": _("séance"), "pot": _("pot"), "action": _("action n°"), "player": _("joueur"),
           "street": _("rue"), "to": _("porté à"), "limit": _("limite"), "reason": _("motif"), "kind": _("mise"),
           "posted": _("posé"), "expected": _("attendu"), "previous": _("main précédente"), "seat": _("place"),
           "stack": _("tapis au début")}
JACKPOTS = {"progressive": _("progressif"), "bad_beat": _("bad beat")}
MONEY_DETAILS = ("declared", "ours", "legal_max", "to", "limit", "posted", "expected", "stack")


def _shown(casino: Casino, cents) -> str:
    return formatting.money(money(int(cents)), currency=casino.currency, jurisdiction=casino.jurisdiction)


def _detail(casino: Casino, code: str, key: str, value) -> str:
    """A flag's detail as its reader writes it: amounts in the currency, a pot's payments « player amount »."""
    try:
        if code == "wins" and key in ("declared", "ours"):
            paid = [part.rpartition("=") for part in str(value).split(", ") if part]
            return ", ".join(f"{player} {_shown(casino, amount)}" for player, _sep, amount in paid) or "—"
        if code == "blinds" and key in ("hand", "session"):
            return " / ".join(_shown(casino, part) for part in str(value).split("/"))
        if key in MONEY_DETAILS or (key == "pot" and code == "rake_above_legal"):
            return _shown(casino, value)
    except (ValueError, ArithmeticError):
        return str(value)
    if key == "action" and isinstance(value, int):
        return str(value + 1)
    if key == "pot":
        return str(_("principal")) if str(value) == "0" else str(_("secondaire %(n)s") % {"n": value})
    return str({**JACKPOTS, **VERSIONS, **STREETS, **ACTIONS}.get(value, value))


def flag_labels(flags: list, casino: Casino) -> list[dict]:
    """A deal's flags ([code, cents, detail]) with their label, their meaning and their detail."""
    shown = []
    for code, cents, detail in flags:
        label, meaning = FLAGS.get(code, (code, ""))
        shown.append({"code": code, "label": label, "meaning": meaning, "amount": money(cents) if cents else None,
                      "detail": [(DETAILS.get(key, key), _detail(casino, code, key, value))
                                 for key, value in (detail or {}).items()]})
    return shown


@dataclass(frozen=True)
class Card:
    rank: str
    symbol: str
    red: bool
    code: str


def cards(values) -> list[Card]:
    return [Card("10" if RANKS[rank(value)] == "T" else RANKS[rank(value)], SUIT_SYMBOLS[suit(value)],
                 suit(value) in (1, 2), RANKS[rank(value)] + "cdhs"[suit(value)]) for value in values or ()]


@dataclass
class SeatLine:
    seat: int
    player: str
    stack: Decimal
    after: Decimal
    cards: list[Card]
    button: bool
    put: Decimal

    @property
    def net(self) -> Decimal:
        return self.after - self.stack


@dataclass
class StepLine:
    kind: str
    label: str
    player: str
    amount: Decimal | None
    pot: Decimal
    stack: Decimal | None
    all_in: bool = False
    cards: list[Card] = field(default_factory=list)


@dataclass
class StreetLine:
    street: str
    label: str
    board: list[Card]
    steps: list[StepLine]


@dataclass
class WinLine:
    player: str
    ours: Decimal | None
    theirs: Decimal | None
    odd_chip: bool = False

    @property
    def differs(self) -> bool:
        return (self.ours or 0) != (self.theirs or 0)


@dataclass
class PotLine:
    number: int
    amount: Decimal
    eligible: list[str]
    rake: Decimal
    rake_declared: Decimal | None
    progressive: Decimal
    progressive_declared: Decimal | None
    bad_beat: Decimal
    bad_beat_declared: Decimal | None
    wins: list[WinLine]
    odd_chip: Decimal | None

    @property
    def odd_names(self) -> list[str]:
        return [win.player for win in self.wins if win.odd_chip]

    @property
    def rake_differs(self) -> bool:
        return self.rake_declared is not None and self.rake != self.rake_declared

    @property
    def progressive_differs(self) -> bool:
        return self.progressive_declared is not None and self.progressive != self.progressive_declared

    @property
    def bad_beat_differs(self) -> bool:
        return self.bad_beat_declared is not None and self.bad_beat != self.bad_beat_declared


@dataclass
class Replayed:
    row: PokerHand
    hand: deal.Hand
    session: PokerSession
    outcome: Outcome
    seats: list[SeatLine]
    streets: list[StreetLine]
    pots: list[PotLine]
    board: list[Card]
    flags: list[dict]
    returned: list[tuple[str, Decimal]]

    @property
    def rake(self) -> Decimal:
        return money(self.outcome.rake)

    @property
    def rake_declared(self) -> Decimal:
        return money(self.outcome.declared_rake)

    @property
    def legal_max(self) -> Decimal | None:
        return money(self.outcome.legal_max_rake)


def _odd_chips(ours: dict[str, int], chip: int) -> set[str]:
    """The players a split pot gave one chip more than the others: the odd chips, as the rules of the split give
    them (to the nearest the button, or the high hand's half in high-low)."""
    shares = [amount for amount in ours.values() if amount]
    if len(shares) < 2 or max(shares) == min(shares) or max(shares) - min(shares) > chip:
        return set()
    return {player for player, amount in ours.items() if amount == max(shares)}


def _pots(outcome: Outcome, chip: int) -> list[PotLine]:
    lines = []
    for pot in outcome.pots:
        declared = pot.declared
        theirs = {}
        for player, amount in (declared.wins if declared else ()):
            theirs[player] = theirs.get(player, 0) + amount
        odd = _odd_chips(pot.wins, chip)
        players = [p for p in pot.eligible if p in pot.wins or p in theirs] + \
            [p for p in {**pot.wins, **theirs} if p not in pot.eligible]
        wins = [WinLine(player, money(pot.wins.get(player)), money(theirs.get(player)), player in odd)
                for player in players if pot.wins.get(player) or theirs.get(player)]
        lines.append(PotLine(
            pot.number, money(pot.amount), list(pot.eligible), money(pot.rake), money(declared.rake) if declared
            else None, money(pot.progressive), money(declared.progressive) if declared else None,
            money(pot.bad_beat), money(declared.bad_beat) if declared else None, wins,
            money(chip) if odd else None))
    return lines


def _streets(hand: deal.Hand, outcome: Outcome) -> list[StreetLine]:
    streets: list[StreetLine] = []
    for step in outcome.steps:
        if not streets or streets[-1].street != step.street:
            streets.append(StreetLine(step.street, STREETS.get(step.street, step.street), [], []))
        line = streets[-1]
        if step.kind == "street":
            line.board = cards(step.cards)
            continue
        action = hand.actions[step.action] if step.action is not None else None
        shown = step.cards or (action.cards if action is not None else ())
        line.steps.append(StepLine(step.kind, ACTIONS.get(step.kind, step.kind), step.player,
                                   money(step.amount) if step.amount else None, money(step.pot), money(step.stack),
                                   bool(action and action.all_in), cards(shown)))
    return streets


def hand_replayed(casino: Casino, day: datetime.date, number: str) -> Replayed:
    """A deal of the day, replayed with its session's rules: 404 when the casino has no such deal that day."""
    row = selectors.hand_get(casino, day, number)
    hand = compact.load(row.data)
    session = selectors.session_of(row)
    increment = selectors.progressive_increments(casino).at(row.table, day)
    session_rules = rules.session_rules(session, increment)
    outcome = replay(hand, session_rules, trace=True)
    known = {seat.player: seat.cards for seat in hand.seats}
    for action in hand.actions:
        if action.cards:
            known[action.player] = action.cards
    seats = [SeatLine(seat.seat, seat.player, money(seat.stack), money(outcome.stacks_after.get(seat.player,
                                                                                                  seat.stack)),
                      cards(known.get(seat.player)), seat.seat == hand.button,
                      money(outcome.contributions.get(seat.player, 0)))
             for seat in hand.seats]
    return Replayed(row, hand, session, outcome, seats, _streets(hand, outcome), _pots(outcome, session_rules.chip),
                    cards(hand.board), flag_labels(row.flags, casino),
                    [(player, money(amount)) for player, amount in outcome.returned.items()])


def seances_shown(casino: Casino, day: datetime.date, tables: list, closes: dict) -> None:
    """Each table of the day gets its séance's opening counts (the first session's caisse de change and initial cave),
    its close (`seance_close`) and what the close leaves unexplained (`caisse_left`: text, citation), and its
    recaves: two queries whatever the tables, one rule value per game."""
    rebuys: dict[str, list] = {}
    for rebuy in selectors.day_rebuys(casino, day):
        rebuys.setdefault(rebuy.session.table, []).append(rebuy)
    for table in tables:
        first = table.sessions[0] if table.sessions else None
        table.caisse = first.caisse if first is not None else None
        table.cave = first.cave if first is not None else None
        table.seance_close = closes.get(table.table)
        table.rebuys = rebuys.get(table.table, [])
        table.caisse_left = []
        if table.seance_close is not None and first is not None:
            citation = rules.caisse_cited(casino, first.game.key, day)
            table.caisse_left = [(problem.text(casino.jurisdiction), problem.citation)
                                 for problem in selectors.caisse_left(table.seance_close, citation)]
