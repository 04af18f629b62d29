"""The wheel's segment editor and the progressive jackpot's tables, percent and sums in Debian's chromium (issue 36,
item 8), at 1366 px and at 390 px: segments added and removed then published; the linked tables ticked among the
casino's list, the increment's percent shown only for a percentage, the statement's sums one row per table.
Screenshots: var/screenshots/inputs-wheel-<width>.png, inputs-jackpot-<width>.png, inputs-jackpot-sums-<width>.png."""

import json

import pytest

from compliance.approvals.models import WheelPublication
from registers.house_lists.services import station_add
from registers.models import Entry
from tests.conftest import PASSWORD, build_world, make_user
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import signed_in as browser_signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SEGMENTS = [("1 $", "24", "1 à 1"), ("2 $", "15", "2 à 1"), ("5 $", "7", "5 à 1"), ("10 $", "4", "10 à 1"),
            ("20 $", "2", "20 à 1"), ("Joker", "1", "40 à 1"), ("Logo", "1", "40 à 1")]


def _page(browser, live_server, username: str, width: int):  # noqa: F811
    return browser_signed_in(browser, live_server, username, PASSWORD,
                             viewport={"width": width, "height": 900 if width > 500 else 844}, locale="fr-FR")


def _forms_of(page, url: str) -> None:
    """The register's page, its forms (behind their button) opened."""
    page.goto(url)
    opener = page.locator("[data-testid=open-forms]")
    if opener.count():
        opener.locator("summary").first.click()


def _no_sideways(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("width", [1366, 390])
def test_the_wheel_and_the_jackpot_inputs_in_a_browser(live_server, browser, shots, width):  # noqa: F811
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()
    w = build_world()
    w.manager_c = make_user("direction.c", "manager", casino=w.c)
    for table in ("Poker 1", "Poker 2", "Poker 3"):
        station_add(casino=w.c, actor=w.manager_c, kind="table_poker", name=table)

    # the wheel: rows added until every segment has one, a stray one removed, then published
    page, errors = _page(browser, live_server, w.manager_a.username, width)
    page.goto(f"{live_server.url}/approbations/roue/{w.a.code}/publier/")
    editor = page.locator("[data-testid=rows-publier-segments]")
    add = page.locator("[data-testid=add-publier-segments]")
    for _ in range(len(SEGMENTS) + 1 - editor.locator("tbody tr").count()):
        add.click()
    rows = editor.locator("tbody tr")
    for index, cells in enumerate(SEGMENTS):
        for name, value in zip(("symbole", "parties", "cote"), cells, strict=True):
            rows.nth(index).locator(f"[name=publier-segments-{name}]").fill(value)
    rows.nth(len(SEGMENTS)).locator("[data-row-remove]").click()  # the row left over
    assert editor.locator("tbody tr").count() == len(SEGMENTS)
    _no_sideways(page)
    page.screenshot(path=str(shots / f"inputs-wheel-{width}.png"), full_page=True)
    page.locator("[data-testid=submit-publier]").click()
    page.wait_for_url(f"**/approbations/roue/public/{w.a.code}/")
    assert WheelPublication.objects.get().report["segments"] == 54
    assert errors == [], errors
    page.close()

    # the progressive jackpot: tables ticked, the increment's percent shown for a percentage only
    page, errors = _page(browser, live_server, w.manager_c.username, width)
    _forms_of(page, f"{live_server.url}/registres/{w.c.code}/jackpot_progressif/")
    form = page.locator("[data-testid=form-configure]")
    percent = form.locator("[name=configure-increment_percent]")
    amount = form.locator("[name=configure-increment_value]")
    form.locator("[name=configure-increment_kind]").select_option("fixe")
    assert amount.is_visible() and not percent.is_visible()
    form.locator("[name=configure-increment_kind]").select_option("pourcentage")
    assert percent.is_visible() and not amount.is_visible()
    form.locator("[name=configure-name]").fill("Hold'em 1-2")
    form.locator("input[name=configure-tables][value='Poker 1']").check()
    form.locator("input[name=configure-tables][value='Poker 2']").check()
    form.locator("[name=configure-small_blind]").fill("1")
    form.locator("[name=configure-big_blind]").fill("2")
    form.locator("[name=configure-level_1_start]").fill("500")
    form.locator("[name=configure-level_2_start]").fill("200")
    form.locator("[name=configure-level_3_start]").fill("50")
    percent.fill("1,5")
    _no_sideways(page)
    form.screenshot(path=str(shots / f"inputs-jackpot-{width}.png"))
    form.locator("[data-testid=submit-configure]").click()
    page.locator("main [role=status]").first.wait_for()
    payload = json.loads(Entry.objects.get(kind="jackpot.configuration").payload)
    assert payload["tables"] == ["Poker 1", "Poker 2"] and payload["increment"]["value"] == "1.50"
    assert errors == [], errors
    page.close()

    # the statement: one row per linked table, its table chosen, its sum typed
    page, errors = _page(browser, live_server, w.accountant_c.username, width)
    _forms_of(page, f"{live_server.url}/registres/{w.c.code}/jackpot_progressif/")
    sums = page.locator("[data-testid=rows-statement-increments]")
    tables = sums.locator("select[name=statement-increments-table]")
    assert [tables.nth(i).input_value() for i in range(2)] == ["Poker 1", "Poker 2"]
    amounts = sums.locator("[name=statement-increments-montant]")
    amounts.nth(0).fill("12,40")
    amounts.nth(1).fill("0")
    for level, value in ((1, "742,10"), (2, "260"), (3, "81,20")):
        page.locator(f"[name=statement-displayed_{level}]").fill(value)
    _no_sideways(page)
    page.locator("[data-testid=form-statement]").screenshot(path=str(shots / f"inputs-jackpot-sums-{width}.png"))
    page.locator("[data-testid=submit-statement]").click()
    page.locator("main [role=status]").first.wait_for()
    statement = json.loads(Entry.objects.get(kind="jackpot.releve").payload)
    assert statement["increments"] == {"Poker 1": "12.40", "Poker 2": "0.00"}
    assert errors == [], errors
    page.close()
