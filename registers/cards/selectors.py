"""Reading the cards (LU RGD 1979 art. 3-1 to 3-4): what a user may see of clients, cards, their ledger and the
system's certificate, every read scoped through `visible_to`; and how a card's history reads to a person."""

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.expressions import RawSQL
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.models import Casino, User
from compliance.search import PER_SEARCHER, Hit, Query
from games.selectors import RuleValueAt

from ..chain.kept import archived_ids, as_entries
from ..kinds import RegisterKind, entry_kind_label
from ..models import (
    ArchivedBalance,
    Card,
    CardMovement,
    CardStatus,
    CardSystemCertificate,
    Client,
    Entry,
    KeptEntry,
    Register,
)
from . import controls
from .controls import CardState, ProposedChange
from .ledger import ADJUSTED, BENEFIT, CAP_KEYS, TRANSFERRED, WIN_EXCESS, card_rule, card_system_applies, money
from .services import ISSUED, STATUS


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


def _cards_register(card: Card) -> QuerySet[Register]:
    """The casino's `cartes` register as a subquery of the entries' query: no query of its own."""
    return Register.objects.filter(casino_id=card.casino_id, kind=RegisterKind.CARTES).values("id")[:1]


def _named(card: Card, register: QuerySet[Register], model=Entry) -> QuerySet[Entry]:
    """The `cartes` register's entries naming this card as "card", read through the expression index of migrations
    0008 and 0022 (not by scanning the register's text); with `KeptEntry`, the archived years' too."""
    return (model.objects.filter(register_id=register)
            .annotate(card_number=RawSQL(f"({model._meta.db_table}.payload::jsonb ->> 'card')", []))  # nosec B611  # the model's table name
            .filter(card_number=card.number))


def _archived_named(card: Card, before: int | None, limit: int) -> list[Entry]:
    """The entries naming this card in its casino's archived years, newest first below the n° `before`: its history
    goes on there once its live entries end (a year's entries all come before the next year's)."""
    ranges = archived_ids(card.casino)
    if ranges is None:
        return []
    kept = _named(card, _cards_register(card), KeptEntry).filter(ranges)
    if before is not None:
        kept = kept.filter(seq__lt=before)
    return list(as_entries(kept.order_by("-seq")[:limit]))


def movements_of(card: Card) -> QuerySet[CardMovement]:
    """The card's movements, in its casino's partitions only (index `cardmovement_card_last`, migration 0024)."""
    return CardMovement.objects.filter(casino_id=card.casino_id, card=card)


def _received(card: Card) -> QuerySet[Entry]:
    """The transfers this card received (art. 3-1 8)), which name the card they came from: by its movements."""
    return Entry.objects.filter(pk__in=movements_of(card).filter(kind=TRANSFERRED).values("entry_id"))


def _entries_of(card: Card) -> QuerySet[Entry]:
    """The `cartes` register's entries about this card: those naming it, and the transfers it received."""
    received = movements_of(card).filter(kind=TRANSFERRED).values("entry_id")
    return (Entry.objects.filter(register_id=_cards_register(card))
            .annotate(card_number=RawSQL(f"({Entry._meta.db_table}.payload::jsonb ->> 'card')", []))  # nosec B611  # the model's table name
            .filter(Q(card_number=card.number) | Q(pk__in=received)).select_related("actor"))


def _lines(card: Card, entries: list[Entry]) -> list[Line]:
    live = [entry.pk for entry in entries if getattr(entry, "archived_year", None) is None]
    moves = {m.entry_id: (m.delta, m.balance_after)
             for m in movements_of(card).filter(entry_id__in=live)} if live else {}
    lines = []
    for entry in entries:
        payload = json.loads(entry.payload)
        if getattr(entry, "archived_year", None) is not None:  # its movements as its payload records them, hashed
            moves[entry.pk] = next(((Decimal(m["delta"]), Decimal(m["balance_after"]))
                                    for m in payload.get("movements", ()) if m.get("card") == card.number),
                                   (None, None))
        lines.append(Line(entry, payload, *moves.get(entry.pk, (None, None))))
    return lines


def card_history(card: Card) -> list[Line]:
    """Every entry of the `cartes` register about this card, oldest first, with the card's movement (a report's
    whole statement; a page reads `history`, a hundred lines at a time)."""
    return _lines(card, list(_entries_of(card).order_by("seq")))


def card_ledger_sum(card: Card) -> Decimal:
    """The card's balance as its movements make it: the balance an archived year left it (`ArchivedBalance`, a running
    balance up to its movement) and the live movements after that one."""
    kept = ArchivedBalance.objects.filter(card=card).order_by("-movement_id").first()
    after = movements_of(card).filter(id__gt=kept.movement_id) if kept else movements_of(card)
    total = after.aggregate(total=Sum("delta"))["total"] or Decimal("0.00")
    return total + (kept.balance_after if kept else Decimal("0.00"))


def card_benefits(card: Card) -> dict[str, int]:
    """Points and free games granted to a nominative card (3-1 11)), from its benefit entries."""
    totals = {"points": 0, "free_games": 0}
    # the partial index of migration 0022: a benefit names its card, and is never a transfer
    for payload in _named(card, _cards_register(card)).filter(kind=BENEFIT).values_list("payload", flat=True):
        granted = json.loads(payload)
        totals["points"] += granted.get("points", 0)
        totals["free_games"] += granted.get("free_games", 0)
    return totals


# a status entry is named by the state it leads to
STATUS_OPERATIONS = {
    CardStatus.ACTIVE: _("Réactivation"),
    CardStatus.BLOCKED: _("Blocage"),
    CardStatus.LOST: _("Perte signalée"),
    CardStatus.FOUND: _("Carte trouvée"),
    CardStatus.EXPIRED: _("Expiration"),
    CardStatus.CLOSED: _("Clôture"),
}
CHANGE_LABELS = {
    "block": _("Bloquer"),
    "reactivate": _("Réactiver"),
    "lost": _("Déclarer perdue"),
    "close": _("Clôturer"),
}


def caps(casino: Casino, on: datetime.date) -> dict[str, RuleValueAt]:
    """The cap each kind of card would get if issued on `on`, with its article."""
    return {kind: card_rule(casino, key, on) for kind, key in CAP_KEYS.items()}


@dataclass(frozen=True)
class CasinoCards:
    """One casino's card system: its latest certificate of conformity (art. 3-2), or the rule that asks for it."""

    casino: Casino
    certificate: CardSystemCertificate | None
    certificate_rule: RuleValueAt

    @property
    def can_issue(self) -> bool:
        return self.certificate is not None or not self.certificate_rule.value


def casino_cards(*, user: User, on: datetime.date) -> list[CasinoCards]:
    casinos = [c for c in Casino.objects.visible_to(user).select_related("jurisdiction") if card_system_applies(c, on)]
    latest = {}
    for certificate in CardSystemCertificate.objects.visible_to(user).filter(casino__in=casinos).order_by(
            "issued_on", "recorded_at"):
        latest[certificate.casino_id] = certificate
    return [CasinoCards(c, latest.get(c.pk), card_rule(c, "certificat_avant_mise_en_service", on)) for c in casinos]


def card_get(*, user: User, number: str) -> Card:
    return get_object_or_404(
        Card.objects.visible_to(user).select_related("casino__jurisdiction", "client", "issued_by"), number=number
    )


def client_get(*, user: User, pk: int) -> Client:
    return get_object_or_404(clients_visible(user=user), pk=pk)


def client_cards(client: Client) -> list[Card]:
    return list(client.cards.select_related("casino__jurisdiction").order_by("-issued_at"))


def clients_with_counts(*, user: User, query: str = "") -> QuerySet[Client]:
    clients = clients_visible(user=user).annotate(
        card_count=Count("cards"), active_count=Count("cards", filter=Q(cards__status=CardStatus.ACTIVE))
    )
    if query.strip():
        q = query.strip()
        clients = clients.filter(Q(last_name__icontains=q) | Q(first_name__icontains=q)
                                 | Q(id_document_number__iexact=q))
    return clients


def issue_clients(*, casino: Casino, user: User) -> list[Client]:
    """The casino's identified clients, to pick for a nominative card."""
    return list(clients_visible(user=user, casino=casino))


@dataclass(frozen=True)
class HistoryRow:
    """A line of a card's history as a person reads it."""

    line: Line
    card: Card

    @property
    def entry(self):
        return self.line.entry

    @property
    def label(self) -> str:
        kind, payload = self.entry.kind, self.line.payload
        if kind == STATUS:
            return str(STATUS_OPERATIONS.get(payload.get("to"), payload.get("to", "")))
        if kind == TRANSFERRED:
            if payload.get("to") == self.card.number:
                return str(_("Transfert reçu de la carte {number}")).format(number=payload.get("card", ""))
            return str(_("Transfert vers la carte {number}")).format(number=payload.get("to", ""))
        return entry_kind_label(kind)

    @property
    def detail(self) -> str:
        """Where, why, or what: the desk, the machine, the reason, the points."""
        payload = self.line.payload
        parts = []
        if self.entry.kind == ISSUED and payload.get("cap") is not None:
            parts.append(str(_("plafond : {cap}")).format(cap=self._money(payload["cap"])))
        if payload.get("desk"):
            parts.append(str(_("caisse : {desk}")).format(desk=payload["desk"]))
        if payload.get("machine"):
            parts.append(str(_("appareil : {machine}")).format(machine=payload["machine"]))
        if self.entry.kind == BENEFIT:
            points, games = payload.get("points", 0), payload.get("free_games", 0)
            parts.append(", ".join((
                ngettext("%(n)s point", "%(n)s points", _count(points)) % {"n": points},
                ngettext("%(n)s jeu gratuit", "%(n)s jeux gratuits", _count(games)) % {"n": games})))
        if self.entry.kind == ADJUSTED:
            parts.append(str(_("avant : {before} · après : {after}")).format(
                before=self._money(payload.get("before")), after=self._money(payload.get("after"))))
        if self.entry.kind == WIN_EXCESS:
            parts.append(str(_("gain de {win}, crédité {credited}")).format(
                win=self._money(payload.get("win")), credited=self._money(payload.get("credited"))))
        if payload.get("found_on"):
            parts.append(str(_("trouvée le {day}")).format(day=self._day(payload["found_on"])))
        if payload.get("reason"):
            parts.append(payload["reason"])
        if payload.get("citation"):
            parts.append(payload["citation"])
        return " · ".join(parts)

    @property
    def amount(self) -> Decimal | None:
        """The money the entry moved on this card; for a win past the cap, the part to pay by hand."""
        if self.line.delta is not None:
            return self.line.delta
        if self.entry.kind == WIN_EXCESS and self.line.payload.get("amount") is not None:
            return Decimal(self.line.payload["amount"])
        return None

    def _money(self, value) -> str:
        return money(self.card, Decimal(value)) if value not in (None, "") else "—"

    def _day(self, value: str) -> str:
        """A day the payload keeps as ISO text, as people write it; any other text as given."""
        try:
            return formatting.date(datetime.date.fromisoformat(value), jurisdiction=self.card.casino.jurisdiction)
        except (TypeError, ValueError):
            return str(value)


def _count(value) -> int:
    """The whole count a number's words follow (« 1 point », « 2,5 points »)."""
    try:
        return int(Decimal(str(value)))
    except (ArithmeticError, ValueError):
        return 0


HISTORY_PAGE = 100


@dataclass(frozen=True)
class HistoryPage:
    """A page of a card's history, newest first: `older`, the n° to read on from (?avant=), when there is more."""

    rows: list[HistoryRow]
    before: int | None
    older: int | None


def history(card: Card, before: int | None = None, size: int = HISTORY_PAGE) -> HistoryPage:
    """The card's entries, newest first, `size` at a time before the n° `before` (a keyset on the register's n°),
    those of its casino's archived years after the live ones (transfers it received there are on the giving
    card's history)."""
    newest = []  # those naming the card, then the transfers it received: each read newest first through its index
    for entries in (_named(card, _cards_register(card)), _received(card)):
        if before is not None:
            entries = entries.filter(seq__lt=before)
        newest += entries.select_related("actor").order_by("-seq")[:size + 1]
    chunk = sorted({entry.pk: entry for entry in newest}.values(), key=lambda entry: -entry.seq)[:size + 1]
    if len(chunk) <= size:  # its live entries end on this page: its archived years' follow
        chunk += _archived_named(card, chunk[-1].seq if chunk else before, size + 1 - len(chunk))
    older = chunk[size - 1].seq if len(chunk) > size else None
    return HistoryPage([HistoryRow(line, card) for line in _lines(card, chunk[:size])], before, older)


def transfer_targets(card: Card) -> list[Card]:
    """The client's other active nominative cards (art. 3-1 8))."""
    if card.client_id is None:
        return []
    return list(Card.objects.filter(client_id=card.client_id, status=CardStatus.ACTIVE).exclude(pk=card.pk))


def status_offers(card: Card, user: User, rules: controls.Rules) -> list[tuple[str, str, list]]:
    """Each change of state asked for on the card's page, as (change, label, the problems the service would refuse it
    with now: none where it is offered)."""
    proposed = {change: ProposedChange(change, card.casino.today(), manager=user.role == User.Role.MANAGER)
                for change in controls.ASKED}
    state = CardState.of(card)
    return [(change, str(CHANGE_LABELS[change]), controls.change_problems(state, proposed[change], rules))
            for change in controls.ASKED]


# --- the header's search (compliance/search.py): cards by n°, clients by name or identity document -----------------

CARD_PART = 4  # characters of a card's n° that find the cards whose n° holds them


def search_cards(user: User, query: Query) -> list[Hit]:
    """A card by its n° (« LAM-070797935418 », or its digits alone), or the cards whose n° holds what was typed: one
    query, the user's scope only."""
    text = query.text
    if len(text) < CARD_PART and query.number is None:
        return []
    matches = Q(number__iexact=text) | Q(number__iendswith=f"-{text}")
    if len(text) >= CARD_PART:
        matches |= Q(number__icontains=text)
    found = Card.objects.visible_to(user).select_related("casino", "client").filter(matches)
    kind = gettext("Carte de jeu")
    hits = []
    for card in found.order_by("number")[:PER_SEARCHER]:
        exact = card.number.upper() == text.upper() or card.number.upper().endswith(f"-{text.upper()}")
        holder = str(card.client) if card.client_id else gettext("carte journalière non nominative")
        hits.append(Hit(kind, card.number, reverse("cards-card", kwargs={"number": card.number}), exact=exact,
                        casino=card.casino.name, detail=f"{holder} · {card.get_status_display()}"))
    return hits


def search_clients(user: User, query: Query) -> list[Hit]:
    """An identified client by the number of their identity document, or by their name (every word typed in their
    last or first name): one query, the user's scope only."""
    words = query.text.split()
    if not words or len(query.text) < 2:
        return []
    named = Q()
    for word in words:
        named &= Q(last_name__icontains=word) | Q(first_name__icontains=word)
    found = Client.objects.visible_to(user).select_related("casino").filter(
        named | Q(id_document_number__iexact=query.text))
    kind = gettext("Client identifié")
    typed = query.text.casefold()
    hits = []
    for client in found.order_by("last_name", "first_name")[:PER_SEARCHER]:
        names = {f"{client.last_name} {client.first_name}".casefold(),
                 f"{client.first_name} {client.last_name}".casefold()}
        exact = typed in names or client.id_document_number.casefold() == typed
        hits.append(Hit(kind, str(client), reverse("cards-client", kwargs={"pk": client.pk}), exact=exact,
                        casino=client.casino.name,
                        detail=f"{client.id_document_type} {client.id_document_number}"))
    return hits
