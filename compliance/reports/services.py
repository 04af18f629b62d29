"""State changes of the signed reports: one function and one transaction each, audited with their actor."""

import datetime

from django.db import transaction
from django.utils import timezone

from compliance.errors import DomainError, ErrorCode
from compliance.models import AuditAction, Casino, Jurisdiction, User
from compliance.services import audit_record

from . import errors, pki
from .models import SigningCertificate

CERTIFICATE_DAYS = 2 * 365  # a signing certificate's life; the root's is ten years


def _crl_url() -> str:
    from django.conf import settings
    from django.urls import reverse

    return settings.PUBLIC_URL.rstrip("/") + reverse("reports-crl")


def _verify_admin(actor: User) -> None:
    if not actor.is_platform_admin:
        raise DomainError(errors.NOT_ADMIN, code=ErrorCode.NOT_PLATFORM_ADMIN, field="actor")


@transaction.atomic
def certificate_issue(*, actor: User, casino: Casino | None = None,
                      jurisdiction: Jurisdiction | None = None) -> SigningCertificate:
    """A new signing certificate for a casino or a regulator authority, its key made as a file; the holder's current
    certificate, if any, is revoked as superseded (one current per holder)."""
    _verify_admin(actor)
    if (casino is None) == (jurisdiction is None):
        raise DomainError(errors.NO_HOLDER, code=ErrorCode.NO_HOLDER, field="holder")
    holder = SigningCertificate.Holder.CASINO if casino else SigningCertificate.Holder.REGULATOR
    scope = {"casino": casino} if casino else {"jurisdiction": jurisdiction}
    for current in SigningCertificate.objects.select_for_update().filter(revoked_at__isnull=True, **scope):
        _revoke(current, actor, "remplacé par un nouveau certificat")
    serial = pki.new_serial()
    key_name = f"{holder}-{(casino.code if casino else jurisdiction.code.lower())}-{serial:x}"
    if casino:
        name, organization, country = casino.name, casino.operator_name or casino.name, casino.jurisdiction.code
    else:
        name, organization, country = jurisdiction.regulator_fr, jurisdiction.regulator_fr, jurisdiction.code
    certificate = pki.signing_certificate(key_name=key_name, common_name=name, organization=organization,
                                          country=country, days=CERTIFICATE_DAYS, crl_url=_crl_url(), serial=serial)
    issued = SigningCertificate.objects.create(
        holder=holder, serial=f"{serial:x}", subject=certificate.subject.rfc4514_string(), pem=pki.pem(certificate),
        key_name=key_name, not_before=certificate.not_valid_before_utc, not_after=certificate.not_valid_after_utc,
        issued_at=timezone.now(), issued_by=actor, **scope)
    audit_record(actor=actor, action=AuditAction.CERTIFICATE_ISSUED, casino=casino, jurisdiction=jurisdiction,
                 target_type="signing_certificate", target_id=issued.pk,
                 details={"serial": issued.serial, "subject": issued.subject, "not_after": issued.not_after})
    return issued


def _revoke(certificate: SigningCertificate, actor: User, reason: str) -> None:
    certificate.revoked_at, certificate.revoked_by, certificate.revocation_reason = timezone.now(), actor, reason
    certificate.save(update_fields=["revoked_at", "revoked_by", "revocation_reason"])
    audit_record(actor=actor, action=AuditAction.CERTIFICATE_REVOKED, casino=certificate.casino,
                 jurisdiction=certificate.jurisdiction, target_type="signing_certificate", target_id=certificate.pk,
                 details={"serial": certificate.serial, "reason": reason})


@transaction.atomic
def certificate_revoke(*, actor: User, certificate: SigningCertificate, reason: str) -> SigningCertificate:
    """Revokes a signing certificate with its reason: from now on, the CRL lists it and every report it signed
    verifies as signed by a revoked certificate."""
    _verify_admin(actor)
    certificate = SigningCertificate.objects.select_for_update().get(pk=certificate.pk)
    if certificate.revoked_at is not None:
        raise DomainError(errors.ALREADY_REVOKED.format(at=certificate.revoked_at.isoformat(timespec="seconds")),
                          code=ErrorCode.ALREADY_REVOKED, field="certificate")
    reason = (reason or "").strip()
    if not reason:
        raise DomainError(errors.REASON_REQUIRED, code=ErrorCode.REQUIRED, field="reason")
    _revoke(certificate, actor, reason[:300])
    return certificate


def crl_number(at: datetime.datetime | None = None) -> int:
    """CRL numbers only grow: the second it was made."""
    return int((at or timezone.now()).timestamp())
