"""The slot management system's API (/api/v1/slots/): bets debited from and wins credited to electronic
gaming cards (LU RGD 1979 art. 3-4), idempotent under retries and concurrency, limited per client system."""

import datetime
import json
import threading
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.db import connections
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from compliance.errors import DomainError
from compliance.models import User
from registers.cards.ledger import card_load
from registers.cards.selectors import card_ledger_sum
from registers.cards.services import card_certificate_record, card_issue
from registers.cards.slot_system import services as slot_services
from registers.cards.slot_system.services import slot_system_register, slot_system_set_rate
from registers.models import Card, CardMovement, Entry, SlotRequest, SlotSystem
from tests.conftest import lu_today, make_casino, make_user
from tests.test_cards import _setup

TODAY = lu_today
DEBIT, CREDIT = reverse("api-slots-debit"), reverse("api-slots-credit")


@dataclass
class Slots:
    manager: User
    system: SlotSystem
    key: str
    api: APIClient
    card: Card  # nominative, cap 2,000, loaded with 100
    day_card: Card  # journalière, cap 250, loaded with 200
    foreign_card: Card  # issued by another Luxembourg casino


def slot_setup(world, *, rate: int = 6000) -> Slots:
    """Casino C's slot system, two of its cards, and a card of casino D (Luxembourg too)."""
    manager, client = _setup(world)
    card = card_issue(casino=world.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
    card_load(card=card, actor=world.accountant_c, amount="100.00", gaming_day=TODAY())
    day_card = card_issue(casino=world.c, actor=manager, kind="journaliere", gaming_day=TODAY())
    card_load(card=day_card, actor=world.accountant_c, amount="200.00", gaming_day=TODAY())
    d = make_casino("casino-d", "LU")
    manager_d = make_user("direction.d", "manager", casino=d)
    card_certificate_record(casino=d, actor=manager_d, supplier="Cartes SA", reference="CERT-D",
                            issued_on=datetime.date(2026, 1, 15))
    foreign = card_issue(casino=d, actor=manager_d, kind="journaliere", gaming_day=TODAY())
    system, key = slot_system_register(casino=world.c, actor=manager, name="Système SMS", rate_per_minute=rate)
    return Slots(manager, system, key, slot_client(key), card, day_card, foreign)


def slot_client(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Slot {key}")
    return api


def _op(card: Card, amount: str, **extra) -> dict:
    return {"card": card.number, "amount": amount, "currency": "EUR", "machine": "AS-042", **extra}


def _post(slots: Slots, url: str, body: dict, key: str | None, **extra):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key is not None else {}
    return slots.api.post(url, body, format="json", **headers, **extra)


def _balance(card: Card) -> Decimal:
    card.refresh_from_db()
    return card.balance


@pytest.mark.django_db
def test_3_4_debit_credit_and_balance(world, rules):
    slots = slot_setup(world)
    debit = _post(slots, DEBIT, _op(slots.card, "30.00"), "bet-1")
    assert debit.status_code == 201, debit.json()
    body = debit.json()
    assert (body["operation"], body["amount"], body["balance"], body["currency"]) == ("debit", "30.00", "70.00", "EUR")
    assert body["entry"]["kind"] == "carte.mise" and "Idempotent-Replayed" not in debit
    credit = _post(slots, CREDIT, _op(slots.card, "50.5"), "win-1").json()
    assert (credit["credited"], credit["excess"], credit["manual_payout"], credit["balance"]) == (
        "50.50", "0.00", None, "120.50")
    balance = slots.api.get(reverse("api-slots-card-balance", kwargs={"number": slots.card.number}))
    assert balance.status_code == 200
    assert balance.json() == {"card": slots.card.number, "kind": "nominative", "status": "active",
                              "balance": "120.50", "cap": "2000.00", "currency": "EUR"}
    entries = Entry.objects.filter(kind__in=["carte.mise", "carte.gain"]).order_by("seq")
    assert [e.actor for e in entries] == [slots.system.user, slots.system.user]
    assert json.loads(entries[0].payload)["machine"] == "AS-042"
    assert _balance(slots.card) == card_ledger_sum(slots.card) == Decimal("120.50")
    assert SlotRequest.objects.get(key="bet-1").entry == entries[0]


@pytest.mark.django_db
def test_insufficient_balance_is_refused_and_the_refusal_is_the_key_s_answer(world, rules):
    slots = slot_setup(world)
    refused = _post(slots, DEBIT, _op(slots.card, "150.00"), "bet-big")
    assert refused.status_code == 400
    assert refused.json()["code"] == "insufficient_balance" and "amount" in refused.json()["field_errors"]
    assert not Entry.objects.filter(kind="carte.mise").exists() and _balance(slots.card) == Decimal("100.00")
    card_load(card=slots.card, actor=world.accountant_c, amount="100.00", gaming_day=TODAY())
    again = _post(slots, DEBIT, _op(slots.card, "150.00"), "bet-big")  # a retry gets the first answer
    assert (again.status_code, again.content, again["Idempotent-Replayed"]) == (400, refused.content, "true")
    assert not Entry.objects.filter(kind="carte.mise").exists() and _balance(slots.card) == Decimal("200.00")
    assert _post(slots, DEBIT, _op(slots.card, "150.00"), "bet-big-2").status_code == 201  # a new key


@pytest.mark.django_db
def test_3_4_7_a_win_past_the_cap_is_credited_up_to_the_cap_and_the_rest_paid_by_hand(world, rules):
    slots = slot_setup(world)
    response = _post(slots, CREDIT, _op(slots.day_card, "80.00"), "win-big")
    assert response.status_code == 201
    body = response.json()
    assert (body["amount"], body["credited"], body["excess"], body["balance"]) == ("80.00", "50.00", "30.00", "250.00")
    manual = body["manual_payout"]
    assert manual["amount"] == "30.00" and manual["entry"]["kind"] == "carte.gain_excedent"
    assert "LU RGD 1979 art. 3-4 7)" in manual["citation"] and "art. 18-10" in manual["citation"]
    assert "30,00" in manual["message"] and "3-4 7)" in manual["message"]
    excess = Entry.objects.get(kind="carte.gain_excedent")
    assert json.loads(excess.payload)["amount"] == "30.00" and excess.seq == manual["entry"]["seq"]
    assert _balance(slots.day_card) == card_ledger_sum(slots.day_card) == Decimal("250.00")


@pytest.mark.django_db
def test_3_1_2_a_card_of_another_casino_is_unknown(world, rules):
    slots = slot_setup(world)
    for url in (DEBIT, CREDIT):
        response = _post(slots, url, _op(slots.foreign_card, "10.00"), f"foreign-{url}")
        assert response.status_code == 404
        body = response.json()
        assert body["code"] == "unknown_card" and "card" in body["field_errors"]
        assert "LU RGD 1979 art. 3-1 2)" in body["message"] and slots.foreign_card.number in body["message"]
    balance = slots.api.get(reverse("api-slots-card-balance", kwargs={"number": slots.foreign_card.number}))
    assert balance.status_code == 404 and balance.json()["code"] == "unknown_card"
    missing = slots.api.get(reverse("api-slots-card-balance", kwargs={"number": "LU-000000000000"}))
    assert missing.status_code == 404 and missing.json()["message"].startswith("Carte inconnue")
    assert not CardMovement.objects.filter(card=slots.foreign_card).exists()


@pytest.mark.django_db
def test_wrong_currency_and_malformed_bodies_name_the_field(world, rules):
    slots = slot_setup(world)
    response = _post(slots, DEBIT, _op(slots.card, "10.00", currency="USD"), "usd")
    assert response.status_code == 400 and response.json()["code"] == "wrong_currency"
    assert "EUR" in response.json()["field_errors"]["currency"][0]
    response = _post(slots, DEBIT, {"card": slots.card.number, "amount": "10.00", "currency": "EUR"}, "no-machine")
    assert response.status_code == 400 and "machine" in response.json()["field_errors"]
    response = _post(slots, DEBIT, _op(slots.card, "10.001"), "bad-amount")
    assert response.status_code == 400 and response.json()["code"] == "invalid_amount"
    assert not Entry.objects.filter(kind="carte.mise").exists()


@pytest.mark.django_db
def test_missing_idempotency_key_is_400(world, rules):
    slots = slot_setup(world)
    for url in (DEBIT, CREDIT):
        response = _post(slots, url, _op(slots.card, "10.00"), None)
        assert response.status_code == 400
        assert response.json()["code"] == "idempotency_key_required"
        assert "Idempotency-Key" in response.json()["field_errors"]
    assert _post(slots, DEBIT, _op(slots.card, "10.00"), "x" * 201).status_code == 400
    assert not Entry.objects.filter(kind__in=["carte.mise", "carte.gain"]).exists()
    assert not SlotRequest.objects.exists()


@pytest.mark.django_db
def test_same_key_same_body_replays_the_first_answer_and_writes_once(world, rules):
    slots = slot_setup(world)
    first = _post(slots, DEBIT, _op(slots.card, "25.00"), "bet-retry")
    second = _post(slots, DEBIT, _op(slots.card, "25.00"), "bet-retry")
    assert first.status_code == second.status_code == 201
    assert first.content == second.content and second["Idempotent-Replayed"] == "true"
    assert Entry.objects.filter(kind="carte.mise").count() == 1 and _balance(slots.card) == Decimal("75.00")


@pytest.mark.django_db
def test_same_key_with_another_body_is_refused_and_writes_nothing(world, rules):
    slots = slot_setup(world)
    _post(slots, DEBIT, _op(slots.card, "25.00"), "bet-reused")
    entries, requests = Entry.objects.count(), SlotRequest.objects.count()
    for url, body in ((DEBIT, _op(slots.card, "26.00")), (DEBIT, _op(slots.card, "25.00", machine="AS-043")),
                      (CREDIT, _op(slots.card, "25.00"))):
        response = _post(slots, url, body, "bet-reused")
        assert response.status_code == 409
        assert response.json()["code"] == "idempotency_key_reused"
        assert response.json()["message"].startswith("Cette clé d'idempotence a déjà servi")
    assert (Entry.objects.count(), SlotRequest.objects.count()) == (entries, requests)
    assert _balance(slots.card) == Decimal("75.00")


@pytest.mark.django_db(transaction=True)
def test_the_same_key_sent_ten_times_at_once_writes_exactly_one_entry(world_tx, rules):
    slots = slot_setup(world_tx)
    answers, barrier = [], threading.Barrier(10)

    def run():
        try:
            api = slot_client(slots.key)
            barrier.wait()
            response = api.post(DEBIT, _op(slots.card, "10.00"), format="json", HTTP_IDEMPOTENCY_KEY="same-key")
            answers.append((response.status_code, response.content, response.get("Idempotent-Replayed")))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == 10
    assert len({(status, content) for status, content, _ in answers}) == 1, answers
    assert answers[0][0] == 201
    assert sorted(replayed or "" for _, _, replayed in answers) == [""] + ["true"] * 9
    assert Entry.objects.filter(kind="carte.mise").count() == 1
    assert SlotRequest.objects.filter(key="same-key").count() == 1
    assert _balance(slots.card) == card_ledger_sum(slots.card) == Decimal("90.00")


@pytest.mark.django_db
def test_rate_limit_per_slot_system_then_ok_in_the_next_window(world, rules, monkeypatch):
    slots = slot_setup(world, rate=3)
    now = 1_800_000_000.0  # a window's first second
    monkeypatch.setattr(slot_services, "_now", lambda: now)
    url = reverse("api-slots-card-balance", kwargs={"number": slots.card.number})
    assert [slots.api.get(url).status_code for _ in range(3)] == [200, 200, 200]
    limited = slots.api.get(url)
    assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
    assert limited["Retry-After"] == "60" and "3 requêtes par minute" in limited.json()["message"]
    assert _post(slots, DEBIT, _op(slots.card, "1.00"), "limited").status_code == 429
    assert not SlotRequest.objects.exists()
    _other, other_key = slot_system_register(casino=world.c, actor=slots.manager, name="Autre système",
                                             rate_per_minute=3)
    assert slot_client(other_key).get(url).status_code == 200  # each system has its own count
    now += 60
    assert slots.api.get(url).status_code == 200
    slot_system_set_rate(system=slots.system, actor=slots.manager, rate_per_minute=6000)
    assert all(slots.api.get(url).status_code == 200 for _ in range(10))


@pytest.mark.django_db
def test_only_slot_systems_get_in_and_their_key_opens_nothing_else(world, rules):
    slots = slot_setup(world)
    url = reverse("api-slots-card-balance", kwargs={"number": slots.card.number})
    token = Token.objects.create(user=world.accountant_c)
    staff = APIClient()
    staff.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert staff.get(url).status_code == 401  # a person's token is not a slot system's key
    assert APIClient().get(url).status_code == 401
    refused = slot_client("not-a-key").get(url)
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == "Slot"
    assert slots.api.get(reverse("api-me")).status_code == 401  # the key is for the slot API only
    assert not slots.system.user.has_usable_password()
    assert slots.key not in slots.system.key_hash
    slots.system.active = False
    slots.system.save(update_fields=["active"])
    assert slots.api.get(url).status_code == 401


@pytest.mark.django_db
def test_registering_a_slot_system(world, rules):
    manager, _client = _setup(world)
    with pytest.raises(DomainError) as refused:
        slot_system_register(casino=world.c, actor=world.accountant_c, name="SMS")
    assert refused.value.code == "wrong_role"
    with pytest.raises(DomainError) as refused:
        slot_system_register(casino=world.c, actor=manager, name="SMS", rate_per_minute=0)
    assert refused.value.field == "rate_per_minute"
    with pytest.raises(DomainError) as refused:
        slot_system_register(casino=world.a, actor=world.manager_a, name="SMS")
    assert refused.value.code == "wrong_jurisdiction"  # electronic gaming cards are Luxembourg's
    system, key = slot_system_register(casino=world.c, actor=manager, name="SMS")
    assert system.rate_per_minute == 6000 and system.user.role == "accountant" and system.user.casino == world.c
    with pytest.raises(DomainError) as refused:
        slot_system_register(casino=world.c, actor=manager, name="sms")
    assert refused.value.code == "duplicate"
    assert set(SlotSystem.objects.visible_to(world.accountant_c)) == {system}
    assert not SlotSystem.objects.visible_to(world.accountant_a).exists()
    assert not SlotSystem.objects.visible_to(world.regulator_qc).exists()


@pytest.mark.django_db
def test_the_commands_set_a_system_s_rate_and_print_the_casino_s_public_key(world, rules):
    from io import StringIO

    from django.core.management import CommandError, call_command

    from registers.chain.keys import public_hex, public_key
    from registers.chain.services import checkpoint_create, register_for

    slots = slot_setup(world)
    out = StringIO()
    call_command("slot_system_rate", "--casino", world.c.code, "--manager", slots.manager.username,
                 "--name", slots.system.name, "--rate", "120", stdout=out)
    slots.system.refresh_from_db()
    assert slots.system.rate_per_minute == 120 and "120 requêtes par minute" in out.getvalue()
    with pytest.raises(CommandError, match="rate_per_minute"):
        call_command("slot_system_rate", "--casino", world.c.code, "--manager", slots.manager.username,
                     "--name", slots.system.name, "--rate", "0")
    with pytest.raises(CommandError, match="wrong_role|direction"):
        call_command("slot_system_rate", "--casino", world.c.code, "--manager", world.accountant_c.username,
                     "--name", slots.system.name, "--rate", "10")
    checkpoint_create(register=register_for(casino=world.c, kind="cartes"), user=slots.manager)
    out = StringIO()
    call_command("registers_public_key", "--casino", world.c.code, stdout=out)
    key = public_key(world.c.code)
    assert key is not None and out.getvalue().strip() == public_hex(key)
