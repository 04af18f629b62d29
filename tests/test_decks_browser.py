"""The playing-card stock's page through Debian's chromium (issue 39, point 3; LU RGD 1979 art. 6, 37-16 (projet)): La
Moselle's cashier reads today's tables with their decks (the Bataille's six), issues a deck to a poker table for
tonight; the manager reads it on a phone's 390 px; the Minister's regulator reads it, read-only. Each screenshot is
checked by axe (tests/a11y.py). Screenshots: var/screenshots/decks-cashier.png, decks-phone.png, decks-regulator.png."""

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_cashier_issues_a_deck_and_the_manager_and_regulator_read_the_stock(demo, rules, live_server, browser,  # noqa: F811
                                                                                 shots):  # noqa: F811
    url = f"{live_server.url}/registres/la-moselle/cartes-a-jouer/"
    page, errors = signed_in(browser, live_server, "lu.caissier")
    page.goto(url)
    bataille = page.locator("[data-testid=session-tables-BT-02]").inner_text()
    assert "6" in bataille and "conforme" in bataille
    assert "art. 6" in page.locator("[data-testid=form-reception]").inner_text()
    lot = page.locator("#id_remise-lot option").nth(1).get_attribute("value")
    page.select_option("#id_remise-lot", lot)
    page.fill("#id_remise-decks", "1")
    page.select_option("#id_remise-new", "1")
    page.select_option("#id_remise-family", "poker")
    page.fill("#id_remise-table", "TH-2")
    page.check("#id_remise-counted")
    page.check("#id_remise-sealed")
    page.check("#id_remise-perfect")
    page.click("[data-testid=submit-remise]")
    page.wait_for_selector("[data-testid=session-poker-TH-2]")
    assert "pas encore ouverte" in page.locator("[data-testid=session-poker-TH-2]").inner_text()
    page.screenshot(path=shots / "decks-cashier.png", full_page=True)
    assert errors == []

    page, errors = signed_in(browser, live_server, "lu.direction", viewport={"width": 390, "height": 844})
    page.goto(url)
    assert "appliqué depuis le" in page.locator("[data-testid=control-tables]").inner_text()
    assert page.locator("[data-testid=form-controle]").count() == 1
    page.screenshot(path=shots / "decks-phone.png", full_page=True)
    assert errors == []

    page, errors = signed_in(browser, live_server, "lu.ministere")
    page.goto(url)
    assert page.locator("[data-testid=read-only]").is_visible()
    assert page.locator("[data-testid=form-remise]").count() == 0
    assert "Destruction de jeux de cartes" in page.locator("[data-testid=movements]").inner_text()
    page.screenshot(path=shots / "decks-regulator.png", full_page=True)
    assert errors == []
