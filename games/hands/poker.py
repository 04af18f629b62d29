"""Poker hand values for three-, four- and five-card rankings, best k of n, and Omaha.

Aces are high and also low in the lowest straight (A-2-3, A-2-3-4, A-2-3-4-5: QC RJC art. 67.41,
67.64, 67.54 6°); a straight never wraps round the ace (« reine, roi, as, deux » is not one).
A hand of n cards is worth its best k-card hand, k being the ranking's size: that is the best of
the rank-only hand and, for a suit holding k cards or more, the straight flush or flush it makes.
"""

from itertools import combinations

from .cards import rank, suit
from .ranking import FIVE_CARDS, OMAHA, Ranking, ranking

FULL_MASK = (1 << 13) - 1


def straight_top(mask: int, size: int) -> int:
    """Rank value (2 … 14) of the top card of the highest run of `size` ranks in `mask`, else 0."""
    extended = (mask << 1) | (mask >> 12 & 1)  # bit 0 = ace played low
    run = (1 << size) - 1
    for low in range(14 - size, -1, -1):
        if extended >> low & run == run:
            return low + size  # bit i of `extended` is rank value i + 1
    return 0


def _top(mask: int, count: int) -> list[int]:
    found = []
    for index in range(12, -1, -1):
        if len(found) == count:
            break
        if mask >> index & 1:
            found.append(index + 2)
    return found


def rank_only_value(counts, rules: Ranking) -> int:
    """Best hand of `rules.size` cards from a multiset of ranks (counts[0] = deux … counts[12] = as),
    suits ignored."""
    size = rules.size
    present = 0
    by_count: dict[int, list[int]] = {1: [], 2: [], 3: [], 4: []}
    for index in range(12, -1, -1):
        count = counts[index]
        if count:
            present |= 1 << index
            by_count[min(count, 4)].append(index + 2)
    quads, trips = by_count[4], by_count[3]
    candidates = []

    def kickers(excluded, count):
        mask = present
        for value in excluded:
            mask &= ~(1 << (value - 2))
        return _top(mask, count)

    if quads and size >= 4 and rules.has("four_of_a_kind"):
        candidates.append(("four_of_a_kind", [quads[0]] + kickers([quads[0]], size - 4)))
    all_trips = sorted(quads + trips, reverse=True)
    if all_trips and size >= 3:
        best = all_trips[0]
        pair_ranks = sorted(all_trips[1:] + by_count[2], reverse=True)
        if size == 5 and pair_ranks and rules.has("full_house"):
            candidates.append(("full_house", [best, pair_ranks[0]]))
        candidates.append(("three_of_a_kind", [best] + kickers([best], size - 3)))
    top = straight_top(present, size)
    if top and rules.has("straight"):
        candidates.append(("straight", [top]))
    all_pairs = sorted(quads + trips + by_count[2], reverse=True)
    if len(all_pairs) >= 2 and size >= 4 and rules.has("two_pair"):
        high, low = all_pairs[0], all_pairs[1]
        candidates.append(("two_pair", [high, low] + kickers([high, low], size - 4)))
    if all_pairs:
        candidates.append(("pair", [all_pairs[0]] + kickers([all_pairs[0]], size - 2)))
    candidates.append(("high_card", _top(present, size)))
    return max(rules.value(category, ranks) for category, ranks in candidates if rules.has(category))


def suited_value(mask: int, rules: Ranking) -> int:
    """Straight flush or flush made by the ranks of one suit (at least `rules.size` of them)."""
    top = straight_top(mask, rules.size)
    if top:
        return rules.value("straight_flush", [top])
    return rules.value("flush", _top(mask, rules.size))


def evaluate(hand, rules: Ranking | str = FIVE_CARDS) -> int:
    """Value of the best `rules.size`-card hand within `hand` (any number of cards ≥ size)."""
    rules = ranking(rules) if isinstance(rules, str) else rules
    if len(hand) < rules.size:
        raise ValueError(f"{len(hand)} carte(s) pour une main de {rules.size}")
    counts = [0] * 13
    masks = [0, 0, 0, 0]
    for card in hand:
        counts[rank(card)] += 1
        masks[suit(card)] |= 1 << rank(card)
    value = rank_only_value(counts, rules)
    for mask in masks:
        if mask.bit_count() >= rules.size:
            value = max(value, suited_value(mask, rules))
    return value


def omaha(hole, board, rules: Ranking | str = OMAHA) -> int:
    """Exactly two of the four hole cards and three of the five board cards (LU RGD 1979 art. 49-5)."""
    rules = ranking(rules) if isinstance(rules, str) else rules
    return max(evaluate(two + three, rules) for two in combinations(hole, 2) for three in combinations(board, 3))


def compare(first: int, second: int) -> int:
    """1, 0 or -1; 0 is a perfect tie (« égalité parfaite », LU RGD 1979 art. 49-1)."""
    return (first > second) - (first < second)
