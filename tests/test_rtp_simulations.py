"""Monte Carlo house edge of the strategy-dependent poker games: settlement by hand-built deals,
determinism, plausible figures, stored strategies. Numpy, with the rules read from the database
(games.selectors, as the evaluations read them)."""

import numpy as np
import pytest

from games.hands.cards import parse
from games.hands.fast import evaluate_many
from games.hands.ranking import ranking
from games.rtp import games_holdem as holdem
from games.rtp import games_poker as poker
from games.rtp.simulate import deal, exact_side_bet, hand_mask, paytable, strategy

pytestmark = pytest.mark.django_db

ROUNDS = 20_000


def value(text: str, ranking_key: str) -> np.ndarray:
    return evaluate_many(np.array([parse(text)]), ranking_key)


def five(text):
    return value(text, "qc.cinq_cartes")


def four(text):
    return value(text, "qc.quatre_cartes")


def seven(text):
    return value(text, "lu.cinq_cartes")


YES, NO = np.array([True]), np.array([False])


def settled(*arrays):
    return [float(a[0]) for a in arrays]


# --- Poker des Caraïbes --------------------------------------------------------------------------


def test_caraibes_67_17_dealer_without_a_king_or_an_ace_does_not_open():
    player = five("5c 5d 9h Jc 2s")
    # initial paid even, additional void
    assert settled(*poker.settle_caraibes(player, five("Qc Jd 9s 7h 3c"), YES)) == [1.0, 0.0]
    # « un roi, un as »: king high or ace high opens, and the pair of fives then wins both bets
    for dealer in ("Ac Qd 9s 7h 3c", "Kc Qd 9s 7h 3c"):
        assert settled(*poker.settle_caraibes(player, five(dealer), YES)) == [1.0, 2.0]
    # the usual game's ace-and-king rule, the other reading: neither opens
    for dealer in ("Ac Qd 9s 7h 3c", "Kc Qd 9s 7h 3c"):
        assert settled(*poker.settle_caraibes(player, five(dealer), YES, qualification="as_roi")) == [1.0, 0.0]


def test_caraibes_67_20_pays_the_additional_bet_on_the_table_from_a_pair_of_tens():
    dealer = five("Ac Kd 9s 7h 3c")  # opens with ace-king
    assert settled(*poker.settle_caraibes(five("Tc Td 9h Jc 2s"), dealer, YES)) == [1.0, 2.0]
    assert settled(*poker.settle_caraibes(five("Tc Th Td 4c 2s"), dealer, YES)) == [3.0, 6.0]  # « les mises »
    # a pair of fives wins but is not on the table: « les mises sont gagnantes », paid even money
    assert settled(*poker.settle_caraibes(five("5c 5d 9h Jc 2s"), dealer, YES)) == [1.0, 2.0]
    # the other reading: its additional bet only returned
    assert settled(*poker.settle_caraibes(five("5c 5d 9h Jc 2s"), dealer, YES, unlisted=0.0)) == [1.0, 0.0]
    assert settled(*poker.settle_caraibes(five("Ac Kh 9d 7s 3h"), dealer, YES)) == [0.0, 0.0]  # 67.19
    assert settled(*poker.settle_caraibes(five("Ac Qh 9d 7s 3h"), dealer, YES)) == [-1.0, -2.0]
    assert settled(*poker.settle_caraibes(five("Ac Qh 9d 7s 3h"), dealer, NO)) == [-1.0, 0.0]  # 67.16


def test_caraibes_67_16_strategy_calls_with_a_pair_or_better():
    hands = np.concatenate([five("2c 2d 9h Jc 4s"), five("Ac Kd Qh Jc 9s")])
    assert poker.caraibes_raises(hands).tolist() == [True, False]


# --- Poker de Boston -----------------------------------------------------------------------------


def test_boston_67_63_pays_the_initial_bet_whatever_the_dealer_holds():
    dealer_flush = five("2h 5h 8h Jh Kh")
    # two pair, tens up, loses to the flush: initial paid 2 to 1, additional bets (2 + 2) lost
    assert settled(*poker.settle_boston(five("Tc Td 4s 4c Ah"), dealer_flush, YES)) == [2.0, -4.0]
    # 67.62: a win without a paying hand voids the initial bet and pays both additional bets 1 to 1
    assert settled(*poker.settle_boston(five("Ac Ad 4s 7c 9h"), five("Kc Kd 4h 7d 9s"), YES)) == [0.0, 4.0]
    assert settled(*poker.settle_boston(five("Kc Kd 4h 7d 9s"), five("Ac Ad 4s 7c 9h"), YES)) == [-1.0, -4.0]
    assert settled(*poker.settle_boston(five("4c 4d 9s 9c Ah"), five("Kc Kd 4h 7d 9s"), YES)) == [0.0, 4.0]
    # 67.58: no second additional bet, the initial and first additional bets are lost
    assert settled(*poker.settle_boston(five("Tc Td 4s 4c Ah"), dealer_flush, NO)) == [-1.0, -2.0]


# --- Poker 4 Cartes ------------------------------------------------------------------------------


def test_quatre_cartes_67_72_player_wins_ties():
    player, dealer = four("Kc Kd 9s 5c 2h"), four("Kh Ks 9d 5h 3h 2d")
    assert player[0] == dealer[0]
    assert settled(*poker.settle_quatre_cartes(player, dealer, np.array([3.0]))) == [1.0, 3.0]
    assert settled(*poker.settle_quatre_cartes(player, four("Ah As 9d 5h 3h 2d"), np.array([1.0]))) == [-1.0, -1.0]


def test_quatre_cartes_67_73_bonus_on_top_of_the_initial_bet():
    trips = four("7c 7d 7s Kc 2h")
    # trips lose to quads: initial lost (-1) but its bonus (2 to 1) is paid anyway
    assert settled(*poker.settle_quatre_cartes(trips, four("9c 9d 9h 9s 3h 2d"), np.array([3.0]))) == [1.0, -3.0]
    assert settled(*poker.settle_quatre_cartes(trips, four("9c 9d 9h 9s 3h 2d"), np.array([0.0]))) == [-1.0, 0.0]


def test_quatre_cartes_67_70_strategy_by_pair():
    hands = np.concatenate([four(h) for h in ("Tc Td 4s 7c 2h", "3c 3d 9s Kc Ah", "2c 2d 9s Kc Ah", "Ac Kd Qs 9c 7h")])
    assert poker.quatre_cartes_raise(hands).tolist() == [3.0, 1.0, 0.0, 0.0]


# --- Fou du poker --------------------------------------------------------------------------------


def test_fou_67_83_ties_are_void():
    player, dealer = four("Kc Kd 9s 5c 2h"), four("Kh Ks 9d 5h 3h")
    assert player[0] == dealer[0]
    assert settled(*poker.settle_fou(player, dealer, np.array([1.0]))) == [0.0, 0.0, 0.0]


def test_fou_67_82_dealer_below_king_pays_the_additional_bet_only():
    dealer = four("Qc Jd 9s 5c 2h")
    assert settled(*poker.settle_fou(four("Kc Qd 8s 4c 2h"), dealer, np.array([1.0]))) == [0.0, 0.0, 1.0]
    # 67.85: a straight's super bonus is paid even so
    assert settled(*poker.settle_fou(four("5c 6d 7s 8c Kh"), dealer, np.array([1.0]))) == [0.0, 1.0, 1.0]


def test_fou_67_84_to_67_86_settlement_against_an_open_dealer():
    dealer = four("Kh Qs 9d 5h 3h")
    assert settled(*poker.settle_fou(four("Ac Ad 9s 5c 2h"), dealer, np.array([3.0]))) == [1.0, 0.0, 3.0]
    assert settled(*poker.settle_fou(four("Kc Jd 9s 5c 2h"), dealer, np.array([1.0]))) == [-1.0, -1.0, -1.0]
    four_aces = four("Ac Ad Ah As 2h")
    assert settled(*poker.settle_fou(four_aces, dealer, np.array([3.0]))) == [1.0, 200.0, 3.0]
    assert settled(*poker.settle_fou(four_aces, dealer, np.array([0.0]))) == [-1.0, -1.0, 0.0]  # 67.81


def test_fou_67_81_strategy():
    hands = np.concatenate([four(h) for h in ("Ac Ad 9s 5c 2h", "Kc Qd 8s 4c 2h", "Kc Qd 7s 4c 2h", "2c 2d 9s 5c 3h")])
    assert poker.fou_play(hands).tolist() == [3.0, 1.0, 0.0, 1.0]


# --- Ultimate Texas Hold'em and Hold'em poker de casino ------------------------------------------


@pytest.mark.parametrize("game", ["lu.uth", "mc.uth"])
def test_uth_dealer_without_a_pair_returns_the_ante(game):
    board = "2c 7d 9h Jc Ks"
    dealer = seven("3d 4h " + board)
    straight = seven("Tc Qd " + board)
    # ante returned; blind paid 1 to 1 for the straight; play bet paid
    assert settled(*holdem.settle_uth(straight, dealer, np.array([4.0]), game=game)) == [0.0, 1.0, 4.0]
    ace_high = seven("Ad 3c " + board)
    assert settled(*holdem.settle_uth(ace_high, dealer, np.array([1.0]), game=game)) == [0.0, 0.0, 1.0]
    assert settled(*holdem.settle_uth(ace_high, dealer, np.array([0.0]), game=game)) == [-1.0, -1.0, 0.0]


def test_mc_uth_blind_read_as_a_net_gain_and_the_total_return_reading():
    board = "2c 7d 9h Jc Ks"
    straight, dealer = seven("Tc Qd " + board), seven("3d 4h " + board)
    # « 1 POUR 1 » as MC AM 2007-668 art. 1 reads it (« BLIND est payé … avec une suite »): won 1
    assert settled(*holdem.settle_uth(straight, dealer, np.array([4.0]), game="mc.uth")) == [0.0, 1.0, 4.0]
    # the other reading, a total return: the straight's blind only comes back
    assert settled(*holdem.settle_uth(straight, dealer, np.array([4.0]), game="mc.uth", reading="pour")) == [
        0.0,
        0.0,
        4.0,
    ]


def test_holdem_casino_37_9_dealer_without_a_pair_pays_the_ante_only():
    board = "2c 7d 9h Jc Ks"
    dealer = seven("3d 4h " + board)
    straight = seven("Tc Qd " + board)
    folded = np.array([False])
    assert settled(*holdem.settle_holdem_casino(straight, dealer, np.array([4.0]), folded)) == [1.0, 0.0, 0.0]
    qualified = seven("Kd 4h " + board)
    assert settled(*holdem.settle_holdem_casino(straight, qualified, np.array([4.0]), folded)) == [1.0, 1.0, 4.0]
    assert settled(*holdem.settle_holdem_casino(straight, qualified, np.array([4.0]), folded, reading="pour")) == [
        1.0,
        0.0,
        4.0,
    ]
    assert settled(*holdem.settle_holdem_casino(straight, qualified, np.array([0.0]), np.array([True]))) == [
        -1.0,
        -1.0,
        0.0,
    ]


def test_dealer_outs_count_single_cards_that_beat_the_player():
    hole, board = np.array([parse("Ah Qd")]), np.array([parse("2c 7d 9h Jc Ks")])
    player = evaluate_many(np.hstack([hole, board]), "lu.cinq_cartes")
    # three of each board rank pair the dealer; nothing else beats ace-queen high
    assert holdem.dealer_outs(hole, board, player).tolist() == [15]
    hole, board = np.array([parse("Ah Qd")]), np.array([parse("2c 7c 9c Jc Ks")])  # four clubs: flush outs too
    player = evaluate_many(np.hstack([hole, board]), "lu.cinq_cartes")
    # nine clubs left make a flush; the king of clubs also pairs the board
    assert holdem.dealer_outs(hole, board, player).tolist() == [15 + 9 - 1]


def test_uth_basic_strategy_decisions():
    holes = np.array([parse(h) for h in ("Ah 2d", "Kh 4d", "Kh 4h", "3c 3d", "2c 2d", "Qh 8d", "Jh 9d")])
    assert holdem.preflop_raise(holes).tolist() == [True, False, True, True, False, True, False]
    holes = np.array([parse(h) for h in ("2c 2d", "Th 4d", "Ah 3h", "Kc 5d")])
    flop = np.array([parse("9h 4s 6h")] * 4)
    assert holdem.flop_raise(holes, flop).tolist() == [False, True, True, False]


# --- the simulations -----------------------------------------------------------------------------

# Generous bands around the figures at the default rounds (see the report in each module).
BANDS = {
    "qc.caraibes": (0.15, 0.38),  # the text's rules leave the player ahead (see test_readings.py)
    "qc.boston": (-0.40, 0.00),
    "qc.quatre_cartes": (-0.12, 0.06),
    "qc.fou": (-0.08, 0.14),
    "lu.uth": (-0.17, 0.11),
    "mc.uth": (-0.17, 0.11),
    "lu.holdem_casino": (-0.20, 0.04),
}


@pytest.mark.parametrize("game", sorted(BANDS))
def test_simulation_is_plausible_and_complete(game):
    calls = []
    result = poker.SIMULATIONS[game](rounds=ROUNDS, seed=7, progress=lambda done, total: calls.append((done, total)))
    low, high = BANDS[game]
    assert low < result.expected < high
    assert result.ci95[0] < result.expected < result.ci95[1]
    assert result.method == "simulation" and result.rounds == ROUNDS and result.game == game
    assert result.details["reading"] == "a"  # every paying table of these games reads as a net gain
    # the games whose own text is a draft (the QC 2007 draft, the LU draft RGD) read it; the others only law in force
    on_draft = {"qc.boston", "qc.quatre_cartes", "qc.fou", "lu.uth", "lu.holdem_casino"}
    assert result.details["draft"] == (game in on_draft)
    if game in {"mc.uth", "lu.holdem_casino"}:  # their table prints « pour »: the total return is the variant
        assert result.details["alternative_reading"] == "pour" and "pour" in result.details["variants"]
    assert calls[-1] == (ROUNDS, ROUNDS)
    assert sum(result.details["bets"].values()) == pytest.approx(result.expected)
    assert result.average_stake > 1
    assert result.strategy == strategy(game)["key"] and result.citations
    # cited from the rule data: every article of a draft, in the citations and in the notes, says so
    assert all(cited.endswith(" (projet)") == (game in on_draft) for cited in result.citations)
    prose = [*result.details.get("notes", ()), *result.details.get("variants_described", {}).values()]
    assert all(("(projet)" in text) == (game in on_draft) for text in prose if " art. " in text)


def test_simulation_is_deterministic_by_seed():
    first = poker.SIMULATIONS["qc.quatre_cartes"](rounds=ROUNDS, seed=3)
    again = poker.SIMULATIONS["qc.quatre_cartes"](rounds=ROUNDS, seed=3)
    other = poker.SIMULATIONS["qc.quatre_cartes"](rounds=ROUNDS, seed=4)
    assert first == again
    assert first.expected != other.expected


def test_deal_gives_distinct_cards():
    cards = deal(np.random.default_rng(0), 1000, 11)
    assert all(len(set(row)) == 11 for row in cards.tolist())
    assert cards.min() >= 0 and cards.max() <= 51


def test_strategies_are_stored_for_every_game():
    for game in poker.SIMULATIONS:
        chosen = strategy(game)
        assert chosen["description"] and chosen["description_en"] and chosen["articles"]
        assert chosen["optimal"] in (True, False, None)


def test_pay_table_classes_with_rank_qualifiers():
    rules = ranking("qc.cinq_cartes")
    values = np.concatenate([five("Tc Td 4s 7c 2h"), five("9c 9d 4s 7c 2h"), five("Tc Td 4s 4c 2h")])
    assert hand_mask("pair_tens_or_better", values, rules).tolist() == [True, False, False]
    assert hand_mask("two_pair_tens_or_better", values, rules).tolist() == [False, False, True]
    assert hand_mask("four_aces", four("Ac Ad Ah As 2h"), ranking("qc.quatre_cartes")).tolist() == [True]
    assert paytable("qc.fou.super_bonus").pays(four("Ac Ad Ah As 2h"), ranking("qc.quatre_cartes"))[1].tolist() == [
        200.0
    ]


def test_uth_trips_exact_return():
    # 50-40-30-8-6-5-3 is the usual trips table: 1.90 % house edge
    assert exact_side_bet("lu.uth.trips", "cinq_parmi_sept")["expected"] == pytest.approx(-0.0190, abs=5e-5)
