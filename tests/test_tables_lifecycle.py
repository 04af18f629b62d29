"""A table session's life as a state machine (registers/tables/controls.py), on the demo's real tables: each step only
from its named stages (ouverte → fermée → drop compté), each refusal through the service with its field, its code and
the control it rests on; the same controls in registers_audit, which names an entry written past the services; the
session's page says why a step is not offered.

The texts fix none of these steps (LU RGD 1979 art. 9, 21 and 37-9 only have an arrêté fix the float; art. 97-1 lets
the books be kept electronically): each is the casino's internal control and is cited so, quoted by each test. The one
step an article gives is the Bataille's minimum (art. 37-17)."""

import datetime
import html

import pytest
from django.urls import reverse

from compliance.errors import DomainError
from compliance.models import Casino, User
from registers.chain.services import entry_append, register_for
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, GamingTable, Slip, SlipKind, SlipVoid, TableSession
from registers.tables.controls import Stage
from registers.tables.selectors import session_state
from registers.tables.services import (
    commission_file,
    drop_count,
    minimum_change,
    session_close,
    session_open,
    slip_file,
    slip_void,
)
from registers.tables.slips import SIGNATORIES

pytestmark = pytest.mark.django_db

TABLE_CLOSED = "Contrôle interne du casino : table ouverte fermée avec son inventaire de fermeture"
INVENTORY = "Contrôle interne du casino : inventaire de la table compté à l'ouverture et à la fermeture"
DROP = "Contrôle interne du casino : drop compté par deux personnes"
NUMBERED = "Contrôle interne du casino : bordereaux signés et numérotés sans trou"
CORRECTION = "Contrôle interne du casino : correction par une écriture nouvelle, contresignée"
SIGNED = {role: f"Signataire {role}" for role in SIGNATORIES[SlipKind.FILL]}
TEAM = {"croupier": "Croupier", "superviseur": "Chef de salle"}
COUNTERS = {"compteur_1": "Compteur A", "compteur_2": "Compteur B"}


def user(name: str) -> User:
    return User.objects.get(username=name)


def casino(code: str) -> Casino:
    return Casino.objects.select_related("jurisdiction").get(code=code)


def session(code: str, table: str, days_ago: int = 0) -> TableSession:
    """The demo table's first session of the day `days_ago` before the casino's today."""
    day = casino(code).today() - datetime.timedelta(days=days_ago)
    return TableSession.objects.select_related("table__casino__jurisdiction", "table__game").get(
        table__casino__code=code, table__number=table, gaming_day=day, number=1)


def counts() -> tuple:
    return Entry.objects.count(), Slip.objects.count(), TableSession.objects.count(), SlipVoid.objects.count()


def refused(call, field: str, code: str, control: str | None = None) -> str:
    """The service refuses, naming the field, with the refusal's code and the control it rests on; nothing written."""
    before = counts()
    with pytest.raises(DomainError) as caught:
        call()
    message = str(caught.value.message)
    assert (caught.value.field, caught.value.code) == (field, code), message
    if control is not None:
        assert control in message, message
    assert counts() == before
    return message


def fill(opened: TableSession, serial, actor="lu.caissier"):
    return slip_file(session=opened, actor=user(actor), kind=SlipKind.FILL, serial=serial, amount="500.00",
                     denominations={"500": 1}, signatures=SIGNED)


def test_house_control_a_table_open_is_closed_before_it_opens_again(demo, rules):
    """« Contrôle interne du casino : table ouverte fermée avec son inventaire de fermeture »: la Moselle's HC-01,
    open today, does not open a second time; BT-01, left open yesterday, does not open today before its close."""
    moselle = casino("la-moselle")
    for number in ("HC-01", "BT-01"):
        table = GamingTable.objects.get(casino=moselle, number=number)
        message = refused(lambda table=table: session_open(
            table=table, actor=user("lu.direction"), gaming_day=moselle.today(), minimum="10", maximum="500",
            denominations={"500": 20}, signatures=TEAM, float_amount="10000"), "table", ErrorCode.WRONG_STATE,
            TABLE_CLOSED)
        assert f"La table « {number} » est déjà ouverte" in message


def test_house_control_no_slip_on_a_closed_session(demo, rules):
    """« Contrôle interne du casino : inventaire de la table compté à l'ouverture et à la fermeture »: once the closing
    inventory counts the table, no fill or credit moves it (yesterday's HC-01, imported closed)."""
    closed = session("la-moselle", "HC-01", days_ago=1)
    assert session_state(closed).stage == Stage.COUNTED
    message = refused(lambda: fill(closed, 1), "session", ErrorCode.WRONG_STATE, INVENTORY)
    assert "La séance de la table « HC-01 »" in message and "est fermée" in message


def test_house_control_a_session_closes_once(demo, rules):
    """« Contrôle interne du casino : inventaire de la table compté à l'ouverture et à la fermeture »: a second
    closing inventory of a closed session is refused."""
    closed = session("la-moselle", "HC-02", days_ago=2)
    refused(lambda: session_close(session=closed, actor=user("lu.caissier"), denominations={"500": 40},
                                  signatures=TEAM), "session", ErrorCode.WRONG_STATE, INVENTORY)


def test_house_control_the_drop_is_counted_after_the_close(demo, rules):
    """« Contrôle interne du casino : drop compté par deux personnes », once the table is closed: today's HC-01 is
    open, its drop box is not counted yet."""
    opened = session("la-moselle", "HC-01")
    assert session_state(opened).stage == Stage.OPEN
    message = refused(lambda: drop_count(session=opened, actor=user("lu.caissier"), amount="500.00",
                                         denominations={"500": 1}, signatures=COUNTERS),
                      "session", ErrorCode.WRONG_STATE, DROP)
    assert "après la fermeture de la table « HC-01 »" in message


def test_house_control_the_drop_is_counted_once(demo, rules):
    """« Contrôle interne du casino : drop compté par deux personnes », once: today's UT-01 closed and counted, a
    second count is refused until the first is voided by two people, then it is counted again."""
    counted = session("la-moselle", "UT-01")
    session_close(session=counted, actor=user("lu.caissier"), denominations={"500": 30}, signatures=TEAM)
    count = lambda: drop_count(session=counted, actor=user("lu.caissier"), amount="500.00",  # noqa: E731
                               denominations={"500": 1}, signatures=COUNTERS)
    count()
    message = refused(count, "session", ErrorCode.DUPLICATE, DROP)
    assert "déjà compté" in message
    first = counted.slips.get(kind=SlipKind.DROP)
    slip_void(slip=first, actor=user("lu.caissier"), countersigner=user("lu.direction"), reason="Compté deux fois")
    assert session_state(counted).stage == Stage.CLOSED  # the count voided: the session is counted again
    again = count()
    assert again.replaces == first and session_state(counted).stage == Stage.COUNTED


def test_house_control_a_fills_serial_follows_the_casinos_last_of_the_year(demo, rules):
    """« Contrôle interne du casino : bordereaux signés et numérotés sans trou »: the serial already used and the one
    that leaves a gap are refused on today's open HC-01, the next one is taken."""
    opened = session("la-moselle", "HC-01")
    year = opened.gaming_day.year
    last = max(Slip.objects.filter(casino=opened.table.casino, year=year).values_list("serial", flat=True))
    assert "déjà utilisé" in refused(lambda: fill(opened, last), "serial", ErrorCode.DUPLICATE, NUMBERED)
    gap = refused(lambda: fill(opened, last + 2), "serial", ErrorCode.INVALID, NUMBERED)
    assert f"le suivant de {year} dans ce carnet est le {last + 1}" in gap
    assert fill(opened, last + 1).serial == last + 1


def test_house_control_pai_gow_commissions_are_declared_once_while_the_table_is_open(demo, rules):
    """Lac-Bleu's PG-01 declared today's commissions with every round: a second declaration is refused (the bank's
    rotation is checked over the session's rounds, QC RJC art. 116 as the rule data cites it), and so is one on a
    closed session (« inventaire de la table compté à l'ouverture et à la fermeture »)."""
    rounds = [{"banque": "croupier", "joueurs": ["1", "3"], "gagnantes": {"1": "25.00"}}]
    declare = lambda opened: commission_file(session=opened, actor=user("qc.caissier"), rounds=rounds,  # noqa: E731
                                             amount="2.00", signatures=TEAM)
    today = session("lac-bleu", "PG-01")
    assert session_state(today).commission
    assert "déjà déclarées" in refused(lambda: declare(today), "session", ErrorCode.DUPLICATE, NUMBERED)
    refused(lambda: declare(session("lac-bleu", "PG-01", days_ago=1)), "session", ErrorCode.WRONG_STATE, INVENTORY)


def test_house_control_a_slip_is_voided_once_and_only_a_fill_a_credit_or_a_drop(demo, rules):
    """« Contrôle interne du casino : correction par une écriture nouvelle, contresignée »: a fill voided once; an
    opening inventory is not voided (the table is closed and opened again)."""
    opened = session("la-moselle", "HC-02")
    slip = opened.slips.filter(kind=SlipKind.FILL).first()
    void = lambda target: slip_void(slip=target, actor=user("lu.caissier"),  # noqa: E731
                                    countersigner=user("lu.direction"), reason="Erreur de saisie")
    void(slip)
    assert "déjà annulé" in refused(lambda: void(slip), "slip", ErrorCode.DUPLICATE, CORRECTION)
    refused(lambda: void(opened.slips.get(kind=SlipKind.OPENING)), "slip", ErrorCode.WRONG_STATE, CORRECTION)


def test_lu_art_37_17_the_bataille_minimum_changes_by_closing_and_opening_again(demo, rules):
    """LU RGD 1979 art. 37-17 (projet): « Le minimum peut être modifié en cours de séance sous réserve de fermer la
    table et de l'ouvrir à nouveau, avec une nouvelle encaisse qui sera mentionnée sur le carnet d'avances. » At la
    Moselle's BT-02 the session closes and the next one opens; the closed one takes no slip after it."""
    first = session("la-moselle", "BT-02")
    again = minimum_change(session=first, actor=user("lu.direction"), minimum="20", maximum="400",
                           closing={"500": 16}, opening={"500": 16}, signatures=TEAM, float_amount="8000")
    assert (again.number, session_state(first).stage, session_state(again).stage) == (2, Stage.CLOSED, Stage.OPEN)
    assert "37-17" in Entry.objects.get(pk=again.entry_id).payload
    refused(lambda: fill(first, 1), "session", ErrorCode.WRONG_STATE, INVENTORY)


def test_a_sessions_day_is_neither_to_come_nor_before_the_casinos_registers(demo, rules):
    """The chain bounds every entry's day (registers/chain/services.py): once Lac-Bleu's BJ-01 is closed, a session
    opened tomorrow, or before the casino's registers were opened in Vigie, is refused on its day."""
    lac = casino("lac-bleu")
    table = GamingTable.objects.get(casino=lac, number="BJ-01")
    session_close(session=session("lac-bleu", "BJ-01"), actor=user("qc.caissier"), denominations={"500": 50},
                  signatures=TEAM)
    for day, code in ((lac.today() + datetime.timedelta(days=1), ErrorCode.FUTURE_DAY),
                      (lac.opened_on - datetime.timedelta(days=1), ErrorCode.BEFORE_OPENING)):
        refused(lambda day=day: session_open(table=table, actor=user("qc.direction"), gaming_day=day, minimum="15",
                                             maximum="1000", denominations={"500": 50}, signatures=TEAM),
                "gaming_day", code)


def test_the_session_page_says_why_a_step_is_not_offered(demo, rules, client):
    """« Fermer » is not offered on a closed table, « Compter le drop » on an open one: the page says why, with the
    control, as the service would refuse it."""
    client.force_login(user("lu.caissier"))
    opened = session("la-moselle", "HC-01")
    url = reverse("tables-session", kwargs={"casino": "la-moselle", "pk": opened.pk})
    page = client.get(url).content.decode()
    assert 'data-testid="form-close"' in page and 'data-testid="form-drop"' not in page
    assert 'data-testid="not-offered-drop"' in page and "Le drop se compte après la fermeture" in page
    session_close(session=opened, actor=user("lu.caissier"), denominations={"500": 40}, signatures=TEAM)
    closed = html.unescape(client.get(url).content.decode())
    assert 'data-testid="form-close"' not in closed and 'data-testid="form-slip"' not in closed
    assert 'data-testid="not-offered-close"' in closed and "est fermée" in closed and INVENTORY in closed
    assert 'data-testid="form-drop"' in closed and 'data-testid="not-offered-drop"' not in closed


def test_registers_audit_names_the_steps_an_entry_took_past_the_services(demo, rules):
    """Entries written past the services (entry_append alone): a fill on a session already closed, a drop counted on
    an open table, a close of a session never opened. registers_audit names each with the control's message; the
    demo's own books pass."""
    moselle = casino("la-moselle")
    assert not [finding for result in audit(casino_code="la-moselle") if result.register.endswith(
        ("/avances", "/carnets_speciaux")) for finding in result.invalid]
    opened = session("la-moselle", "UT-01")
    session_close(session=opened, actor=user("lu.caissier"), denominations={"500": 30}, signatures=TEAM)
    today, cashier = moselle.today(), user("lu.caissier")
    base = {"jeu": "lu.uth", "coupures": {"500.00": 1}, "montant": "500.00"}
    avances = register_for(casino=moselle, kind=RegisterKind.AVANCES)
    late = entry_append(register=avances, kind=EntryKind.SLIP_FILL, gaming_day=today, actor=cashier, payload={
        "table": "UT-01", "seance": 1, "serie": 1, "annee": today.year, "signatures": SIGNED, **base})
    never = entry_append(register=avances, kind=EntryKind.TABLE_CLOSED, gaming_day=today, actor=cashier, payload={
        "table": "UT-01", "seance": 9, "inventaire": "500.00", "coupures": {"500.00": 1}, "signatures": TEAM})
    early = entry_append(register=register_for(casino=moselle, kind=RegisterKind.CARNETS_SPECIAUX),
                         kind=EntryKind.DROP_COUNTED, gaming_day=today, actor=cashier, payload={
                             "table": "HC-01", "seance": 1, "signatures": COUNTERS, **base})
    found = {(finding.register.rsplit("/", 1)[1], finding.seq): [problem.fr for problem in finding.problems]
             for result in audit(casino_code="la-moselle") for finding in result.invalid}
    assert any("La séance de la table « UT-01 »" in text and "est fermée" in text
               for text in found[("avances", late.seq)]), found
    assert any("n'a pas de séance n° 9" in text for text in found[("avances", never.seq)]), found
    assert "Le drop se compte après la fermeture de la table « HC-01 »." in found[("carnets_speciaux", early.seq)]
