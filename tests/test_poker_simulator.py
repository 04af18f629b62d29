"""The poker simulator (games/poker/simulator.py) plays deals an honest room could have played: every deal replays
with no refusal and no irregularity (games/poker/replay.py), whatever the game, the version (LU RGD 1979 art. 49-4,
49-8), the option and ante, the rake and jackpot rules; the same seed gives the same session; side pots occur; stacks
carry over from deal to deal. Each planted fault gives exactly the variance or the refusal it is meant to, and
nothing else. PokerKit, which knows nothing of our replay, takes the same actions as legal."""

import random
import warnings
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from pokerkit import Automation, Mode, NoLimitTexasHoldem, PotLimitOmahaHoldem

from games.poker.dealing import deal
from games.poker.hand import (
    BET,
    CALL,
    CHECK,
    FOLD,
    HOLDEM,
    LIMIT,
    NO_LIMIT,
    OMAHA,
    OMAHA_HILO,
    POST_OPTION,
    POST_SMALL_BLIND,
    POSTS,
    POT_LIMIT,
    RAISE,
    SHOW,
)
from games.poker.outcome import DROP_DECLARED, RAKE_ABOVE_LEGAL, RAKE_DECLARED
from games.poker.replay import (
    ACTIONS_DONT_ADD_UP,
    OUT_OF_TURN,
    POT_MISMATCH,
    HandError,
    JackpotRule,
    Rules,
    replay,
    settle,
)
from games.poker.simulator import Table, broken, missing_drop, overraked, play, rake_above_legal

D = Decimal
START = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)
POOL = [f"joueur{k:02d}" for k in range(24)]
PROGRESSIVE = JackpotRule("pourcentage", D("1"), "inferieur", 2_000)
BAD_BEAT = JackpotRule("fixe", D("50"), "plus_proche", 4_000)
LU = Rules(D("0.05"), None, None, True, 25, PROGRESSIVE, BAD_BEAT)  # retained on each pot, to the 0.25 € chip
QC = Rules(D("0.05"), 1_500, D("0.10"), False, 25)  # on the whole « cagnotte », capped, within the legal 10 %
HILO = Rules(D("0.05"), 1_000, None, True, 1, PROGRESSIVE, None, True)

TABLES = [  # game, version, option, ante, cap, rules
    (HOLDEM, NO_LIMIT, False, 0, 0, QC),
    (HOLDEM, NO_LIMIT, True, 25, 0, LU),
    (HOLDEM, POT_LIMIT, True, 0, 0, LU),
    (HOLDEM, LIMIT, False, 50, 400, QC),
    (OMAHA, POT_LIMIT, False, 0, 0, LU),
    (OMAHA, LIMIT, True, 0, 300, QC),
    (OMAHA_HILO, POT_LIMIT, False, 50, 0, HILO),
]


def table(game, version, option, ante, cap, rules, name="T1") -> Table:
    return Table(name, game, version, 100, 200, option, ante, cap, 9 if game != HOLDEM else 10, "EUR", rules)


def session(setting, seed: int, count: int):
    return list(play(table(*setting), START, count, random.Random(seed), POOL))


@pytest.fixture(scope="module")
def sessions():
    """Three sessions of each table, 3,150 deals in all."""
    return {(index, seed): session(setting, seed, 150)
            for index, setting in enumerate(TABLES) for seed in (1, 2, 3)}


def test_every_simulated_deal_replays_with_no_refusal_and_no_irregularity(sessions):
    for (index, _), hands in sessions.items():
        rules = TABLES[index][-1]
        for hand in hands:
            outcome = replay(hand, rules)  # a HandError fails the test with its reason
            assert outcome.irregularities == (), (hand.number, outcome.irregularities)


def test_stacks_carry_over_from_one_deal_to_the_next_and_a_busted_player_buys_in_again(sessions):
    rebuys = 0
    for (index, _), hands in sessions.items():
        setting = table(*TABLES[index])
        for before, after in zip(hands, hands[1:], strict=False):
            left = replay(before, setting.rules).stacks_after
            for seat in after.seats:
                if seat.player in left and seat.stack != left[seat.player]:
                    assert left[seat.player] < setting.least_stack, (after.number, seat)
                    assert 50 * setting.big_blind <= seat.stack - left[seat.player] <= 200 * setting.big_blind
                    rebuys += 1
    assert rebuys > 0


def test_a_session_deals_in_turn_numbered_and_timed_as_a_room_would(sessions):
    hands = sessions[(0, 1)]
    numbers = [hand.number for hand in hands]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    assert numbers[0] == "T1-20260314-00001"
    gaps = [(b.started_at - a.started_at).total_seconds() for a, b in zip(hands, hands[1:], strict=False)]
    assert min(gaps) >= 60 and max(gaps) <= 180
    for a, b in zip(hands, hands[1:], strict=False):  # the button to the next occupied seat clockwise
        seats = sorted(seat.seat for seat in b.seats)
        assert b.button == next((seat for seat in seats if seat > a.button), seats[0])
    players = [frozenset(seat.player for seat in hand.seats) for hand in hands]
    assert any(a - b for a, b in zip(players, players[1:], strict=False))  # someone leaves
    assert any(b - a for a, b in zip(players, players[1:], strict=False))  # someone sits down


def test_deals_mix_every_action_reach_the_showdown_a_third_of_the_time_and_show_their_cards(sessions):
    for index in range(len(TABLES)):
        hands = [hand for (i, _), run in sessions.items() if i == index for hand in run]
        kinds = Counter(action.kind for hand in hands for action in hand.actions)
        assert all(kinds[kind] for kind in (FOLD, CHECK, CALL, BET, RAISE)), kinds
        showdowns = [hand for hand in hands if any(action.kind == SHOW for action in hand.actions)]
        assert 0.22 <= len(showdowns) / len(hands) <= 0.38, (TABLES[index], len(showdowns) / len(hands))
        holes = 2 if TABLES[index][0] == HOLDEM else 4
        for hand in showdowns:
            assert len(hand.board) == 5
            assert all(len(action.cards) == holes for action in hand.actions if action.kind == SHOW)
        assert {len(hand.board) for hand in hands} <= {0, 3, 4, 5}
    options = [hand for (i, _), run in sessions.items() if TABLES[i][2] for hand in run]
    assert any(action.kind == POST_OPTION for hand in options for action in hand.actions)


def test_all_ins_for_less_make_side_pots(sessions):
    no_limit = [hand for (i, _), run in sessions.items() if TABLES[i][1] == NO_LIMIT for hand in run]
    side = [hand for hand in no_limit if len(hand.pots) > 1]
    assert len(side) >= 5
    assert all(any(action.all_in for action in hand.actions) for hand in side)


def test_the_same_seed_gives_the_same_session_and_another_seed_another():
    setting = TABLES[1]
    assert session(setting, 42, 60) == session(setting, 42, 60)
    assert session(setting, 42, 60) != session(setting, 43, 60)


def test_heads_up_the_button_posts_the_small_blind_and_the_deal_replays():
    heads_up = Table("HU", HOLDEM, NO_LIMIT, 100, 200, False, 0, 0, 10, "EUR", QC)
    rng = random.Random(5)
    for k in range(300):
        hand = deal(heads_up, rng, [(3, "A", 30_000), (7, "B", 12_345)], 7, f"HU-{k}", START)
        assert (hand.actions[0].player, hand.actions[0].kind) == ("B", POST_SMALL_BLIND)
        assert replay(replace(hand, pots=settle(hand, QC)), QC).irregularities == ()


@pytest.mark.parametrize(("game", "version", "small", "big", "message"), [
    (OMAHA, NO_LIMIT, 100, 200, "not played"),  # art. 49-8: limit and pot limit only
    (HOLDEM, NO_LIMIT, 100, 250, "one to two small blinds"),  # art. 49-1
])
def test_a_table_the_texts_do_not_allow_is_refused(game, version, small, big, message):
    with pytest.raises(ValueError, match=message):
        Table("X", game, version, small, big, False, 0, 0, 9, "EUR", QC)


# --- the planted faults ---------------------------------------------------------------------------------------------


def _codes(hand, rules) -> list[str]:
    return sorted(irregularity.code for irregularity in replay(hand, rules).irregularities)


def _faulted(hands, fault):
    """Every deal the fault applies to, faulted (a ValueError: it does not apply)."""
    found = []
    for hand in hands:
        try:
            found.append((hand, fault(hand)))
        except ValueError:
            continue
    assert len(found) >= 20
    return found


def test_overraked_gives_a_declared_rake_variance_and_nothing_else(sessions):
    hands = [hand for hand in sessions[(0, 1)] + sessions[(0, 2)] if sum(p.amount for p in hand.pots) >= 5_000]
    for honest, faulted in _faulted(hands, lambda hand: overraked(hand, 100)):
        assert _codes(faulted, QC) == [RAKE_DECLARED]
        outcome = replay(faulted, QC)
        assert outcome.declared_rake == outcome.rake + 100 == replay(honest, QC).rake + 100
        assert sum(p.amount for p in faulted.pots) == sum(p.amount for p in honest.pots)


def test_rake_above_the_legal_rate_is_reported_as_such_and_as_a_declared_rake_variance(sessions):
    hands = [hand for hand in sessions[(0, 1)] + sessions[(0, 2)] if sum(p.amount for p in hand.pots) >= 2_000]
    for _, faulted in _faulted(hands, lambda hand: rake_above_legal(hand, "0.12")):
        assert _codes(faulted, QC) == sorted([RAKE_ABOVE_LEGAL, RAKE_DECLARED])
        total = sum(p.amount for p in faulted.pots)
        assert sum(p.rake for p in faulted.pots) == int(total * D("0.12"))


def test_a_missing_progressive_drop_gives_a_drop_variance_and_nothing_else(sessions):
    hands = [hand for (i, _), run in sessions.items() if TABLES[i][-1] is LU for hand in run]
    for honest, faulted in _faulted(hands, missing_drop):
        assert _codes(faulted, LU) == [DROP_DECLARED]
        [irregularity] = replay(faulted, LU).irregularities
        assert irregularity.detail["jackpot"] == "progressive"
        assert -irregularity.amount == sum(p.progressive for p in honest.pots) - sum(
            p.progressive for p in faulted.pots) > 0


@pytest.mark.parametrize(("how", "code"), [("out_of_turn", OUT_OF_TURN), ("dont_add_up", ACTIONS_DONT_ADD_UP),
                                           ("pot_mismatch", POT_MISMATCH)])
def test_a_broken_deal_is_refused_with_the_code_meant(sessions, how, code):
    hands = sessions[(1, 1)] + sessions[(4, 1)]
    for _, faulted in _faulted(hands, lambda hand: broken(hand, how)):
        with pytest.raises(HandError) as refused:
            replay(faulted, LU)
        assert refused.value.code == code


def test_every_faulted_deal_still_adds_up_pot_by_pot(sessions):
    """What the import checks of a declared pot on its own: wins, rake and drops make its amount."""
    hands = sessions[(1, 2)]
    for fault in (lambda hand: overraked(hand, 50), lambda hand: rake_above_legal(hand, "0.12"), missing_drop):
        for _, faulted in _faulted(hands, fault):
            for pot in faulted.pots:
                assert sum(amount for _, amount in pot.wins) + pot.rake + pot.progressive + pot.bad_beat == pot.amount


# --- a second opinion: PokerKit takes the same actions ------------------------------------------------------------

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
               Automation.CHIPS_PULLING)


def _pokerkit_takes(hand, variant) -> None:
    seats = sorted(hand.seats, key=lambda seat: seat.seat)
    start = next((k for k, seat in enumerate(seats) if seat.seat > hand.button), 0)
    order = seats[start:] + seats[:start]
    position = {seat.player: k for k, seat in enumerate(order)}
    blinds = (hand.small_blind, hand.big_blind) + (
        (2 * hand.big_blind,) if any(action.kind == POST_OPTION for action in hand.actions) else ())
    state = variant.create_state(AUTOMATIONS, True, hand.ante, blinds, hand.big_blind,
                                 tuple(seat.stack for seat in order), len(order), mode=Mode.CASH_GAME)
    for action in hand.actions:
        if action.kind in POSTS or action.kind == SHOW:
            continue
        assert state.actor_index == position[action.player], (hand.number, action)
        if action.kind == FOLD:
            state.fold()
        elif action.kind in (CHECK, CALL):
            assert state.checking_or_calling_amount == action.amount, (hand.number, action)
            state.check_or_call()
        else:
            to = state.bets[position[action.player]] + action.amount
            assert state.can_complete_bet_or_raise_to(to), (hand.number, action)
            state.complete_bet_or_raise_to(to)
    assert state.actor_index is None, hand.number


@pytest.mark.parametrize(("index", "variant"), [(0, NoLimitTexasHoldem), (1, NoLimitTexasHoldem),
                                                (4, PotLimitOmahaHoldem)])
def test_pokerkit_takes_every_action_in_turn_and_of_a_legal_size(sessions, index, variant):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a poor fold is still a legal one
        for seed in (1, 2, 3):
            for hand in sessions[(index, seed)]:
                _pokerkit_takes(hand, variant)
