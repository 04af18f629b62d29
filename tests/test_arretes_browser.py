"""The arrêté values' page through Debian's chromium (issue 38, point 2): La Moselle's manager reads the values in force
with the arrêté's reference and the article that delegates each, files a new version (restated, then confirmed), and
the Minister's regulator reads it, read-only. Screenshots go to var/screenshots."""

import datetime

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_manager_files_an_arrete_value_and_the_regulator_reads_it(demo, rules, live_server, browser, shots):  # noqa: F811
    from compliance.models import Casino

    since = Casino.objects.get(code="la-moselle").today() + datetime.timedelta(days=7)
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(f"{live_server.url}/registres/la-moselle/arretes/")
    shown = page.locator("[data-testid=in-force]").inner_text()
    assert "LU RGD 1979 art. 37-13 al. 4 (projet)" in shown and "Arrêté ministériel n° DEMO-2" in shown
    assert "non saisie" in page.locator("[data-testid='arrete-bataille.avance']").inner_text()
    page.select_option("#id_arrete-concept", "bataille.avance")
    page.fill("#id_arrete-value", "10000")
    page.fill("#id_arrete-effective_from", since.isoformat())
    page.fill("#id_arrete-reference", "Arrêté ministériel n° DEMO-3")
    page.click("[data-testid=submit-arrete]")
    assert "Arrêté ministériel n° DEMO-3" in page.locator("[data-testid=confirm-facts]").inner_text()
    page.click("[data-testid=confirm-submit]")
    page.wait_for_selector("[data-testid=versions]")
    assert "Arrêté ministériel n° DEMO-3" in page.locator("[data-testid=versions]").inner_text()
    page.screenshot(path=shots / "arretes-manager.png", full_page=True)
    assert errors == []
    page, errors = signed_in(browser, live_server, "lu.ministere")
    page.goto(f"{live_server.url}/registres/la-moselle/arretes/")
    assert page.locator("[data-testid=read-only]").is_visible()
    assert page.locator("[data-testid=form-arrete]").count() == 0
    assert "Arrêté ministériel n° DEMO-3" in page.locator("[data-testid=versions]").inner_text()
    page.screenshot(path=shots / "arretes-regulator.png", full_page=True)
    assert errors == []
