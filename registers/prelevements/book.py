"""The levy book as its entries build it, one entry after the other: what the selectors read for the page and the
services, and what the audit replays (checks.py), with the same function. Pure: an entry's kind, n°, day and payload."""

import datetime
from decimal import Decimal

from ..kinds import EntryKind
from .controls import Book, Levied, Parameters, Transfer


def _amounts(raw: dict) -> dict[str, Decimal]:
    return {source: Decimal(amount) for source, amount in raw.items()}


def book_apply(book: Book, kind: str, seq: int, day: datetime.date, payload: dict) -> None:
    if kind == EntryKind.LEVY_PARAMETERS:
        book.parameters.append(Parameters(seq, datetime.date.fromisoformat(payload["en_vigueur_le"]),
                                          _amounts(payload["taux"]), payload["base"], payload["acte"]))
    elif kind == EntryKind.LEVY_DAY:
        earlier = book.days.get(day)
        book.days[day] = Levied(day, seq, _amounts(payload["produit"]), _amounts(payload["prelevement"]),
                                Decimal(payload["mis_en_reserve"]), datetime.date.fromisoformat(payload["echeance"]),
                                payload["parametres"], earlier.paid_by if earlier else None,
                                earlier.paid_on if earlier else None)
    elif kind == EntryKind.LEVY_TRANSFER:
        days = tuple(datetime.date.fromisoformat(raw) for raw in payload["journees"])
        made_on = datetime.date.fromisoformat(payload["fait_le"])
        book.transfers[seq] = Transfer(days, Decimal(payload["montant"]), made_on, payload["reference"])
        for paid in days:
            if paid in book.days:
                book.days[paid].paid_by, book.days[paid].paid_on = seq, made_on


def amount_text(value: Decimal) -> str:
    """An amount as the book writes it: two places, no exponent."""
    return format(value.quantize(Decimal("0.01")), "f")
