"""Issue 19 point 5: a slot bet or win that fits is one statement (migration 0019), and writes what the general
path of the card ledger writes: the same payload byte for byte, a hash the chain's own code verifies, the same
balance and movement; the slot API keeps the same answer for its key. Whatever does not fit goes the general path,
which refuses with its article or writes as before."""

import json
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from registers import prepared
from registers.cards import ledger
from registers.cards.selectors import card_ledger_sum
from registers.cards.slot_system.services import slot_batch, slot_credit, slot_debit
from registers.chain import hashing as chain
from registers.chain.services import register_for
from registers.chain.verification import register_verify
from registers.kinds import RegisterKind
from registers.models import CardMovement, Entry, GamingSession, SlotRequest
from tests.conftest import lu_today
from tests.test_slot_api import slot_setup

D = Decimal
SLOT_PLAY = "vigie_slot_play"


def _payload(card, amount: D, machine: str, delta: D, after: D) -> str:
    """The payload the general path writes (ledger.record)."""
    return chain.canonical(ledger.with_movements({"card": card.number, "amount": amount, "machine": machine},
                                                 [(card.number, delta, after)]))


def _statements(context) -> list[str]:
    return [q["sql"] for q in context.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]


@pytest.mark.django_db
def test_a_bet_and_a_win_that_fit_are_one_statement_with_the_general_paths_payload_and_a_verified_hash(world, rules):
    slots = slot_setup(world)
    card, actor = slots.card, slots.system.user
    with CaptureQueriesContext(connection) as queries:
        bet = ledger.card_bet(card=card, actor=actor, amount="12,50", machine="AS-7 « salle ≥ 2 » \"x\" \\")
    assert [q.split("(")[0] for q in _statements(queries)] == ["SELECT * FROM vigie_card_play"]
    assert bet.balance == D("87.50") and bet.excess is None
    entry = Entry.objects.get(pk=bet.entry.pk)
    assert entry.payload == _payload(card, D("12.50"), "AS-7 « salle ≥ 2 » \"x\" \\", D("-12.50"), D("87.50"))
    assert (entry.kind, entry.seq, entry.hash) == (bet.entry.kind, bet.entry.seq, bet.entry.hash)
    win = ledger.card_win(card=card, actor=actor, amount="7", machine="AS-7")
    assert (win.balance, win.credited, win.excess) == (D("94.50"), D("7.00"), None)
    moves = list(CardMovement.objects.filter(card=card).order_by("id").values_list("delta", "balance_after"))
    assert moves[-2:] == [(D("-12.50"), D("87.50")), (D("7.00"), D("94.50"))]
    card.refresh_from_db()
    assert card.balance == card_ledger_sum(card) == D("94.50")
    assert register_verify(register_for(casino=world.c, kind=RegisterKind.CARTES)).ok


@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cents=st.integers(min_value=1, max_value=10_000), machine=st.text(min_size=1, max_size=60).filter(str.strip))
def test_any_amount_and_any_machine_name_hash_as_the_chains_code_does(world, rules, cents, machine):
    slots = slot_setup(world) if not hasattr(world, "_play_slots") else world._play_slots
    world._play_slots = slots
    card, actor = slots.card, slots.system.user
    amount = D(cents) / 100
    try:
        cleaned = ledger._machine(machine)
    except DomainError:
        return  # refused before any statement, as by the general path
    card.refresh_from_db()
    before = card.balance
    win = ledger.card_win(card=card, actor=actor, amount=amount, machine=machine)
    if win.excess is not None:  # past the cap: the general path's, nothing of migration 0019 to compare
        return
    entry = Entry.objects.get(pk=win.entry.pk)
    assert entry.payload == _payload(card, amount.quantize(D("0.01")), cleaned, amount.quantize(D("0.01")),
                                     before + amount)
    assert register_verify(register_for(casino=world.c, kind=RegisterKind.CARTES)).ok


@pytest.mark.django_db
def test_what_does_not_fit_goes_the_general_path_and_is_refused_or_written_as_before(world, rules):
    slots = slot_setup(world)
    card, actor = slots.card, slots.system.user
    with pytest.raises(DomainError) as refused:
        ledger.card_bet(card=card, actor=actor, amount="100.01", machine="AS-1")
    assert refused.value.code == "insufficient_balance"
    win = ledger.card_win(card=card, actor=actor, amount="1950.00", machine="AS-1")  # 50 past the cap of 2,000
    assert (win.balance, win.credited, win.excess.kind) == (D("2000.00"), D("1900.00"), "carte.gain_excedent")
    GamingSession.objects.create(casino=world.c, gaming_day=lu_today(), closed_by=slots.manager,
                                  closed_at=timezone.now())
    with pytest.raises(DomainError) as closed:
        ledger.card_bet(card=card, actor=actor, amount="1.00", machine="AS-1")
    assert closed.value.code == "session_closed"
    assert card_ledger_sum(card) == D("2000.00")


@pytest.mark.django_db
def test_under_a_draft_basis_the_first_operation_writes_the_basis_then_the_next_are_one_statement(world, rules):
    slots = slot_setup(world)
    world.c.draft_basis, world.c.draft_basis_since = "Lettre du Ministère, réf. MF/2026-1", lu_today()
    world.c.save(update_fields=["draft_basis", "draft_basis_since"])
    card, actor = slots.card, slots.system.user
    card.casino = world.c
    first = ledger.card_bet(card=card, actor=actor, amount="1.00", machine="AS-1")
    basis = Entry.objects.get(register_id=first.entry.register_id, kind="registre.base_projet")
    assert basis.seq == first.entry.seq - 1
    with CaptureQueriesContext(connection) as queries:
        second = ledger.card_bet(card=card, actor=actor, amount="1.00", machine="AS-1")
    assert "vigie_card_play" in _statements(queries)[-1] and second.entry.seq == first.entry.seq + 1
    assert Entry.objects.filter(register_id=first.entry.register_id, kind="registre.base_projet").count() == 1


@pytest.mark.django_db
def test_a_slot_debit_that_fits_is_one_statement_with_its_key_and_its_replay_is_the_same_answer(world, rules):
    slots = slot_setup(world)
    fields = {"card": slots.card.number, "amount": "10,00", "currency": "EUR", "machine": "AS-9"}
    with CaptureQueriesContext(connection) as queries:
        answer = slot_debit(system=slots.system, key="k-1", **fields)
    assert [q.split("(")[0] for q in _statements(queries)] == [f"SELECT * FROM {SLOT_PLAY}"]
    entry = Entry.objects.get(kind="carte.mise", register__casino=world.c)
    assert answer.status == 201 and answer.body == {
        "operation": "debit", "card": slots.card.number, "amount": "10.00", "currency": "EUR", "machine": "AS-9",
        "balance": "90.00", "entry": {"kind": "carte.mise", "seq": entry.seq, "hash": entry.hash}}
    request = SlotRequest.objects.get(key="k-1")
    assert (request.status_code, request.response, request.entry_id) == (201, answer.body, entry.pk)
    replay = slot_debit(system=slots.system, key="k-1", **fields)
    assert (replay.status, replay.body, replay.replayed) == (201, answer.body, True)
    with pytest.raises(DomainError) as reused:
        slot_debit(system=slots.system, key="k-1", **{**fields, "amount": "11.00"})
    assert reused.value.code == "idempotency_key_reused"
    credit = slot_credit(system=slots.system, key="k-2", **{**fields, "amount": "5"})
    assert json.dumps(credit.body, sort_keys=True) == json.dumps({
        "operation": "credit", "card": slots.card.number, "amount": "5.00", "currency": "EUR", "machine": "AS-9",
        "credited": "5.00", "excess": "0.00", "manual_payout": None, "balance": "95.00",
        "entry": {"kind": "carte.gain", "seq": entry.seq + 1,
                  "hash": Entry.objects.get(kind="carte.gain", register__casino=world.c).hash}}, sort_keys=True)


@pytest.mark.django_db
def test_a_slot_operation_that_does_not_fit_keeps_the_general_paths_refusal_for_its_key(world, rules):
    slots = slot_setup(world)
    fields = {"card": slots.card.number, "amount": "500.00", "currency": "EUR", "machine": "AS-9"}
    refused = slot_debit(system=slots.system, key="k-9", **fields)
    assert refused.status == 400 and refused.body["code"] == "insufficient_balance"
    assert SlotRequest.objects.get(key="k-9").status_code == 400
    unknown = slot_debit(system=slots.system, key="k-10", **{**fields, "card": slots.foreign_card.number})
    assert unknown.status == 404 and unknown.body["code"] == "unknown_card"
    assert not Entry.objects.filter(kind="carte.mise", register__casino=world.c).exists()


def _flush_lsn() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_flush_lsn() - '0/0'::pg_lsn")
        return int(cursor.fetchone()[0])


@pytest.mark.django_db(transaction=True)
def test_an_operation_on_its_own_commits_without_waiting_then_returns_only_once_its_wal_is_on_disk(
        world_tx, rules, monkeypatch):
    slots = slot_setup(world_tx)
    card, actor = slots.card, slots.system.user
    written = []  # where the WAL ended when the operation's statement returned, before the flush
    run = prepared._run

    def recorded(sql, params, fetch):
        row = run(sql, params, fetch)
        if "vigie_card_play" in sql or "vigie_slot_play" in sql:  # vigie_slot_plays too
            end, setting = connection.connection.execute(  # not logged: not the operation's
                "SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn, current_setting('synchronous_commit')").fetchone()
            written.append((int(end), setting))
        return row

    monkeypatch.setattr(prepared, "_run", recorded)
    with connection.cursor() as cursor:  # as the product's cluster has it (the tests' cluster does not wait)
        cursor.execute("SET synchronous_commit = on")
    with CaptureQueriesContext(connection) as queries:
        bet = ledger.card_bet(card=card, actor=actor, amount="12.50", machine="AS-7")
    assert _flush_lsn() >= written[-1][0] and written[-1][1] == "on"  # the setting was the statement's own
    assert [q.split(" -- ")[0] for q in _statements(queries)] == [
        f"SELECT f.* FROM {ledger.PLAY} f, set_config('synchronous_commit', 'off', true) s", prepared.FLUSHED]
    assert Entry.objects.get(pk=bet.entry.pk).hash == bet.entry.hash
    answer = slot_debit(system=slots.system, key="k-async", card=card.number, amount="1.00", currency="EUR",
                        machine="AS-7")
    assert answer.status == 201 and _flush_lsn() >= written[-1][0]
    with CaptureQueriesContext(connection) as queries, pytest.raises(DomainError):
        ledger.card_bet(card=card, actor=actor, amount="5000.00", machine="AS-7")  # nothing written: no flush
    assert prepared.FLUSHED not in [q.split(" -- ")[0] for q in _statements(queries)]
    card.refresh_from_db()
    assert card.balance == card_ledger_sum(card) == D("86.50")
    with CaptureQueriesContext(connection) as queries:
        batch = slot_batch(system=slots.system, operations=[
            {"operation": operation, "key": f"k-lot-{operation}", "card": card.number, "amount": "2.00",
             "currency": "EUR", "machine": "AS-7"} for operation in ("debit", "credit")])
    assert [a.status for a in batch] == [201, 201] and _flush_lsn() >= written[-1][0]
    assert [q.split(" -- ")[0] for q in _statements(queries)][-1] == prepared.FLUSHED
    assert register_verify(register_for(casino=world_tx.c, kind=RegisterKind.CARTES)).ok
