"""Hand-paid slot jackpots (LU RGD 1979 art. 18-10) and the cagnotte register, two people each."""

import json

import pytest

from compliance.errors import DomainError
from registers.appareils.jackpots import jackpot_manual_payout_file
from registers.chain.services import pending_countersign
from registers.models import Entry, PendingEntry
from registers.poker.services import cagnotte_file
from tests.conftest import install_machines, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _jackpot(world, **overrides):
    fields = {"casino": world.c, "actor": world.accountant_c, "gaming_day": world.c.today(), "machine": "M07",
              "amount": "4 250,00", "currency": "EUR", "receipt_number": "Q-2026-0042", "receipt_in_cabinet": True}
    install_machines(world.c, world.manager_c, "M07")
    return jackpot_manual_payout_file(**(fields | overrides))


def test_18_10_jackpot_paid_by_hand_signed_by_cashier_and_chef_de_salle(lu):
    """Art. 18-10 al. 4 keeps the receipt « dans une armoire spéciale munie de deux clés »: the two signatures are the
    casino's control (issue 35), the cabinet the article's."""
    entry = pending_countersign(pending=_jackpot(lu), countersigner=lu.manager_c)
    payload = json.loads(entry.payload)
    assert (payload["amount"], payload["receipt"], payload["citation"], payload["quittance_citation"]) == (
        "4250.00", "Q-2026-0042", "Contrôle interne du casino : paiement manuel signé par deux personnes",
        "LU RGD 1979 art. 18-10 al. 4 (projet)")
    assert (entry.actor, entry.countersigner) == (lu.accountant_c, lu.manager_c)


@pytest.mark.parametrize(("overrides", "field"), [
    ({"receipt_in_cabinet": False}, "receipt_in_cabinet"), ({"receipt_number": ""}, "receipt_number"),
    ({"amount": "0"}, "amount"), ({"currency": "CAD"}, "currency"), ({"machine": " "}, "machine"),
])
def test_18_10_refusals_name_the_field_and_write_nothing(lu, overrides, field):
    with pytest.raises(DomainError) as refused:
        _jackpot(lu, **overrides)
    assert refused.value.field == field
    assert PendingEntry.objects.count() == 0 and not Entry.objects.exclude(register__kind="appareils").exists()


def test_97_1_cagnotte_count_keeps_house_and_bad_beat_shares_and_the_difference_to_reconcile(lu):
    pending = cagnotte_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), table="Poker 2",
                            house="812.50", bad_beat="87.50", box_count="898.00", currency="EUR")
    entry = pending_countersign(pending=pending, countersigner=lu.manager_c)
    payload = json.loads(entry.payload)
    assert payload["difference"] == "-2.00" and payload["reconcile_key"].startswith("Poker 2|")
    with pytest.raises(DomainError) as negative:
        cagnotte_file(casino=lu.c, actor=lu.accountant_c, gaming_day=lu.c.today(), table="Poker 2",
                      house="-1", bad_beat="0", box_count="0", currency="EUR")
    assert negative.value.field == "house"


def test_the_payouts_list_reads_a_page_at_a_time_with_the_count_and_total_of_them_all(lu, client):
    from decimal import Decimal

    from django.urls import reverse

    from compliance.formatting import money
    from registers.chain.selectors import payload_page
    from registers.kinds import EntryKind

    amounts = ["1200.00", "2500.50", "3000.00", "1999.99", "5000.00"]
    seqs = [pending_countersign(pending=_jackpot(lu, amount=amount, receipt_number=f"Q-{n}"),
                                countersigner=lu.manager_c).seq for n, amount in enumerate(amounts)]
    register = Entry.objects.get(seq=seqs[0], register__casino=lu.c, kind=EntryKind.JACKPOT_PAID).register
    pages, before = [], None
    while True:
        page = payload_page(register, EntryKind.JACKPOT_PAID, before=before, size=2)
        pages.append([row.entry.seq for row in page.rows])
        assert (page.count, page.total) == (5, Decimal("13700.49"))
        if page.older is None:
            break
        before = page.older
    assert pages == [seqs[:2:-1], seqs[2:0:-1], seqs[:1]]
    client.force_login(lu.manager_c)
    shown = client.get(reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "jackpots"})).content.decode()
    total = money(Decimal("13700.49"), currency="EUR", jurisdiction=lu.c.jurisdiction)
    assert f'data-testid="payouts-total">{total}' in shown and 'data-testid="payouts-pages"' not in shown
