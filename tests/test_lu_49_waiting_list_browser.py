"""The waiting list's page in Debian's chromium (LU RGD 1979 art. 49-1: « les joueurs ont la possibilité de se faire
inscrire sur une liste d'attente [...] L'attribution des places assises est effectuée par le chef de partie ou un
membre du comité de direction, de façon aléatoire »): a player inscribed through the form, the list called at TH-1
by the chef de partie with a player who does not answer, the seats drawn and shown with their seed; at 1366 px and
390 px, axe-checked. Screenshots: var/screenshots/poker-waiting.png, poker-waiting-390.png."""

import datetime

import pytest

from registers.poker_room import draw
from registers.poker_room.waiting.services import waiting_list_add
from tests.conftest import PASSWORD, build_world, make_user
from tests.poker_world import session
from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_lu_49_1_the_chef_de_partie_calls_the_list_and_the_seats_are_drawn_in_a_browser(live_server, browser,  # noqa: F811
                                                                                         shots):  # noqa: F811
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()
    w = build_world()
    w.manager_c = make_user("direction.c", "manager", casino=w.c)
    day = w.c.today() - datetime.timedelta(days=1)
    session(w.c, w.manager_c, day)
    for player in ("Joueur 17", "Clara"):
        waiting_list_add(casino=w.c, actor=w.manager_c, gaming_day=day, player=player)

    page, errors = signed_in(browser, live_server, "compta.c", PASSWORD, locale="fr-FR")
    page.goto(f"{live_server.url}/poker/{w.c.code}/?jour={day.isoformat()}")
    page.locator("[data-testid=waiting-link]").click()
    page.wait_for_url(f"**/poker/{w.c.code}/{day.isoformat()}/attente/")
    page.fill("#id_inscribe-player", "Ben")
    page.locator("[data-testid=submit-inscribe]").click()
    page.wait_for_load_state()
    assert page.locator("[data-testid=waiter]").count() == 3
    page.select_option("#id_call-session", index=1)
    page.fill("#id_call-free_seats", "3, 8")
    page.fill("#id_call-absent", "2")
    page.fill("#id_call-chef_de_partie", "Paul Hoffmann")
    page.locator("[data-testid=submit-call]").click()
    page.wait_for_load_state()
    shown = page.locator("[data-testid=draw]")
    assert shown.count() == 1
    text = shown.inner_text()
    assert "Joueur 17 — place" in text and "Clara — n'a pas répondu" in text and "Ben — place" in text
    seed = page.locator("[data-testid=seed]").inner_text()
    order = ", ".join(map(str, draw.seats_drawn(seed, [3, 8])))
    assert order in text and draw.METHOD in text and "49-1" in page.locator("main").inner_text()
    page.screenshot(path=str(shots / "poker-waiting.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "poker-waiting-390.png"), full_page=True)
    assert not errors, errors
