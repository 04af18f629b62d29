"""A win past a card's cap (LU RGD 1979 art. 3-4 7)) is paid by hand under art. 18-10: its payment, filed in the
hand-paid jackpots register, names the excess (`card_excess`), and the caisse spéciale shows each excess « à payer »,
« en attente de contresignature » or « payée », with the ones still to pay whatever their day."""

import datetime
import json
import re
import shutil
import subprocess
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from compliance import formatting
from compliance.errors import DomainError
from registers.appareils.jackpots import jackpot_manual_payout_file
from registers.cards.caisse.selectors import desk_statement
from registers.cards.excess import DUE, PAID, PENDING, excesses_outstanding
from registers.cards.ledger import card_load, card_win
from registers.cards.services import card_issue
from registers.chain.services import pending_countersign
from registers.models import Entry, PendingEntry
from tests.conftest import api_client_for, install_machines, lu_today, make_user
from tests.test_cards import _concurrently, _setup

pytestmark = pytest.mark.django_db

D = Decimal
TODAY = lu_today()
YESTERDAY = TODAY - datetime.timedelta(days=1)


def _excess(world, *, amount="500.00", machine="AS-02", day=YESTERDAY, manager=None):
    """A nominative card loaded to 1 900,00 (cap 2 000,00) wins `amount`: all but 100,00 is paid by hand."""
    if manager is None:
        manager, client = _setup(world)
    else:
        client = None
    card = card_issue(casino=world.c, actor=manager, kind="journaliere" if client is None else "nominative",
                      client=client, gaming_day=day)
    card_load(card=card, actor=world.accountant_c, amount=str(card.cap - D("100.00")), desk="Caisse 1",
              gaming_day=day)
    won = card_win(card=card, actor=world.accountant_c, amount=amount, machine=machine, gaming_day=day)
    install_machines(world.c, world.accountant_c, machine, "M07")
    return manager, won.excess


def _pay(world, excess, **overrides):
    payload = json.loads(excess.payload)
    fields = {"casino": world.c, "actor": world.accountant_c, "gaming_day": YESTERDAY, "machine": payload["machine"],
              "amount": payload["amount"], "currency": "EUR", "receipt_number": "Q-2026-0051",
              "receipt_in_cabinet": True, "card_excess": excess.seq} | overrides
    fields["settles"] = {"card_excess": fields.pop("card_excess")}
    install_machines(world.c, world.accountant_c, fields["machine"])
    return jackpot_manual_payout_file(**fields)


def _money(amount) -> str:
    from compliance.models import Jurisdiction

    return _plain(formatting.money(D(amount), currency="EUR", jurisdiction=Jurisdiction.objects.get(code="LU")))


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _state(world, seq):
    return next(e for e in desk_statement(world.c, YESTERDAY).excesses if e.seq == seq)


# --- the service --------------------------------------------------------------------------------------


def test_the_payment_names_the_excess_and_its_state_moves_from_due_to_pending_to_paid(world, rules):
    manager, excess = _excess(world)
    assert json.loads(excess.payload)["amount"] == "400.00"
    assert _state(world, excess.seq).state == DUE and [e.seq for e in excesses_outstanding(world.c).due] == [
        excess.seq]

    pending = _pay(world, excess, amount="400,00", machine=" AS-02 ")
    assert json.loads(pending.payload)["card_excess"] == excess.seq
    state = _state(world, excess.seq)
    assert (state.state, state.pending_pk, state.paid_seq, state.state_label) == (
        PENDING, pending.pk, None, "en attente de contresignature")
    waiting = excesses_outstanding(world.c)
    assert waiting.due == [] and [e.seq for e in waiting.pending] == [excess.seq] and waiting.pending_total == D("400")

    entry = pending_countersign(pending=pending, countersigner=manager)
    payload = json.loads(entry.payload)
    assert entry.register.kind == "jackpots" and (payload["card_excess"], payload["amount"]) == (excess.seq, "400.00")
    state = _state(world, excess.seq)
    assert (state.state, state.paid_seq, state.state_label) == (PAID, entry.seq, "payée")
    assert excesses_outstanding(world.c).excesses == []


def test_a_payment_without_an_excess_keeps_its_payload(world, rules):
    pending = _pay(world, _excess(world)[1], machine="M07", amount="10.00", card_excess=None)
    assert "card_excess" not in json.loads(pending.payload)


@pytest.mark.parametrize(("overrides", "field", "code", "snippet"), [
    ({"amount": "400.01"}, "amount", "excess_mismatch", "400,00"),
    ({"amount": "500.00"}, "amount", "excess_mismatch", "400,00"),
    ({"machine": "AS-03"}, "machine", "excess_mismatch", "« AS-02 »"),
    ({"card_excess": 9999}, "card_excess", "unknown_excess", "n° 9999"),
    ({"card_excess": 0}, "card_excess", "unknown_excess", "n° 0"),
    ({"card_excess": "2"}, "card_excess", "unknown_excess", "n° 2"),
])
def test_a_payment_that_is_not_the_excess_is_refused_with_its_field_and_writes_nothing(world, rules, overrides,
                                                                                       field, code, snippet):
    _manager, excess = _excess(world)
    with pytest.raises(DomainError) as refused:
        _pay(world, excess, **overrides)
    assert (refused.value.field, refused.value.code) == (field, code)
    message = _plain(str(refused.value.message))
    assert snippet in message and "LU RGD 1979 art. 3-4 7)" in message
    assert PendingEntry.objects.count() == 0


def test_the_number_of_an_entry_that_is_not_an_excess_or_of_another_casino_is_unknown(world, rules):
    _manager, excess = _excess(world)
    load = Entry.objects.get(register=excess.register, kind="carte.chargement")
    with pytest.raises(DomainError) as refused:
        _pay(world, excess, card_excess=load.seq)
    assert (refused.value.field, refused.value.code) == ("card_excess", "unknown_excess")
    other = make_user("compta.b.lu", "accountant", casino=world.b)  # casino B (Québec) has no such excess
    with pytest.raises(DomainError) as refused:
        jackpot_manual_payout_file(casino=world.b, actor=other, gaming_day=YESTERDAY, machine="AS-02",
                                   amount="400.00", currency=world.b.currency, receipt_number="Q-1",
                                   receipt_in_cabinet=True, settles={"card_excess": excess.seq})
    assert refused.value.code == "unknown_excess"


def test_an_excess_is_paid_once_whether_its_payment_awaits_its_countersignature_or_is_signed(world, rules):
    manager, excess = _excess(world)
    pending = _pay(world, excess)
    with pytest.raises(DomainError) as twice:
        _pay(world, excess, receipt_number="Q-2026-0052")
    assert (twice.value.field, twice.value.code) == ("card_excess", "excess_already_paid")
    assert f"dépôt n° {pending.pk}" in str(twice.value.message) and "LU RGD 1979 art. 3-4 7)" in str(
        twice.value.message)
    entry = pending_countersign(pending=pending, countersigner=manager)
    with pytest.raises(DomainError) as again:
        _pay(world, excess, receipt_number="Q-2026-0053")
    assert (again.value.field, again.value.code) == ("card_excess", "excess_already_paid")
    assert f"écriture n° {entry.seq}" in str(again.value.message)
    assert PendingEntry.objects.count() == 1


def test_the_regulator_files_nothing(world, rules):
    _manager, excess = _excess(world)
    from compliance.errors import PermissionDeniedError

    with pytest.raises(PermissionDeniedError):
        _pay(world, excess, actor=world.regulator_lu)


@pytest.mark.django_db(transaction=True)
def test_two_cashiers_paying_the_same_excess_at_once_file_it_once(world_tx, rules):
    _manager, excess = _excess(world_tx)
    cashiers = [world_tx.accountant_c] + [make_user(f"caisse.c{i}", "accountant", casino=world_tx.c)
                                          for i in range(3)]
    filed, refused = _concurrently(4, lambda i: _pay(world_tx, excess, actor=cashiers[i],
                                                      receipt_number=f"Q-{i}"))
    assert len(filed) == 1 and [r.code for r in refused] == ["excess_already_paid"] * 3
    assert PendingEntry.objects.count() == 1


# --- the caisse spéciale ------------------------------------------------------------------------------


def _caisse(client, day=YESTERDAY) -> str:
    return _plain(client.get(reverse("cards-caisse-day", kwargs={"day": day.isoformat()})).content.decode())


def _row(page: str, testid: str) -> str:
    start = page.index(f'data-testid="{testid}"')
    return page[start:page.index("</tr>", start)]


def test_the_caisse_links_the_excess_to_the_prefilled_jackpot_form_then_shows_its_payment(world, rules, client):
    manager, excess = _excess(world)
    _manager, later = _excess(world, amount="250.00", machine="AS-07", day=TODAY, manager=manager)  # 150 by hand
    client.force_login(world.accountant_c)
    page = _caisse(client)
    row = _row(page, f"excess-{excess.seq}")
    assert "à payer" in row and f'data-testid="pay-excess-{excess.seq}"' in row
    assert "Restent à payer, toutes journées confondues : 2 gains, total " + _money("550.00") in page
    assert page.count('data-testid="outstanding-day"') == 2

    link = re.search(rf'href="([^"]+)" data-testid="pay-excess-{excess.seq}"', row).group(1).replace("&amp;", "&")
    parts = urlsplit(link)
    assert parts.path == reverse("registers-other", kwargs={"casino": world.c.code, "kind": "jackpots"})
    assert parse_qs(parts.query) == {"machine": ["AS-02"], "amount": ["400,00"], "card_excess": [str(excess.seq)]}
    form = client.get(link).content.decode()
    for name, value in (("machine", "AS-02"), ("amount", "400,00"), ("card_excess", str(excess.seq))):
        assert f'name="jackpot-{name}" value="{value}"' in form or (
            f'value="{value}"' in form and f'name="jackpot-{name}"' in form), name
    assert "Gain au-delà du plafond n°" in form and 'data-testid="excess-prefill"' in form

    body = {"action": "jackpot", "jackpot-gaming_day": YESTERDAY.isoformat(), "jackpot-machine": "AS-02",
            "jackpot-amount": "400,00", "jackpot-currency": "EUR", "jackpot-receipt_number": "Q-2026-0051",
            "jackpot-receipt_in_cabinet": "on", "jackpot-card_excess": str(excess.seq)}
    wrong = client.post(parts.path, {**body, "jackpot-amount": "399,00"})
    assert wrong.status_code == 200 and 'data-testid="error-amount"' in wrong.content.decode()
    assert "LU RGD 1979 art. 3-4 7)" in wrong.content.decode()
    filed = client.post(parts.path, body)
    assert filed.status_code == 302
    pending = PendingEntry.objects.get()
    assert json.loads(pending.payload)["card_excess"] == excess.seq
    again = client.post(parts.path, {**body, "jackpot-receipt_number": "Q-2026-0052"})
    assert 'data-testid="error-card_excess"' in again.content.decode()

    page = _caisse(client)
    row = _row(page, f"excess-{excess.seq}")
    assert "en attente de contresignature" in row and f"dépôt n° {pending.pk}" in row and "pay-excess" not in row
    assert "Reste à payer, toutes journées confondues : 1 gain, total " + _money("150.00") in page
    assert "En attente de contresignature : 1 paiement déclaré, total " + _money("400.00") in page

    entry = pending_countersign(pending=pending, countersigner=manager)
    page = _caisse(client)
    row = _row(page, f"excess-{excess.seq}")
    assert "payée" in row and f"jackpots n° {entry.seq}" in row
    assert reverse("registers-entry", kwargs={"casino": world.c.code, "kind": "jackpots", "seq": entry.seq}) in row
    assert f'data-testid="outstanding-{later.seq}"' in page and f'data-testid="outstanding-{excess.seq}"' not in page
    assert "à payer" in _row(_caisse(client, TODAY), f"excess-{later.seq}")
    jackpots = client.get(parts.path).content.decode()
    cartes = reverse("registers-entry", kwargs={"casino": world.c.code, "kind": "cartes", "seq": excess.seq})
    assert 'data-testid="payout-excess"' in jackpots and cartes in jackpots


def test_the_regulator_sees_the_states_without_the_button(world, rules, client):
    _manager, excess = _excess(world)
    client.force_login(world.regulator_lu)
    page = _caisse(client)
    assert "à payer" in _row(page, f"excess-{excess.seq}") and "pay-excess" not in page
    assert "Reste à payer, toutes journées confondues : 1 gain" in page


def test_nothing_left_to_pay(world, rules, client):
    manager, excess = _excess(world)
    pending_countersign(pending=_pay(world, excess), countersigner=manager)
    client.force_login(world.accountant_c)
    page = _caisse(client)
    assert "Aucun gain au-delà du plafond ne reste à payer, toutes journées confondues." in page


def test_the_pdf_shows_the_payment_of_each_excess_and_what_is_left_to_pay(world, rules, client):
    manager, excess = _excess(world)
    _excess(world, amount="250.00", machine="AS-07", day=TODAY, manager=manager)
    pending_countersign(pending=_pay(world, excess), countersigner=manager)
    client.force_login(world.accountant_c)
    response = client.get(reverse("cards-caisse-pdf", kwargs={"day": YESTERDAY.isoformat()}))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not installed")
    text = _plain(subprocess.run(["pdftotext", "-layout", "-", "-"], input=response.content, capture_output=True,
                                 check=True).stdout.decode())
    assert "Paiement" in text and "payée" in text and "jackpots n° 1" in text
    assert "Reste à payer, toutes journées confondues : 1 gain, total " + _money("150.00") in " ".join(text.split())


# --- the API --------------------------------------------------------------------------------------------


def test_the_api_files_the_payment_of_an_excess_and_refuses_a_wrong_one(world, rules):
    _manager, excess = _excess(world)
    api = api_client_for(world.accountant_c)
    url = reverse("api-registers-jackpots", kwargs={"casino": world.c.code})
    data = {"gaming_day": YESTERDAY.isoformat(), "machine": "AS-02", "amount": "400.00", "currency": "EUR",
            "receipt_number": "Q-2026-0051", "receipt_in_cabinet": True, "card_excess": excess.seq}
    wrong = api.post(url, {**data, "amount": "40.00"}, format="json")
    assert wrong.status_code == 400 and list(wrong.json()["field_errors"]) == ["amount"]
    assert wrong.json()["code"] == "excess_mismatch" and "LU RGD 1979 art. 3-4 7)" in wrong.json()["message"]
    unknown = api.post(url, {**data, "card_excess": 9999}, format="json")
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_excess"
    assert list(unknown.json()["field_errors"]) == ["card_excess"]
    assert api.post(url, {**data, "card_excess": "abc"}, format="json").status_code == 400
    created = api.post(url, data, format="json")
    assert created.status_code == 201 and created.json()["payload"]["card_excess"] == excess.seq
    twice = api.post(url, data, format="json")
    assert twice.status_code == 400 and twice.json()["code"] == "excess_already_paid"
    plain = api.post(url, {**data, "card_excess": None, "machine": "M07"}, format="json")
    assert plain.status_code == 201 and "card_excess" not in plain.json()["payload"]


# --- the demo ---------------------------------------------------------------------------------------------


def test_the_demo_pays_its_win_past_the_cap_by_hand_and_has_today_s_still_to_pay(demo, rules):
    from compliance.models import Casino

    casino = Casino.objects.get(code="la-moselle")
    paid = Entry.objects.get(register__casino=casino, register__kind="jackpots", payload__contains='"card_excess":')
    payload = json.loads(paid.payload)
    excess = Entry.objects.get(register__casino=casino, register__kind="cartes", kind="carte.gain_excedent",
                               seq=payload["card_excess"])
    assert (payload["amount"], payload["machine"], json.loads(excess.payload)["amount"]) == ("450.50", "LM-008",
                                                                                              "450.50")
    assert paid.countersigner.username == "lu.direction"
    # today's, on a day card past its cap, not paid yet: the manager's « À faire » lists it
    (due,) = excesses_outstanding(casino).excesses
    assert (due.state, due.machine, due.amount, due.gaming_day) == (DUE, "LM-004", Decimal("70.00"),
                                                                    casino.today())
    assert due.credited == Decimal("110.00") and due.win == Decimal("180.00")  # the day card's cap reached
