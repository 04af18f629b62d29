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

from compliance.errors import DomainError
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, Slip, SlipKind, TableSession
from registers.tables import digest as digests
from registers.tables.imports import COLUMNS, LineError, slips_import
from registers.tables.selectors import session_figures
from tests.conftest import lu_today, make_user
from tests.tables_world import fill, lu_table, open_lu

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
                              ("BA-01", "lu.bataille", "B"), ("UT-01", "lu.uth", "B")):
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
    entries = Entry.objects.filter(kind=EntryKind.SLIPS_IMPORTED).select_related("register").order_by("id")
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
    "amount not the denominations' sum": ([opening(), slip("credit", 1, "150.00", "100x1")], 3, "montant", "100.00"),
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
    "float not counted": ([opening(amount="3400.00", pieces="100x20 25x36 5x100")], 2, "coupures", "3400.00"),
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
