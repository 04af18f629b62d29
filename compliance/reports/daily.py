"""The daily report of a register: the entries of one gaming day (every field of each, its hash and the one before),
the totals by kind and by currency, the register's head and the checkpoint signed at the day's close. What the
page shows is exactly its `source`, attached to the PDF."""

import datetime

from registers.kinds import register_kind_label
from registers.models import Checkpoint, Entry, GamingSession, Register

from . import ledger

TEMPLATE = "compliance/reports/register_daily.html"


def source(register: Register, day: datetime.date) -> dict:
    """What the report of `register` for `day` shows, as JSON-ready data (amounts as strings)."""
    casino = register.casino
    rows, totals = ledger.rows(Entry.objects.filter(register=register, gaming_day=day), casino.currency)
    session = GamingSession.objects.filter(casino=casino, gaming_day=day).first()
    checkpoint = (Checkpoint.objects.filter(register=register, reason="session_close", signed_at__gte=session.closed_at)
                  .order_by("signed_at").first() if session else None)
    return {
        "report": "register_daily", "casino": casino.code, "casino_name": casino.name,
        "jurisdiction": casino.jurisdiction.code, "register": register.kind,
        "register_label": register_kind_label(register.kind), "gaming_day": day,
        "closed_at": session.closed_at if session else None, "entries": rows, "timezone": casino.jurisdiction.timezone,
        "totals": totals, "head": ledger.head(register), "checkpoint": ledger.checkpoint_data(checkpoint),
    }


def created(source_: dict) -> datetime.datetime:
    """The report's date is its data's: the day's close (or the day's end when it is not closed)."""
    if source_["closed_at"] is not None:
        return source_["closed_at"].replace(microsecond=0)
    return end_of(source_["gaming_day"])


def end_of(day: datetime.date) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(23, 59, 59), tzinfo=datetime.UTC)
