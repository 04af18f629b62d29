"""Slips imported from a table system's export (docs/tables-import.md), all or nothing: every line checked as the
forms check a slip (registers/tables/slips.py, rules.py), the first bad line refusing the file with its number and
column and nothing written; one entry per register and gaming day holding the digest of its slips, which the audit
recomputes from the rows (registers/tables/checks.py)."""

import datetime
import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from registers.chain.hashing import canonical
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, Slip, SlipKind, TableSession
from registers.tables import checks
from registers.tables import digest as digests
from registers.tables.imports import COLUMNS, LATE_DAY, LineError, slips_import
from registers.tables.selectors import GROUPINGS, SessionFigures, hold, session_figures, win_and_hold
from tests.conftest import PASSWORD, api_client_for, lu_today, make_user
from tests.tables_world import FLOAT, close, count, fill, lu_table, open_lu

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "docs" / "exemples" / "bordereaux-la-moselle.csv"
DAY = lu_today() - datetime.timedelta(days=1)  # within the casino's filing delay
LATE = lu_today() - datetime.timedelta(days=12)  # past it (7 days)
OPENED = {"croupier": "Anne Croupier", "superviseur": "Marc Chef"}
TEAM = {"demandeur": "Marc Chef", "caissier": "Luc Caisse", "porteur": "Paul Porteur", "croupier": "Anne Croupier",
        "superviseur": "Marc Chef"}
COUNTERS = {"compteur_1": "Ines Compte", "compteur_2": "Omar Compte"}


def line(kind, table="HC-01", day=DAY, session=1, amount="", pieces="", serial="", minimum="", maximum="",
         float_amount="", **signatures):
    values = {"type": kind, "serie": str(serial), "journee": str(day), "table": table, "seance": str(session),
              "montant": amount, "coupures": pieces, "minimum": minimum, "maximum": maximum, "avance": float_amount,
              **signatures}
    return ";".join(values.get(column, "") for column in COLUMNS)


def opening(table="HC-01", day=DAY, session=1, **changes):
    return line("ouverture", table, day, session, **{"amount": "3500.00", "pieces": "100x20 25x40 5x100",
                                                     "minimum": "10.00", "maximum": "500.00",
                                                     "float_amount": "3500.00", **OPENED, **changes})


def slip(kind, serial, amount, pieces, table="HC-01", day=DAY, session=1, **changes):
    return line(kind, table, day, session, amount=amount, pieces=pieces, serial=serial, **{**TEAM, **changes})


def closing(table="HC-01", day=DAY, session=1, **changes):
    return line("fermeture", table, day, session, **{"amount": "3000.00", "pieces": "100x10 25x60 5x100",
                                                     **OPENED, **changes})


def drop(table="HC-01", day=DAY, session=1, **changes):
    return line("drop", table, day, session, **{"amount": "2400.00", "pieces": "100x20 50x8", **COUNTERS, **changes})


def session_lines(table="HC-01", day=DAY, session=1, serials=(1, 2)):
    return [opening(table, day, session), slip("approvisionnement", serials[0], "1000.00", "100x10", table, day,
                                               session),
            slip("credit", serials[1], "500.00", "100x5", table, day, session), closing(table, day, session),
            drop(table, day, session)]


HEADER = ";".join(COLUMNS)


def csv_file(lines, header=HEADER) -> io.BytesIO:
    text = "\n".join([header, *lines]) + "\n"
    return io.BytesIO(text.encode())


def counts():
    return Entry.objects.count(), Slip.objects.count(), TableSession.objects.count()


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.manager_c2 = make_user("direction.c2", "manager", casino=world.c)
    for number, game, pit in (("HC-01", "lu.holdem_casino", "A"), ("HC-02", "lu.holdem_casino", "A"),
                              ("BA-01", "lu.bataille", "B"), ("BT-01", "lu.bataille", "B"),
                              ("BT-02", "lu.bataille", "B"), ("UT-01", "lu.uth", "B")):
        lu_table(world, number=number, game=game, pit=pit)
    return world


def do_import(w, lines, header=HEADER, **options):
    return slips_import(casino=w.c, actor=options.pop("actor", w.accountant_c), source=csv_file(lines, header),
                        **options)


def refused(w, lines, number, column, message=None, **options) -> LineError:
    before = counts()
    with pytest.raises(LineError) as error:
        do_import(w, lines, **options)
    assert (error.value.line, error.value.column) == (number, column), error.value.message
    assert error.value.field == f"lignes[{number}].{column}" if column else f"lignes[{number}]"
    assert f"Ligne {number}" in str(error.value.message)
    if message is not None:
        assert message in str(error.value.message), error.value.message
    assert counts() == before
    return error.value


# --- a good file ------------------------------------------------------------------------------------------------


def test_a_good_file_writes_one_entry_per_register_and_day_covering_its_slips(w):
    other = DAY - datetime.timedelta(days=1)
    lines = [*session_lines(), *session_lines("HC-02", serials=(3, 4)), *session_lines(day=other, serials=(5, 6))]
    before = counts()
    result = do_import(w, lines)
    assert result.slips == 15 and result.sessions == 3 and result.by_kind["approvisionnement"] == 3
    assert result.days == [other, DAY] and result.late_days == []
    assert result.serials == {DAY.year: (1, 6)} if other.year == DAY.year else True
    entries = Entry.objects.filter(kind=EntryKind.SLIPS_IMPORTED).select_related("register").order_by(
        "gaming_day", "register__kind")  # each register's entries written at once, in day order
    assert [(e.register.kind, e.gaming_day) for e in entries] == [
        (RegisterKind.AVANCES, other), (RegisterKind.CARNETS_SPECIAUX, other),
        (RegisterKind.AVANCES, DAY), (RegisterKind.CARNETS_SPECIAUX, DAY)]
    assert counts() == (before[0] + 4, before[1] + 15, before[2] + 3)
    avances = json.loads(entries[2].payload)
    assert avances["bordereaux"] == 8 and avances["natures"] == {"ouverture": 2, "approvisionnement": 2,
                                                                 "credit": 2, "fermeture": 2}
    assert avances["series"] == {"annee": DAY.year, "premiere": 1, "derniere": 4}
    assert avances["citation"] == "LU RGD 1979 art. 97-1 (projet)"
    # the slips' digest, recomputed from the rows, is the entry's
    for entry in entries:
        rows = Slip.objects.filter(entry=entry).select_related("session__table__game")
        lines_ = sorted((digests.sort_key(s.session.table.number, s.session.number, s.kind, s.serial),
                         digests.slip_line(kind=s.kind, table=s.session.table.number, game=s.session.table.game.key,
                                           session=s.session.number, serial=s.serial, amount=s.amount,
                                           denominations=s.denominations, signatures=s.signatures,
                                           opening=digests.session_opening(s.session)
                                           if s.kind == SlipKind.OPENING else None)) for s in rows)
        assert digests.digest(text for _, text in lines_) == json.loads(entry.payload)["empreinte"]
    session = TableSession.objects.get(table__number="HC-02", gaming_day=DAY)
    assert (session.float_amount, session.maximum_per, session.limits_citation) == (
        Decimal("3500.00"), "case", "LU RGD 1979 art. 37-11 (projet)")
    assert session.entry == entries[2]
    # the audit recomputes each digest and finds nothing to say
    found = [f for a in audit(casino_code=w.c.code) for f in a.findings]
    assert found == []
    # win and hold read the imported sessions as the filed ones
    figures = session_figures(w.c, other, DAY)
    assert len(figures) == 3 and all(f.win == Decimal("1400.00") for f in figures)


def test_the_same_file_twice_is_refused_at_its_first_line_and_writes_nothing(w):
    lines = session_lines()
    do_import(w, lines)
    refused(w, lines, 2, "seance", "déjà ouverte")


def test_a_file_continues_the_sessions_and_serials_filed_in_vigie(w):
    table = w.c.tables.get(number="HC-01")
    session = open_lu(w, table, DAY)
    fill(w, session, 1, {"100": 10})
    # the form's session gets its fills, close and drop from the file; the next serial is 2
    refused(w, [slip("approvisionnement", 3, "100.00", "100x1")], 2, "serie", "le 2")
    refused(w, [slip("approvisionnement", 1, "100.00", "100x1")], 2, "serie", "déjà utilisé")
    refused(w, [opening()], 2, "seance", "déjà ouverte")
    refused(w, [opening(session=2)], 2, "table", "déjà ouverte")
    result = do_import(w, [slip("credit", 2, "100.00", "100x1"), closing(), drop(), opening(session=2),
                           closing(session=2), drop(session=2, amount="0.00", pieces="")])
    assert result.sessions == 1 and result.serials == {DAY.year: (2, 2)}
    assert [a for a in audit(casino_code=w.c.code) if a.findings] == []


# --- bad files: the line and the column, nothing written -----------------------------------------------------------

BAD = {
    "gap in the serials": ([opening(), slip("approvisionnement", 1, "100.00", "100x1"),
                            slip("approvisionnement", 3, "100.00", "100x1")], 4, "serie", "le 2"),
    "serial used twice in the file": ([opening(), slip("approvisionnement", 1, "100.00", "100x1"),
                                       slip("credit", 1, "100.00", "100x1")], 4, "serie", "déjà utilisé"),
    "serial not a number": ([opening(), slip("approvisionnement", "A12", "100.00", "100x1")], 3, "serie", "A12"),
    "negative amount": ([opening(), slip("approvisionnement", 1, "-100.00", "100x1")], 3, "montant",
                        "strictement positif"),
    "amount not the denominations' sum": ([opening(), slip("credit", 1, "150.00", "100x1")], 3, "montant",
                                          "150,00\u00a0€, n'est pas la somme des coupures, 100,00\u00a0€"),
    "unreadable denominations": ([opening(), slip("credit", 1, "100.00", "100*1")], 3, "coupures", "100*1"),
    "negative denomination": ([opening(), slip("credit", 1, "100.00", "-100x1")], 3, "coupures", None),
    "unknown table": ([opening(table="XX-99")], 2, "table", "XX-99"),
    "bad date": ([opening(day="2026-02-30")], 2, "journee", "2026-02-30"),
    "not a date": ([opening(day="25/11/2026")], 2, "journee", "25/11/2026"),
    "day to come": ([opening(day=lu_today() + datetime.timedelta(days=1))], 2, "journee", None),
    "day before the casino's registers": ([opening(day=datetime.date(2023, 12, 31))], 2, "journee", None),
    "unknown kind": ([line("commission")], 2, "type", "commission"),
    "session opened twice": ([opening(), closing(), opening()], 4, "seance", "déjà ouverte"),
    "session number skipped": ([opening(session=2)], 2, "seance", "n° 1"),
    "table still open": ([opening(), opening(session=2)], 3, "table", "déjà ouverte"),
    "slip for a session never opened": ([slip("approvisionnement", 1, "100.00", "100x1")], 2, "seance",
                                        "ni dans Vigie"),
    "fill after the close": ([opening(), closing(), slip("approvisionnement", 1, "100.00", "100x1")], 4, "seance",
                             "fermée"),
    "drop before the close": ([opening(), drop()], 3, "seance", "après la fermeture"),
    "drop counted twice": ([opening(), closing(), drop(), drop()], 5, "seance", "déjà compté"),
    "closed twice": ([opening(), closing(), closing()], 4, "seance", "fermée"),
    "signature missing": ([opening(), slip("approvisionnement", 1, "100.00", "100x1", porteur="")], 3, "porteur",
                          "porteur"),
    "one counter twice": ([opening(), closing(), drop(compteur_2="ines compte")], 4, "compteur_2", None),
    "a column the kind leaves empty": ([opening(caissier="Luc Caisse")], 2, "caissier", "laissez-la vide"),
    "float missing": ([opening(float_amount="")], 2, "avance", "art. 21"),
    "float not counted": ([opening(amount="3400.00", pieces="100x20 25x36 5x100")], 2, "coupures",
                          "3\u202f400,00\u00a0€"),
    "maximum not a multiple the rule allows": ([opening(maximum="600.00")], 2, "maximum", "art. 37-11"),
    "maximum below the minimum": ([opening(minimum="50.00", maximum="20.00")], 2, "maximum", None),
    "unprintable name": ([opening(croupier="Anne\x07")], 2, "croupier", None),
    "too few columns": (["ouverture;;2026-01-01"], 2, None, "3 colonne(s)"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_line_refuses_the_whole_file_with_its_number_and_column(w, case):
    lines, number, column, message = BAD[case]
    good = [opening("BA-01", minimum="10.00", maximum="100.00")]  # a good line first: not written either
    refused(w, [*good, *lines], number + 1, column, message)


def test_the_header_names_every_column(w):
    refused(w, [opening()], 1, None, "manquantes : avance", header=";".join(COLUMNS[:-1]))


def test_an_empty_file_and_a_file_not_in_utf8_are_refused(w):
    before = counts()
    with pytest.raises(DomainError) as error:
        slips_import(casino=w.c, actor=w.accountant_c, source=csv_file([]))
    assert error.value.field == "fichier" and counts() == before
    latin = io.BytesIO((";".join(COLUMNS) + "\n" + opening(croupier="Zoé").replace("Zoé", "Zo\udce9")).encode(
        "utf-8", "surrogateescape"))
    with pytest.raises(LineError) as error:
        slips_import(casino=w.c, actor=w.accountant_c, source=latin)
    assert error.value.line == 2 and counts() == before


def test_a_file_in_another_column_order_with_a_bom_and_crlf_or_as_text_reads_the_same(w):
    order = list(reversed(COLUMNS))
    lines = [";".join(dict(zip(COLUMNS, text.split(";"), strict=True))[c] for c in order) for text in session_lines()]
    data = ("\ufeff" + "\r\n".join([";".join(order), *lines]) + "\r\n").encode()
    result = slips_import(casino=w.c, actor=w.accountant_c, source=io.BytesIO(data))
    assert result.slips == 5
    text = io.StringIO("\n".join([HEADER, *session_lines("HC-02", serials=(3, 4))]))
    assert slips_import(casino=w.c, actor=w.accountant_c, source=text).slips == 5
    assert [a for a in audit(casino_code=w.c.code) if a.findings] == []


# --- late days: the reason and a manager's countersignature ----------------------------------------------------------


def test_a_late_day_needs_its_reason_and_a_manager_s_countersignature(w):
    lines = session_lines(day=LATE)
    error = refused(w, lines, 2, "journee")
    assert str(LATE_DAY.format(day=LATE.isoformat(), age=12, allowed=7)) in str(error.message)
    refused(w, lines, 2, "journee", late_reason="Panne du système de tables")  # no countersigner
    refused(w, lines, 2, "journee", countersigner=w.manager_c)  # no reason
    for countersigner, field in ((w.accountant_c, "countersigner"), (make_user("direction.a2", "manager",
                                                                               casino=w.a), "countersigner")):
        before = counts()
        with pytest.raises(DomainError) as error:
            do_import(w, lines, late_reason="Panne", countersigner=countersigner)
        assert error.value.field == field and counts() == before
    with pytest.raises(DomainError) as error:  # the one who imports does not countersign
        do_import(w, lines, actor=w.manager_c, late_reason="Panne", countersigner=w.manager_c)
    assert error.value.field == "countersigner"
    result = do_import(w, [*session_lines(serials=(1, 2)), *session_lines("HC-02", LATE, serials=(3, 4))],
                       late_reason="Panne du système de tables", countersigner=w.manager_c)
    assert result.late_days == [LATE] and result.days == [LATE, DAY]
    late = Entry.objects.filter(kind=EntryKind.SLIPS_IMPORTED, gaming_day=LATE)
    assert late.count() == 2 and {e.countersigner for e in late} == {w.manager_c}
    assert json.loads(late[0].payload)["late_filing"]["reason"] == "Panne du système de tables"
    on_time = Entry.objects.filter(kind=EntryKind.SLIPS_IMPORTED, gaming_day=DAY)
    assert {e.countersigner for e in on_time} == {None}
    assert [a for a in audit(casino_code=w.c.code) if a.findings] == []


def test_the_example_file_of_the_documentation_imports(w):
    """docs/exemples/bordereaux-la-moselle.csv: four tables, the Bataille minimum changed by closing and reopening
    (LU RGD 1979 art. 37-17); a past day, so late and countersigned."""
    result = slips_import(casino=w.c, actor=w.accountant_c, source=SAMPLE, late_reason="Reprise de l'historique",
                          countersigner=w.manager_c)
    assert (result.slips, result.sessions, result.days) == (23, 5, [datetime.date(2026, 11, 20)])
    assert result.serials == {2026: (1001, 1008)}
    assert result.by_kind == {"ouverture": 5, "approvisionnement": 6, "credit": 2, "fermeture": 5, "drop": 5}
    assert [e.slips for e in result.entries] == [18, 5]
    session = TableSession.objects.get(table__number="BT-02", number=2)
    assert (session.minimum, session.maximum, session.limits_citation) == (
        Decimal("10.00"), Decimal("500.00"), "LU RGD 1979 art. 37-17 (projet)")
    assert [a for a in audit(casino_code=w.c.code) if a.findings] == []


# --- the audit recomputes every digest ---------------------------------------------------------------------------


def test_the_audit_finds_a_slip_added_to_an_imported_day(w):
    do_import(w, session_lines())
    entry = Entry.objects.get(kind=EntryKind.SLIPS_IMPORTED, register__kind=RegisterKind.AVANCES)
    slip = Slip.objects.get(entry=entry, kind=SlipKind.FILL)
    with connection.cursor() as cursor:  # a row added under the entry, as any role that may insert could add it
        cursor.execute(
            "INSERT INTO registers_slip (casino_id, session_id, gaming_day, kind, year, serial, amount, denominations,"
            " signatures, details, recorded_at, entry_id) SELECT casino_id, session_id, gaming_day, kind, year, 99, "
            "amount, denominations, signatures, details, recorded_at, entry_id FROM registers_slip WHERE id = %s",
            [slip.pk])
    found = [f for a in audit(casino_code=w.c.code) for f in a.findings]
    assert [(f.register, f.kind, f.gaming_day) for f in found] == [(f"{w.c.code}/avances", EntryKind.SLIPS_IMPORTED,
                                                                    DAY)]
    problems = " ".join(p.fr for p in found[0].problems)
    assert "couvrir 4 bordereaux ; Vigie en tient 5" in problems and "empreinte" in problems
    assert found[0].problems[0].citation == "LU RGD 1979 art. 97-1 (projet)"


def test_the_digest_changes_with_any_field_of_a_slip(w):
    """On a modified copy of the rows: an amount, a denomination, a name, a serial, a limit each change the digest."""
    do_import(w, session_lines())
    entry = Entry.objects.get(kind=EntryKind.SLIPS_IMPORTED, register__kind=RegisterKind.AVANCES)
    rows = [list(row) for row in checks.imported_rows(entry.pk)]

    def digest_of(rows):
        return digests.digest(text for _, text in checks.imported_lines(rows))

    assert digest_of(rows) == json.loads(entry.payload)["empreinte"]
    opening = next(i for i, r in enumerate(rows) if r[0] == SlipKind.OPENING)
    fill_ = next(i for i, r in enumerate(rows) if r[0] == SlipKind.FILL)
    signed = {**json.loads(rows[fill_][5]), "porteur": "Paul Porteux"}
    for index, column, value in ((fill_, 3, Decimal("1000.01")), (fill_, 4, '{"10.00": 10, "100.00": 9}'),
                                 (fill_, 5, json.dumps(signed)), (fill_, 1, 7), (opening, 12, Decimal("1000.00")),
                                 (opening, 14, "Contrôle interne")):
        changed = [list(r) for r in rows]
        changed[index][column] = value
        assert digest_of(changed) != digest_of(rows), (index, column)
    # the same rows, their JSON written with other spaces and key orders, give the same digest
    respaced = [[json.dumps(json.loads(v), indent=2) if i in (4, 5) else v for i, v in enumerate(r)] for r in rows]
    assert digest_of(respaced) == digest_of(rows)


def test_the_audit_replays_the_carnet_as_the_imported_slips_leave_it(w):
    """A session opened by a form and closed by a file, then the table opened again by a form and a fill with the
    next serial: the audit's replay knows the file closed it and took serials 2 and 3."""
    table = w.c.tables.get(number="HC-01")
    session = open_lu(w, table, DAY)
    fill(w, session, 1, {"100": 10})
    do_import(w, [slip("approvisionnement", 2, "100.00", "100x1"), slip("credit", 3, "100.00", "100x1"),
                  closing(), drop()])
    again = open_lu(w, table, DAY)
    fill(w, again, 4, {"100": 2})
    close(w, again, FLOAT)
    count(w, again, {"100": 5})
    assert [f for a in audit(casino_code=w.c.code) for f in a.findings] == []


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["ouverture", "approvisionnement", "credit", "fermeture", "drop"]),
       table=st.text(min_size=1, max_size=20), game=st.text(max_size=30), session=st.integers(1, 32767),
       serial=st.one_of(st.none(), st.integers(1, 2_000_000_000)),
       amount=st.decimals(min_value=0, max_value=10**12, places=2, allow_nan=False, allow_infinity=False),
       denominations=st.dictionaries(st.text(max_size=8), st.integers(0, 10**6), max_size=5),
       signatures=st.dictionaries(st.text(max_size=12), st.text(max_size=30), max_size=7),
       opening=st.one_of(st.none(), st.dictionaries(st.text(max_size=10), st.one_of(st.none(), st.text(max_size=30)),
                                                    max_size=6)))
def test_a_slip_s_line_is_the_canonical_json_of_its_fields(kind, table, game, session, serial, amount,
                                                           denominations, signatures, opening):
    """`slip_line` writes the JSON out from its parts: exactly `hashing.canonical` of the slip's fields."""
    fields = dict(kind=kind, table=table, game=game, session=session, serial=serial, amount=amount,
                  denominations=denominations, signatures=signatures, opening=opening)
    assert digests.slip_line(**fields) == canonical(digests.slip_dict(**fields))


# --- the command and the API ---------------------------------------------------------------------------------------


def _file(tmp_path, lines) -> str:
    path = tmp_path / "bordereaux.csv"
    path.write_text("\n".join([HEADER, *lines]) + "\n", encoding="utf-8")
    return str(path)


def test_the_command_imports_a_file_and_prints_its_entries(w, tmp_path, capsys):
    call_command("tables_import", _file(tmp_path, session_lines()), casino=w.c.code, user=w.accountant_c.username)
    out = capsys.readouterr().out
    assert out.startswith("5 bordereaux importés (ouverture 1, approvisionnement 1, credit 1, fermeture 1, "
                          "drop 1) · 1 séance ouverte · 1 journée")
    assert f"{w.c.code}/avances n° " in out and f"{w.c.code}/carnets_speciaux n° " in out
    call_command("tables_import", _file(tmp_path, session_lines("HC-02", LATE, serials=(3, 4))), casino=w.c.code,
                 user=w.accountant_c.username, late_reason="Panne", countersigner=w.manager_c.username,
                 as_json=True)
    result = json.loads(capsys.readouterr().out)
    assert result["late_days"] == [LATE.isoformat()] and result["serials"] == {str(LATE.year): {"first": 3,
                                                                                                   "last": 4}}
    assert [e["register"] for e in result["entries"]] == ["avances", "carnets_speciaux"]


def test_the_command_names_the_refused_line_and_writes_nothing(w, tmp_path):
    before = counts()
    with pytest.raises(CommandError, match=r"^Ligne 3, colonne « montant » : Le montant doit être strictement "):
        call_command("tables_import", _file(tmp_path, [opening(), slip("credit", 1, "-5.00", "5x1")]),
                     casino=w.c.code, user=w.accountant_c.username)
    for options, message in (({"casino": "nulle-part"}, "casino inconnu"), ({"user": "personne"},
                                                                            "utilisateur inconnu")):
        with pytest.raises(CommandError, match=message):
            call_command("tables_import", _file(tmp_path, session_lines()),
                         **{"casino": w.c.code, "user": w.accountant_c.username, **options})
    with pytest.raises(CommandError, match="countersigner : "):
        call_command("tables_import", _file(tmp_path, session_lines()), casino=w.c.code,
                     user=w.accountant_c.username, countersigner=w.accountant_c.username, late_reason="x")
    assert counts() == before


def _upload(lines, name="bordereaux.csv"):
    upload = io.BytesIO(("\n".join([HEADER, *lines]) + "\n").encode())
    upload.name = name
    return upload


def test_the_api_refuses_a_file_past_its_size(w, monkeypatch):
    from registers.tables import api_import

    monkeypatch.setattr(api_import, "FILE_MAX_MB", 0)
    url = reverse("api-registers-tables-import", kwargs={"casino": w.c.code})
    answer = api_client_for(w.accountant_c).post(url, {"file": _upload(session_lines())}, format="multipart")
    assert (answer.status_code, answer.json()["code"], list(answer.json()["field_errors"])) == (400, "too_large",
                                                                                                ["file"])
    assert not Entry.objects.filter(kind=EntryKind.SLIPS_IMPORTED).exists()


def test_the_api_imports_an_uploaded_file_for_casino_staff_only(w):
    url = reverse("api-registers-tables-import", kwargs={"casino": w.c.code})
    answer = api_client_for(w.accountant_c).post(url, {"file": _upload(session_lines())}, format="multipart")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert (body["slips"], body["sessions"], body["days"]) == (5, 1, [DAY.isoformat()])
    assert body["serials"] == [{"year": DAY.year, "first": 1, "last": 2}]
    assert {e["register"] for e in body["entries"]} == {"avances", "carnets_speciaux"}
    assert json.loads(Entry.objects.filter(kind=EntryKind.SLIPS_IMPORTED).first().payload)["fichier"]["nom"] == (
        "bordereaux.csv")
    before = counts()
    again = api_client_for(w.accountant_c).post(url, {"file": _upload(session_lines())}, format="multipart")
    assert again.status_code == 400
    assert list(again.json()["field_errors"]) == ["lignes[2].seance"] and again.json()["code"] == "duplicate"
    regulator = api_client_for(w.regulator_lu).post(url, {"file": _upload(session_lines("HC-02"))},
                                                    format="multipart")
    assert regulator.status_code == 403
    as_json = api_client_for(w.accountant_c).post(url, {"file": "x"}, format="json")
    assert as_json.status_code == 415
    missing = api_client_for(w.accountant_c).post(url, {}, format="multipart")
    assert missing.status_code == 400 and "file" in missing.json()["field_errors"]
    late = api_client_for(w.accountant_c).post(url, {"file": _upload(session_lines("HC-02", LATE, serials=(3, 4)))},
                                               format="multipart")
    assert late.status_code == 400 and list(late.json()["field_errors"]) == ["lignes[2].journee"]
    assert counts() == before


def test_a_late_file_through_the_api_is_countersigned_in_person(w):
    """The manager who countersigns types their own password; a wrong one, another casino's manager or the importer
    themself is refused with the field named, and nothing is written."""
    url = reverse("api-registers-tables-import", kwargs={"casino": w.c.code})
    api = api_client_for(w.accountant_c)

    def post(**fields):
        return api.post(url, {"file": _upload(session_lines(day=LATE)), "late_reason": "Panne du système de tables",
                              **fields}, format="multipart")

    before = counts()
    outsider = make_user("direction.b2", "manager", casino=w.b)
    for fields, field in (({"countersigner": w.manager_c.username, "countersigner_password": "pas le sien"},
                           "countersigner_password"),
                          ({"countersigner": outsider.username, "countersigner_password": PASSWORD}, "countersigner"),
                          ({"countersigner": w.accountant_c.username, "countersigner_password": PASSWORD},
                           "countersigner"),
                          ({}, "lignes[2].journee")):
        refused = post(**fields)
        assert refused.status_code == 400 and list(refused.json()["field_errors"]) == [field], refused.json()
    assert counts() == before
    signed = post(countersigner=w.manager_c.username, countersigner_password=PASSWORD)
    assert signed.status_code == 201, signed.json()
    assert signed.json()["late_days"] == [LATE.isoformat()]
    assert {e.countersigner for e in Entry.objects.filter(kind=EntryKind.SLIPS_IMPORTED)} == {w.manager_c}


# --- win and hold conserve, whatever the grouping -------------------------------------------------------------------

PITS = {"HC-01": "A", "HC-02": "A", "BT-01": "B", "UT-01": "B", "RO-01": "C"}
CENTS = st.integers(0, 5_000_000).map(lambda cents: Decimal(cents).scaleb(-2))


@st.composite
def sessions(draw):
    """Sessions of random tables and days over two months: some open, some closed with their drop not counted."""
    rows = []
    for index in range(draw(st.integers(0, 40))):
        table = draw(st.sampled_from(sorted(PITS)))
        closed, counted = draw(st.booleans()), draw(st.booleans())
        rows.append(SessionFigures(
            session_id=index, table=table, pit=PITS[table], game="lu.holdem_casino",
            gaming_day=datetime.date(2026, 1, 20) + datetime.timedelta(days=draw(st.integers(0, 40))),
            number=draw(st.integers(1, 3)), bank_mode="avance", float_amount=Decimal("3500.00"),
            opening=draw(CENTS), closing=draw(CENTS) if closed else None, fills=draw(CENTS), credits=draw(CENTS),
            drop=draw(CENTS) if counted else None, commission=Decimal("0.00")))
    return rows


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(figures=sessions())
def test_win_and_hold_conserve_across_every_grouping(figures):
    """Σ win by table = Σ win by pit = by day = by month (= by game, by session), and each hold is Σ win / Σ drop."""
    complete = [row for row in figures if row.win is not None]
    total_win = sum((row.win for row in complete), Decimal("0.00"))
    total_drop = sum((row.drop for row in complete), Decimal("0.00"))
    for by in GROUPINGS:
        groups = win_and_hold(figures, by)
        assert sum((g.win for g in groups), Decimal("0.00")) == total_win, by
        assert sum((g.drop for g in groups), Decimal("0.00")) == total_drop, by
        assert sum(g.sessions for g in groups) == len(figures) and sum(g.complete for g in groups) == len(complete)
        for group in groups:
            assert group.hold == (None if not group.drop else (group.win / group.drop).quantize(Decimal("0.0001")))
        overall = hold(sum((g.win for g in groups), Decimal("0.00")), sum((g.drop for g in groups), Decimal("0.00")))
        assert overall == hold(total_win, total_drop)
    by_table = {g.key: g for g in win_and_hold(figures, "table")}
    for pit in {PITS[t] for t in by_table}:  # a pit's win is its tables'
        pit_group = next(g for g in win_and_hold(figures, "pit") if g.key == pit)
        assert pit_group.win == sum((g.win for t, g in by_table.items() if PITS[t] == pit), Decimal("0.00"))
