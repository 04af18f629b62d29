"""The slot machines' part of a day's gross gaming revenue (added up by the levy book, registers/prelevements, through
compliance.hooks.GAMING_REVENUE): what the machines debited from the electronic gaming cards that day less what they
credited (art. 3-1 to 3-4), summed by PostgreSQL from the cards' movements in one query. A win past a card's cap is
credited up to the cap and the rest paid by hand as a jackpot (art. 3-4 7)): that rest is not yet deducted here."""

import datetime
from decimal import Decimal

from django.db.models import Sum

from compliance.models import Casino

from ..models import CardMovement
from .ledger import BET, WON

SOURCE = "machines"


def day_revenue(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, dict[str, Decimal]]:
    played = (CardMovement.objects.filter(casino=casino, gaming_day__range=(first, last), kind__in=(BET, WON))
              .values("gaming_day").annotate(net=Sum("delta")).order_by())
    return {row["gaming_day"]: {SOURCE: -row["net"]} for row in played}  # a bet debits the card: the casino's gain
