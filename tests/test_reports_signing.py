"""Issue 14, keys and signatures: the platform's root issues ECDSA P-256 signing certificates to casinos and regulator
authorities (audited, revocable, listed in a CRL anyone may fetch); a PDF signed PAdES B-LT with the platform's own
timestamp verifies, and each tampering of the issue is caught: a changed byte, an update appended after signing, a
revoked or unknown certificate, a file that is not a PDF or is cut short. `pdfsig` (poppler) reads the signature as
valid too."""

import datetime
import io
import json
import shutil
import subprocess
import time

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec
from django.test import override_settings
from django.urls import reverse
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from weasyprint import HTML, Attachment

from compliance.errors import DomainError
from compliance.models import AuditEvent, Jurisdiction
from compliance.reports import pki, selectors, signing
from compliance.reports.models import SigningCertificate
from compliance.reports.services import certificate_issue, certificate_revoke

pytestmark = pytest.mark.django_db

HTML_PAGE = """<html lang="fr"><head><meta charset="utf-8"><title>Registre des orphelins</title>
<meta name="dcterms.created" content="2026-11-23T00:00:00Z">
<meta name="dcterms.modified" content="2026-11-23T00:00:00Z">
</head><body><h1>Registre des orphelins</h1><p>Journée de jeu du 23 novembre 2026 : 3 écritures.</p></body></html>"""


FIXED = datetime.datetime(2026, 11, 23, tzinfo=datetime.UTC)  # the data's own date, not the rendering's


def _pdf() -> bytes:
    source = Attachment(string=json.dumps({"entries": [1, 2, 3]}).encode(), name="source.json",
                        description="Données du rapport", relationship="Source", created=FIXED, modified=FIXED)
    return HTML(string=HTML_PAGE).write_pdf(pdf_variant="pdf/a-3b", attachments=[source],
                                            pdf_identifier=b"vigie-test-00001")


def _signed(certificate: SigningCertificate) -> bytes:
    return signing.sign(_pdf(), certificate=selectors.certificate_x509(certificate), key_name=certificate.key_name,
                        crl_der=selectors.crl_der(), reason="Rapport quotidien", location="Luxembourg")


@pytest.fixture
def issued(world):
    return certificate_issue(actor=world.admin, casino=world.c)


def test_the_root_issues_a_casino_an_ecdsa_p256_certificate_with_its_crl_and_the_issue_is_audited(world, issued):
    certificate = selectors.certificate_x509(issued)
    root = pki.root_certificate()
    assert certificate.issuer == root.subject and isinstance(certificate.public_key(), ec.EllipticCurvePublicKey)
    assert certificate.public_key().curve.name == "secp256r1"
    root.public_key().verify(certificate.signature, certificate.tbs_certificate_bytes,
                             ec.ECDSA(certificate.signature_hash_algorithm))  # raises if the root did not sign it
    usage = certificate.extensions.get_extension_for_class(x509.KeyUsage).value
    assert usage.digital_signature and usage.content_commitment and not usage.key_cert_sign
    (point,) = certificate.extensions.get_extension_for_class(x509.CRLDistributionPoints).value
    assert point.full_name[0].value.endswith(reverse("reports-crl"))
    assert (pki.folder() / f"{issued.key_name}.key.pem").stat().st_mode & 0o777 == 0o600  # a file, not a row
    assert "Casino CASINO-C" in issued.subject and issued.casino == world.c
    event = AuditEvent.objects.get(action="certificate_issued")
    assert (event.actor, event.casino, event.details["serial"]) == (world.admin, world.c, issued.serial)


def test_a_regulator_authority_has_its_own_certificate_and_a_new_one_supersedes_the_old(world, issued):
    luxembourg = Jurisdiction.objects.get(code="LU")
    regulator = certificate_issue(actor=world.admin, jurisdiction=luxembourg)
    assert regulator.holder == "regulator" and selectors.certificate_current(jurisdiction=luxembourg) == regulator
    again = certificate_issue(actor=world.admin, casino=world.c)
    issued.refresh_from_db()
    assert issued.revoked_at is not None and issued.revocation_reason == "remplacé par un nouveau certificat"
    assert selectors.certificate_current(casino=world.c) == again
    listed = x509.load_der_x509_crl(selectors.crl_der())
    assert listed.get_revoked_certificate_by_serial_number(int(issued.serial, 16)) is not None
    assert listed.get_revoked_certificate_by_serial_number(int(again.serial, 16)) is None


def test_only_a_platform_admin_issues_or_revokes_and_each_refusal_names_its_field(world, issued):
    with pytest.raises(DomainError) as not_admin:
        certificate_issue(actor=world.accountant_c, casino=world.c)
    assert (not_admin.value.code, not_admin.value.field) == ("not_platform_admin", "actor")
    with pytest.raises(DomainError) as both:
        certificate_issue(actor=world.admin, casino=world.c, jurisdiction=Jurisdiction.objects.get(code="LU"))
    assert both.value.field == "holder"
    with pytest.raises(DomainError) as no_reason:
        certificate_revoke(actor=world.admin, certificate=issued, reason="  ")
    assert (no_reason.value.code, no_reason.value.field) == ("required", "reason")
    certificate_revoke(actor=world.admin, certificate=issued, reason="clé compromise")
    with pytest.raises(DomainError) as twice:
        certificate_revoke(actor=world.admin, certificate=issued, reason="encore")
    assert twice.value.code == "already_revoked"
    assert SigningCertificate.objects.get().revocation_reason == "clé compromise"
    assert AuditEvent.objects.filter(action="certificate_revoked").count() == 1


def test_a_signed_report_verifies_at_b_lt_with_its_signer_and_its_timestamp(issued):
    verdict = signing.verify(_signed(issued), selectors.crl_der())
    assert verdict.valid and verdict.reason == "ok", verdict.details
    assert verdict.signer == "Casino CASINO-C" and verdict.serial == int(issued.serial, 16)
    assert verdict.timestamped and verdict.long_term  # the chain and the CRL are embedded
    assert abs(verdict.signed_at - datetime.datetime.now(datetime.UTC)) < datetime.timedelta(minutes=5)


def test_the_same_data_renders_to_the_same_bytes():
    first = _pdf()
    time.sleep(1.1)  # a clock read while rendering would show in the second's bytes
    assert _pdf() == first


@pytest.mark.skipif(shutil.which("pdfsig") is None, reason="poppler-utils (pdfsig) is installed by ./scripts/test")
def test_pdfsig_a_third_party_tool_reads_the_signature_as_valid(issued, tmp_path):
    report = tmp_path / "rapport.pdf"
    report.write_bytes(_signed(issued))
    shown = subprocess.run(["pdfsig", str(report)], capture_output=True, text=True).stdout
    assert "Signature Validation: Signature is Valid." in shown and "Casino CASINO-C" in shown


def test_a_byte_changed_inside_the_signed_range_breaks_it(issued):
    signed = bytearray(_signed(issued))
    at = signed.index(b"/Contents") - 200  # inside the first signed range
    signed[at] ^= 0x01
    assert signing.verify(bytes(signed), selectors.crl_der()).reason in {"broken", "not_pdf"}
    assert not signing.verify(bytes(signed), selectors.crl_der()).valid


def test_an_update_appended_after_signing_is_reported_as_modified(issued):
    writer = IncrementalPdfFileWriter(io.BytesIO(_signed(issued)), strict=False)
    writer.root["/Lang"] = generic.TextStringObject("en")  # a harmless-looking change, after the signature
    writer.update_root()
    out = io.BytesIO()
    writer.write(out)
    verdict = signing.verify(out.getvalue(), selectors.crl_der())
    assert not verdict.valid and verdict.reason == "modified"


def test_a_report_signed_by_a_revoked_certificate_is_not_trusted(world, issued):
    signed = _signed(issued)
    certificate_revoke(actor=world.admin, certificate=issued, reason="clé compromise")
    verdict = signing.verify(signed, selectors.crl_der())
    assert not verdict.valid and verdict.reason == "revoked"


def test_a_report_signed_under_another_root_is_not_trusted(world, tmp_path, issued):
    with override_settings(REGISTER_KEYS_DIR=tmp_path / "elsewhere"):  # another « platform », its own root
        stranger = pki.signing_certificate(key_name="intrus", common_name="Casino CASINO-C", organization="Intrus",
                                           country="LU", days=30, crl_url="http://localhost/")
        crl = pki.der(pki.revocation_list([], 1))
        forged = signing.sign(_pdf(), certificate=stranger, key_name="intrus", crl_der=crl, reason="faux",
                              location="ailleurs")
    verdict = signing.verify(forged, selectors.crl_der())
    assert not verdict.valid and verdict.reason == "untrusted"


@pytest.mark.parametrize("damaged, reason", [(b"not a pdf at all", "not_pdf"), (None, "broken"), (b"", "not_pdf")])
def test_a_file_that_is_no_pdf_or_is_cut_short_gets_a_clear_verdict(issued, damaged, reason):
    data = _signed(issued)[:4000] if damaged is None else damaged
    verdict = signing.verify(data, selectors.crl_der())
    assert not verdict.valid and verdict.reason == reason


def test_anyone_fetches_the_root_and_the_crl_to_check_a_report_without_vigie(world, issued, client):
    certificate_revoke(actor=world.admin, certificate=issued, reason="clé compromise")
    root = client.get(reverse("reports-root"))
    assert root.status_code == 200 and x509.load_pem_x509_certificate(root.content) == pki.root_certificate()
    crl = client.get(reverse("reports-crl"))
    assert crl.status_code == 200 and crl["Content-Type"] == "application/pkix-crl"
    listed = x509.load_der_x509_crl(crl.content)
    assert listed.is_signature_valid(pki.root_certificate().public_key())
    assert listed.get_revoked_certificate_by_serial_number(int(issued.serial, 16)) is not None


def test_signing_and_verifying_work_inside_a_running_event_loop(issued):
    """As when the demo is built beside Playwright's sync API, or under an async server."""
    import asyncio

    certificate, crl, document = selectors.certificate_x509(issued), selectors.crl_der(), _pdf()

    async def inside():  # no database here: Django refuses it in an async context
        signed = signing.sign(document, certificate=certificate, key_name=issued.key_name, crl_der=crl,
                              reason="Rapport quotidien", location="Luxembourg")
        return signing.verify(signed, crl)

    assert asyncio.run(inside()).valid
