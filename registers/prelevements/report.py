"""The monthly levy book as the signed report shows it (compliance/reports/levies.py signs it; LU RGD 1979 art. 89-1,
97-1 as the amending draft words them: « le carnet de prélèvement … peuvent être tenus et produits sous forme
électronique »): each gaming day levied with its revenue by source, the levy at the rates the manager recorded (each
with the act the casino cites, never an article of ours), the funds set aside, its due date and the transfer that paid
it, late ones marked; the month's transfers; totals that balance. Plain data: the report attaches it as its source."""

import datetime
from decimal import Decimal

from compliance.models import Casino

from .. import controls as house
from ..models import Register
from . import controls, selectors
from .controls import ZERO, Book, Levied

STATE_LABELS = {"paid": controls.PAID_ON_TIME, "late": controls.PAID_LATE, "overdue": controls.OVERDUE,
                "due": controls.TO_TRANSFER, "nil": controls.NOTHING}


def _rates(book: Book, levied: Levied) -> tuple[dict[str, Decimal], str]:
    """The rates and the act of the parameters the day was levied with (its entry names their n°)."""
    for parameters in book.parameters:
        if parameters.seq == levied.parameters:
            return parameters.rates, controls.act_cited(parameters.act)
    return {}, ""


def _day(book: Book, levied: Levied, as_of: datetime.date) -> dict:
    rates, act = _rates(book, levied)
    state = levied.state(as_of)
    return {"day": levied.day, "seq": levied.seq, "parameters": levied.parameters, "act": act,
            "sources": {source: {"revenue": levied.revenue.get(source), "rate": rates.get(source),
                                 "levy": levied.levy.get(source)} for source in controls.SOURCES},
            "revenue": levied.total_revenue, "levy": levied.total_levy, "set_aside": levied.set_aside,
            "due": levied.due, "paid_by": levied.paid_by, "paid_on": levied.paid_on, "state": state,
            "state_label": str(STATE_LABELS[state]), "late": state in ("late", "overdue")}


def _transfers(book: Book, month: set[datetime.date]) -> list[dict]:
    """The transfers paying a day of the month: each with its days' due dates, those it paid late, and the part of
    it that pays the month's days (a transfer may pay the last days of a month with the first of the next)."""
    found = []
    for seq, transfer in sorted(book.transfers.items()):
        if not month.intersection(transfer.days):
            continue
        days = [{"day": day, "due": book.days[day].due, "set_aside": book.days[day].set_aside,
                 "late": transfer.made_on > book.days[day].due} for day in transfer.days if day in book.days]
        found.append({"seq": seq, "made_on": transfer.made_on, "reference": transfer.reference,
                      "amount": transfer.amount, "days": days, "late": any(day["late"] for day in days),
                      "this_month": sum((day["set_aside"] for day in days if day["day"] in month), ZERO),
                      "exact": transfer.amount == sum((day["set_aside"] for day in days), ZERO)})
    return found


def _totals(days: list[dict], transfers: list[dict]) -> dict:
    by_source = {source: {"revenue": sum((day["sources"][source]["revenue"] or ZERO for day in days), ZERO),
                          "levy": sum((day["sources"][source]["levy"] or ZERO for day in days), ZERO)}
                 for source in controls.SOURCES}
    revenue, levy = (sum((day[key] for day in days), ZERO) for key in ("revenue", "levy"))
    set_aside = sum((day["set_aside"] for day in days), ZERO)
    paid = sum((day["set_aside"] for day in days if day["paid_by"] is not None), ZERO)
    late = sum((day["set_aside"] for day in days if day["state"] == "late"), ZERO)
    outstanding = set_aside - paid
    transferred = sum((transfer["this_month"] for transfer in transfers), ZERO)
    return {"by_source": by_source, "revenue": revenue, "levy": levy, "set_aside": set_aside, "paid": paid,
            "paid_late": late, "outstanding": outstanding, "transferred": transferred,
            # each equality the book must hold, shown ✓ or not: by source to the day, levy to funds, funds to transfers
            "balanced": {"revenue": sum((item["revenue"] for item in by_source.values()), ZERO) == revenue,
                         "levy": sum((item["levy"] for item in by_source.values()), ZERO) == levy == set_aside,
                         "transfers": paid == transferred and set_aside == transferred + outstanding
                         and all(transfer["exact"] for transfer in transfers)}}


def month_book(casino: Casino, register: Register | None, first: datetime.date, last: datetime.date) -> dict:
    """The book of the month from `first` to `last` as of the earlier of its last day and the casino's today (a day
    unpaid past its due date by then is overdue)."""
    book = selectors.book_of(register)
    as_of = min(last, casino.today())
    levied = sorted((item for day, item in book.days.items() if first <= day <= last), key=lambda item: item.day)
    days = [_day(book, item, as_of) for item in levied]
    transfers = _transfers(book, {item.day for item in levied})
    in_month = {item.parameters for item in levied}
    parameters = [{"seq": item.seq, "effective": item.effective, "rates": item.rates, "act": controls.act_cited(
        item.act), "base": str(controls.BASES.get(item.base, item.base))} for item in sorted(
        book.parameters, key=lambda item: (item.effective, item.seq)) if item.seq in in_month
        or item == controls.in_force(book.parameters, first)]
    closed = selectors.closed_days(casino, first, last)
    citation_day = as_of if as_of >= first else first
    return {"currency": casino.currency, "days": days,
            "sources": {source: str(label) for source, label in controls.SOURCES.items()},
            "transfers": transfers, "parameters": parameters, "totals": _totals(days, transfers),
            "to_compute": [day for day in closed if day not in book.days], "as_of": as_of,
            "delay_days": int(selectors.rule(casino, selectors.DELAY, citation_day).value),
            "payment": str(selectors.rule(casino, selectors.PAYMENT, citation_day).value),
            "citations": {"delay": house.concept_cited(casino, selectors.DELAY, citation_day, house.BOOKS),
                          "book": house.concept_cited(casino, selectors.BOOK, citation_day, house.BOOKS)},
            "controls": [str(house.written(controls.ROUNDING)), str(house.written(controls.DAY_START)),
                         str(house.written(controls.PARAMETERS))]}
