"""Reads of the signed reports."""

import datetime

from cryptography import x509
from django.utils import timezone

from compliance.models import Casino, Jurisdiction

from . import pki
from .models import SigningCertificate


def certificate_current(*, casino: Casino | None = None, jurisdiction: Jurisdiction | None = None):
    """The holder's current signing certificate, None when it has none."""
    scope = {"casino": casino} if casino is not None else {"jurisdiction": jurisdiction}
    return SigningCertificate.objects.filter(revoked_at__isnull=True, **scope).first()


def certificate_x509(certificate: SigningCertificate) -> x509.Certificate:
    return x509.load_pem_x509_certificate(certificate.pem.encode())


def crl_number(at: datetime.datetime | None = None) -> int:
    """CRL numbers only grow: the second it was made."""
    return int((at or timezone.now()).timestamp())


def crl_der() -> bytes:
    """The platform's certificate revocation list as it stands now, signed by the root (DER)."""
    revoked = SigningCertificate.objects.filter(revoked_at__isnull=False).values_list("serial", "revoked_at")
    return pki.der(pki.revocation_list([(int(serial, 16), at) for serial, at in revoked], crl_number()))
