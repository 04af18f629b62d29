"""The entries a report shows, as rows of JSON-ready data (every field, the entry's hash, amounts as strings), and
their totals by kind and by currency: one reading for the daily report, the monthly book, the caisse statement and
the card statement. A corrected entry is shown struck through and leaves the totals; a citation rectified since
(registers/chain/recitation.py) is shown beside the one written."""

import json
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal

from django.db.models import QuerySet

from registers.chain.selectors import person, recited, register_head, with_corrections
from registers.kinds import entry_kind_label
from registers.models import Checkpoint, Entry

BATCH = 2000  # rows read at a time: a month's book does not hold every entry object at once
HELD = 20_000  # rows a report holds at once (a day's, a small month's); more are read again at each pass (Rows)


def _row(entry: Entry) -> dict:
    payload = json.loads(entry.payload)
    amount = payload.get("amount")
    return {
        "seq": entry.seq, "kind": entry.kind, "kind_label": entry_kind_label(entry.kind),
        "gaming_day": entry.gaming_day, "recorded_at": entry.recorded_at, "actor": person(entry.actor),
        "countersigner": person(entry.countersigner), "amount": amount if isinstance(amount, str) else None,
        "citation": payload.get("citation") if isinstance(payload.get("citation"), str) else None,
        "corrected_by": entry.corrected_by, "prev_hash": entry.prev_hash, "hash": entry.hash, "payload": payload,
        "recited_by": entry.recited_by, "recited": recited(entry),
    }


class Rows:
    """The rows of `entries` in register order (with `by_day`, in the order of their gaming days, each day's in
    register order: a book reads day after day, though a late filing put an earlier day's entries after a later
    day's), read from the database again at each pass, BATCH at a time: a month's book holds hundreds of thousands,
    more than a process should hold at once. `summary` is the first pass: their number, totals, n° and count by
    gaming day."""

    def __init__(self, register, entries: QuerySet[Entry], currency: str, *, by_day: bool = False):
        # each pass reads the register as it stood at the first: what is appended meanwhile (an entry, a
        # correction setting one aside) is in none of them, so the passes agree
        upto = (head(register) or {"seq": 0})["seq"]
        ordered = _ordered(entries.filter(seq__lte=upto), upto)
        self.entries, self.currency = ordered.order_by("gaming_day", "seq") if by_day else ordered, currency
        self.count, self.totals, self.seqs, self.per_day = self._summary()

    def batches(self) -> Iterator[list[dict]]:
        batch = []
        for entry in self.entries.iterator(chunk_size=BATCH):
            batch.append(_row(entry))
            if len(batch) == BATCH:
                yield batch
                batch = []
        if batch:
            yield batch

    def held(self) -> "list[dict] | Rows":
        """The rows as a list when there are few enough to hold, else this reader of them."""
        return list(self) if self.count <= HELD else self

    def __iter__(self) -> Iterator[dict]:
        for batch in self.batches():
            yield from batch

    def _summary(self) -> tuple[int, dict, list[int], Counter]:
        kinds, amounts, seqs, per_day = Counter(), Counter(), [], Counter()
        for row in self:
            seqs.append(row["seq"])
            per_day[row["gaming_day"]] += 1
            _count(row, kinds, amounts, self.currency)
        return len(seqs), totals(len(seqs), kinds, amounts), seqs, per_day


def _ordered(entries: QuerySet[Entry], upto: int | None = None) -> QuerySet[Entry]:
    return with_corrections(entries, upto).select_related("actor", "countersigner").order_by("seq")


def _count(row: dict, kinds: Counter, amounts: Counter, currency: str) -> None:
    kinds[row["kind"]] += 1
    if row["amount"] is not None and row["corrected_by"] is None:
        amounts[row["payload"].get("currency") or currency] += Decimal(row["amount"])


def rows(entries: QuerySet[Entry], currency: str) -> tuple[list[dict], dict]:
    """The rows of `entries` in register order, and their totals (a report of a day: they are held at once)."""
    out, kinds, amounts = [], Counter(), Counter()
    for entry in _ordered(entries).iterator(chunk_size=BATCH):
        out.append(_row(entry))
        _count(out[-1], kinds, amounts, currency)
    return out, totals(len(out), kinds, amounts)


def totals(count: int, kinds: Counter, amounts: Counter) -> dict:
    return {"entries": count,
            "by_kind": [{"kind": kind, "label": entry_kind_label(kind), "count": kinds[kind]}
                        for kind in sorted(kinds)],
            "amounts": {currency: f"{total:.2f}" for currency, total in sorted(amounts.items())}}


def head(register) -> dict | None:
    found = register_head(register)
    return {"seq": found[0], "hash": found[1]} if found else None


def checkpoint_data(checkpoint: Checkpoint | None) -> dict | None:
    if checkpoint is None:
        return None
    return {"size": checkpoint.size, "head_hash": checkpoint.head_hash, "signed_at": checkpoint.signed_at,
            "signature": checkpoint.signature, "public_key": checkpoint.public_key}
