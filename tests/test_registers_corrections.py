"""LU RGD 1979 art. 18-15: nothing is erased from an electronic register. A wrongly filed entry is corrected by a
new entry that refers to it, filed by a manager with its reason and countersigned by a second person of the
casino; the corrected entry stays in the chain, visible, but leaves the totals and the state its register keeps
(a jackpot, a machine, an orphan, an excess to pay)."""

import json

import pytest
from django.urls import reverse

from compliance.errors import DomainError, PermissionDeniedError
from registers.chain.selectors import payload_rows, payload_total, register_csv
from registers.chain.services import entry_correct, pending_countersign, register_for
from registers.kinds import RegisterKind
from registers.models import Entry, PendingEntry
from tests.conftest import install_machines, lu_today
from tests.test_audit_services import _c, _lu

CORRECTION_CITATION = ("LU RGD 1979 art. 18-15 al. 2 (projet) ; Contrôle interne du casino : correction par une "
                       "écriture nouvelle, contresignée")

TODAY = lu_today
POKER, APP, ORPH = "registers.poker.services", "registers.appareils.services", "registers.orphelins.services"


def _cagnotte(w, table="Poker 3"):
    pending = _c(POKER, "cagnotte_file")(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), table=table,
                                         house="100.00", bad_beat="10.00", box_count="110.00", currency="EUR")
    return pending_countersign(pending=pending, countersigner=w.manager_c)


def _corrected(w, entry, reason="Table mal saisie : le comptage est celui de la table Poker 2"):
    pending = entry_correct(entry=entry, actor=w.manager_c, reason=reason)
    return pending_countersign(pending=pending, countersigner=w.accountant_c)


def test_18_15_a_correction_is_filed_by_a_manager_countersigned_by_another_person_and_leaves_the_totals(world,
                                                                                                        rules):
    w = _lu(world)
    wrong, right = _cagnotte(w), _cagnotte(w, table="Poker 2")
    pending = entry_correct(entry=wrong, actor=w.manager_c, reason="Table mal saisie")
    assert (pending.kind, pending.refers_to, pending.countersigner_role) == ("correction", wrong, "staff")
    with pytest.raises(DomainError) as same:
        pending_countersign(pending=pending, countersigner=w.manager_c)
    assert same.value.code == "same_person"
    correction = pending_countersign(pending=pending, countersigner=w.accountant_c)
    assert (correction.refers_to, correction.actor, correction.countersigner) == (wrong, w.manager_c, w.accountant_c)
    assert json.loads(correction.payload) == {"corrects": wrong.seq, "kind": "cagnotte.comptage",
                                              "reason": "Table mal saisie", "citation": CORRECTION_CITATION}
    rows = payload_rows(wrong.register, "cagnotte.comptage")
    assert [(row.entry.seq, row.corrected_by) for row in rows] == [(wrong.seq, correction.seq), (right.seq, None)]
    assert str(payload_total(rows, "house")) == json.loads(right.payload)["house"] == "100.00"
    csv = "".join(register_csv(wrong.register)).splitlines()
    assert csv[0].endswith("Corrigée par l'écriture n°;Citation rectifiée par l'écriture n°;Citations rectifiées")
    assert csv[1].endswith(f";{correction.seq};;")  # corrected, its citations as written
    assert Entry.objects.filter(pk=wrong.pk).exists()  # nothing erased


def test_18_15_who_may_correct_what(world, rules):
    w = _lu(world)
    wrong = _cagnotte(w)
    with pytest.raises(DomainError) as cashier:
        entry_correct(entry=wrong, actor=w.accountant_c, reason="x")
    assert (cashier.value.code, cashier.value.field) == ("wrong_role", "actor")
    with pytest.raises(PermissionDeniedError):
        entry_correct(entry=wrong, actor=w.regulator_lu, reason="x")
    with pytest.raises(DomainError) as blank:
        entry_correct(entry=wrong, actor=w.manager_c, reason="  ")
    assert (blank.value.code, blank.value.field) == ("required", "reason")
    correction = _corrected(w, wrong)
    for entry, code in ((wrong, "already_corrected"), (correction, "not_correctable")):
        with pytest.raises(DomainError) as refused:
            entry_correct(entry=entry, actor=w.manager_c, reason="encore")
        assert refused.value.code == code
    card_entry = Entry.objects.filter(register__kind=RegisterKind.CARTES).first()
    with pytest.raises(DomainError) as ledger:
        entry_correct(entry=card_entry, actor=w.manager_c, reason="x")
    assert ledger.value.code == "not_correctable" and "ajustement" in str(ledger.value.message)
    assert PendingEntry.objects.filter(kind="correction").count() == 1


def test_49_11_a_stop_filed_by_mistake_once_corrected_leaves_the_jackpot_running(world, rules):
    w = _lu(world)
    _c(POKER, "progressive_configure")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), name="J", tables=["P1"], small_blind="1.00",
        blinds=[{"table": "P1", "small_blind": "1.00", "big_blind": "2.00"}],
        levels=[{"combination": "royal_flush", "start": "500.00"}], increment_kind="fixe", increment_value="1.00",
        rounding="inferieur")
    stop = _c(POKER, "jackpot_stop")(casino=w.c, actor=w.manager_c, gaming_day=TODAY(), name="J", voluntary=False,
                                     reason="panne")
    _corrected(w, stop, reason="Arrêt saisi sur le mauvais jackpot")
    statement = _c(POKER, "progressive_statement")(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), name="J",
                                                   displayed={"1": "512.00"}, increments={"P1": "12.00"})
    assert statement.kind == "jackpot.releve"


def test_18_1_a_move_filed_by_mistake_once_corrected_leaves_the_machine_as_it_was(world, rules):
    from registers.appareils.selectors import appareils_of

    w = _lu(world)
    _c(APP, "appareil_install")(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), machine="M-1",
                                manufacturer="N", certificate="C", condition="neuf")
    _c(APP, "appareil_notice")(casino=w.c, actor=w.manager_c, gaming_day=TODAY(), machine="M-1",
                               event="hors_service", effective=TODAY(), reference="L-1", sent_on=TODAY())
    move = _c(APP, "appareil_move")(casino=w.c, actor=w.manager_c, gaming_day=TODAY(), machine="M-1",
                                    event="hors_service")
    assert appareils_of(move.register)["M-1"].state == "hors_service"
    _corrected(w, move, reason="Mauvais appareil")
    assert appareils_of(move.register)["M-1"].state == "en_service"


def test_8_a_found_sum_filed_twice_once_corrected_leaves_the_totals_and_cannot_be_returned(world, rules):
    from registers.orphelins.selectors import orphelin_rows, orphelin_totals

    w = _lu(world)
    filed = [_c(ORPH, "orphelin_file")(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), source="table",
                                       amount="40.00", currency="EUR", location="Table 5") for _twice in range(2)]
    first, second = (pending_countersign(pending=p, countersigner=w.manager_c) for p in filed)
    _corrected(w, second, reason="Même somme déclarée deux fois")
    rows = orphelin_rows(user=w.accountant_c, casino=w.c)
    totals = orphelin_totals(rows)
    assert totals.count == 1 and str(totals.overall) == "40.00"
    assert {row.entry.seq: row.state.corrected_by is not None for row in rows} == {first.seq: False, second.seq: True}
    with pytest.raises(DomainError) as refused:
        _c(ORPH, "orphelin_return")(entry=second, actor=w.accountant_c, gaming_day=TODAY(), owner_name="X",
                                    owner_document="P", right_established=True)
    assert refused.value.code == "not_open"


def test_3_4_7_a_hand_payment_of_an_excess_once_corrected_leaves_the_excess_to_pay(world, rules):
    from registers.cards import ledger
    from registers.cards.excess import DUE, PAID, excess_entries, excess_of

    w = _lu(world)
    ledger.card_load(card=w.card1, actor=w.accountant_c, amount="1500.00")
    win = ledger.card_win(card=w.card1, actor=w.accountant_c, amount="100.00", machine="M-7")
    install_machines(w.c, w.accountant_c, "M-7")
    excess = excess_of(win.excess)
    paid = pending_countersign(pending=_c("registers.appareils.jackpots", "jackpot_manual_payout_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), machine="M-7", amount=str(excess.amount),
        currency="EUR", receipt_number="Q-1", receipt_in_cabinet=True, settles={"card_excess": excess.seq}),
        countersigner=w.manager_c)
    assert excess_of(excess_entries(w.c).get(seq=excess.seq)).state == PAID
    _corrected(w, paid, reason="Quittance d'un autre gain")
    assert excess_of(excess_entries(w.c).get(seq=excess.seq)).state == DUE


def test_the_entry_page_files_a_correction_and_then_shows_it(world, rules, client):
    w = _lu(world)
    wrong = _cagnotte(w)
    url = reverse("registers-entry", kwargs={"casino": w.c.code, "kind": "cagnotte", "seq": wrong.seq})
    client.force_login(w.regulator_lu)
    assert 'data-testid="correction-form"' not in client.get(url).content.decode()
    assert client.post(url, {"action": "correct", "reason": "x"}).status_code == 403
    client.force_login(w.accountant_c)
    assert 'data-testid="correction-form"' not in client.get(url).content.decode()
    client.force_login(w.manager_c)
    assert 'data-testid="correction-form"' in client.get(url).content.decode()
    refused = client.post(url, {"action": "correct", "reason": ""})
    assert refused.status_code == 200 and 'data-testid="error-reason"' in refused.content.decode()
    assert client.post(url, {"action": "correct", "reason": "Table mal saisie"}).status_code == 302
    assert 'data-testid="correction-pending"' in client.get(url).content.decode()
    pending = PendingEntry.objects.get(kind="correction")
    client.force_login(w.accountant_c)
    countersign = reverse("registers-countersign", kwargs={"casino": w.c.code, "kind": "cagnotte", "pk": pending.pk})
    assert client.post(countersign).status_code == 302
    assert 'data-testid="corrected"' in client.get(url).content.decode()
    page = client.get(reverse("registers-other", kwargs={"casino": w.c.code, "kind": "cagnotte"})).content.decode()
    assert f'data-testid="corrected-{wrong.seq}"' in page
    assert register_for(casino=w.c, kind="cagnotte").entries.filter(kind="correction").count() == 1


def test_18_15_the_api_files_a_correction_and_refuses_a_wrong_one(world, rules):
    from tests.conftest import api_client_for

    w = _lu(world)
    wrong = _cagnotte(w)
    url = reverse("api-registers-correct", kwargs={"casino": w.c.code, "kind": "cagnotte", "seq": wrong.seq})
    assert api_client_for(w.accountant_c).post(url, {"reason": "x"}, format="json").json()["code"] == "wrong_role"
    assert api_client_for(w.regulator_lu).post(url, {"reason": "x"}, format="json").status_code == 403
    blank = api_client_for(w.manager_c).post(url, {"reason": " "}, format="json")
    assert blank.status_code == 400 and list(blank.json()["field_errors"]) == ["reason"]
    filed = api_client_for(w.manager_c).post(url, {"reason": "Table mal saisie"}, format="json")
    assert filed.status_code == 201 and filed.json()["kind"] == "correction" and filed.json()["refers_to"] == wrong.seq
    again = api_client_for(w.manager_c).post(url, {"reason": "encore"}, format="json")
    assert again.status_code == 400 and again.json()["code"] == "already_corrected"
    other = reverse("api-registers-correct", kwargs={"casino": w.a.code, "kind": "cagnotte", "seq": wrong.seq})
    assert api_client_for(w.manager_c).post(other, {"reason": "x"}, format="json").status_code == 404


def test_49_10_a_win_is_checked_again_at_its_countersignature(world, rules):
    """A stop (or another win of the level) filed between a win's filing and its countersignature: the second
    signature is refused and the win never enters the register."""
    w = _lu(world)
    _c(POKER, "progressive_configure")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), name="J", tables=["P1"], small_blind="1.00",
        blinds=[{"table": "P1", "small_blind": "1.00", "big_blind": "2.00"}],
        levels=[{"combination": "royal_flush", "start": "500.00"}], increment_kind="fixe", increment_value="1.00",
        rounding="inferieur")
    win = {"casino": w.c, "actor": w.accountant_c, "gaming_day": TODAY(), "name": "J", "level": 1,
           "game": "Hold'em", "table": "P1", "won_at": "22:00", "board": "Ah Kh Qh 2c 3d",
           "hands": [{"player": "A", "cards": "Jh Th"}], "currency": "EUR", "chef_de_salle": "Paul Thill"}
    # one win of a level per table and deal (art. 49-10): each win in a deal of its own
    first, second = (_c(POKER, "progressive_win_file")(**win, deal=deal, amount=amount)
                     for deal, amount in (("1", "500.00"), ("2", "400.00")))
    pending_countersign(pending=first, countersigner=w.manager_c)  # the level restarts at 500.00
    third = _c(POKER, "progressive_win_file")(**win, deal="3", amount="500.00")
    pending_countersign(pending=third, countersigner=w.manager_c)
    _c(POKER, "jackpot_stop")(casino=w.c, actor=w.manager_c, gaming_day=TODAY(), name="J", voluntary=False,
                              reason="panne")
    with pytest.raises(DomainError) as refused:
        pending_countersign(pending=second, countersigner=w.manager_c)
    assert refused.value.code == "not_active"
    assert Entry.objects.filter(register__kind="jackpot_progressif", kind="jackpot.gain").count() == 2


def test_8_only_a_registered_found_sum_is_returned(world, rules):
    w = _lu(world)
    filed = pending_countersign(pending=_c(ORPH, "orphelin_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), source="table", amount="40.00", currency="EUR",
        location="Table 5"), countersigner=w.manager_c)
    give = {"actor": w.accountant_c, "gaming_day": TODAY(), "owner_name": "X", "owner_document": "P",
            "right_established": True}
    returned = _c(ORPH, "orphelin_return")(entry=filed, **give)
    with pytest.raises(DomainError) as refused:
        _c(ORPH, "orphelin_return")(entry=returned, **give)  # a return is not a found sum
    assert refused.value.code == "not_open"
