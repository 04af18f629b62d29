"""Electronic gaming cards (LU RGD 1979 art. 3-1 to 3-4): clients, issue, and each card's life (blocked,
lost, found, expired, closed). The balance moves only through the ledger (`ledger.py`); every change here is an entry
of the casino's `cartes` register too. Caps, counts and delays come from the rule data.
"""

import dataclasses
import datetime
import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from compliance.errors import DomainError
from compliance.hooks import PERSON_CHECKS  # the exclusion list and the age (registers/admissions)
from compliance.models import AuditAction, Casino, User
from compliance.permissions import verify_can_write
from compliance.refusals import refusals_kept
from compliance.services import audit_record, system_user
from registers.errors import ErrorCode

from ..chain.services import entry_append, register_for, verify_gaming_day
from ..fields import clean_text, required
from ..kinds import EntryKind, RegisterKind
from ..models import Card, CardKind, CardStatus, CardSystemCertificate, Client, Entry
from ..orphelins.services import orphelin_record
from . import controls, errors
from .controls import CAP_KEYS, CardState, ProposedChange, ProposedIssue, refuse
from .ledger import TO_ORPHELINS, locked, record, rules_of

ISSUED, STATUS = EntryKind.CARD_ISSUED, EntryKind.CARD_STATUS


@transaction.atomic
def card_certificate_record(
    *, casino: Casino, actor: User, supplier: str, reference: str, issued_on: datetime.date
) -> CardSystemCertificate:
    """The supplier's certificate of conformity of the card system, on record before any card is issued (3-2)."""
    verify_can_write(actor, casino)
    supplier = clean_text(supplier, field="supplier", max_length=200)
    reference = clean_text(reference, field="reference")
    certificate = CardSystemCertificate.objects.create(
        casino=casino, supplier=supplier, reference=reference, issued_on=issued_on, recorded_by=actor
    )
    audit_record(actor=actor, action=AuditAction.CARD_CERTIFICATE_RECORDED, casino=casino,
                 target_type="card_certificate", target_id=certificate.pk,
                 details={"supplier": certificate.supplier, "reference": certificate.reference,
                          "issued_on": issued_on})
    return certificate


@transaction.atomic
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
    """Identity checked by `actor` now (art. 3-3); the check is audited with who made it."""
    verify_can_write(actor, casino)
    required(birth_date=birth_date)
    last_name, first_name = clean_text(last_name, field="last_name"), clean_text(first_name, field="first_name")
    id_document_type = clean_text(id_document_type, field="id_document_type", max_length=40)
    id_document_number = clean_text(id_document_number, field="id_document_number", max_length=60)
    if birth_date > casino.today():
        raise DomainError(errors.CLIENT_BIRTH_DATE, code=ErrorCode.FUTURE_DAY, field="birth_date")
    try:
        with transaction.atomic():
            client = Client.objects.create(
                casino=casino,
                last_name=last_name,
                first_name=first_name,
                birth_date=birth_date,
                id_document_type=id_document_type,
                id_document_number=id_document_number,
                verified_by=actor,
                verified_at=timezone.now(),
            )
    except IntegrityError:  # one client per identity document (unique in the database)
        raise DomainError(errors.CLIENT_EXISTS, code=ErrorCode.DUPLICATE, field="id_document_number") from None
    # the document's number stays in the client's row: the audit names who checked which document type
    audit_record(actor=actor, action=AuditAction.CLIENT_REGISTERED, casino=casino, target_type="client",
                 target_id=client.pk, details={"id_document_type": client.id_document_type})
    return client


def _number(casino: Casino) -> str:
    prefix = "".join(c for c in casino.code if c.isalnum())[:3].upper()
    return f"{prefix}-{secrets.randbelow(10**12):012d}"


@refusals_kept  # a client refused (excluded, under age): the refusal's audit outlives the rollback
@transaction.atomic
def card_issue(
    *, casino: Casino, actor: User, kind: str, gaming_day: datetime.date, client: Client | None = None
) -> Card:
    """A manager issues a card: never before the system's certificate (art. 3-2); a nominative card to an
    identified client attributed fewer than the rule's number of nominative cards not closed — a blocked, lost or
    found card still counts (art. 3-1 7)): it takes a free slot, which the database keeps until the card is closed; a
    day card to anyone."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.CARD_ROLE, code=ErrorCode.WRONG_ROLE, field="actor")
    nominative = kind == CardKind.NOMINATIVE
    if nominative and client is not None:  # whom the card names, checked as every desk checks a person
        for check in PERSON_CHECKS:
            check(casino=casino, actor=actor, where="carte", day=gaming_day,
                  name=f"{client.first_name} {client.last_name}", birth_date=client.birth_date)
    held = (Card.objects.filter(client=client, kind=CardKind.NOMINATIVE).exclude(status=CardStatus.CLOSED).count()
            if nominative and client is not None else 0)
    rules = rules_of(casino, gaming_day)
    proposed = ProposedIssue(kind=kind, client=client.pk if nominative and client is not None else None,
                             certified=CardSystemCertificate.objects.filter(casino=casino).exists(), attributed=held)
    refuse(controls.issue_problems(proposed, rules), casino)
    cap, count = rules.value(CAP_KEYS[kind]), rules.value(controls.PER_CLIENT)
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
    slots = int(count.value) if nominative else None
    for slot in range(1, slots + 1) if nominative else (None,):
        try:
            with transaction.atomic():  # a concurrent issue may take the slot: the unique index decides
                card = Card.objects.create(number=_number(casino), slot=slot, slots=slots, **fields)
            break
        except IntegrityError:
            continue
    if card is None:  # every slot taken meanwhile by concurrent issues
        refuse(controls.issue_problems(dataclasses.replace(proposed, attributed=slots), rules), casino)
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
            "citation": str(cap.citation),
        },
    )
    return card


@refusals_kept
@transaction.atomic
def card_issue_with_client(*, casino: Casino, actor: User, kind: str, gaming_day: datetime.date,
                           client: Client | None = None, new_client: dict | None = None) -> Card:
    """Issue as the desk's form asks: a client typed there (identity fields of `client_register`) is registered
    first; the client and the card stand together or not at all."""
    if kind == CardKind.NOMINATIVE and client is None and new_client:
        client = client_register(casino=casino, actor=actor, **new_client)
    return card_issue(casino=casino, actor=actor, kind=kind, gaming_day=gaming_day, client=client)


def _change(card: Card, actor: User | None, proposed: ProposedChange, *, reason: str, gaming_day=None,
            **payload) -> Entry:
    """A card's new state. Its slot is its own until it is closed (art. 3-1 7)): reactivating a blocked, lost or found
    card never gives its client one card more."""
    state = CardState.of(card)
    controls.changed(state, proposed)
    before, card.status, card.found_on = card.status, state.status, state.found_on
    card.save(update_fields=["status", "found_on"])
    return record(card=card, kind=STATUS, gaming_day=gaming_day, actor=actor or system_user(),
                  payload={"card": card.number, "from": before, "to": state.status, "reason": reason, **payload})


@transaction.atomic
def card_status_change(*, card: Card, actor: User, change: str, reason: str = "",
                       gaming_day: datetime.date | None = None) -> Entry:
    """Block, reactivate, report lost or close a card, as its state allows (controls.TRANSITIONS); closing needs a
    zero balance (paid out, 3-1 5))."""
    (card,) = locked(card)
    verify_can_write(actor, card.casino)
    proposed = ProposedChange(change, gaming_day or card.casino.today(), manager=actor.role == User.Role.MANAGER)
    refuse(controls.change_problems(CardState.of(card), proposed, rules_of(card.casino, gaming_day),
                                    among=controls.ASKED), card.casino)
    reason = clean_text(reason, field="reason", max_length=200, optional=True)
    return _change(card, actor, proposed, reason=reason, gaming_day=gaming_day)


def _orphan_asked(card: Card, day: datetime.date) -> list:
    state = CardState.of(card)
    return controls.to_orphelins_problems(state, card.balance, controls.orphan_source(state), day,
                                          rules_of(card.casino, day))


def _to_orphelins(card: Card, actor: User, gaming_day: datetime.date | None, location: str):
    """The balance leaves the card for the orphelins register, where it waits for a countersignature."""
    day = gaming_day or card.casino.today()
    amount, source = card.balance, controls.orphan_source(CardState.of(card))
    refuse(_orphan_asked(card, day), card.casino)
    record(card=card, kind=TO_ORPHELINS, gaming_day=day, actor=actor,
           payload={"card": card.number, "amount": amount, "source": source}, moves=((card, -amount),))
    return orphelin_record(casino=card.casino, actor=actor, gaming_day=day, source=source, amount=amount,
                           currency=card.casino.currency, location=location,
                           description=f"Carte {card.number}", found_on=card.found_on)


@transaction.atomic
def card_found(*, card: Card, actor: User, found_on: datetime.date, location: str,
               gaming_day: datetime.date | None = None) -> Entry:
    """A card found by or handed to the staff (3-4 8)): a day card's balance is an orphan at once (art. 18-12);
    a nominative card is held for its holder, and `cards_found_orphaned_due` acts when the hold has run."""
    (card,) = locked(card)
    verify_can_write(actor, card.casino)
    required(found_on=found_on)
    proposed = ProposedChange("found", gaming_day or card.casino.today(), found_on=found_on,
                              today=card.casino.today())
    refuse(controls.change_problems(CardState.of(card), proposed, rules_of(card.casino, gaming_day)), card.casino)
    location = clean_text(location, field="location", max_length=200)
    entry = _change(card, actor, proposed, reason=location, gaming_day=gaming_day, found_on=found_on.isoformat())
    if card.kind == CardKind.JOURNALIERE and card.balance:
        _to_orphelins(card, actor, gaming_day, location)
    return entry


def cards_found_orphaned_due(today: datetime.date | None = None) -> int:
    """The scheduled job: each nominative card found at least the hold of 3-4 8) ago, still unclaimed, gives
    its balance to the orphelins. Idempotent; returns the cards done."""
    done = 0
    for card in Card.objects.filter(kind=CardKind.NOMINATIVE, status=CardStatus.FOUND, balance__gt=0,
                                    found_on__isnull=False).select_related("casino__jurisdiction"):
        day = today or card.casino.today()
        if _orphan_asked(card, day):  # still held for its holder
            continue
        with transaction.atomic():
            (card,) = locked(card)
            if card.balance and not _orphan_asked(card, day):
                _to_orphelins(card, system_user(), day, f"Carte {card.number}")
                done += 1
    return done


def _expiry_asked(card: Card, proposed: ProposedChange) -> list:
    return controls.change_problems(CardState.of(card), proposed, rules_of(card.casino, proposed.day))


def cards_expire_due(today: datetime.date | None = None) -> int:
    """Day cards expire at the end of their gaming day (3-1 7)); their balance stays payable (3-1 5))."""
    done = 0
    for card in Card.objects.filter(kind=CardKind.JOURNALIERE, status=CardStatus.ACTIVE).select_related(
            "casino__jurisdiction"):
        day = today or card.casino.today()
        proposed = ProposedChange("expire", day, manager=False)
        if _expiry_asked(card, proposed):  # still its gaming day
            continue
        with transaction.atomic():
            (card,) = locked(card)
            if not _expiry_asked(card, proposed):
                _change(card, None, proposed, reason="fin de la journée de jeu", gaming_day=day)
                done += 1
    return done
