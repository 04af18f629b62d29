"""The arrêté values filed by the casino's management, each version a new row audited with its actor: a value the
texts leave to an arrêté du Ministre des Finances, with the arrêté's reference as typed and its first day. Nothing is
changed or deleted: a new arrêté is a new version (PostgreSQL refuses UPDATE and DELETE on the table)."""

import datetime
from decimal import Decimal, InvalidOperation

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import AuditAction, Casino, User
from compliance.services import audit_record
from registers.errors import ErrorCode

from ..chain.services import verify_actor
from ..fields import clean_text
from ..models import ArreteValue
from . import errors, rules

REFERENCE_MAX = 200
PLACES = Decimal("0.0001")
VALUE_MAX = Decimal("999999999999.9999")


def _value(raw, percent: bool) -> Decimal:
    try:
        value = Decimal(str(raw).strip().replace(",", ".").replace(" ", "").replace("\u202f", ""))
        exact = value.is_finite() and 0 < value <= VALUE_MAX and value == value.quantize(PLACES)
    except (InvalidOperation, ValueError):
        exact = False
    if not exact:
        raise DomainError(errors.VALUE_INVALID.format(value=raw), code=ErrorCode.INVALID_AMOUNT, field="value")
    if percent and value >= 100:
        raise DomainError(errors.RATE_RANGE.format(value=raw), code=ErrorCode.INVALID_AMOUNT, field="value")
    return value


@transaction.atomic
def arrete_value_file(*, casino: Casino, actor: User, concept: str, value, effective_from: datetime.date,
                      reference: str) -> ArreteValue:
    """A version of a value the texts leave to an arrêté, in force from `effective_from` until the next version."""
    verify_actor(actor, casino)
    if actor.is_casino_staff and actor.role != User.Role.MANAGER:
        raise DomainError(errors.MANAGER_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")
    if concept not in rules.concepts(casino.jurisdiction):
        raise DomainError(errors.NO_DELEGATION.format(concept=concept), code=ErrorCode.INVALID, field="concept")
    if not isinstance(effective_from, datetime.date):
        raise DomainError(errors.BEFORE_DELEGATION.format(day=effective_from, concept=concept),
                          code=ErrorCode.INVALID, field="effective_from")
    delegation = rules.delegation(casino.jurisdiction, concept, effective_from)
    if delegation is None:
        raise DomainError(errors.BEFORE_DELEGATION.format(day=effective_from.isoformat(), concept=concept),
                          code=ErrorCode.INVALID, field="effective_from")
    amount = _value(value, delegation.kind.percent)
    reference = " ".join(clean_text(reference, field="reference", max_length=REFERENCE_MAX, optional=True).split())
    if not reference:
        raise DomainError(errors.REFERENCE_REQUIRED, code=ErrorCode.REQUIRED, field="reference")
    # one version a day per value: the casino's row is the lock, as two managers may file at once
    Casino.objects.select_for_update().filter(pk=casino.pk).first()
    if ArreteValue.objects.filter(casino=casino, concept=concept, effective_from=effective_from).exists():
        raise DomainError(errors.SAME_VERSION.format(concept=concept, day=effective_from.isoformat()),
                          code=ErrorCode.DUPLICATE, field="effective_from")
    filed = ArreteValue.objects.create(casino=casino, concept=concept, game=delegation.game, value=amount,
                                       effective_from=effective_from, reference=reference,
                                       citation=delegation.citation, filed_by=actor)
    audit_record(actor=actor, action=AuditAction.ARRETE_FILED, casino=casino, target_type="arrete_value",
                 target_id=filed.pk, details={"valeur": concept, "jeu": delegation.game, "montant": str(amount),
                                              "en_vigueur_le": effective_from.isoformat(), "arrete": reference,
                                              "citation": delegation.citation})
    return filed
