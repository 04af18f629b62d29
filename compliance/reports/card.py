"""A client's card statement, on request (LU RGD 1979 art. 3-1 1), 5), 10), 11)): every operation the system recorded
on the card over a period, what it moved and the balance after it, the balance at the start and at the end, points
and free games; each operation with its entry's number and hash in the cards register."""

import datetime
from decimal import Decimal

from registers.cards.selectors import HistoryRow, card_history
from registers.chain.selectors import person
from registers.kinds import register_kind_label
from registers.models import Card

from . import daily

TEMPLATE = "compliance/reports/card_statement.html"


def source(card: Card, start: datetime.date, end: datetime.date) -> dict:
    casino = card.casino
    lines = card_history(card)
    before = [line for line in lines if line.entry.gaming_day < start and line.balance_after is not None]
    opening = before[-1].balance_after if before else Decimal("0.00")
    rows, balance, moved = [], opening, Decimal("0.00")
    for line in lines:
        if not start <= line.entry.gaming_day <= end:
            continue
        row = HistoryRow(line, card)
        if line.balance_after is not None:
            balance = line.balance_after
        if line.delta is not None:
            moved += line.delta
        rows.append({"seq": line.entry.seq, "kind": line.entry.kind, "label": row.label, "detail": row.detail,
                     "gaming_day": line.entry.gaming_day, "recorded_at": line.entry.recorded_at,
                     "actor": person(line.entry.actor), "amount": row.amount, "balance_after": line.balance_after,
                     "hash": line.entry.hash})
    client = card.client
    return {
        "report": "card_statement", "casino": casino.code, "casino_name": casino.name,
        "jurisdiction": casino.jurisdiction.code, "register": "cartes", "register_label": register_kind_label("cartes"),
        "card": {"number": card.number, "kind": card.kind, "kind_label": card.get_kind_display(),
                 "cap": card.cap, "mention": card.mention, "issued_on": card.gaming_day,
                 "status": card.get_status_display()},
        "client": {"name": f"{client.first_name} {client.last_name}".strip(), "number": client.pk} if client else None,
        "period": [start, end], "currency": casino.currency, "timezone": casino.jurisdiction.timezone,
        "opening": opening, "closing": balance, "moved": moved, "balanced": opening + moved == balance,
        "entries": rows,
    }


def created(source_: dict) -> datetime.datetime:
    stamps = [row["recorded_at"] for row in source_["entries"]]
    return max(stamps).replace(microsecond=0) if stamps else daily.end_of(source_["period"][1])
