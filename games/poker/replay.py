"""The replay of a poker deal, a pure function of the deal and the room's rules: its actions checked in turn and
adding up (games/poker/betting.py), the uncalled bet given back before anything is taken, the pots made from what
each player put in (games.poker.pots.pots), the rake and the jackpot drops taken from them (games/poker/levies.py),
the winners found from the cards shown (games/poker/showdown.py), and all of it reconciled with what the room
declares it did with each pot.

A deal that cannot have been played, or whose declared pots are not the ones the actions make or do not add up, is
refused with a HandError; what only differs from what the rules give (the rake, the drops, who was paid, a raise or
a blind of the wrong size) is reported as an Irregularity, the money following the room's declaration.

`settle` is the honest room: what it declares for a deal whose actions are given, our pots, rake, drops and wins,
the odd chips to the players nearest the button. The simulator makes its deals' declarations with it."""

from .betting import PREFLOP, RIVER, Walk, walk
from .hand import OMAHA, OMAHA_HILO, DeclaredPot, Hand
from .levies import legal_max, levies
from .outcome import (
    ACTIONS_DONT_ADD_UP,
    BAD_DEAL,
    CODES,
    DROP_DECLARED,
    OUT_OF_TURN,
    POT_MISMATCH,
    RAKE_ABOVE_LEGAL,
    RAKE_DECLARED,
    WINS,
    HandError,
    Irregularity,
    JackpotRule,
    Outcome,
    PotOutcome,
    Rules,
    Step,
)
from .pots import pots
from .refusals import money as _money
from .showdown import award

__all__ = ["ACTIONS_DONT_ADD_UP", "BAD_DEAL", "CODES", "OUT_OF_TURN", "POT_MISMATCH", "HandError", "Irregularity",
           "JackpotRule", "Outcome", "PotOutcome", "Rules", "Step", "replay", "settle"]

_new = tuple.__new__  # the outcomes without NamedTuple.__new__'s keyword machinery: one per deal and pot replayed


class _Pot:
    """One pot as we make it, before any comparison with the room's."""

    __slots__ = ("amount", "eligible", "contenders", "rake", "progressive", "bad_beat")

    def __init__(self, amount: int, eligible: tuple[str, ...], contenders: list[str]):
        self.amount, self.eligible = amount, eligible  # eligible in seat order
        self.contenders = contenders  # who may still win it, from the button's left: the eligible who did not give up
        self.rake = self.progressive = self.bad_beat = 0


class _Reckoning:
    """A deal walked through and its pots made and levied, before any comparison with the room's word."""

    __slots__ = ("hand", "rules", "walk", "names", "pots", "cards")

    def __init__(self, hand: Hand, rules: Rules, trace: bool = False):
        self.hand, self.rules = hand, rules
        self.walk = played = walk(hand, trace, rules.raise_minimums, rules.straddle_allowed)
        self.names = names = [seat.player for seat in played.order]
        n = len(names)
        folded = [names[q] for q in range(n) if played.folded[q]]
        put = {names[q]: chips for q, chips in enumerate(played.put) if chips or not played.folded[q]}  # no folded 0
        made: list[tuple[int, tuple[str, ...]]] = [(pot.amount, pot.eligible)
                                                   for pot in pots(put, folded, played.in_seat_order)]
        dead = sum(played.dead)
        if dead:  # dead money goes to the pot every live player shares, however short some of them are
            live = tuple(player for player in played.in_seat_order if player not in folded)
            if made and made[0][1] == live:
                made[0] = (made[0][0] + dead, live)
            else:
                made.insert(0, (dead, live))
        given_up = [names[q] for q in range(n) if played.mucked[q]]
        self.pots: list[_Pot] = []
        found = self.pots
        for amount, eligible in made:
            contenders = [player for player in names if player in eligible and player not in given_up]
            found.append(_Pot(amount, eligible, contenders or [p for p in names if p in eligible]))
        if rules.rate or rules.progressive or rules.bad_beat:
            raked = not (rules.no_flop_no_drop and played.reached == PREFLOP)  # the house's « no flop, no drop »
            for pot, taken in zip(found, levies([pot.amount for pot in found], rules, raked), strict=True):
                pot.rake, pot.progressive, pot.bad_beat = taken
        self.cards: dict[str, tuple[int, ...]] | None = None

    def wins(self, pot: _Pot, amount: int) -> dict[str, int] | None:
        """`amount` of the pot to its winners, or None when the cards to decide it are not known."""
        contenders = pot.contenders
        if len(contenders) == 1:
            return {contenders[0]: amount}
        if self.hand.runs:
            boards = self.boards(pot, amount)
            if boards is None:
                return None
            total: dict[str, int] = {}
            for won in boards:
                for player, part in won.items():
                    total[player] = total.get(player, 0) + part
            return total
        return self._award(pot, amount, self.hand.board)

    def boards(self, pot: _Pot, amount: int) -> list[dict[str, int]] | None:
        """The pot run twice or three times: each board's equal share in whole chips, what does not divide to the
        first board, awarded on that board; None when the cards to decide it are not known."""
        boards = (self.hand.board, *self.hand.runs)
        chip = self.rules.chip
        each = amount // chip // len(boards) * chip
        shares = [amount - each * (len(boards) - 1)] + [each] * (len(boards) - 1)
        if len(pot.contenders) == 1:
            return [{pot.contenders[0]: share} for share in shares]
        won = [self._award(pot, share, board) for share, board in zip(shares, boards, strict=True)]
        return None if None in won else won  # type: ignore[return-value]

    def _award(self, pot: _Pot, amount: int, board: tuple[int, ...]) -> dict[str, int] | None:
        contenders, cards = pot.contenders, self.cards
        if cards is None:
            self.cards = cards = {self.names[q]: hole for q, hole in enumerate(self.walk.cards) if hole}
        if self.walk.reached < RIVER or any(player not in cards for player in contenders):
            return None
        hand = self.hand
        return award(amount, contenders, cards, board, hand.game in (OMAHA, OMAHA_HILO),
                     self.rules.hilo or hand.game == OMAHA_HILO, self.rules.chip, self.rules.odd_chips)


def _mismatch(number: int | None, fr: str, en: str) -> HandError:
    if number is None:
        return HandError(POT_MISMATCH, fr, en, field="pots")
    name_fr, name_en = ("pot principal", "main pot") if number == 0 else (f"pot extérieur {number}",
                                                                          f"side pot {number}")
    return HandError(POT_MISMATCH, f"{name_fr} : {fr}", f"{name_en}: {en}", field="pots")


def _before_rake(hand: Hand, declared: tuple[DeclaredPot, ...], ours: list[_Pot]) -> tuple[DeclaredPot, ...]:
    """The pots a room writes after its rake (Hand.after_rake) as they were before it: each pot's rake is what it
    lacks of the actions' pot (less the drops declared on it), and together they make the rake declared."""
    money, whole = hand.currency, sum(pot.rake for pot in declared)
    found = []
    for number, (pot, mine) in enumerate(zip(declared, ours, strict=True)):
        rake = mine.amount - pot.amount - pot.progressive - pot.bad_beat
        if rake < 0:
            raise _mismatch(number, f"écrit après retenue {_money(pot.amount, money)}, plus que les actions n'y "
                            f"mettent ({_money(mine.amount, money)})", f"written after rake "
                            f"{_money(pot.amount, money)}, more than the actions put in ({_money(mine.amount, money)})")
        found.append(DeclaredPot(pot.number, mine.amount, rake, pot.progressive, pot.bad_beat, pot.wins, pot.boards))
    if sum(pot.rake for pot in found) != whole:
        taken = sum(pot.rake for pot in found)
        raise _mismatch(None, f"les pots écrits après retenue ont perdu {_money(taken, money)}, la retenue déclarée "
                        f"est de {_money(whole, money)}", f"the pots written after rake lost {_money(taken, money)}, "
                        f"the rake declared is {_money(whole, money)}")
    return tuple(found)


def _check_declared(hand: Hand, ours: list[_Pot]) -> tuple[tuple[DeclaredPot, ...], list[int]]:
    """The room's pots in order, refused unless they are ours in number and amounts and each adds up; with what of
    each the room kept for players who cashed out (Hand.cash_outs)."""
    declared = hand.pots
    if any(pot.number != number for number, pot in enumerate(declared)):
        declared = tuple(sorted(declared, key=lambda pot: pot.number))
    if len(declared) != len(ours):
        raise _mismatch(None, f"la salle déclare {len(declared)} pot(s), les actions en font {len(ours)}",
                        f"the room declares {len(declared)} pot(s), the actions make {len(ours)}")
    if hand.after_rake:
        declared = _before_rake(hand, declared, ours)
    cashed, gaps = {cash.player for cash in hand.cash_outs}, []
    for number, pot in enumerate(declared):
        mine, money = ours[number], hand.currency
        if pot.number != number:
            numbers = [pot.number for pot in declared]
            raise _mismatch(None, f"pots numérotés {numbers}", f"pots numbered {numbers}")
        if pot.amount != mine.amount:
            raise _mismatch(number, f"déclaré {_money(pot.amount, money)}, les actions donnent "
                            f"{_money(mine.amount, money)}", f"declared {_money(pot.amount, money)}, the actions "
                            f"give {_money(mine.amount, money)}")
        paid = least = 0
        for player, amount in pot.wins:
            paid += amount
            least = min(least, amount)
            if player not in mine.eligible:
                raise _mismatch(number, f"« {player} » est payé sans pouvoir le gagner",
                                f"{player} is paid but cannot win it")
        levied = pot.rake + pot.progressive + pot.bad_beat
        gap = pot.amount - paid - levied  # what the room kept for a player who cashed out
        if least < 0 or min(pot.rake, pot.progressive, pot.bad_beat) < 0 or gap and (
                gap < 0 or not cashed.intersection(mine.eligible)):
            raise _mismatch(number, f"gains {_money(paid, money)}, cagnotte {_money(pot.rake, money)} et jackpots "
                            f"{_money(levied - pot.rake, money)} ne font pas {_money(pot.amount, money)}",
                            f"wins {_money(paid, money)}, rake {_money(pot.rake, money)} and jackpots "
                            f"{_money(levied - pot.rake, money)} do not make {_money(pot.amount, money)}")
        gaps.append(gap)
    kept = sum(cash.kept for cash in hand.cash_outs)
    if sum(gaps) != kept:
        raise _mismatch(None, f"la salle garde {_money(sum(gaps), money)} des pots pour les joueurs payés d'avance, "
                        f"elle en déclare {_money(kept, money)}", f"the room keeps {_money(sum(gaps), money)} of the "
                        f"pots for the players who cashed out, it declares {_money(kept, money)}")
    return declared, gaps


def _cash_outs(hand: Hand, names: list[str], folded: list[bool]) -> None:
    """A cash-out is a player's still in the deal, once, paid and charged amounts that are not negative."""
    seen = set()
    for cash in hand.cash_outs:
        if cash.player not in names or folded[names.index(cash.player)] or cash.player in seen or min(
                cash.amount, cash.fee, cash.kept) < 0:
            raise HandError(BAD_DEAL, f"« {cash.player} » est payé d'avance sans être dans le coup jusqu'au bout",
                            f"{cash.player} cashed out without being in the deal to its end", field="cash_outs")
        seen.add(cash.player)


def _listed(wins: dict[str, int]) -> str:
    return ", ".join(f"{player}={amount}" for player, amount in wins.items() if amount)


def replay(hand: Hand, rules: Rules, trace: bool = False) -> Outcome:
    """The deal replayed and reconciled with the room's declared pots (see the module's docstring); its steps, with
    `trace`, for the deal's page (games.poker.betting.walk)."""
    reckoning = _Reckoning(hand, rules, trace)
    played: Walk = reckoning.walk
    declared, gaps = _check_declared(hand, reckoning.pots)
    if hand.cash_outs:
        _cash_outs(hand, reckoning.names, played.folded)
    cashed = [cash.player for cash in hand.cash_outs]
    irregular = played.irregularities
    outcomes = []
    stacks_after = {seat.player: seat.stack for seat in hand.seats}
    contributions = dict.fromkeys(stacks_after, 0)
    dead = played.dead
    for q, player in enumerate(reckoning.names):
        contributions[player] = given = played.put[q] + dead[q]
        stacks_after[player] -= given
    rake = progressive = bad_beat = declared_rake = declared_progressive = declared_bad_beat = total = 0
    for pot, room, gap in zip(reckoning.pots, declared, gaps, strict=True):
        theirs: dict[str, int] = {}
        for player, amount in room.wins:
            if amount:
                theirs[player] = theirs.get(player, 0) + amount
                stacks_after[player] += amount
        levied = pot.rake + pot.progressive + pot.bad_beat
        ours = reckoning.wins(pot, pot.amount - levied)
        fair = ours if room.rake + room.progressive + room.bad_beat == levied else reckoning.wins(
            pot, pot.amount - room.rake - room.progressive - room.bad_beat)  # what the room paid out, to whom
        if gap:  # the share of a player who cashed out, the room's: the cards gave it to them
            keeper = max((player for player in cashed if player in pot.eligible),
                         key=lambda player: (fair or {}).get(player, 0))
            theirs[keeper] = theirs.get(keeper, 0) + gap
        if fair is not None and fair != theirs and {p: a for p, a in fair.items() if a} != theirs:
            wrong = sum(max(0, amount - fair.get(player, 0)) for player, amount in theirs.items())
            irregular.append(Irregularity(WINS, wrong, {"pot": room.number, "declared": _listed(theirs),
                                                        "ours": _listed(fair)}))
        outcomes.append(_new(PotOutcome, (room.number, pot.amount, pot.eligible, pot.rake, pot.progressive,
                                          pot.bad_beat, theirs if ours is None else ours, room)))
        rake += pot.rake
        progressive += pot.progressive
        bad_beat += pot.bad_beat
        declared_rake += room.rake
        declared_progressive += room.progressive
        declared_bad_beat += room.bad_beat
        total += pot.amount
    legal = legal_max(total, rules)
    if declared_rake != rake:
        irregular.append(Irregularity(RAKE_DECLARED, declared_rake - rake, {"declared": declared_rake, "ours": rake}))
    if legal is not None and declared_rake > legal:
        irregular.append(Irregularity(RAKE_ABOVE_LEGAL, declared_rake - legal, {
            "declared": declared_rake, "legal_max": legal, "pot": total}))
    if declared_progressive != progressive:
        irregular.append(Irregularity(DROP_DECLARED, declared_progressive - progressive, {
            "jackpot": "progressive", "declared": declared_progressive, "ours": progressive}))
    if declared_bad_beat != bad_beat:
        irregular.append(Irregularity(DROP_DECLARED, declared_bad_beat - bad_beat, {
            "jackpot": "bad_beat", "declared": declared_bad_beat, "ours": bad_beat}))
    returned = {reckoning.names[q]: amount for q, amount in enumerate(played.returned) if amount}
    for cash in hand.cash_outs:
        stacks_after[cash.player] += cash.amount
    return _new(Outcome, (contributions, returned, tuple(outcomes), rake, progressive, bad_beat, declared_rake,
                          declared_progressive, declared_bad_beat, legal, stacks_after, tuple(irregular),
                          tuple(played.steps), sum(cash.amount for cash in hand.cash_outs),
                          sum(cash.fee for cash in hand.cash_outs), sum(gaps)))


def settle(hand: Hand, rules: Rules) -> tuple[DeclaredPot, ...]:
    """What an honest room declares for the deal (its declared pots, if any, ignored): our pots, rake, drops and
    wins. Every pot two players or more contest needs their cards."""
    reckoning = _Reckoning(hand, rules)
    settled = []
    seat_of = {seat.player: seat.seat for seat in hand.seats}
    for number, pot in enumerate(reckoning.pots):
        left = pot.amount - pot.rake - pot.progressive - pot.bad_beat
        wins = reckoning.wins(pot, left)
        boards = reckoning.boards(pot, left) if hand.runs else None
        if wins is None or hand.runs and boards is None:
            raise HandError(BAD_DEAL, f"pot {number} : les cartes de ses joueurs ne sont pas connues",
                            f"pot {number}: its players' cards are not known", field="pots")
        paid = tuple(sorted(((player, amount) for player, amount in wins.items() if amount),
                            key=lambda win: seat_of[win[0]]))
        each = tuple(tuple(sorted(((player, amount) for player, amount in won.items() if amount),
                                  key=lambda win: seat_of[win[0]])) for won in boards or ())
        settled.append(DeclaredPot(number, pot.amount, pot.rake, pot.progressive, pot.bad_beat, paid, each))
    return tuple(settled)
