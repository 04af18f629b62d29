"""Registers are evidence: append-only in PostgreSQL, hash-chained, checkpoints signed with a key kept
outside the database; tampering is found and located. Orphelins follow LU RGD 1979 art. 8."""

import datetime
import json
import threading
from decimal import Decimal
from io import StringIO

import psycopg
import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection, connections

from compliance.errors import DomainError
from registers.chain import offline_verify
from registers.chain.services import checkpoint_create, entry_append, pending_countersign, register_for, session_close
from registers.chain.verification import register_export
from registers.models import Checkpoint, Entry, PendingEntry, Register
from registers.orphelins.selectors import orphelin_state
from registers.orphelins.services import FINAL, orphelin_file, orphelin_return, orphelins_finalize
from tests.conftest import lu_today, make_user

pytestmark = pytest.mark.django_db
TODAY = lu_today


@pytest.fixture
def lu(world, rules):
    """Casino C (Luxembourg) with a cashier and a manager."""
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _filled(world, count=10) -> Register:
    register = register_for(casino=world.c, kind="orphelins")
    for index in range(count):
        entry_append(register=register, kind="test", gaming_day=TODAY(), actor=world.accountant_c,
                     countersigner=world.manager_c, payload={"i": index, "amount": Decimal("12.50")})
    return register


def _verify(*args) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("registers_verify", *args, stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


# --- append-only ---------------------------------------------------------------------------------

def _app_sql(statement: str):
    db = connection.settings_dict
    url = settings.DATABASE_APP_URL.rsplit("/", 1)[0] + f"/{db['NAME']}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(statement)


@pytest.fixture
def lu_tx(world_tx, rules):
    """Casino C committed: the application's connection below must not wait on this test's transaction, where the
    year's partition of the entries was opened (attaching one locks the writers out until the commit)."""
    world_tx.manager_c = make_user("direction.c", "manager", casino=world_tx.c)
    return world_tx


def test_18_15_entries_cannot_be_changed_through_the_orm_nor_as_the_application_role(lu_tx):
    lu = lu_tx
    register = _filled(lu, 3)
    checkpoint_create(register=register, user=lu.manager_c)
    entry = Entry.objects.get(register=register, seq=2)
    before = (Entry.objects.count(), Checkpoint.objects.count(), entry.hash)
    attempts = [
        lambda: setattr(entry, "kind", "autre") or entry.save(),
        lambda: Entry.objects.filter(pk=entry.pk).update(kind="autre"),
        lambda: Entry.objects.filter(pk=entry.pk).delete(),
        lambda: Entry.objects.bulk_update([entry], ["kind"]),
        lambda: Checkpoint.objects.all().update(size=99),
        lambda: Checkpoint.objects.all().delete(),
    ]
    for attempt in attempts:
        with pytest.raises(Exception, match="ajout seul|append-only"), connection.cursor():
            from django.db import transaction

            with transaction.atomic():
                attempt()
    assert settings.DATABASE_APP_URL, "scripts/test gives the application role's URL"
    for statement in ("UPDATE registers_entry SET kind = 'x'", "DELETE FROM registers_entry",
                      "TRUNCATE registers_entry", "TRUNCATE registers_entry CASCADE",
                      "UPDATE registers_checkpoint SET size = 0", "DELETE FROM registers_checkpoint"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            _app_sql(statement)
    entry.refresh_from_db()
    assert (Entry.objects.count(), Checkpoint.objects.count(), entry.hash) == before
    _app_sql("SELECT count(*) FROM registers_entry")  # reading stays allowed


# --- tampering found and located -----------------------------------------------------------------

def _superuser(statements: list[str]):
    """As a superuser with the triggers disabled, the way only an administrator could."""
    assert settings.DATABASE_SUPERUSER_URL, "scripts/test gives the superuser's URL for these tests"
    url = settings.DATABASE_SUPERUSER_URL.rsplit("/", 1)[0] + f"/{connection.settings_dict['NAME']}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")
        for statement in statements:
            conn.execute(statement)


def _id(register, seq):
    return Entry.objects.get(register=register, seq=seq).pk


@pytest.fixture
def chained(world_tx, rules):
    """Ten entries and a signed checkpoint, committed: the superuser's connection must see them."""
    world_tx.manager_c = make_user("direction.c", "manager", casino=world_tx.c)
    register = _filled(world_tx, 10)
    checkpoint_create(register=register, user=world_tx.manager_c)
    return register


def test_untouched_registers_verify_and_exit_0(chained):
    code, out = _verify()
    assert code == 0 and "casino-c/orphelins : 10 écritures, 1 point de contrôle — intègre" in out


def test_one_changed_byte_of_one_payload_is_found_at_its_number(chained):
    changed = f"UPDATE registers_entry SET payload = replace(payload, '12.50', '12.51') WHERE id = {_id(chained, 5)}"
    _superuser([changed])
    code, out = _verify("--casino", "casino-c", "--register", "orphelins")
    assert code == 1 and "ROMPU au n° 5" in out and "n° 5 : changed" in out


def test_a_deleted_middle_row_is_found_missing(chained):
    _superuser([f"DELETE FROM registers_entry WHERE id = {_id(chained, 5)}"])
    code, out = _verify()
    assert code == 1 and "ROMPU au n° 5" in out and "n° 5 : missing" in out


def test_two_swapped_sequence_numbers_are_found_reordered(chained):
    four, five = _id(chained, 4), _id(chained, 5)
    _superuser([f"UPDATE registers_entry SET seq = 1000 WHERE id = {four}",
                f"UPDATE registers_entry SET seq = 4 WHERE id = {five}",
                f"UPDATE registers_entry SET seq = 5 WHERE id = {four}"])
    code, out = _verify()
    assert code == 1 and "ROMPU au n° 4" in out and "n° 4 : reordered" in out and "n° 5 : reordered" in out


def test_a_tail_cut_after_a_signed_checkpoint_is_found_truncated(chained):
    _superuser([f"DELETE FROM registers_entry WHERE id IN ({_id(chained, 9)}, {_id(chained, 10)})"])
    code, out = _verify()
    assert code == 1 and "ROMPU au n° 9" in out and "n° 9 : truncated" in out


def test_a_forged_checkpoint_signature_is_found(chained):
    checkpoint = Checkpoint.objects.get(register=chained)
    forged = ("00" if checkpoint.signature[:2] != "00" else "11") + checkpoint.signature[2:]
    _superuser([f"UPDATE registers_checkpoint SET signature = '{forged}' WHERE id = {checkpoint.pk}"])
    code, out = _verify()
    assert code == 1 and "ROMPU au n° 10" in out and "bad_signature" in out


def test_a_rewritten_chain_with_every_hash_recomputed_still_fails_at_the_signed_checkpoint(chained):
    # an administrator who rewrites entry 3 and recomputes every later hash cannot re-sign the checkpoint
    from registers.chain.verification import chain_entries

    entries = list(chain_entries(chained))
    previous = entries[1].hash
    statements = []
    for data in entries[2:]:
        payload = data.payload.replace("12.50", "1.00") if data.seq == 3 else data.payload
        rewritten = type(data)(**{**data.__dict__, "payload": payload, "prev_hash": previous, "hash": ""})
        digest = rewritten.digest()
        statements.append(f"UPDATE registers_entry SET payload = '{payload}', prev_hash = '{previous}', "
                          f"hash = '{digest}' WHERE id = {_id(chained, data.seq)}")
        previous = digest
    _superuser(statements)
    code, out = _verify()
    assert code == 1 and "n° 10 : checkpoint_mismatch" in out


def test_the_offline_verifier_reads_an_export_without_the_database(chained, tmp_path, capsys):
    document = register_export(chained)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document))
    assert offline_verify.main([str(path), "--public-key", document["public_key"]]) == 0
    document["entries"][6]["payload"] = document["entries"][6]["payload"].replace("12.50", "12.05")
    path.write_text(json.dumps(document))
    assert offline_verify.main([str(path), "--public-key", document["public_key"]]) == 1
    assert "ROMPU au n° 7" in capsys.readouterr().out


# --- concurrency ---------------------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_50_parallel_writers_keep_one_gapless_chain(world_tx, rules):
    manager = make_user("direction.c", "manager", casino=world_tx.c)
    register = register_for(casino=world_tx.c, kind="orphelins")
    failures, barrier = [], threading.Barrier(50)

    def write(index):
        try:
            barrier.wait()
            entry_append(register=register, kind="test", gaming_day=TODAY(), actor=world_tx.accountant_c,
                         countersigner=manager, payload={"writer": index})
        except Exception as exc:  # noqa: BLE001 — reported below
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(i,)) for i in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    seqs = list(Entry.objects.filter(register=register).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, 51))
    payloads = Entry.objects.filter(register=register).values_list("payload", flat=True)
    assert {json.loads(p)["writer"] for p in payloads} == set(range(50))
    code, out = _verify()
    assert code == 0 and "50 écritures" in out


# --- two people, closed sessions -----------------------------------------------------------------

def _file(world, day, **overrides):
    fields = {"casino": world.c, "actor": world.accountant_c, "gaming_day": day, "source": "table",
              "amount": "100.00", "currency": "EUR", "location": "Table de roulette 3",
              "late_reason": "Fiche retrouvée au contrôle"} | overrides  # used only past the casino's delay
    return orphelin_file(**fields)


def _registered(world, days_ago):
    pending = _file(world, TODAY() - datetime.timedelta(days=days_ago))
    return pending_countersign(pending=pending, countersigner=world.manager_c)


def test_18_15_countersignature_by_the_same_person_or_a_cashier_is_refused_and_writes_nothing(lu):
    pending = _file(lu, TODAY())
    other_cashier = make_user("compta.c2", "accountant", casino=lu.c)
    with pytest.raises(DomainError) as same:
        pending_countersign(pending=pending, countersigner=lu.accountant_c)
    with pytest.raises(DomainError) as role:
        pending_countersign(pending=pending, countersigner=other_cashier)
    assert (same.value.code, same.value.field) == ("same_person", "countersigner")
    assert role.value.code == "wrong_role"
    assert "Contrôle interne du casino : seconde signature" in str(role.value.message)
    assert Entry.objects.count() == 0
    entry = pending_countersign(pending=pending, countersigner=lu.manager_c)
    assert (entry.seq, entry.actor, entry.countersigner) == (1, lu.accountant_c, lu.manager_c)
    assert PendingEntry.objects.get(pk=pending.pk).entry == entry


@pytest.mark.parametrize(("field", "overrides", "code"), [
    ("amount", {"amount": "-5"}, "amount_not_positive"), ("amount", {"amount": "0"}, "amount_not_positive"),
    ("amount", {"amount": "abc"}, "invalid_amount"), ("amount", {"amount": "1.005"}, "invalid_amount"),
    ("currency", {"currency": "CAD"}, "wrong_currency"), ("location", {"location": " "}, "required"),
    ("source", {"source": "ailleurs"}, "unknown_source"),
    ("gaming_day", {"gaming_day": datetime.date(2099, 1, 1)}, "future_day"),
])
def test_bad_input_names_the_field_and_writes_nothing(lu, field, overrides, code):
    with pytest.raises(DomainError) as refused:
        _file(lu, TODAY(), **overrides)
    assert (refused.value.field, refused.value.code) == (field, code)
    assert PendingEntry.objects.count() == 0 and Entry.objects.count() == 0


def test_nothing_is_filed_on_a_closed_gaming_day_and_closing_signs_every_register(lu):
    yesterday = TODAY() - datetime.timedelta(days=1)
    _registered(lu, 1)
    session_close(casino=lu.c, gaming_day=yesterday, user=lu.manager_c)
    assert Checkpoint.objects.filter(reason="session_close", size=1).count() == 1
    with pytest.raises(DomainError) as refused:
        _file(lu, yesterday)
    assert (refused.value.code, refused.value.field) == ("session_closed", "gaming_day")


# --- orphelins -----------------------------------------------------------------------------------

def _return(world, entry, day=None, **overrides):
    fields = {"entry": entry, "actor": world.accountant_c, "gaming_day": day or TODAY(), "owner_name": "Jean Dupont",
              "owner_document": "Carte d'identité LU 123456", "right_established": True,
              "evidence": "Ticket de caisse"} | overrides
    return orphelin_return(**fields)


def test_art_8_al_3_returned_on_day_6_and_on_day_7(lu):
    for days in (6, 7):
        entry = _registered(lu, days)
        returned = _return(lu, entry)
        assert returned.refers_to == entry and orphelin_state(entry).status == "returned"


def test_art_8_al_3_refused_on_day_8_with_the_deadline_and_the_article(lu):
    entry = _registered(lu, 8)
    with pytest.raises(DomainError) as refused:
        _return(lu, entry)
    assert refused.value.code == "deadline_passed" and refused.value.field == "gaming_day"
    from compliance.formatting import date

    deadline = date(entry.gaming_day + datetime.timedelta(days=7), jurisdiction=lu.c.jurisdiction)
    assert deadline in str(refused.value.message) and "LU RGD 1979 art. 8" in str(refused.value.message)
    assert orphelin_state(entry).status == "registered"


def test_art_8_al_3_the_period_comes_from_the_rule_data(lu):
    from games.models import RuleValueVersion

    entry = _registered(lu, 8)
    RuleValueVersion.objects.filter(rule__key="lu.orphelins.delai_restitution").update(value=10)
    assert orphelin_state(entry).deadline == entry.gaming_day + datetime.timedelta(days=10)
    _return(lu, entry)


def test_art_8_al_3_the_owner_must_establish_the_right(lu):
    entry = _registered(lu, 1)
    with pytest.raises(DomainError) as refused:
        _return(lu, entry, right_established=False)
    assert refused.value.field == "right_established"
    with pytest.raises(DomainError) as refused:
        _return(lu, entry, owner_document="")
    assert refused.value.field == "owner_document"
    _return(lu, entry)
    with pytest.raises(DomainError) as twice:
        _return(lu, entry)
    assert twice.value.code == "not_open"


@pytest.mark.parametrize("source", ["credits_appareil", "pieces_tokens", "carte_anonyme", "mise_consignee"])
def test_art_18_12_3_4_and_49_1_what_is_assimilated_to_found_money(lu, source):
    entry = pending_countersign(pending=_file(lu, TODAY(), source=source), countersigner=lu.manager_c)
    payload = json.loads(entry.payload)
    assert payload["source"] == source and payload["amount"] == "100.00" and payload["citation"].startswith("LU RGD")


def test_art_8_found_money_rules_apply_only_where_the_rule_data_gives_a_period(world, rules):
    with pytest.raises(DomainError) as refused:
        orphelin_file(casino=world.a, actor=world.accountant_a, gaming_day=world.a.today(), source="table",
                      amount="10.00", currency="CAD", location="Table 1")
    assert refused.value.code == "wrong_jurisdiction" and PendingEntry.objects.count() == 0


def test_art_8_unclaimed_orphans_become_definitive_after_the_period_each_a_new_entry(lu):
    old, recent = _registered(lu, 9), _registered(lu, 2)
    done = orphelins_finalize(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY())
    assert [e.refers_to for e in done] == [old] and done[0].kind == FINAL
    assert orphelin_state(old).status == "final" and orphelin_state(recent).status == "registered"
    assert orphelins_finalize(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY()) == []
    code, _out = _verify()
    assert code == 0


def test_art_8_the_scheduled_job_finalizes_every_casino_as_the_platform_itself(lu):
    from registers.orphelins.services import orphelins_finalize_due

    old = _registered(lu, 9)
    assert orphelins_finalize_due() == 1 and orphelins_finalize_due() == 0
    closing = orphelin_state(old).closing
    assert closing.kind == FINAL and closing.actor.username == "vigie-automate"
    assert not closing.actor.has_usable_password()


def test_art_3_4_8_a_found_nominative_card_is_held_one_week_before_its_balance_is_an_orphan(lu):
    found = TODAY() - datetime.timedelta(days=6)
    with pytest.raises(DomainError) as held:
        _file(lu, TODAY(), source="carte_nominative", found_on=found)
    assert held.value.code == "card_still_held" and "LU RGD 1979 art. 3-4" in str(held.value.message)
    with pytest.raises(DomainError) as missing:
        _file(lu, TODAY(), source="carte_nominative")
    assert missing.value.field == "found_on"
    pending = _file(lu, TODAY(), source="carte_nominative", found_on=TODAY() - datetime.timedelta(days=7))
    assert json.loads(pending.payload)["found_on"] == (TODAY() - datetime.timedelta(days=7)).isoformat()


# --- the gaming day is bounded (issue 20) -------------------------------------------------------------------

@pytest.mark.parametrize("day", [datetime.date(2000, 1, 1), datetime.date(1996, 1, 4)])
def test_18_15_no_entry_for_a_gaming_day_before_the_casino_s_registers_were_opened_in_vigie(world, rules, day):
    """The fuzzer's statements dated 2000-01-01 and 1996-01-04: years before the casino or its register existed."""
    from registers.kinds import RegisterKind
    from tests.conftest import OPENED_ON

    register = register_for(casino=world.c, kind=RegisterKind.JACKPOTS)
    with pytest.raises(DomainError) as refused:
        entry_append(register=register, kind="jackpot.paiement_manuel", gaming_day=day, actor=world.accountant_c,
                     payload={})
    assert (refused.value.code, refused.value.field) == ("before_opening", "gaming_day")
    assert "depuis le 1 janvier 2024" in str(refused.value.message)
    with pytest.raises(DomainError) as filed:
        orphelin_file(casino=world.c, actor=world.accountant_c, gaming_day=day, source="table", amount="5.00",
                      currency="EUR", location="Table 1")
    assert filed.value.code == "before_opening"
    assert Entry.objects.filter(register__casino=world.c).count() == 0 and PendingEntry.objects.count() == 0
    manager = make_user("direction.opening", "manager", casino=world.c)
    entry_append(register=register, kind="jackpot.paiement_manuel", gaming_day=OPENED_ON, actor=world.accountant_c,
                 payload={"late_filing": {"reason": "Reprise des registres"}}, countersigner=manager)
    # the opening day itself is a gaming day of the registers (long past the casino's delay, so filed late)
