"""The daily statement of the caisse spéciale (LU RGD 1979 art. 18-14, 3-4 9)), signed: the statement the caisse
page prints, its data attached, and the entries of the cards register it sums (their numbers and hashes in the
data, their range on the page)."""

import datetime

from registers.cards.caisse.selectors import statement
from registers.chain.selectors import person
from registers.kinds import RegisterKind, register_kind_label
from registers.models import Entry, GamingSession, Register

from . import daily, ledger, render

TEMPLATE = "compliance/reports/caisse_daily.html"


def register_of(casino) -> Register | None:
    return Register.objects.filter(casino=casino, kind=RegisterKind.CARTES).first()


def context(casino, day: datetime.date, requested_by) -> tuple[dict, dict]:
    """The template's context (the statement's objects) and the report's source (the same, as data)."""
    shown = statement(casino, day)
    register = register_of(casino)
    rows, totals = ledger.rows(Entry.objects.filter(register=register, gaming_day=day), casino.currency)
    session = GamingSession.objects.filter(casino=casino, gaming_day=day).first()
    source = {
        "report": "caisse_daily", "casino": casino.code, "casino_name": casino.name,
        "jurisdiction": casino.jurisdiction.code, "register": register.kind,
        "register_label": register_kind_label(register.kind), "gaming_day": day, "currency": casino.currency,
        "closed_at": session.closed_at if session else None, "timezone": casino.jurisdiction.timezone,
        "statement": render.plain({key: shown[key] for key in ("cards", "desks", "outstanding", "citations")}),
        "entries": [{key: row[key] for key in ("seq", "kind", "gaming_day", "recorded_at", "hash")} for row in rows],
        "totals": totals, "head": ledger.head(register),
    }
    created = daily.created(source)
    return shown | {"generated_at": created, "generated_by": person(requested_by), "source": source}, source
