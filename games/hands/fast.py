"""Batch evaluation with numpy: many hands at once, through two lookup tables per ranking.

The rank table gives the value of every multiset of ranks (keyed by the sum of 5**rank, sorted for
np.searchsorted); the suit table gives the straight flush or flush of every 13-bit suit mask that
holds enough cards. A hand's value is the larger of the two, exactly as `poker.evaluate` says.
"""

from functools import cache

import numpy as np

from .distributions import rank_multisets
from .poker import rank_only_value, suited_value
from .ranking import FIVE_CARDS, ranking

_POWERS = 5 ** np.arange(13, dtype=np.int64)


@cache
def _tables(ranking_key: str, cards: int):
    rules = ranking(ranking_key)
    multisets = list(rank_multisets(cards))
    keys = np.array([sum(c * 5**i for i, c in enumerate(m)) for m in multisets], dtype=np.int64)
    values = np.array([rank_only_value(m, rules) for m in multisets], dtype=np.int64)
    order = np.argsort(keys)
    suit_table = np.zeros(1 << 13, dtype=np.int64)
    for mask in range(1 << 13):
        if mask.bit_count() >= rules.size:
            suit_table[mask] = suited_value(mask, rules)
    return keys[order], values[order], suit_table


def evaluate_many(hands, ranking_key: str = FIVE_CARDS) -> np.ndarray:
    """Values of hands given as an (N, n) integer array of cards (see `cards`), best k of n."""
    hands = np.asarray(hands)
    keys, values, suit_table = _tables(ranking_key, hands.shape[1])
    ranks, suits = hands >> 2, hands & 3
    result = values[np.searchsorted(keys, _POWERS[ranks].sum(axis=1))]
    bits = np.left_shift(1, ranks)
    for suit_index in range(4):
        mask = np.where(suits == suit_index, bits, 0).sum(axis=1)
        np.maximum(result, suit_table[mask], out=result)
    return result


def categories(values: np.ndarray) -> np.ndarray:
    """Category index (position in the ranking, lowest 0) of each value."""
    return values >> 20


def random_hands(count: int, cards: int, rng: np.random.Generator) -> np.ndarray:
    """`count` hands of `cards` distinct cards each, uniformly from one 52-card deck."""
    return np.argsort(rng.random((count, 52)), axis=1)[:, :cards].astype(np.int64)
