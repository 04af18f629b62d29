"""The nightly reconciliation's checks, one variance each, named after the rule it cites: slips numbered without gap
or duplicate (the casino's control), every table closed, the inventory carried from one session to the next (the
casino's control), the float restored and the drop counted by two people (the casino's control: LU art. 21 al. 1
only says an arrêté fixes the float, art. 97-1 only lets the carnets spéciaux be kept electronically), the hold
within the table's own band (the casino's control), the Pai Gow commissions (QC RJC art. 111). What the services
refuse is written straight into the tables, as only a fault or a tampering could."""

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from compliance.reconciliation import band, checks
from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import reconciliation_run
from registers import controls
from registers.tables.selectors import SessionFigures
from registers.tables.services import commission_file, session_open
from tests.reconciliation_world import DAY, lu_day, serials_unique_dropped, slip_inserted, world_for_reconciliation
from tests.tables_world import COUNTED, FLOAT, SIGNED, close, count, fill, lu_table, open_lu, qc_table

# Issue 35 item 2: neither article holds these obligations, so the findings cite the casino's own control
TABLE_CLOSED = controls.written(controls.TABLE_CLOSED)
FLOAT_RESTORED = controls.written(controls.FLOAT_RESTORED)
DROP_COUNT = controls.written(controls.DROP_COUNT)


@pytest.fixture
def w(world, rules):
    return world_for_reconciliation(world)


def findings(w, casino, day=DAY) -> dict[str, Finding]:
    reconciliation = reconciliation_run(casino=casino, gaming_day=day, actor=w.manager_c if casino == w.c
                                        else w.manager_a)
    return {finding.key: finding for finding in reconciliation.findings.exclude(state="leve")}


def test_house_control_slips_numbered_without_gap_a_number_skipped_past_the_services_is_found(w):
    table = lu_table(w)
    lu_day(w, table, DAY - datetime.timedelta(days=1), serial=1001)
    session = open_lu(w, table, DAY)
    slip_inserted(session, "approvisionnement", "100.00", serial=1004)  # 1002 and 1003 never filed
    assert findings(w, w.c, DAY - datetime.timedelta(days=1)) == {}
    found = findings(w, w.c)
    gap = found[f"serie_trou:{DAY.year}:1002-1003"]
    assert (gap.kind, gap.table, gap.amount) == ("serie_trou", "HC-01", None)
    assert gap.citation == controls.written(controls.SLIP_SIGNATURES)
    assert "1002–1003" in gap.message and "1001" in gap.message and "1004" in gap.message


def test_house_control_slips_numbered_once_a_duplicate_past_the_database_s_guard_is_found(w):
    lu_day(w, lu_table(w), DAY - datetime.timedelta(days=1), serial=7)
    session = open_lu(w, lu_table(w, number="HC-02"), DAY)
    fill(w, session, 8, {"100": 10})
    serials_unique_dropped()
    slip_inserted(session, "credit", "200.00", serial=7)
    slip_inserted(session, "credit", "300.00", serial=8)
    found = findings(w, w.c)
    earlier, same_day = found[f"serie_doublon:{DAY.year}:7"], found[f"serie_doublon:{DAY.year}:8"]
    assert earlier.citation == same_day.citation == controls.written(controls.SLIP_SIGNATURES)
    assert earlier.params == {"year": str(DAY.year), "serial": "7", "count": "2", "tables": "HC-01, HC-02"}
    assert same_day.params["tables"] == "HC-02" and not any(key.startswith("serie_trou") for key in found)


def test_lu_21_al_1_a_table_left_open_is_the_casino_s_control_not_the_article(w):
    """« Le montant de l'avance de caisse de chaque jeu est fixé par arrêté du Ministre des Finances. » (art. 21
    al. 1): nothing about closing a table, so the finding cites the casino's control."""
    lu_day(w, lu_table(w), DAY)
    left_open = open_lu(w, lu_table(w, number="HC-02"), DAY)
    found = findings(w, w.c)
    assert set(found) == {"non_fermee:HC-02:1"}
    finding = found["non_fermee:HC-02:1"]
    assert (finding.citation, finding.session_id, finding.amount) == (TABLE_CLOSED, left_open.pk, None)
    assert "art. 21" not in finding.citation


def test_house_control_the_inventory_a_table_closes_with_is_the_one_its_next_session_opens_with(w):
    table = qc_table(w)
    day = w.a.today() - datetime.timedelta(days=2)
    first = session_open(table=table, actor=w.manager_a, gaming_day=day, minimum="10", maximum="500",
                         denominations={"100": 10}, signatures=SIGNED)
    close(w, first, {"100": 12}, actor=w.accountant_a)
    count(w, first, {"100": 5}, actor=w.accountant_a)
    second = session_open(table=table, actor=w.manager_a, gaming_day=day + datetime.timedelta(days=1), minimum="10",
                          maximum="500", denominations={"100": 11}, signatures=SIGNED)
    close(w, second, {"100": 11}, actor=w.accountant_a)
    count(w, second, {"100": 5}, actor=w.accountant_a)
    assert findings(w, w.a, day) == {}
    found = findings(w, w.a, day + datetime.timedelta(days=1))
    assert set(found) == {"inventaire:BJ-01:1"}
    variance = found["inventaire:BJ-01:1"]
    assert variance.amount == Decimal("-100.00") and variance.currency == "CAD"
    assert variance.citation == controls.written(controls.TABLE_INVENTORY)
    assert variance.params["previous_day"] == day.isoformat()


def test_lu_21_al_1_the_float_restored_at_closing_is_the_casino_s_control(w):
    """Art. 21 al. 1: « Le montant de l'avance de caisse de chaque jeu est fixé par arrêté du Ministre des Finances. »
    The amount is the arrêté's; that the closing inventory restores it is the casino's control."""
    lu_day(w, lu_table(w), DAY, closing={"100": 21, "25": 40, "5": 100})  # 100 more than the float of 3,500
    (variance,) = findings(w, w.c).values()
    assert (variance.key, variance.kind, variance.amount, variance.citation) == (
        "avance:HC-01:1", "avance", Decimal("100.00"), FLOAT_RESTORED)
    assert "3\u202f600,00\xa0€" in variance.message and "3\u202f500,00\xa0€" in variance.message  # as written in LU
    with translation.override("en"):
        assert "€3,600.00" in variance.text and "€100.00" in variance.text


def test_lu_97_1_the_drop_counted_by_two_people_is_the_casino_s_control(w):
    """Art. 97-1: « Les carnets spéciaux […] peuvent être tenus et produits sous forme électronique » — it allows
    electronic books and says nothing of who counts the drop: two counters are the casino's control."""
    counted_by_one = open_lu(w, lu_table(w), DAY)
    close(w, counted_by_one, FLOAT)
    slip_inserted(counted_by_one, "drop", "500.00",
                  signatures={"compteur_1": "Ines Compte", "compteur_2": "ines compte"})
    not_counted = open_lu(w, lu_table(w, number="HC-02"), DAY)
    close(w, not_counted, FLOAT)
    lu_day(w, lu_table(w, number="HC-03"), DAY)  # counted by COUNTED: two people
    found = findings(w, w.c)
    assert set(found) == {"drop:HC-01:1", "drop_absent:HC-02:1"}
    assert {finding.citation for finding in found.values()} == {DROP_COUNT}
    assert "Ines Compte, ines compte" in found["drop:HC-01:1"].message


def test_qc_the_drop_counted_by_one_person_cites_the_casino_s_control_where_the_texts_keep_no_carnets(w):
    session = session_open(table=qc_table(w), actor=w.manager_a, gaming_day=w.a.today() - datetime.timedelta(days=1),
                           minimum="10", maximum="500", denominations={"100": 10}, signatures=SIGNED)
    close(w, session, {"100": 10}, actor=w.accountant_a)
    slip_inserted(session, "drop", "100.00", signatures={"compteur_1": "Ines Compte"})
    (finding,) = findings(w, w.a, session.gaming_day).values()
    assert finding.kind == "drop" and finding.citation == controls.written(controls.DROP_COUNT)


def test_house_control_a_table_s_hold_outside_the_band_of_its_own_history(w):
    table, serial = lu_table(w), 1
    for back, fills in enumerate((1000, 1100, 900, 1200, 1000, 800, 1100, 1000, 900, 1200, 1000, 1100), start=1):
        lu_day(w, table, DAY - datetime.timedelta(days=back), serial=serial, fills=fills)
        serial += 1
    lu_day(w, table, DAY, serial=serial, fills=1000)  # a day like the others: within the band
    assert findings(w, w.c) == {}
    other = lu_table(w, number="HC-02")
    lu_day(w, other, DAY, serial=serial + 1, fills=4000)  # no history of its own: no band
    day = DAY + datetime.timedelta(days=1)
    lu_day(w, table, day, serial=serial + 2, fills=4000)  # 20 % instead of about 80 %
    (hold,) = findings(w, w.c, day).values()
    assert (hold.key, hold.kind, hold.citation) == ("hold:HC-01", "hold", controls.written(controls.HOLD_BAND))
    assert hold.params["hold"] == "20.00" and hold.params["days"] == "13" and hold.params["confidence"] == "95.00"
    assert hold.amount < 0  # the win short of what the band's floor would give


def test_qc_rjc_art_111_pai_gow_commissions_recomputed_from_their_rounds(w):
    table = qc_table(w, number="PG-1", game="qc.pai_gow", pit="P")
    day = w.a.today() - datetime.timedelta(days=1)
    session = session_open(table=table, actor=w.manager_a, gaming_day=day, minimum="10", maximum="500",
                           denominations={"100": 10}, signatures=SIGNED)
    rounds = [{"banque": "croupier", "joueurs": ["1", "2"], "gagnantes": {"1": "25.00", "2": "31.00"}}]
    filed = commission_file(session=session, actor=w.accountant_a, amount="3.50", signatures=SIGNED, rounds=rounds)
    close(w, session, {"100": 10}, actor=w.accountant_a)
    count(w, session, {"100": 5}, actor=w.accountant_a, signatures=COUNTED)
    assert findings(w, w.a, day) == {}
    slip_inserted(session, "commission", "2.00", details=filed.details)  # the same rounds declared again, for less
    (variance,) = findings(w, w.a, day).values()
    assert (variance.key, variance.amount) == ("commission:PG-1:1", Decimal("-1.50"))
    assert variance.citation == "QC RJC art. 111"
    assert variance.params["declared"] == "5.50" and variance.params["computed"] == "7.00"


# --- the checks alone -----------------------------------------------------------------------------------------


def test_serials_are_checked_per_year_and_a_gap_belongs_to_the_day_of_the_number_after_it():
    day1, day2 = datetime.date(2025, 12, 31), datetime.date(2026, 1, 1)
    rows = [checks.SerialRow(1, 2025, 41, day1, "T", 1), checks.SerialRow(2, 2025, 42, day1, "T", 1),
            checks.SerialRow(3, 2026, 1, day2, "T", 2), checks.SerialRow(4, 2026, 3, day2, "T", 2)]
    found = checks.serials(rows, "control")
    assert list(found) == [day2] and [f.key for f in found[day2]] == ["serie_trou:2026:2-2"]


def test_the_band_needs_ten_days_and_its_z_is_the_normal_quantile_of_the_confidence():
    assert band.z_of(0.95) == Decimal("1.959964") and band.z_of(0.99) == Decimal("2.575829")
    holds = [Decimal("0.80"), Decimal("0.70")] * 5
    assert band.band(holds[:9], band.z_of(0.95)) is None
    drawn = band.band(holds, band.z_of(0.95))
    assert drawn.low < Decimal("0.75") < drawn.high and drawn.days == 10


def test_a_session_not_closed_is_not_also_found_for_its_float_or_its_drop():
    row = SessionFigures(1, "T", "P", "lu.bataille", DAY, 1, "avance", Decimal("3500"), Decimal("3500"), None,
                         Decimal(0), Decimal(0), None, Decimal(0))
    assert [f.kind for f in checks.not_closed([row], "c")] == ["non_fermee"]
    assert checks.float_restored([row], "c") == [] and checks.drop_counted([row], "c") == []
