"""The poker room's part of a day's gross gaming revenue (added up by the levy book, registers/prelevements, through
compliance.hooks.GAMING_REVENUE): the establishment's part of each table's cagnotte counted that day (art. 97-1's
« carnets d'enregistrement des cagnottes »), a count set aside by a correction left out. The bad-beat jackpot's part is
the players' money, not the casino's revenue."""

import datetime
import json
from collections import defaultdict
from decimal import Decimal

from compliance.models import Casino

from ..chain.selectors import standing
from ..kinds import EntryKind, RegisterKind
from ..models import Entry

SOURCE = "cagnotte"


def day_revenue(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, dict[str, Decimal]]:
    counts = standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CAGNOTTE,
                                           kind=EntryKind.CAGNOTTE_COUNTED, gaming_day__range=(first, last)))
    revenue: dict[datetime.date, dict[str, Decimal]] = defaultdict(dict)
    for day, payload in counts.values_list("gaming_day", "payload"):
        house = Decimal(json.loads(payload)["house"])
        revenue[day][SOURCE] = revenue[day].get(SOURCE, Decimal(0)) + house
    return dict(revenue)
