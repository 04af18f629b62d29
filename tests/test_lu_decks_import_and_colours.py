"""The playing-card stock's rules beyond the first slice (issue 39, point 3), named after the articles they apply and
quoting them (LU RGD 1979, projet): the table system's import asks the opening control of each opening line (art.
37-12), the Bataille's six decks three of each colour (art. 37-16), a deck replaced during a séance by a new one (art.
37-12)."""

import io

import pytest

from compliance.errors import DomainError
from registers.chain.services import entry_append, register_for
from registers.decks.selectors import stock_of, today_sessions
from registers.decks.services import deck_control_set, deck_issue, deck_receive, deck_return
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, Slip, TableSession
from registers.tables.imports import COLUMNS, LineError, slips_import
from registers.tables.services import table_create
from tests.conftest import lu_today, make_casino, make_user
from tests.tables_world import lu_table, open_lu

TODAY = lu_today()
DAY = TODAY


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def receive(w, colour, first):
    return deck_receive(casino=w.c, actor=w.accountant_c, gaming_day=DAY, supplier="Cartamundi",
                        description="52 cartes, logo du casino", colour=colour, packs=2, per_pack=6,
                        seals=[f"S-{first + k}" for k in range(2)], plain_back=True)


def lot_of(w, colour) -> str:
    return next(lot.lot for lot in stock_of(w.c).lots.values() if lot.colour == colour)


def issue(w, table, decks=1, colour="rouge", **checks):
    return deck_issue(casino=w.c, actor=w.accountant_c, gaming_day=DAY, lot=lot_of(w, colour), decks=decks,
                      family="tables", table=table, **{"new": True, "counted": True, "sealed": True, "perfect": True,
                                                        **checks})


def control(w):
    return deck_control_set(casino=w.c, actor=w.manager_c, gaming_day=DAY, tables=DAY, poker=None,
                            reference="PI-JEUX-07")


def opening_line(table):
    values = {"type": "ouverture", "journee": str(DAY), "table": table, "seance": "1", "montant": "3500.00",
              "coupures": "100x20 25x40 5x100", "minimum": "10.00", "maximum": "500.00", "avance": "3500.00",
              "croupier": "Anne Croupier", "superviseur": "Marc Chef"}
    return ";".join(values.get(column, "") for column in COLUMNS)


def do_import(w, tables):
    text = "\n".join([";".join(COLUMNS), *(opening_line(table) for table in tables)]) + "\n"
    return slips_import(casino=w.c, actor=w.accountant_c, source=io.BytesIO(text.encode()))


def test_lu_37_12_an_imported_opening_without_its_deck_is_refused_at_its_line(w):
    """LU RGD 1979 art. 37-12 (projet): « Le jeu dénommé «Ultimate Texas hold'em poker» se joue avec un jeu de
    cinquante-deux cartes à teinte unie. » The table system's import asks each opening line the control the form asks
    (registers/decks/opening.py): once the management applies it, the line opening UT-01 without its deck is refused,
    whole, naming the field « jeux de cartes » and the article; nothing of the file is written. With the deck issued,
    the same file imports."""
    lu_table(w, "HC-01")
    lu_table(w, "UT-01", "lu.uth")
    receive(w, "rouge", 100)
    control(w)
    issue(w, "HC-01")
    before = Entry.objects.count(), Slip.objects.count(), TableSession.objects.count()
    with pytest.raises(LineError) as refused:
        do_import(w, ["HC-01", "UT-01"])
    error = refused.value
    assert (error.line, error.column, error.field) == (3, None, "lignes[3]"), error.message
    message = str(error.message)
    assert "Ligne 3 : La table « UT-01 »" in message and "0 jeux de cartes remis, 1 requis" in message, message
    assert "(champ « jeux de cartes »)" in message and "37-12" in message and "(projet)" in message, message
    assert (Entry.objects.count(), Slip.objects.count(), TableSession.objects.count()) == before
    issue(w, "UT-01")
    assert do_import(w, ["HC-01", "UT-01"]).sessions == 2


def test_registers_audit_finds_a_file_imported_past_the_opening_control(w, monkeypatch):
    """A file imported past the control (as a Vigie before it imported): registers_audit names the session opened
    without its deck, with art. 37-12, as the import would have refused it."""
    lu_table(w, "UT-01", "lu.uth")
    receive(w, "rouge", 100)
    control(w)
    monkeypatch.setattr("registers.tables.imports.Openings.problems", lambda self, **kwargs: [])
    do_import(w, ["UT-01"])
    said = [problem.fr for result in audit(casino_code=w.c.code) for finding in result.invalid
            for problem in finding.problems]
    assert any("« UT-01 »" in text and "0 jeux de cartes remis, 1 requis" in text for text in said), said


def test_an_import_before_the_control_applies_or_without_a_register_of_decks_opens_as_before(w):
    """Before the management applies the control, or at a casino with no register of decks, the import opens its
    sessions as it always did (the history taken over is not refused)."""
    lu_table(w, "UT-01", "lu.uth")
    assert do_import(w, ["UT-01"]).sessions == 1


def refused(call, field: str, code: str, *said: str) -> str:
    before = Entry.objects.count()
    with pytest.raises(DomainError) as caught:
        call()
    message = str(caught.value.message)
    assert (caught.value.field, caught.value.code) == (field, code), message
    assert all(text in message for text in said), message
    assert Entry.objects.count() == before
    return message


def test_lu_37_16_the_bataille_opens_with_three_decks_of_one_colour_and_three_of_the_other(w):
    """LU RGD 1979 art. 37-16 (projet): « Le jeu de la bataille se joue avec six jeux de cinquante-deux cartes, trois
    d'une couleur et trois de l'autre. » Six decks of one back colour do not open the Bataille's table, nor four and
    two; three red and three blue do. The page says why with the same control."""
    table = lu_table(w, "BT-01", "lu.bataille")
    receive(w, "rouge", 100)
    receive(w, "Bleu", 200)
    control(w)
    red = issue(w, "BT-01", decks=6, colour="rouge")
    refused(lambda: open_lu(w, table, DAY, maximum="300.00"), "decks", ErrorCode.WRONG_STATE,
            "ses jeux par couleur de dos : 6 rouge ; il en faut 3 de chacune de 2 couleurs", "37-16", "(projet)")
    (row,) = [row for row in today_sessions(w.c, DAY, stock_of(w.c)) if row.table == "BT-01"]
    assert not row.opened and row.count == 6
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=DAY, issue=red.seq, decks=2, perfect=True)
    issue(w, "BT-01", decks=2, colour="Bleu")
    refused(lambda: open_lu(w, table, DAY, maximum="300.00"), "decks", ErrorCode.WRONG_STATE, "2 bleu, 4 rouge")
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=DAY, issue=red.seq, decks=1, perfect=True)
    issue(w, "BT-01", decks=1, colour="Bleu")
    assert open_lu(w, table, DAY, maximum="300.00").number == 1
    (row,) = [row for row in today_sessions(w.c, DAY, stock_of(w.c)) if row.table == "BT-01"]
    assert (row.opened, row.said) == (True, [])


def test_lu_37_16_the_audit_finds_a_bataille_opened_with_six_decks_of_one_colour(w):
    """An opening written past the service with six red decks at the Bataille's table: registers_audit names it with
    art. 37-16, as the service would have refused it (the same control)."""
    lu_table(w, "BT-01", "lu.bataille")
    receive(w, "rouge", 100)
    control(w)
    issue(w, "BT-01", decks=6, colour="rouge")
    avances = register_for(casino=w.c, kind=RegisterKind.AVANCES)
    entry_append(register=avances, kind=EntryKind.TABLE_OPENED, gaming_day=DAY, actor=w.manager_c, payload={
        "table": "BT-01", "jeu": "lu.bataille", "seance": 1})
    said = [problem.fr for result in audit(casino_code=w.c.code) for finding in result.invalid
            for problem in finding.problems]
    assert any("6 rouge ; il en faut 3 de chacune de 2 couleurs" in text for text in said), said


def test_lu_37_12_a_deck_retired_during_the_day_is_replaced_by_a_new_one(w):
    """LU RGD 1979 art. 37-12 (projet): « Un jeu peut servir plusieurs fois mais il doit être remplacé par un jeu neuf
    dès qu'il n'est plus en parfait état ou sur décision d'un chef de salle. » Once a deck of UT-01 is retired that
    day, a returned deck, even checked in perfect condition, is refused as its replacement citing art. 37-12; a new
    one is issued. Another table, or the next day, takes a returned deck as before. The page says what the
    replacement must be; the audit asks the entries again."""
    table = lu_table(w, "UT-01", "lu.uth")
    lu_table(w, "UT-02", "lu.uth")
    receive(w, "rouge", 100)
    given = issue(w, "UT-01", decks=3)
    open_lu(w, table, DAY)
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=DAY, issue=given.seq, decks=2, perfect=True)
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=DAY, issue=given.seq, decks=1, perfect=False,
                reason="Décision du chef de salle")
    refused(lambda: issue(w, "UT-01", new=False), "new", ErrorCode.WRONG_STATE,
            "Jeux retirés de la table « UT-01 »", "doit être neuf", "(champ « neufs »)", "37-12", "(projet)")
    issue(w, "UT-02", new=False)  # another table: a returned deck in perfect condition
    replacing = issue(w, "UT-01")
    assert '"jeu":"lu.uth"' in replacing.payload
    (row,) = [row for row in today_sessions(w.c, DAY, stock_of(w.c)) if row.table == "UT-01"]
    ((text, citation),) = row.replacement_said
    assert "un jeu qui les remplace doit être neuf" in text and "37-12" in citation
    decks = register_for(casino=w.c, kind=RegisterKind.JEUX_DE_CARTES)
    entry_append(register=decks, kind=EntryKind.DECKS_ISSUED, gaming_day=DAY, actor=w.accountant_c, payload={
        "lot": lot_of(w, "rouge"), "jeux": 1, "neufs": False, "famille": "tables", "table": "UT-01",
        "journee": DAY.isoformat(), "jeu": "lu.uth", "verifications": {"comptees_verifiees": True,
                                                                         "parfait_etat": True}})
    said = [problem.fr for result in audit(casino_code=w.c.code) for finding in result.invalid
            for problem in finding.problems]
    assert any("doit être neuf" in text and "UT-01" in text for text in said), said


def test_mc_am_2007_668_art_1_a_retired_deck_is_replaced_by_a_new_one(rules):
    """MC AM 2007-668 art. 1: « Le jeu peut servir plusieurs fois mais il doit être remplacé par un jeu neuf dès
    qu'il n'est plus en parfait état ou sur décision de la Direction des Jeux. » A deck retired from a UTH table is
    replaced by a new one only, citing art. 1."""
    casino = make_casino("casino-m", "MC")
    manager, cashier = make_user("direction.m", "manager", casino=casino), make_user("compta.m", "accountant",
                                                                                       casino=casino)
    table_create(casino=casino, actor=manager, game="mc.uth", number="UT-01", pit="A")
    today = casino.today()
    deck_receive(casino=casino, actor=cashier, gaming_day=today, supplier="France Cartes", description="52 cartes",
                 colour="bordeaux", packs=1, per_pack=12, seals=["S-1"], plain_back=True)
    (lot,) = stock_of(casino).lots
    given = deck_issue(casino=casino, actor=cashier, gaming_day=today, lot=lot, decks=2, family="tables",
                       table="UT-01", new=True, counted=True, sealed=True, perfect=True)
    deck_return(casino=casino, actor=cashier, gaming_day=today, issue=given.seq, decks=1, perfect=True)
    deck_return(casino=casino, actor=cashier, gaming_day=today, issue=given.seq, decks=1, perfect=False,
                reason="Carte marquée")
    refused(lambda: deck_issue(casino=casino, actor=cashier, gaming_day=today, lot=lot, decks=1, family="tables",
                               table="UT-01", new=False, counted=True, perfect=True),
            "new", ErrorCode.WRONG_STATE, "doit être neuf", "art. 1")
    assert deck_issue(casino=casino, actor=cashier, gaming_day=today, lot=lot, decks=1, family="tables",
                      table="UT-01", new=True, counted=True, sealed=True, perfect=True).kind == EntryKind.DECKS_ISSUED
