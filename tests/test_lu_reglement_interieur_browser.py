"""The règlement intérieur's versions and their difference through Debian's chromium (issue 38, point 3): the
Minister's regulator reads La Moselle's three versions (two recorded by the demo's services after the first) and the
difference between the second and the third, each change old → new with the article that delegates it, at 1366 px and
390 px, axe-checked at each screenshot. Screenshots: var/screenshots/reglement-interieur-diff.png,
reglement-interieur-diff-390.png."""

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_lu_49_1_the_regulator_reads_the_versions_and_the_difference_between_two(demo, rules, live_server, browser,  # noqa: F811
                                                                                  shots):  # noqa: F811
    """« Le montant maximum de la recave est fixé par le règlement intérieur » (art. 49-1): the regulator sees each
    version and what changes from one to the next, with the article that leaves each value to the casino."""
    from compliance.models import Casino
    from registers.poker.house_rules import house_rules_versions

    first, second, third = (version.seq for version in house_rules_versions(Casino.objects.get(code="la-moselle")))
    page, errors = signed_in(browser, live_server, "lu.ministere")
    page.goto(f"{live_server.url}/registres/la-moselle/reglement-interieur/?de={second}&a={third}")
    assert page.locator("[data-testid=read-only]").is_visible()
    recave = page.locator("[data-testid=change-recave_maximum]").inner_text()
    assert "2\u202f000,00\xa0€" in recave and "1\u202f500,00\xa0€" in recave and "art. 49-1" in recave
    assert "art. 37-18" in page.locator("[data-testid=change-cases_max_par_joueur]").inner_text()
    assert page.locator("[data-testid=change-egalite]").count() == 0  # offered in both
    for seq in (first, second, third):
        assert page.locator(f"[data-testid=version-{seq}]").is_visible()
    page.screenshot(path=str(shots / "reglement-interieur-diff.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "reglement-interieur-diff-390.png"), full_page=True)
    page.goto(f"{live_server.url}/registres/la-moselle/reglement-interieur/?de={first}&a={second}")
    assert "art. 37-16" in page.locator("[data-testid=change-egalite]").inner_text()
    assert errors == []
