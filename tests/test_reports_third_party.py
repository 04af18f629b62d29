"""Issue 14, a signed report checked without Vigie, as README.md « Rapports signés » shows it: poppler's `pdfsig`
reads its signature as valid (the chain unknown to it), pyHanko's own command line (`pyhanko sign adesverify`, the
AdES validation of PAdES: the chain and the CRL embedded at B-LT, nothing fetched) passes it against the platform's
root written by `reports_root`, and fails it against any other root. A copy with one byte changed inside the signed
range is invalid to both, and `reports_verify` exits 1 on it. No skip: `./scripts/test` installs poppler-utils, and
requirements.txt pins pyhanko-cli."""

import shutil
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from compliance.reports import pki
from compliance.reports.services import report_generate, report_request
from tests.test_reports_daily import closed_day  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db

PYHANKO = Path(sys.executable).parent / "pyhanko"  # the console script pyhanko-cli installs beside this python


def _pyhanko_validate(report: Path, root: Path) -> subprocess.CompletedProcess:
    """README.md's invocation: `pyhanko sign adesverify --pretty-print --trust ROOT --trust-replace FILE`."""
    return subprocess.run([str(PYHANKO), "sign", "adesverify", "--pretty-print", "--trust", str(root),
                           "--trust-replace", str(report)], capture_output=True, text=True, timeout=120)


def _pdfsig(report: Path) -> str:
    assert shutil.which("pdfsig"), "pdfsig (poppler-utils): ./scripts/test installs it when run as root"
    return subprocess.run(["pdfsig", str(report)], capture_output=True, text=True, timeout=60).stdout


def _verify(report: Path) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("reports_verify", str(report), stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


@pytest.fixture
def report(closed_day, tmp_path):  # noqa: F811
    """The orphelins' monthly book of a closed day, signed, and the platform's root as `reports_root` writes it."""
    world, register, day = closed_day
    made = report_generate(report_request(actor=world.accountant_c, kind="register_monthly", casino=world.c,
                                          register_kind=register.kind, start=day))
    assert made.status == "succeeded", made.error
    path, root = tmp_path / "livre.pdf", tmp_path / "vigie-racine.pem"
    path.write_bytes(bytes(made.pdf))
    out = StringIO()
    call_command("reports_root", "--out", str(root), stdout=out)
    assert out.getvalue().startswith(f"racine de la plateforme → {root} · SHA-256 ")
    assert root.read_text() == pki.pem(pki.root_certificate())
    return path, root


def _tampered(path: Path) -> Path:
    """A copy with one byte changed inside the first signed range (before the signature's /Contents)."""
    data = bytearray(path.read_bytes())
    data[data.index(b"/Contents") - 300] ^= 0x01
    changed = path.with_name("altere.pdf")
    changed.write_bytes(bytes(data))
    return changed


def test_pdfsig_reads_the_signature_of_a_report_as_valid(report):
    path, _root = report
    shown = _pdfsig(path)
    assert "Signature Validation: Signature is Valid." in shown, shown
    assert "Signer Certificate Common Name: Casino CASINO-C" in shown and "ETSI.CAdES.detached" in shown
    assert "Certificate Validation:" in shown  # its chain unknown to poppler's NSS store: « isn't Trusted »


def test_pyhanko_validates_the_report_at_b_lt_against_the_platform_root(report):
    path, root = report
    done = _pyhanko_validate(path, root)
    assert done.returncode == 0, done.stdout + done.stderr
    shown = done.stdout
    assert "The signature is judged VALID." in shown
    assert "The signer's certificate is trusted." in shown and "The TSA certificate is trusted." in shown
    assert "The timestamp token is cryptographically sound." in shown
    assert 'Trust anchor: "Organization: Vigie, Common Name: Vigie — autorité de certification' in shown
    assert "All modifications relate to signature maintenance" in shown  # only the B-LT validation data after it


def test_pyhanko_refuses_the_report_against_another_root(report, tmp_path):
    path, _root = report
    with override_settings(REGISTER_KEYS_DIR=tmp_path / "ailleurs"):  # another « platform », its own root
        stranger = tmp_path / "autre-racine.pem"
        stranger.write_text(pki.pem(pki.root_certificate()))
    done = _pyhanko_validate(path, stranger)
    assert done.returncode == 1 and "The signature is judged INVALID." in done.stdout, done.stdout + done.stderr
    assert "The signer's certificate is untrusted." in done.stdout


def test_a_byte_changed_is_invalid_to_pdfsig_to_pyhanko_and_to_reports_verify(report):
    path, root = report
    assert _verify(path)[0] == 0
    changed = _tampered(path)
    shown = _pdfsig(changed)
    assert "Signature Validation: Digest Mismatch." in shown and "Signature is Valid" not in shown, shown
    done = _pyhanko_validate(changed, root)
    assert done.returncode == 1 and "The signature is judged INVALID." in done.stdout, done.stdout + done.stderr
    assert "The signature is cryptographically unsound." in done.stdout
    code, out = _verify(changed)
    assert code == 1 and out.startswith("Signature rompue"), out
