"""The daily report of a register: the entries of one gaming day (every field of each, its hash and the one before),
the totals by kind and by currency, the register's head and the checkpoint signed at the day's close. What the
page shows is exactly its `source`, attached to the PDF."""

import datetime
import json
from collections import Counter
from decimal import Decimal

from registers.chain.selectors import person, with_corrections
from registers.kinds import entry_kind_label, register_kind_label
from registers.models import Checkpoint, Entry, GamingSession, Register

TEMPLATE = "compliance/reports/register_daily.html"


def source(register: Register, day: datetime.date) -> dict:
    """What the report of `register` for `day` shows, as JSON-ready data (amounts as strings)."""
    casino = register.casino
    entries = list(with_corrections(Entry.objects.filter(register=register, gaming_day=day))
                   .select_related("actor", "countersigner").order_by("seq"))
    rows, kinds, amounts = [], Counter(), Counter()
    for entry in entries:
        payload = json.loads(entry.payload)
        kinds[entry.kind] += 1
        amount = payload.get("amount")
        if isinstance(amount, str) and entry.corrected_by is None:
            amounts[payload.get("currency") or casino.currency] += Decimal(amount)
        rows.append({
            "seq": entry.seq, "kind": entry.kind, "kind_label": entry_kind_label(entry.kind),
            "recorded_at": entry.recorded_at, "actor": person(entry.actor),
            "countersigner": person(entry.countersigner), "amount": amount if isinstance(amount, str) else None,
            "citation": payload.get("citation") if isinstance(payload.get("citation"), str) else None,
            "corrected_by": entry.corrected_by, "prev_hash": entry.prev_hash, "hash": entry.hash, "payload": payload,
        })
    session = GamingSession.objects.filter(casino=casino, gaming_day=day).first()
    checkpoint = (Checkpoint.objects.filter(register=register, reason="session_close", signed_at__gte=session.closed_at)
                  .order_by("signed_at").first() if session else None)
    head = Entry.objects.filter(register=register).order_by("-seq").values("seq", "hash").first()
    return {
        "report": "register_daily", "casino": casino.code, "casino_name": casino.name,
        "jurisdiction": casino.jurisdiction.code, "register": register.kind,
        "register_label": register_kind_label(register.kind), "gaming_day": day,
        "closed_at": session.closed_at if session else None, "entries": rows,
        "timezone": casino.jurisdiction.timezone,
        "totals": {"entries": len(rows),
                   "by_kind": [{"kind": kind, "label": entry_kind_label(kind), "count": kinds[kind]}
                               for kind in sorted(kinds)],
                   "amounts": {currency: f"{total:.2f}" for currency, total in sorted(amounts.items())}},
        "head": head,
        "checkpoint": {"size": checkpoint.size, "head_hash": checkpoint.head_hash, "signed_at": checkpoint.signed_at,
                       "signature": checkpoint.signature, "public_key": checkpoint.public_key} if checkpoint else None,
    }


def created(source_: dict) -> datetime.datetime:
    """The report's date is its data's: the day's close (or the day's end when it is not closed)."""
    if source_["closed_at"] is not None:
        return source_["closed_at"].replace(microsecond=0)
    return datetime.datetime.combine(source_["gaming_day"], datetime.time(23, 59, 59), tzinfo=datetime.UTC)
