"""In a browser, on a generated month (issue 19): a nominative card's history a hundred lines at a time, older pages
reached by « Plus anciennes » and back to the newest; the cards' list likewise. Screenshots: var/screenshots/
scale-card-history.png, scale-card-history-older.png, scale-cards-list.png."""

from io import StringIO

import pytest
from django.core.management import call_command

from registers.scale.services import PASSWORD
from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_cards_long_history_and_the_cards_list_read_a_page_at_a_time(rules, live_server, browser, shots):  # noqa: F811
    from django.db.models import Count

    from registers.models import Card

    call_command("scale_generate", "--days", "30", "--density", "0.05", stdout=StringIO(), stderr=StringIO())
    card = (Card.objects.filter(casino__code="echelle-1", kind="nominative").annotate(moves=Count("movements"))
            .order_by("-moves").first())
    assert card.moves > 150
    page, errors = signed_in(browser, live_server, "echelle-1.direction", PASSWORD)
    page.goto(f"{live_server.url}/cartes/{card.number}/")
    rows = page.locator("[data-testid=history] tbody tr")
    assert rows.count() == 100
    newest = rows.first.locator("td").last.inner_text()
    page.locator("[data-testid=history-pages]").scroll_into_view_if_needed()
    page.screenshot(path=shots / "scale-card-history.png", full_page=True)
    page.click("[data-testid=history-older]")
    assert "avant=" in page.url and rows.count() > 0
    assert int(rows.first.locator("td").last.inner_text()) < int(rows.last.locator("td").last.inner_text()) \
        or int(rows.first.locator("td").last.inner_text()) < int(newest)
    page.screenshot(path=shots / "scale-card-history-older.png", full_page=True)
    page.click("[data-testid=history-newest]")
    assert rows.first.locator("td").last.inner_text() == newest
    page.goto(f"{live_server.url}/cartes/")
    assert page.locator("[data-testid=cards] tbody tr").count() == 100
    page.click("[data-testid=cards-older]")
    assert page.locator("[data-testid=cards] tbody tr").count() > 0 and "avant=" in page.url
    page.screenshot(path=shots / "scale-cards-list.png", full_page=True)
    assert errors == []
