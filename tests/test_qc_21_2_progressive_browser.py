"""The progressive lot's page through Debian's chromium (QC RJC art. 21.2: « Un panneau d'affichage indiquant de façon
continue le montant du lot progressif »): Lac-Bleu's cashier reads the lot's account, its planted close 25,00 $ short,
and pays today's winning bet « Blackjack, premières 2 cartes ..... 2 $ » at BJ-01; the Régie reads it, read-only, on a
phone. Screenshots go to var/screenshots."""

import pytest

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_qc_rjc_art_21_2_the_cashier_pays_a_progressive_win_and_the_regie_reads_the_lot_s_account(
        demo, rules, live_server, browser, shots):  # noqa: F811
    page, errors = signed_in(browser, live_server, "qc.caissier")
    page.goto(f"{live_server.url}/tables/lac-bleu/")
    page.click("[data-testid=progressive-link]")
    lot = page.locator("[data-testid=lot-progressif-blackjack]")
    assert "DIR-2026-41" in lot.locator("[data-testid=reference]").inner_text()
    differences = [text.strip() for text in lot.locator("[data-testid=difference]").all_inner_texts()]
    [short] = [text for text in differences if text not in ("", "—")]
    assert "25,00" in short, differences
    assert "art. 21.2" in page.locator("[data-testid=citation]").inner_text()
    page.select_option("#id_gain-hand", label="Blackjack, premières 2 cartes")
    page.click("[data-testid=submit-gain]")
    page.wait_for_selector(".alert-success")
    assert "Gain enregistré" in page.locator(".alert-success").inner_text()
    page.screenshot(path=shots / "progressive-cashier.png", full_page=True)
    assert errors == []
    page, errors = signed_in(browser, live_server, "qc.regie", viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/tables/lac-bleu/progressif/")
    assert page.locator("[data-testid=read-only]").is_visible()
    assert page.locator("[data-testid^=form-]").count() == 0
    page.screenshot(path=shots / "progressive-regie-390.png", full_page=True)
    assert errors == []
