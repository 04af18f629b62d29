"""A table session's limits per bet and their history (LU RGD 1979 art. 37-9, 37-11; QC RJC art. 9, 21.1, 21.2, 72.1)
in Debian's chromium, on the demo: La Moselle's HC-01 today, its Bonus spot's limits and its maximum raised during
the séance by the directeur responsable, « indiqué à la table » (« Il peut être modifié en cours de séance sous
réserve de l'indiquer clairement sur l'affichage de la table », art. 37-11); Lac-Bleu's BJ-01 with the options its
table indicates and their return. Screenshots at 1366 px and 390 px, checked by axe (tests/a11y.py) and looked at:
var/screenshots/limits-session-lu.png, limits-session-lu-phone.png, limits-session-qc.png."""

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _session_url(live_server, code: str, number: str) -> str:
    from django.urls import reverse

    from registers.models import TableSession

    session = TableSession.objects.filter(table__casino__code=code, table__number=number).order_by(
        "-gaming_day", "-number").first()
    return live_server.url + reverse("tables-session", kwargs={"casino": code, "pk": session.pk})


def test_lu_art_37_11_the_limits_history_of_a_seance_in_a_browser(demo, rules, live_server, browser, shots):  # noqa: F811
    url = _session_url(live_server, "la-moselle", "HC-01")
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(url)
    limits = page.locator("[data-testid=spot-limits]")
    text = limits.inner_text()
    assert "Case Bonus" in text and "LU RGD 1979 art. 37-9 (projet)" in text
    history = page.locator("[data-testid=limits-history]").inner_text()
    assert "Directeur responsable" in history and "indiqué à la table" in history
    assert "LU RGD 1979 art. 37-11 (projet)" in history and "2\u202f000,00" in history
    assert page.locator("[data-testid=form-limits]").is_visible()
    # « Limites affichées »: the maximum raised, in force since its change
    shown = page.locator("[data-testid=limits-now]").inner_text()
    assert "2\u202f000,00" in shown and "depuis" in shown
    limits.scroll_into_view_if_needed()
    page.screenshot(path=shots / "limits-session-lu.png", full_page=True)
    assert errors == []
    phone, errors = signed_in(browser, live_server, "lu.ministere", viewport={"width": 390, "height": 844})
    phone.goto(url)
    assert phone.locator("[data-testid=limits-history]").is_visible()
    assert phone.locator("[data-testid=form-limits]").count() == 0
    phone.screenshot(path=shots / "limits-session-lu-phone.png", full_page=True)
    assert errors == []


def test_qc_rjc_art_21_1_the_options_a_table_indicates_and_their_return_in_a_browser(demo, rules, live_server,  # noqa: F811
                                                                                     browser, shots):  # noqa: F811
    page, errors = signed_in(browser, live_server, "qc.regie")
    page.goto(_session_url(live_server, "lac-bleu", "BJ-01"))
    options = page.locator("[data-testid=options]").inner_text()
    assert "QC RJC art. 21.1" in options and "QC RJC art. 18.1" in options and "rendement" in options
    assert "%" in options
    page.screenshot(path=shots / "limits-session-qc.png", full_page=True)
    assert errors == []


def test_lu_art_37_16_the_bataille_mise_egalite_the_reglement_interieur_offers_in_a_browser(demo, rules, live_server,  # noqa: F811
                                                                                           browser, shots):  # noqa: F811
    """« Dans son règlement intérieur affiché, la direction du casino peut donner aux joueurs la possibilité d'engager
    en plus de leur mise initiale une mise supplémentaire (mise égalité) […]. Cette mise doit respecter les limites
    minimales et maximales indiquées à la table. » (art. 37-16): La Moselle's version in force today offers it, and
    BT-02 opens today with its égalité limits (registers/tables/demo.py)."""
    url = _session_url(live_server, "la-moselle", "BT-02")
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(url)
    spots = page.locator("[data-testid=spot-limits]").inner_text()
    assert "galité" in spots and "LU RGD 1979 art. 37-16 (projet)" in spots and "50,00" in spots
    page.screenshot(path=shots / "limits-session-bataille.png", full_page=True)
    assert errors == []
    phone, errors = signed_in(browser, live_server, "lu.ministere", viewport={"width": 390, "height": 844})
    phone.goto(url)
    assert "LU RGD 1979 art. 37-16 (projet)" in phone.locator("[data-testid=spot-limits]").inner_text()
    phone.screenshot(path=shots / "limits-session-bataille-phone.png", full_page=True)
    assert errors == []
