"""Table sessions and their slips, named after the articles they apply: the float (LU RGD 1979 art. 9, 21, 37-9), the
limits displayed (QC RJC art. 9; LU art. 37-11, 37-17), serial numbers without gaps, voids and drop counts by two
people, the carnet d'avances and the carnets spéciaux (art. 97-1)."""

import datetime
import json
from decimal import Decimal

import pytest
from django.db import DatabaseError, transaction

from compliance.errors import DomainError
from registers.kinds import EntryKind, RegisterKind
from registers.models import Entry, Slip, SlipKind, TableSession
from registers.tables import errors
from registers.tables.selectors import session_figures, win_and_hold
from registers.tables.services import minimum_change, session_open, slip_void, table_create
from tests.conftest import lu_today, make_user
from tests.tables_world import COUNTED, FLOAT, SIGNED, close, count, fill, lu_table, open_lu, qc_table

DAY = lu_today() - datetime.timedelta(days=1)  # open, within every casino's filing delay


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.manager_c2 = make_user("direction.c2", "manager", casino=world.c)
    return world


def counts():
    return Entry.objects.count(), Slip.objects.count(), TableSession.objects.count()


def refused(call, field, message=None):
    before = counts()
    with pytest.raises(DomainError) as error:
        call()
    assert error.value.field == field, error.value.message
    if message is not None:
        assert message in str(error.value.message)
    assert counts() == before
    return error.value


def test_lu_art_21_a_table_opens_with_its_float_counted_and_written_in_the_carnet_d_avances(w):
    table = lu_table(w)
    refused(lambda: open_lu(w, table, DAY, float_amount=None), "float_amount", "art. 21")
    refused(lambda: open_lu(w, table, DAY, denominations={"100": 20, "25": 36, "5": 100}), "denominations",
            "3\u202f400,00\u00a0€")
    session = open_lu(w, table, DAY)
    assert (session.bank_mode, session.float_amount) == ("avance", Decimal("3500.00"))
    entry = session.entry
    assert (entry.register.kind, entry.kind) == (RegisterKind.AVANCES, EntryKind.TABLE_OPENED)
    payload = json.loads(entry.payload)
    assert payload["tenue_citation"] == "LU RGD 1979 art. 21 al. 1 (projet)"
    assert payload["inventaire"] == "3500.00" and payload["coupures"] == {"5.00": 100, "25.00": 40, "100.00": 20}
    refused(lambda: open_lu(w, table, DAY), "table")  # still open


def test_qc_a_table_keeps_its_inventory_counted_with_no_float_in_the_texts(w):
    table = qc_table(w)
    opening = {"100": 10, "25": 40}
    error = refused(lambda: session_open(table=table, actor=w.manager_a, gaming_day=DAY, minimum="10", maximum="500",
                                         denominations=opening, signatures=SIGNED, float_amount="2000"),
                    "float_amount")
    assert "Contrôle interne" in str(error.message)
    session = session_open(table=table, actor=w.manager_a, gaming_day=DAY, minimum="10", maximum="500",
                           denominations=opening, signatures=SIGNED)
    assert (session.bank_mode, session.float_amount, session.maximum_per) == ("inventaire", None, "main")
    assert session.limits_citation == "QC RJC art. 9"


def test_qc_rjc_art_9_the_maximum_is_per_hand_at_blackjack_and_per_spot_at_baccara(w):
    blackjack, baccara = qc_table(w), qc_table(w, number="BA-01", game="qc.baccara", pit="Baccara")
    for table, per in ((blackjack, "main"), (baccara, "emplacement")):
        session = session_open(table=table, actor=w.manager_a, gaming_day=DAY, minimum="25", maximum="25",
                               denominations={"25": 4}, signatures=SIGNED)
        assert session.maximum_per == per
    refused(lambda: qc_table(w, number="KE-01", game="qc.keno"), "game")


def test_lu_art_37_11_the_maximum_per_spot_is_50_100_or_200_times_the_minimum(w):
    table = lu_table(w)
    refused(lambda: open_lu(w, table, DAY, maximum="600"), "maximum", "37-11")
    refused(lambda: open_lu(w, table, DAY, maximum="5"), "maximum")
    session = open_lu(w, table, DAY, maximum="2000")
    assert (session.maximum, session.maximum_per) == (Decimal("2000.00"), "case")


def test_lu_art_37_17_the_bataille_minimum_changes_by_closing_and_reopening_with_a_new_encaisse(w):
    table = lu_table(w, number="BT-01", game="lu.bataille", pit="B")
    refused(lambda: open_lu(w, table, DAY, minimum="10", maximum="150"), "maximum", "37-17")
    first = open_lu(w, table, DAY, minimum="10", maximum="300")
    second = minimum_change(session=first, actor=w.manager_c, minimum="20", maximum="1000", closing=FLOAT,
                            opening={"100": 30, "25": 40}, signatures=SIGNED, float_amount="4000")
    assert (second.number, second.minimum, second.float_amount) == (2, Decimal("20.00"), Decimal("4000.00"))
    assert first.slips.filter(kind=SlipKind.CLOSING).exists()
    assert json.loads(second.entry.payload)["changement_minimum"] == "LU RGD 1979 art. 37-17 (projet)"


def test_fills_and_credits_are_numbered_without_gaps_per_casino_and_year(w):
    session = open_lu(w, lu_table(w), DAY)
    fill(w, session, 1001, {"100": 10})
    refused(lambda: fill(w, session, 1003, {"100": 10}), "serial", "1002")
    refused(lambda: fill(w, session, 1001, {"100": 10}), "serial", "déjà utilisé")
    refused(lambda: fill(w, session, "x", {"100": 10}), "serial")
    credit = fill(w, session, 1002, {"25": 8}, kind="credit")
    assert (credit.serial, credit.year, credit.entry.kind) == (1002, DAY.year, EntryKind.SLIP_CREDIT)


@pytest.mark.parametrize(("amount", "denominations", "field"), [
    ("900.00", {"100": 10}, "amount"),  # not the sum of its denominations
    ("-100.00", {"100": 1}, "amount"),
    ("0.00", {}, "amount"),
    ("100.00", {"100": -1}, "denominations"),
    ("100.00", {"abc": 1}, "denominations"),
])
def test_an_impossible_slip_is_refused_with_its_field_and_nothing_written(w, amount, denominations, field):
    from registers.tables.services import slip_file
    from tests.tables_world import SLIP_SIGNED

    session = open_lu(w, lu_table(w), DAY)
    refused(lambda: slip_file(session=session, actor=w.accountant_c, kind="approvisionnement", serial=1,
                              amount=amount, denominations=denominations, signatures=SLIP_SIGNED), field)


def test_a_slip_names_everyone_who_signed_it(w):
    from registers.tables.services import slip_file

    session = open_lu(w, lu_table(w), DAY)
    refused(lambda: slip_file(session=session, actor=w.accountant_c, kind="approvisionnement", serial=1,
                              amount="100.00", denominations={"100": 1}, signatures={"caissier": "Luc"}),
            "signatures.demandeur")


def test_a_void_has_its_reason_and_two_signatures_and_leaves_the_win(w):
    session = open_lu(w, lu_table(w), DAY)
    wrong = fill(w, session, 1, {"100": 10})
    refused(lambda: slip_void(slip=wrong, actor=w.manager_c, countersigner=w.manager_c, reason="Erreur de table"),
            "countersigner")
    refused(lambda: slip_void(slip=wrong, actor=w.manager_c, countersigner=w.manager_c2, reason=" "), "reason")
    void = slip_void(slip=wrong, actor=w.manager_c, countersigner=w.manager_c2, reason="Erreur de table")
    assert (void.entry.kind, void.entry.countersigner, void.entry.refers_to) == (EntryKind.SLIP_VOID, w.manager_c2,
                                                                                  wrong.entry)
    refused(lambda: slip_void(slip=wrong, actor=w.manager_c, countersigner=w.manager_c2, reason="encore"), "slip")
    fill(w, session, 2, {"100": 10})
    close(w, session, FLOAT)
    count(w, session, {"100": 50})
    (figures,) = session_figures(w.c, DAY, DAY)
    assert (figures.fills, figures.win) == (Decimal("1000.00"), Decimal("4000.00"))


def test_lu_art_97_1_the_drop_is_counted_by_two_people_into_the_carnets_speciaux_once_the_table_is_closed(w):
    session = open_lu(w, lu_table(w), DAY)
    refused(lambda: count(w, session, {"100": 1}), "session")
    close(w, session, FLOAT)
    refused(lambda: count(w, session, {"100": 1}, signatures={"compteur_1": "Ines", "compteur_2": " ines "}),
            "signatures.compteur_2")
    drop = count(w, session, {"100": 1})
    assert (drop.entry.register.kind, drop.signatures) == (RegisterKind.CARNETS_SPECIAUX, COUNTED)
    refused(lambda: count(w, session, {"100": 1}), "session")
    refused(lambda: fill(w, session, 1, {"100": 1}), "session")  # closed


def test_win_is_drop_less_fills_plus_credits_plus_the_inventory_change_and_hold_is_win_over_drop(w):
    session = open_lu(w, lu_table(w), DAY)
    fill(w, session, 1, {"100": 10})
    fill(w, session, 2, {"100": 2}, kind="credit")
    close(w, session, {"100": 21, "25": 40, "5": 100})  # 100 more than the float: not restored
    count(w, session, {"100": 50})
    (figures,) = session_figures(w.c, DAY, DAY)
    assert figures.win == Decimal("5000") - Decimal("1000") + Decimal("200") + Decimal("100")
    assert figures.hold == Decimal("0.8600")
    (group,) = win_and_hold([figures], "pit")
    assert (group.key, group.win, group.hold) == ("A", Decimal("4300.00"), Decimal("0.8600"))


def test_sessions_and_slips_are_append_only_in_the_database(w):
    session = open_lu(w, lu_table(w), DAY)
    slip = fill(w, session, 1, {"100": 10})
    for statement in ("UPDATE registers_slip SET amount = 1 WHERE id = %s", "DELETE FROM registers_slip WHERE id = %s"):
        with pytest.raises(DatabaseError), transaction.atomic():
            from django.db import connection

            with connection.cursor() as cursor:
                cursor.execute(statement, [slip.pk])
    with pytest.raises(DatabaseError), transaction.atomic():
        TableSession.objects.filter(pk=session.pk).update(minimum=1)


def test_only_a_table_game_of_the_casinos_jurisdiction_gets_a_table(w):
    refused(lambda: table_create(casino=w.c, actor=w.manager_c, game="qc.blackjack", number="X", pit="A"), "game")
    refused(lambda: table_create(casino=w.c, actor=w.manager_c, game="lu.texas_holdem", number="X", pit="A"), "game")
    lu_table(w)
    refused(lambda: lu_table(w), "number")
    assert errors.TABLE_NUMBER_TAKEN


def test_lu_art_97_1_a_drop_miscounted_is_voided_by_two_people_and_counted_again_nothing_erased(w):
    session = open_lu(w, lu_table(w), DAY)
    close(w, session, FLOAT)
    wrong = count(w, session, {"100": 50})
    refused(lambda: count(w, session, {"100": 40}), "session")  # counted once, unless voided
    void = slip_void(slip=wrong, actor=w.manager_c, countersigner=w.manager_c2,
                     reason="Liasse de 100 comptée deux fois")
    assert void.entry.register.kind == RegisterKind.CARNETS_SPECIAUX and void.entry.refers_to == wrong.entry
    again = count(w, session, {"100": 40})
    assert (again.replaces, again.entry.refers_to) == (wrong, wrong.entry)
    (figures,) = session_figures(w.c, DAY, DAY)
    assert figures.drop == Decimal("4000.00") and figures.win == Decimal("4000.00")
    assert Slip.objects.filter(session=session, kind=SlipKind.DROP).count() == 2  # the first count kept, voided
    from registers.management.audit import audit

    assert [result.invalid for result in audit(casino_code=w.c.code)] == [[], []]  # both books pass
