"""A reconciled day in a browser: the accountant explains a finding from the day's page, the manager accepts it;
the page shows each finding with its rule, its variance and its state. The screenshot goes to
var/screenshots/reconciliation-day.png."""

import pytest

from compliance.reconciliation.services import finding_explain, reconciliation_run
from tests.conftest import PASSWORD
from tests.reconciliation_world import DAY, lu_day, slip_inserted, world_for_reconciliation
from tests.tables_world import FLOAT, close, fill, lu_table, open_lu
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import signed_in as browser_signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def signed_in(browser, live_server, username: str):  # noqa: F811 (the fixture, passed on)
    return browser_signed_in(browser, live_server, username, PASSWORD)


def test_a_day_s_findings_are_explained_and_accepted_from_its_page(live_server, browser, shots, world_tx,  # noqa: F811
                                                                   rules):
    w = world_for_reconciliation(world_tx)
    lu_day(w, lu_table(w), DAY, serial=41, closing={"100": 21, "25": 40, "5": 100})  # the float not restored
    counted_by_one = open_lu(w, lu_table(w, number="HC-02"), DAY)
    fill(w, counted_by_one, 42, {"100": 5})
    slip_inserted(counted_by_one, "credit", "200.00", serial=45)  # 43 and 44 never filed
    close(w, counted_by_one, FLOAT)
    slip_inserted(counted_by_one, "drop", "800.00", signatures={"compteur_1": "Ines Compte"})
    open_lu(w, lu_table(w, number="BT-01", game="lu.bataille", pit="B"), DAY, maximum="300")  # never closed
    reconciliation = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    findings = {finding.key: finding for finding in reconciliation.findings.all()}
    assert set(findings) == {"avance:HC-01:1", "drop:HC-02:1", "non_fermee:BT-01:1",
                             f"serie_trou:{DAY.year}:43-44"}
    finding_explain(finding=findings["drop:HC-02:1"], actor=w.manager_c, explanation="Second compteur absent : "
                    "recompté le lendemain par Omar Compte, même montant.")
    url = f"{live_server.url}/rapprochements/{w.c.code}/{DAY.isoformat()}/"

    accountant, errors = signed_in(browser, live_server, w.accountant_c.username)
    accountant.goto(url)
    float_row = accountant.locator("tr[data-finding='avance:HC-01:1']")
    assert "Contrôle interne du casino : avance de la table reconstituée à la fermeture" in float_row.inner_text()
    float_row.locator("textarea").fill("Plaque de 100 remise par erreur à la table, rendue à la caisse le lendemain.")
    float_row.locator("button[type=submit]").click()
    accountant.wait_for_load_state()
    assert accountant.locator("tr[data-finding='avance:HC-01:1']").get_attribute("data-state") == "explique"
    assert not errors

    manager, errors = signed_in(browser, live_server, w.manager_c.username)
    manager.goto(url)
    # his own explanation is not his to accept (the two-person rule): the button is disabled, with why
    refused = manager.locator(f"[data-testid=accept-refused-{findings['drop:HC-02:1'].pk}]")
    assert refused.locator("button").is_disabled()
    assert "autre personne que celle qui l'a donnée" in refused.get_attribute("title")
    manager.locator(f"[data-testid=accept-{findings['avance:HC-01:1'].pk}] button").click()  # the accountant's
    manager.wait_for_load_state()
    assert manager.locator("tr[data-finding='avance:HC-01:1']").get_attribute("data-state") == "accepte"
    assert manager.locator("tr[data-finding='drop:HC-02:1']").get_attribute("data-state") == "explique"
    text = manager.locator("main").inner_text()
    assert "Contrôle interne du casino : bordereaux signés et numérotés sans trou" in text
    assert "Contrôle interne du casino : drop compté par deux personnes" in text and "100,00" in text
    manager.screenshot(path=str(shots / "reconciliation-day.png"), full_page=True)
    manager.goto(f"{live_server.url}/rapprochements/")
    row = manager.locator(f"tr[data-reconciliation='{w.c.code}-{DAY.isoformat()}']")
    assert row.get_attribute("data-status") == "constats" and "Constats" in row.inner_text()
    manager.screenshot(path=str(shots / "reconciliation-list.png"), full_page=True)
    assert not errors
