"""Reading the cards: what a user may see of clients, cards and their ledger."""

import json
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, QuerySet, Sum
from django.db.models.expressions import RawSQL

from compliance.models import Casino, User

from .card_ledger import WIN_EXCESS
from .models import Card, CardMovement, Client, Entry, Register, RegisterKind


def cards_visible(*, user: User, casino: Casino | None = None, query: str = "") -> QuerySet[Card]:
    cards = Card.objects.visible_to(user).select_related("casino", "client")
    if casino is not None:
        cards = cards.filter(casino=casino)
    if query.strip():
        q = query.strip()
        cards = cards.filter(Q(number__icontains=q) | Q(client__last_name__icontains=q)
                             | Q(client__id_document_number__iexact=q))
    return cards


def clients_visible(*, user: User, casino: Casino | None = None) -> QuerySet[Client]:
    clients = Client.objects.visible_to(user).select_related("casino", "verified_by")
    return clients.filter(casino=casino) if casino is not None else clients


@dataclass(frozen=True)
class Line:
    entry: Entry
    payload: dict
    delta: Decimal | None  # None for an entry that moves no money on this card (status, points)
    balance_after: Decimal | None


def card_history(card: Card) -> list[Line]:
    """Every entry of the `cartes` register about this card, oldest first, with the card's movement."""
    moves = {m.entry_id: m for m in CardMovement.objects.filter(card=card)}
    register = Register.objects.filter(casino_id=card.casino_id, kind=RegisterKind.CARTES).first()
    # every entry about a card names it as "card" (a transfer's target has its movement): read through the
    # expression index of migration 0008, not by scanning the register's text
    entries = (Entry.objects.filter(register=register)
               .annotate(card_number=RawSQL(f"({Entry._meta.db_table}.payload::jsonb ->> 'card')", []))
               .filter(Q(pk__in=moves.keys()) | Q(card_number=card.number))
               .select_related("actor").order_by("seq"))
    lines = []
    for entry in entries:
        move = moves.get(entry.pk)
        lines.append(Line(entry, json.loads(entry.payload), move.delta if move else None,
                          move.balance_after if move else None))
    return lines


def card_ledger_sum(card: Card) -> Decimal:
    return CardMovement.objects.filter(card=card).aggregate(total=Sum("delta"))["total"] or Decimal("0.00")


def card_benefits(lines: list[Line]) -> dict[str, int]:
    """Points and free games granted to a nominative card (3-1 11)), from its history (`card_history`)."""
    totals = {"points": 0, "free_games": 0}
    for line in lines:
        if line.entry.kind == "carte.avantage":
            totals["points"] += line.payload.get("points", 0)
            totals["free_games"] += line.payload.get("free_games", 0)
    return totals


def win_excesses(*, casino: Casino) -> list[tuple[Entry, dict]]:
    """Parts of slot wins beyond a card's cap, to pay by hand under art. 18-10 (3-4 7))."""
    entries = Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CARTES, kind=WIN_EXCESS)
    return [(e, json.loads(e.payload)) for e in entries.order_by("-seq")]
