"""Reads of the signed reports."""

import datetime

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.x509.oid import NameOID
from django.db.models import BinaryField, Count, F
from django.db.models.functions import Length, Substr
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone

from compliance import keystore
from compliance.models import Casino, Jurisdiction

from . import pki
from .models import Report, SigningCertificate


def holder_scope(*, casino: Casino | None = None, jurisdiction: Jurisdiction | None = None) -> dict:
    """The lookup of a certificate's holder: a casino, else a regulator authority."""
    return {"casino": casino} if casino is not None else {"jurisdiction": jurisdiction}


def certificate_current(*, casino: Casino | None = None, jurisdiction: Jurisdiction | None = None):
    """The holder's current signing certificate, None when it has none."""
    return SigningCertificate.objects.filter(revoked_at__isnull=True, superseded_at__isnull=True,
                                             **holder_scope(casino=casino, jurisdiction=jurisdiction)).first()


def key_store_in_use() -> dict:
    """Where the private keys are (compliance/keystore.py), as the certificates' page says it: `pkcs11` or `file`."""
    store = keystore.store()
    return {"backend": store.backend, "where": store.describe()}


def roots_listed() -> list[dict]:
    """The platform's roots as the certificates' page lists them, the one in use first: name, validity, SHA-256 and
    where its certificate and its CRL are published."""
    listed = []
    for index, name in enumerate(pki.root_names()):
        root = pki.root_certificate(name)
        first = name == pki.ROOT_KEY
        listed.append({"name": root.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value,
                       "in_use": index == 0, "not_after": root.not_valid_after_utc,
                       "sha256": root.fingerprint(hashes.SHA256()).hex(),
                       "certificate_url": reverse("reports-root-of", args=[name]),
                       "crl_url": reverse("reports-crl") if first else reverse("reports-crl-of", args=[name])})
    return listed


def certificate_x509(certificate: SigningCertificate) -> x509.Certificate:
    return x509.load_pem_x509_certificate(certificate.pem.encode())


def crl_number(at: datetime.datetime | None = None) -> int:
    """CRL numbers only grow: the second it was made."""
    return int((at or timezone.now()).timestamp())


def crl_der(root_name: str = "") -> bytes:
    """The platform's certificate revocation list as it stands now, signed by the root in use or by the root
    `root_name` (DER)."""
    revoked = SigningCertificate.objects.filter(revoked_at__isnull=False).values_list("serial", "revoked_at")
    return pki.der(pki.revocation_list([(int(serial, 16), at) for serial, at in revoked], crl_number(), root_name))


def crls_der() -> list[bytes]:
    """Each root's CRL, the one in use first: what a signature embeds and a verification reads."""
    return [crl_der(name) for name in pki.root_names()]


def report_list(*, user, casino_code: str | None = None, kind: str | None = None, register_kind: str | None = None,
                start: datetime.date | None = None, end: datetime.date | None = None):
    """The reports the user may see (a casino's staff their casino's, a regulator their jurisdiction's), newest
    first, narrowed to a casino, a kind, a register and a period (those that overlap it) when asked."""
    reports = Report.objects.visible_to(user).select_related("casino", "register", "requested_by", "certificate")
    if casino_code:
        reports = reports.filter(casino__code=casino_code)
    if kind:
        reports = reports.filter(kind=kind)
    if register_kind:
        reports = reports.filter(register__kind=register_kind)
    if start:
        reports = reports.filter(period_end__gte=start)
    if end:
        reports = reports.filter(period_start__lte=end)
    return reports.defer("pdf")


def report_get(*, user, pk: int):
    """The report without its bytes (a month's book of the cards register is some 90 MB): `pdf_chunks` reads them."""
    return get_object_or_404(Report.objects.visible_to(user).select_related("casino", "register").defer("pdf"), pk=pk)


PDF_CHUNK = 1 << 20


def pdf_size(report: Report) -> int:
    return Report.objects.filter(pk=report.pk).values_list(Length("pdf"), flat=True).get()


def pdf_chunks(report: Report, size: int):
    """The signed bytes a slice at a time: PostgreSQL reads only the slice's part of the stored value (the column is
    kept uncompressed, migration 0005), so a download holds one slice in memory, not the book."""
    for start in range(0, size, PDF_CHUNK):
        part = (Report.objects.filter(pk=report.pk)
                .values_list(Substr("pdf", start + 1, PDF_CHUNK, output_field=BinaryField()), flat=True).get())
        yield bytes(part)


def signed_between(*, user, start: datetime.datetime | None = None, period: datetime.date | None = None):
    """The casinos' reports signed for the user's scope: since `start`, or covering the one day `period` (the « À
    faire » home: yesterday's daily reports, a regulator's new ones). The authority's own letters are left out."""
    reports = (Report.objects.visible_to(user).filter(status=Report.Status.SUCCEEDED, casino__isnull=False,
                                                      superseded_by__isnull=True)
               .exclude(kind=Report.Kind.APPROVAL_DECISION).select_related("casino__jurisdiction", "register"))
    if start is not None:
        reports = reports.filter(finished_at__gte=start)
    if period is not None:
        reports = reports.filter(period_start=period, period_end=period)
    return reports.defer("pdf").order_by("casino__name", "kind", "register__kind", "pk")


def certificates_expiring(*, before: datetime.datetime):
    """The signing certificates in use that expire before `before` (the administrator's « À faire »)."""
    return (SigningCertificate.objects.filter(revoked_at__isnull=True, not_after__lt=before)
            .select_related("casino", "jurisdiction").order_by("not_after"))


def certificate_list():
    """Every signing certificate, those in use first (the nearest expiry first), then the revoked ones (the latest
    first), each with the number of reports it signed (`signed`): the platform administrator's page, one query."""
    return (SigningCertificate.objects.select_related("casino", "jurisdiction", "revoked_by")
            .annotate(signed=Count("reports"))
            .order_by(F("revoked_at").desc(nulls_first=True), "not_after", "pk"))


def certificate_get(*, pk: int) -> SigningCertificate:
    return get_object_or_404(certificate_list(), pk=pk)
