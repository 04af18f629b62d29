"""Properties of the replay (games/poker/replay.py) on random legal deals of every game and version, with all-ins,
folds, antes, options, dead blinds and mucks: an honest room's settlement replays without an irregularity, the
chips are conserved to the unit (the stacks before = the stacks after + the rake + the drops), no pot pays a player
who may not win it; a declaration moved by a chip is found. And the engine's integer shortcuts agree with what they
stand for: the hand values with games.hands.poker, the rake with games.poker.pots.rake, the drops with
games.poker.jackpots.increment."""

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from itertools import combinations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.hands.poker import evaluate, omaha
from games.poker.hand import (
    BET,
    CALL,
    CHECK,
    FOLD,
    HOLDEM,
    LIMIT,
    MUCK,
    NO_LIMIT,
    OMAHA,
    OMAHA_HILO,
    POST_ANTE,
    POST_BIG_BLIND,
    POST_DEAD,
    POST_OPTION,
    POST_SMALL_BLIND,
    POT_LIMIT,
    RAISE,
    SHOW,
    STREETS,
    Action,
    Hand,
    Seat,
)
from games.poker.jackpots import ROUNDINGS, increment
from games.poker.levies import drop, take
from games.poker.pots import rake
from games.poker.replay import JackpotRule, Rules, replay, settle
from games.poker.showdown import FIVE, low_value, omaha_value, value

BOARD_AT = (0, 3, 4, 5)


@st.composite
def deals(draw) -> Hand:  # noqa: C901 - one dealer's walk, as the engine's own is one loop
    """A deal a room could have played: the posts, betting rounds within the version's sizes (no limit: a raise at
    least double the bet and the last full raise, an all-in below that allowed; pot limit: at most the pot after the
    call; limit: adding at most the cap), an all-in short of a full raise reopening nothing, the board as far as the
    deal goes, every player's cards known, some given up at the showdown."""
    game = draw(st.sampled_from((HOLDEM, HOLDEM, OMAHA, OMAHA_HILO)))
    version = draw(st.sampled_from((NO_LIMIT, POT_LIMIT, LIMIT) if game == HOLDEM else (POT_LIMIT, LIMIT)))
    n = draw(st.integers(2, 9))
    numbers = sorted(draw(st.lists(st.integers(1, 10), min_size=n, max_size=n, unique=True)))
    small, big = draw(st.sampled_from(((1, 2), (2, 2), (5, 10), (25, 50))))
    stacks_by_seat = draw(st.lists(st.integers(1, 80 * big), min_size=n, max_size=n))
    ante = draw(st.sampled_from((0, 0, small)))
    option = n >= 4 and draw(st.booleans())
    cap = draw(st.sampled_from((0, 2 * big, 5 * big))) if version == LIMIT else 0
    button = draw(st.sampled_from(numbers))
    deck = draw(st.permutations(range(52)))
    hole = 2 if game == HOLDEM else 4
    start = next((k for k, number in enumerate(numbers) if number > button), 0)
    seats = [(numbers[k], f"P{numbers[k]}", stacks_by_seat[k]) for k in (*range(start, n), *range(start))]
    names = [player for _, player, _ in seats]
    stack = [chips for _, _, chips in seats]
    bet, folded, all_in = [0] * n, [False] * n, [False] * n
    said: list[Action] = []
    pot = 0

    def post(i: int, kind: str, amount: int) -> None:
        nonlocal pot
        amount = min(amount, stack[i])
        if amount <= 0:
            return
        stack[i] -= amount
        pot += amount
        if kind in (POST_SMALL_BLIND, POST_BIG_BLIND, POST_OPTION):
            bet[i] += amount
        all_in[i] = stack[i] == 0
        said.append(Action("preflop", names[i], kind, amount, all_in[i]))

    if draw(st.booleans()):
        post(draw(st.integers(0, n - 1)), POST_DEAD, draw(st.integers(1, big)))
    if ante:
        for i in range(n):
            post(i, POST_ANTE, ante)
    small_at, big_at = (1, 0) if n == 2 else (0, 1)
    post(small_at, POST_SMALL_BLIND, small)
    post(big_at, POST_BIG_BLIND, big)
    if option:
        post(2, POST_OPTION, 2 * big)
    reached = 0
    for street in range(4):
        if n - sum(folded) < 2:
            break
        reached = street
        if street:
            bet = [0] * n
        current, last_raise = (max(max(bet), big), big) if street == 0 else (0, big)
        full = current
        pending = [not (folded[q] or all_in[q]) for q in range(n)]
        spoke = [False] * n
        cursor = (2 if option and any(a.kind == POST_OPTION for a in said) else big_at) if street == 0 else n - 1
        while n - sum(folded) > 1:
            k = next(((cursor + step) % n for step in range(1, n + 1) if pending[(cursor + step) % n]), None)
            if k is None:
                break
            cursor, pending[k] = k, False
            owed = current - bet[k]
            answer = any(q != k and not (folded[q] or all_in[q]) and bet[q] + stack[q] > current for q in range(n))
            if owed <= 0 and not answer:
                continue  # no one could answer them and they owe nothing: not asked
            choices = [FOLD, CALL] if owed > 0 else [CHECK]
            most = bet[k] + stack[k]
            if answer and most > current and not (current and spoke[k]):
                least = max(2 * current, current + last_raise) if current else big
                if version == LIMIT:
                    least, top = (current + 1 if current else big), min(current + cap, most) if cap else most
                else:
                    top = min(current + pot + owed, most) if version == POT_LIMIT else most
                shove_ok = most <= top and (version in (NO_LIMIT, LIMIT) or current == 0)
                if least <= top:
                    choices.append(RAISE)
                elif shove_ok and most > current:
                    least = top = most
                    choices.append(RAISE)
            choice = draw(st.sampled_from(choices))
            if choice == FOLD:
                folded[k] = True
                said.append(Action(STREETS[street], names[k], FOLD))
                continue
            if choice == CHECK:
                spoke[k] = True
                said.append(Action(STREETS[street], names[k], CHECK))
                continue
            to = bet[k] + min(owed, stack[k]) if choice == CALL else draw(st.integers(least, top))
            amount = to - bet[k]
            if choice == RAISE:
                shove = amount == stack[k]
                if current == 0 or not shove or (to - full >= last_raise and to >= 2 * full):
                    last_raise, full = max(last_raise, to - full), to
                    spoke = [False] * n
                pending = [q != k and not (folded[q] or all_in[q]) for q in range(n)]
                choice = BET if current == 0 else RAISE
                current = to
            spoke[k] = True
            stack[k] -= amount
            bet[k] += amount
            pot += amount
            all_in[k] = stack[k] == 0
            said.append(Action(STREETS[street], names[k], choice, amount, all_in[k]))
    holes = [tuple(deck[k * hole:(k + 1) * hole]) for k in range(n)]
    live = [k for k in range(n) if not folded[k]]
    if len(live) > 1:
        for k in live:
            if draw(st.integers(0, 9)) == 0 and k != live[0]:
                said.append(Action("showdown", names[k], MUCK))
            else:
                said.append(Action("showdown", names[k], SHOW, cards=holes[k]))
    board = tuple(deck[n * hole:n * hole + BOARD_AT[reached if len(live) == 1 else 3]])
    dealt = sorted(((number, player, chips, holes[k]) for k, (number, player, chips) in enumerate(seats)))
    return Hand(number="1", table="T1", started_at=datetime(2026, 1, 5, tzinfo=UTC), game=game, version=version,
                currency="EUR", small_blind=small, big_blind=big, button=button,
                seats=tuple(Seat(*seat) for seat in dealt), actions=tuple(said), board=board, ante=ante, cap=cap)


jackpot_rules = st.none() | st.builds(JackpotRule, st.sampled_from(("fixe", "pourcentage")),
                                      st.decimals(0, 300, places=1), st.sampled_from(tuple(ROUNDINGS)),
                                      st.sampled_from((0, 0, 100)))
house_rules = st.builds(Rules, st.sampled_from((Decimal(0), Decimal("0.05"), Decimal("0.1"), Decimal("0.035"))),
                        st.sampled_from((None, None, 20, 300)), st.sampled_from((None, Decimal("0.1"))),
                        st.booleans(), st.sampled_from((1, 1, 5)), jackpot_rules, jackpot_rules)


@given(deals(), house_rules)
@settings(max_examples=300, deadline=None)
def test_an_honest_settlement_replays_without_irregularity_and_every_chip_is_accounted_for(hand, rules):
    rules = replace(rules, hilo=hand.game == OMAHA_HILO)
    outcome = replay(replace(hand, pots=settle(hand, rules)), rules)
    assert outcome.irregularities == ()
    before = sum(seat.stack for seat in hand.seats)
    assert before == sum(outcome.stacks_after.values()) + outcome.rake + outcome.progressive + outcome.bad_beat
    assert all(chips >= 0 for chips in outcome.stacks_after.values())
    assert sum(outcome.contributions.values()) == sum(pot.amount for pot in outcome.pots)
    for pot in outcome.pots:
        assert set(pot.wins) <= set(pot.eligible) and pot.amount > 0
        assert sum(pot.wins.values()) + pot.rake + pot.progressive + pot.bad_beat == pot.amount
    if rules.legal_rate is not None and rules.rate <= rules.legal_rate:
        assert outcome.rake <= outcome.legal_max_rake
    if rules.cap is not None:
        assert outcome.rake <= rules.cap
    traced = replay(replace(hand, pots=settle(hand, rules)), rules, trace=True)
    assert traced._replace(steps=()) == outcome and outcome.steps == () and traced.steps  # the trace only adds


@given(deals(), st.data())
@settings(max_examples=150, deadline=None)
def test_a_chip_paid_to_another_player_or_kept_by_the_house_is_reported(hand, data):
    rules = Rules(rate=Decimal("0.05"), hilo=hand.game == OMAHA_HILO)
    honest = settle(hand, rules)
    number = data.draw(st.integers(0, len(honest) - 1))
    pot = honest[number]
    eligible = replay(replace(hand, pots=honest), rules).pots[number].eligible
    (winner, won), *others = pot.wins
    if len(pot.wins) == 1 and data.draw(st.booleans()):
        moved = replace(pot, rake=pot.rake + 1, wins=((winner, won - 1),))
        expected = "rake_declared"
    else:
        assume(len(eligible) > 1)
        other = data.draw(st.sampled_from([player for player in eligible if player != winner]))
        paid = dict(others)
        paid[other] = paid.get(other, 0) + 1
        moved = replace(pot, wins=((winner, won - 1), *paid.items()))
        expected = "wins"
    outcome = replay(replace(hand, pots=honest[:number] + (moved,) + honest[number + 1:]), rules)
    assert [irregularity.code for irregularity in outcome.irregularities] == [expected]
    assert outcome.irregularities[0].amount == 1


# --- the integer shortcuts agree with what they stand for ----------------------------------------------------------

cards = st.permutations(range(52))


@given(cards, st.integers(5, 7))
@settings(max_examples=500)
def test_the_remembered_hand_values_are_games_hands_poker_evaluate(deck, size):
    assert value(deck[:size]) == evaluate(deck[:size], FIVE)


@given(cards)
@settings(max_examples=150)
def test_the_omaha_values_are_games_hands_poker_omaha(deck):
    assert omaha_value(deck[:4], deck[4:9]) == omaha(deck[:4], deck[4:9], FIVE)


@given(cards, st.booleans())
@settings(max_examples=300)
def test_the_low_hand_is_the_lowest_five_different_ranks_eight_or_under(deck, four):
    hole, board = (deck[:4], deck[4:9]) if four else (deck[:2], deck[2:7])
    hands = ([two + three for two in combinations(hole, 2) for three in combinations(board, 3)] if four
             else list(combinations(hole + board, 5)))
    lows = [sorted((1 if card >> 2 == 12 else (card >> 2) + 2 for card in five), reverse=True) for five in hands]
    qualifying = [low for low in lows if len(set(low)) == 5 and low[0] <= 8]
    found = low_value(hole, board, four)
    if not qualifying:
        assert found is None
    else:
        best = min(qualifying)
        assert found == sum(rank << 4 * (4 - k) for k, rank in enumerate(best))


@given(st.integers(0, 10**9), st.decimals(0, 1, places=4), st.sampled_from((1, 5, 25, 100)))
def test_the_integer_rake_is_games_poker_pots_rake(amount, rate, chip):
    assert take(amount, rate, chip) == rake(Decimal(amount), rate, chip=Decimal(chip))


@given(st.integers(0, 10**8), jackpot_rules.filter(lambda rule: rule is not None))
def test_the_integer_drop_is_games_poker_jackpots_increment_in_minor_units(pot, rule):
    rule = replace(rule, minimum_pot=0)
    value_ = rule.value / 100 if rule.kind == "fixe" else rule.value
    expected = increment(Decimal(pot) / 100, rule.kind, value_, rule.rounding) * 100
    assert drop(pot, rule) == expected

