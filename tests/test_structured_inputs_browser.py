"""The structured inputs in Debian's chromium (issue 36, item 8): a fill counted in the grid, its lines' totals and
the total counted updated as the cashier types, then filed; a pay-table change drafted with the pay-line editor (a
line added, one removed); a late filing's reason shown only once the day typed is past the casino's delay.
Screenshots: var/screenshots/inputs-grid.png, inputs-pay-lines.png, inputs-late-reason.png."""

import datetime
from decimal import Decimal

import pytest

from compliance.approvals.models import ApprovalRequest
from compliance.formatting import money
from registers.house_lists.services import station_add
from registers.models import Slip
from registers.tables.services import session_open, table_create
from tests.conftest import PASSWORD, build_world, make_casino, make_user
from tests.tables_world import SIGNED, SLIP_SIGNED, keep_chips
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import signed_in as browser_signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def signed_in(browser, live_server, username: str):  # noqa: F811 (the fixture, passed on)
    return browser_signed_in(browser, live_server, username, PASSWORD, viewport={"width": 1366, "height": 900},
                             locale="fr-FR")


def test_the_grid_the_pay_lines_and_a_conditional_field_in_a_browser(live_server, browser, shots):  # noqa: F811
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()
    w = build_world()
    w.manager_c = make_user("direction.c", "manager", casino=w.c)
    keep_chips(w.c, w.manager_c, ("2.50", "25", "100", "500"))
    table = table_create(casino=w.c, actor=w.manager_c, game="lu.holdem_casino", number="HC-01", pit="A")
    session = session_open(table=table, actor=w.manager_c, gaming_day=w.c.today(), minimum="10", maximum="500",
                           denominations={"100": 35}, signatures=SIGNED, float_amount="3500")

    def eur(amount):
        return money(Decimal(amount), currency="EUR", jurisdiction=w.c.jurisdiction)

    page, errors = signed_in(browser, live_server, w.accountant_c.username)
    page.goto(f"{live_server.url}/tables/{w.c.code}/seances/{session.pk}/")
    form = page.locator("[data-testid=form-slip]")
    grid = form.locator("[data-testid=grid-slip-denominations]")
    total = form.locator("[data-testid=grid-total-slip-denominations]")
    assert total.inner_text() == eur("0.00")
    form.locator("[name='slip-denominations-100.00']").fill("10")
    assert total.inner_text() == eur("1000.00")  # as one types, no request
    form.locator("[name='slip-denominations-2.50']").fill("3")
    row = grid.locator("tr", has=page.locator("[name='slip-denominations-2.50']"))
    assert row.locator("[data-line-total]").inner_text() == eur("7.50")
    assert total.inner_text() == eur("1007.50")
    form.locator("[name=slip-serial]").fill("1")  # the year's first slip: the book's n°
    form.locator("[name=slip-amount]").fill("1007,50")
    for role, name in SLIP_SIGNED.items():
        form.locator(f"[name=slip-signature_{role}]").fill(name)
    grid.scroll_into_view_if_needed()
    form.screenshot(path=str(shots / "inputs-grid.png"))
    form.locator("[data-testid=submit-slip]").click()
    page.locator("main [role=status]").first.wait_for()
    assert "enregistré au carnet d'avances" in page.locator("main [role=status]").first.inner_text()
    slip = Slip.objects.get(kind="approvisionnement")
    assert slip.amount == Decimal("1007.50") and slip.denominations == {"2.50": 3, "100.00": 10}

    # a late filing's reason appears only for a day past the casino's delay (and the service still requires it)
    station_add(casino=w.c, actor=w.manager_c, kind="table_poker", name="Poker 1")
    page.goto(f"{live_server.url}/registres/{w.c.code}/cagnotte/")
    opener = page.locator("[data-testid=open-forms]")
    if opener.count():
        opener.locator("summary").click()
    reason = page.locator("[name=cagnotte-late_reason]")
    assert not reason.is_visible()
    late = w.c.today() - datetime.timedelta(days=w.c.late_filing_days + 3)
    page.locator("[name=cagnotte-gaming_day]").fill(late.isoformat())
    assert reason.is_visible()
    page.locator("[name=cagnotte-gaming_day]").fill(w.c.today().isoformat())
    assert not reason.is_visible()
    page.locator("[name=cagnotte-gaming_day]").fill(late.isoformat())
    page.locator("[data-testid=form-cagnotte]").screenshot(path=str(shots / "inputs-late-reason.png"))
    assert errors == [], errors

    # the pay-line editor: a Monaco casino's change of its pay table (AM 2007-668 art. 1)
    w.m = make_casino("casino-m", "MC")
    make_user("direction.m", "manager", casino=w.m)
    page, errors = signed_in(browser, live_server, "direction.m")
    page.goto(f"{live_server.url}/approbations/nouvelle/table_de_paiement/")
    form = page.locator("[data-testid=form-brouillon]")
    form.locator("[name=brouillon-table]").select_option("mc.uth.trips")
    positions = form.locator("[name=brouillon-paiements-position]")
    odds = form.locator("[name=brouillon-paiements-cote]")
    shown = positions.count()
    form.locator("[data-testid=add-brouillon-paiements]").click()
    assert positions.count() == shown + 1 and positions.nth(shown).evaluate("e => e === document.activeElement")
    for index, (line, cote) in enumerate((("7", "2 pour 1"), ("9", "1 pour 1"), ("6", "4 à 1"))):
        positions.nth(index).fill(line)
        odds.nth(index).fill(cote)
    form.locator("[data-row]").nth(1).locator("[data-row-remove]").click()  # the 9 was a slip of the pen
    assert positions.count() == shown
    form.locator("[name=brouillon-date_effet]").fill((w.m.today() + datetime.timedelta(days=10)).isoformat())
    form.locator("[name=brouillon-motif]").fill("Le brelan payé 2 pour 1.")
    form.locator("[data-testid=rows-brouillon-paiements]").scroll_into_view_if_needed()
    form.screenshot(path=str(shots / "inputs-pay-lines.png"))
    form.locator("[data-testid=submit-brouillon]").click()
    page.wait_for_url("**/approbations/CASINO-M-*/")
    assert ApprovalRequest.objects.get().items["paiements"] == {"7": "2 pour 1", "6": "4 à 1"}
    assert errors == [], errors
