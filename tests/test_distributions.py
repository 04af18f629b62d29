"""Exact hand distributions against the published totals (and against full enumeration where cheap)."""

from collections import Counter
from itertools import combinations

import pytest

from games.hands.distributions import by_category, count
from games.hands.poker import evaluate
from games.hands.ranking import ranking

# Published counts: 3-card poker (e.g. Wizard of Odds, "Three Card Poker"), the 2,598,960 five-card
# hands and the 133,784,560 seven-card hands of every probability text; 4-card poker player (best 4 of
# 5) and dealer (best 4 of 6) from the Wizard of Odds "Four Card Poker" analysis.
PUBLISHED = {
    "trois_cartes": {
        "straight_flush": 48,
        "three_of_a_kind": 52,
        "straight": 720,
        "flush": 1_096,
        "pair": 3_744,
        "high_card": 16_440,
    },
    "cinq_cartes": {
        "royal_flush": 4,
        "straight_flush": 36,
        "four_of_a_kind": 624,
        "full_house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three_of_a_kind": 54_912,
        "two_pair": 123_552,
        "pair": 1_098_240,
        "high_card": 1_302_540,
    },
    "cinq_parmi_sept": {
        "royal_flush": 4_324,
        "straight_flush": 37_260,
        "four_of_a_kind": 224_848,
        "full_house": 3_473_184,
        "flush": 4_047_644,
        "straight": 6_180_020,
        "three_of_a_kind": 6_461_620,
        "two_pair": 31_433_400,
        "pair": 58_627_800,
        "high_card": 23_294_460,
    },
    "quatre_parmi_cinq": {
        "four_of_a_kind": 624,
        "straight_flush": 2_072,
        "three_of_a_kind": 58_656,
        "flush": 114_616,
        "straight": 101_808,
        "two_pair": 123_552,
        "pair": 1_047_552,
        "high_card": 1_150_080,
    },
    "quatre_parmi_six": {"four_of_a_kind": 14_664, "straight_flush": 47_752, "three_of_a_kind": 897_616},
}


def _folded(kind):
    total, counts = count(kind)
    folded = by_category(counts)
    if kind in {"trois_cartes", "quatre_parmi_cinq", "quatre_parmi_six"}:  # no royal flush in these rankings
        folded["straight_flush"] += folded.pop("royal_flush", 0)
    return total, folded


@pytest.mark.parametrize("kind", sorted(PUBLISHED))
def test_distribution_matches_the_published_counts(kind):
    total, folded = _folded(kind)
    for category, expected in PUBLISHED[kind].items():
        assert folded[category] == expected, category
    assert total == sum(folded.values())


def test_4324_royal_flushes_among_133784560_seven_card_hands():
    total, counts = count("cinq_parmi_sept")
    assert total == 133_784_560
    assert counts["straight_flush:A"] == 4_324


@pytest.mark.parametrize(
    ("kind", "key", "cards"), [("trois_cartes", "qc.trois_cartes", 3), ("quatre_cartes", "qc.quatre_cartes", 4)]
)
def test_counting_equals_full_enumeration_of_every_hand(kind, key, cards):
    rules = ranking(key)
    enumerated = Counter(rules.fine_class(evaluate(hand, rules)) for hand in combinations(range(52), cards))
    assert count(kind)[1] == enumerated


def test_fine_classes_carry_what_pay_table_qualifiers_need():
    _total, counts = count("cinq_cartes")
    assert counts["pair:A"] == 84_480 and counts["two_pair:A-K"] == 1_584
    assert counts["four_of_a_kind:A"] == 48
    _total, counts = count("quatre_parmi_cinq")
    assert counts["pair:Q"] > 0 and counts["four_of_a_kind:A"] == 48
