"""Who wins a pot at the showdown, and how it is shared: the best five cards win (Texas hold'em: the best five of the
seven, LU RGD 1979 art. 49-1; Omaha: exactly two of the four in hand and three of the board, art. 49-5), hands
exactly equal share (« égalité parfaite »), and what does not divide in whole chips goes all of it to the winner nearest
the button on its left where the rules say so (art. 49-5: « le reliquat éventuel insécable de ce partage allant au
joueur situé au plus près du bouton », Rules.odd_chips NEAREST), else a chip at a time to the winners nearest the
button (ROPTA §10.8) through games.poker.pots.split. In high-low (QC RJC art. 67.88 15°) the
pot is halved between the best high hand and the best low hand of five different ranks eight or under, the odd chip
to the high half; without such a low hand the high hand takes it all.

The values are games.hands.poker's with the five-card ranking (FIVE_CARDS), remembered by rank multiset and suit mask so
that a replay does not rank the same ranks twice: `value` gives exactly what `evaluate` gives (the tests check it)."""

from collections.abc import Sequence
from decimal import Decimal
from itertools import combinations
from typing import Final

from games.hands.poker import rank_only_value, suited_value
from games.hands.ranking import FIVE_CARDS, ranking

from .outcome import NEAREST
from .pots import split

FIVE: Final = ranking(FIVE_CARDS)
_WEIGHT: Final = tuple(5 ** (card >> 2) for card in range(52))  # a rank multiset as a number in base 5
_BIT: Final = tuple(1 << (card >> 2) for card in range(52))
_LOW: Final = tuple(1 if card >> 2 == 12 else (card >> 2) + 2 for card in range(52))  # the ace low, 2 … 8 as themselves
_RANKED: dict[int, int] = {}
_SUITED: dict[int, int] = {}


def value(cards: Sequence[int]) -> int:
    """The best five cards among `cards` (five or more), as games.hands.poker.evaluate(cards, FIVE) values them."""
    key = 0
    masks = [0, 0, 0, 0]
    for card in cards:
        key += _WEIGHT[card]
        masks[card & 3] |= _BIT[card]
    best = _RANKED.get(key)
    if best is None:
        best = _RANKED[key] = rank_only_value([key // 5**rank % 5 for rank in range(13)], FIVE)
    for mask in masks:
        if mask.bit_count() >= 5:
            flush = _SUITED.get(mask)
            if flush is None:
                flush = _SUITED[mask] = suited_value(mask, FIVE)
            if flush > best:
                best = flush
    return best


def omaha_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """Exactly two cards in hand and three of the board (games.hands.poker.omaha)."""
    return max(value(two + three) for two in combinations(hole, 2) for three in combinations(board, 3))


def low_value(hole: Sequence[int], board: Sequence[int], omaha: bool) -> int | None:
    """The best low hand of five different ranks eight or under, the ace low, or None: smaller is better (the
    highest card compared first). Omaha plays two cards in hand and three of the board; hold'em any five."""
    hands = ([two + three for two in combinations(hole, 2) for three in combinations(board, 3)] if omaha
             else [tuple(hole) + tuple(board)])
    best: int | None = None
    for cards in hands:
        ranks = sorted({_LOW[card] for card in cards if _LOW[card] <= 8})
        if len(ranks) < 5:
            continue
        low = 0
        for rank in reversed(ranks[:5]):
            low = low << 4 | rank
        if best is None or low < best:
            best = low
    return best


def share(amount: int, winners: list[str], chip: int, odd_chips: str = "") -> dict[str, int]:
    """`amount` among `winners` (in order from the button's left) in whole chips: with NEAREST, each the same whole
    chips and all that is left to the winner nearest the button (LU art. 49-5); else games.poker.pots.split's chip at
    a time. What is less than a chip goes with the first odd chip, to the winner nearest the button."""
    if len(winners) == 1:
        return {winners[0]: amount}
    if odd_chips == NEAREST:
        each = amount // chip // len(winners) * chip
        shares = dict.fromkeys(winners, each)
        shares[winners[0]] += amount - each * len(winners)
        return shares
    whole = amount - amount % chip
    shares = {player: int(part) for player, part in split(Decimal(whole), winners, chip=Decimal(chip)).items()}
    shares[winners[0]] += amount - whole
    return shares


def award(amount: int, contenders: list[str], cards: dict[str, tuple[int, ...]], board: tuple[int, ...],
          omaha: bool, hilo: bool, chip: int, odd_chips: str = "") -> dict[str, int]:
    """The pot's `amount` (after the rake and the drops) among `contenders` (in order from the button's left, all
    with known cards): to the best hand, shared on a tie; in high-low, halved with the best low hand."""
    highs = {player: omaha_value(cards[player], board) if omaha else value(cards[player] + board)
             for player in contenders}
    top = max(highs.values())
    high = [player for player in contenders if highs[player] == top]
    if hilo:
        lows = {player: low_value(cards[player], board, omaha) for player in contenders}
        qualified = [low for low in lows.values() if low is not None]
        if qualified:
            best = min(qualified)
            low = [player for player in contenders if lows[player] == best]
            chips = amount // chip
            low_half = chips // 2 * chip  # the odd chip to the high half
            wins = share(amount - low_half, high, chip, odd_chips)
            for player, part in share(low_half, low, chip, odd_chips).items():
                wins[player] = wins.get(player, 0) + part
            return wins
    return share(amount, high, chip, odd_chips)
