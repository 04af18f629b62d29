"""The slot machines' part of a day's gross gaming revenue (added up by the levy book, registers/prelevements, through
compliance.hooks.GAMING_REVENUE): what the machines debited from the electronic gaming cards that day less what they
won, each summed by PostgreSQL (two queries). A win past a card's cap is credited up to the cap and the rest paid by
hand (art. 3-4 7) with 18-10): that rest (excess.py) is a win of the machine all the same, deducted on the day of the
win, whether it is paid by hand that day or later (its payment in the jackpots register is not counted again)."""

import datetime
from decimal import Decimal

from django.db.models import DecimalField, JSONField, Sum
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast

from compliance.models import Casino

from ..chain.selectors import standing
from ..kinds import RegisterKind
from ..models import CardMovement, Entry
from .ledger import BET, WIN_EXCESS, WON

SOURCE = "machines"
AMOUNT = DecimalField(max_digits=16, decimal_places=2)


def day_revenue(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, dict[str, Decimal]]:
    played = (CardMovement.objects.filter(casino=casino, gaming_day__range=(first, last), kind__in=(BET, WON))
              .values("gaming_day").annotate(net=Sum("delta")).order_by())
    revenue = {row["gaming_day"]: -row["net"] for row in played}  # a bet debits the card: the casino's gain
    paid_by_hand = (standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CARTES,
                                                  kind=WIN_EXCESS, gaming_day__range=(first, last)))
                    .values("gaming_day").annotate(excess=Sum(Cast(KeyTextTransform(
                        "amount", Cast("payload", JSONField())), AMOUNT))).order_by())
    for row in paid_by_hand:
        revenue[row["gaming_day"]] = revenue.get(row["gaming_day"], Decimal(0)) - row["excess"]
    return {day: {SOURCE: amount} for day, amount in revenue.items()}
