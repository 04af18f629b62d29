"""Our side pots agree with PokerKit's (pinned for tests) on random no-limit deals with all-ins and folds, the rake set
to zero on both sides: the same amounts for the same players, pot by pot."""

import random
from decimal import Decimal

import pytest
from pokerkit import Automation, Mode, NoLimitTexasHoldem

from games.poker.pots import pots

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING)  # stops before the chips move
DEALS = 2_000


def _deal(draw: random.Random):
    players = draw.randint(2, 9)
    stacks = tuple(draw.randint(3, 500) for _ in range(players))
    state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, stacks, players, mode=Mode.CASH_GAME)
    while state.actor_index is not None:
        choice = draw.random()
        if choice < 0.2 and state.can_fold() and state.checking_or_calling_amount:  # never a free fold
            state.fold()
        elif choice < 0.55 and state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
        else:
            state.check_or_call()
    return state, stacks


@pytest.mark.filterwarnings("ignore:There is no reason for this player to fold")  # a poor fold is still a legal one
def test_side_pots_agree_with_pokerkit_on_random_deals_with_all_ins_and_folds():
    draw, compared = random.Random(20261125), 0
    for _ in range(DEALS):
        state, stacks = _deal(draw)
        if sum(state.statuses) < 2:  # won without a showdown: PokerKit leaves the last bets uncollected
            continue
        theirs = [(Decimal(pot.amount), tuple(str(i) for i in pot.player_indices)) for pot in state.pots]
        folded = [str(i) for i, live in enumerate(state.statuses) if not live]
        contributions = {str(i): Decimal(stacks[i] - state.stacks[i] - state.bets[i]) for i in range(len(stacks))}
        ours = [(pot.amount, pot.eligible) for pot in pots(contributions, folded=folded)]
        assert ours == theirs, (stacks, contributions, folded)
        compared += 1
    assert compared > DEALS // 4, compared
