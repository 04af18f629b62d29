"""Issue 40 point 1, « Keys in an HSM »: « Signing keys (platform root, casinos, regulators, the timestamp unit)
generated in and used through PKCS#11 — pyHanko signs through it; no private key ever on disk in clear. SoftHSM2
(Debian `softhsm2`) in development and in the tests […]. A key ceremony command (initialise, create, export the
certificate, rotate with an overlap, revoke) audited; the existing file keys migrated once by a command. Files stay
possible only for the demo, and the page says which is in use. »

Each test has its own SoftHSM2 token in its temporary folder (SOFTHSM2_CONF), initialised by the ceremony's
`init-token`, and its own keys folder under a `var/` of its own. No skip: `./scripts/test` installs softhsm2 and
poppler-utils when run as root, and requirements.txt pins python-pkcs11 and pyhanko-cli."""

import shutil
from io import StringIO
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from compliance import keystore
from compliance.models import AuditAction, AuditEvent
from compliance.reports import pki, selectors, signing
from compliance.reports.models import SigningCertificate
from compliance.reports.selectors import crl_der, crls_der
from compliance.reports.services import report_generate, report_request
from registers.chain import keys
from registers.chain.services import checkpoint_create
from registers.chain.verification import register_verify
from registers.models import Register
from tests.test_reports_daily import closed_day  # noqa: F401 - the fixture
from tests.test_reports_third_party import _pdfsig, _pyhanko_validate

pytestmark = pytest.mark.django_db

PIN = "4321-vigie"


def _token(tmp_path: Path, monkeypatch) -> Path:
    """A SoftHSM2 configuration whose tokens live in this test's folder."""
    assert shutil.which("softhsm2-util"), "softhsm2: ./scripts/test installs it when run as root"
    tokens = tmp_path / "softhsm" / "tokens"
    tokens.mkdir(parents=True)
    conf = tmp_path / "softhsm" / "softhsm2.conf"
    conf.write_text(f"directories.tokendir = {tokens}\nobjectstore.backend = file\nlog.level = ERROR\n")
    monkeypatch.setenv("SOFTHSM2_CONF", str(conf))
    return tokens


def _ceremony(*args) -> str:
    out = StringIO()
    call_command("keys_ceremony", *args, "--as", "plateforme", stdout=out)
    return out.getvalue()


@pytest.fixture
def hsm(world, tmp_path, monkeypatch):
    """VIGIE_KEYS_BACKEND=pkcs11 on a fresh token « vigie-test », initialised by the ceremony; the keys folder (the
    certificates only, then) under this test's own var/."""
    _token(tmp_path, monkeypatch)
    var = tmp_path / "var"
    with override_settings(KEYS_BACKEND="pkcs11", PKCS11_TOKEN="vigie-test", PKCS11_SLOT=None, PKCS11_PIN=PIN,
                           REGISTER_KEYS_DIR=var / "keys"):
        _ceremony("init-token", "--label", "vigie-test", "--so-pin", "12345678", "--pin", PIN)
        yield var
        keystore.store().close()


def _private_key_files(var: Path) -> list[Path]:
    return [p for p in var.rglob("*") if p.is_file() and b"PRIVATE KEY" in p.read_bytes()]


def _signed_report(world, register, day, kind="register_daily"):
    made = report_generate(report_request(actor=world.accountant_c, kind=kind, casino=world.c,
                                          register_kind=register.kind, start=day))
    assert made.status == "succeeded", made.error
    return made


def test_issue_40_a_report_signed_through_softhsm_is_valid_to_pdfsig_and_pyhanko_adesverify(
        hsm, closed_day, tmp_path):  # noqa: F811
    """« A report signed through SoftHSM verified by `pdfsig` and `pyhanko sign adesverify` »."""
    world, register, day = closed_day
    made = _signed_report(world, register, day)
    store = keystore.store()
    assert store.backend == "pkcs11"
    labels = store.labels()
    assert {"pki/platform-ca", "pki/platform-tsa", f"pki/{made.certificate.key_name}",
            f"checkpoint/{world.c.code}"} <= set(labels)
    for label in labels:  # generated in the token: sensitive, never extractable, never was
        assert store.attributes(label) == {"sensitive": True, "extractable": False, "always_sensitive": True,
                                           "never_extractable": True}, label
    assert _private_key_files(hsm) == []  # « no private key ever on disk in clear »
    path, root = tmp_path / "rapport.pdf", tmp_path / "racine.pem"
    path.write_bytes(bytes(made.pdf))
    _ceremony("export", "--certificate", "root", "--out", str(root))
    shown = _pdfsig(path)
    assert "Signature Validation: Signature is Valid." in shown, shown
    done = _pyhanko_validate(path, root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "The signature is judged VALID." in done.stdout
    assert "The signer's certificate is trusted." in done.stdout and "The TSA certificate is trusted." in done.stdout
    verdict = signing.verify(bytes(made.pdf), crl_der())
    assert verdict.valid and verdict.long_term, verdict.details
    assert AuditEvent.objects.filter(action=AuditAction.KEY_CEREMONY, details__step="certificate_exported").exists()


def test_issue_40_the_registers_checkpoints_are_signed_by_the_casino_s_ed25519_key_in_the_token(
        hsm, closed_day):  # noqa: F811
    """SoftHSM2's EdDSA through python-pkcs11: the casino's checkpoint key is made and used in the token."""
    world, register, _day = closed_day
    checkpoint = checkpoint_create(register=register, user=world.manager_c, reason="contrôle")
    public = keys.public_key(world.c.code)
    assert checkpoint.public_key == keys.public_hex(public)
    assert keystore.store().attributes(keys.label(world.c.code))["never_extractable"]
    assert register_verify(Register.objects.get(pk=register.pk), full=True).ok


def test_issue_40_rotation_with_an_overlap_the_old_certificate_still_verifies_what_it_signed(
        hsm, closed_day):  # noqa: F811
    """« rotate with an overlap »: a new key and certificate sign from the rotation on; the report the old one signed
    still verifies, against the CRL as it stands after the rotation."""
    world, register, day = closed_day
    before = _signed_report(world, register, day)
    old = before.certificate
    said = _ceremony("rotate", "--casino", world.c.code)
    old.refresh_from_db()
    new = SigningCertificate.objects.get(casino=world.c, superseded_at__isnull=True, revoked_at__isnull=True)
    assert new.serial in said and new.key_name != old.key_name and old.superseded_at and old.revoked_at is None
    after = _signed_report(world, register, day, kind="register_monthly")
    assert after.certificate == new
    crl = crl_der()
    first, second = signing.verify(bytes(before.pdf), crl), signing.verify(bytes(after.pdf), crl)
    assert first.valid and first.serial == int(old.serial, 16), first.details
    assert second.valid and second.serial == int(new.serial, 16), second.details
    assert keystore.store().exists(pki.label(old.key_name))  # kept for the overlap
    assert AuditEvent.objects.filter(action=AuditAction.CERTIFICATE_ISSUED,
                                     details__rotation_of=old.serial).exists()
    page = _certificates_page(world)
    assert "Remplacé" in page and "Clés dans un HSM (PKCS#11)" in page and "vigie-test" in page


def _both_valid_and_the_later_checked_by_pyhanko(before, after, crls, tmp_path) -> str:
    """Both reports verify against the CRLs; pyHanko's report on the later one, checked against the root in use."""
    for made in (before, after):
        verdict = signing.verify(bytes(made.pdf), crls)
        assert verdict.valid and verdict.long_term, verdict.details
    path, root = tmp_path / "apres.pdf", tmp_path / "racine.pem"
    path.write_bytes(bytes(after.pdf))
    _ceremony("export", "--certificate", "root", "--out", str(root))
    assert "Signature Validation: Signature is Valid." in _pdfsig(path)
    done = _pyhanko_validate(path, root)
    return done.stdout + done.stderr


def test_issue_40_the_timestamping_unit_rotated_its_old_key_destroyed_and_both_reports_still_verify(
        hsm, closed_day, tmp_path):  # noqa: F811
    """The timestamp unit's key rotated by the ceremony: a new key generated in the token stamps from then on, the old
    key is destroyed, and the report stamped before verifies by the certificate its token carries."""
    world, register, day = closed_day
    before = _signed_report(world, register, day)
    old_certificate = pki.tsa_certificate()
    said = _ceremony("rotate", "--tsa")
    store, current = keystore.store(), pki.tsa_key_name()
    assert current.startswith("platform-tsa-") and "nouvelle unité d'horodatage" in said
    assert not store.exists("pki/platform-tsa") and store.exists(pki.label(current))
    assert store.attributes(pki.label(current))["never_extractable"]
    new_certificate = pki.tsa_certificate()
    assert new_certificate.serial_number != old_certificate.serial_number
    assert new_certificate.public_key().public_numbers() != old_certificate.public_key().public_numbers()
    after = _signed_report(world, register, day, kind="register_monthly")
    said = _both_valid_and_the_later_checked_by_pyhanko(before, after, crl_der(), tmp_path)
    assert "The TSA certificate is trusted." in said, said
    assert AuditEvent.objects.filter(action=AuditAction.KEY_CEREMONY, details__step="tsa_rotated",
                                     details__previous="pki/platform-tsa").exists()


def test_issue_40_the_root_rotated_with_an_overlap_both_roots_verify_what_they_issued_each_signs_its_own_crl(
        hsm, closed_day, tmp_path, client):  # noqa: F811
    """« rotate with an overlap » for the platform's root: a new root made in the token, the timestamping unit and
    every current signing certificate issued again under it; the old root stays a trust anchor, its key kept to sign
    its own CRL, so that a report signed before verifies, and a revocation of a certificate it issued still shows."""
    world, register, day = closed_day
    before = _signed_report(world, register, day)
    old_root = pki.root_certificate()
    said = _ceremony("rotate", "--root")
    store = keystore.store()
    assert pki.current(pki.ROOT_KEY) == "platform-ca-2" and pki.root_names() == ["platform-ca-2", "platform-ca"]
    new_root = pki.root_certificate()
    assert "n° 2" in new_root.subject.rfc4514_string() and new_root.subject != old_root.subject
    assert store.attributes("pki/platform-ca-2")["never_extractable"] and store.exists("pki/platform-ca")
    assert not store.exists("pki/platform-tsa") and pki.tsa_certificate().issuer == new_root.subject
    new = SigningCertificate.objects.get(casino=world.c, superseded_at__isnull=True, revoked_at__isnull=True)
    assert "nouvelle racine" in said and "certificats réémis : " in said
    issued = selectors.certificate_x509(new)
    assert issued.issuer == new_root.subject
    assert "/pki/crl/platform-ca-2/" in str(issued.extensions.get_extension_for_class(
        x509.CRLDistributionPoints).value)
    after = _signed_report(world, register, day, kind="register_monthly")
    assert after.certificate == new
    said = _both_valid_and_the_later_checked_by_pyhanko(before, after, crls_der(), tmp_path)
    assert "The signer's certificate is trusted." in said, said
    # each root's CRL at the address its certificates name, signed by that root
    for name, root_certificate in (("platform-ca", old_root), ("platform-ca-2", new_root)):
        address = reverse("reports-crl") if name == "platform-ca" else reverse("reports-crl-of", args=[name])
        crl = x509.load_der_x509_crl(client.get(address).content)
        assert crl.issuer == root_certificate.subject and crl.is_signature_valid(root_certificate.public_key())
    assert client.get(reverse("reports-crl-of", args=["platform-ca-9"])).status_code == 404
    assert client.get(reverse("reports-root-of", args=["platform-ca-2"])).status_code == 200
    # a certificate the old root issued, revoked after the rotation: the old root's CRL says so
    _ceremony("revoke", "--serial", before.certificate.serial, "--reason", "clé compromise")
    verdict = signing.verify(bytes(before.pdf), crls_der())
    assert not verdict.valid and verdict.reason == "revoked", verdict
    assert AuditEvent.objects.filter(action=AuditAction.KEY_CEREMONY, details__step="root_rotated",
                                     details__previous="pki/platform-ca").exists()
    page = _certificates_page(world)
    assert "plateforme n° 2" in page and "Remplacée" in page and "/pki/crl/platform-ca-2/" in page
    assert new_root.fingerprint(hashes.SHA256()).hex() in page


def test_issue_40_revocation_the_crl_lists_it_and_its_reports_verify_as_revoked(hsm, closed_day):  # noqa: F811
    world, register, day = closed_day
    made = _signed_report(world, register, day)
    said = _ceremony("revoke", "--serial", made.certificate.serial, "--reason", "clé compromise")
    assert "révoqué" in said
    verdict = signing.verify(bytes(made.pdf), crl_der())
    assert not verdict.valid and verdict.reason == "revoked", verdict


def test_issue_40_the_file_keys_migrated_once_into_the_token_no_private_key_file_remains(
        closed_day, tmp_path, monkeypatch):  # noqa: F811
    """« the existing file keys migrated once by a command » and « a test that no private key file exists under
    `var/` after the migration command »."""
    var = tmp_path / "var"
    world_, register, day = closed_day
    with override_settings(REGISTER_KEYS_DIR=var / "keys"):  # the demo's way: files
        made = _signed_report(world_, register, day)
        checkpoint = checkpoint_create(register=register, user=world_.manager_c, reason="avant migration")
        files = _private_key_files(var)
        assert len(files) >= 4  # the root, the timestamping unit, the casino's signing key, its checkpoint key
        _token(tmp_path, monkeypatch)
        with override_settings(KEYS_BACKEND="pkcs11", PKCS11_TOKEN="vigie-test", PKCS11_SLOT=None, PKCS11_PIN=PIN):
            _ceremony("init-token", "--label", "vigie-test", "--so-pin", "12345678", "--pin", PIN)
            out = StringIO()
            call_command("keys_migrate", "--as", "plateforme", stdout=out)
            assert "aucun fichier de clé privée ne reste" in out.getvalue()
            assert _private_key_files(var) == []
            assert not list(var.rglob("*.key.pem")) and not list(var.rglob("*.ed25519.pem"))
            store = keystore.store()
            assert store.attributes(f"pki/{made.certificate.key_name}")["extractable"] is False
            # the same keys: the casino's certificate signs on, the checkpoints keep their public key
            again = _signed_report(world_, register, day, kind="register_monthly")
            assert again.certificate == made.certificate
            assert signing.verify(bytes(made.pdf), crl_der()).valid
            assert signing.verify(bytes(again.pdf), crl_der()).valid
            later = checkpoint_create(register=register, user=world_.manager_c, reason="après migration")
            assert later.public_key == checkpoint.public_key
            assert AuditEvent.objects.filter(action=AuditAction.KEY_CEREMONY, details__step="files_migrated").exists()
            store.close()


def _certificates_page(world) -> str:
    from django.test import Client

    client = Client()
    client.force_login(world.admin)
    response = client.get(reverse("reports-certificates"))
    assert response.status_code == 200
    return response.content.decode()


def test_issue_40_the_certificates_page_says_files_are_for_the_demo(world):
    page = _certificates_page(world)
    assert 'data-testid="key-store"' in page and "Clés en fichiers (démonstration)" in page
