"""The tables' part of a day's gross gaming revenue (the levy book, registers/prelevements, adds it up through the
point compliance.hooks.GAMING_REVENUE): each gaming day's win of its sessions closed and counted, drop − fills +
credits + (closing − opening inventory), as the tables' pages compute it, plus the commissions the house took on the
winning bets of Pai Gow (pai_gow.py: declared apart from the drop, they are the house's revenue all the same). A
session not yet closed and counted has no win: its day is levied once it is."""

import datetime
from collections import defaultdict
from decimal import Decimal

from compliance.models import Casino

from .selectors import session_figures

SOURCE = "tables"


def day_revenue(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, dict[str, Decimal]]:
    revenue: dict[datetime.date, dict[str, Decimal]] = defaultdict(dict)
    for row in session_figures(casino, first, last):
        if row.win is not None:
            revenue[row.gaming_day][SOURCE] = revenue[row.gaming_day].get(SOURCE, Decimal(0)) + row.win + row.commission
    return dict(revenue)
