"""Issue 36, item 7 in a browser: the header's search box typed into at 1366 px leads to what was typed, at 390 px its
icon leads to the search page, which does not scroll sideways; the folded regulated values open a theme from their
contents; the filters show what they kept. Screenshots go to var/screenshots (search-*.png, values-*.png)."""

import pytest

from registers.models import Card
from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}}


def _no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_header_search_finds_a_card_and_a_number_on_a_desk_and_a_phone(demo, rules, live_server, browser,  # noqa: F811
                                                                            shots):  # noqa: F811
    card = Card.objects.filter(casino__code="la-moselle").order_by("number").first()
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.fill("#header-q", card.number)
    page.press("#header-q", "Enter")
    page.wait_for_url(f"**/cartes/{card.number}/")
    page.fill("#header-q", "7")
    page.press("#header-q", "Enter")
    page.wait_for_url("**/recherche/?q=7")
    kinds = page.locator("[data-testid=search-exact] [data-testid=search-hit]").evaluate_all(
        "hits => hits.map(hit => hit.dataset.kind)")
    assert "Écriture de registre" in kinds and "Demande d'approbation" in kinds
    page.screenshot(path=shots / "search-1366.png", full_page=True)
    assert errors == []

    phone, errors = signed_in(browser, live_server, "lu.ministere", **PHONE)
    assert not phone.locator("#header-q").is_visible()
    phone.click("[data-testid=header-search-link]")
    phone.wait_for_url("**/recherche/")
    phone.fill("#search-page-q", "Weber")
    phone.press("#search-page-q", "Enter")
    phone.wait_for_url("**/recherche/?q=Weber")
    assert phone.locator("[data-testid=search-hit]").count() >= 1
    assert _no_sideways_scroll(phone)
    phone.screenshot(path=shots / "search-390.png", full_page=True)
    assert errors == []


def test_the_values_are_folded_and_a_theme_opens_from_the_contents(demo, rules, live_server, browser,  # noqa: F811
                                                                   shots):  # noqa: F811
    page, errors = signed_in(browser, live_server, "lu.caissier")
    page.goto(f"{live_server.url}/regles/valeurs/")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 6000, height  # was 23,000 px: every theme folded under the contents
    page.screenshot(path=shots / "values-folded-1366.png", full_page=True)
    page.click("[data-testid=value-themes] a[href*='theme=lu.orphelins']")
    page.wait_for_url("**theme=lu.orphelins**")
    assert page.locator("[data-testid=value-group-lu-orphelins]").get_attribute("open") is not None
    page.select_option("#id_juridiction", "QC")
    page.click("[data-testid=value-filter] button[type=submit]")
    page.wait_for_url("**juridiction=QC**")
    assert "<code>lu." not in page.content()
    assert errors == []
    phone, errors = signed_in(browser, live_server, "lu.caissier", **PHONE)
    phone.goto(f"{live_server.url}/regles/valeurs/?q=orphelins")
    assert _no_sideways_scroll(phone)
    phone.screenshot(path=shots / "values-390.png", full_page=True)
    phone.goto(f"{live_server.url}/rapports/?kind=approval_decision&start=pas-une-date")
    assert phone.locator("[data-field-error=start]").is_visible()
    phone.screenshot(path=shots / "reports-filter-390.png", full_page=True)
    phone.goto(f"{live_server.url}/poker/la-moselle/?constats=1")
    assert phone.locator("[data-testid=day-findings]").count() >= 1
    phone.screenshot(path=shots / "poker-days-findings-390.png", full_page=True)
    assert errors == []
