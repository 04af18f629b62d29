"""Issue 39, point 2 in Debian's chromium at La Moselle, at 1366 px and 390 px (each screenshot checked by axe,
tests/a11y.py, and looked at): the register of machines asks a machine's condition and refuses a refurbished one under
a refused approval (LU RGD 1979 art. 17 al. 2 5°: « ou d'un appareil usagé et remis à neuf par une entreprise,
résidente ou non, spécialement agréée par le Ministre des Finances »), the demo's LM-010 shows its approval; the
approvals offer the kinds the draft adds (art. 62 al. 2 d), 37-1 al. 8, 7-1 al. 2, 49-13 al. 5, 49-14 al. 2), the form
of another means of payment opened. Screenshots: var/screenshots/lu-kinds-install-*.png,
lu-kinds-moyen-paiement-*.png."""

import pytest

from tests.a11y import PHONE
from tests.test_browser import browser, shots, signed_in  # noqa: F401  (the fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_KINDS = ("moyen_paiement", "plaques_jetons_valeurs", "cartes_melangeur", "machine_bad_beat", "arret_bad_beat")


def test_lu_art_17_al_2_5_the_install_asks_the_condition_and_the_new_kinds_are_offered(demo, rules, live_server,
                                                                                          browser, shots):  # noqa: F811
    from compliance.approvals.models import ApprovalRequest

    refused = ApprovalRequest.objects.get(casino__code="la-moselle", kind="appareil_remis_a_neuf", subject="LM-009")
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(f"{live_server.url}/registres/la-moselle/appareils/")
    assert "remis à neuf" in page.locator("[data-testid=machine-LM-010]").inner_text()
    page.click("[data-testid=open-forms] summary")
    page.fill("#id_install-machine", "LM-009")
    page.fill("#id_install-manufacturer", "Novomatic")
    page.fill("#id_install-certificate", "CE-LU-2026-009")
    page.select_option("#id_install-condition", "remis_a_neuf")
    page.fill("#id_install-approval", refused.reference)
    page.click("[data-testid=submit-install]")
    page.wait_for_load_state()
    error = page.locator("[data-testid=form-install] [data-testid=error-approval]").inner_text()
    assert refused.reference in error and "LU RGD 1979 art. 17 al. 2 5°" in error, error
    assert page.locator("#id_install-approval").input_value() == refused.reference  # nothing lost
    page.locator("[data-testid=form-install]").scroll_into_view_if_needed()
    page.screenshot(path=shots / "lu-kinds-install-1366.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "lu-kinds-install-390.png", full_page=True)

    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/approbations/")
    page.locator("[data-testid=new-request] summary").click()
    for kind in NEW_KINDS:
        assert page.locator(f"[data-testid=new-request] a[data-kind={kind}]").count() == 1, kind
    page.locator("[data-testid=new-request] a[data-kind=moyen_paiement]").click()
    page.wait_for_url("**/approbations/nouvelle/moyen_paiement/")
    assert "art. 62" in page.content()  # the article the kind rests on
    page.screenshot(path=shots / "lu-kinds-moyen-paiement-1366.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "lu-kinds-moyen-paiement-390.png", full_page=True)
    assert errors == [], errors
    page.close()
