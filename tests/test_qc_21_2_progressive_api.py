"""The blackjack's progressive lot written through the API, named after the article it applies, QC RJC art. 21.2
(décret 1675-95): « La mise progressive doit être de 1,00 $ […] Les mises progressives gagnantes sont payées de la façon
suivante: As-2-3-4-5, même couleur, premières 5 cartes ..... 100 % du lot progressif […] Un panneau d'affichage
indiquant de façon continue le montant du lot progressif doit être placé de façon à être visible de chaque table qui
offre cette mise. » The API files what the page files, through the same services: the lot configured by the
management, a win (the lot then back at its start value), the board's displayed lot read at the séance's close."""

import json

import pytest

from compliance.todo import tasks_for
from registers.kinds import EntryKind
from registers.models import Entry
from registers.tables.services import drop_count, session_close, session_open
from tests.conftest import api_client_for, yesterday_everywhere
from tests.tables_world import COUNTED, SIGNED, qc_table

pytestmark = pytest.mark.django_db
DAY = yesterday_everywhere()
OPENING = {"100": 10, "25": 40}
REFERENCE = "Décision de la direction DIR-9 : valeur de départ et taux du lot"
LOT = "Progressif API"


@pytest.fixture
def w(world, rules):
    return world


def _url(w, what: str, casino=None) -> str:
    return f"/api/v1/registers/{(casino or w.a).code}/tables/progressif/{what}/"


def _open(w, table, offered=True):
    return session_open(table=table, actor=w.manager_a, gaming_day=DAY, minimum="10", maximum="500",
                        denominations=OPENING, signatures=SIGNED,
                        spots={"progressive": {"minimum": "1", "maximum": "1"}} if offered else {},
                        options={"progressive": True} if offered else {})


def _close(w, session):
    session_close(session=session, actor=w.accountant_a, denominations=OPENING, signatures=SIGNED)
    drop_count(session=session, actor=w.accountant_a, amount="0.00", denominations={}, signatures=COUNTED)


def _lot(w, **changes):
    body = {"name": LOT, "tables": ["BJ-01"], "start": "10000.00", "rate": "20", "reference": REFERENCE,
            "gaming_day": str(DAY), **changes}
    return api_client_for(changes.pop("who", w.manager_a)).post(_url(w, "lots"), body, format="json")


def test_qc_rjc_art_21_2_the_api_configures_the_lot_with_the_casino_s_decision_by_its_management(w):
    """« faire une mise progressive » at a table « qui offre cette mise »: the lot's start value and rate are the
    casino's decision, configured by its management; a cashier is refused, and so is a table whose game has no
    progressive bet (`not_offered`), and the regulator reads but does not write."""
    qc_table(w)
    qc_table(w, number="BA-01", game="qc.baccara", pit="Baccara")
    cashier = api_client_for(w.accountant_a).post(_url(w, "lots"), {
        "name": LOT, "tables": ["BJ-01"], "start": "10000.00", "rate": "20", "reference": REFERENCE}, format="json")
    assert cashier.status_code == 400 and cashier.json()["code"] == "wrong_role"
    baccara = _lot(w, tables=["BA-01"])
    assert baccara.status_code == 400 and baccara.json()["code"] == "not_offered"
    assert _lot(w, rate="100").status_code == 400  # « plus de 0 et moins de 100 »: refused by its shape
    regulator = api_client_for(w.regulator_qc).post(_url(w, "lots"), {}, format="json")
    assert regulator.status_code == 403
    done = _lot(w)
    assert done.status_code == 201, done.content
    entry = Entry.objects.get(register__casino=w.a, seq=done.json()["seq"], kind=EntryKind.PROGRESSIVE_LOT)
    assert json.loads(entry.payload)["reference"] == REFERENCE
    assert _lot(w).json()["code"] == "duplicate"
    assert api_client_for(w.manager_a).post(_url(w, "lots", w.c), {}, format="json").status_code == 404


def test_qc_rjc_art_21_2_the_api_records_a_win_its_reset_and_the_board_s_reading_at_the_close(w):
    """« As-2-3-4-5, même couleur, premières 5 cartes ..... 100 % du lot progressif », « Blackjack, même couleur,
    premières 2 cartes ..... 10 $ », « Un panneau d'affichage indiquant de façon continue le montant du lot
    progressif »: a fixed prize at its amount, the lot won at the amount displayed and put back at its start value,
    the board read once the séance is closed; a séance that did not indicate the bet is `not_offered`."""
    table = qc_table(w)
    assert _lot(w).status_code == 201
    cashier = api_client_for(w.accountant_a)
    plain = _open(w, table, offered=False)
    refused = cashier.post(_url(w, "wins"), {"session": plain.pk, "lot": LOT, "hand": "suited_blackjack_first_2"},
                           format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "not_offered"
    _close(w, plain)
    session = _open(w, table)
    fixed = cashier.post(_url(w, "wins"), {"session": session.pk, "lot": LOT, "hand": "suited_blackjack_first_2"},
                         format="json")
    assert fixed.status_code in (201, 202), fixed.content
    unknown = cashier.post(_url(w, "wins"), {"session": session.pk, "lot": LOT, "hand": "quinte"}, format="json")
    assert unknown.status_code == 400 and unknown.json()["code"] == "combination"
    won = cashier.post(_url(w, "wins"), {"session": session.pk, "lot": LOT, "hand": "suited_ace_to_five_first_5",
                                         "amount": "10020.00"}, format="json")
    assert won.status_code in (201, 202), won.content
    early = cashier.post(_url(w, "readings"), {"session": session.pk, "lot": LOT, "bets": 100, "displayed": "10000.00"},
                         format="json")
    assert early.status_code == 400 and early.json()["code"] == "wrong_state"  # read at the close
    _close(w, session)
    read = cashier.post(_url(w, "readings"), {"session": session.pk, "lot": LOT, "bets": 100, "displayed": "10000.00"},
                        format="json")
    assert read.status_code in (201, 202), read.content
    payloads = [json.loads(payload) for payload in Entry.objects.filter(
        register__casino=w.a, kind__in=[EntryKind.PROGRESSIVE_WIN, EntryKind.PROGRESSIVE_READING])
        .order_by("seq").values_list("payload", flat=True)]
    assert [p.get("montant") or p.get("affiche") for p in payloads] == ["10.00", "10020.00", "10000.00"]
    assert payloads[1]["remise_a"] == "10000.00" and payloads[2]["contribution"] == "20.00"
    lot = api_client_for(w.regulator_qc).get(_url(w, "")[:-1]).json()
    assert lot[0]["lines"][0]["displayed"] == "10000.00"
    other = cashier.post(_url(w, "readings"), {"session": 999999, "lot": LOT, "bets": 1, "displayed": "1.00"},
                         format="json")
    assert other.status_code == 404


def test_qc_rjc_art_21_2_a_board_not_read_at_a_seance_s_close_waits_on_the_staff_s_a_faire(w):
    """« Un panneau d'affichage indiquant de façon continue le montant du lot progressif »: the amount it displays is
    read at each close; a closed séance that indicated the bet and whose board is not read is on the « À faire » of
    the casino's cashiers and management until it is read, not on the regulator's."""
    table = qc_table(w)
    assert _lot(w).status_code == 201
    _close(w, _open(w, table, offered=False))  # the bet not indicated: nothing to read
    session = _open(w, table)
    assert not [task for task in tasks_for(w.accountant_a) if task.key.startswith("progressive-board:")]
    _close(w, session)
    for person in (w.accountant_a, w.manager_a):
        [task] = [task for task in tasks_for(person) if task.key.startswith("progressive-board:")]
        assert task.key == f"progressive-board:{session.pk}" and "BJ-01" in task.label
        assert task.url == f"/tables/{w.a.code}/progressif/" and "21.2" in task.due_citation
    assert not [task for task in tasks_for(w.regulator_qc) if task.key.startswith("progressive-board:")]
    api_client_for(w.accountant_a).post(_url(w, "readings"), {"session": session.pk, "lot": LOT, "bets": 5,
                                                              "displayed": "10001.00"}, format="json")
    assert not [task for task in tasks_for(w.accountant_a) if task.key.startswith("progressive-board:")]
