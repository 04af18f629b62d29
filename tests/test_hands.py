"""Hand evaluators, case by case after the articles, then cross-checked on random hands: against
treys (an independent evaluator) for five and seven cards and Omaha, and against a naive reference
written here for the three- and four-card rankings, which no library implements in the Québec order."""

from itertools import combinations

import numpy as np
import pytest
from treys import Card as TreysCard
from treys import Evaluator

from games.hands.cards import RANKS, SUITS, parse
from games.hands.fast import evaluate_many, random_hands
from games.hands.poker import compare, evaluate, omaha
from games.hands.ranking import ranking
from games.rules.yamlfile import read

FIVE, FOUR, THREE = ranking("lu.cinq_cartes"), ranking("qc.quatre_cartes"), ranking("qc.trois_cartes")
SAMPLE = 30_000


def fine(text, rules=FIVE):
    return rules.fine_class(evaluate(parse(text), rules))


def test_67_43_three_card_order_straight_flush_trips_straight_flush_pair():
    ordered = ["2h 3h 4h", "5c 5d 5s", "9c Td Jh", "2h 7h Kh", "Qc Qd 3s", "Ac Kd 9h"]
    values = [evaluate(parse(hand), THREE) for hand in ordered]
    assert values == sorted(values, reverse=True)
    assert [THREE.category(v) for v in values] == [
        "straight_flush",
        "three_of_a_kind",
        "straight",
        "flush",
        "pair",
        "high_card",
    ]


def test_67_41_ace_completes_a23_and_akq_never_wraps():
    assert fine("Ah 2d 3c", THREE) == "straight:3"
    assert fine("Qh Kd Ac", THREE) == "straight:A"
    assert fine("Kh Ad 2c", THREE) == "high_card"


def test_67_65_four_card_order_puts_quads_above_straight_flush_and_trips_above_flush():
    quads, straight_flush = evaluate(parse("9c 9d 9h 9s"), FOUR), evaluate(parse("Jh Qh Kh Ah"), FOUR)
    trips, flush, straight = (evaluate(parse(h), FOUR) for h in ("2c 2d 2h 7s", "2h 7h 9h Kh", "Ts Jd Qc Kh"))
    assert quads > straight_flush > trips > flush > straight


def test_67_64_four_card_straights_a234_and_akqj_but_not_qka2():
    assert fine("Ah 2d 3c 4s", FOUR) == "straight:4"
    assert fine("Jh Qd Kc As", FOUR) == "straight:A"
    assert fine("Qh Kd Ac 2s", FOUR) == "high_card"


def test_67_69_67_71_dealer_best_four_of_six_cards():
    assert fine("2h 3h 4h 5h 9c 9d", FOUR) == "straight_flush:5"
    assert fine("2h 3h 5h 7h 9c 9d", FOUR) == "flush"  # a pair does not beat a flush in 67.65
    assert fine("2h 3h 5h 7h 7c 7d", FOUR) == "three_of_a_kind:7"  # trips do


def test_67_54_wheel_is_the_lowest_straight_and_qka23_is_not_one():
    assert fine("Ah 2d 3c 4s 5h") == "straight:5"
    assert fine("Qh Kd Ac 2s 3h") == "high_card"
    assert evaluate(parse("Ah 2d 3c 4s 5h")) < evaluate(parse("2d 3c 4s 5h 6c"))


def test_67_55_67_66_67_77_highest_card_decides_equal_combinations():
    assert evaluate(parse("Kh Kd Ac 7s 2h")) > evaluate(parse("Ks Kc Qc Js 9h"))
    assert compare(evaluate(parse("Kh Kd Ac 7s 2h")), evaluate(parse("Ks Kc Ad 7c 2d"))) == 0
    assert evaluate(parse("Ah Kd 7c 5s"), FOUR) > evaluate(parse("Ad Kc 7h 4s"), FOUR)


def test_lu_49_1_perfect_tie_when_both_play_the_board():
    board = parse("As Ks Qd Jc Th")
    assert compare(evaluate(board + parse("2c 3d")), evaluate(board + parse("2d 4h"))) == 0


def test_lu_49_5_omaha_uses_exactly_two_hole_cards_and_three_board_cards():
    # four hearts on the board and one in hand: no flush in Omaha, a flush in hold'em
    hole, board = parse("Ah Kc 7d 2s"), parse("3h 8h Jh Qh 4c")
    assert FIVE.category(omaha(hole, board)) == "high_card"
    assert FIVE.category(evaluate(hole + board)) == "flush"
    # four aces in hand: only a pair of them can play
    assert ranking("lu.omaha").fine_class(omaha(parse("Ac Ad Ah As"), parse("2c 7d 9h Js 4c"))) == "pair:A"


def test_quinte_is_a_straight_flush_in_quebec_and_a_straight_in_luxembourg():
    def label(path, key):
        return next(c["label"] for c in read(path)["classes"] if c["key"] == key)

    assert label("games/rules/rankings/qc/cinq_cartes.yaml", "straight_flush") == "Quinte"
    assert label("games/rules/rankings/lu/cinq_cartes.yaml", "straight") == "Quinte"
    assert FIVE.index("straight") < FIVE.index("flush") < FIVE.index("straight_flush")


# --- random cross-checks -------------------------------------------------------------------------

TREYS = Evaluator()
TREYS_DECK = [TreysCard.new(RANKS[c >> 2] + SUITS[c & 3]) for c in range(52)]


def _consistent(ours: np.ndarray, reference: np.ndarray, lower_is_better: bool) -> None:
    """Our values and the reference order hands identically: same classes, same order."""
    pairs = sorted(set(zip(ours.tolist(), reference.tolist(), strict=True)))
    assert len({o for o, _ in pairs}) == len(pairs) == len({r for _, r in pairs}), "not the same classes"
    refs = [r for _, r in pairs]
    assert refs == sorted(refs, reverse=lower_is_better), "not the same order"


@pytest.mark.parametrize("cards", [5, 7])
def test_five_and_seven_card_values_agree_with_treys_on_30000_random_hands(cards):
    hands = random_hands(SAMPLE, cards, np.random.default_rng(cards))
    ours = evaluate_many(hands, "lu.cinq_cartes")
    theirs = np.array(
        [TREYS.evaluate([TREYS_DECK[c] for c in h[:2]], [TREYS_DECK[c] for c in h[2:]]) for h in hands.tolist()]
    )
    _consistent(ours, theirs, lower_is_better=True)
    # the single-hand evaluator gives the same values as the batch one
    assert [evaluate(tuple(h)) for h in hands[:2000].tolist()] == ours[:2000].tolist()


def test_omaha_agrees_with_treys_on_30000_random_deals():
    deals = random_hands(SAMPLE, 9, np.random.default_rng(9))
    holes, boards = deals[:, :4], deals[:, 4:]
    picks = [(h, b) for h in combinations(range(4), 2) for b in combinations(range(5), 3)]
    fives = np.concatenate([np.concatenate([holes[:, list(h)], boards[:, list(b)]], axis=1) for h, b in picks])
    ours = evaluate_many(fives, "lu.omaha").reshape(len(picks), SAMPLE).max(axis=0)
    lookup = {}
    for cards in fives.tolist():  # treys on each of the 60 five-card hands, best kept
        key = tuple(sorted(cards))
        if key not in lookup:
            lookup[key] = TREYS.evaluate([TREYS_DECK[c] for c in key[:2]], [TREYS_DECK[c] for c in key[2:]])
    theirs = np.array([lookup[tuple(sorted(c))] for c in fives.tolist()]).reshape(len(picks), SAMPLE).min(axis=0)
    _consistent(ours, theirs, lower_is_better=True)
    assert [omaha(tuple(d[:4]), tuple(d[4:])) for d in deals[:300].tolist()] == ours[:300].tolist()


# Naive reference for the Québec three- and four-card orders: category by definition, then ranks.
def _naive(hand, size):
    ranks = sorted((c >> 2 for c in hand), reverse=True)
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    flush = len({c & 3 for c in hand}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == size and (
        distinct[-1] - distinct[0] == size - 1 or distinct == [0, 1, 2, 12][: size - 1] + [12]
    )
    top = (
        (size - 2 if distinct[-1] == 12 and distinct[0] == 0 and distinct[-2] != 11 else distinct[-1])
        if straight
        else 0
    )
    by_count = [r for _, r in counts]
    if size == 3:
        order = ["high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush"]
        if straight and flush:
            return order.index("straight_flush"), [top]
        if counts[0][0] == 3:
            return order.index("three_of_a_kind"), by_count
        if straight:
            return order.index("straight"), [top]
        if flush:
            return order.index("flush"), ranks
        return (order.index("pair"), by_count) if counts[0][0] == 2 else (0, ranks)
    order = [
        "high_card",
        "pair",
        "two_pair",
        "straight",
        "flush",
        "three_of_a_kind",
        "straight_flush",
        "four_of_a_kind",
    ]
    if counts[0][0] == 4:
        return order.index("four_of_a_kind"), by_count
    if straight and flush:
        return order.index("straight_flush"), [top]
    if counts[0][0] == 3:
        return order.index("three_of_a_kind"), by_count
    if flush:
        return order.index("flush"), ranks
    if straight:
        return order.index("straight"), [top]
    if counts[0][0] == 2:
        return (order.index("two_pair"), by_count) if counts[1][0] == 2 else (order.index("pair"), by_count)
    return 0, ranks


@pytest.mark.parametrize(
    ("size", "cards", "key"),
    [(3, 3, "qc.trois_cartes"), (4, 4, "qc.quatre_cartes"), (4, 5, "qc.quatre_cartes"), (4, 6, "qc.quatre_cartes")],
)
def test_three_and_four_card_values_agree_with_a_naive_reference_on_30000_random_hands(size, cards, key):
    hands = random_hands(SAMPLE, cards, np.random.default_rng(10 * size + cards))
    ours = evaluate_many(hands, key)
    reference = {}
    naive = []
    for hand in hands.tolist():
        best = max(_naive(sub, size) for sub in combinations(hand, size))
        naive.append(reference.setdefault(repr(best), len(reference)))
    # the naive keys are not integers in order: compare through ranks of the sorted naive values
    order = {k: i for i, k in enumerate(sorted(reference, key=lambda text: eval(text)))}  # noqa: S307 — our own repr
    ranked = np.array([order[list(reference)[n]] for n in naive])
    _consistent(ours, ranked, lower_is_better=False)
