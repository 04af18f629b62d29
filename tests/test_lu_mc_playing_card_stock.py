"""The playing-card stock (issue 39, point 3), named after the articles it applies and quoting them: LU RGD 1979 art. 6
al. 1 (as the draft replaces its first sentence), 37-9, 37-12, 37-16 (projet); MC AM 2007-668 art. 1, which applies AM
88-384's art. 1 « relatives au dépôt, à la conservation et au contrôle des cartes » (a text not in ours). The seals, the
destruction signed by two people and the day the control applies from are the casino's own control."""

import datetime

import pytest

from compliance.errors import DomainError
from registers.chain.services import entry_append, pending_countersign, register_for
from registers.decks.selectors import stock_of, today_sessions
from registers.decks.services import deck_control_set, deck_destroy, deck_issue, deck_receive, deck_return
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, PendingEntry
from tests.conftest import lu_today, make_user
from tests.tables_world import lu_table, open_lu

TODAY = lu_today()
OWN = "Contrôle interne du casino : stock des jeux de cartes, scellés et destruction signée par deux personnes"


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.manager_c2 = make_user("direction.c2", "manager", casino=world.c)
    return world


def refused(call, field: str, code: str, *said: str) -> str:
    """The service refuses, naming the field and the code, its message saying `said`; nothing written."""
    before = Entry.objects.count(), PendingEntry.objects.count()
    with pytest.raises(DomainError) as caught:
        call()
    message = str(caught.value.message)
    assert (caught.value.field, caught.value.code) == (field, code), message
    assert all(text in message for text in said), message
    assert (Entry.objects.count(), PendingEntry.objects.count()) == before
    return message


def receive(w, colour="rouge", packs=2, per_pack=6, first=100, plain_back=True, seals=None):
    return deck_receive(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, supplier="Cartamundi",
                        description="52 cartes, logo du casino", colour=colour, packs=packs, per_pack=per_pack,
                        seals=seals if seals is not None else [f"S-{first + k}" for k in range(packs)],
                        plain_back=plain_back)


def lot_of(w, colour="rouge") -> str:
    return next(lot.lot for lot in stock_of(w.c).lots.values() if lot.colour == colour)


def issue(w, table, decks=1, new=True, colour="rouge", perfect=True, counted=True, sealed=True):
    return deck_issue(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot_of(w, colour), decks=decks,
                      family="tables", table=table, new=new, counted=counted, sealed=sealed, perfect=perfect)


def control(w, tables=TODAY, poker=None):
    return deck_control_set(casino=w.c, actor=w.manager_c, gaming_day=TODAY, tables=tables, poker=poker,
                            reference="PI-JEUX-07")


def test_lu_6_the_decks_are_received_grouped_in_sixains_and_plain_backed(w):
    """LU RGD 1979 art. 6 al. 1 (projet): « Les jeux de cartes utilisés pour les jeux de cercle et les jeux de
    contrepartie sont groupés en sixains et doivent être d'un tarotage à teinte unie. » A pack of twelve, or a back
    that is not plain, is refused citing art. 6; one seal a pack, never one the register already holds (the casino's
    control)."""
    refused(lambda: receive(w, per_pack=12), "per_pack", ErrorCode.INVALID, "sixains", "art. 6", "(projet)")
    refused(lambda: receive(w, plain_back=False), "plain_back", ErrorCode.INVALID, "teinte unie", "art. 6")
    refused(lambda: receive(w, seals=["S-1"]), "seals", ErrorCode.INVALID, "2 paquets, 1 scellés", OWN)
    entry = receive(w)
    assert entry.kind == EntryKind.DECKS_RECEIVED and entry.register.kind == RegisterKind.JEUX_DE_CARTES
    assert "art. 6" in entry.payload and '"jeux_par_paquet":6' in entry.payload
    refused(lambda: receive(w, first=101), "seals", ErrorCode.DUPLICATE, "S-101", OWN)
    (lot,) = stock_of(w.c).lots.values()
    assert (lot.new, lot.seals) == (12, ("S-100", "S-101"))


def test_lu_37_16_the_bataille_opens_only_with_six_decks_issued_in_perfect_condition(w):
    """LU RGD 1979 art. 37-16 (projet): « Le jeu de la bataille se joue avec six jeux de cinquante-deux cartes, trois
    d'une couleur et trois de l'autre. Il doit être fait usage de cartes en parfait état au commencement de chaque
    séance. » Once the management applies the control, the Bataille's table does not open with three decks, nor with
    six not checked in perfect condition; with six checked it opens."""
    table = lu_table(w, "BT-01", "lu.bataille")
    receive(w, "rouge", first=100)
    receive(w, "bleu", first=200)
    control(w)
    first = issue(w, "BT-01", decks=3, colour="rouge")
    refused(lambda: open_lu(w, table, TODAY, maximum="300.00"), "decks", ErrorCode.WRONG_STATE,
            "avec 3 jeux de cartes remis, 6 requis", "37-16", "(projet)")
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=first.seq, decks=3, perfect=True)
    unchecked = issue(w, "BT-01", decks=3, colour="rouge", new=False, perfect=False)  # returned, not checked again
    issue(w, "BT-01", decks=3, colour="bleu")
    refused(lambda: open_lu(w, table, TODAY, maximum="300.00"), "decks", ErrorCode.WRONG_STATE,
            "dont le parfait état n'a pas été vérifié", "37-16")
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=unchecked.seq, decks=3, perfect=True)
    issue(w, "BT-01", decks=3, colour="rouge", new=False, perfect=True)
    assert open_lu(w, table, TODAY, maximum="300.00").number == 1


def test_lu_37_9_the_casino_hold_em_deck_must_be_new(w):
    """LU RGD 1979 art. 37-9 (projet): « Le jeu doit être neuf et peut servir plusieurs fois. » A deck returned from
    another table, even in perfect condition, does not open the table; a new one, under an intact seal, does. Issued
    without its count and check (« Après leur comptée et leur vérification »), or new with a broken seal, it is not
    issued at all (the casino's control)."""
    table = lu_table(w)
    receive(w)
    control(w)
    refused(lambda: issue(w, "HC-01", counted=False), "counted", ErrorCode.REQUIRED, "comptée")
    refused(lambda: issue(w, "HC-01", sealed=False), "sealed", ErrorCode.REQUIRED, "scellé")
    refused(lambda: issue(w, "HC-01", new=False), "decks", ErrorCode.WRONG_STATE, "0 jeux rendus")
    lu_table(w, "HC-02")
    first = issue(w, "HC-02")
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=first.seq, decks=1, perfect=True)
    issue(w, "HC-01", new=False)
    refused(lambda: open_lu(w, table, TODAY), "decks", ErrorCode.WRONG_STATE, "cartes neuves", "37-9")
    issue(w, "HC-01")
    refused(lambda: open_lu(w, table, TODAY), "decks", ErrorCode.WRONG_STATE, "cartes neuves")  # the used one is there
    back = stock_of(w.c).at("tables", "HC-01", TODAY)
    used = next(found for found in back if not found.new)
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=used.seq, decks=1, perfect=True)
    assert open_lu(w, table, TODAY).number == 1


def test_lu_37_12_a_deck_no_longer_in_perfect_condition_is_retired_then_destroyed_by_two_people(w):
    """LU RGD 1979 art. 37-12 (projet): « Un jeu peut servir plusieurs fois mais il doit être remplacé par un jeu neuf
    dès qu'il n'est plus en parfait état ou sur décision d'un chef de salle. » The deck retired says why; its
    destruction is filed by one person and entered once a second, of the direction, countersigns (the casino's
    control); no more decks are destroyed than were retired, even filed twice before either is signed. Once the
    control applies, the table does not open without its deck, nor with a returned one not checked again."""
    table = lu_table(w, "UT-01", "lu.uth")
    receive(w)
    control(w)
    refused(lambda: open_lu(w, table, TODAY), "decks", ErrorCode.WRONG_STATE, "avec 0 jeux de cartes remis, 1 requis",
            "37-12")
    given = issue(w, "UT-01", decks=2)
    refused(lambda: deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=given.seq, decks=1,
                                perfect=False), "reason", ErrorCode.REQUIRED, "motif")
    refused(lambda: deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=given.seq, decks=3,
                                perfect=True), "decks", ErrorCode.WRONG_STATE, "Il ne reste que 2 jeux")
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=given.seq, decks=1, perfect=False,
                reason="Coin corné")
    (lot,) = stock_of(w.c).lots.values()
    assert (lot.new, lot.out, lot.retired) == (10, 1, 1)
    refused(lambda: deck_destroy(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot.lot, decks=2,
                                 how="Cisaillage"), "decks", ErrorCode.WRONG_STATE, "1 jeux retirés")
    pending = deck_destroy(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot.lot, decks=1, how="Cisaillage")
    refused(lambda: deck_destroy(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot.lot, decks=1,
                                 how="Cisaillage"), "decks", ErrorCode.WRONG_STATE, "0 jeux retirés")
    with pytest.raises(DomainError) as same:
        pending_countersign(pending=pending, countersigner=w.accountant_c)
    assert same.value.code == "same_person"
    entry = pending_countersign(pending=pending, countersigner=w.manager_c)
    assert (entry.actor, entry.countersigner, entry.kind) == (w.accountant_c, w.manager_c, EntryKind.DECKS_DESTROYED)
    (lot,) = stock_of(w.c).lots.values()
    assert (lot.retired, lot.destroyed) == (0, 1)
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=given.seq, decks=1, perfect=True)
    refused(lambda: issue(w, "UT-01", new=False, perfect=True), "new", ErrorCode.WRONG_STATE, "doit être neuf")
    other = lu_table(w, "UT-02", "lu.uth")  # UT-01's deck was retired today: its replacement is new
    unchecked = issue(w, "UT-02", new=False, perfect=False)
    refused(lambda: open_lu(w, other, TODAY), "decks", ErrorCode.WRONG_STATE, "parfait état", "37-12")
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=unchecked.seq, decks=1, perfect=True)
    issue(w, "UT-02", new=False, perfect=True)
    assert open_lu(w, other, TODAY).number == 1
    issue(w, "UT-01")
    assert open_lu(w, table, TODAY).number == 1


def test_the_opening_control_applies_from_the_day_the_management_sets_it(w):
    """Before the management applies it (the casino's control, with its procedure's reference), a table opens as it
    always did: the existing sessions, the history taken over and the casinos that keep no stock in Vigie are not
    refused. Only the direction sets it; the same days twice are refused."""
    table = lu_table(w)
    receive(w)
    refused(lambda: deck_control_set(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, tables=TODAY, poker=None,
                                     reference="PI"), "actor", ErrorCode.WRONG_ROLE, "direction")
    control(w, tables=TODAY + datetime.timedelta(days=1))
    assert open_lu(w, table, TODAY).number == 1  # before its first day
    refused(lambda: control(w, tables=TODAY + datetime.timedelta(days=1)), "tables", ErrorCode.DUPLICATE,
            "déjà")


def test_a_casino_whose_texts_keep_no_stock_files_none(w):
    """QC: no text of ours speaks of a stock of decks; the register is refused there, and its tables open as before."""
    refused(lambda: deck_receive(casino=w.a, actor=w.accountant_a, gaming_day=TODAY, supplier="X", description="Y",
                                 colour="rouge", packs=1, per_pack=6, seals=["S"], plain_back=True),
            "casino", ErrorCode.INVALID, "ne prévoient pas")


def test_registers_audit_finds_a_table_opened_without_its_decks_past_the_service(w):
    """An opening written past the service (entry_append alone) after the control applies, its decks never issued:
    registers_audit names it with the game's article, as the service would have refused it; the register of decks
    itself replays clean."""
    table = lu_table(w, "UT-01", "lu.uth")
    receive(w)
    control(w)
    issue(w, "UT-01")
    open_lu(w, table, TODAY)
    avances = register_for(casino=w.c, kind=RegisterKind.AVANCES)
    entry_append(register=avances, kind=EntryKind.TABLE_OPENED, gaming_day=TODAY, actor=w.manager_c, payload={
        "table": "HC-09", "jeu": "lu.holdem_casino", "seance": 1})
    found = {(result.register.rsplit("/", 1)[1], finding.seq): [problem.fr for problem in finding.problems]
             for result in audit(casino_code=w.c.code) for finding in result.invalid}
    missing = [text for (register, _seq), texts in found.items() if register == "avances" for text in texts
               if "0 jeux de cartes remis, 1 requis" in text]
    assert missing and "« HC-09 »" in missing[0], found
    assert not [key for key in found if key[0] == RegisterKind.JEUX_DE_CARTES], found


def test_the_page_s_sessions_say_whether_each_table_holds_its_decks(w):
    """Today's sessions with the decks at each table and what the opening control finds (the same control)."""
    table = lu_table(w, "UT-01", "lu.uth")
    receive(w)
    issue(w, "UT-01")
    open_lu(w, table, TODAY)
    (row,) = today_sessions(w.c, TODAY, stock_of(w.c))
    assert (row.table, row.count, row.opened, row.said) == ("UT-01", 1, True, [])


@pytest.mark.parametrize(("variant", "version", "article"), [
    ("holdem", "no_limit", "49-1"), ("omaha", "pot_limit", "49-5")])
def test_lu_49_1_and_49_5_a_poker_seance_opens_with_its_deck_in_perfect_condition(w, variant, version, article):
    """LU RGD 1979 art. 49-1 and 49-5 (projet): « Le jeu doit être en parfait état et peut servir plusieurs fois. » Once
    the management applies the control to its poker room, a table's séance does not open without a deck issued to
    it for the day, nor with a returned one not checked again; it opens with a deck checked in perfect condition."""
    from registers.poker_room.services import poker_session_open

    def open_seance():
        return poker_session_open(casino=w.c, actor=w.manager_c, gaming_day=TODAY, table="P-1", variant=variant,
                                  version=version, minimum="10", small_blind="5", big_blind="10", rake_rate="0.05")

    receive(w)
    control(w, tables=None, poker=TODAY)
    refused(open_seance, "decks", ErrorCode.WRONG_STATE, "avec 0 jeux de cartes remis, 1 requis", article)
    given = deck_issue(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot_of(w), decks=1, family="poker",
                       table="P-1", new=True, counted=True, sealed=True)
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=given.seq, decks=1, perfect=True)
    used = deck_issue(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot_of(w), decks=1, family="poker",
                      table="P-1", new=False, counted=True)
    refused(open_seance, "decks", ErrorCode.WRONG_STATE, "parfait état", article)
    deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=used.seq, decks=1, perfect=True)
    deck_issue(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot_of(w), decks=1, family="poker",
               table="P-1", new=False, counted=True, perfect=True)
    assert open_seance().number == 1
