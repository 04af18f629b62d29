"""The keno register as its entries build it, one entry after the other: what the selectors read for the page, the
services and the « À faire » list, and what the audit replays (checks.py), with the same function. Pure: an entry's
kind, n° and payload."""

import datetime
from decimal import Decimal

from ..kinds import EntryKind
from .controls import Closing, Draw, Keno, Ticket


def moment(raw: str) -> datetime.datetime:
    """A moment as the register writes it: ISO 8601 with its offset (ValueError otherwise)."""
    value = datetime.datetime.fromisoformat(raw)
    if value.tzinfo is None:
        raise ValueError(raw)
    return value


def hour(raw: str) -> datetime.time:
    """« HH:MM » → a time (ValueError otherwise)."""
    if not isinstance(raw, str) or len(raw) != 5:
        raise ValueError(raw)
    return datetime.time.fromisoformat(raw)


def keno_apply(keno: Keno, kind: str, seq: int, payload: dict) -> None:
    if kind == EntryKind.KENO_CLOSING:
        keno.closings.append(Closing(seq, datetime.date.fromisoformat(payload["en_vigueur_le"]),
                                     hour(payload["heure"]), bool(payload["lendemain"]), payload["reference"]))
    elif kind == EntryKind.KENO_TICKET:
        keno.tickets[payload["billet"]] = Ticket(payload["billet"], seq, tuple(int(n) for n in payload["tirages"]),
                                                 Decimal(payload["mise"]), moment(payload["vendu_le"]))
    elif kind == EntryKind.KENO_DRAW:
        number = int(payload["tirage"])
        keno.draws[number] = Draw(number, seq, moment(payload["tire_le"]))
        for ticket, amount in payload["gagnants"].items():
            if ticket in keno.tickets:
                keno.tickets[ticket].won[number] = Decimal(amount)
    elif kind == EntryKind.KENO_PAID:
        ticket = keno.tickets.get(payload["billet"])
        if ticket is not None:
            ticket.paid_seq, ticket.paid_at = seq, moment(payload["paye_le"])

