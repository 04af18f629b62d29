"""The direction's register through Debian's chromium (issue 39, point 6; LU RGD 1979 art. 51 § I al. 1 as the draft
words it: « Le directeur responsable ou un membre du comité de direction qui le remplace momentanément doit être
présent en permanence au casino pendant toute la période de fonctionnement des jeux. »): La Moselle's manager reads
the demo's week with its hour nobody covered and writes a presence; the Minister's reader sees the same page without
its forms, on a phone too; the manager corrects a presence, and sees the demo's designation ended early and its
presence set aside. Screenshots: var/screenshots/direction-manager.png, direction-correction.png,
direction-regulator-390.png."""

import datetime

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_lu_51_the_manager_sees_the_uncovered_hour_and_writes_a_presence_the_regulator_reads(  # noqa: F811
        demo, rules, live_server, browser, shots):  # noqa: F811
    from compliance.models import Casino

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    planted = casino.today() - datetime.timedelta(days=3)
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(f"{live_server.url}/direction/la-moselle/?jour={planted.isoformat()}")
    assert page.locator("h1").inner_text().startswith("Registre de la direction")
    gaps = page.locator("[data-testid=gap]")
    assert gaps.count() == 1 and "de 21:00 à 22:00" in gaps.inner_text()
    assert page.locator("[data-testid=member]").count() == 4
    cited = page.locator("[data-testid=citations]").inner_text()
    assert "art. 51 paragraphe I, al. 1, deuxième phrase (projet)" in cited and "art. 18-6 al. 3 (projet)" in cited
    page.screenshot(path=shots / "direction-gap.png", full_page=True)

    page.goto(f"{live_server.url}/direction/la-moselle/")
    today = casino.today()
    page.select_option("#id_presence-member", "Claire Muller")
    page.fill("#id_presence-starts_at", f"{today.isoformat()}T01:00")
    page.fill("#id_presence-ends_at", f"{today.isoformat()}T02:00")
    with page.expect_navigation():
        page.click("[data-testid=submit-presence]")
    assert "Claire Muller" in page.locator("[data-testid=log]").inner_text()
    page.screenshot(path=shots / "direction-manager.png", full_page=True)
    # the presence corrected (arrived at 01:15): a new entry naming it, the log read as corrected; the demo's
    # designation ended early and its presence set aside show beside the entries they change
    wrong = page.locator("#id_correction-duty option", has_text="Claire Muller").first.get_attribute("value")
    page.select_option("#id_correction-duty", wrong)
    page.fill("#id_correction-starts_at", f"{today.isoformat()}T01:15")
    page.fill("#id_correction-ends_at", f"{today.isoformat()}T02:00")
    page.fill("#id_correction-reason", "Arrivée à 1 h 15")
    with page.expect_navigation():
        page.click("[data-testid=submit-correction]")
    assert "corrigée par l'écriture n°" in page.locator("[data-testid=corrected]").first.inner_text()
    assert "fin anticipée, écriture n°" in page.locator("[data-testid=ended]").first.inner_text()
    assert "Inscrite sur la mauvaise journée" in page.locator("[data-testid=aside]").inner_text()
    page.screenshot(path=shots / "direction-correction.png", full_page=True)
    assert errors == []

    reader, reader_errors = signed_in(browser, live_server, "lu.ministere", viewport={"width": 390, "height": 844})
    reader.goto(f"{live_server.url}/direction/la-moselle/")
    assert reader.locator("[data-testid=form-presence]").count() == 0
    assert "Luc Schmit" in reader.locator("[data-testid=committee]").inner_text()
    reader.screenshot(path=shots / "direction-regulator-390.png", full_page=True)
    assert reader_errors == []
