"""A tournament's pages in Debian's chromium, at a Monaco casino: a tournament played to its end with a house change to
the ROPTA, a chip race at T1, two players out on one deal at T1, and two out on the same deal at two tables on the
bubble, tied for 3rd. The management reads its page (rules, structure, money, standing with the tie, chip race,
entries, register), then anyone reads its public page without signing in. Screenshots:
var/screenshots/tournament-list.png (the list and the form to set one up), tournament-page.png,
tournament-running.png (another, still running, with the management's forms), tournament-public.png."""

import pytest

from registers.tournaments.services import chip_race_record
from tests.conftest import PASSWORD, build_world, make_casino, make_user
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import signed_in as browser_signed_in
from tests.tournament_world import out, started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MANAGER = "direction.m"
PLAYERS = ["Ana", "Tom", "Eva", "Luc", "Marc", "Sara", "Nina"]
HOUSE = ["Pas de pause avant la fin du niveau 4.", "Un joueur absent à l'appel de sa table a 15 minutes pour s'y "
         "asseoir."]


def the_tournament(w):
    """Casino M's tournament, over: Ana wins, Nina 2nd, Eva and Tom tied for 3rd."""
    w.m = make_casino("casino-m", "MC")
    manager = make_user(MANAGER, "manager", casino=w.m)
    cashier = make_user("caisse.m", "accountant", casino=w.m)
    tournament = started(w.m, manager, cashier, PLAYERS, minutes_ago=100, house_changes=HOUSE)
    seat = {entry.player: entry.number for entry in tournament.entries.all()}
    out(tournament, manager, "T2-40", (seat["Sara"], "T2", 3000), minutes_ago=40)
    chip_race_record(tournament=tournament, actor=manager, table="T1", old_value=100, new_value=500,
                     odd_chips={"Ana": 3, "Tom": 3, "Eva": 2}, cards={"Ana": "As 2c 3d", "Tom": "Ah Kd 4c",
                                                                      "Eva": "Ks 5h"},
                     left={"Ana": 5000, "Tom": 5000, "Eva": 5000})
    out(tournament, manager, "T1-52", (seat["Luc"], "T1", 5000), (seat["Marc"], "T1", 9000), minutes_ago=20)
    out(tournament, manager, "MPM-3", (seat["Eva"], "T1", 7000), (seat["Tom"], "T2", 12000), minutes_ago=10)
    out(tournament, manager, "TF-88", (seat["Nina"], "T1", 30000), minutes_ago=1)
    tournament.refresh_from_db()
    w.running = started(w.m, manager, cashier, PLAYERS[:4], minutes_ago=30, name="Tournoi du vendredi")
    return tournament


def test_a_finished_tournament_s_page_and_its_public_page(live_server, browser, shots):  # noqa: F811 (the fixtures)
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()
    w = build_world()
    tournament = the_tournament(w)

    page, errors = browser_signed_in(browser, live_server, MANAGER, PASSWORD, viewport={"width": 1440, "height": 900},
                                     locale="fr-FR")
    page.locator("nav.app-sidebar >> text=Tournois").click()
    page.wait_for_url("**/tournois/")
    assert page.locator("[data-testid=form-create]").is_visible()  # the management sets tournaments up
    page.screenshot(path=str(shots / "tournament-list.png"), full_page=True)
    page.locator(f"[data-testid=tournament][data-slug='{tournament.slug}'] a").click()
    page.wait_for_url(f"**/tournois/{w.m.code}/{tournament.slug}/")
    assert page.locator("[data-testid=state]").first.inner_text() == "Terminé, lots à payer"
    tied = page.locator("[data-testid=standing] [data-testid=place][data-tied='2']")
    assert tied.count() == 2 and "3e ex aequo" in tied.first.inner_text().replace("\n", " ")
    assert page.locator("[data-testid=house-change]").count() == 2
    race = page.locator("[data-testid=chip-race]")
    assert race.count() == 1 and "Ana" in race.inner_text() and "Tom" in race.inner_text()
    assert page.locator("[data-testid=form-pay]").is_visible() and page.locator("[data-testid=form-close]").is_visible()
    assert page.locator("[data-testid=register-entry]").count() >= 10
    page.screenshot(path=str(shots / "tournament-page.png"), full_page=True)

    page.goto(f"{live_server.url}/tournois/{w.m.code}/{w.running.slug}/")  # running: the management's forms
    for form in ("sell", "out", "chip_race", "finish"):
        assert page.locator(f"[data-testid=form-{form}]").is_visible(), form
    assert page.locator("[data-testid=level-2][aria-current=step]").is_visible()
    page.screenshot(path=str(shots / "tournament-running.png"), full_page=True)
    page.go_back()

    public_url = page.locator("[data-testid=public-link]").get_attribute("href")
    visitor = browser.new_page(viewport={"width": 1440, "height": 900}, locale="fr-FR")
    visitor_errors = []
    visitor.on("console", lambda msg: msg.type == "error" and visitor_errors.append(msg.text))
    visitor.goto(f"{live_server.url}{public_url}")
    assert visitor.locator("[data-testid=casino]").inner_text().lower() == w.m.name.lower()
    results = visitor.locator("[data-testid=results] [data-testid=place]")
    assert results.count() == 4 and "Ana" not in visitor.locator("main").inner_text()
    assert visitor.locator("nav.app-sidebar").count() == 0  # nobody signed in
    visitor.screenshot(path=str(shots / "tournament-public.png"), full_page=True)
    assert errors == [] and visitor_errors == [], (errors, visitor_errors)
