"""The chip race of a colour-up (ROPTA §3.2): the chips of a value taken out of play that do not make an exact
exchange are raced for. Their total, in chips of the next value, is rounded up from the rule's threshold of that chip
(« arrondi au-dessus dès 50 % du jeton supérieur atteint, sinon arrondi en-dessous »); each player is dealt a card
per odd chip, starting with seat 1, and the highest cards win one chip each, a player at most the rule's number; equal
cards are told apart by suit (pique, cœur, carreau, trèfle). No player is raced out: one left without a chip gets a
chip of the smallest value still in play, on top of those raced for."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from games.hands.cards import rank, suit

SUIT_NAMES = {"trèfle": 0, "carreau": 1, "coeur": 2, "cœur": 2, "pique": 3}  # games.hands.cards' suit numbers


@dataclass(frozen=True)
class Race:
    new_chips: int  # chips of the higher value the odd chips make, rounded as the rule says
    winners: tuple[str, ...]  # who wins one, the highest card first
    saved: tuple[str, ...]  # raced out of their last chip, given one of the smallest value still in play


def chips_to_give(odd_chips: int, old_value: int, new_value: int, threshold: Decimal) -> int:
    """How many chips of `new_value` the odd chips of `old_value` make: 7 × 100 → 1 × 500, 8 × 100 → 2 × 500."""
    if odd_chips < 0 or old_value <= 0 or new_value <= old_value:
        raise ValueError("a chip race takes odd chips of a value to a higher one")
    whole, rest = divmod(odd_chips * old_value, new_value)
    return whole + (1 if Fraction(rest, new_value) >= Fraction(threshold) else 0)


def race(odd_chips: Mapping[str, int], cards: Mapping[str, Sequence[int]], old_value: int, new_value: int,
         threshold: Decimal, per_player: int, suit_order: Sequence[str], left: Mapping[str, int]) -> Race:
    """The chip race of the odd chips each player advanced (`odd_chips`, in seat order), each dealt one card per odd
    chip (`cards`); `left` is what each player keeps otherwise, in chips of any value still in play."""
    strength = {SUIT_NAMES[name]: len(suit_order) - index for index, name in enumerate(suit_order)}
    for player, count in odd_chips.items():
        if len(cards.get(player, ())) != count:
            raise ValueError(f"{player}: one card per odd chip")
    given = chips_to_give(sum(odd_chips.values()), old_value, new_value, threshold)
    dealt = sorted(((rank(card), strength[suit(card)], player) for player, held in cards.items() for card in held),
                   reverse=True)
    won: dict[str, int] = {}
    for _rank, _suit, player in dealt:
        if sum(won.values()) == given:
            break
        if won.get(player, 0) < per_player:
            won[player] = won.get(player, 0) + 1
    winners = tuple(player for player in dict.fromkeys(p for _r, _s, p in dealt) if player in won)
    saved = tuple(player for player in odd_chips if not left.get(player, 0) and player not in won)
    return Race(given, winners, saved)
