"""Québec blackjack side bets (QC RJC art. 18.1, 21.1, 21.2): exact probabilities checked against an
enumeration of the physical shoe that shares no code with games/rtp/blackjack.py."""

from collections import Counter
from fractions import Fraction
from itertools import combinations, pairwise, permutations
from math import comb, perm

import pytest

from games.rtp import blackjack

DECK_COUNTS = range(1, 9)
PROGRESSIVE_LINES = [
    "suited_ace_to_five_first_5",
    "suited_two_to_five_first_4",
    "suited_four_to_six_first_3",
    "suited_ace_jack_first_2",
    "suited_blackjack_first_2",
    "pair_tens_or_better_first_2",
    "blackjack_first_2",
]
FACES = {"T", "J", "Q", "K"}


def shoe(decks):
    # every physical card is distinct, copies included
    return [(rank, suit, copy) for copy in range(decks) for rank in "A23456789TJQK" for suit in "cdhs"]


def as_dict(lines):
    return {line.hand: line.probability for line in lines}


def enumerate_ordered(decks, k, classify):
    counts, draws = Counter(), 0
    for draw in permutations(shoe(decks), k):
        counts[classify(draw)] += 1
        draws += 1
    return {hand: Fraction(n, draws) for hand, n in counts.items() if hand}


def blackjack_total(cards):
    values = [11 if rank == "A" else 10 if rank in FACES else int(rank) for rank, *_ in cards]
    total = sum(values)
    for _ in range(values.count(11)):
        if total > 21:
            total -= 10
    return total


def classify_12_16(draw):
    ranks = sorted(rank for rank, *_ in draw)
    if ranks in (["A", "A"], ["8", "8"]):
        return "pair_aces_or_eights"
    return "total_12_to_16" if 12 <= blackjack_total(draw) <= 16 else None


def classify_18_1(draw):
    ranks = sorted(rank for rank, *_ in draw)
    if ranks == ["7", "7", "7"]:
        return "three_sevens"
    if ranks == ["6", "7", "8"] and len({suit for _, suit, _ in draw}) == 1:
        return "suited_six_seven_eight"
    return None


def classify_21_2_first_3(draw):
    """Lines decided by the first three cards; the 4 and 5 card lines need 2, 3, 4, 5 among them, so a
    hand that meets one of these cannot meet a higher line."""
    suits = {suit for _, suit, _ in draw}
    if sorted(rank for rank, *_ in draw) == ["4", "5", "6"] and len(suits) == 1:
        return "suited_four_to_six_first_3"
    (rank_a, suit_a, _), (rank_b, suit_b, _) = draw[:2]
    pair = {rank_a, rank_b}
    if pair == {"A", "J"} and suit_a == suit_b:
        return "suited_ace_jack_first_2"
    is_blackjack = "A" in pair and bool(pair & FACES)
    if is_blackjack and suit_a == suit_b:
        return "suited_blackjack_first_2"
    if rank_a == rank_b and rank_a in FACES | {"A"}:
        return "pair_tens_or_better_first_2"
    return "blackjack_first_2" if is_blackjack else None


def classify_21_2_first_5(draw):
    suits = {suit for _, suit, _ in draw}
    if sorted(rank for rank, *_ in draw) == ["2", "3", "4", "5", "A"] and len(suits) == 1:
        return "suited_ace_to_five_first_5"
    first_four = draw[:4]
    if sorted(rank for rank, *_ in first_four) == ["2", "3", "4", "5"] and len({s for _, s, _ in first_four}) == 1:
        return "suited_two_to_five_first_4"
    return None


def test_18_1_21_1_21_2_decks_out_of_range_refused():
    for function in (blackjack.douze_seize, blackjack.progressive, blackjack.bonus):
        for decks in (0, 9, -1, 1.0, "1", True, None):
            with pytest.raises(ValueError, match="paquets"):
                function(decks)


@pytest.mark.parametrize("decks", [1, 2])
def test_21_1_matches_brute_force(decks):
    assert as_dict(blackjack.douze_seize(decks)) == enumerate_ordered(decks, 2, classify_12_16)


@pytest.mark.parametrize("decks", [1, 2])
def test_18_1_matches_brute_force(decks):
    assert as_dict(blackjack.bonus(decks)) == enumerate_ordered(decks, 3, classify_18_1)


@pytest.mark.parametrize("decks", [1, 2])
def test_21_2_first_2_and_3_card_lines_match_brute_force(decks):
    expected = enumerate_ordered(decks, 3, classify_21_2_first_3)
    got = as_dict(blackjack.progressive(decks))
    assert {hand: got[hand] for hand in expected} == expected
    assert len(expected) == 5


def test_21_2_single_deck_4_and_5_card_lines_match_exhaustive_enumeration():
    """Every ordered 5-card draw is an ordered first four (24 orders of one 4-card set) and a fifth card.
    Only a first four that is one suit and within A-5 can lead to these lines, so the 48 fifth cards
    are tried for those sets only; the others count as draws that pay neither."""
    deck = shoe(1)
    counts = Counter()
    for first_four in combinations(deck, 4):
        if len({suit for _, suit, _ in first_four}) > 1 or not {rank for rank, *_ in first_four} <= set("A2345"):
            continue
        for fifth in deck:
            if fifth not in first_four:
                counts[classify_21_2_first_5((*first_four, fifth))] += 24
    draws = comb(52, 4) * 24 * 48
    got = as_dict(blackjack.progressive(1))
    assert got["suited_ace_to_five_first_5"] == Fraction(counts["suited_ace_to_five_first_5"], draws)
    assert got["suited_two_to_five_first_4"] == Fraction(counts["suited_two_to_five_first_4"], draws)


@pytest.mark.parametrize("decks", DECK_COUNTS)
def test_21_2_4_and_5_card_lines_match_ordered_counting(decks):
    """Ordered 5-card draws: 5! orders of the suited A-5; 4! orders of a suited 2-3-4-5 followed by any
    card but the `decks` aces of that suit (those pay the 100 % line)."""
    cards = 52 * decks
    got = as_dict(blackjack.progressive(decks))
    assert got["suited_ace_to_five_first_5"] == Fraction(4 * perm(5) * decks**5, perm(cards, 5))
    assert got["suited_two_to_five_first_4"] == Fraction(4 * perm(4) * decks**4 * (cards - 4 - decks), perm(cards, 5))
    assert got["suited_four_to_six_first_3"] == Fraction(4 * perm(3) * decks**3, perm(cards, 3))


@pytest.mark.parametrize("decks", DECK_COUNTS)
def test_21_1_21_2_two_card_lines_match_enumeration_by_card_kind(decks):
    """The 52 (rank, suit) kinds each hold `decks` cards: an ordered pair of kinds is drawn in
    decks·decks ways, or decks·(decks − 1) for the same kind twice."""
    kinds = [(rank, suit, 0) for rank in "A23456789TJQK" for suit in "cdhs"]
    douze, progressive = Counter(), Counter()
    for first in kinds:
        for second in kinds:
            ways = decks * (decks - (first == second))
            douze[classify_12_16((first, second))] += ways
            # a third card that is no 4, 5 or 6 leaves only the two-card lines to decide
            progressive[classify_21_2_first_3((first, second, ("9", "c", 0)))] += ways
    draws = perm(52 * decks, 2)
    assert as_dict(blackjack.douze_seize(decks)) == {h: Fraction(n, draws) for h, n in douze.items() if h}
    got = as_dict(blackjack.progressive(decks))
    assert {h: got[h] for h in PROGRESSIVE_LINES[3:]} == {h: Fraction(n, draws) for h, n in progressive.items() if h}


def test_21_1_hand_checked_single_deck():
    got = as_dict(blackjack.douze_seize(1))
    assert got["pair_aces_or_eights"] == Fraction(2 * comb(4, 2), comb(52, 2)) == Fraction(12, 1326)
    assert got["total_12_to_16"] == Fraction(22, 51)


def test_21_2_hand_checked_single_deck():
    got = as_dict(blackjack.progressive(1))
    any_blackjack = Fraction(2 * 4 * 16, 52 * 51)
    assert got["suited_ace_jack_first_2"] + got["suited_blackjack_first_2"] + got["blackjack_first_2"] == any_blackjack
    assert got["suited_ace_jack_first_2"] == Fraction(2 * 4, 52 * 51)
    assert got["suited_blackjack_first_2"] == Fraction(2 * 4 * 3, 52 * 51)
    assert got["pair_tens_or_better_first_2"] == Fraction(5 * comb(4, 2), comb(52, 2))
    assert got["suited_ace_to_five_first_5"] == Fraction(4, comb(52, 5)) == Fraction(1, 649740)
    assert got["suited_two_to_five_first_4"] == Fraction(4, comb(52, 4)) * Fraction(47, 48)
    assert got["suited_four_to_six_first_3"] == Fraction(4, comb(52, 3))


def test_18_1_hand_checked():
    assert as_dict(blackjack.bonus(1)) == {
        "three_sevens": Fraction(4, 22100),
        "suited_six_seven_eight": Fraction(4, 22100),
    }
    assert as_dict(blackjack.bonus(8)) == {
        "three_sevens": Fraction(comb(32, 3), comb(416, 3)),
        "suited_six_seven_eight": Fraction(4 * 8**3, comb(416, 3)),
    }


def test_18_1_21_1_21_2_lines_exclusive_in_order_with_notes():
    for decks in DECK_COUNTS:
        for function, hands in (
            (blackjack.douze_seize, ["pair_aces_or_eights", "total_12_to_16"]),
            (blackjack.progressive, PROGRESSIVE_LINES),
            (blackjack.bonus, ["three_sevens", "suited_six_seven_eight"]),
        ):
            lines = function(decks)
            assert [line.hand for line in lines] == hands
            assert all(line.probability > 0 for line in lines)
            assert sum(line.probability for line in lines) < 1
        # the 3, 4 and 5 card lines say that a player standing early lowers the hit rate
        noted = [line.hand for line in blackjack.progressive(decks) + blackjack.bonus(decks) if line.note]
        assert noted == PROGRESSIVE_LINES[:3] + ["three_sevens", "suited_six_seven_eight"]


def test_18_1_21_1_21_2_direction_with_more_decks():
    def series(function, hand):
        return [as_dict(function(decks))[hand] for decks in DECK_COUNTS]

    def increasing(values):
        return all(a < b for a, b in pairwise(values))

    # more copies of a rank make pairs and three of a kind likelier
    assert increasing(series(blackjack.bonus, "three_sevens"))
    assert increasing(series(blackjack.douze_seize, "pair_aces_or_eights"))
    assert increasing(series(blackjack.progressive, "pair_tens_or_better_first_2"))
    # distinct kinds: the first one dealt leaves the next one whole in a smaller shoe, which favours few decks
    for hand in PROGRESSIVE_LINES[:5] + ["blackjack_first_2"]:
        assert increasing(series(blackjack.progressive, hand)[::-1]), hand
    assert increasing(series(blackjack.bonus, "suited_six_seven_eight")[::-1])
    assert increasing(series(blackjack.douze_seize, "total_12_to_16")[::-1])
