"""State changes of the signed reports: one function and one transaction each, audited with their actor."""

import datetime
import hashlib

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from compliance.errors import DomainError, ErrorCode
from compliance.models import SYSTEM_USERNAME, AuditAction, Casino, Jurisdiction, User
from compliance.permissions import verify_can_write
from compliance.queue import send_on_commit
from compliance.services import audit_record, system_user
from registers.chain.services import entry_append
from registers.kinds import EntryKind
from registers.models import Register

from . import daily, errors, pki, render, selectors, signing
from .models import Report, SigningCertificate

CERTIFICATE_DAYS = 2 * 365  # a signing certificate's life; the root's is ten years


def _crl_url() -> str:
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
    scope = selectors.holder_scope(casino=casino, jurisdiction=jurisdiction)
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


# --- reports ------------------------------------------------------------------------------------------------------


@transaction.atomic
def report_request(*, actor: User, register: Register, day: datetime.date) -> Report:
    """A daily report of a register asked for: it waits for the worker (`report_generate`)."""
    if actor.username != SYSTEM_USERNAME:  # the platform asks for it after a day's close
        verify_can_write(actor, register.casino)
    report = Report.objects.create(kind=Report.Kind.REGISTER_DAILY, casino=register.casino, register=register,
                                   period_start=day, period_end=day, requested_by=actor, requested_at=timezone.now())
    audit_record(actor=actor, action=AuditAction.REPORT_REQUESTED, casino=register.casino, target_type="report",
                 target_id=report.pk, details={"kind": report.kind, "register": register.kind, "day": day})
    send_on_commit("compliance.reports.tasks.report_run", report.pk)
    return report


def reports_after_close(session, user: User) -> list[Report]:
    """A closed gaming day: the daily report of each of the casino's registers, asked of the worker by the one who
    closed it (registers/chain/services.py calls this at the close)."""
    return [report_request(actor=user, register=register, day=session.gaming_day)
            for register in Register.objects.filter(casino=session.casino).order_by("kind")]


def _progress(report: Report, percent: int) -> None:
    Report.objects.filter(pk=report.pk).update(progress=percent)


def report_generate(report: Report) -> Report:
    """Renders, signs and files the report: its bytes and SHA-256 on the report, and in the register it covers an
    entry naming them with the entries covered and the signer. A failure is written on the report, never half a
    report."""
    # claimed once: a task delivered twice, or the demo's own call beside the worker, never signs it twice
    if not Report.objects.filter(pk=report.pk, status=Report.Status.PENDING).update(status=Report.Status.RUNNING,
                                                                                    progress=5):
        return Report.objects.get(pk=report.pk)
    report = Report.objects.select_related("register__casino__jurisdiction", "requested_by").get(pk=report.pk)
    try:
        register, casino, day = report.register, report.register.casino, report.period_start
        source = daily.source(register, day)
        _progress(report, 30)
        document = render.pdf(daily.TEMPLATE, {}, source, created=daily.created(source))
        _progress(report, 60)
        certificate = selectors.certificate_current(casino=casino) or certificate_issue(actor=system_user(),
                                                                                        casino=casino)
        signed = signing.sign(document, certificate=selectors.certificate_x509(certificate),
                              key_name=certificate.key_name, crl_der=selectors.crl_der(),
                              reason=f"{report.get_kind_display()} · {source['register_label']} · {day.isoformat()}",
                              location=casino.name)
        _progress(report, 90)
        digest = hashlib.sha256(signed).hexdigest()
        covered = [row["seq"] for row in source["entries"]]
        actor = report.requested_by if report.requested_by.casino_id == casino.pk else system_user()
        with transaction.atomic():
            entry = entry_append(register=register, kind=EntryKind.REPORT_SIGNED, gaming_day=day, actor=actor,
                                 payload={"report": report.kind, "period": [day.isoformat(), day.isoformat()],
                                          "sha256": digest, "covered": covered, "certificate": certificate.serial,
                                          "signer": certificate.subject, "tsa": signing.tsa_label()})
            Report.objects.filter(pk=report.pk).update(
                status=Report.Status.SUCCEEDED, progress=100, pdf=signed, sha256=digest, certificate=certificate,
                covered=covered, chain_entry=entry, finished_at=timezone.now(), pages=render.page_count(document))
    except Exception as exc:  # noqa: BLE001 - whatever failed, the report says so and holds no bytes
        Report.objects.filter(pk=report.pk).update(status=Report.Status.FAILED, error=f"{type(exc).__name__}: {exc}",
                                                   finished_at=timezone.now())
        raise
    return Report.objects.get(pk=report.pk)
