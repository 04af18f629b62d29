"""Issue 14, verification: `reports_verify FILE [--json]` exits 0 on a report Vigie signed and recorded, 1 on each
tampering (a changed byte, an update appended after signing, a revoked certificate, a file cut short, a report no
register records, an entry it covers changed in the register since)."""

import io
import json
from io import StringIO

import pytest
from django.core.management import call_command
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

from compliance.reports import signing, verification
from compliance.reports.models import SigningCertificate
from compliance.reports.services import certificate_revoke, report_generate, report_request
from registers.chain.services import pending_countersign, session_close
from registers.models import Entry, Register
from registers.orphelins.services import orphelin_file
from tests.conftest import make_user
from tests.test_registers import _superuser

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def report_file(world_tx, rules, tmp_path):
    """A closed day's signed report, committed (the superuser's connection must see its entries)."""
    world = world_tx
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    day = world.c.today()
    for amount in ("12.50", "40.00"):
        pending = orphelin_file(casino=world.c, actor=world.accountant_c, gaming_day=day, source="table",
                                amount=amount, currency="EUR", location="Table 3")
        pending_countersign(pending=pending, countersigner=world.manager_c)
    session_close(casino=world.c, gaming_day=day, user=world.manager_c)
    register = Register.objects.get(casino=world.c, kind="orphelins")
    report = report_generate(report_request(actor=world.accountant_c, kind="register_daily",
            casino=register.casino, register_kind=register.kind, start=day))
    path = tmp_path / "rapport.pdf"
    path.write_bytes(bytes(report.pdf))
    return path, register


def _verify(*args) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("reports_verify", *map(str, args), stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


def test_a_report_vigie_signed_and_recorded_verifies_and_exits_0(report_file):
    path, _register = report_file
    code, out = _verify(path)
    assert code == 0 and out.startswith("Rapport authentique") and "signataire : Casino CASINO-C" in out
    assert "horodaté : oui · B-LT : oui" in out and "2 écritures" in out
    code, out = _verify(path, "--json")
    shown = json.loads(out)
    assert code == 0 and shown["valid"] and shown["reason"] == "ok" and shown["covered"] == 2


def test_a_byte_changed_exits_1(report_file, tmp_path):
    path, _register = report_file
    data = bytearray(path.read_bytes())
    data[data.index(b"/Contents") - 300] ^= 0x01
    tampered = tmp_path / "modifie.pdf"
    tampered.write_bytes(bytes(data))
    code, out = _verify(tampered, "--json")
    assert code == 1 and json.loads(out)["reason"] in {"broken", "not_pdf"}


def test_an_entry_the_report_covers_changed_in_the_register_since_exits_1_and_names_it(report_file):
    path, register = report_file
    second = Entry.objects.get(register=register, seq=2).pk
    _superuser([f"UPDATE registers_entry SET payload = replace(payload, '40.00', '40.01') WHERE id = {second}"])
    code, out = _verify(path, "--json")
    assert code == 1 and json.loads(out)["covered"] == 2
    code, out = _verify(path)
    assert code == 1 and "ne sont plus les mêmes au registre : n° 2." in out


def test_a_validly_signed_pdf_no_register_records_exits_1(report_file, tmp_path):
    from compliance.reports.models import Report

    path, _register = report_file
    Report.objects.update(sha256="0" * 64)  # as if the bytes were another report's
    code, out = _verify(path, "--json")
    assert code == 1 and json.loads(out)["reason"] == "unknown_report"


def test_a_missing_file_is_a_clear_error(tmp_path):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="fichier introuvable"):
        call_command("reports_verify", str(tmp_path / "absent.pdf"))


def _updated(document: bytes) -> bytes:
    """The report with an update appended after its signature (its language changed)."""
    writer = IncrementalPdfFileWriter(io.BytesIO(document), strict=False)
    writer.root["/Lang"] = generic.TextStringObject("en")
    writer.update_root()
    appended = io.BytesIO()
    writer.write(appended)
    return appended.getvalue()


def test_an_update_appended_after_signing_exits_1_as_modified(report_file, tmp_path):
    path, _register = report_file
    appended = tmp_path / "ajoute.pdf"
    appended.write_bytes(_updated(path.read_bytes()))
    code, out = _verify(appended, "--json")
    assert code == 1 and json.loads(out)["reason"] == "modified"


def test_the_revisions_of_a_filed_report_are_not_compared_again_those_of_any_other_file_are(report_file, tmp_path,
                                                                                               monkeypatch):
    """pyHanko's difference analysis takes a second per 1,000 pages (20 s for a month's book of the cards register):
    it is skipped for the very bytes the platform signed and filed, whose revision after the signature is its own
    validation data, and kept for any other file, whose updates it finds (the test above)."""
    path, _register = report_file
    skipped = []
    validate = signing.validate_pdf_signature
    monkeypatch.setattr(signing, "validate_pdf_signature",
                        lambda *args, **kwargs: skipped.append(kwargs["skip_diff"]) or validate(*args, **kwargs))
    assert verification.verify_report(path.read_bytes()).reason == "ok"
    assert verification.verify_report(_updated(path.read_bytes())).reason == "modified"
    assert skipped == [True, False]


def test_a_report_whose_certificate_was_revoked_since_exits_1(report_file, world_tx):
    path, _register = report_file
    admin = make_user("admin.pki", "admin")
    certificate_revoke(actor=admin, certificate=SigningCertificate.objects.get(casino=world_tx.c),
                       reason="clé compromise")
    code, out = _verify(path, "--json")
    assert code == 1 and json.loads(out)["reason"] == "revoked"


def test_a_report_cut_short_exits_1(report_file, tmp_path):
    path, _register = report_file
    cut = tmp_path / "tronque.pdf"
    cut.write_bytes(path.read_bytes()[:4000])
    code, out = _verify(cut, "--json")
    assert code == 1 and json.loads(out)["reason"] in {"broken", "not_pdf"}
