"""A slot system's debits and credits sent together (issue 19 point 5, migration 0028): each answered as if sent
alone with its key, in the order sent, appended together where they fit (LU RGD 1979 art. 3-4 1), 2), 7))."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from registers.cards import errors as card_errors
from registers.cards.ledger import _machine as ledger_machine
from registers.cards.ledger import money
from registers.cards.selectors import card_ledger_sum
from registers.cards.slot_system import services as slot_services
from registers.cards.slot_system.services import slot_batch, slot_debit
from registers.chain.services import register_for
from registers.chain.verification import register_verify
from registers.kinds import RegisterKind
from registers.models import Card, Entry, SlotRequest
from tests.test_cards_play_sql import _payload
from tests.test_slot_api import slot_setup

BATCH = reverse("api-slots-batch")


def _op(operation: str, key: str, card: Card, amount: str, **extra) -> dict:
    return {"operation": operation, "key": key, "card": card.number, "amount": amount, "currency": "EUR",
            "machine": "AS-042", **extra}


def _plays(context) -> int:
    return sum("vigie_slot_plays(" in q["sql"] for q in context.captured_queries)


def _written(world) -> tuple[int, int]:
    return (Entry.objects.filter(register__casino=world.c).count(),
            SlotRequest.objects.filter(slot_system__casino=world.c).count())


@pytest.mark.django_db
def test_a_batch_is_answered_in_order_each_as_alone_with_refusals_and_a_win_past_the_cap(world, rules):
    slots = slot_setup(world)  # the card holds 100 (cap 2,000), the day card 200 (cap 250)
    sent = [
        _op("debit", "k-1", slots.card, "10.00"),
        _op("debit", "k-2", slots.card, "500.00"),  # beyond the balance: refused, nothing written
        _op("credit", "k-3", slots.day_card, "5,00"),
        _op("debit", "k-4", slots.card, "90.00"),  # fits only after k-1: the order sent is kept
        _op("debit", "k-5", slots.foreign_card, "1.00"),  # another casino's card: unknown (art. 3-1 2))
        _op("credit", "k-6", slots.day_card, "100.00"),  # past the cap: 45 credited, 55 paid by hand (3-4 7))
        _op("credit", "k-7", slots.card, "3.00"),
    ]
    before = Entry.objects.filter(register__casino=world.c).count()
    with CaptureQueriesContext(connection) as queries:
        answers = slot_batch(system=slots.system, operations=sent)
    assert [a.status for a in answers] == [201, 400, 201, 201, 404, 201, 201]
    assert answers[1].body["code"] == "insufficient_balance" and answers[4].body["code"] == "unknown_card"
    assert [answers[n].body["balance"] for n in (0, 2, 3, 5, 6)] == ["90.00", "205.00", "0.00", "250.00", "3.00"]
    assert (answers[5].body["credited"], answers[5].body["excess"]) == ("45.00", "55.00")
    assert answers[5].body["manual_payout"]["entry"]["kind"] == "carte.gain_excedent"
    # one statement for k-1 to k-4 (the refusal of k-2 writes nothing: it does not stop the others), then one each
    # for k-6 and k-7 after the general path's answers to k-5 and to k-6, which fits no more
    assert _plays(queries) == 3
    assert answers[1].body["message"] == str(card_errors.CARD_INSUFFICIENT.format(
        amount=money(slots.card, Decimal("500.00")), balance=money(slots.card, Decimal("90.00"))))
    entries = list(Entry.objects.filter(register__casino=world.c).order_by("seq")[before:])
    assert [(e.kind, e.seq) for e in entries] == [
        ("carte.mise", answers[0].body["entry"]["seq"]), ("carte.gain", answers[2].body["entry"]["seq"]),
        ("carte.mise", answers[3].body["entry"]["seq"]), ("carte.gain", answers[5].body["entry"]["seq"]),
        ("carte.gain_excedent", answers[5].body["manual_payout"]["entry"]["seq"]),
        ("carte.gain", answers[6].body["entry"]["seq"])]
    assert [e.seq for e in entries] == list(range(entries[0].seq, entries[0].seq + 6))
    stored = {r.key: (r.status_code, r.response) for r in SlotRequest.objects.filter(slot_system=slots.system)}
    assert stored == {op["key"]: (a.status, a.body) for op, a in zip(sent, answers, strict=True)}
    for card in Card.objects.filter(pk__in=[slots.card.pk, slots.day_card.pk]):
        assert card.balance == card_ledger_sum(card)
    assert register_verify(register_for(casino=world.c, kind=RegisterKind.CARTES)).ok


@pytest.mark.django_db
def test_a_batch_sent_again_is_replayed_whole_and_a_key_with_another_body_is_that_operations_409(world, rules):
    slots = slot_setup(world)
    sent = [_op("debit", "k-1", slots.card, "10.00"), _op("credit", "k-2", slots.card, "4.00")]
    first = slot_batch(system=slots.system, operations=sent)
    written = _written(world)
    with CaptureQueriesContext(connection) as queries:
        again = slot_batch(system=slots.system, operations=sent)
    assert [(a.status, a.body, a.replayed) for a in again] == [(a.status, a.body, True) for a in first]
    assert len(queries) == 1  # the keys' answers read at once
    alone = slot_debit(system=slots.system, key="k-1", card=slots.card.number, amount="10.00", currency="EUR",
                       machine="AS-042")
    assert (alone.body, alone.replayed) == (first[0].body, True)
    assert _written(world) == written
    mixed = slot_batch(system=slots.system, operations=[_op("debit", "k-1", slots.card, "11.00"),
                                                        _op("debit", "k-3", slots.card, "1.00")])
    assert [a.status for a in mixed] == [409, 201] and not mixed[1].replayed
    assert mixed[0].body["code"] == "idempotency_key_reused" and mixed[1].body["balance"] == "93.00"


@pytest.mark.django_db
@pytest.mark.parametrize(("operations", "field"), [
    ([], "operations"),
    ("not a list", "operations"),
    ([{"operation": "bet"}], "operations[0].operation"),
    (["debit"], "operations[0].operation"),
    ([{"operation": "debit", "key": " "}], "operations[0].key"),
    ([{"operation": "debit", "key": "k-1"}, {"operation": "credit", "key": "k-1"}], "operations[1].key"),
])
def test_a_batch_of_the_wrong_shape_is_refused_whole_and_writes_nothing(world, rules, operations, field):
    slots = slot_setup(world)
    operations = [op if not isinstance(op, dict) else {**_op("debit", "x", slots.card, "1.00"), **op}
                  for op in operations] if isinstance(operations, list) else operations
    written = _written(world)
    with pytest.raises(DomainError) as refused:
        slot_batch(system=slots.system, operations=operations)
    assert list(refused.value.field_errors) == [field]
    assert _written(world) == written


@pytest.mark.django_db
def test_a_batch_larger_than_its_limit_is_refused(world, rules):
    slots = slot_setup(world)
    operations = [_op("debit", f"k-{n}", slots.card, "0.01") for n in range(slot_services.BATCH_MAX + 1)]
    with pytest.raises(DomainError) as refused:
        slot_batch(system=slots.system, operations=operations)
    assert list(refused.value.field_errors) == ["operations"] and "500" in str(refused.value.message)


@pytest.mark.django_db
def test_the_api_answers_a_batch_in_order_and_refuses_a_malformed_one_naming_the_field(world, rules):
    slots = slot_setup(world)
    sent = [_op("debit", "h-1", slots.card, "10.00"), _op("debit", "h-2", slots.card, "500.00")]
    response = slots.api.post(BATCH, {"operations": sent}, format="json")
    assert response.status_code == 200
    results = response.json()["results"]
    assert [(r["key"], r["status"], r["replayed"]) for r in results] == [("h-1", 201, False), ("h-2", 400, False)]
    assert results[0]["body"]["balance"] == "90.00" and results[1]["body"]["code"] == "insufficient_balance"
    again = slots.api.post(BATCH, {"operations": sent}, format="json").json()["results"]
    assert [(r["body"], r["replayed"]) for r in again] == [(r["body"], True) for r in results]
    written = _written(world)
    bad = slots.api.post(BATCH, {"operations": [_op("debit", "h-3", slots.card, "1.00"),
                                                _op("debit", "h-4", slots.card, "1.001")]}, format="json")
    assert bad.status_code == 400 and list(bad.json()["field_errors"]) == ["operations[1].amount"]
    assert _written(world) == written


@pytest.mark.django_db
def test_a_batch_counts_each_operation_in_the_systems_rate(world, rules):
    slots = slot_setup(world, rate=5)
    sent = [_op("debit", f"r-{n}", slots.card, "1.00") for n in range(6)]
    response = slots.api.post(BATCH, {"operations": sent}, format="json")
    assert response.status_code == 429 and response.json()["code"] == "rate_limited"
    assert not SlotRequest.objects.filter(slot_system=slots.system).exists()


def _entry_ref(entry: Entry) -> dict:
    return {"kind": entry.kind, "seq": entry.seq, "hash": entry.hash}


@pytest.mark.django_db
def test_the_next_operations_of_a_statement_write_what_one_sent_alone_writes(world, rules):
    """After the first (vigie_slot_play's, every check), a statement writes each next one itself: the same payload,
    hash, movement, balance, answer and key's row as an operation sent alone."""
    slots = slot_setup(world)
    card, day_card = slots.card, slots.day_card
    sent = [_op("debit", "k-1", card, "1.00"), _op("credit", "k-2", day_card, "7,5", machine="AS-7 « ≥ 2 » \"x\""),
            _op("debit", "k-3", card, "12.25")]
    with CaptureQueriesContext(connection) as queries:
        answers = slot_batch(system=slots.system, operations=sent)
    assert _plays(queries) == 1
    credit, debit = (Entry.objects.get(pk=SlotRequest.objects.get(key=key).entry_id) for key in ("k-2", "k-3"))
    assert credit.payload == _payload(day_card, Decimal("7.50"), "AS-7 « ≥ 2 » \"x\"", Decimal("7.50"),
                                      Decimal("207.50"))
    assert debit.payload == _payload(card, Decimal("12.25"), "AS-042", Decimal("-12.25"), Decimal("86.75"))
    assert answers[1].body == {
        "operation": "credit", "card": day_card.number, "amount": "7.50", "currency": "EUR",
        "machine": "AS-7 « ≥ 2 » \"x\"", "credited": "7.50", "excess": "0.00", "manual_payout": None,
        "balance": "207.50", "entry": _entry_ref(credit)}
    assert answers[2].body == {"operation": "debit", "card": card.number, "amount": "12.25", "currency": "EUR",
                               "machine": "AS-042", "balance": "86.75", "entry": _entry_ref(debit)}
    assert (debit.seq, debit.prev_hash) == (credit.seq + 1, credit.hash)
    assert [(m.delta, m.balance_after) for m in debit.card_movements.all()] == [(Decimal("-12.25"), Decimal("86.75"))]
    alone = slot_debit(system=slots.system, key="k-4", card=card.number, amount="12.25", currency="EUR",
                       machine="AS-042")  # one sent alone, vigie_slot_play's: the same answer but its entry
    assert {**alone.body, "entry": None, "balance": None} == {**answers[2].body, "entry": None, "balance": None}
    for row in SlotRequest.objects.filter(key__in=["k-2", "k-3"]):
        assert (row.status_code, row.response) == (201, answers[int(row.key[-1]) - 1].body)
    for each in (card, day_card):
        each.refresh_from_db()
        assert each.balance == card_ledger_sum(each)
    assert register_verify(register_for(casino=world.c, kind=RegisterKind.CARTES)).ok


@pytest.mark.django_db
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cents=st.integers(min_value=1, max_value=5_000), machine=st.text(min_size=1, max_size=60).filter(str.strip))
def test_any_amount_and_machine_name_of_a_next_operation_hash_as_the_chains_code_does(world, rules, cents, machine):
    slots = world.__dict__.setdefault("_batch_slots", None) or slot_setup(world)
    world._batch_slots = slots
    amount = Decimal(cents) / 100
    try:
        cleaned = ledger_machine(machine)
    except DomainError:
        return  # refused before any statement, as by the general path
    slots.card.refresh_from_db()
    before = slots.card.balance
    key = f"h-{Entry.objects.count()}"
    answers = slot_batch(system=slots.system, operations=[
        _op("debit", f"{key}-a", slots.card, "0.01"), _op("credit", f"{key}-b", slots.card, str(amount),
                                                           machine=machine)])
    if answers[1].body.get("manual_payout"):  # past the cap: the general path's
        return
    entry = Entry.objects.get(pk=SlotRequest.objects.get(key=f"{key}-b").entry_id)
    after = before - Decimal("0.01") + amount
    assert entry.payload == _payload(slots.card, amount.quantize(Decimal("0.01")), cleaned,
                                     amount.quantize(Decimal("0.01")), after)
    assert answers[1].body["balance"] == f"{after:.2f}"
    assert register_verify(register_for(casino=world.c, kind=RegisterKind.CARTES)).ok


@pytest.mark.django_db
def test_a_batchs_statements_keep_to_their_indexes_whatever_the_statistics_said_when_they_were_planned(world, rules):
    """Each session keeps one generic plan per statement (migration 0026): made while the key table looked empty
    (VACUUM ANALYZE on a new installation), it scanned the table whole for each operation once it had grown, which
    halved a chain's rate (1,543 against 3,202 operations a second in ./scripts/bench _probe, issue 19)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT proconfig FROM pg_proc WHERE proname = 'vigie_slot_plays'")
        assert cursor.fetchone()[0] == ["enable_seqscan=off"]
    slots = slot_setup(world)
    with CaptureQueriesContext(connection) as queries:
        slot_batch(system=slots.system, operations=[_op("debit", "k-1", slots.card, "1.00")])
    kept = [q["sql"] for q in queries if "FROM registers_slotrequest" in q["sql"] and q["sql"].startswith("SELECT key")]
    assert len(kept) == 1 and "%s" not in kept[0]  # not a prepared statement: planned for its keys each time
