"""The pots of a poker deal as pure functions of what each player put in (QC RJC art. 67.88 to 67.110, LU RGD 1979
art. 49-1 to 49-8; ROPTA §10.7, §10.8): the main pot and the side pots by contribution level, the rake taken from a
pot within its legal cap, and a pot split among its winners with the odd chips to the players nearest the button.
The rules' figures (the rake's rate and cap, the smallest chip) are arguments: the services read them from the rule
data. The pots are in whole minor units (the replay's, games/poker/replay.py), the rake and the split in exact
Decimals; nothing is created or lost: every function conserves what it is given."""

from collections.abc import Mapping, Sequence
from decimal import ROUND_DOWN, Decimal
from typing import NamedTuple

CENT = Decimal("0.01")


class Pot(NamedTuple):  # a tuple, not a frozen dataclass: made for every pot of every deal replayed
    amount: int  # in minor units
    eligible: tuple[str, ...]  # the players who may win it, in seat order


def pots(contributions: Mapping[str, int], folded: Sequence[str] = (), seats: Sequence[str] | None = None) -> list[Pot]:
    """The main pot then each side pot, in minor units: every level of contribution of a player still in the deal
    closes a pot that every player who put in at least that much shares in; a folded player's chips stay in the pots
    they reached, but they win none. Two pots with the same players merge (an all-in for less opens a side pot, not
    a fold)."""
    order = list(seats) if seats is not None else list(contributions)
    puts = list(contributions.values())
    if any(amount < 0 for amount in puts):
        raise ValueError("a contribution is never negative")
    out = set(folded)
    live = [player for player in order if player in contributions and player not in out]
    levels = sorted({contributions[player] for player in live if contributions[player] > 0})
    if len(levels) < 2:  # one level (most deals): one pot, whatever the folded put in, for the live who reached it
        total = sum(puts)
        eligible = tuple([player for player in live if contributions[player] >= levels[0]]) if levels else tuple(live)
        return [tuple.__new__(Pot, (total, eligible))] if total and eligible else []
    made: list[tuple[int, tuple[str, ...]]] = []
    floor = 0
    for level in levels:
        amount = 0
        for put in puts:
            if put > floor:
                amount += (level if put > level else put) - floor
        eligible = tuple([player for player in live if contributions[player] >= level])
        if made and made[-1][1] == eligible:
            made[-1] = (made[-1][0] + amount, eligible)
        elif amount:
            made.append((amount, eligible))
        floor = level
    # what folded players put in above every live player's level has no one to win it but the last live one in
    beyond = 0
    for put in puts:
        if put > floor:
            beyond += put - floor
    if beyond and made:
        made[-1] = (made[-1][0] + beyond, made[-1][1])
    elif beyond and live:  # the live players put in nothing: what the others left is theirs to win
        made.append((beyond, tuple(live)))
    return [tuple.__new__(Pot, pot) for pot in made]  # not through NamedTuple.__new__, a Python function


def rake(amount: Decimal, rate: Decimal, cap: Decimal | None = None, chip: Decimal = CENT) -> Decimal:
    """The house's take of one pot: `rate` of it, never more (QC RJC art. 67.108: « n'excédant pas 10 % »), so
    rounded down to the smallest chip, and never above `cap` where the casino sets one."""
    if amount < 0 or rate < 0 or rate > 1:
        raise ValueError("a pot and a rate are not negative; a rate is at most 1")
    taken = (amount * rate / chip).to_integral_value(rounding=ROUND_DOWN) * chip
    return min(taken, cap) if cap is not None else taken


def split(amount: Decimal, winners: Sequence[str], chip: Decimal = CENT) -> dict[str, Decimal]:
    """A pot shared equally among its winners, given in order from the button (the first nearest it, on its left):
    what does not divide in whole chips goes a chip at a time to the players nearest the button (LU RGD 1979
    art. 49-5; ROPTA §10.8)."""
    if not winners:
        raise ValueError("a pot has at least one winner")
    chips = (amount / chip).to_integral_value(rounding=ROUND_DOWN)
    if chips * chip != amount:
        raise ValueError("a pot is a whole number of chips")
    share, odd = divmod(int(chips), len(winners))
    return {player: (share + (1 if index < odd else 0)) * chip for index, player in enumerate(winners)}
