"""The blackjack's progressive bet and its lot, named after the article they apply, QC RJC art. 21.2 (décret 1675-95):
« À la condition que la table l'indique, le joueur peut, en plus de la mise initiale visée à l'article 17, faire une
mise progressive. La mise progressive doit être de 1,00 $ […] Les mises progressives gagnantes sont payées de la façon
suivante: As-2-3-4-5, même couleur, premières 5 cartes ..... 100 % du lot progressif; 2-3-4-5, même couleur,
premières 4 cartes ..... 5 000 $ […] Un panneau d'affichage indiquant de façon continue le montant du lot progressif
doit être placé de façon à être visible de chaque table qui offre cette mise. »

The text fixes neither the lot's start value nor the part of each bet it receives: the casino's management records
them with the reference of its decision, shown as the casino's data (games/rules/ambiguities.yaml
qc.blackjack.progressive.compte_du_lot)."""

import datetime
import json
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import reconciliation_run
from registers.chain.services import entry_append, register_for
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry
from registers.tables.progressif import controls
from registers.tables.progressif.selectors import accounts, lots_of
from registers.tables.progressif.services import lot_configure, progressive_reading_file, progressive_win_file
from registers.tables.services import drop_count, session_close, session_open
from tests.conftest import api_client_for, yesterday_everywhere
from tests.tables_world import COUNTED, SIGNED, qc_table

pytestmark = pytest.mark.django_db
DAY = yesterday_everywhere()
OPENING = {"100": 10, "25": 40}
REFERENCE = "Décision de la direction DIR-7 : valeur de départ et taux du lot"
LOT = "Progressif A"
LOT_HAND, FIVE_THOUSAND = "suited_ace_to_five_first_5", "suited_two_to_five_first_4"


@pytest.fixture
def w(world, rules):
    return world


def _open(w, table, *, offered=True, number_day=DAY):
    options = {"progressive": True} if offered else {}
    spots = {"progressive": {"minimum": "1", "maximum": "1"}} if offered else {}
    return session_open(table=table, actor=w.manager_a, gaming_day=number_day, minimum="10", maximum="500",
                        denominations=OPENING, signatures=SIGNED, spots=spots, options=options)


def _close(w, session):
    session_close(session=session, actor=w.accountant_a, denominations=OPENING, signatures=SIGNED)
    drop_count(session=session, actor=w.accountant_a, amount="0.00", denominations={}, signatures=COUNTED)
    return session


def _configure(w, tables=("BJ-01",), **changes):
    values = {"name": LOT, "tables": list(tables), "start": "10000.00", "rate": "20", "reference": REFERENCE,
              "gaming_day": DAY, **changes}
    return lot_configure(casino=w.a, actor=changes.pop("actor", w.manager_a),
                         **{key: value for key, value in values.items() if key != "actor"})


def _plain(text) -> str:
    """A message with the spaces that group digits (« 5 000,00 $ ») as plain spaces."""
    return str(text).replace("\u202f", " ").replace("\xa0", " ")


def _refused(call, field, *words):
    before = Entry.objects.count()
    with pytest.raises(DomainError) as error:
        call()
    assert error.value.field == field, error.value.message
    for word in words:
        assert word in _plain(error.value.message), error.value.message
    assert Entry.objects.count() == before
    return error.value


def _audit(w) -> list[str]:
    return [_plain(f"{finding.register}#{finding.seq} {problem.fr}") for result in audit(casino_code=w.a.code)
            for finding in result.invalid for problem in finding.problems]


def test_qc_rjc_art_21_2_a_lot_is_configured_with_the_casino_s_start_value_and_rate_under_its_decision(w):
    """« faire une mise progressive »: a lot on tables whose game has the bet; its start value and rate are not in the
    text, so they are recorded with the reference of the casino's decision, by its management."""
    qc_table(w)
    qc_table(w, number="BA-01", game="qc.baccara", pit="Baccara")
    _refused(lambda: _configure(w, tables=("BA-01",)), "tables", "BA-01", "mise progressive")
    _refused(lambda: _configure(w, reference=""), "reference", "décision du casino")
    _refused(lambda: _configure(w, rate="100"), "rate", "100")
    _refused(lambda: _configure(w, actor=w.accountant_a), "actor")
    entry = _configure(w)
    payload = json.loads(entry.payload)
    assert entry.kind == EntryKind.PROGRESSIVE_LOT and entry.register.kind == RegisterKind.CARNETS_SPECIAUX
    assert payload["reference"] == REFERENCE and payload["valeur_depart"] == "10000.00" and payload["taux"] == "20"
    assert payload["mise"] == "1.00" and "art. 21.2" in payload["citation"]  # the bet's amount from the rule data
    _refused(lambda: _configure(w), "name", LOT)  # configured once
    _refused(lambda: _configure(w, name="Autre"), "tables", "BJ-01")  # a table in one lot
    assert _audit(w) == []


def test_qc_rjc_art_21_2_the_board_is_read_at_the_close_of_a_seance_that_indicated_the_bet(w):
    """« À la condition que la table l'indique »; « Un panneau d'affichage indiquant de façon continue le montant du
    lot progressif »: the amount it displays is read at the close, once a séance, with the séance's bets."""
    table = qc_table(w)
    _configure(w)
    plain = _close(w, _open(w, table, offered=False))
    _refused(lambda: progressive_reading_file(session=plain, actor=w.accountant_a, lot=LOT, bets=10,
                                              displayed="10002.00"), "session", "n'indiquait pas")
    session = _open(w, table)
    _refused(lambda: progressive_reading_file(session=session, actor=w.accountant_a, lot=LOT, bets=10,
                                              displayed="10002.00"), "session", "pas fermée")
    _close(w, session)
    _refused(lambda: progressive_reading_file(session=session, actor=w.accountant_a, lot="Inconnu", bets=10,
                                              displayed="10002.00"), "lot", "Inconnu")
    entry = progressive_reading_file(session=session, actor=w.accountant_a, lot=LOT, bets=250, displayed="10050.00")
    payload = json.loads(entry.payload)
    # 250 bets of 1,00 $: a revenue of 250,00 $, of which 20 % to the lot
    assert payload["recette"] == "250.00" and payload["contribution"] == "50.00" and payload["affiche"] == "10050.00"
    _refused(lambda: progressive_reading_file(session=session, actor=w.accountant_a, lot=LOT, bets=1,
                                              displayed="1.00"), "session", "déjà relevé")
    [kept] = accounts(w.a, lots_of(w.a), DAY)
    [line] = kept.lines
    assert (line.previous, line.expected, line.difference) == (Decimal("10000.00"), Decimal("10050.00"), Decimal(0))
    assert _audit(w) == []


def test_qc_rjc_art_21_2_winning_bets_are_paid_100_percent_of_the_lot_or_the_fixed_prizes(w):
    """« As-2-3-4-5, même couleur, premières 5 cartes ..... 100 % du lot progressif », « 2-3-4-5, même couleur,
    premières 4 cartes ..... 5 000 $ »: a fixed prize at its amount, the lot at the amount displayed, then back at its
    start value."""
    table = qc_table(w)
    _configure(w)
    session = _open(w, table)
    error = _refused(lambda: progressive_win_file(session=session, actor=w.accountant_a, lot=LOT,
                                                  hand=FIVE_THOUSAND, amount="500.00"), "amount", "5 000")
    assert "art. 21.2" in str(error.message)
    _refused(lambda: progressive_win_file(session=session, actor=w.accountant_a, lot=LOT, hand="royal_flush"),
             "hand", "royal_flush")
    fixed = json.loads(progressive_win_file(session=session, actor=w.accountant_a, lot=LOT,
                                            hand=FIVE_THOUSAND).payload)
    assert fixed["montant"] == "5000.00" and fixed["remise_a"] is None
    won = json.loads(progressive_win_file(session=session, actor=w.accountant_a, lot=LOT, hand=LOT_HAND,
                                          amount="10030.00").payload)
    assert (won["montant"], won["remise_a"], won["part"]) == ("10030.00", "10000.00", "1")
    _close(w, session)
    # 150 bets before the win (30,00 $ to the lot), 250 after (50,00 $): the board restarted at 10 000,00 $
    progressive_reading_file(session=session, actor=w.accountant_a, lot=LOT, bets=400, displayed="10050.00")
    [kept] = accounts(w.a, lots_of(w.a), DAY)
    [line] = kept.lines
    assert (line.contribution, line.won, line.reset, line.fixed) == (
        Decimal("80.00"), Decimal("10030.00"), Decimal("10000.00"), Decimal("5000.00"))
    assert line.difference == 0
    assert kept.totals.revenue == Decimal("400.00") and kept.totals.house == Decimal("400.00") - 80 - 5000
    assert _audit(w) == []


def test_qc_rjc_art_21_2_a_win_written_past_the_service_is_found_by_the_audit(w):
    """« 2-3-4-5, même couleur, premières 4 cartes ..... 5 000 $ »: a fixed prize written at another amount."""
    table = qc_table(w)
    _configure(w)
    session = _open(w, table)
    entry_append(register=register_for(casino=w.a, kind=RegisterKind.CARNETS_SPECIAUX),
                 kind=EntryKind.PROGRESSIVE_WIN, gaming_day=DAY, actor=w.accountant_a, payload={
                     "lot": LOT, "table": "BJ-01", "seance": session.number, "main": FIVE_THOUSAND,
                     "montant": "6000.00", "remise_a": None, "citation": "—"})
    [problem] = _audit(w)
    assert "5 000,00 $" in problem and "6 000,00 $" in problem


def test_qc_rjc_art_21_2_a_board_reading_off_the_account_is_a_finding_of_the_day_s_reconciliation(w):
    """« Un panneau d'affichage indiquant de façon continue le montant du lot progressif »: each close's reading is
    the previous reading plus the séance's contributions, less the lot's wins, plus the reset; 25,00 $ short is a
    finding citing the article, the next close compared with the board as it was read."""
    table = qc_table(w)
    _configure(w)
    first = _close(w, _open(w, table))
    progressive_reading_file(session=first, actor=w.accountant_a, lot=LOT, bets=100, displayed="9995.00")
    second = _close(w, _open(w, table))
    progressive_reading_file(session=second, actor=w.accountant_a, lot=LOT, bets=100, displayed="10015.00")
    reconciliation_run(casino=w.a, gaming_day=DAY, actor=w.accountant_a)
    [finding] = Finding.objects.filter(kind=Finding.Kind.PROGRESSIVE_LOT)
    assert (finding.table, finding.amount) == ("BJ-01", Decimal("-25.00"))
    assert "art. 21.2" in finding.citation
    assert "10 020,00 $" in _plain(finding.message) and "9 995,00 $" in _plain(finding.message), finding.message


def test_qc_rjc_art_21_2_the_page_and_the_api_show_the_lot_s_account_to_the_casino_and_its_regulator(w, client):
    """« le montant du lot progressif »: the account on the page (/tables/<casino>/progressif/) and the API, read by
    the regulator, filed by the casino's staff; a casino whose texts have no progressive bet is a 404."""
    table = qc_table(w)
    _configure(w)
    session = _close(w, _open(w, table))
    progressive_reading_file(session=session, actor=w.accountant_a, lot=LOT, bets=10, displayed="10002.00")
    client.force_login(w.manager_a)
    page = client.get(f"/tables/{w.a.code}/progressif/")
    assert page.status_code == 200
    text = _plain(page.content.decode())
    assert REFERENCE in text and "10 002,00" in text and 'data-testid="form-configurer"' in text
    client.force_login(w.regulator_qc)
    text = client.get(f"/tables/{w.a.code}/progressif/").content.decode()
    assert REFERENCE in text and 'data-testid="form-' not in text
    assert client.get(f"/tables/{w.c.code}/progressif/").status_code == 404
    [lot] = api_client_for(w.regulator_qc).get(f"/api/v1/registers/{w.a.code}/tables/progressif/").json()
    assert lot["reference"] == REFERENCE and lot["start"] == "10000.00" and lot["stake"] == "1.00"
    assert lot["lines"][0]["displayed"] == "10002.00" and lot["lines"][0]["difference"] == "0.00"


# --- the account's conservation, over any séances ------------------------------------------------------------------

START = Decimal("5000.00")
MOMENT = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
SEANCES = st.lists(st.tuples(st.integers(0, 2000), st.booleans(), st.integers(-3000, 3000)), min_size=1, max_size=12)


def _lot(seances, rate: Decimal, exact: bool) -> tuple[controls.Lot, Decimal, Decimal, Decimal]:
    """A lot read at each séance's close, one séance after the other, the lot won in some (at the lot as the board
    shows it then) and the board off the account by `noise` cents unless `exact`: (lot, contributions, wins, resets)."""
    lot = controls.Lot("L", 1, MOMENT.date(), ("T",), START, rate, "R")
    board, added, paid, reset = START, Decimal(0), Decimal(0), Decimal(0)
    for number, (bets, wins, noise) in enumerate(seances, start=1):
        contribution = controls.contribution(bets, Decimal("1.00"), rate)
        board += contribution
        added += contribution
        if wins:
            lot.wins.append(controls.Won(number * 3, "T", MOMENT.date(), number, "lot", board, START))
            paid, reset, board = paid + board, reset + START, START
        if not exact:
            board += Decimal(noise) / 100
        opened = MOMENT + datetime.timedelta(hours=2 * number)
        closed = opened + datetime.timedelta(hours=1)
        lot.readings[("T", MOMENT.date(), number)] = controls.Reading(number * 3 + 1, "T", MOMENT.date(), number, bets,
                                                                       board, opened, closed)
    return lot, added, paid, reset


@settings(max_examples=60, deadline=None)
@given(SEANCES, st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99.99"), places=2))
def test_qc_rjc_art_21_2_the_lot_conserves_its_start_plus_contributions_less_wins_plus_resets(seances, rate):
    """« 100 % du lot progressif »: whatever the séances, a board that follows the account shows at the last close
    the start value plus every contribution, less the lot's wins, plus their resets, with no difference; a board off
    by any amounts leaves differences that sum to its last reading less that same total."""
    lot, added, paid, reset = _lot(seances, rate, exact=True)
    lines = controls.account(lot, Decimal("1.00"))
    assert not controls.differences(lot, Decimal("1.00"))
    assert lines[-1].reading.displayed == START + added - paid + reset
    lot, added, paid, reset = _lot(seances, rate, exact=False)
    lines = controls.account(lot, Decimal("1.00"))
    assert sum(line.difference for line in lines) == lines[-1].reading.displayed - (START + added - paid + reset)


def test_qc_rjc_art_21_2_a_close_while_another_seance_of_the_lot_is_open_is_compared_at_the_next_quiet_close():
    """« visible de chaque table qui offre cette mise »: one board for several tables; a close while another table's
    séance still takes bets is compared once every séance it overlapped has closed, their contributions summed."""
    lot = controls.Lot("L", 1, MOMENT.date(), ("T1", "T2"), START, Decimal("10"), "R")
    hour = datetime.timedelta(hours=1)
    # T1 from 0 h to 2 h, T2 from 1 h to 3 h: T1 closes while T2 is open
    lot.readings[("T1", MOMENT.date(), 1)] = controls.Reading(2, "T1", MOMENT.date(), 1, 100, Decimal("5015.00"),
                                                              MOMENT, MOMENT + 2 * hour)
    lot.readings[("T2", MOMENT.date(), 1)] = controls.Reading(3, "T2", MOMENT.date(), 1, 200, Decimal("5030.00"),
                                                              MOMENT + hour, MOMENT + 3 * hour)
    first, second = controls.account(lot, Decimal("1.00"))
    assert first.expected is None and first.difference is None
    assert (second.previous, second.expected, second.difference) == (START, Decimal("5030.00"), Decimal(0))


def test_qc_rjc_art_21_2_the_demo_keeps_lac_bleu_s_lot_with_one_close_off_its_account(demo, rules):
    """« 100 % du lot progressif », « Un panneau d'affichage indiquant de façon continue le montant du lot
    progressif »: Lac-Bleu's lot on BJ-01 over five séances, won once and restarted at its start value, its board read
    25,00 $ short two days ago, the one difference the reconciliation finds; nothing wrong for the audit."""
    from compliance.models import Casino

    casino = Casino.objects.get(code="lac-bleu")
    [kept] = accounts(casino, lots_of(casino), casino.today())
    assert kept.lot.tables == ("BJ-01",) and "DIR-2026-41" in kept.lot.reference
    assert len(kept.lines) == 5 and sum(line.won > 0 for line in kept.lines) == 1
    [short] = [line for line in kept.lines if line.difference]
    assert short.difference == Decimal("-25.00") and short.reading.day == casino.today() - datetime.timedelta(days=2)
    [finding] = Finding.objects.filter(reconciliation__casino=casino, kind=Finding.Kind.PROGRESSIVE_LOT)
    assert (finding.table, finding.amount, finding.reconciliation.gaming_day) == ("BJ-01", Decimal("-25.00"),
                                                                                   short.reading.day)
    invalid = [finding for result in audit(casino_code="lac-bleu", kind=RegisterKind.CARNETS_SPECIAUX)
               for finding in result.invalid]
    assert invalid == []


def test_qc_rjc_art_21_2_the_ambiguity_of_the_lot_names_code_that_exists():
    """games/rules/ambiguities.yaml qc.blackjack.progressive.compte_du_lot (« 100 % du lot progressif », the start
    value and the rate the text does not fix): its reason names its code as module.function, each of which exists."""
    import importlib
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "games/rules/ambiguities.yaml").read_text(encoding="utf-8")
    names = set(re.findall(r"(?:registers\.tables\.progressif\.\w+|compliance\.reconciliation\.progressif)\.\w+", text))
    assert len(names) == 3, names
    for name in names:
        module, function = name.rsplit(".", 1)
        assert hasattr(importlib.import_module(module), function), name
