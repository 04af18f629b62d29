"""Faults planted in honest deals for the demo and the tests, each a modified copy of the deal.

The first three are what a reconciliation exists to find: the room's system declares a rake or a jackpot drop that
differs from what the rules give, and the winner is paid the difference. Each declared pot still adds up (wins, rake
and drops make its amount), so the deal imports and only the reconciliation, recomputing from the actions, sees the
variance. `broken` makes a deal that does not hold together at all, which the import refuses."""

from dataclasses import replace
from decimal import ROUND_DOWN, Decimal

from .hand import CALL, CHECK, FOLD, DeclaredPot, Hand

BROKEN = ("out_of_turn", "dont_add_up", "pot_mismatch")


def _pay(pot: DeclaredPot, delta: int) -> DeclaredPot:
    """The pot's first winner paid `delta` more (less when negative)."""
    (player, amount), *others = pot.wins
    if amount + delta < 0:
        raise ValueError(f"the winner of pot {pot.number} cannot be paid {-delta} less")
    return replace(pot, wins=((player, amount + delta), *others))


def _with_pot(hand: Hand, index: int, pot: DeclaredPot) -> Hand:
    pots = list(hand.pots)
    pots[index] = pot
    return replace(hand, pots=tuple(pots))


def _sole_winner_pot(hand: Hand, what: str, fits=lambda pot: True) -> int:
    """The largest pot one player wins alone, among those that `fits`: the difference paid to a sole winner leaves
    who won it right, where a shared pot's shares would no longer be the rules' and add a variance of their own."""
    found = [index for index, pot in enumerate(hand.pots) if len(pot.wins) == 1 and fits(pot)]
    if not found:
        raise ValueError(f"deal {hand.number} has no pot won by one player {what}")
    return max(found, key=lambda index: hand.pots[index].amount)


def overraked(hand: Hand, extra_cents: int) -> Hand:
    """A pot's rake declared `extra_cents` higher than the rules give, its winner paid that much less: a declared
    rake variance alone while the deal's rake stays within the legal rate (pick a pot big enough), else reported as
    above the legal rate too."""
    if extra_cents <= 0:
        raise ValueError("an overrake is a positive amount")
    index = _sole_winner_pot(hand, f"of {extra_cents} or more", lambda pot: pot.wins[0][1] >= extra_cents)
    pot = hand.pots[index]
    return _with_pot(hand, index, _pay(replace(pot, rake=pot.rake + extra_cents), -extra_cents))


def underraked(hand: Hand, short_cents: int) -> Hand:
    """A pot's rake declared `short_cents` lower than the rules give, its winner paid that much more: with an
    overraked deal at the same table, the table's sums agree while two deals are wrong."""
    if short_cents <= 0:
        raise ValueError("an underrake is a positive amount")
    index = _sole_winner_pot(hand, f"raked {short_cents} or more", lambda pot: pot.rake >= short_cents)
    pot = hand.pots[index]
    return _with_pot(hand, index, _pay(replace(pot, rake=pot.rake - short_cents), short_cents))


def rake_above_legal(hand: Hand, rate: Decimal | str) -> Hand:
    """The deal's rake declared at `rate` of its whole pot (above the legal rate, say 12 %), the extra taken from a
    pot's winner. A rake above the legal one is a rake other than the rules': the reconciliation reports both."""
    total = sum(pot.amount for pot in hand.pots)
    extra = int((total * Decimal(rate)).to_integral_value(rounding=ROUND_DOWN)) - sum(pot.rake for pot in hand.pots)
    if extra <= 0:
        raise ValueError(f"a rake at {rate} of deal {hand.number} is no more than the one declared")
    index = _sole_winner_pot(hand, f"of {extra} or more", lambda pot: pot.wins[0][1] >= extra)
    pot = hand.pots[index]
    return _with_pot(hand, index, _pay(replace(pot, rake=pot.rake + extra), -extra))


def missing_drop(hand: Hand) -> Hand:
    """A pot's progressive jackpot drop declared zero where the rules take one, its winner paid it instead."""
    index = _sole_winner_pot(hand, "with a progressive drop", lambda pot: pot.progressive > 0)
    pot = hand.pots[index]
    return _with_pot(hand, index, _pay(replace(pot, progressive=0), pot.progressive))


def _out_of_turn(hand: Hand) -> Hand:
    """Two players' consecutive folds or checks swapped: the amounts still add up, only the order is wrong."""
    actions = list(hand.actions)
    for k in range(len(actions) - 1):
        first, second = actions[k], actions[k + 1]
        if (first.street == second.street and first.kind == second.kind and first.kind in (FOLD, CHECK)
                and first.player != second.player):
            actions[k], actions[k + 1] = second, first
            return replace(hand, actions=tuple(actions))
    raise ValueError(f"deal {hand.number} has no two folds or checks in a row to swap")


def _dont_add_up(hand: Hand) -> Hand:
    """A call short of the bet it calls by one chip (and not an all-in, which may be short)."""
    actions = list(hand.actions)
    for k, action in enumerate(actions):
        if action.kind == CALL and not action.all_in and action.amount > 1:
            actions[k] = replace(action, amount=action.amount - 1)
            return replace(hand, actions=tuple(actions))
    raise ValueError(f"deal {hand.number} has no call to get wrong")


def _pot_mismatch(hand: Hand) -> Hand:
    """The main pot declared a euro or a dollar bigger than what the players put in, its winner paid the
    difference, so the pot adds up on its own and only the actions contradict it."""
    if not hand.pots:
        raise ValueError(f"deal {hand.number} declares no pot")
    return _with_pot(hand, 0, _pay(replace(hand.pots[0], amount=hand.pots[0].amount + 100), 100))


def broken(hand: Hand, how: str) -> Hand:
    """A deal the import refuses: `how` is « out_of_turn » (two actions swapped), « dont_add_up » (a call of the
    wrong amount) or « pot_mismatch » (a declared pot's amount changed)."""
    if how not in BROKEN:
        raise ValueError(f"broken how? one of {', '.join(BROKEN)}")
    return {"out_of_turn": _out_of_turn, "dont_add_up": _dont_add_up, "pot_mismatch": _pot_mismatch}[how](hand)



def stack_short(hands: list[Hand], rules, cents: int) -> tuple[list[Hand], int]:
    """Chips taken off the table between two deals: the first player who played the deal before and plays the next
    with `cents` to spare (never all-in) starts it `cents` below what the deal before left them (the replay's
    settlement with `rules`). The deals as a new list, and the index of the deal that now starts short."""
    from .replay import replay  # the engine's replay, only when a fault is planted

    for k in range(1, len(hands)):
        left = replay(hands[k - 1], rules).stacks_after
        put_in: dict[str, int] = {}
        for action in hands[k].actions:
            put_in[action.player] = put_in.get(action.player, 0) + action.amount
            if action.all_in:
                put_in[action.player] = 1 << 62
        for index, seat in enumerate(hands[k].seats):
            if left.get(seat.player) == seat.stack and seat.stack - put_in.get(seat.player, 0) > 2 * cents:
                seats = list(hands[k].seats)
                seats[index] = replace(seat, stack=seat.stack - cents)
                return [*hands[:k], replace(hands[k], seats=tuple(seats)), *hands[k + 1:]], k
    raise ValueError("no player plays two deals in a row with chips to spare")


def recave_above(hands: list[Hand], cents: int) -> tuple[list[Hand], int]:
    """A recave of `cents` between two deals: the first player who plays two deals in a row and is never all-in from
    the second on starts it, and every later deal, `cents` above what the file said (each later deal still starts
    with what the one before left them). The deals as a new list, and the index of the deal after the recave."""
    for k in range(1, len(hands)):
        before = {seat.player for seat in hands[k - 1].seats}
        for seat in hands[k].seats:
            if seat.player in before and not any(action.player == seat.player and action.all_in
                                                 for later in hands[k:] for action in later.actions):
                return [*hands[:k], *(_richer(later, seat.player, cents) for later in hands[k:])], k
    raise ValueError("no player plays two deals in a row and stays out of every all-in after")


def _richer(hand: Hand, player: str, cents: int) -> Hand:
    return replace(hand, seats=tuple(replace(seat, stack=seat.stack + cents) if seat.player == player else seat
                                     for seat in hand.seats))
