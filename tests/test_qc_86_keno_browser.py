"""The Keno page through Debian's chromium (QC RJC art. 86: « Le paiement se fait au détenteur du billet gagnant
valide »): Lac-Bleu's cashier reads the winning tickets unpaid under their deadlines, pays the one still payable, sees
the late one refused citing art. 86 under its field; the Régie reads the page on a phone, read-only. Each screenshot
is checked by axe and for sideways scrolling at 390 px (tests/test_browser.py). Screenshots go to var/screenshots."""

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_qc_86_the_cashier_pays_in_time_is_refused_late_and_the_regie_reads_on_a_phone(demo, rules, live_server,
                                                                                      browser, shots):  # noqa: F811
    page, errors = signed_in(browser, live_server, "qc.caissier")
    page.goto(f"{live_server.url}/keno/lac-bleu/")
    deadlines = page.locator("[data-testid=deadlines]").inner_text()
    assert "K-2001" in deadlines and "K-1003" in deadlines and "Échu sans paiement" in deadlines
    assert "QC RJC art. 86" in page.locator("[data-testid=citation]").inner_text()
    page.screenshot(path=shots / "keno-cashier.png", full_page=True)
    page.fill("#id_paiement-ticket", "K-1003")
    page.click("[data-testid=submit-paiement]")
    refusal = page.locator("#id_paiement-paid_at-error").inner_text()
    assert "présenté trop tard" in refusal and "QC RJC art. 86" in refusal
    page.fill("#id_paiement-ticket", "K-2001")
    page.click("[data-testid=submit-paiement]")
    page.wait_for_selector("[data-testid=ticket-K-2001]")
    assert "Payé" in page.locator("[data-testid=ticket-K-2001] [data-testid=state]").inner_text()
    assert "K-2001" not in page.locator("[data-testid=deadlines]").inner_text()
    page.screenshot(path=shots / "keno-cashier-paid.png", full_page=True)
    assert errors == []
    page, errors = signed_in(browser, live_server, "qc.regie", viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/keno/lac-bleu/")
    assert page.locator("[data-testid=form-paiement]").count() == 0
    assert "K-1003" in page.locator("[data-testid=deadlines]").inner_text()
    page.screenshot(path=shots / "keno-regie-390.png", full_page=True)
    assert errors == []
