"""Poker jackpot arithmetic as pure functions of hands and amounts (LU RGD 1979 art. 49-9 to 49-15): which
combinations a progressive level may bear on, the increment taken from a pot, whether a hand qualifies for the
bad-beat jackpot and how the jackpot splits. The registers record what these compute."""

from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from itertools import combinations

from games.hands.cards import parse
from games.hands.poker import evaluate
from games.hands.ranking import ranking

CENT = Decimal("0.01")
FIVE = ranking("lu.cinq_cartes")
# Highest first, the royal flush apart: a level may only bear on the first `combinaisons_eligibles` of them.
HIGHEST_FIRST = ("royal_flush", *reversed(FIVE.categories))
TOP_COMBINATIONS = HIGHEST_FIRST[:3]  # the forms' default levels; the rule data decides what is allowed
ROUNDINGS = {"inferieur": ROUND_DOWN, "plus_proche": ROUND_HALF_UP, "bancaire": ROUND_HALF_EVEN}

def increment(pot_after_rake: Decimal, kind: str, value: Decimal, rounding: str) -> Decimal:
    """The amount taken from a pot after the cagnotte's rake (art. 49-9 al. 2–3), rounded as declared."""
    raw = value if kind == "fixe" else pot_after_rake * value / 100
    return min(raw, pot_after_rake).quantize(CENT, rounding=ROUNDINGS[rounding])


def _best(hole, board) -> tuple[int, int]:
    """(best value, best value not using both hole cards)."""
    best = evaluate(tuple(hole) + tuple(board), FIVE)
    without = max(
        [evaluate(tuple(board), FIVE)]
        + [evaluate((card,) + four, FIVE) for card in hole for four in combinations(board, 4)]
    )
    return best, without


def bad_beat_qualifies(loser: str, winner: str, board: str) -> tuple[bool, str]:
    """Art. 49-12: a loser with four sevens or better, beaten by a straight flush or higher four of a kind,
    both players using both their hole cards."""
    loser_cards, winner_cards, board_cards = parse(loser), parse(winner), parse(board)
    loser_best, loser_without = _best(loser_cards, board_cards)
    winner_best, winner_without = _best(winner_cards, board_cards)
    quads = FIVE.index("four_of_a_kind")
    sevens = FIVE.value("four_of_a_kind", [7])
    if loser_best < sevens:
        return False, "le perdant n'a pas un carré de 7 ou mieux"
    if winner_best <= loser_best or (winner_best >> 20) < quads:
        return False, "le gagnant ne bat pas le perdant d'une quinte flush ou d'un carré supérieur"
    if loser_without >= loser_best or winner_without >= winner_best:
        return False, "les deux cartes en main de chaque joueur ne servent pas toutes deux"
    return True, FIVE.fine_class(loser_best)


def bad_beat_split(amount: Decimal, players: list[str], loser: str) -> list[dict]:
    """50 % to the loser, 50 % in equal shares to everyone seated (the loser included); cents that do not
    divide go to the loser, so that the vouchers add up exactly to the jackpot (house rule, stated)."""
    loser_share = (amount / 2).quantize(CENT, rounding=ROUND_DOWN)
    table = amount - loser_share
    each = (table / len(players)).quantize(CENT, rounding=ROUND_DOWN)
    remainder = table - each * len(players)
    vouchers = [{"player": p, "amount": each + (loser_share + remainder if p == loser else 0)} for p in players]
    assert sum(v["amount"] for v in vouchers) == amount
    return vouchers
