"""The bad-beat jackpot's account page at La Moselle (LU RGD 1979 art. 49-13, 49-14) in Debian's chromium: the
cagnotte's days and balance, the notices to the Minister (the request filed with the Minister linked, with the stop's
day it announces: art. 49-14 al. 2, « sous réserve d'en informer le Ministre des Finances dans les quinze jours qui
précèdent »), the carnet de compte with its line that differs; each screenshot, at 1366 px and 390 px, checked by axe
(tests/a11y.py) and looked at."""

import pytest
from django.urls import reverse

from tests.a11y import PHONE
from tests.test_browser import browser, shots, signed_in  # noqa: F401  (the fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_bad_beat_account_page(demo, rules, live_server, browser, shots):  # noqa: F811
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(live_server.url + reverse("registers-other", kwargs={"casino": "la-moselle", "kind": "bad_beat"}))
    account = page.locator('[data-testid="bad-beat-account"]')
    assert "Mis en service le" in account.inner_text() and "Lettre au Ministre des Finances" in account.inner_text()
    assert page.locator('[data-testid="carnet-differs"]').count() == 1
    account.scroll_into_view_if_needed()
    page.screenshot(path=shots / "bad_beat_account.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "bad_beat_account-390.png", full_page=True)
    page.set_viewport_size({"width": 1366, "height": 900})
    announced = account.locator('[data-testid="bad-beat-notice-announced"]')
    assert announced.count() == 1 and "arrêt annoncé pour le" in announced.inner_text()
    request = account.locator('a[href^="/approbations/"]')
    reference = request.inner_text()
    request.click()
    page.wait_for_load_state()
    assert reference in page.content() and "Arrêt volontaire du bad beat jackpot" in page.content()
    assert errors == []
