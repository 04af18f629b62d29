"""Electronic gaming cards (LU RGD 1979 art. 3-1 to 3-4): clients, issue, and the card ledger.

Every operation is an entry of the casino's `cartes` register (hash-chained) written in the same
transaction as the card's balance, under a row lock on the card; PostgreSQL's constraints hold the
limits even against a wrong caller (see Card). Caps and counts come from the rule data.
"""

import datetime
import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from games.selectors import rule_value_at

from . import errors
from .models import Card, CardKind, CardStatus, CardSystemCertificate, Client, Entry, RegisterKind
from .money import parse_amount
from .services import entry_append, register_for

ISSUED, LOADED = "carte.emission", "carte.chargement"


def _rule(casino: Casino, key: str, on: datetime.date):
    return rule_value_at(jurisdiction=casino.jurisdiction, key=f"lu.carte_de_jeu.{key}", on=on, drafts=True)


def _required(**fields) -> None:
    for field, value in fields.items():
        if not str(value or "").strip():
            raise DomainError(errors.FIELD_REQUIRED, code="required", field=field)


def card_certificate_record(
    *, casino: Casino, actor: User, supplier: str, reference: str, issued_on: datetime.date
) -> CardSystemCertificate:
    verify_can_write(actor, casino)
    _required(supplier=supplier, reference=reference)
    return CardSystemCertificate.objects.create(
        casino=casino, supplier=supplier.strip(), reference=reference.strip(), issued_on=issued_on, recorded_by=actor
    )


def client_register(
    *,
    casino: Casino,
    actor: User,
    last_name: str,
    first_name: str,
    birth_date: datetime.date,
    id_document_type: str,
    id_document_number: str,
) -> Client:
    """Identity checked by `actor` now (art. 3-3)."""
    verify_can_write(actor, casino)
    _required(
        last_name=last_name,
        first_name=first_name,
        id_document_type=id_document_type,
        id_document_number=id_document_number,
    )
    return Client.objects.create(
        casino=casino,
        last_name=last_name.strip(),
        first_name=first_name.strip(),
        birth_date=birth_date,
        id_document_type=id_document_type.strip(),
        id_document_number=id_document_number.strip(),
        verified_by=actor,
        verified_at=timezone.now(),
    )


def _number(casino: Casino) -> str:
    return f"{casino.code[:3].upper()}-{secrets.randbelow(10**12):012d}"


@transaction.atomic
def card_issue(
    *, casino: Casino, actor: User, kind: str, gaming_day: datetime.date, client: Client | None = None
) -> Card:
    """A manager issues a card: never before the system's certificate (art. 3-2); a nominative card to an
    identified client holding fewer than two active ones (art. 3-1 7)); a day card to anyone."""
    verify_can_write(actor, casino)
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.CARD_ROLE, code="wrong_role", field="actor")
    needed = _rule(casino, "certificat_avant_mise_en_service", gaming_day)
    if needed.value and not CardSystemCertificate.objects.filter(casino=casino).exists():
        raise DomainError(errors.CARD_NO_CERTIFICATE.format(citation=needed.citation.label), code="no_certificate")
    nominative = kind == CardKind.NOMINATIVE
    cap = _rule(casino, "plafond_nominative" if nominative else "plafond_journaliere_anonyme", gaming_day)
    count = _rule(casino, "nominatives_par_client_max", gaming_day)
    if nominative and client is None:
        raise DomainError(
            errors.CARD_NEEDS_CLIENT.format(citation=count.citation.label), code="client_required", field="client"
        )
    fields = {
        "casino": casino,
        "kind": kind,
        "client": client if nominative else None,
        "cap": cap.value,
        "mention": f"Valable uniquement au {casino.name}",
        "gaming_day": gaming_day,
        "issued_by": actor,
    }
    card = None
    for slot in range(1, int(count.value) + 1) if nominative else (None,):
        try:
            with transaction.atomic():  # a concurrent issue may take the slot: the unique index decides
                card = Card.objects.create(number=_number(casino), slot=slot, **fields)
            break
        except IntegrityError:
            continue
    if card is None:
        raise DomainError(
            errors.CARD_TWO_ACTIVE.format(max=count.value, citation=count.citation.label),
            code="two_active_cards",
            field="client",
        )
    entry_append(
        register=register_for(casino=casino, kind=RegisterKind.CARTES),
        kind=ISSUED,
        gaming_day=gaming_day,
        actor=actor,
        payload={
            "card": card.number,
            "kind": kind,
            "client": client.pk if nominative else None,
            "cap": card.cap,
            "citation": cap.citation.label,
        },
    )
    return card


@transaction.atomic
def card_load(*, card: Card, actor: User, amount, gaming_day: datetime.date) -> Entry:
    """A load at the cash desk; refused, with the amount still allowed, if it would pass the cap (3-1 6), 7))."""
    card = Card.objects.select_for_update().select_related("casino").get(pk=card.pk)
    verify_can_write(actor, card.casino)
    value = parse_amount(amount)
    if card.status != CardStatus.ACTIVE:
        raise DomainError(
            errors.CARD_NOT_ACTIVE.format(number=card.number, status=card.get_status_display()),
            code="card_not_active",
            field="card",
        )
    if card.balance + value > card.cap:
        rule = _rule(
            card.casino,
            "plafond_nominative" if card.kind == CardKind.NOMINATIVE else "plafond_journaliere_anonyme",
            gaming_day,
        )
        jurisdiction = card.casino.jurisdiction
        raise DomainError(
            errors.CARD_ABOVE_CAP.format(
                cap=formatting.money(card.cap, currency=card.casino.currency, jurisdiction=jurisdiction),
                allowed=formatting.money(
                    card.cap - card.balance, currency=card.casino.currency, jurisdiction=jurisdiction
                ),
                citation=rule.citation.label,
            ),
            code="above_cap",
            field="amount",
        )
    card.balance += value
    card.save(update_fields=["balance"])
    return entry_append(
        register=register_for(casino=card.casino, kind=RegisterKind.CARTES),
        kind=LOADED,
        gaming_day=gaming_day,
        actor=actor,
        payload={"card": card.number, "amount": value, "balance_after": card.balance},
    )
