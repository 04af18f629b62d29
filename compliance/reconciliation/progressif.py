"""The progressive bet's lots in a day's reconciliation (QC RJC art. 21.2 as the rule data cites it: « Un panneau
d'affichage indiquant de façon continue le montant du lot progressif »): each séance's close whose board's reading is
not the lot's account (the previous reading plus the séance's contributions, less the lot's wins, plus their resets to
the start value: registers/tables/progressif/controls.py), the finding of that séance's day. One query for the lots,
the bet read from the rule data once per lot."""

import datetime

from compliance.models import Casino
from registers.tables.progressif.controls import differences
from registers.tables.progressif.selectors import accounts, lots_of

from .checks import Found

KIND = "lot_progressif"


def progressive_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    lots = lots_of(casino)
    if not lots:
        return {}
    found: dict[datetime.date, list[Found]] = {}
    for kept in accounts(casino, lots, last):
        if kept.bet is None:
            continue
        for line in differences(kept.lot, kept.bet.stake):
            reading = line.reading
            if not first <= reading.day <= last:
                continue
            found.setdefault(reading.day, []).append(Found(
                KIND, f"{KIND}:{reading.table}:{reading.session}", kept.bet.citation, line.difference,
                reading.table, None, {
                    "table": reading.table, "session": str(reading.session), "lot": kept.lot.name,
                    "displayed": str(reading.displayed), "expected": str(line.expected),
                    "previous": str(line.previous), "contribution": str(line.contribution), "won": str(line.won),
                    "reset": str(line.reset), "amount": str(line.difference)}))
    return found
