"""The entries a report shows, as rows of JSON-ready data (every field, the entry's hash, amounts as strings), and
their totals by kind and by currency: one reading for the daily report, the monthly book, the caisse statement and
the card statement. A corrected entry is shown struck through and leaves the totals."""

import json
from collections import Counter
from decimal import Decimal

from django.db.models import QuerySet

from registers.chain.selectors import person, with_corrections
from registers.kinds import entry_kind_label
from registers.models import Checkpoint, Entry

BATCH = 2000  # rows read at a time: a month's book does not hold every entry object at once


def rows(entries: QuerySet[Entry], currency: str) -> tuple[list[dict], dict]:
    """The rows of `entries` in register order, and their totals."""
    out, kinds, amounts = [], Counter(), Counter()
    entries = with_corrections(entries).select_related("actor", "countersigner").order_by("seq")
    for entry in entries.iterator(chunk_size=BATCH):
        payload = json.loads(entry.payload)
        kinds[entry.kind] += 1
        amount = payload.get("amount")
        if isinstance(amount, str) and entry.corrected_by is None:
            amounts[payload.get("currency") or currency] += Decimal(amount)
        out.append({
            "seq": entry.seq, "kind": entry.kind, "kind_label": entry_kind_label(entry.kind),
            "gaming_day": entry.gaming_day, "recorded_at": entry.recorded_at, "actor": person(entry.actor),
            "countersigner": person(entry.countersigner), "amount": amount if isinstance(amount, str) else None,
            "citation": payload.get("citation") if isinstance(payload.get("citation"), str) else None,
            "corrected_by": entry.corrected_by, "prev_hash": entry.prev_hash, "hash": entry.hash, "payload": payload,
        })
    return out, totals(len(out), kinds, amounts)


def totals(count: int, kinds: Counter, amounts: Counter) -> dict:
    return {"entries": count,
            "by_kind": [{"kind": kind, "label": entry_kind_label(kind), "count": kinds[kind]}
                        for kind in sorted(kinds)],
            "amounts": {currency: f"{total:.2f}" for currency, total in sorted(amounts.items())}}


def head(register) -> dict | None:
    return Entry.objects.filter(register=register).order_by("-seq").values("seq", "hash").first()


def checkpoint_data(checkpoint: Checkpoint | None) -> dict | None:
    if checkpoint is None:
        return None
    return {"size": checkpoint.size, "head_hash": checkpoint.head_hash, "signed_at": checkpoint.signed_at,
            "signature": checkpoint.signature, "public_key": checkpoint.public_key}
