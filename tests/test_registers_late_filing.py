"""Issue 20: a filing for a gaming day older than the casino's delay (`Casino.late_filing_days`, a house rule, 7 by
default) gives its reason and waits for a manager's countersignature, which checks it again against the register as
it stands; the reason is in the hashed payload and on the entry's page. Hand-paid jackpots are paid on a machine of the
casino's register of machines (LU RGD 1979 art. 17, 18-1), progressive wins at a table the jackpot links (49-9)."""

import datetime
import json

import pytest
from django.urls import reverse
from django.utils import translation

from compliance.errors import DomainError
from compliance.services import casino_update
from registers.appareils.jackpots import jackpot_manual_payout_file
from registers.appareils.services import appareil_move, appareil_notice
from registers.cards.ledger import card_load
from registers.cards.services import card_certificate_record, card_issue
from registers.chain.services import pending_countersign
from registers.management.audit import audit
from registers.models import Entry, PendingEntry
from registers.poker.services import (
    cagnotte_file,
    jackpot_stop,
    progressive_configure,
    progressive_statement,
    progressive_win_file,
)
from tests.conftest import api_client_for, install_machines, lu_today, make_user
from tests.test_registers_audit import seed

pytestmark = pytest.mark.django_db

TODAY = lu_today

REASON = "Fiche de comptage retrouvée au contrôle de la caisse"
LEVELS = [{"combination": "royal_flush", "start": "500.00"}]
BLINDS = [{"table": "P1", "small_blind": "1.00", "big_blind": "2.00"},
          {"table": "P2", "small_blind": "1.00", "big_blind": "2.00"}]
INCREMENTS = {"P1": "6.10", "P2": "0"}


def ago(days: int) -> datetime.date:
    return TODAY() - datetime.timedelta(days=days)


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _cagnotte(world, day, **overrides):
    fields = {"casino": world.c, "actor": world.accountant_c, "gaming_day": day, "table": "Poker 2",
              "house": "812.50", "bad_beat": "87.50", "box_count": "900.00", "currency": "EUR"} | overrides
    return cagnotte_file(**fields)


def _configure(world, day=None, **overrides):
    fields = {"casino": world.c, "actor": world.manager_c, "gaming_day": day or ago(20), "name": "Hold'em 1-2",
              "tables": ["P1", "P2"], "small_blind": "1.00", "blinds": BLINDS, "levels": LEVELS,
              "increment_kind": "pourcentage", "increment_value": "1.00", "rounding": "inferieur",
              "late_reason": "Reprise du registre papier"}
    filed = progressive_configure(**(fields | overrides))
    if isinstance(filed, PendingEntry):
        return pending_countersign(pending=filed, countersigner=make_user("direction.bis", "manager",
                                                                           casino=world.c))
    return filed


def _nothing_written(world):
    return not Entry.objects.filter(register__casino=world.c).exists() and not PendingEntry.objects.exists()


def test_house_rule_a_filing_past_the_delay_without_its_reason_is_refused_naming_the_field_in_both_languages(lu):
    for language, words in (("fr", "délai de saisie de 7 jours"), ("en", "filing delay of 7 days")):
        with translation.override(language), pytest.raises(DomainError) as refused:
            _cagnotte(lu, ago(8))
        assert (refused.value.code, refused.value.field) == ("late_filing", "late_reason")
        assert words in str(refused.value.message) and ago(8).isoformat() in str(refused.value.message)
    with pytest.raises(DomainError) as blank:
        _cagnotte(lu, ago(8), late_reason="   ")
    assert blank.value.field == "late_reason"
    with pytest.raises(DomainError) as control:
        _cagnotte(lu, ago(8), late_reason="oubli\x00")
    assert (control.value.code, control.value.field) == ("unprintable", "late_reason")
    assert _nothing_written(lu)


def test_house_rule_within_the_delay_nothing_more_is_asked(lu):
    pending = _cagnotte(lu, ago(7))
    assert "late_filing" not in json.loads(pending.payload)
    statement_day = _configure(lu, day=ago(7), late_reason="")
    assert isinstance(statement_day, Entry)


def test_house_rule_a_late_filing_carries_its_reason_and_only_a_manager_countersigns_it(lu):
    pending = _cagnotte(lu, ago(10), late_reason=REASON)
    late = json.loads(pending.payload)["late_filing"]
    assert late == {"reason": REASON, "days": 10, "allowed_days": 7,
                    "rule": "Contrôle interne du casino : saisie tardive"}
    assert pending.countersigner_role == "manager" and "saisie tardive" in pending.citation
    other_cashier = make_user("caisse.c2", "accountant", casino=lu.c)
    with pytest.raises(DomainError) as refused:
        pending_countersign(pending=pending, countersigner=other_cashier)
    assert refused.value.code == "wrong_role"
    entry = pending_countersign(pending=pending, countersigner=lu.manager_c)
    assert json.loads(entry.payload)["late_filing"]["reason"] == REASON  # in the hashed payload, for good
    assert entry.countersigner == lu.manager_c


def test_house_rule_an_entry_one_person_files_alone_waits_for_a_manager_when_late(lu):
    _configure(lu)
    filed = progressive_statement(casino=lu.c, actor=lu.accountant_c, gaming_day=ago(9), name="Hold'em 1-2",
                                  displayed={"1": "612.00"}, increments=INCREMENTS, late_reason=REASON)
    assert isinstance(filed, PendingEntry) and filed.countersigner_role == "manager"
    entry = pending_countersign(pending=filed, countersigner=lu.manager_c)
    assert entry.kind == "jackpot.releve" and json.loads(entry.payload)["late_filing"]["days"] == 9


def test_house_rule_the_countersignature_of_a_late_filing_checks_it_against_the_register_as_it_stands(lu):
    """A late stop waits; meanwhile the jackpot is stopped today: the late one no longer holds, and is refused."""
    _configure(lu)
    late = jackpot_stop(casino=lu.c, actor=lu.accountant_c, gaming_day=ago(9), name="Hold'em 1-2", voluntary=False,
                        reason="Panne de l'afficheur", late_reason=REASON)
    jackpot_stop(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="Hold'em 1-2", voluntary=False,
                 reason="Panne")
    count = Entry.objects.filter(register__casino=lu.c).count()
    with pytest.raises(DomainError) as refused:
        pending_countersign(pending=late, countersigner=lu.manager_c)
    assert refused.value.code == "invalid" and "Hold'em 1-2" in str(refused.value.message)
    assert Entry.objects.filter(register__casino=lu.c).count() == count  # rolled back
    assert PendingEntry.objects.get(pk=late.pk).entry_id is None


def test_house_rule_the_delay_is_the_casino_s_setting_bounded_and_audited(lu):
    from compliance.models import AuditEvent

    casino_update(actor=lu.admin, casino=lu.c, late_filing_days=2)
    lu.c.refresh_from_db()
    with pytest.raises(DomainError) as refused:
        _cagnotte(lu, ago(3))
    assert "délai de saisie de 2 jours" in str(refused.value.message)
    assert AuditEvent.objects.filter(action="casino_changed", details__late_filing_days=[7, 2]).exists()
    for wrong in (-1, 367, "7", True):
        with pytest.raises(DomainError) as bad:
            casino_update(actor=lu.admin, casino=lu.c, late_filing_days=wrong)
        assert bad.value.field == "late_filing_days"


def test_house_rule_the_cards_ledger_records_an_operation_on_its_day_never_late(lu):
    card_certificate_record(casino=lu.c, actor=lu.manager_c, supplier="S", reference="C-1", issued_on=ago(60))
    card = card_issue(casino=lu.c, actor=lu.manager_c, kind="journaliere", gaming_day=TODAY())
    with pytest.raises(DomainError) as refused:
        card_load(card=card, actor=lu.accountant_c, amount="10.00", desk="Caisse 1", gaming_day=ago(8))
    assert (refused.value.code, refused.value.field) == ("late_filing", "gaming_day")
    assert "le jour où elle a lieu" in str(refused.value.message)


def test_house_rule_the_api_answers_202_for_a_late_filing_and_names_the_missing_reason(lu):
    _configure(lu)
    api = api_client_for(lu.accountant_c)
    url = reverse("api-registers-jackpot-statement", kwargs={"casino": lu.c.code})
    body = {"gaming_day": ago(9).isoformat(), "name": "Hold'em 1-2", "displayed": {"1": "612.00"},
            "increments": INCREMENTS}
    missing = api.post(url, body, format="json")
    assert missing.status_code == 400 and missing.json()["code"] == "late_filing"
    assert list(missing.json()["field_errors"]) == ["late_reason"]
    accepted = api.post(url, {**body, "late_reason": REASON}, format="json")
    assert accepted.status_code == 202
    assert json.loads(PendingEntry.objects.get(pk=accepted.json()["id"]).payload)["late_filing"]["reason"] == REASON
    today = api.post(url, {**body, "gaming_day": TODAY().isoformat()}, format="json")
    assert today.status_code == 201 and today.json()["seq"] > 0


def test_house_rule_the_entry_page_and_the_queue_show_the_reason(lu, client):
    pending = _cagnotte(lu, ago(10), late_reason=REASON)
    client.force_login(lu.manager_c)
    page = client.get(reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "cagnotte"}))
    assert "Saisie tardive (10 jours)" in page.content.decode() and REASON in page.content.decode()
    entry = pending_countersign(pending=pending, countersigner=lu.manager_c)
    shown = client.get(reverse("registers-entry", kwargs={"casino": lu.c.code, "kind": "cagnotte", "seq": entry.seq}))
    text = shown.content.decode()
    assert 'data-testid="late-filing"' in text and REASON in text and "10 jours" in text


def test_house_rule_the_audit_names_an_entry_filed_late_without_reason_or_manager(lu):
    from registers.chain.services import register_for

    register = register_for(casino=lu.c, kind="cagnotte")
    payload = {"table": "Poker 2", "house": "1.00", "bad_beat": "0.00", "box_count": "1.00", "difference": "0.00",
               "currency": "EUR", "reconcile_key": "x", "citation": "LU RGD 1979 art. 97-1"}
    bare = seed(register, "cagnotte.comptage", payload, actor=lu.accountant_c, day=ago(12),
                countersigner=lu.manager_c)
    cashier_signed = seed(register, "cagnotte.comptage", {**payload, "late_filing": {"reason": REASON}},
                          actor=lu.accountant_c, day=ago(12),
                          countersigner=make_user("caisse.c3", "accountant", casino=lu.c))
    (found,) = [a for a in audit(casino_code=lu.c.code, kind="cagnotte")]
    problems = {f.seq: " ".join(p.fr for p in f.problems) for f in found.findings}
    assert "sans motif ni contresignature" in problems[bare.seq]
    assert "contresignée par un responsable" in problems[cashier_signed.seq]


# --- identifiers chosen from the casino's objects ----------------------------------------------------------------


def _payout(world, machine, day=None):
    return jackpot_manual_payout_file(casino=world.c, actor=world.accountant_c, gaming_day=day or TODAY(),
                                      machine=machine, amount="1000.00", currency="EUR", receipt_number="Q-1",
                                      receipt_in_cabinet=True)


def test_18_1_a_hand_paid_jackpot_names_a_machine_on_the_floor_that_day(lu):
    with pytest.raises(DomainError) as unknown:
        _payout(lu, "Baccara")
    assert (unknown.value.code, unknown.value.field) == ("unknown_machine", "machine")
    assert "LU RGD 1979 art. 18-1 a) à d) (projet)" in str(unknown.value.message)
    install_machines(lu.c, lu.accountant_c, *(f"LM-00{n}" for n in range(1, 9)), days_ago=3)  # reserve: ≤ 15 %
    with pytest.raises(DomainError) as before:
        _payout(lu, "LM-001", day=ago(4))  # not installed yet
    assert before.value.code == "unknown_machine"
    assert _payout(lu, "LM-001").payload  # on the floor
    appareil_notice(casino=lu.c, actor=lu.manager_c, gaming_day=ago(2), machine="LM-002", event="reserve",
                    effective=ago(2), reference="L-1", sent_on=ago(2))
    appareil_move(casino=lu.c, actor=lu.manager_c, gaming_day=ago(2), machine="LM-002", event="reserve")
    assert _payout(lu, "LM-002", day=ago(2)).payload  # the day it left the floor, it may still have paid
    with pytest.raises(DomainError) as reserve:
        _payout(lu, "LM-002")
    assert reserve.value.code == "unknown_machine"
    assert PendingEntry.objects.count() == 2


def test_18_1_the_api_and_the_form_offer_only_the_casino_s_machines(lu, client):
    install_machines(lu.c, lu.accountant_c, "LM-001")
    api = api_client_for(lu.accountant_c)
    url = reverse("api-registers-jackpots", kwargs={"casino": lu.c.code})
    body = {"gaming_day": TODAY().isoformat(), "machine": "Casino de la Moselle", "amount": "10.00",
            "receipt_number": "Q-9", "receipt_in_cabinet": True}
    refused = api.post(url, body, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "unknown_machine"
    assert api.post(url, {**body, "machine": "LM-001"}, format="json").status_code == 201
    client.force_login(lu.accountant_c)
    page = client.get(reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "jackpots"})).content.decode()
    assert '<option value="LM-001">LM-001</option>' in page and 'name="jackpot-machine"' in page


def test_49_9_a_progressive_win_is_at_a_table_the_jackpot_links(lu):
    _configure(lu)
    fields = {"casino": lu.c, "actor": lu.accountant_c, "gaming_day": TODAY(), "name": "Hold'em 1-2", "level": 1,
              "game": "Texas Hold'em", "deal": "4711", "won_at": "23:41", "board": "Ah Kh Qh 2c 3d",
              "hands": [{"player": "Ana Lopes", "cards": "Jh Th"}, {"player": "Luc Hoffmann", "cards": "4d 5c"}],
              "amount": "100.00", "currency": "EUR", "chef_de_salle": "Paul Thill"}
    with pytest.raises(DomainError) as refused:
        progressive_win_file(**fields, table="Baccara")
    assert (refused.value.code, refused.value.field) == ("unknown_table", "table")
    assert "P1, P2" in str(refused.value.message) and "49-9" in str(refused.value.message)
    assert progressive_win_file(**fields, table="P2").payload


def test_house_rule_the_audit_measures_a_filing_s_age_from_its_casino_s_day_as_the_service_does():
    """A Québec filing at 20:00 on the 25th (01:00 UTC on the 26th) for the 18th is 7 days old, within the delay; the
    audit once read it on the UTC day, 8 days old and late."""
    from types import SimpleNamespace
    from zoneinfo import ZoneInfo

    from registers.chain.replay import Audited

    quebec = SimpleNamespace(jurisdiction=SimpleNamespace(timezone="America/Toronto"))
    luxembourg = SimpleNamespace(jurisdiction=SimpleNamespace(timezone="Europe/Luxembourg"))
    row = SimpleNamespace(seq=1, kind="x", gaming_day=datetime.date(2026, 11, 18), payload="{}")
    evening = datetime.datetime(2026, 11, 25, 20, 0, tzinfo=ZoneInfo("America/Toronto"))
    assert Audited(row, quebec).filed_day(evening) == datetime.date(2026, 11, 25)
    night = datetime.datetime(2026, 11, 26, 0, 30, tzinfo=ZoneInfo("Europe/Luxembourg"))  # 23:30 UTC on the 25th
    assert Audited(row, luxembourg).filed_day(night) == datetime.date(2026, 11, 25)
