"""A poker séance's caisse de change through Debian's chromium (issue 38, point 6; LU RGD 1979 art. 49-3 al. 4 « Le
montant et la composition de la caisse de change sont fixés à l'ouverture de la table par le chef de salle responsable
du casino et ne peuvent plus être modifiés avant la prochaine séance »): La Moselle's manager reads the demo's séance
closed 50 € short without explanation, then closes today's séance through the room's page with its caisse counted and
the difference explained. Screenshots: var/screenshots/poker-seance-short.png, poker-seance-close.png."""

import datetime

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_manager_reads_a_short_caisse_and_closes_a_seance_with_its_count(demo, rules, live_server, browser,  # noqa: F811
                                                                             shots):  # noqa: F811
    from compliance.models import Casino, User
    from games.poker import hand as deal
    from registers.poker_room.services import poker_session_open

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    today = casino.today()
    page, errors = signed_in(browser, live_server, "lu.direction")
    short_day = (today - datetime.timedelta(days=6)).isoformat()
    page.goto(f"{live_server.url}/poker/la-moselle/?jour={short_day}")
    seance = page.locator("[data-testid=seance-th-1]")
    assert "5 000,00" in seance.locator("[data-testid=caisse-opening]").inner_text().replace("\u202f", " ")
    left = seance.locator("[data-testid=caisse-left]").inner_text()
    assert "sans explication" in left and "49-3 al. 4" in left
    assert "Caisse de change fermée sur un écart non expliqué" in page.locator("main").inner_text()
    page.screenshot(path=shots / "poker-seance-short.png", full_page=True)

    poker_session_open(casino=casino, actor=User.objects.get(username="lu.direction"), gaming_day=today,
                       table="TH-1", variant=deal.HOLDEM, version=deal.NO_LIMIT, minimum="10", small_blind="5",
                       big_blind="10", rake_rate="0.05", caisse="5000", cave="100")
    page.goto(f"{live_server.url}/poker/la-moselle/?jour={today.isoformat()}")
    page.select_option("#id_close-table", "TH-1")
    page.fill("#id_close-caisse", "4990")
    page.fill("#id_close-explanation", "Un jeton de 10 € remis à la caisse centrale, reçu n° 4480")
    page.click("[data-testid=submit-close]")
    page.wait_for_selector("[data-testid=caisse-explained]")
    seance = page.locator("[data-testid=seance-th-1]")
    assert "reçu n° 4480" in seance.locator("[data-testid=caisse-explained]").inner_text()
    assert "caisse de change comptée : 4 990,00 €" in page.inner_text("body").replace("\u202f", " ").replace(
        "\xa0", " ")
    assert seance.locator("[data-testid=caisse-left]").count() == 0
    assert page.locator("[data-testid=form-close]").count() == 0  # nothing left to close that day
    page.screenshot(path=shots / "poker-seance-close.png", full_page=True)
    assert errors == []
