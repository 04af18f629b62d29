"""Issue 36, acceptance of item 1: each demo persona signs in and lands on « À faire », which lists that role's
waiting items of the demo under their headings with their counts (the menu counts them too); one click on an item
opens the page where it is done, and doing it there removes it from the list. Screenshots of each persona's home at
1366 px and 390 px wide: home-<username>-1366.png, home-<username>-390.png."""

import re

import pytest

from compliance.demo import USERS
from compliance.models import User
from compliance.todo import grouped, section_counts, tasks_for
from tests import test_browser

browser, shots = test_browser.browser, test_browser.shots  # the same fixtures: Debian's chromium, the shots' folder

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (1366, 390)


def _expected(username: str) -> dict[str, int]:
    user = User.objects.select_related("casino__jurisdiction", "jurisdiction").get(username=username)
    return {group.heading: group.count for group in grouped(tasks_for(user))}


def _sign_in(browser, live_server, username: str, width: int = 1366):
    return test_browser.signed_in(browser, live_server, username, viewport={"width": width, "height": 900})


def _shown(page) -> dict[str, int]:
    """The headings of the home and their counts, as the page shows them."""
    shown = {}
    for group in page.locator("[data-testid=todo-group]").all():
        heading = group.get_attribute("data-heading")
        shown[heading] = shown.get(heading, 0) + int(group.locator("[data-testid=todo-count]").inner_text())
    return shown


def _item(page, key_prefix: str):
    return page.locator(f"[data-testid=todo-item][data-key^='{key_prefix}']")


def _home(page, live_server):
    page.goto(f"{live_server.url}/tableau-de-bord/")


COUNTS = {}  # username → {heading: count}, as the demo's homes showed them (printed at the end of the test)


def test_each_persona_lands_on_its_work_with_the_demo_s_counts_at_both_widths(demo, rules, live_server, browser,
                                                                               shots):
    for spec in USERS:
        username = spec.username
        expected = _expected(username)
        assert expected, f"{username}: the demo leaves nothing waiting"
        for width in WIDTHS:
            page, errors = _sign_in(browser, live_server, username, width)
            assert page.locator("h1").inner_text() == "À faire"
            assert _shown(page) == expected, username
            assert page.locator("[data-testid=todo-empty]").count() == 0
            if width == 1366:  # the menu's counts, beside each item of the menu
                user = User.objects.get(username=username)
                for section, count in section_counts(tasks_for(user)).items():
                    badge = page.locator(f"[data-testid='nav-count-{section}']")
                    if badge.count():
                        assert badge.inner_text() == str(count), (username, section)
                assert page.locator("main").get_by_text("Vérifier la chaîne de traitement").count() == 0
            # at 390 px the page does not scroll sideways
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (username, width)
            page.screenshot(path=shots / f"home-{username}-{width}.png", full_page=True)
            assert errors == [], (username, errors)
            page.close()
        COUNTS[username] = expected
    print("\nThe demo's « À faire », per persona:")
    for username, groups in COUNTS.items():
        print(f"  {username}: {sum(groups.values())} — " + "; ".join(f"{h} {n}" for h, n in groups.items()))


def test_the_manager_countersigns_from_the_home_and_the_filing_leaves_the_list(demo, rules, live_server, browser):
    page, errors = _sign_in(browser, live_server, "lu.direction")
    items = page.locator("[data-testid=todo-group][data-heading='Contresignatures qui vous attendent'] "
                         "[data-testid=todo-item]")
    assert items.count() == 3  # the demo's three filings waiting for a countersignature
    key = items.first.get_attribute("data-key")
    pk = key.split(":")[1]
    items.first.locator("[data-testid=todo-link]").click()
    page.wait_for_url(f"**/registres/la-moselle/**#pending-{pk}")
    page.locator(f"[data-testid=pending-{pk}] button[type=submit]").click()
    page.wait_for_load_state()
    _home(page, live_server)
    assert _item(page, key).count() == 0
    assert page.locator("[data-testid=todo-group][data-heading='Contresignatures qui vous attendent'] "
                        "[data-testid=todo-item]").count() == 2
    assert errors == [], errors
    page.close()


def test_the_cashier_explains_a_day_s_findings_from_the_home_and_the_day_leaves_the_list(demo, rules, live_server,
                                                                                          browser):
    page, errors = _sign_in(browser, live_server, "qc.caissier")
    day = _item(page, "findings-open:").first
    key = day.get_attribute("data-key")
    day.locator("[data-testid=todo-link]").click()
    page.wait_for_url("**/rapprochements/lac-bleu/*/#findings")
    while page.locator("form[data-testid^=explain-]").count():
        form = page.locator("form[data-testid^=explain-]").first
        form.locator("textarea").fill("Écart vérifié au coffre avec le chef de partie.")
        form.locator("button[type=submit]").click()
        page.wait_for_load_state()
    _home(page, live_server)
    assert _item(page, key).count() == 0
    assert errors == [], errors
    page.close()


def test_the_manager_accepts_an_explanation_from_the_home(demo, rules, live_server, browser):
    page, errors = _sign_in(browser, live_server, "qc.direction")
    item = _item(page, "finding-explained:").first
    key = item.get_attribute("data-key")
    pk = key.split(":")[1]
    item.locator("[data-testid=todo-link]").click()
    page.wait_for_url(f"**/rapprochements/lac-bleu/*/#constat-{pk}")
    page.locator(f"form[data-testid=accept-{pk}] button[type=submit]").click()
    page.wait_for_load_state()
    _confirm_if_asked(page)
    _home(page, live_server)
    assert _item(page, key).count() == 0
    assert errors == [], errors
    page.close()


def _confirm_if_asked(page):
    """A decision restated before it is recorded (issue 36 item 4): its confirmation, when the page asks for it."""
    confirm = page.locator("[data-testid^=confirm] button[type=submit], button[data-testid^=confirm]")
    if confirm.count():
        confirm.first.click()
        page.wait_for_load_state()


def test_the_regulator_acknowledges_a_notice_from_the_home_and_it_leaves_the_list(demo, rules, live_server,
                                                                                   browser):
    page, errors = _sign_in(browser, live_server, "mc.commission")
    column = page.locator("[data-testid=todo-casino][data-casino=les-rochers]")
    assert column.count() == 1  # each casino of the jurisdiction in its own column
    item = column.locator("[data-testid=todo-item][data-key^='approval:']").first
    key = item.get_attribute("data-key")
    item.locator("[data-testid=todo-link]").click()
    page.wait_for_url("**/approbations/LES-ROCHERS-*/")
    form = page.locator("[data-testid=form-decider]")
    form.locator("[name=decider-decision][value=accuser_reception]").check()
    form.locator("[data-testid=submit-decider]").click()
    page.wait_for_load_state()
    _confirm_if_asked(page)
    assert "Réception accusée" in page.locator("[data-testid=state]").first.inner_text()
    _home(page, live_server)
    assert _item(page, key).count() == 0
    assert errors == [], errors
    page.close()


def test_the_administrator_retries_a_failed_job_from_the_home_and_finds_the_admin(demo, rules, live_server,
                                                                                   browser):
    page, errors = _sign_in(browser, live_server, "admin")
    assert page.locator("[data-testid=admin-link]").get_attribute("href") == "/admin/"
    item = _item(page, "job-failed:").first
    key = item.get_attribute("data-key")
    item.locator("[data-testid=todo-link]").click()
    page.wait_for_url(re.compile(r".*/traitements/[0-9a-f-]+/#retry$"))
    page.locator("[data-testid=retry-submit]").click()
    page.wait_for_load_state()
    _home(page, live_server)
    assert _item(page, key).count() == 0
    page.locator("[data-testid=admin-link]").click()
    page.wait_for_url("**/admin/")
    assert errors == [], errors
    page.close()
