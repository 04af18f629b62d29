"""The admissions' page through Debian's chromium (issue 39, point 7): La Moselle's cashier issues a daily card at the
door (LU RGD 1979 art. 75 al. 1 as the draft amends it: « ou annuelle »), the excluded person is refused under the
name's field; the management reads the exclusion list; the Minister's regulator reads the policy and the counts, no
name. Screenshots at 1366 px and 390 px, each checked by axe (tests/a11y.py) and looked at."""

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
URL = "/registres/la-moselle/admissions/"


def test_the_door_admits_refuses_the_excluded_and_the_regulator_reads_no_name(demo, rules, live_server, browser,  # noqa: F811
                                                                               shots):  # noqa: F811
    page, errors = signed_in(browser, live_server, "lu.caissier")
    page.goto(f"{live_server.url}{URL}")
    assert "SCHMIT Anne" in page.locator("[data-testid=admissions]").inner_text()
    assert page.locator("[data-testid=count-refused]").inner_text() == "1"
    assert page.locator("[data-testid=exclusions]").count() == 0  # the list is the management's
    page.select_option("#id_admission-kind", "journaliere")
    page.fill("#id_admission-price", "10")
    page.fill("#id_admission-last_name", "Wagner")
    page.fill("#id_admission-first_name", "Paul")
    page.fill("#id_admission-birth_date", "1991-04-30")
    page.select_option("#id_admission-document", "passeport")
    page.fill("#id_admission-document_end", "88A1")
    page.click("[data-testid=submit-admission]")
    page.wait_for_selector("[data-testid=admissions]")
    assert "WAGNER Paul" in page.locator("[data-testid=admissions]").inner_text()
    page.screenshot(path=shots / "admissions-cashier.png", full_page=True)
    page.fill("#id_admission-price", "10")
    page.fill("#id_admission-last_name", "Kieffer")
    page.fill("#id_admission-first_name", "Marc")
    page.fill("#id_admission-birth_date", "1975-03-02")
    page.fill("#id_admission-document_end", "5512")
    page.click("[data-testid=submit-admission]")
    page.wait_for_selector("[data-testid=refused]")
    assert "liste d'exclusion du casino" in page.locator("#id_admission-last_name-error").inner_text()
    page.screenshot(path=shots / "admissions-refused.png", full_page=True)
    assert errors == []
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(f"{live_server.url}{URL}")
    assert "KIEFFER Marc" in page.locator("[data-testid=exclusions]").inner_text()
    page.screenshot(path=shots / "admissions-manager.png", full_page=True)
    assert errors == []
    phone, errors = signed_in(browser, live_server, "lu.ministere", viewport={"width": 390, "height": 844})
    phone.goto(f"{live_server.url}{URL}")
    assert phone.locator("[data-testid=read-only]").is_visible()
    body = phone.locator("main").inner_text() if phone.locator("main").count() else phone.inner_text("body")
    assert "SCHMIT" not in body.upper() and "KIEFFER" not in body.upper()
    assert "LU RGD 1979 art. 75 al. 1 (projet)" in phone.locator("[data-testid=texts]").inner_text()
    phone.screenshot(path=shots / "admissions-regulator-390.png", full_page=True)
    assert errors == []
