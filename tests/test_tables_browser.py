"""The table games' pages in Debian's chromium: a Luxembourg casino's pit view of today (open tables with their limits
and float, a voided fill struck through, a closed and counted table with its win and hold, the totals) and the hold
of each table over twelve months as a chart with its axes. Screenshots: var/screenshots/tables-pit.png and
var/screenshots/tables-hold-chart.png."""

import datetime
import random
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from registers.models import TableSession
from registers.tables.selectors import month_start
from registers.tables.services import (
    drop_count,
    limits_change,
    session_close,
    session_open,
    slip_file,
    slip_void,
    table_create,
)
from tests.a11y import PHONE
from tests.conftest import PASSWORD, build_world, make_user
from tests.tables_world import COUNTED, SIGNED, SLIP_SIGNED
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import signed_in as browser_signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LUXEMBOURG = ZoneInfo("Europe/Luxembourg")
FLOAT = {"500": 4, "100": 10, "25": 40}  # 2,000 + 1,000 + 1,000 = 4,000
TABLES = (("HC-01", "lu.holdem_casino", "Poker de contrepartie", "10", "1000"),
          ("HC-02", "lu.holdem_casino", "Poker de contrepartie", "25", "1250"),
          ("BT-01", "lu.bataille", "Bataille", "10", "300"),
          ("BT-02", "lu.bataille", "Bataille", "5", "250"))


class Filing:
    """Files as the casino did on each day: the clock set to that evening (a filing is never late), the serials
    following each other within the year."""

    def __init__(self, w):
        self.w, self.serials = w, {}

    def at(self, day: datetime.date):
        return mock.patch.object(timezone, "now", return_value=datetime.datetime.combine(
            day, datetime.time(21, 30), tzinfo=LUXEMBOURG))

    def serial(self, day: datetime.date) -> int:
        self.serials[day.year] = self.serials.get(day.year, 0) + 1
        return self.serials[day.year]

    def slip(self, session, kind: str, hundreds: int):
        return slip_file(session=session, actor=self.w.accountant_c, kind=kind, serial=self.serial(session.gaming_day),
                         amount=f"{hundreds * 100}.00", denominations={"100": hundreds}, signatures=SLIP_SIGNED)

    def open(self, table, day, minimum, maximum):
        return session_open(table=table, actor=self.w.manager_c, gaming_day=day, minimum=minimum, maximum=maximum,
                            denominations=FLOAT, signatures=SIGNED, float_amount="4000")

    def close_and_count(self, session, drop_hundreds: int):
        session_close(session=session, actor=self.w.accountant_c, denominations=FLOAT, signatures=SIGNED)
        drop_count(session=session, actor=self.w.accountant_c, amount=f"{drop_hundreds * 100}.00",
                   denominations={"100": drop_hundreds}, signatures=COUNTED)


def history(w, today: datetime.date):
    """Four tables in two pits; eleven past months with one counted session of each table (BT-02 idle for two of
    them), holds between about 8 % and 30 %; and today: HC-01 open with a fill voided, HC-02 closed and counted,
    BT-01 open, BT-02 not opened."""
    filing, dice = Filing(w), random.Random(15)
    tables = {}
    with filing.at(today - datetime.timedelta(days=400)):
        for number, game, pit, *_limits in TABLES:
            tables[number] = table_create(casino=w.c, actor=w.manager_c, game=game, number=number, pit=pit)
    for back in range(11, 0, -1):
        day = month_start(today, back) + datetime.timedelta(days=9)
        with filing.at(day):
            for number, _game, _pit, minimum, maximum in TABLES:
                if number == "BT-02" and back in (7, 6):
                    continue
                session = filing.open(tables[number], day, minimum, maximum)
                fills = dice.randint(60, 90)
                filing.slip(session, "approvisionnement", fills)
                filing.slip(session, "credit", dice.randint(2, 8))
                filing.close_and_count(session, fills + dice.randint(8, 30))
    with filing.at(today):
        hc1 = filing.open(tables["HC-01"], today, "10", "1000")
        wrong = filing.slip(hc1, "approvisionnement", 10)
        slip_void(slip=wrong, actor=w.manager_c, countersigner=w.cashier2_c, reason="Saisi à la mauvaise table")
        filing.slip(hc1, "approvisionnement", 5)
        filing.slip(hc1, "credit", 2)
        hc2 = filing.open(tables["HC-02"], today, "25", "1250")
        filing.slip(hc2, "approvisionnement", 20)
        filing.close_and_count(hc2, 26)
        bt1 = filing.open(tables["BT-01"], today, "10", "300")
        filing.slip(bt1, "approvisionnement", 3)


def signed_in(browser, live_server, username: str):  # noqa: F811 (the fixture, passed on)
    return browser_signed_in(browser, live_server, username, PASSWORD, viewport={"width": 1440, "height": 900},
                             locale="fr-FR")


def test_the_pit_view_and_the_hold_chart_in_a_browser(live_server, browser, shots):  # noqa: F811 (the fixtures)
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()
    w = build_world()
    w.manager_c = make_user("direction.c", "manager", casino=w.c)
    w.cashier2_c = make_user("compta2.c", "accountant", casino=w.c)
    today = w.c.today()
    history(w, today)
    # HC-01's maximum raised during the séance (LU RGD 1979 art. 37-11: « Il peut être modifié en cours de séance sous
    # réserve de l'indiquer clairement sur l'affichage de la table »): the pit shows the limits in force now
    hc1 = TableSession.objects.get(table__casino=w.c, table__number="HC-01", gaming_day=today)
    with Filing(w).at(today):
        limits_change(session=hc1, actor=w.manager_c, minimum="10", maximum="2000",
                      decided_by="Directeur responsable", displayed=True)

    page, errors = signed_in(browser, live_server, "direction.c")
    page.locator("nav.app-sidebar >> text=Tables et salle de poker").click()
    page.wait_for_url("**/tables/")
    main = page.locator("main")
    text = main.inner_text()
    for expected in ("Tables de jeu", "Îlot Bataille", "Îlot Poker de contrepartie", "maximum par case",
                     "LU RGD 1979 art. 37-11", "Aucune séance cette journée.", "Résultat courant", "Total de l'îlot"):
        assert expected in text, expected
    assert "€" in main.locator("[data-testid=total-win]").inner_text()
    assert main.locator("del").count() >= 1  # the voided fill, struck through
    hc2 = main.locator("tr", has=page.locator("a", has_text="HC-02"))
    assert hc2.locator("[data-testid=hold]").inner_text() == "23,08 %"
    assert main.locator("[data-testid=form-open]").is_visible() and main.locator("[data-testid=form-table]").count()
    raised = main.locator(f"[data-testid=session-{hc1.pk}] [data-testid=limits-now]").inner_text()
    assert "2\u202f000,00" in raised and "depuis" in raised, raised
    page.screenshot(path=str(shots / "tables-pit.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / "tables-pit-390.png"), full_page=True)
    page.set_viewport_size({"width": 1440, "height": 900})

    page.locator("[data-testid=trends-link]").click()
    page.wait_for_url("**/tendances/")
    chart = page.locator("[data-testid=hold-chart]")
    assert chart.is_visible()
    assert chart.locator("[data-testid=x-tick]").count() == 12
    assert chart.locator("[data-testid=series]").count() == 5  # four tables and the casino
    assert "Hold (% du drop)" in chart.inner_html() and "Mois (journées de jeu)" in chart.inner_html()
    page.screenshot(path=str(shots / "tables-hold-chart.png"), full_page=True)
    assert page.locator("[data-testid=trend-month]").count() == 12

    page.goto(f"{live_server.url}/tables/{w.c.code}/")
    page.locator("a", has_text="HC-01").first.click()
    page.wait_for_url("**/seances/*/")
    assert page.locator("[data-testid=voided]").is_visible() and page.locator("[data-testid=form-slip]").is_visible()
    page.screenshot(path=str(shots / "tables-session.png"), full_page=True)
    assert errors == [], errors  # no CSP violation (no inline style in the chart)

    regulator, errors = signed_in(browser, live_server, "ministere.lu")
    regulator.goto(f"{live_server.url}/tables/{w.c.code}/")
    assert regulator.locator("[data-testid=read-only]").is_visible()
    assert regulator.locator("[data-testid^=form-]").count() == 0  # no form to file anything
    assert errors == [], errors
