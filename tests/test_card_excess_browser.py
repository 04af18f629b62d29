"""In a browser: a win past a card's cap is paid by hand from the caisse spéciale (LU RGD 1979 art. 3-4 7), 18-10),
countersigned, and shows « payée »; screenshots go to var/screenshots."""

import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_win_past_the_cap_is_paid_by_hand_from_the_caisse_and_countersigned(demo, live_server, browser, shots):  # noqa: F811
    from compliance.formatting import money
    from compliance.models import Casino, User
    from registers.cards.ledger import card_win
    from registers.models import Card, CardStatus, PendingEntry

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    card = Card.objects.filter(casino=casino, kind="nominative", status=CardStatus.ACTIVE).order_by("balance").first()
    with timezone.override(ZoneInfo(casino.jurisdiction.timezone)):
        today = timezone.localdate()
        won = card_win(card=card, actor=User.objects.get(username="lu.caissier"), machine="LM-002",
                       amount=card.cap - card.balance + Decimal("120.00"), gaming_day=today)
    seq = won.excess.seq
    euros = money(Decimal("120.00"), currency="EUR", jurisdiction=casino.jurisdiction)
    assert today == datetime.datetime.now(ZoneInfo("Europe/Luxembourg")).date()

    cashier, errors = signed_in(browser, live_server, "lu.caissier")
    cashier.goto(f"{live_server.url}/cartes/caisse/")
    row = cashier.locator(f"[data-testid=excess-{seq}]")
    assert "à payer" in row.inner_text() and euros in row.inner_text()
    # with the demo's own, today's on a day card (70,00 €)
    due = cashier.locator("[data-testid=outstanding-due]").inner_text()
    assert "2 gains" in due and money(Decimal("190.00"), currency="EUR", jurisdiction=casino.jurisdiction) in due
    cashier.locator("[data-testid=excesses]").scroll_into_view_if_needed()
    cashier.screenshot(path=shots / "cards-caisse-excess-due.png", full_page=True)

    row.locator(f"[data-testid=pay-excess-{seq}]").click()
    cashier.wait_for_url("**/registres/la-moselle/jackpots/**")
    assert cashier.locator("#id_jackpot-machine").input_value() == "LM-002"
    assert cashier.locator("#id_jackpot-amount").input_value() == "120,00"
    assert cashier.locator("#id_jackpot-card_excess").input_value() == str(seq)
    assert f"n° {seq}" in cashier.locator("[data-testid=excess-prefill]").inner_text()
    cashier.fill("#id_jackpot-receipt_number", "Q-2026-0077")
    cashier.check("#id_jackpot-receipt_in_cabinet")
    cashier.locator("#jackpot-form").scroll_into_view_if_needed()
    cashier.screenshot(path=shots / "registers-jackpots-excess-prefilled.png")
    cashier.click("[data-testid=submit-jackpot]")
    cashier.wait_for_url("**/registres/la-moselle/jackpots/")
    assert f"n° {seq}" in cashier.locator("[role=status]").first.inner_text()

    cashier.goto(f"{live_server.url}/cartes/caisse/")
    assert "en attente de contresignature" in cashier.locator(f"[data-testid=excess-{seq}]").inner_text()

    manager, manager_errors = signed_in(browser, live_server, "lu.direction")
    manager.goto(f"{live_server.url}/registres/la-moselle/jackpots/")
    pending = PendingEntry.objects.get(entry__isnull=True, payload__contains=f'"card_excess":{seq},')
    manager.locator(f"[data-testid=pending-{pending.pk}] button").click()
    manager.wait_for_url("**/registres/la-moselle/jackpots/")
    assert "contresignée" in manager.locator("[role=status]").first.inner_text()

    cashier.goto(f"{live_server.url}/cartes/caisse/")
    assert "payée" in cashier.locator(f"[data-testid=excess-{seq}]").inner_text()
    left = cashier.locator("[data-testid=outstanding-due]").inner_text()  # the demo's own still to pay
    assert "1 gain" in left and money(Decimal("70.00"), currency="EUR", jurisdiction=casino.jurisdiction) in left
    cashier.locator("[data-testid=excesses]").scroll_into_view_if_needed()
    cashier.screenshot(path=shots / "cards-caisse-excess-paid.png", full_page=True)
    assert errors == [] and manager_errors == [], (errors, manager_errors)
    cashier.close()
    manager.close()
