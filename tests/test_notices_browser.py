"""The notices through Debian's chromium: each demo casino's public site opened without a session, at 1366 and 390 px,
checked by axe at each screenshot (LU RGD 1979 art. 74 al. 1, draft: « de façon lisible et facilement visible »; QC
RJC art. 67.91: « mis à la disposition du public »; 120: « accessibles au public à chaque table de roue de fortune »;
21.2; 125: « mises à la disposition du public »), a past day through `?jour=`; La Moselle's management page, and
the Minister's regulator reading it. Screenshots go to var/screenshots."""

import datetime

import pytest

from tests.a11y import PHONE
from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_lu_74_each_demo_casino_s_public_site_opens_without_a_session(demo, rules, live_server, browser, shots):  # noqa: F811
    from compliance.models import Casino

    for code, size, name in (("la-moselle", {"width": 1366, "height": 900}, "public-la-moselle"),
                             ("la-moselle", PHONE, "public-la-moselle-390"),
                             ("lac-bleu", {"width": 1366, "height": 900}, "public-lac-bleu"),
                             ("lac-bleu", PHONE, "public-lac-bleu-390"),
                             ("les-rochers", PHONE, "public-les-rochers-390")):
        page = browser.new_page(viewport=size)
        errors = []
        page.on("console", lambda msg, errors=errors: msg.type == "error" and errors.append(msg.text))
        page.goto(f"{live_server.url}/public/{code}/")
        assert page.url.endswith(f"/public/{code}/"), page.url  # no sign-in page in between
        assert page.locator("[data-testid=casino]").text_content().strip() == Casino.objects.get(code=code).name
        if code == "la-moselle":
            shown = page.locator("[data-testid=notice-salles]").first.inner_text()
            assert "Tout enjeu sur parole est interdit." in shown and "art. 74 al. 1 (projet)" in shown
            assert "000,00" in page.locator("[data-testid=notice-cartes]").inner_text()
        if code == "lac-bleu":
            assert "67.108" in page.locator("[data-testid=notice-salon_poker]").inner_text()
            # the wheel's prizes (QC RJC art. 120), the progressive lot's board (21.2) and the tournaments' rules
            # (125) shown on the site itself, each with its signed poster to download
            for kind in ("roue", "lot_progressif", "tournoi"):
                notice = page.locator(f"[data-testid=notice-{kind}]")
                assert notice.is_visible() and notice.locator("a[data-testid^=poster-]").count() == 1
            assert "100 % du lot progressif" in page.locator("[data-testid=notice-lot_progressif]").inner_text()
            assert "payé 45 à 1" in page.locator("[data-testid=notice-roue]").inner_text()
        if code == "les-rochers":
            assert page.locator("[data-testid=nothing]").is_visible()
        page.screenshot(path=shots / f"{name}.png", full_page=True)
        assert errors == []
        page.close()
    # a past day: la moselle's bad-beat notice of eight days ago, withdrawn at its stop five days ago, as it read then
    moselle = Casino.objects.get(code="la-moselle")
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/public/la-moselle/?jour={(moselle.today() - datetime.timedelta(days=6)).isoformat()}")
    assert "1 % du pot après la retenue de la cagnotte" in page.locator("[data-testid=notice-bad_beat]").inner_text()
    assert "arrondi à l'euro inférieur" not in page.locator("[data-testid=notice-bad_beat]").inner_text()
    page.screenshot(path=shots / "public-la-moselle-past-day.png", full_page=True)
    page.close()


def test_the_management_page_and_the_regulator_reading_it(demo, rules, live_server, browser, shots):  # noqa: F811
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(f"{live_server.url}/affichages/la-moselle/")
    assert page.locator("[data-testid=missing-count]").count() == 0
    assert page.locator("[data-testid=displayed] article").count() == 4
    assert page.locator("[data-testid=form-afficher-salles]").count() == 1
    page.screenshot(path=shots / "affichages-la-moselle.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "affichages-la-moselle-390.png", full_page=True)
    assert errors == []
    page, errors = signed_in(browser, live_server, "lu.ministere")
    page.goto(f"{live_server.url}/affichages/la-moselle/")
    assert page.locator("[data-testid=read-only]").is_visible()
    assert page.locator("[data-testid=form-afficher-salles]").count() == 0
    assert "Arrêt volontaire du bad beat jackpot" in page.locator("[data-testid=history]").inner_text()
    page.screenshot(path=shots / "affichages-la-moselle-regulator.png", full_page=True)
    assert errors == []
