"""State changes of the signed reports: one function and one transaction each, audited with their actor."""

import datetime
import hashlib
import logging
import tempfile

import psycopg
from django.conf import settings
from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone

from compliance import formatting, keystore
from compliance.errors import DomainError, ErrorCode
from compliance.hooks import DOCUMENTS
from compliance.models import SYSTEM_USERNAME, AuditAction, Casino, Jurisdiction, User
from compliance.permissions import verify_can_write
from compliance.queue import send_on_commit
from compliance.services import audit_record, system_user
from games.selectors import paytable_get
from registers.chain.services import entry_append
from registers.kinds import EntryKind, RegisterKind
from registers.models import Card, Register

from . import documents, errors, monthly, pki, render, selectors, signing
from .models import Report, SigningCertificate

LOG = logging.getLogger(__name__)
CERTIFICATE_DAYS = 2 * 365  # a signing certificate's life; the root's is ten years


def _crl_url() -> str:
    """The CRL of the root in use: the first root's at /pki/crl/, a later root's under its name."""
    root = pki.current(pki.ROOT_KEY)
    path = reverse("reports-crl") if root == pki.ROOT_KEY else reverse("reports-crl-of", args=[root])
    return settings.PUBLIC_URL.rstrip("/") + path


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
    for current in SigningCertificate.objects.select_for_update().filter(revoked_at__isnull=True,
                                                                         superseded_at__isnull=True, **scope):
        _revoke(current, actor, "remplacé par un nouveau certificat")
    return _issue(actor=actor, casino=casino, jurisdiction=jurisdiction, holder=holder, scope=scope)


def _issue(*, actor: User, casino: Casino | None, jurisdiction: Jurisdiction | None, holder: str, scope: dict,
           rotation_of: SigningCertificate | None = None) -> SigningCertificate:
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
                 details={"serial": issued.serial, "subject": issued.subject, "not_after": issued.not_after,
                          "keys": keystore.store().backend,
                          **({"rotation_of": rotation_of.serial} if rotation_of else {})})
    return issued


@transaction.atomic
def certificate_rotate(*, actor: User, certificate: SigningCertificate) -> SigningCertificate:
    """The key ceremony's rotation: a new key made in the key store and its certificate for the same holder, which
    signs from now on; the old certificate is superseded, not revoked, so that what it signed before still verifies
    (the overlap lasts until it expires; its key stays in the store until then)."""
    _verify_admin(actor)
    certificate = SigningCertificate.objects.select_for_update().get(pk=certificate.pk)
    if certificate.revoked_at is not None or certificate.superseded_at is not None:
        raise DomainError(errors.NOT_CURRENT, code=ErrorCode.ALREADY_REVOKED, field="certificate")
    certificate.superseded_at = timezone.now()
    certificate.save(update_fields=["superseded_at"])
    return _issue(actor=actor, casino=certificate.casino, jurisdiction=certificate.jurisdiction,
                  holder=certificate.holder, scope=selectors.holder_scope(casino=certificate.casino,
                                                                          jurisdiction=certificate.jurisdiction),
                  rotation_of=certificate)


@transaction.atomic
def key_ceremony_record(*, actor: User, step: str, label: str, details: dict | None = None) -> None:
    """One step of the key ceremony done outside the database (a token initialised, a key created, a certificate
    exported, the file keys migrated), audited with its actor: the platform administrator's alone."""
    _verify_admin(actor)
    audit_record(actor=actor, action=AuditAction.KEY_CEREMONY, target_type="key", target_id=label,
                 details={"step": step, "backend": keystore.store().backend, **(details or {})})


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
        raise DomainError(errors.ALREADY_REVOKED.format(at=formatting.date(certificate.revoked_at, jurisdiction=None,
                                                                           style="short")),
                          code=ErrorCode.ALREADY_REVOKED, field="certificate")
    reason = (reason or "").strip()
    if not reason:
        raise DomainError(errors.REASON_REQUIRED, code=ErrorCode.REQUIRED, field="reason")
    _revoke(certificate, actor, reason[:300])
    return certificate


# --- reports ------------------------------------------------------------------------------------------------------


def _period(kind: str, start: datetime.date | None, end: datetime.date | None, today: datetime.date,
            first: datetime.date | None = None) -> tuple[datetime.date, datetime.date]:
    """The period a report of `kind` covers: a day, a month (up to today when it runs), or any span of days."""
    if start is None:
        if first is None:
            raise DomainError(errors.DAY_REQUIRED, code=ErrorCode.REQUIRED, field="start")
        start = first
    if kind == Report.Kind.REGISTER_MONTHLY:
        start, end = monthly.month_of(start)
        end = min(end, today)
    elif kind in (Report.Kind.REGISTER_DAILY, Report.Kind.CAISSE_DAILY, Report.Kind.PAYTABLE_RETURN):
        end = start
    end = end or today
    if start > today or end > today:
        raise DomainError(errors.FUTURE.format(day=max(start, end).isoformat()), code=ErrorCode.FUTURE_DAY,
                          field="end" if end > today >= start else "start")
    if start > end:
        raise DomainError(errors.PERIOD_REVERSED, code=ErrorCode.INVALID, field="end")
    return start, end


def _subject(kind: str, actor: User, casino: Casino | None, register_kind: str, subject: str):
    """The casino, the register and the subject a report of `kind` is about, checked against what exists and what
    the actor may see."""
    subject = (subject or "").strip()
    if kind == Report.Kind.PAYTABLE_RETURN:
        if not subject:
            raise DomainError(errors.PAYTABLE_REQUIRED, code=ErrorCode.REQUIRED, field="subject")
        if paytable_get(user=actor, key=subject) is None:
            raise DomainError(errors.PAYTABLE_UNKNOWN.format(key=subject), code=ErrorCode.NOT_FOUND, field="subject")
        if actor.casino_id is None and actor.jurisdiction_id is None:
            raise DomainError(errors.NO_SIGNER, code=ErrorCode.NO_HOLDER, field="actor")
        return None, None, subject
    if kind == Report.Kind.CARD_STATEMENT:
        if not subject:
            raise DomainError(errors.CARD_REQUIRED, code=ErrorCode.REQUIRED, field="subject")
        card_ = Card.objects.visible_to(actor).select_related("casino").filter(number=subject).first()
        if card_ is None:
            raise DomainError(errors.CARD_UNKNOWN.format(number=subject), code=ErrorCode.NOT_FOUND, field="subject")
        casino, register_kind = card_.casino, RegisterKind.CARTES
    elif kind == Report.Kind.CAISSE_DAILY:
        register_kind = RegisterKind.CARTES
    if casino is None:
        raise DomainError(errors.CASINO_REQUIRED, code=ErrorCode.REQUIRED, field="casino")
    register = Register.objects.filter(casino=casino, kind=register_kind).first() if register_kind else None
    if register is None:
        raise DomainError(errors.REGISTER_REQUIRED, code=ErrorCode.REQUIRED, field="register")
    return casino, register, subject if kind == Report.Kind.CARD_STATEMENT else ""


@transaction.atomic
def report_request(*, actor: User, kind: str, casino: Casino | None = None, register_kind: str = "",
                   start: datetime.date | None = None, end: datetime.date | None = None, subject: str = "") -> Report:
    """A report asked for: it waits for the worker (`report_generate`). A casino's reports are asked by its staff (or
    by the platform after a day's close); a pay table's return by a casino's staff or a regulator, whose certificate
    signs it."""
    if kind not in Report.Kind.values or kind in DOCUMENTS:  # those are asked through the app making them
        raise DomainError(errors.KIND_UNKNOWN, code=ErrorCode.INVALID, field="kind")
    casino, register, subject = _subject(kind, actor, casino, register_kind, subject)
    if casino is not None and actor.username != SYSTEM_USERNAME:
        verify_can_write(actor, casino)
    today = casino.today() if casino else timezone.localdate()
    first = {Report.Kind.CARD_STATEMENT: lambda: Card.objects.get(number=subject).gaming_day,  # since its issue
             Report.Kind.PAYTABLE_RETURN: lambda: today}.get(kind, lambda: None)()
    start, end = _period(kind, start, end, today, first)
    report = Report.objects.create(kind=kind, casino=casino, register=register, subject=subject, period_start=start,
                                   period_end=end, requested_by=actor, requested_at=timezone.now())
    audit_record(actor=actor, action=AuditAction.REPORT_REQUESTED, casino=casino, target_type="report",
                 target_id=report.pk, details={"kind": kind, "register": register.kind if register else None,
                                               "period": [start, end], "subject": subject or None})
    send_on_commit("compliance.reports.tasks.report_run", report.pk)
    return report


@transaction.atomic
def letter_request(*, actor: User, kind: str, casino: Casino, register_kind: str, subject: str,
                   day: datetime.date) -> Report:
    """A document asked through the app that makes it (compliance.hooks.DOCUMENTS: an authority's decision letter, a
    tournament's results), by that app's service for the casino's register it belongs to: it waits for the worker like
    any report."""
    if kind not in DOCUMENTS:
        raise DomainError(errors.KIND_UNKNOWN, code=ErrorCode.INVALID, field="kind")
    # a document of no register (a notice's poster: registers/notices) has its hash in the audit log
    register = Register.objects.get(casino=casino, kind=register_kind) if register_kind else None
    report = Report.objects.create(kind=kind, casino=casino, register=register, subject=subject, period_start=day,
                                   period_end=day, requested_by=actor, requested_at=timezone.now())
    audit_record(actor=actor, action=AuditAction.REPORT_REQUESTED, casino=casino, target_type="report",
                 target_id=report.pk, details={"kind": kind, "register": register_kind or None,
                                               "period": [day, day], "subject": subject})
    send_on_commit("compliance.reports.tasks.report_run", report.pk)
    return report


@transaction.atomic
def report_reissue(*, actor: User, report: Report) -> Report:
    """A new version of a signed report, rendered again from the register as it stands (the citations rectified since
    beside the ones written), naming the version it replaces, which stays as it was signed. Asked by the platform
    (registers_recite) or by the casino's staff; waits for the worker like any report."""
    if report.status != Report.Status.SUCCEEDED:
        raise DomainError(errors.REISSUE_UNSIGNED, code=ErrorCode.INVALID, field="report")
    if report.casino is not None and not actor.is_platform_admin and actor.username != SYSTEM_USERNAME:
        verify_can_write(actor, report.casino)
    new = Report.objects.create(kind=report.kind, casino=report.casino, register=report.register,
                                subject=report.subject, period_start=report.period_start,
                                period_end=report.period_end, requested_by=actor, requested_at=timezone.now(),
                                supersedes=report)
    audit_record(actor=actor, action=AuditAction.REPORT_REQUESTED, casino=report.casino, target_type="report",
                 target_id=new.pk, details={"kind": report.kind, "supersedes": report.pk, "sha256": report.sha256})
    send_on_commit("compliance.reports.tasks.report_run", new.pk)
    return new


def superseded(report: Report) -> dict | None:
    """What a reissued report says of the version it replaces: its number, its SHA-256, its signature's date."""
    old = report.supersedes
    if old is None:
        return None
    return {"report": old.pk, "sha256": old.sha256,
            "signed_at": old.finished_at.isoformat(timespec="seconds") if old.finished_at else None}


def reports_after_close(session, user: User) -> list[Report]:
    """A closed gaming day: the daily report of each of the casino's registers, asked of the worker by the one who
    closed it (registers/chain/services.py calls this at the close)."""
    return [report_request(actor=user, kind=Report.Kind.REGISTER_DAILY, casino=session.casino,
                           register_kind=register.kind, start=session.gaming_day)
            for register in Register.objects.filter(casino=session.casino).order_by("kind")]


def _progress(report: Report, percent: int) -> None:
    Report.objects.filter(pk=report.pk).update(progress=percent)


def _signer(report: Report, made: documents.Document) -> SigningCertificate:
    """A casino's report is signed by the casino's certificate, an authority's decision by the authority's; a pay
    table's by its requester's casino or authority (issued on first use)."""
    casino = None if made.authority else report.casino or report.requested_by.casino
    jurisdiction = made.authority or (None if casino else report.requested_by.jurisdiction)
    with transaction.atomic():  # two reports signed at once (the worker, the demo) issue one certificate, not two
        (Casino if casino else Jurisdiction).objects.select_for_update().get(pk=(casino or jurisdiction).pk)
        return (selectors.certificate_current(casino=casino, jurisdiction=jurisdiction)
                or certificate_issue(actor=system_user(), casino=casino, jurisdiction=jurisdiction))


def report_generate(report: Report) -> Report:
    """Renders, signs and files the report: its bytes and SHA-256 on the report, and in the register it covers an
    entry naming them with the entries covered and the signer (a pay table's, which has no register, in the audit
    log). A failure is written on the report, never half a report."""
    # claimed once: a task delivered twice, or the demo's own call beside the worker, never signs it twice
    if not Report.objects.filter(pk=report.pk, status=Report.Status.PENDING).update(status=Report.Status.RUNNING,
                                                                                    progress=5):
        return Report.objects.get(pk=report.pk)
    report = Report.objects.select_related("register__casino__jurisdiction", "casino__jurisdiction",
                                           "requested_by", "supersedes").get(pk=report.pk)
    try:
        made = documents.build(report)
        if report.supersedes_id:
            made.source["supersedes"] = superseded(report)
        _progress(report, 30)
        # rendered and signed in files: a month's book is more than a worker should hold twice
        with tempfile.TemporaryFile() as document, tempfile.TemporaryFile() as signed_file:
            render.write(document, made.template, made.context, made.source, created=made.created)
            _progress(report, 70)
            certificate = _signer(report, made)
            document.seek(0)
            signing.sign(document, certificate=selectors.certificate_x509(certificate),
                         key_name=certificate.key_name, crl_der=selectors.crls_der(), reason=made.title,
                         location=report.casino.name if report.casino else "Vigie", output=signed_file)
            pages = render.page_count(document)
            signed_file.seek(0)
            signed = signed_file.read()
        _progress(report, 90)
        with transaction.atomic():
            _file(report, made, signed, certificate, pages)
    except Exception as exc:  # noqa: BLE001 - whatever failed, the report says so and holds no bytes
        # the traceback to the log, the exception's line to the administrator; its pages show Report.failure
        LOG.exception("report %s (%s) failed", report.pk, report.kind)
        Report.objects.filter(pk=report.pk).update(status=Report.Status.FAILED, error=f"{type(exc).__name__}: {exc}",
                                                   finished_at=timezone.now())
        raise
    return Report.objects.defer("pdf").get(pk=report.pk)  # read when asked for: tens of megabytes for a month


def _file(report: Report, made: documents.Document, signed: bytes, certificate: SigningCertificate,
          pages: int) -> None:
    digest, covered = hashlib.sha256(signed).hexdigest(), made.covered
    record = {"report": report.kind, "period": [report.period_start.isoformat(), report.period_end.isoformat()],
              "sha256": digest, "covered": covered, "certificate": certificate.serial, "signer": certificate.subject,
              "tsa": signing.tsa_label()}
    if report.subject:
        record["subject"] = report.subject
    if report.supersedes_id:
        record["supersedes"] = superseded(report)
    entry = None
    if made.register is not None:
        casino = made.register.casino
        actor = report.requested_by if report.requested_by.casino_id == casino.pk else system_user()
        entry = entry_append(register=made.register, kind=EntryKind.REPORT_SIGNED, gaming_day=report.period_end,
                             actor=actor, payload=record)
    else:
        audit_record(actor=report.requested_by, action=AuditAction.REPORT_SIGNED, casino=None,
                     jurisdiction=certificate.jurisdiction, target_type="report", target_id=report.pk, details=record)
    # the file as a binary parameter: the ORM writes it as hex inside the statement's text, which a month's book
    # (tens of megabytes) takes several times over in memory
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(f"UPDATE {Report._meta.db_table} SET pdf = %b WHERE id = %s", [signed, report.pk])  # nosec B608  # the model's table name
    Report.objects.filter(pk=report.pk).update(
        status=Report.Status.SUCCEEDED, progress=100, sha256=digest, certificate=certificate,
        covered=covered, chain_entry=entry, finished_at=timezone.now(), pages=pages)
