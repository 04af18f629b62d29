"""The demo's playing-card stock (registers/decks/demo.py), where the texts keep one: La Moselle (LU RGD 1979 art. 6,
37-9, 37-12, 37-16 (projet)) and Les Rochers (MC AM 2007-668 art. 1); its pages and API in scope, and MC's new cards at
the start of each séance refused otherwise."""

import pytest
from django.urls import reverse

from compliance.errors import DomainError
from compliance.models import Casino, User
from registers.decks.selectors import stock_of, today_sessions
from registers.decks.services import deck_issue, deck_return
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, TableSession
from registers.tables.services import session_close, session_open
from tests.conftest import api_client_for

SIGNED = {"croupier": "Croupier", "superviseur": "Chef de salle"}


def casino(code: str) -> Casino:
    return Casino.objects.select_related("jurisdiction").get(code=code)


def user(name: str) -> User:
    return User.objects.get(username=name)


def test_the_demo_stock_is_received_issued_to_every_table_today_and_a_worn_deck_destroyed_by_two(demo, rules):
    """At La Moselle: two colours of sixains under seal, every table of today holding the decks its game requires
    (the Bataille six, three of each colour), the control applied to the tables from today, the poker tables given
    theirs for tonight, UT-01's worn deck retired, replaced new and destroyed, filed by the cashier and countersigned by
    the direction. At Les Rochers, UTH's new decks. Lac-Bleu (QC) keeps none. registers_audit finds nothing in the
    stock nor in today's openings."""
    moselle = casino("la-moselle")
    stock = stock_of(moselle)
    assert {lot.colour for lot in stock.lots.values()} == {"rouge", "bleu"}
    assert stock.control == {"tables": moselle.today(), "poker": moselle.today()}
    rows = today_sessions(moselle, moselle.today(), stock)
    opened = [row for row in rows if row.opened and row.family == "tables"]
    assert opened and all(row.said == [] for row in opened), [(row.table, row.said) for row in rows]
    assert {row.table: row.count for row in opened}.get("BT-02") == 6
    assert any(row.family == "poker" for row in rows)
    destroyed = Entry.objects.get(register__casino=moselle, kind=EntryKind.DECKS_DESTROYED)
    assert (destroyed.actor.username, destroyed.countersigner.username) == ("lu.caissier", "lu.direction")
    rochers = casino("les-rochers")
    assert all(row.said == [] for row in today_sessions(rochers, rochers.today(), stock_of(rochers)) if row.opened)
    assert not stock_of(casino("lac-bleu")).lots
    for code in ("la-moselle", "les-rochers"):
        found = [(result.register, finding.seq, [problem.fr for problem in finding.problems])
                 for result in audit(casino_code=code) for finding in result.invalid
                 if result.register.endswith(("/jeux_de_cartes", "/avances"))
                 and any("jeux" in problem.fr for problem in finding.problems)]
        assert found == [], found


def test_mc_am_2007_668_art_1_at_the_start_of_each_seance_new_cards(demo, rules):
    """MC AM 2007-668 art. 1: « Au début de chaque séance, il doit être fait usage de cartes neuves. » Les Rochers'
    UT-01 closes; its deck comes back in perfect condition and goes back to the table: the next séance does not open
    with it, it opens with a new one."""
    rochers, cashier, manager = casino("les-rochers"), user("mc.caissier"), user("mc.direction")
    today = rochers.today()
    opened = TableSession.objects.select_related("table__game").get(table__casino=rochers, table__number="UT-01",
                                                                     gaming_day=today, number=1)
    session_close(session=opened, actor=cashier, denominations={"500": 60}, signatures=SIGNED)
    (given,) = stock_of(rochers).at("tables", "UT-01", today)
    deck_return(casino=rochers, actor=cashier, gaming_day=today, issue=given.seq, decks=1, perfect=True)
    used = deck_issue(casino=rochers, actor=cashier, gaming_day=today, lot=given.lot, decks=1, family="tables",
                      table="UT-01", new=False, counted=True, perfect=True)

    def reopen():
        return session_open(table=opened.table, actor=manager, gaming_day=today, minimum="25", maximum="2500",
                            denominations={"500": 60}, signatures=SIGNED)

    with pytest.raises(DomainError) as caught:
        reopen()
    assert caught.value.field == "decks" and "cartes neuves" in caught.value.message, caught.value.message
    assert "MC AM 2007-668 art. 1" in caught.value.message
    deck_return(casino=rochers, actor=cashier, gaming_day=today, issue=used.seq, decks=1, perfect=True)
    deck_issue(casino=rochers, actor=cashier, gaming_day=today, lot=given.lot, decks=1, family="tables",
               table="UT-01", new=True, counted=True, sealed=True, perfect=True)
    assert reopen().number == 2


def test_the_page_is_read_by_the_casino_and_its_regulator_and_written_by_its_staff(demo, rules, client):
    """/registres/la-moselle/cartes-a-jouer/: the cashier files, the direction also sets the control, the regulator
    reads (a POST of theirs is a 403), another jurisdiction's regulator gets a 404, Lac-Bleu (no stock in its texts)
    a 404."""
    url = reverse("decks", kwargs={"casino": "la-moselle"})
    client.force_login(user("lu.caissier"))
    page = client.get(url).content.decode()
    assert 'data-testid="form-remise"' in page and 'data-testid="form-controle"' not in page
    assert 'data-testid="session-tables-BT-02"' in page and "art. 6" in page
    client.force_login(user("lu.direction"))
    assert 'data-testid="form-controle"' in client.get(url).content.decode()
    client.force_login(user("lu.ministere"))
    page = client.get(url).content.decode()
    assert 'data-testid="read-only"' in page and 'data-testid="form-remise"' not in page
    assert client.post(url, {"action": "remise"}).status_code == 403
    client.force_login(user("mc.commission"))
    assert client.get(url).status_code == 404
    client.force_login(user("qc.direction"))
    assert client.get(reverse("decks", kwargs={"casino": "lac-bleu"})).status_code == 404


def test_the_page_refuses_an_issue_under_its_field_and_files_a_receipt(demo, rules, client):
    moselle = casino("la-moselle")
    url = reverse("decks", kwargs={"casino": "la-moselle"})
    client.force_login(user("lu.caissier"))
    lot = sorted(stock_of(moselle).lots)[0]
    page = client.post(url, {"action": "remise", "remise-lot": lot, "remise-decks": "1", "remise-new": "1",
                             "remise-family": "tables", "remise-table": "HC-01"})
    assert page.status_code == 200 and "comptée" in page.content.decode()
    before = Entry.objects.filter(register__kind=RegisterKind.JEUX_DE_CARTES).count()
    answer = client.post(url, {"action": "reception", "reception-supplier": "Cartamundi", "reception-description":
                               "52 cartes", "reception-colour": "vert", "reception-packs": "1",
                               "reception-per_pack": "6", "reception-seals": "S-99001", "reception-plain_back": "on"})
    assert answer.status_code == 302
    assert Entry.objects.filter(register__kind=RegisterKind.JEUX_DE_CARTES).count() == before + 1


def test_the_api_receives_issues_and_returns_and_the_regulator_reads(demo, rules):
    moselle = casino("la-moselle")
    base = "/api/v1/registers/la-moselle/decks/"
    cashier = api_client_for(user("lu.caissier"))
    answer = cashier.post(f"{base}receipts/", {"supplier": "Cartamundi", "description": "52 cartes", "colour": "vert",
                                               "packs": 1, "per_pack": 12, "seals": ["S-98001"], "plain_back": True},
                          format="json")
    assert answer.status_code == 400 and answer.json()["field_errors"].get("per_pack"), answer.json()
    answer = cashier.post(f"{base}receipts/", {"supplier": "Cartamundi", "description": "52 cartes", "colour": "vert",
                                               "packs": 1, "per_pack": 6, "seals": ["S-98001"], "plain_back": True},
                          format="json")
    assert answer.status_code == 201, answer.json()
    lot = max(stock_of(moselle).lots)
    answer = cashier.post(f"{base}issues/", {"lot": lot, "decks": 1, "new": True, "family": "poker", "table": "TH-9",
                                             "counted": True, "sealed": True, "perfect": True}, format="json")
    assert answer.status_code == 201, answer.json()
    answer = cashier.post(f"{base}returns/", {"issue": answer.json()["seq"], "decks": 1, "perfect": False,
                                              "reason": "Carte marquée"}, format="json")
    assert answer.status_code == 201, answer.json()
    regulator = api_client_for(user("lu.ministere"))
    stock = regulator.get(base).json()
    assert next(row for row in stock["lots"] if row["lot"] == lot)["retired"] == 1
    assert regulator.post(f"{base}issues/", {}, format="json").status_code == 403
    assert api_client_for(user("mc.commission")).get(base).status_code == 404


def test_lu_49_1_tonight_s_poker_seance_opens_with_the_deck_the_demo_issued_to_its_table(demo, rules):
    """LU RGD 1979 art. 49-1 (projet): « Le jeu doit être en parfait état et peut servir plusieurs fois. » The demo
    applies the control to La Moselle's poker room from today and issues tonight's deck to each of its tables: the page
    shows each with its deck, a séance opens at TH-1 with it, and at a table given none it is refused citing art.
    49-1."""
    from registers.poker_room.services import poker_session_open

    moselle, manager = casino("la-moselle"), user("lu.direction")
    today = moselle.today()
    poker = {row.table: row.count for row in today_sessions(moselle, today, stock_of(moselle)) if row.family == "poker"}
    assert poker.get("TH-1") == 1 and all(count >= 1 for count in poker.values()), poker

    def open_at(table):
        return poker_session_open(casino=moselle, actor=manager, gaming_day=today, table=table, variant="holdem",
                                  version="no_limit", minimum="10", small_blind="5", big_blind="10", rake_rate="0.05")

    with pytest.raises(DomainError) as caught:
        open_at("TH-9")
    assert caught.value.field == "decks" and "49-1" in caught.value.message, caught.value.message
    assert open_at("TH-1").number >= 1
    (row,) = [row for row in today_sessions(moselle, today, stock_of(moselle)) if row.table == "TH-1"]
    assert (row.opened, row.count, row.said) == (True, 1, [])
