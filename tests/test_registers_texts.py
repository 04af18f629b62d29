"""LU RGD 1979 art. 18-15, 89-1, 97-1: an electronic register keeps what it is given for ever, so every text a
register family takes (a name, a place, a reason, a reference) is refused, by its field, when it holds a control
or unprintable character, when it is too long, or when a required one is blank; nothing is written then."""

import datetime

import pytest

from compliance.errors import DomainError
from registers.models import CardSystemCertificate, Client, Entry, PendingEntry, SlotSystem
from tests.conftest import lu_today
from tests.test_audit_services import _c, _lu

TODAY = lu_today
ESCAPE = "Table 1\x1b[2J"  # a terminal escape: the bytes a fuzzer sent
RIGHT_TO_LEFT = "Table\u202e1"  # an invisible reordering mark


def _written() -> tuple[int, int, int, int, int]:
    return (Entry.objects.count(), PendingEntry.objects.count(), Client.objects.count(),
            CardSystemCertificate.objects.count(), SlotSystem.objects.count())


# (service module, function, the text's field, a call with that text)
CALLS = {
    "orphelin location": ("registers.orphelins.services", "orphelin_file", "location", lambda w, text: dict(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), source="table", amount="5.00", currency="EUR",
        location=text)),
    "machine installed": ("registers.appareils.services", "appareil_install", "machine", lambda w, text: dict(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), machine=text, manufacturer="N", certificate="C",
        condition="neuf")),
    "hand-paid jackpot receipt": ("registers.appareils.jackpots", "jackpot_manual_payout_file", "receipt_number",
                                  lambda w, text: dict(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(),
                                                       machine="M-1", amount="10.00", currency="EUR",
                                                       receipt_number=text, receipt_in_cabinet=True)),
    "cagnotte table": ("registers.poker.services", "cagnotte_file", "table", lambda w, text: dict(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), table=text, house="1.00", bad_beat="0",
        box_count="1.00", currency="EUR")),
    "bad-beat player": ("registers.poker.services", "bad_beat_win_file", "players", lambda w, text: dict(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), game="Texas hold'em", table="P1", won_at="23:10",
        loser="A", loser_cards="7c 7d", winner_cards="8h 9h", board="7h 7s Th Jh 2c", pot="640.00",
        amount="300.00", currency="EUR", players=["A", text], restart_at="0")),
    "bad-beat history": ("registers.poker.services", "bad_beat_statement_file", "history_reference",
                         lambda w, text: dict(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), amount="1.00",
                                              currency="EUR", history_reference=text)),
    "card certificate": ("registers.cards.services", "card_certificate_record", "supplier", lambda w, text: dict(
        casino=w.c, actor=w.manager_c, supplier=text, reference="R", issued_on=TODAY())),
    "client name": ("registers.cards.services", "client_register", "last_name", lambda w, text: dict(
        casino=w.c, actor=w.accountant_c, last_name=text, first_name="Tom", birth_date=datetime.date(1975, 3, 3),
        id_document_type="Passeport", id_document_number="P-7")),
    "card found where": ("registers.cards.services", "card_found", "location", lambda w, text: dict(
        card=w.card2, actor=w.accountant_c, found_on=TODAY(), location=text)),
    "card blocked why": ("registers.cards.services", "card_status_change", "reason", lambda w, text: dict(
        card=w.card2, actor=w.manager_c, change="block", reason=text)),
    "card load desk": ("registers.cards.ledger", "card_load", "desk", lambda w, text: dict(
        card=w.card1, actor=w.accountant_c, amount="1.00", desk=text)),
    "card bet machine": ("registers.cards.ledger", "card_bet", "machine", lambda w, text: dict(
        card=w.card1, actor=w.accountant_c, amount="1.00", machine=text)),
    "card adjustment why": ("registers.cards.ledger", "card_adjust", "reason", lambda w, text: dict(
        card=w.card1, actor=w.manager_c, balance="1.00", reason=text)),
    "slot system name": ("registers.cards.slot_system.services", "slot_system_register", "name", lambda w, text: dict(
        casino=w.c, actor=w.manager_c, name=text)),
}


@pytest.mark.parametrize("case", sorted(CALLS))
@pytest.mark.parametrize(("text", "code"), [(ESCAPE, "unprintable"), (RIGHT_TO_LEFT, "unprintable"),
                                            ("x" * 1001, "too_long")], ids=["escape", "bidi", "too-long"])
def test_a_text_entering_a_register_is_printable_and_bounded(world, rules, case, text, code):
    module, function, field, call = CALLS[case]
    w = _lu(world)
    before = _written()
    with pytest.raises(DomainError) as refused:
        _c(module, function)(**call(w, text))
    assert (refused.value.field, refused.value.code) == (field, code)
    assert _written() == before


def test_a_description_keeps_its_line_breaks_and_a_name_does_not(world, rules):
    w = _lu(world)
    pending = _c("registers.orphelins.services", "orphelin_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), source="table", amount="5.00", currency="EUR",
        location="  Table 1  ", description="Plaque de 100 €\nsous la table")
    assert '"location":"Table 1"' in pending.payload and "sous la table" in pending.payload
    with pytest.raises(DomainError) as refused:
        _c("registers.orphelins.services", "orphelin_file")(
            casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), source="table", amount="5.00", currency="EUR",
            location="Table\n1")
    assert (refused.value.field, refused.value.code) == ("location", "unprintable")
