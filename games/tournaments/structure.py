"""A tournament's clock and prizes as pure functions: the level being played at a moment (ROPTA §3.1: a new level
applies from the next deal), the end of late registration (§1.8: the end of the rule's level), and the prizes of the
places from the pool and the published shares. Amounts in cents; the shares are the tournament's, as published."""

import datetime
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction


def level_at(minutes: Sequence[int], started_at: datetime.datetime, moment: datetime.datetime) -> int:
    """The level (1 …) being played at `moment`; 0 before the start; past the last level, the last one goes on."""
    if moment < started_at:
        return 0
    elapsed, end = moment - started_at, datetime.timedelta()
    for number, length in enumerate(minutes, start=1):
        end += datetime.timedelta(minutes=length)
        if elapsed < end:
            return number
    return len(minutes)


def late_until(minutes: Sequence[int], started_at: datetime.datetime, levels: int) -> datetime.datetime:
    """When late registration ends: at the end of level `levels` (or of the last level, if the structure is shorter)."""
    return started_at + datetime.timedelta(minutes=sum(minutes[:levels]))


def prizes(pool: int, shares: Sequence[Decimal]) -> list[int]:
    """Each paid place's prize from the pool, in cents: its share of the pool rounded down to the cent; the cents the
    roundings leave go to the best placed, one each from first place on, so the prizes add up to the pool."""
    if any(share <= 0 for share in shares) or sum(shares, Decimal(0)) != 1:
        raise ValueError("the shares are positive and add up to the whole pool")
    paid = [int(Fraction(share) * pool) for share in shares]
    for place in range(pool - sum(paid)):
        paid[place % len(paid)] += 1
    return paid
