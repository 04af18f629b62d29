"""The condition of a machine installed before Vigie asked it, through Debian's chromium (LU RGD 1979 art. 17 al. 2 5°,
as the draft completes it: « ou d'un appareil usagé et remis à neuf par une entreprise, résidente ou non, spécialement
agréée par le Ministre des Finances »): the Minister's regulator reads « condition non enregistrée » on La Moselle's
LM-002, on a phone; its management records it from the register's page. Screenshots at 390 px and 1366 px, each
checked by axe (tests/a11y.py) and looked at."""

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
URL = "/registres/la-moselle/appareils/"


def test_lu_rgd_art_17_al_2_5_the_management_records_a_missing_condition_from_the_machine_s_row(  # noqa: F811
        demo, rules, live_server, browser, shots):  # noqa: F811
    phone, errors = signed_in(browser, live_server, "lu.ministere", viewport={"width": 390, "height": 844})
    phone.goto(f"{live_server.url}{URL}")
    assert phone.locator("[data-testid=machine-LM-002] [data-testid=condition-missing]").inner_text() == (
        "condition non enregistrée")
    assert phone.locator("[data-testid=machine-LM-001] [data-testid=condition-missing]").count() == 0
    assert phone.locator("[data-testid=form-condition]").count() == 0  # the management's
    phone.screenshot(path=shots / "appareils-condition-regulator-390.png", full_page=True)
    assert errors == []
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(f"{live_server.url}{URL}")
    page.click("[data-testid=open-forms] summary")  # the register's entries first, its forms behind a button
    form = page.locator("[data-testid=form-condition]")
    assert "art. 17" in form.inner_text()
    page.select_option("#id_condition-machine", "LM-002")
    page.select_option("#id_condition-condition", "neuf")
    page.screenshot(path=shots / "appareils-condition-manager.png", full_page=True)
    page.click("[data-testid=submit-condition]")
    page.wait_for_selector("[role=status]")
    assert "LM-002" in page.locator("[role=status]").first.inner_text()
    assert page.locator("[data-testid=condition-missing]").count() == 0
    assert page.locator("[data-testid=form-condition]").count() == 0  # nothing left to record
    assert errors == []
