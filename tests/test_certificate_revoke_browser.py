"""In a browser: the platform administrator opens « Certificats de signature » from the menu, asks to revoke a casino's
certificate without a reason (refused under the field), gives one, reads the revocation restated and confirms it; the
list then shows it revoked. Screenshots: certificates-list.png, certificates-revoke-refused.png,
certificates-revoke-confirm.png, certificates-revoked.png, certificates-list-390.png."""

import re

import pytest

from compliance.models import Casino
from compliance.reports.models import SigningCertificate
from tests import test_browser

browser, shots = test_browser.browser, test_browser.shots  # the same fixtures: Debian's chromium, the shots' folder

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REASON = "Clé compromise : copie trouvée hors du coffre"


def test_the_administrator_revokes_a_certificate_with_its_reason_after_confirming(demo, rules, live_server, browser,
                                                                                   shots):
    casino = Casino.objects.get(code="la-moselle")
    certificate = SigningCertificate.objects.get(casino=casino, revoked_at__isnull=True)
    page, errors = test_browser.signed_in(browser, live_server, "admin")
    page.locator("nav.app-sidebar").get_by_role("link", name="Certificats de signature").click()
    page.wait_for_url("**/certificats/")
    row = page.locator(f"[data-testid=certificate-{certificate.serial}]")
    assert "En service" in row.inner_text() and casino.name in row.inner_text()
    # issue 40: the page says where the keys are; the demo's are files, which it says are for the demo only
    assert "Clés en fichiers (démonstration)" in page.locator("[data-testid=key-store]").inner_text()
    page.screenshot(path=shots / "certificates-list.png", full_page=True)

    row.locator(f"[data-testid=revoke-{certificate.serial}]").click()
    page.wait_for_url(f"**/certificats/{certificate.pk}/revoquer/")
    page.locator("[data-testid=revoke-submit]").click()  # no reason
    page.wait_for_load_state()
    assert page.locator("[data-testid=error-reason]").inner_text() == "Donnez le motif de la révocation."
    page.screenshot(path=shots / "certificates-revoke-refused.png", full_page=True)

    page.fill("#id_revoquer-reason", REASON)
    page.locator("[data-testid=revoke-submit]").click()
    page.wait_for_selector("[data-testid=confirmation]")
    title = page.locator("[data-testid=confirm-title]").inner_text()
    assert title == f"Révoquer le certificat de signature de {casino.name}"
    facts = page.locator("[data-testid=confirm-facts]").inner_text()
    assert certificate.serial in facts and REASON in facts
    assert re.search(r"Les \d+ rapports qu'il a signés", page.locator("[data-testid=confirm-act]").inner_text())
    assert SigningCertificate.objects.get(pk=certificate.pk).revoked_at is None  # nothing recorded yet
    page.screenshot(path=shots / "certificates-revoke-confirm.png", full_page=True)

    page.locator("[data-testid=confirm-submit]").click()
    page.wait_for_url(f"**/certificats/#certificate-{certificate.serial}")
    assert "révoqué" in page.locator("[role=status]").first.inner_text()
    state = page.locator(f"[data-testid=certificate-{certificate.serial}] [data-testid=state]").inner_text()
    assert "Révoqué" in state and REASON in state
    assert page.locator(f"[data-testid=revoke-{certificate.serial}]").count() == 0
    page.screenshot(path=shots / "certificates-revoked.png", full_page=True)
    revoked = SigningCertificate.objects.get(pk=certificate.pk)
    assert revoked.revoked_by.username == "admin" and revoked.revocation_reason == REASON
    assert errors == [], errors
    page.close()

    phone, phone_errors = test_browser.signed_in(browser, live_server, "admin", viewport={"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/certificats/")
    phone.screenshot(path=shots / "certificates-list-390.png", full_page=True)
    assert phone_errors == [], phone_errors
    phone.close()
