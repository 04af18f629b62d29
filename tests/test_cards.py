"""Electronic gaming cards: the limits of LU RGD 1979 art. 3-1 held by PostgreSQL under concurrent load."""

import datetime
import json
import threading
from decimal import Decimal

import psycopg
import pytest
from django.conf import settings
from django.db import connection, connections

from compliance.errors import DomainError
from registers.cards.ledger import card_load
from registers.cards.services import card_certificate_record, card_issue, client_register
from registers.models import Card, Entry
from tests.conftest import lu_today, make_user

TODAY = lu_today


def _setup(world):
    manager = make_user("direction.c", "manager", casino=world.c)
    card_certificate_record(casino=world.c, actor=manager, supplier="Cartes SA", reference="CERT-3-2-2026",
                            issued_on=datetime.date(2026, 1, 15))
    client = client_register(casino=world.c, actor=manager, last_name="Weber", first_name="Marie",
                             birth_date=datetime.date(1980, 5, 1), id_document_type="Carte d'identité",
                             id_document_number="LU123456")
    return manager, client


def _concurrently(count, work):
    failures, results, barrier = [], [], threading.Barrier(count)

    def run(index):
        try:
            barrier.wait()
            results.append(work(index))
        except DomainError as refused:
            failures.append(refused)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, failures


@pytest.mark.django_db
def test_3_2_no_card_before_the_system_certificate(world, rules):
    manager = make_user("direction.c", "manager", casino=world.c)
    with pytest.raises(DomainError) as refused:
        card_issue(casino=world.c, actor=manager, kind="journaliere", gaming_day=TODAY())
    assert refused.value.code == "no_certificate" and "LU RGD 1979 art. 3-2" in str(refused.value.message)
    assert Card.objects.count() == 0


@pytest.mark.django_db
def test_3_1_7_a_day_card_is_capped_at_250_and_says_where_it_is_valid(world, rules):
    manager, _client = _setup(world)
    card = card_issue(casino=world.c, actor=manager, kind="journaliere", gaming_day=TODAY())
    assert card.cap == Decimal("250.00") and card.mention == f"Valable uniquement au {world.c.name}"
    card_load(card=card, actor=world.accountant_c, amount="200.00", gaming_day=TODAY())
    with pytest.raises(DomainError) as refused:
        card_load(card=card, actor=world.accountant_c, amount="60.00", gaming_day=TODAY())
    assert refused.value.code == "above_cap" and "50,00" in str(refused.value.message)
    assert "LU RGD 1979 art. 3-1 7)" in str(refused.value.message)


@pytest.mark.django_db(transaction=True)
def test_3_1_7_twenty_concurrent_issues_for_one_client_give_exactly_two_active_cards(world_tx, rules):
    manager, client = _setup(world_tx)
    results, failures = _concurrently(20, lambda i: card_issue(casino=world_tx.c, actor=manager,
                                                                kind="nominative", client=client,
                                                                gaming_day=TODAY()))
    assert len(results) == 2 and len(failures) == 18
    assert {f.code for f in failures} == {"two_active_cards"}
    assert Card.objects.filter(client=client, status="active").count() == 2


@pytest.mark.django_db(transaction=True)
def test_3_1_6_hundred_concurrent_50_euro_loads_exactly_40_succeed_six_times(world_tx, rules):
    manager, _client = _setup(world_tx)
    for round_ in range(6):  # six races of 100 writers: the lock is what holds, not luck
        client = client_register(casino=world_tx.c, actor=manager, last_name=f"Joueur {round_}", first_name="A",
                                 birth_date=datetime.date(1990, 1, 1), id_document_type="Passeport",
                                 id_document_number=f"P{round_:04}")
        card = card_issue(casino=world_tx.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
        results, failures = _concurrently(100, lambda i, card=card: card_load(
            card=card, actor=world_tx.accountant_c, amount="50.00", gaming_day=TODAY()))
        card.refresh_from_db()
        payloads = Entry.objects.filter(kind="carte.chargement").values_list("payload", flat=True)
        ledger = [json.loads(p) for p in payloads]
        mine = [Decimal(m["delta"]) for p in ledger for m in p["movements"] if m["card"] == card.number]
        assert (len(results), len(failures)) == (40, 60), round_
        assert card.balance == Decimal("2000.00") == sum(mine)
        assert {f.code for f in failures} == {"above_cap"}


def _app_sql(statement: str):
    url = settings.DATABASE_APP_URL.rsplit("/", 1)[0] + f"/{connection.settings_dict['NAME']}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(statement)


@pytest.mark.django_db(transaction=True)
def test_3_1_6_and_8_postgresql_refuses_a_balance_above_the_cap_and_a_cross_client_transfer(world_tx, rules):
    manager, client = _setup(world_tx)
    other = client_register(casino=world_tx.c, actor=manager, last_name="Klein", first_name="Tom",
                            birth_date=datetime.date(1975, 3, 3), id_document_type="Passeport",
                            id_document_number="P9999")
    mine = card_issue(casino=world_tx.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
    theirs = card_issue(casino=world_tx.c, actor=manager, kind="nominative", client=other, gaming_day=TODAY())
    entry = card_load(card=mine, actor=world_tx.accountant_c, amount="100.00", gaming_day=TODAY())
    with pytest.raises(psycopg.errors.CheckViolation):
        _app_sql(f"UPDATE registers_card SET balance = 2000.01 WHERE id = {mine.pk}")
    with pytest.raises(psycopg.errors.CheckViolation):
        _app_sql(f"UPDATE registers_card SET cap = 5000.00, balance = 4000.00 WHERE id = {mine.pk}")
    with pytest.raises(psycopg.errors.ForeignKeyViolation):
        _app_sql("INSERT INTO registers_cardtransfer (from_card_id, to_card_id, client_id, amount, entry_id) "
                 f"VALUES ({mine.pk}, {theirs.pk}, {client.pk}, 50.00, {entry.pk})")
    mine.refresh_from_db()
    assert mine.balance == Decimal("100.00") and mine.cap == Decimal("2000.00")


@pytest.mark.django_db
def test_lu_3_1_7_a_lost_blocked_or_found_card_still_counts_until_it_is_closed(world, rules):
    from games.models import RuleValueVersion
    from registers.cards.services import card_found, card_status_change

    manager, client = _setup(world)
    first, second = (card_issue(casino=world.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
                     for _ in range(2))
    assert (first.slot, first.slots, second.slot, second.slots) == (1, 2, 2, 2)
    card_status_change(card=first, actor=world.accountant_c, change="lost", reason="signalée par le client")
    card_status_change(card=second, actor=manager, change="block")
    entries = Entry.objects.count()
    for _attempt in ("lost", "blocked", "found"):
        with pytest.raises(DomainError) as refused:
            card_issue(casino=world.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
        assert refused.value.code == "two_active_cards" and refused.value.field == "client"
        assert "2 cartes nominatives attribuées" in str(refused.value.message)
        assert "LU RGD 1979 art. 3-1 7) (projet)" in str(refused.value.message)
        if _attempt == "lost":
            card_found(card=first, actor=world.accountant_c, found_on=TODAY(), location="Bar")
            entries += 1
    assert Entry.objects.count() == entries and Card.objects.filter(client=client).count() == 2
    card_status_change(card=first, actor=manager, change="reactivate")  # its slot was kept: no third card
    card_status_change(card=second, actor=manager, change="close")
    third = card_issue(casino=world.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
    assert third.slot == 2  # the closed card's
    RuleValueVersion.objects.filter(rule__key="lu.carte_de_jeu.nominatives_par_client_max").update(value=3)
    fourth = card_issue(casino=world.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
    assert (fourth.slot, fourth.slots) == (3, 3)  # the number is the rule data's


@pytest.mark.django_db(transaction=True)
def test_lu_3_1_7_postgresql_keeps_the_slot_of_a_card_until_it_is_closed(world_tx, rules):
    from registers.cards.services import card_status_change

    manager, client = _setup(world_tx)
    lost = card_issue(casino=world_tx.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
    card_issue(casino=world_tx.c, actor=manager, kind="nominative", client=client, gaming_day=TODAY())
    card_status_change(card=lost, actor=manager, change="lost")
    insert = ("INSERT INTO registers_card (casino_id, number, kind, client_id, slot, slots, status, cap, balance, "
              "mention, gaming_day, issued_by_id, issued_at) VALUES ({casino}, '{number}', 'nominative', {client}, "
              "{slot}, {slots}, 'active', 2000.00, 0, 'x', CURRENT_DATE, {user}, now())")
    values = {"casino": world_tx.c.pk, "client": client.pk, "user": manager.pk}
    with pytest.raises(psycopg.errors.UniqueViolation):  # slot 1 is the lost card's
        _app_sql(insert.format(number="X-1", slot=1, slots=2, **values))
    with pytest.raises(psycopg.errors.CheckViolation):  # no slot past the number given at issue
        _app_sql(insert.format(number="X-3", slot=3, slots=2, **values))
    with pytest.raises(psycopg.errors.CheckViolation):  # nor a card that changes its slot afterwards
        _app_sql(f"UPDATE registers_card SET slot = 3, slots = 3 WHERE id = {lost.pk}")
    assert Card.objects.filter(client=client).count() == 2
