"""Signing a rendered report (PAdES B-LT, certified with no change allowed, timestamped) and verifying one. The
signature is pyHanko's; the trust is the platform's root (compliance/reports/pki.py) and its current CRL, so a
report signed by a revoked or unknown certificate is not trusted, a changed byte breaks it, and anything appended
after signing is reported.

Timestamps: RFC 3161, from VIGIE_TSA_URL when set (a qualified TSA in production), else from the platform's own
timestamping unit, which the report says (`tsa`)."""

import asyncio
import datetime
import io
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import BinaryIO

from asn1crypto import cms, core
from asn1crypto import crl as asn1_crl
from asn1crypto import keys as asn1_keys
from asn1crypto import x509 as asn1_x509
from cryptography.hazmat.primitives import hashes, serialization
from django.conf import settings
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import general, signers
from pyhanko.sign.diff_analysis import ModificationLevel
from pyhanko.sign.fields import MDPPerm, SigSeedSubFilter
from pyhanko.sign.timestamps import HTTPTimeStamper
from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.dss import DocumentSecurityStore
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext
from pyhanko_certvalidator.registry import SimpleCertificateStore
from pyhanko_certvalidator.util import get_pyca_cryptography_hash

from compliance import keystore

from . import pki

FIELD = "Signature Vigie"
OWN_TSA = "platform"


def _outside_any_event_loop(call):
    """pyHanko's synchronous calls start an event loop of their own (asyncio.run); where one already runs in this
    thread (a caller driving Playwright's sync API, an async server), they run in a thread of their own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return call()
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(call).result()


def _asn1(certificate) -> asn1_x509.Certificate:
    return asn1_x509.Certificate.load(pki.der(certificate))


def tsa_label() -> str:
    """Which timestamping unit signs the time: the configured URL, or « platform » (the platform's own key)."""
    return getattr(settings, "REPORT_TSA_URL", "") or OWN_TSA


class _PlatformTimeStamper(DummyTimeStamper):
    """pyHanko's local timestamping unit signing through the key store (a file's key, or the token's): pyHanko's own
    takes the private key itself."""

    def __init__(self, *, key_name: str, **kwargs):
        super().__init__(**kwargs)
        self.key_name = key_name

    def _sign_tst_info(self, tst_info_data: bytes, md_algorithm: str, dt: datetime.datetime):
        digest = hashes.Hash(get_pyca_cryptography_hash(md_algorithm))
        digest.update(tst_info_data)
        signed_attrs = cms.CMSAttributes([
            general.simple_cms_attribute("content_type", "tst_info"),
            general.simple_cms_attribute("signing_time", cms.Time({"utc_time": core.UTCTime(dt)})),
            general.simple_cms_attribute("signing_certificate", general.as_signing_certificate(self.tsa_cert)),
            general.simple_cms_attribute("message_digest", digest.finalize())])
        if md_algorithm.lower() != "sha256":  # the store signs with SHA-256, as every token of ours asks
            raise ValueError(f"the platform's timestamping unit signs with SHA-256, not {md_algorithm}")
        return keystore.store().sign(pki.label(self.key_name), signed_attrs.dump()), signed_attrs


def _timestamper():
    url = getattr(settings, "REPORT_TSA_URL", "")
    if url:
        return HTTPTimeStamper(url)
    # the key and the certificate read once: a rotation while a report is signed changes neither under it
    name = pki.tsa_key_name()
    return _PlatformTimeStamper(key_name=name, tsa_cert=_asn1(pki.tsa_certificate(name)), tsa_key=None,
                                override_md="sha256",
                                certs_to_embed=SimpleCertificateStore.from_certs(_roots()))


def _roots() -> list[asn1_x509.Certificate]:
    return [_asn1(root) for root in pki.roots()]


def validation_context(crl_der: bytes | list[bytes], *, at: datetime.datetime | None = None) -> ValidationContext:
    """The platform's roots (the one in use, and those before it the key ceremony rotated) as the only trust anchors,
    their CRLs as the only revocation source (nothing fetched)."""
    crls = [crl_der] if isinstance(crl_der, bytes) else crl_der
    return ValidationContext(trust_roots=_roots(), crls=[asn1_crl.CertificateList.load(crl) for crl in crls],
                             allow_fetching=False, revocation_mode="hard-fail", moment=at)


def sign(pdf: bytes | BinaryIO, *, certificate, key_name: str, crl_der: bytes | list[bytes], reason: str, location: str,
         output: BinaryIO | None = None) -> bytes | None:
    """`pdf` (its bytes, or its file) signed by the holder of `certificate`: PAdES baseline with the certificate
    chain, the CRL and the timestamp embedded (B-LT), certified so that no later change is allowed. Its bytes, or
    written to `output`."""
    store = keystore.store()
    if store.backend == keystore.PKCS11:
        from pyhanko.sign.pkcs11 import PKCS11Signer  # python-pkcs11 loaded only where a token is used

        with store.session() as session:  # the key never leaves the token: pyHanko signs through PKCS#11
            signer = PKCS11Signer(session, key_label=pki.label(key_name), signing_cert=_asn1(certificate),
                                  ca_chain=_roots(), use_raw_mechanism=True)
            return _signed(pdf, signer, crl_der=crl_der, reason=reason, location=location, output=output)
    signer = signers.SimpleSigner(
        signing_cert=_asn1(certificate),
        signing_key=asn1_keys.PrivateKeyInfo.load(store.private_key(pki.label(key_name)).private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())),
        cert_registry=SimpleCertificateStore.from_certs(_roots()),
    )
    return _signed(pdf, signer, crl_der=crl_der, reason=reason, location=location, output=output)


def _signed(pdf: bytes | BinaryIO, signer, *, crl_der: bytes | list[bytes], reason: str, location: str,
            output: BinaryIO | None) -> bytes | None:
    meta = signers.PdfSignatureMetadata(
        field_name=FIELD, md_algorithm="sha256", subfilter=SigSeedSubFilter.PADES, certify=True,
        docmdp_permissions=MDPPerm.NO_CHANGES, embed_validation_info=True,
        validation_context=validation_context(crl_der), reason=reason, location=location,
    )
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf, strict=False)
    timestamper = _timestamper()
    signed = _outside_any_event_loop(lambda: signers.sign_pdf(writer, meta, signer=signer, timestamper=timestamper,
                                                              output=output))
    return signed.getvalue() if output is None else None


@dataclass
class Verdict:
    """What a verification says of a PDF: `valid` only when the signature is intact, covers the whole file, chains
    to the platform's root through a certificate not revoked, and nothing was appended after it."""

    valid: bool
    reason: str  # a code: ok, not_pdf, unsigned, broken, modified, untrusted, revoked
    signer: str = ""
    serial: int | None = None
    signed_at: datetime.datetime | None = None
    timestamped: bool = False
    long_term: bool = False  # the validation data (chain, CRL) embedded: B-LT
    details: list[str] = field(default_factory=list)


def _signer_name(certificate: asn1_x509.Certificate) -> str:
    return certificate.subject.native.get("common_name", "")


def _unchanged(status, filed: bool) -> bool:
    """Nothing after the signature but validation data (the B-LT revision pyHanko appends: chain, CRL)."""
    if status.coverage == SignatureCoverageLevel.ENTIRE_FILE:
        return True
    if filed:  # the revision after the signed one is the platform's own: the whole file is the one it filed
        return status.coverage == SignatureCoverageLevel.ENTIRE_REVISION
    return (status.coverage == SignatureCoverageLevel.ENTIRE_REVISION and status.docmdp_ok is not False
            and status.modification_level is not None and status.modification_level <= ModificationLevel.LTA_UPDATES)


def verify(pdf: bytes, crl_der: bytes | list[bytes], *, filed: bool = False) -> Verdict:
    """Checks the report's one signature against the platform's root and its CRL as it stands now. `filed`: these
    very bytes are a report the platform signed and filed (their SHA-256 in the register it covers), so what follows
    the signature is its own validation data and the revisions are not compared again (pyHanko's difference analysis
    takes a second per 1,000 pages and holds the whole document's objects)."""
    if not pdf.startswith(b"%PDF-"):
        return Verdict(False, "not_pdf")
    try:
        reader = PdfFileReader(io.BytesIO(pdf), strict=False)
        signatures = reader.embedded_signatures
        if not signatures:
            return Verdict(False, "unsigned")
        embedded = signatures[0]
        context = validation_context(crl_der)
        status = _outside_any_event_loop(lambda: validate_pdf_signature(embedded, context, skip_diff=filed))
    except Exception as exc:  # noqa: BLE001 - whatever a damaged file makes the parser raise, it is not a valid report
        return Verdict(False, "broken", details=[f"{type(exc).__name__}: {exc}"])
    certificate = embedded.signer_cert
    verdict = Verdict(False, "ok", signer=_signer_name(certificate), serial=certificate.serial_number,
                      signed_at=status.timestamp_validity.timestamp if status.timestamp_validity else
                      status.signer_reported_dt, timestamped=status.timestamp_validity is not None)
    try:
        dss = DocumentSecurityStore.read_dss(reader)
        verdict.long_term = bool(dss.crls) and bool(dss.certs)
    except (KeyError, ValueError, TypeError):
        verdict.long_term = False
    if not status.intact or not status.valid:
        verdict.reason = "broken"
    elif not _unchanged(status, filed):
        verdict.reason = "modified"
    elif status.revoked:
        verdict.reason = "revoked"
    elif not status.trusted:
        verdict.reason = "untrusted"
    verdict.valid = verdict.reason == "ok"
    verdict.details = [status.summary()]
    return verdict
