"""A tournament's money (QC RJC art. 124, 127): the entry fees sold, the part of each that goes to the prize pool and
the house's, and the return to the participants, which is at least the rule's share of the fees sold, checked when the
prize structure is set and again at the close. Amounts in cents; the shares are the rule data's, given as arguments."""

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction


@dataclass(frozen=True)
class Money:
    fees: int  # every entry fee sold, re-entries included
    pool: int  # to the prize pool
    house: int  # kept by the house

    @property
    def returned(self) -> Fraction:
        """The return to the participants: the prize pool over the fees sold (QC RJC art. 127)."""
        return Fraction(self.pool, self.fees) if self.fees else Fraction(0)


def collected(entries: int, fee: int, to_pool: int) -> Money:
    """`entries` fees of `fee` cents, `to_pool` cents of each to the prize pool: fees in = prize pool + the house's."""
    if entries < 0 or fee < 0 or not 0 <= to_pool <= fee:
        raise ValueError("entries and fees are not negative; the prize pool's part is within the fee")
    return Money(entries * fee, entries * to_pool, entries * (fee - to_pool))


def return_shortfall(money: Money, minimum: Decimal) -> int:
    """The cents the prize pool lacks to return the rule's minimum share of the fees sold (0 when it does), the
    minimum rounded up to the cent: the pool may never fall under it."""
    needed = -(-Fraction(minimum) * money.fees // 1)  # ceiling, in cents
    return max(0, int(needed) - money.pool)


def grand_prix_fee_ok(fee: int, supplementary_bet: int, minimum: Decimal) -> bool:
    """QC RJC art. 124: a « poker grand prix » entry fee taken from the supplementary bet is at least the rule's share
    of that bet."""
    return 0 <= fee <= supplementary_bet and Fraction(fee) >= Fraction(minimum) * supplementary_bet
