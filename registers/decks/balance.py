"""The stock as a running balance (models.DeckBalance): what the register leaves up to an entry, written as JSON and
read back, so that a filing, the page and an opening read the balance and the entries after it rather than the whole
register (a bounded number of queries and rows). The issues long emptied are left out (an issue of more than
`KEPT_DAYS` before the latest, with no deck left at its table): nothing but a return could name them, and a return
of a deck no longer there is refused either way. The audit still replays the whole register (checks.py)."""

import datetime
from dataclasses import asdict

from .controls import Issue, Lot, Stock

KEPT_DAYS = 7


def dumped(stock: Stock) -> dict:
    latest = max((issue.day for issue in stock.issues.values()), default=None)
    since = latest - datetime.timedelta(days=KEPT_DAYS) if latest else None
    return {
        "lots": [{**asdict(lot), "received_on": lot.received_on.isoformat(), "seals": list(lot.seals)}
                 for lot in stock.lots.values()],
        "issues": [{**asdict(issue), "day": issue.day.isoformat()} for issue in stock.issues.values()
                   if issue.left > 0 or since is None or issue.day >= since],
        "control": {family: day.isoformat() for family, day in stock.control.items()},
        "reference": stock.reference,
        "retired_at": [[family, table, day.isoformat(), count] for (family, table, day), count
                       in stock.retired_at.items() if since is None or day >= since],
    }


def loaded(state: dict) -> Stock:
    day = datetime.date.fromisoformat
    lots = {row["lot"]: Lot(**{**row, "received_on": day(row["received_on"]), "seals": tuple(row["seals"])})
            for row in state["lots"]}
    issues = {row["entry"]: Issue(**{**row, "day": day(row["day"])}) for row in state["issues"]}
    return Stock(lots, issues, {family: day(value) for family, value in state["control"].items()},
                 state["reference"], {(family, table, day(value)): count
                                      for family, table, value, count in state["retired_at"]})
