"""The poker room's pages in Debian's chromium, at a Luxembourg room like the demo's: yesterday's two tables (TH-1
hold'em no-limit with its bad-beat drop, OM-1 Omaha pot-limit), their deals imported, a few over-raked by the room's
system, the cagnotte counted short at OM-1, the day reconciled. Screenshots: var/screenshots/poker-day.png,
poker-hands.png, poker-hand.png (a showdown with side pots and a split), poker-hand-flagged.png, poker-refused.png,
poker-day-regulator.png."""

import datetime

import pytest

from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from games.poker.simulator import overraked
from registers.chain.services import pending_countersign
from registers.house_lists.services import station_add
from registers.poker.services import cagnotte_file
from registers.poker_room.imports import hands_import
from tests.conftest import PASSWORD, build_world, make_user
from tests.poker_world import cents, hands, ohh_file, session
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import signed_in as browser_signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BAD_BEAT = {"kind": "pourcentage", "value": "1", "rounding": "inferieur", "minimum_pot": "20"}
OVERRAKED = (10, 40, 80)


def the_room(w, day: datetime.date):
    """Yesterday's room at casino C, as the demo fills La Moselle's."""
    w.manager_c = make_user("direction.c", "manager", casino=w.c)
    for table in ("TH-1", "OM-1", "TH-2"):  # the room's tables, as the management keeps them
        station_add(casino=w.c, actor=w.manager_c, kind="table_poker", name=table)
    th1 = session(w.c, w.manager_c, day, bad_beat=BAD_BEAT)
    om1 = session(w.c, w.manager_c, day, table="OM-1", variant=deal.OMAHA, version=deal.POT_LIMIT, minimum="4",
                  small="2", big="4")
    w.th1 = [overraked(one, 100) if index in OVERRAKED else one for index, one in enumerate(hands(th1, 120, seed=13))]
    w.om1 = hands(om1, 120, seed=6)
    dealt = sorted(w.th1 + w.om1, key=lambda one: one.started_at)
    hands_import(casino=w.c, actor=w.accountant_c, source=ohh_file(dealt), name="salon-c.ohh.json")
    for table, dealt, short in (("TH-1", w.th1, 0), ("OM-1", w.om1, 2000)):
        rake = sum(pot.rake for one in dealt for pot in one.pots)
        bad_beat = sum(pot.bad_beat for one in dealt for pot in one.pots)
        pending_countersign(pending=cagnotte_file(
            casino=w.c, actor=w.accountant_c, gaming_day=day, table=table, house=str(cents(rake - short)),
            bad_beat=str(cents(bad_beat)), box_count=str(cents(rake - short + bad_beat)), currency=w.c.currency),
            countersigner=w.manager_c)
    reconciliation_run(casino=w.c, gaming_day=day, actor=w.accountant_c)


def signed_in(browser, live_server, username: str):  # noqa: F811 (the fixture, passed on)
    return browser_signed_in(browser, live_server, username, PASSWORD, viewport={"width": 1440, "height": 900},
                             locale="fr-FR")


def test_the_room_s_day_and_a_deal_replayed_in_a_browser(live_server, browser, shots):  # noqa: F811 (the fixtures)
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()
    w = build_world()
    day = w.c.today() - datetime.timedelta(days=1)
    the_room(w, day)

    page, errors = signed_in(browser, live_server, "direction.c")
    page.locator("nav.app-sidebar >> text=Salon de poker").click()
    page.wait_for_url("**/poker/")
    main = page.locator("main")
    text = main.inner_text()
    for expected in ("Salon de poker", "Table TH-1", "Table OM-1", "Texas hold'em no-limit", "Omaha pot-limit",
                     "Retenue recalculée", "Cagnotte comptée", "Retenue déclarée ≠ retenue recalculée",
                     "Retenues des mains ≠ cagnotte comptée", "Ouvrir une séance", "Importer des mains"):
        assert expected in text, expected
    assert main.locator("[data-testid=total-hands]").inner_text() == "240"
    assert main.locator("[data-testid=total-variance]").inner_text() == "3,00\u00a0€"
    om1 = main.locator("[data-testid=table-om-1]")
    assert om1.locator("[data-testid=count-variance]").inner_text() == "20,00\u00a0€"
    assert main.locator("[data-testid=table-th-1] [data-testid=flagged]").inner_text() == "3"
    page.screenshot(path=str(shots / "poker-day.png"), full_page=True)

    page.locator("[data-testid=table-th-1] [data-testid=flagged] a").click()
    page.wait_for_url("**/mains/?table=TH-1&signalees=1")
    assert page.locator("[data-testid=hand]").count() == 3
    page.screenshot(path=str(shots / "poker-hands.png"), full_page=True)
    page.locator("[data-testid=hand] a").first.click()
    page.wait_for_url(f"**/mains/{w.th1[OVERRAKED[0]].number}/")
    assert page.locator("[data-flag=rake_declared]").is_visible()
    assert page.locator("[data-testid=wins] tr.table-danger").count() == 1
    page.screenshot(path=str(shots / "poker-hand-flagged.png"), full_page=True)

    showdown = next(one for index, one in enumerate(w.th1) if index not in OVERRAKED and len(one.pots) > 1
                    and any(len(pot.wins) > 1 for pot in one.pots))  # side pots, and a split with its odd chip
    page.goto(f"{live_server.url}/poker/{w.c.code}/{day.isoformat()}/mains/{showdown.number}/")
    assert page.locator("[data-testid=pot-1]").is_visible() and page.locator("[data-testid=no-flags]").is_visible()
    assert page.locator("[data-testid=board] [data-card]").count() == 5
    assert page.locator("[data-testid=odd-chip]").is_visible()
    red = page.locator("[data-testid=streets] [data-card$=h], [data-testid=streets] [data-card$=d]").first
    assert "text-danger" in red.get_attribute("class")
    page.screenshot(path=str(shots / "poker-hand.png"), full_page=True)

    page.goto(f"{live_server.url}/poker/{w.c.code}/?jour={day.isoformat()}")
    form = page.locator("[data-testid=form-open]")
    form.locator("[name=open-table]").select_option("TH-2")
    form.locator("[name=open-variant]").select_option("holdem")
    form.locator("[name=open-version]").select_option("no_limit")
    for name, value in (("minimum", "10"), ("small_blind", "4"), ("big_blind", "10"), ("rake_rate", "5")):
        form.locator(f"[name=open-{name}]").fill(value)
    form.locator("[data-testid=submit-open]").click()
    page.wait_for_load_state()
    assert page.locator("[data-testid=refused]").is_visible()
    assert "la moitié de la mise minimum" in page.locator("[data-testid=error-small_blind]").inner_text()
    page.locator("[data-testid=form-open]").screenshot(path=str(shots / "poker-refused.png"))
    assert errors == [], errors  # no CSP violation, no missing asset

    regulator, errors = signed_in(browser, live_server, "ministere.lu")
    regulator.goto(f"{live_server.url}/poker/")
    regulator.locator("main a", has_text=w.c.name).first.click()
    regulator.wait_for_url("**/poker/casino-c/")
    assert regulator.locator("[data-testid=read-only]").is_visible()
    assert regulator.locator("[data-testid^=form-]").count() == 0  # nothing to file
    regulator.screenshot(path=str(shots / "poker-day-regulator.png"), full_page=True)
    assert errors == [], errors
