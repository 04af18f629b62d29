"""The monthly book of a register (LU RGD 1979 art. 89-1, 97-1: registers and books kept electronically « avec des
garanties équivalentes au papier »): every entry of the month's gaming days, day by day in the order of the days
(a day filed late still reads in its place), the totals of each day and of the month, and the checkpoints signed at
each day's close."""

import calendar
import datetime

from registers.kinds import register_kind_label
from registers.models import Checkpoint, Entry, GamingSession, Register

from . import daily, ledger

TEMPLATE = "compliance/reports/register_monthly.html"


def month_of(day: datetime.date) -> tuple[datetime.date, datetime.date]:
    """The first and last day of the month of `day`."""
    return day.replace(day=1), day.replace(day=calendar.monthrange(day.year, day.month)[1])


def source(register: Register, start: datetime.date, end: datetime.date) -> dict:
    casino = register.casino
    month = Entry.objects.filter(register=register, gaming_day__range=(start, end))
    rows = ledger.Rows(register, month, casino.currency, by_day=True)
    sessions = {s.gaming_day: s.closed_at for s in GamingSession.objects.filter(casino=casino,
                                                                               gaming_day__range=(start, end))}
    checkpoints = []
    if sessions:  # those signed by the month's closes (each close signs every register of the casino)
        window = (min(sessions.values()), max(sessions.values()) + datetime.timedelta(hours=1))
        checkpoints = [ledger.checkpoint_data(c) for c in Checkpoint.objects.filter(
            register=register, reason="session_close", signed_at__range=window).order_by("signed_at")]
    return {
        "report": "register_monthly", "casino": casino.code, "casino_name": casino.name,
        "jurisdiction": casino.jurisdiction.code, "register": register.kind,
        "register_label": register_kind_label(register.kind), "period": [start, end],
        "timezone": casino.jurisdiction.timezone, "entries": rows.held(), "totals": rows.totals,
        "days": [{"gaming_day": day, "entries": rows.per_day[day], "closed_at": sessions.get(day)}
                 for day in sorted(rows.per_day)],
        "closed_days": len(sessions), "head": ledger.head(register),
        "checkpoints": checkpoints,
    }


def created(source_: dict) -> datetime.datetime:
    closes = [day["closed_at"] for day in source_["days"] if day["closed_at"]]
    return max(closes).replace(microsecond=0) if closes else daily.end_of(source_["period"][1])
