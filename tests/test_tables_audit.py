"""`registers_audit` checks the table games' entries again as their services checked them: a day's carnet d'avances
and carnets spéciaux filed through the services pass; an entry no service would have filed is named."""

import datetime
from decimal import Decimal

import pytest
from django.db.models import Max
from django.utils import translation

from compliance.formatting import money
from registers.chain.hashing import canonical
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, Register
from registers.tables.services import commission_file, session_open, slip_void, table_create
from tests.conftest import lu_today, make_user
from tests.tables_world import FLOAT, SIGNED, close, count, fill, lu_table, open_lu

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.manager_c2 = make_user("direction.c2", "manager", casino=world.c)
    return world


def problems(casino_code: str) -> list[str]:
    return [f"{finding.register}#{finding.seq} {problem.fr}" for result in audit(casino_code=casino_code)
            for finding in result.invalid for problem in finding.problems]


def test_a_day_of_table_slips_filed_through_the_services_passes_the_audit(w):
    session = open_lu(w, lu_table(w), DAY)
    fill(w, session, 7, {"100": 10})
    wrong = fill(w, session, 8, {"100": 1}, kind="credit")
    slip_void(slip=wrong, actor=w.manager_c, countersigner=w.manager_c2, reason="Erreur de table")
    close(w, session, FLOAT)
    count(w, session, {"100": 40, "25": 4})
    pai_gow = table_create(casino=w.a, actor=w.manager_a, game="qc.pai_gow", number="PG-1", pit="P")
    qc = session_open(table=pai_gow, actor=w.manager_a, gaming_day=w.a.today(), minimum="10", maximum="500",
                      denominations={"100": 10}, signatures=SIGNED)
    commission_file(session=qc, actor=w.accountant_a, amount="4.00", signatures=SIGNED, rounds=[
        {"banque": "croupier", "joueurs": ["1", "2"], "gagnantes": {"1": "25.00", "2": "40.00"}},
        {"banque": "1", "joueurs": ["1", "2"], "gagnantes": {"2": "5.00"}}])
    assert problems(w.c.code) == [] and problems(w.a.code) == []
    assert Entry.objects.filter(register__kind=RegisterKind.AVANCES, register__casino=w.c).count() == 5


def _seed(register: Register, kind: str, payload: dict, actor) -> None:
    """An entry past every service check, its hash as entry_append computes it: the chain stays intact."""
    from django.utils import timezone

    from registers.chain.services import entry_data, entry_ids

    head = Entry.objects.filter(register=register).order_by("-seq").first()
    entry = Entry(register=register, seq=head.seq + 1, kind=kind, gaming_day=DAY, payload=canonical(payload),
                  actor=actor, recorded_at=timezone.now(), prev_hash=head.hash)
    entry.hash = entry_data(entry).digest()
    (entry.id,) = entry_ids(register.casino_id, [entry.gaming_day])
    entry.save(force_insert=True)


def test_a_fill_no_service_would_have_filed_is_named_by_the_audit(w):
    session = open_lu(w, lu_table(w), DAY)
    fill(w, session, 1, {"100": 10})
    register = Register.objects.get(casino=w.c, kind=RegisterKind.AVANCES)
    last = Entry.objects.filter(register=register).aggregate(seq=Max("seq"))["seq"]
    _seed(register, EntryKind.SLIP_FILL, {
        "table": "HC-01", "jeu": "lu.holdem_casino", "seance": 1, "serie": 5, "annee": DAY.year, "montant": "900.00",
        "coupures": {"100.00": 10}, "signatures": {"caissier": "Luc"}}, w.accountant_c)
    with translation.override("fr"):  # the amounts as the casino's people write them: « 1 000,00 € »
        written, counted = (money(Decimal(value), currency="EUR", jurisdiction=w.c.jurisdiction)
                            for value in ("900.00", "1000.00"))
    assert problems(w.c.code) == [
        f"casino-c/avances#{last + 1} signatures : Le bordereau doit être signé par : demandeur.",
        f"casino-c/avances#{last + 1} montant : Le montant, {written}, n'est pas la somme des coupures, {counted}.",
        f"casino-c/avances#{last + 1} N° de série 5 : le suivant de {DAY.year} dans ce carnet est le 2."]


def test_a_finding_accepted_without_its_explanation_is_named_by_the_audit(w):
    from compliance.reconciliation.services import reconciliation_run

    open_lu(w, lu_table(w), DAY)  # never closed: a finding
    run = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.accountant_c)
    finding = run.findings.get()
    register = Register.objects.get(casino=w.c, kind=RegisterKind.CARNETS_SPECIAUX)
    assert problems(w.c.code) == []
    head = Entry.objects.filter(register=register).order_by("-seq").first()
    from django.utils import timezone

    from registers.chain.services import entry_data, entry_ids

    entry = Entry(register=register, seq=head.seq + 1, kind=EntryKind.FINDING_FOLLOWED, gaming_day=DAY,
                  refers_to=run.entry, payload=canonical({"constat": finding.key, "suite": "accepte"}),
                  actor=w.accountant_c, recorded_at=timezone.now(), prev_hash=head.hash)
    entry.hash = entry_data(entry).digest()
    (entry.id,) = entry_ids(register.casino_id, [entry.gaming_day])
    entry.save(force_insert=True)
    found = problems(w.c.code)
    assert f"casino-c/carnets_speciaux#{entry.seq} Le constat « {finding.key} » est accepté sans avoir été expliqué." \
        in found, found
    assert any("réservée au rôle « Direction »" in line for line in found), found
