"""In a browser: the demo's regulator opens Casino du Vieux-Pont's cards register, follows its archived year, reads an
entry there and exports the year; the casino's manager does the same for his own. Screenshots go to
var/screenshots."""

import datetime

import pytest
from django.urls import reverse

from registers.models import Card
from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_regulator_and_the_manager_open_the_demos_archived_year(demo, live_server, browser, shots):  # noqa: F811
    year = datetime.date.today().year - 1
    for username, shot in (("lu.ministere", "archive-year-regulator.png"),
                           ("vieux-pont.direction", "archive-year-manager.png")):
        page, errors = signed_in(browser, live_server, username)
        page.goto(f"{live_server.url}/registres/vieux-pont/cartes/")
        assert str(year) in page.locator("[data-testid=archives]").inner_text()
        page.screenshot(path=shots / shot.replace("year", "links"))
        page.click(f"[data-testid=archive-{year}]")
        page.wait_for_url(f"**/registres/vieux-pont/cartes/archives/{year}/")
        assert f"Année {year} archivée" in page.locator(".breadcrumb").inner_text()
        assert "lecture seule" in page.locator("[data-testid=archived-notice]").inner_text()
        rows = page.locator("[data-testid=entries] tbody tr")
        assert rows.count() == 100
        rows.first.locator("summary").click()
        assert '"card"' in rows.first.locator("pre").inner_text()  # the entry's content, as it was chained
        with page.expect_download() as download:
            page.click("[data-testid=export-csv]")
        assert download.value.suggested_filename == f"cartes-vieux-pont-{year}.csv"
        page.screenshot(path=shots / shot, full_page=False)
        assert errors == []
        page.close()


def test_a_cards_history_goes_on_into_the_archived_year(demo, live_server, browser, shots):  # noqa: F811
    year = datetime.date.today().year - 1
    card = Card.objects.filter(casino__code="vieux-pont", kind="nominative").order_by("pk").first()
    page, errors = signed_in(browser, live_server, "vieux-pont.direction")
    page.goto(live_server.url + reverse("cards-card", kwargs={"number": card.number}))
    badges = page.locator("[data-testid=history-archived]")
    assert badges.count() > 0 and f"{year}" in badges.first.inner_text()
    badges.first.scroll_into_view_if_needed()
    page.screenshot(path=shots / "card-history-archived.png", full_page=False)
    seq = badges.first.locator("xpath=following-sibling::a").inner_text()
    badges.first.locator("xpath=following-sibling::a").click()
    page.wait_for_url(f"**/registres/vieux-pont/cartes/archives/{year}/?avant={int(seq) + 1}")
    assert page.locator("[data-testid=entries] tbody tr").first.locator("td").first.inner_text().strip() == seq
    assert errors == []
    page.close()
