"""Poker jackpot arithmetic as pure functions of hands and amounts (LU RGD 1979 art. 49-9 to 49-15): which
combinations a progressive level may bear on, the increment taken from a pot, who wins a progressive level in one
deal and how it splits, whether a hand qualifies for the bad-beat jackpot, which of several claims wins it and how it
splits. The rules' figures (shares, minimum hand …) are arguments: the services read them from the rule data; the
registers record what these compute."""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from itertools import combinations

from games.hands.cards import parse
from games.hands.poker import evaluate, omaha
from games.hands.ranking import CATEGORY_SHIFT, FIVE_CARDS, RANK_CHARS, ranking

CENT = Decimal("0.01")
FIVE = ranking(FIVE_CARDS)
# Highest first, the royal flush apart: a level may only bear on the first `combinaisons_eligibles` of them.
HIGHEST_FIRST = ("royal_flush", *reversed(FIVE.categories))
TOP_COMBINATIONS = HIGHEST_FIRST[:3]  # the forms' default levels; the rule data decides what is allowed
ROUNDINGS = {"inferieur": ROUND_DOWN, "plus_proche": ROUND_HALF_UP, "bancaire": ROUND_HALF_EVEN}
HOLDEM, OMAHA = 2, 4  # cards in hand: Texas hold'em (art. 49-1), Omaha 4 high (art. 49-5)
BOARD = 5

# Why a bad-beat claim does not qualify (art. 49-12); the services give each its message.
LOSER_TOO_LOW = "loser_too_low"  # the loser's hand is below the minimum hand
NOT_BEATEN = "not_beaten"  # the winner's hand is not higher, or below the minimum hand's combination
HOLE_CARDS_UNUSED = "hole_cards_unused"  # one of the four hole cards does not play


def increment(pot_after_rake: Decimal, kind: str, value: Decimal, rounding: str) -> Decimal:
    """The amount taken from a pot after the cagnotte's rake (art. 49-9 al. 2–3), rounded as declared."""
    raw = value if kind == "fixe" else pot_after_rake * value / 100
    return min(raw, pot_after_rake).quantize(CENT, rounding=ROUNDINGS[rounding])


def combination_of(value: int) -> str:
    """The combination a five-card value makes, as the levels name them: the straight flush to the ace is the royal
    flush."""
    category = FIVE.category(value)
    if category == "straight_flush" and FIVE.ranks(value)[0] == RANK_CHARS.index("A"):
        return "royal_flush"
    return category


def _cards(text: str, count: int | tuple[int, ...], what: str) -> tuple[int, ...]:
    cards = parse(text)
    counts = (count,) if isinstance(count, int) else count
    if len(cards) not in counts:
        expected = " / ".join(map(str, counts))
        raise ValueError(f"{what} : {expected} cartes attendues, {len(cards)} données / {expected} cards expected")
    return cards


def _distinct(*hands: tuple[int, ...]) -> None:
    every = [card for hand in hands for card in hand]
    if len(set(every)) != len(every):
        raise ValueError("une même carte figure deux fois dans la donne / a card appears twice in the deal")


def best_value(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """A player's best five cards: in Texas hold'em the best of the seven (art. 49-1, 49-2), in Omaha exactly two of
    the four in hand and three of the board (art. 49-5)."""
    return omaha(hole, board, FIVE) if len(hole) == OMAHA else evaluate(hole + board, FIVE)


# --- progressive jackpot (art. 49-10) -------------------------------------------------------------------------


@dataclass(frozen=True)
class ProgressiveAward:
    """Who wins a level in one deal: the winners in the order the hands were given, the winning hand's value."""

    winners: tuple[str, ...]
    value: int
    board_made: bool  # the board alone makes the winning hand: every player still in play shares

    @property
    def hand(self) -> str:
        """« four_of_a_kind:Q-K »: the combination, its rank, and for a four of a kind the fifth card that decided."""
        category = FIVE.category(self.value)
        ranks = FIVE.ranks(self.value)[: 2 if category == "four_of_a_kind" else 1]
        return f"{category}:{'-'.join(RANK_CHARS[r] for r in ranks)}"


def progressive_award(combination: str, board: str, hands: Sequence[tuple[str, str]]) -> ProgressiveAward | None:
    """The winners of the level that bears on `combination`, among the players still in play (`hands`: player and
    cards in hand), or None when no one holds it (art. 49-10 al. 1).

    Between hands of that combination the highest wins, a four of a kind decided by its fifth card (its value
    counts it); hands exactly equal share. When the board alone makes the winning hand (Texas hold'em), every player
    still in play shares, as each of them plays it."""
    board_cards = _cards(board, BOARD, "tableau / board")
    players = [player for player, _cards_ in hands]
    if len(set(players)) != len(players):
        raise ValueError("chaque joueur une fois / each player once")
    holes = [_cards(cards, (HOLDEM, OMAHA), f"« {player} »") for player, cards in hands]
    if len({len(hole) for hole in holes}) > 1:
        raise ValueError("toutes les mains ont le même nombre de cartes / every hand has the same number of cards")
    _distinct(board_cards, *holes)
    values = [best_value(hole, board_cards) for hole in holes]
    holding = [value for value in values if combination_of(value) == combination]
    if not holding:
        return None
    best = max(holding)
    if len(holes[0]) == HOLDEM and best == evaluate(board_cards, FIVE):
        return ProgressiveAward(tuple(players), best, True)
    return ProgressiveAward(tuple(p for p, v in zip(players, values, strict=True) if v == best), best, False)


def split_equally(amount: Decimal, players: Sequence[str]) -> list[tuple[str, Decimal]]:
    """Equal shares to the cent; the cents that do not divide go to the first player listed, the nearest the button
    (house rule, after the indivisible remainder of a split pot in art. 49-5). The shares add up to `amount`."""
    if not players or len(set(players)) != len(players):
        raise ValueError("au moins un joueur, chacun une fois / at least one player, each once")
    if amount != amount.quantize(CENT) or amount < 0:
        raise ValueError(f"montant au centime attendu : {amount} / an amount in cents")
    each = (amount / len(players)).quantize(CENT, rounding=ROUND_DOWN)
    remainder = amount - each * len(players)
    return [(player, each + (remainder if index == 0 else 0)) for index, player in enumerate(players)]


# --- bad beat (art. 49-12) -----------------------------------------------------------------------------------


def _without_both(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """The best hand that does not use both cards in hand."""
    return max([evaluate(board, FIVE)] + [evaluate((card,) + four, FIVE) for card in hole
                                          for four in combinations(board, 4)])


@dataclass(frozen=True)
class BadBeatHand:
    """A showdown judged for the bad-beat jackpot: the loser's and the winner's best hands, and why it does not
    qualify (None when it does)."""

    loser: int
    winner: int
    fault: str | None

    @property
    def qualifies(self) -> bool:
        return self.fault is None

    @property
    def hand(self) -> str:
        """The loser's hand, « four_of_a_kind:7 »."""
        return FIVE.fine_class(self.loser)

    @property
    def winner_hand(self) -> str:
        return FIVE.fine_class(self.winner)


def minimum_value(minimum: Sequence) -> int:
    """The lowest hand of the rule's minimum (`["four_of_a_kind", "7"]`: any four sevens)."""
    category, rank = minimum
    rank = str(rank).upper()
    return FIVE.value(str(category), [RANK_CHARS.index(rank) if rank in RANK_CHARS else int(rank)])


def bad_beat_hand(loser: str, winner: str, board: str, *, minimum: Sequence, both_hole_cards: bool) -> BadBeatHand:
    """Art. 49-12, at any « jeux de cercle » table (al. 1): Texas hold'em (two cards in hand) or Omaha (four, exactly
    two of them played with three of the board, art. 49-5). A loser holding `minimum` or better beaten by a higher
    hand of at least the minimum's combination (a straight flush or a higher four of a kind, for four sevens), and,
    when `both_hole_cards`, both players using both their cards in hand: in Omaha every hand plays exactly two cards
    in hand, so the condition holds of itself."""
    loser_cards = _cards(loser, (HOLDEM, OMAHA), "perdant / loser")
    winner_cards = _cards(winner, (len(loser_cards),), "gagnant / winner")
    board_cards = _cards(board, BOARD, "tableau / board")
    _distinct(loser_cards, winner_cards, board_cards)
    lowest = minimum_value(minimum)
    loser_best, winner_best = best_value(loser_cards, board_cards), best_value(winner_cards, board_cards)
    if loser_best < lowest:
        fault = LOSER_TOO_LOW
    elif winner_best <= loser_best or winner_best >> CATEGORY_SHIFT < lowest >> CATEGORY_SHIFT:
        fault = NOT_BEATEN
    elif both_hole_cards and len(loser_cards) == HOLDEM and (
            _without_both(loser_cards, board_cards) >= loser_best
            or _without_both(winner_cards, board_cards) >= winner_best):
        fault = HOLE_CARDS_UNUSED
    else:
        fault = None
    return BadBeatHand(loser_best, winner_best, fault)


def bad_beat_strongest(claims: Sequence[BadBeatHand]) -> list[int]:
    """Among claims made at once (several losers of one hand, or several tables), the indexes of the qualifying ones
    that lost with the strongest hand (art. 49-12 al. 5 and 6): one, or several exactly equal, or none."""
    qualifying = [claim.loser for claim in claims if claim.qualifies]
    if not qualifying:
        return []
    strongest = max(qualifying)
    return [index for index, claim in enumerate(claims) if claim.qualifies and claim.loser == strongest]


def bad_beat_split(amount: Decimal, players: Sequence[str], loser: str, *, loser_share: Decimal,
                   table_share: Decimal) -> list[dict]:
    """`loser_share` of the jackpot to the loser, `table_share` in equal shares to everyone seated, the loser included
    (art. 49-12 al. 4; art. 49-15 gives a voucher to each player at the table); the cents that do not divide go to
    the loser (house rule, stated). The vouchers add up to the jackpot when the shares add up to one."""
    if not players or len(set(players)) != len(players) or loser not in players:
        raise ValueError("joueurs assis distincts, le perdant parmi eux / distinct players, the loser seated")
    if loser_share < 0 or table_share < 0 or loser_share + table_share > 1:
        raise ValueError("parts invalides / invalid shares")
    loser_part = (amount * loser_share).quantize(CENT, rounding=ROUND_DOWN)
    total = amount if loser_share + table_share == 1 else (amount * (loser_share + table_share)).quantize(
        CENT, rounding=ROUND_DOWN)
    table = total - loser_part
    each = (table / len(players)).quantize(CENT, rounding=ROUND_DOWN)
    remainder = table - each * len(players)
    return [{"player": p, "amount": each + (loser_part + remainder if p == loser else 0)} for p in players]
