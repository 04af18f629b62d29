"""Exact probabilities of the Québec blackjack side bets, 1 to 8 decks (QC RJC art. 18.1, 21.1, 21.2).

The shoe holds `decks` × 52 cards: 4·decks copies of each rank, `decks` copies of each (rank, suit).
Every order of the shoe is equally likely; the cards dealt to the dealer and the other players before
or between the player's cards are unseen, so they do not change these probabilities.

Interpretations:
- Ace 1 or 11, ten and faces 10. The « valeur totale » of two cards (art. 21.1) is the blackjack
  total: an ace counts 11 unless that busts, so A+A = 12 and A+2 … A+5 = 13 … 16 win, A+6 and up do not.
- « premières k cartes » (art. 18.1, 21.2) are the first k cards the player receives, in any order.
  For k ≥ 3 the probability is that of the first k cards dealt forming the hand; the player may stand
  before, so the actual hit rate is lower (see PARTIAL_HAND_NOTE).
- Art. 21.2 lines are exclusive: a hand is paid only on the highest line it meets, in printed order.
"""

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb

ACE, EIGHT, TEN, JACK, QUEEN, KING = 1, 8, 10, 11, 12, 13
RANKS = range(1, 14)
SUITS = 4
TEN_RANKS = (TEN, JACK, QUEEN, KING)

PARTIAL_HAND_NOTE = (
    "Probabilité que les premières cartes distribuées au joueur forment la main ; le joueur pouvant rester "
    "avant, la fréquence réelle est plus basse. / Probability that the first cards dealt to the player form "
    "the hand; the player may stand before, so the actual hit rate is lower."
)


@dataclass(frozen=True)
class LineProbability:
    hand: str  # the pay-table line's hand key
    probability: Fraction
    note: str = ""


def _check(decks: int) -> None:
    # bool is an int subclass; True must not pass for one deck
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 8:
        raise ValueError(
            f"nombre de paquets invalide : {decks!r} (entier de 1 à 8, qc.blackjack.paquets) / "
            f"invalid number of decks: {decks!r} (integer 1 to 8)"
        )


def _total(rank_a: int, rank_b: int) -> int:
    hard = min(rank_a, TEN) + min(rank_b, TEN)
    return hard + 10 if ACE in (rank_a, rank_b) and hard + 10 <= 21 else hard


def douze_seize(decks: int) -> list[LineProbability]:
    """QC RJC art. 21.1, first two cards totalling 12 to 16, exclusive lines:
    "pair_aces_or_eights" (paid 2 à 1) and "total_12_to_16" (even money, without those two pairs).

    The total is the blackjack total (ace 11 unless that busts): A+A = 12, A+2 … A+5 = 13 … 16.
    The text names « deux as ou deux huit » as winning hands paid more, which confirms that A+A
    counts 12 and 8+8 counts 16."""
    _check(decks)
    return list(_douze_seize(decks))


@cache
def _douze_seize(decks: int) -> tuple[LineProbability, ...]:
    per_rank = 4 * decks
    pairs = others = 0
    for rank_a, rank_b in combinations_with_replacement(RANKS, 2):
        ways = comb(per_rank, 2) if rank_a == rank_b else per_rank * per_rank
        if rank_a == rank_b and rank_a in (ACE, EIGHT):
            pairs += ways
        elif 12 <= _total(rank_a, rank_b) <= 16:
            others += ways
    hands = comb(52 * decks, 2)
    return (
        LineProbability("pair_aces_or_eights", Fraction(pairs, hands)),
        LineProbability("total_12_to_16", Fraction(others, hands)),
    )


def progressive(decks: int) -> list[LineProbability]:
    """QC RJC art. 21.2, progressive bet, lines in printed order, each hand paid on its highest line only:
    "suited_ace_to_five_first_5", "suited_two_to_five_first_4", "suited_four_to_six_first_3",
    "suited_ace_jack_first_2", "suited_blackjack_first_2", "pair_tens_or_better_first_2", "blackjack_first_2".

    « même couleur » = same suit; « premières k cartes » = the first k cards in any order, computed as if
    the player receives k cards (the player may stand before, so the 3, 4 and 5 card lines hit less often).
    Blackjack = an ace and a 10, J, Q or K. The pair line is two cards of the same rank among A, K, Q, J, 10
    (K+Q is not a pair). First four 2-3-4-5 suited then the ace of that suit pays the 100 % line only;
    A-J suited pays 50 $ only, a suited blackjack 10 $ only."""
    _check(decks)
    return list(_progressive(decks))


@cache
def _progressive(decks: int) -> tuple[LineProbability, ...]:
    cards = 52 * decks
    # k distinct (rank, suit) kinds: decks**k ways to pick the physical cards
    ace_to_five = Fraction(SUITS * decks**5, comb(cards, 5))
    # the five cards come in any of 5! orders equally often: the ace is fifth, behind a suited 2-3-4-5, in 1/5
    two_to_five = Fraction(SUITS * decks**4, comb(cards, 4)) - ace_to_five / 5
    four_to_six = Fraction(SUITS * decks**3, comb(cards, 3))
    two_cards = comb(cards, 2)
    ace_jack = Fraction(SUITS * decks * decks, two_cards)
    suited_blackjack = Fraction(SUITS * decks * (len(TEN_RANKS) - 1) * decks, two_cards)
    pair = Fraction(len((ACE, KING, QUEEN, JACK, TEN)) * comb(4 * decks, 2), two_cards)
    blackjack = Fraction(4 * decks * 4 * len(TEN_RANKS) * decks, two_cards) - ace_jack - suited_blackjack
    return (
        LineProbability("suited_ace_to_five_first_5", ace_to_five, PARTIAL_HAND_NOTE),
        LineProbability("suited_two_to_five_first_4", two_to_five, PARTIAL_HAND_NOTE),
        LineProbability("suited_four_to_six_first_3", four_to_six, PARTIAL_HAND_NOTE),
        LineProbability("suited_ace_jack_first_2", ace_jack),
        LineProbability("suited_blackjack_first_2", suited_blackjack),
        LineProbability("pair_tens_or_better_first_2", pair),
        LineProbability("blackjack_first_2", blackjack),
    )


def bonus(decks: int) -> list[LineProbability]:
    """QC RJC art. 18.1 (paid 3 à 2 and 2 à 1, décret 1675-95 art. 11), the player's first three cards:
    "three_sevens" (three 7s, any suits) and "suited_six_seven_eight" (a 6, a 7 and an 8 of one suit).

    Computed as if the player receives three cards; the player may stand on two, so the actual hit
    rate is lower."""
    _check(decks)
    return list(_bonus(decks))


@cache
def _bonus(decks: int) -> tuple[LineProbability, ...]:
    three_cards = comb(52 * decks, 3)
    return (
        LineProbability("three_sevens", Fraction(comb(4 * decks, 3), three_cards), PARTIAL_HAND_NOTE),
        LineProbability("suited_six_seven_eight", Fraction(SUITS * decks**3, three_cards), PARTIAL_HAND_NOTE),
    )
