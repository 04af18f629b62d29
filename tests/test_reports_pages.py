"""Issue 14, pages: « Rapports signés » lists a casino's reports with their progress and the download; the
verification page needs no sign-in, stores nothing and shows only the verdict."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from compliance.models import AuditEvent
from compliance.reports import render, selectors, verification, views
from compliance.reports.models import Report
from compliance.reports.services import report_generate, report_request
from registers.models import Register
from tests.test_reports_daily import closed_day  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed(closed_day):  # noqa: F811
    world, register, day = closed_day
    return world, report_generate(report_request(actor=world.accountant_c, kind="register_daily",
            casino=register.casino, register_kind=register.kind, start=day))


def test_the_list_shows_the_casino_s_reports_their_state_and_the_download(signed, client):
    world, report = signed
    client.force_login(world.accountant_c)
    page = client.get(reverse("reports-list")).content.decode()
    assert "Rapport quotidien d&#x27;un registre" in page and "Orphelins (sommes trouvées)" in page
    assert reverse("reports-download", args=[report.pk]) in page and "En attente" in page  # the close's own request
    assert "Casino CASINO-C" in page  # the signer, by its certificate's name
    download = client.get(reverse("reports-download", args=[report.pk]))
    assert download["Content-Type"] == "application/pdf" and download.getvalue() == bytes(report.pdf)
    waiting = Report.objects.exclude(pk=report.pk).get()
    assert client.get(reverse("reports-download", args=[waiting.pk])).status_code == 404
    assert client.get(reverse("reports-progress", args=[waiting.pk])).json() == {"status": "pending", "progress": 0}


def test_the_download_streams_the_signed_bytes_a_slice_at_a_time(signed, client, monkeypatch):
    """A month's book is some 90 MB: the download reads it from the database a slice at a time (here 4 KB), with its
    length announced, and never loads the whole value (the report is read without its bytes)."""
    world, report = signed
    monkeypatch.setattr(selectors, "PDF_CHUNK", 4096)
    client.force_login(world.accountant_c)
    whole = bytes(report.pdf)
    slices = -(-len(whole) // 4096)
    assert slices > 3
    with CaptureQueriesContext(connection) as queries:
        download = client.get(reverse("reports-download", args=[report.pk]))
        assert download.streaming and int(download["Content-Length"]) == len(whole)
        parts = list(download.streaming_content)
    assert b"".join(parts) == whole and [len(p) for p in parts[:-1]] == [4096] * (slices - 1)
    pdf_reads = [q["sql"] for q in queries if '"pdf"' in q["sql"]]
    assert len(pdf_reads) == slices + 1 and all("SUBSTRING" in sql or "LENGTH" in sql for sql in pdf_reads)
    storage = Report.objects.raw("SELECT 1 AS id, attstorage FROM pg_attribute WHERE attrelid = "
                                 "'reports_report'::regclass AND attname = 'pdf'")[0].attstorage
    assert storage == "e"  # kept as it is: a slice is read from its own part of the value


def test_the_regulator_sees_the_reports_of_its_casinos(signed, client):
    world, report = signed
    client.force_login(world.regulator_lu)
    assert reverse("reports-download", args=[report.pk]) in client.get(reverse("reports-list")).content.decode()
    client.force_login(world.regulator_qc)
    assert reverse("reports-download", args=[report.pk]) not in client.get(reverse("reports-list")).content.decode()
    assert client.get(reverse("reports-download", args=[report.pk])).status_code == 404


def test_a_period_ending_before_it_starts_names_the_field(signed, client):
    world, _report = signed
    client.force_login(world.accountant_c)
    page = client.get(reverse("reports-list"), {"start": "2026-11-20", "end": "2026-11-01"}).content.decode()
    assert "Au : la fin de la période précède son début." in page and 'data-field-error="end"' in page


def test_anyone_verifies_a_report_without_signing_in(signed, client):
    _world, report = signed
    assert client.get(reverse("reports-verify")).status_code == 200
    page = client.post(reverse("reports-verify"), {"file": SimpleUploadedFile("r.pdf", bytes(report.pdf))})
    body = page.content.decode()
    assert 'data-valid="true"' in body and "Rapport authentique" in body and "Casino CASINO-C" in body
    shown = verification.shown_entries(bytes(report.pdf))  # as WeasyPrint attached them
    assert shown and shown == {row["seq"]: row["hash"] for row in render.source_of(bytes(report.pdf))["entries"]}
    tampered = bytearray(report.pdf)
    tampered[tampered.index(b"/Contents") - 300] ^= 0x01
    body = client.post(reverse("reports-verify"), {"file": SimpleUploadedFile("r.pdf", bytes(tampered))}).content
    assert b'data-valid="false"' in body


def test_the_page_open_to_anyone_takes_smaller_files_than_a_signed_in_user_may_check(signed, client, monkeypatch):
    """A month's book of the cards register is some 90 MB: a signed-in user checks it here (128 MB at most), while the
    page open to anyone takes 50 MB. Here the limits are 0 and 1 MB, and the daily report is some tens of KB."""
    world, report = signed
    monkeypatch.setattr(views, "MAX_UPLOAD_MB", {False: 0, True: 1})
    upload = {"file": SimpleUploadedFile("r.pdf", bytes(report.pdf))}
    page = client.post(reverse("reports-verify"), upload).content.decode()
    assert "Fichier trop volumineux : 0 Mo au plus." in page and 'data-valid="true"' not in page
    client.force_login(world.regulator_lu)
    upload = {"file": SimpleUploadedFile("r.pdf", bytes(report.pdf))}
    page = client.post(reverse("reports-verify"), upload).content.decode()
    assert 'data-valid="true"' in page and "1 Mo au plus" in page
    monkeypatch.undo()
    assert "128 Mo au plus" in client.get(reverse("reports-verify")).content.decode()


def test_an_upload_that_is_no_pdf_is_refused_on_its_field_and_nothing_is_stored(signed, client):
    before = (Report.objects.count(), AuditEvent.objects.count(), Register.objects.count())
    page = client.post(reverse("reports-verify"), {"file": SimpleUploadedFile("r.pdf", b"hello, not a pdf")})
    assert page.status_code == 200 and 'data-testid="file-error"' in page.content.decode()
    assert "Ce fichier n&#x27;est pas un PDF." in page.content.decode()
    assert (Report.objects.count(), AuditEvent.objects.count(), Register.objects.count()) == before
    client.cookies["django_language"] = "en"
    english = client.post(reverse("reports-verify"), {"file": SimpleUploadedFile("r.pdf", b"hello")}).content
    assert b"This file is not a PDF." in english
