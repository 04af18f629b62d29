"""Exact class distributions of every poker hand kind, counted rather than enumerated.

A hand without k cards of one suit is worth what its ranks make, so we walk the multisets of ranks
(49,205 of them for seven cards) and weight each by its suit assignments that hold no k-card suit.
A hand with k or more cards of one suit (only one suit can, as 2k > n) is walked as the set of
suited ranks times the multiset of the other cards. Every one of the C(52, n) hands is counted once:
the totals are checked against C(52, n).
"""

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb, prod

from .poker import rank_only_value, suited_value
from .ranking import FIVE_CARDS, FOUR_CARDS, THREE_CARDS, ranking


@dataclass(frozen=True)
class Kind:
    key: str
    ranking: str
    cards: int
    label: str
    label_en: str


KINDS = {
    kind.key: kind
    for kind in (
        Kind("trois_cartes", THREE_CARDS, 3, "Main de trois cartes", "Three-card hand"),
        Kind("quatre_cartes", FOUR_CARDS, 4, "Main de quatre cartes", "Four-card hand"),
        Kind("quatre_parmi_cinq", FOUR_CARDS, 5, "Meilleure main de 4 parmi 5", "Best 4 of 5"),
        Kind("quatre_parmi_six", FOUR_CARDS, 6, "Meilleure main de 4 parmi 6", "Best 4 of 6"),
        Kind("cinq_cartes", FIVE_CARDS, 5, "Main de cinq cartes", "Five-card hand"),
        Kind("cinq_parmi_sept", FIVE_CARDS, 7, "Meilleure main de 5 parmi 7", "Best 5 of 7"),
    )
}


def rank_multisets(cards: int, most: int = 4, ranks: int = 13):
    """Every tuple of `ranks` counts (each ≤ `most`) summing to `cards`."""
    if ranks == 1:
        if cards <= most:
            yield (cards,)
        return
    for count in range(min(most, cards) + 1):
        for rest in rank_multisets(cards - count, most, ranks - 1):
            yield (count, *rest)


@cache
def _no_suit_holding(profile: tuple[int, ...], threshold: int) -> int:
    """Suit assignments of ranks with these counts in which no suit holds `threshold` cards."""
    total = prod(comb(4, count) for count in profile)
    # Generating function in x = cards of one chosen suit; the other three take the rest.
    poly = [1]
    for count in profile:
        without, with_ = comb(3, count), comb(3, count - 1) if count else 0
        grown = [0] * (len(poly) + 1)
        for degree, coefficient in enumerate(poly):
            grown[degree] += coefficient * without
            grown[degree + 1] += coefficient * with_
        poly = grown
    return total - 4 * sum(poly[threshold:])


def count(kind_key: str) -> tuple[int, Counter]:
    """(total, Counter of fine classes such as "pair:Q" or "straight_flush:A") for a hand kind."""
    kind = KINDS[kind_key]
    rules = ranking(kind.ranking)
    size, cards = rules.size, kind.cards
    if 2 * size <= cards:
        raise ValueError(f"{kind_key}: two suits could each hold a flush")
    counts: Counter = Counter()
    rank_value = {}
    for multiset in rank_multisets(cards):
        value = rank_only_value(multiset, rules)
        rank_value[multiset] = value
        weight = _no_suit_holding(tuple(sorted(c for c in multiset if c)), size)
        if weight:
            counts[rules.fine_class(value)] += weight
    for suited in range(size, cards + 1):
        others = [(m, prod(comb(3, c) for c in m)) for m in rank_multisets(cards - suited, most=3)]
        for chosen in combinations(range(13), suited):
            mask = sum(1 << index for index in chosen)
            flush = suited_value(mask, rules)
            for multiset, weight in others:
                merged = tuple(c + (1 if i in chosen else 0) for i, c in enumerate(multiset))
                counts[rules.fine_class(max(flush, rank_value[merged]))] += 4 * weight
    total = sum(counts.values())
    if total != comb(52, cards):
        raise AssertionError(f"{kind_key}: {total} ≠ C(52, {cards})")
    return total, counts


def by_category(counts: Counter) -> Counter:
    """Fine classes folded into categories, with the royal flush (top straight flush) apart."""
    folded: Counter = Counter()
    for fine, number in counts.items():
        folded["royal_flush" if fine == "straight_flush:A" else fine.partition(":")[0]] += number
    return folded
