"""Poker grand prix withdrawals (QC RJC art. 67.4 to 67.8) and the 3-5-7 seven-card bet withdrawal
(art. 67.47, 67.50): the exact returns checked against the hand distributions, single decisions
recomputed by brute force, the rules in words against every optimal decision."""

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from games.hands.cards import parse
from games.hands.distributions import count as count_uncached
from games.hands.fast import evaluate_many
from games.hands.poker import evaluate as evaluate_hand
from games.hands.ranking import ranking
from games.rtp import grand_prix, trois_cinq_sept
from games.rtp.hands import winning_line
from games.rules.yamlfile import read

pytestmark = pytest.mark.django_db  # the pay tables are read from the database, as the evaluations read them

RANKING = "lu.cinq_cartes"
count = cache(count_uncached)  # the seven-card count takes seconds; several tests read it


@pytest.fixture(scope="module")
def grand_prix_result(django_db_setup, django_db_blocker):
    # read-only: the rules were loaded, committed, with the test database
    with django_db_blocker.unblock():
        return grand_prix.evaluate()


@pytest.fixture(scope="module")
def trois_cinq_sept_result(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return trois_cinq_sept.evaluate()


def net_of(lines):
    """fine class → net result of one unit, through the shared predicates, not the modules' tables."""
    hands = [line.hand for line in lines]

    def net(fine):
        found = winning_line(fine, hands)
        return Fraction(-1) if found is None else lines[found].net

    return net


def distribution_return(kind, paytable_key):
    total, counts = count(kind)
    net = net_of(grand_prix.paytable(paytable_key)[1])
    return sum(number * net(fine) for fine, number in counts.items()) / total


# --- Poker grand prix -----------------------------------------------------------------------------


def test_art_67_8_always_keep_equals_five_card_distribution(grand_prix_result):
    per_bet = distribution_return("cinq_cartes", "qc.grand_prix.main")
    assert grand_prix_result.details["expected_by_bet"]["bet3"] == per_bet
    assert grand_prix_result.details["always_keep_expected"] == 3 * per_bet


def test_art_67_8_outcome_probabilities_match_distribution(grand_prix_result):
    total, counts = count("cinq_cartes")
    net = net_of(grand_prix.paytable("qc.grand_prix.main")[1])
    outcomes = grand_prix_result.details["outcomes"]
    assert sum(o["probability"] for o in outcomes) == 1
    for outcome in outcomes:
        hands = sum(n for fine, n in counts.items() if net(fine) == outcome["net"])
        assert outcome["probability"] == Fraction(hands, total), outcome["label"]


def test_art_67_6_optimal_withdrawal_exact(grand_prix_result):
    result = grand_prix_result
    assert (result.method, result.optimal, result.game, result.strategy) == (
        "exact",
        True,
        "qc.grand_prix",
        "retrait_optimal",
    )
    assert isinstance(result.expected, Fraction)
    assert result.expected > result.details["always_keep_expected"]
    # the table and deal of Let It Ride: 3.51 % of one bet is the published figure
    assert result.expected == Fraction(-37963, 1082900)
    assert result.details["expected_per_initial_stake"] == result.expected / 3
    by_bet = result.details["expected_by_bet"]
    assert result.expected == by_bet["bet1"] + by_bet["bet2"] + by_bet["bet3"]
    assert 1 < result.average_stake < 3
    assert result.average_stake == 1 + result.details["bet1_kept_probability"] + result.details["bet2_kept_probability"]
    assert result.details["bet1_kept_starts"] == 1608
    assert result.details["bet2_kept_states"] == 40865


def brute_bet_value(cards):
    """One bet's expectation given the known cards, over every completion to five, hand by hand."""
    rules = ranking(RANKING)
    net = net_of(grand_prix.paytable("qc.grand_prix.main")[1])
    rest = [c for c in range(52) if c not in cards]
    results = [net(rules.fine_class(evaluate_hand(cards + more, rules))) for more in combinations(rest, 5 - len(cards))]
    return sum(results) / len(results)


@pytest.mark.parametrize(
    ("hand", "keep"),
    [
        ("Ah Kh Qh", True),  # three to a royal flush
        ("Tc Td 2s", True),  # a paying pair
        ("9c 9d Ks", False),  # a pair that does not pay
        ("2c 5d 9h", False),  # three unsuited low cards
        ("Jc 9c 8c", True),  # one gap, one high card
        ("Jc 9c 7c", False),  # two gaps, one high card
        ("4s 3s 2s", False),  # in a row but only one straight flush upward
        ("As 3s 2s", False),
    ],
)
def test_art_67_6_bet1_spot_checks(grand_prix_result, hand, keep):
    cards = parse(hand)
    value = grand_prix.bet1_value(cards)
    assert value == brute_bet_value(cards)
    assert (value > 0) is keep
    assert grand_prix.rule_keeps_bet1(cards) is keep


@pytest.mark.parametrize(
    ("hand", "value_sign"),
    [
        ("Ah Kh Qh 3h", 1),  # four to a flush
        ("9c Td Jh Qs", 1),  # outside straight with high cards
        ("5c 6d 7h 8s", 0),  # outside straight, no high card: 8 × 5 = 40 outs against 40 losses
        ("Jc Qd Kh As", 0),  # inside straight, four high cards
        ("9c 9d 5h 2s", -1),  # a pair that does not pay
        ("Kc Kd 5h 2s", 1),  # already paid
    ],
)
def test_art_67_6_bet2_spot_checks(grand_prix_result, hand, value_sign):
    cards = parse(hand)
    value = grand_prix.bet2_value(cards)
    assert value == brute_bet_value(cards)
    assert (value > 0) - (value < 0) == value_sign
    assert grand_prix.rule_keeps_bet2(cards) is (value > 0)


def test_art_67_6_rule_in_words_takes_every_optimal_decision(grand_prix_result):
    tables = grand_prix._tables()
    starts = grand_prix.all_hands(3).tolist()
    assert [grand_prix.rule_keeps_bet1(s) for s in starts] == (tables.three > 0).tolist()
    states = grand_prix.all_hands(4).tolist()
    assert [grand_prix.rule_keeps_bet2(s) for s in states] == (tables.four > 0).tolist()
    table = grand_prix_result.details["strategy"]
    assert "JT9s" in table["bet1_keep"] and "432s" not in table["bet1_keep"]
    assert "KQJT" in table["bet2_keep"] and "8765" not in table["bet2_keep"]


def test_colex_index_enumerates_every_set():
    for size in (3, 4):
        hands = grand_prix.all_hands(size)
        assert len(hands) == comb(52, size)
        assert (np.diff(hands, axis=1) > 0).all()
        assert (grand_prix.colex_index(hands) == np.arange(len(hands))).all()


# --- Poker 3-5-7, seven-card bet --------------------------------------------------------------------


def test_art_67_50_always_keep_equals_seven_card_distribution(trois_cinq_sept_result):
    expected = distribution_return("cinq_parmi_sept", "qc.357.sept_cartes")
    assert trois_cinq_sept_result.details["always_keep_expected"] == expected


def test_art_67_50_always_keep_line_probabilities(trois_cinq_sept_result):
    total, counts = count("cinq_parmi_sept")
    net = net_of(grand_prix.paytable("qc.357.sept_cartes")[1])
    for outcome in trois_cinq_sept_result.details["outcomes"][:-1]:
        hands = sum(n for fine, n in counts.items() if net(fine) == outcome["net"])
        assert outcome["probability_always_keep"] == Fraction(hands, total), outcome["label"]
    assert sum(o["probability"] for o in trois_cinq_sept_result.details["outcomes"]) == 1


def test_art_67_47_optimal_withdrawal_strictly_better(trois_cinq_sept_result):
    result = trois_cinq_sept_result
    assert (result.method, result.optimal, result.game) == ("exact", True, "qc.357")
    assert isinstance(result.expected, Fraction)
    assert result.expected > result.details["always_keep_expected"]
    assert result.expected == Fraction(-2731059, 83615350)
    assert result.details["start_classes"] == 1755
    assert result.details["withdrawn_starts"] == 96


def brute_keep_value(start):
    """Seven-card bet kept: every dealer hand evaluated whole, lines read from the fine class."""
    rules = ranking(RANKING)
    net = net_of(grand_prix.paytable("qc.357.sept_cartes")[1])
    rest = [c for c in range(52) if c not in start]
    dealer = np.array(list(combinations(rest, 4)), dtype=np.int64)
    hands = np.hstack([np.tile(np.array(start, dtype=np.int64), (len(dealer), 1)), dealer])
    values, numbers = np.unique(evaluate_many(hands, RANKING), return_counts=True)
    total = sum(int(n) * net(rules.fine_class(int(v))) for v, n in zip(values, numbers, strict=True))
    return total / len(dealer)


@pytest.mark.parametrize(
    ("hand", "withdraw"),
    [
        ("7c 3d 2h", True),
        ("9c 4d 2h", True),
        ("7c 4d 2h", False),  # the closest kept: −0.4965
        ("7c 3c 2h", False),  # two suited: a flush is in reach
        ("Ah Kh Qh", False),
        ("2c 2d 2h", False),
    ],
)
def test_art_67_47_withdraw_exactly_below_minus_half(trois_cinq_sept_result, hand, withdraw):
    start = parse(hand)
    value = brute_keep_value(start)
    assert trois_cinq_sept.keep_value(start) == value
    assert (value < trois_cinq_sept.WITHDRAWAL) is withdraw
    assert trois_cinq_sept.rule_withdraws(start) is withdraw
    labels = {label: keep for label, _, _, keep in trois_cinq_sept.decisions()}
    assert labels[trois_cinq_sept.class_label(start)] is not withdraw


def test_art_67_47_rule_in_words_takes_every_optimal_decision(trois_cinq_sept_result):
    found = trois_cinq_sept.decisions()
    keep = {label: kept for label, _, _, kept in found}
    assert len(keep) == 1755 and sum(weight for _, weight, _, _ in found) == comb(52, 3)
    for start in combinations(range(52), 3):
        assert trois_cinq_sept.rule_withdraws(start) is not keep[trois_cinq_sept.class_label(start)]
    assert trois_cinq_sept_result.details["strategy"]["withdraw"] == ["7a3b2c", "8a3b2c", "9a3b2c", "9a4b2c"]


# --- Strategy files and progress ------------------------------------------------------------------


@pytest.mark.parametrize("module", [grand_prix, trois_cinq_sept])
def test_strategy_file_matches_evaluation(module):
    document = read(Path(module.__file__).parent / "strategies" / f"{module.GAME}.yaml")
    assert document["game"] == module.GAME
    (entry,) = document["strategies"]
    assert entry["key"] == module.STRATEGY
    assert entry["optimal"] is True
    assert tuple(entry["articles"]) == module.ARTICLES
    assert entry["description"] and entry["description_en"]


def test_citations_come_from_the_rule_data_and_a_draft_says_so(grand_prix_result, trois_cinq_sept_result):
    # Grand prix rests on QC D. 1675-95 (in force), the 3-5-7 on the Québec 2007 draft
    assert grand_prix_result.citations[0] == "QC RJC art. 67.1" and len(grand_prix_result.citations) == 6
    assert not any("projet" in cited for cited in grand_prix_result.citations)
    assert grand_prix_result.details["unit"] == "une des trois mises égales (QC RJC art. 67.4) / one of the three " \
                                                "equal bets"
    assert trois_cinq_sept_result.citations[-1] == "QC RJC art. 67.50 (projet)"
    assert all(cited.endswith(" (projet)") for cited in trois_cinq_sept_result.citations)
    withdrawn = trois_cinq_sept_result.details["outcomes"][-1]
    assert (withdrawn["label"], withdrawn["label_en"]) == ("Mise retirée (QC RJC art. 67.47 (projet))",
                                                           "Bet withdrawn (QC RJC art. 67.47 (projet))")


@pytest.mark.parametrize("module", [grand_prix, trois_cinq_sept])
def test_progress_is_reported(module, grand_prix_result, trois_cinq_sept_result):
    calls = []
    result = module.evaluate(lambda done, total: calls.append((done, total)))
    assert calls and all(0 <= done <= total for done, total in calls)
    assert calls[-1][0] == calls[-1][1]
    assert result.expected == (grand_prix_result if module is grand_prix else trois_cinq_sept_result).expected


def test_cards_are_checked(grand_prix_result):
    with pytest.raises(ValueError):
        grand_prix.bet1_value(parse("Ah Kh"))
    with pytest.raises(ValueError):
        grand_prix.bet2_value((0, 0, 1, 2))
    with pytest.raises(ValueError):
        trois_cinq_sept.keep_value((0, 1, 52))
