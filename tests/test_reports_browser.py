"""Issue 14 in a browser, with a real worker: an accountant closes the gaming day, the daily reports appear on
« Rapports signés » with their progress until the worker has signed them, the regulator downloads one, and the public
verification page accepts it, then refuses a copy with one byte changed. Screenshots go to var/screenshots."""

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)
from tests.test_worker import celery_worker  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_closed_day_s_report_is_signed_by_the_worker_downloaded_and_verified(demo, live_server, browser, shots,  # noqa: F811
                                                                               celery_worker, tmp_path):  # noqa: F811
    from compliance.models import Casino
    from compliance.reports.models import Report

    casino = Casino.objects.get(code="la-moselle")
    today = casino.today()
    before = set(Report.objects.values_list("pk", flat=True))

    cashier, errors = signed_in(browser, live_server, "lu.caissier")
    cashier.goto(f"{live_server.url}/registres/la-moselle/cagnotte/")
    form = cashier.locator("[data-testid=form-session]")
    form.locator("input[name=session-gaming_day]").fill(today.isoformat())
    form.locator("input[name=session-confirm]").check()
    form.locator("[data-testid=submit-session]").click()
    cashier.wait_for_load_state()
    assert "close" in cashier.locator(".alert-success").first.inner_text()

    cashier.goto(f"{live_server.url}/rapports/?casino=la-moselle&start={today.isoformat()}")
    asked = Report.objects.exclude(pk__in=before).filter(kind="register_daily", period_start=today)
    assert asked.count() == casino.registers.count()
    row = cashier.locator(f"tr[data-report='{asked.get(register__kind='orphelins').pk}']")
    # the worker may already be done: either its progress shows, or the signed badge
    assert row.locator("progress, .badge.text-bg-success").count() == 1
    cashier.screenshot(path=str(shots / "reports-progress.png"), full_page=True)
    # reports.js reloads the page once a report is done; every report of the day ends signed
    pks = list(asked.values_list("pk", flat=True))
    cashier.wait_for_function("(pks) => pks.every((pk) => document.querySelector(`tr[data-report='${pk}']`)"
                              "?.dataset.status === 'succeeded')", arg=pks, timeout=150_000, polling=1000)
    assert all(report.status == "succeeded" for report in asked.all()), [r.error for r in asked.all()]
    cashier.screenshot(path=str(shots / "reports-signed.png"), full_page=True)
    assert not errors

    regulator, errors = signed_in(browser, live_server, "lu.ministere")
    regulator.goto(f"{live_server.url}/rapports/?casino=la-moselle&start={today.isoformat()}")
    report = asked.get(register__kind="orphelins")
    with regulator.expect_download() as download:
        regulator.locator(f"[data-testid=download-{report.pk}]").click()
    signed = tmp_path / "rapport.pdf"
    download.value.save_as(signed)
    assert signed.read_bytes() == bytes(report.pdf)

    visitor = browser.new_page(viewport={"width": 1366, "height": 900})  # not signed in
    visitor.goto(f"{live_server.url}/rapports/verifier/")
    visitor.set_input_files("input[name=file]", str(signed))
    visitor.locator("[data-testid=verify-form] button[type=submit]").click()
    verdict = visitor.locator("[data-testid=verdict]")
    assert verdict.get_attribute("data-valid") == "true", verdict.inner_text()
    assert "Casino de la Moselle" in verdict.inner_text()
    visitor.screenshot(path=str(shots / "reports-verify-valid.png"), full_page=True)

    tampered = bytearray(signed.read_bytes())
    at = tampered.index(b"/Type /Page") if b"/Type /Page" in tampered else len(tampered) // 3
    tampered[at + 1] ^= 0x01
    (tmp_path / "altere.pdf").write_bytes(bytes(tampered))
    visitor.goto(f"{live_server.url}/rapports/verifier/")
    visitor.set_input_files("input[name=file]", str(tmp_path / "altere.pdf"))
    visitor.locator("[data-testid=verify-form] button[type=submit]").click()
    verdict = visitor.locator("[data-testid=verdict]")
    assert verdict.get_attribute("data-valid") == "false" and verdict.get_attribute("data-reason") == "broken"
    visitor.screenshot(path=str(shots / "reports-verify-tampered.png"), full_page=True)
    assert not errors
