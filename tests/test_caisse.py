"""The caisse spéciale of the card system (LU RGD 1979 art. 3-4 9), 18-14): desk counts, each card's and every
card's statement of a gaming day, the desks, and the encaisse « constituée d'espèces, de tokens et des valeurs
contenus sur les comptes attribués aux cartes de jeu électroniques » (art. 18-14 al. 2)."""

import csv
import datetime
import io
import json
import shutil
import subprocess
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext

from compliance import formatting
from compliance.errors import DomainError, PermissionDeniedError
from compliance.models import Casino, User
from registers.cards.caisse import selectors
from registers.cards.caisse.selectors import card_statement, cards_balance_at, cards_statement, desk_statement
from registers.cards.caisse.services import COUNTED, desk_count_file
from registers.cards.ledger import card_adjust, card_bet, card_load, card_payout, card_transfer, card_win
from registers.cards.services import card_found, card_issue
from registers.house_lists.services import station_add
from registers.models import Card, CardMovement, Entry
from tests.conftest import lu_today, make_casino, make_user
from tests.test_cards import _setup

pytestmark = pytest.mark.django_db

D = Decimal
TODAY = lu_today()
YESTERDAY = TODAY - datetime.timedelta(days=1)


@dataclass
class Day:
    casino: Casino
    manager: User
    cashier: User
    n1: Card  # nominative, slot 1
    n2: Card  # nominative, slot 2, same client
    j0: Card  # day card of yesterday, still holding a balance
    j1: Card  # day card of today, found: its balance goes to the orphelins


def _day(world) -> Day:
    """Yesterday: loads at two desks and a bet. Today: loads at two desks, bets, a win past the cap, a
    transfer, a payout, an adjustment, a found day card to the orphelins, and three desk counts."""
    manager, client = _setup(world)
    cashier, c = world.accountant_c, world.c
    for desk in ("Caisse 1", "Caisse 2", "Caisse 3"):  # the desks the management keeps (registers/house_lists)
        station_add(casino=c, actor=manager, kind="caisse", name=desk)
    n1 = card_issue(casino=c, actor=manager, kind="nominative", client=client, gaming_day=YESTERDAY)
    j0 = card_issue(casino=c, actor=manager, kind="journaliere", gaming_day=YESTERDAY)
    card_load(card=n1, actor=cashier, amount="500.00", desk="Caisse 1", gaming_day=YESTERDAY)
    card_bet(card=n1, actor=cashier, amount="100.00", machine="AS-01", gaming_day=YESTERDAY)
    card_load(card=j0, actor=cashier, amount="50.00", desk="Caisse 2", gaming_day=YESTERDAY)

    n2 = card_issue(casino=c, actor=manager, kind="nominative", client=client, gaming_day=TODAY)
    j1 = card_issue(casino=c, actor=manager, kind="journaliere", gaming_day=TODAY)
    card_load(card=n1, actor=cashier, amount="300.00", desk="Caisse 1", gaming_day=TODAY)  # 700
    card_bet(card=n1, actor=cashier, amount="200.00", machine="AS-02", gaming_day=TODAY)  # 500
    win = card_win(card=n1, actor=cashier, amount="1800.00", machine="AS-02", gaming_day=TODAY)  # 2000, 300 by hand
    assert (win.credited, json.loads(win.excess.payload)["amount"]) == (D("1500.00"), "300.00")
    card_load(card=n2, actor=cashier, amount="100.00", desk="Caisse 2", gaming_day=TODAY)  # 100
    card_transfer(source=n1, target=n2, actor=cashier, amount="400.00", gaming_day=TODAY)  # 1600 / 500
    card_payout(card=n1, actor=cashier, amount="600.00", desk="Caisse 1", gaming_day=TODAY)  # 1000
    card_adjust(card=n2, actor=manager, balance="480.00", reason="erreur de lecture", gaming_day=TODAY)  # 480
    card_load(card=j1, actor=cashier, amount="200.00", desk="Caisse 2", gaming_day=TODAY)  # 200
    card_bet(card=j1, actor=cashier, amount="20.00", machine="AS-03", gaming_day=TODAY)  # 180
    card_found(card=j1, actor=cashier, found_on=TODAY, location="Salle des machines", gaming_day=TODAY)  # 0
    desk_count_file(casino=c, actor=cashier, gaming_day=TODAY, desk="Caisse 1", cash="1234.50", tokens="100")
    desk_count_file(casino=c, actor=cashier, gaming_day=TODAY, desk="Caisse 2", cash="950,00", tokens="0")
    desk_count_file(casino=c, actor=cashier, gaming_day=TODAY, desk=" Caisse 2 ", cash="900.00", tokens="0.00")
    for card in (n1, n2, j0, j1):
        card.refresh_from_db()
    return Day(c, manager, cashier, n1, n2, j0, j1)


def _money(casino, amount) -> str:
    return formatting.money(D(amount), currency=casino.currency, jurisdiction=casino.jurisdiction)


def _streamed(response) -> str:
    return b"".join(response.streaming_content).decode("utf-8")


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


# --- the service ------------------------------------------------------------------------------------


def test_a_desk_count_is_an_entry_of_the_cartes_register(world, rules):
    entry = desk_count_file(casino=world.c, actor=world.accountant_c, gaming_day=TODAY, desk="  Caisse 1 ",
                            cash="1 234,50", tokens="0", moment="ouverture")
    assert entry.kind == COUNTED and entry.register.kind == "cartes" and entry.gaming_day == TODAY
    assert json.loads(entry.payload) == {"desk": "Caisse 1", "moment": "ouverture", "cash": "1234.50",
                                         "tokens": "0.00", "currency": "EUR",
                                         "citation": "LU RGD 1979 art. 18-14 al. 2 (projet)"}


@pytest.mark.parametrize(("values", "field", "code"), [
    ({"desk": "   "}, "desk", "required"),
    ({"desk": ""}, "desk", "required"),
    ({"desk": "x" * 61}, "desk", "too_long"),
    ({"cash": "douze"}, "cash", "invalid_amount"),
    ({"cash": "-1"}, "cash", "amount_not_positive"),
    ({"cash": "10.005"}, "cash", "invalid_amount"),
    ({"tokens": ""}, "tokens", "invalid_amount"),
    ({"tokens": "-0.01"}, "tokens", "amount_not_positive"),
    ({"moment": "midi"}, "moment", "unknown_moment"),
    ({"gaming_day": None}, "gaming_day", "required"),
    ({"gaming_day": TODAY + datetime.timedelta(days=1)}, "gaming_day", "future_day"),
])
def test_a_desk_count_names_the_field_at_fault(world, rules, values, field, code):
    data = {"desk": "Caisse 1", "cash": "10.00", "tokens": "0", "gaming_day": TODAY, **values}
    with pytest.raises(DomainError) as refused:
        desk_count_file(casino=world.c, actor=world.accountant_c, **data)
    assert (refused.value.field, refused.value.code) == (field, code)
    assert not Entry.objects.filter(kind=COUNTED).exists()


def test_the_desk_refusal_cites_the_article(world, rules):
    with pytest.raises(DomainError) as refused:
        desk_count_file(casino=world.c, actor=world.accountant_c, gaming_day=TODAY, desk="", cash="0", tokens="0")
    assert "LU RGD 1979 art. 18-14 al. 1 (projet)" in str(refused.value.message)


def test_a_desk_count_is_for_the_casino_staff_of_a_casino_with_cards(world, rules):
    kwargs = {"gaming_day": TODAY, "desk": "Caisse 1", "cash": "1.00", "tokens": "0"}
    with pytest.raises(PermissionDeniedError):
        desk_count_file(casino=world.c, actor=world.regulator_lu, **kwargs)
    with pytest.raises(PermissionDeniedError):
        desk_count_file(casino=world.c, actor=world.accountant_a, **kwargs)
    with pytest.raises(DomainError) as refused:  # Québec: no electronic gaming cards in the rule data
        desk_count_file(casino=world.a, actor=world.accountant_a, **kwargs)
    assert refused.value.code == "no_card_system"


# --- the statements -----------------------------------------------------------------------------------


def test_every_card_statement_of_the_day_balances_and_ends_on_its_last_movement(world, rules):
    day = _day(world)
    for card in (day.n1, day.n2, day.j0, day.j1):
        for on in (YESTERDAY, TODAY):
            statement = card_statement(card, on)
            assert statement.balanced and statement.difference == 0, (card.number, on)
            assert statement.opening + statement.total == statement.closing
            last = CardMovement.objects.filter(card=card, gaming_day=on).order_by("-id").first()
            assert statement.closing == (last.balance_after if last else statement.opening)
        assert card_statement(card, TODAY).closing == card.balance  # nothing after today
    n1 = card_statement(day.n1, TODAY)
    assert (n1.opening, n1.closing) == (D("400.00"), D("1000.00"))
    assert [(m.kind, m.amount) for m in n1.movements] == [
        ("carte.chargement", D("300.00")), ("carte.mise", D("-200.00")), ("carte.gain", D("1500.00")),
        ("carte.transfert", D("-400.00")), ("carte.paiement", D("-600.00"))]
    assert [m.seq for m in n1.movements] == sorted(m.seq for m in n1.movements)
    assert card_statement(day.j0, TODAY).movements == [] and card_statement(day.j0, TODAY).closing == D("50.00")
    assert card_statement(day.n2, YESTERDAY).closing == 0  # issued today


def test_the_statement_of_every_card_has_its_columns_totals_and_check(world, rules):
    day = _day(world)
    statement = cards_statement(day.casino, TODAY)
    lines = {line.number: line for line in statement.lines}
    assert set(lines) == {day.n1.number, day.n2.number, day.j0.number, day.j1.number}
    n1, n2, j0, j1 = (lines[c.number] for c in (day.n1, day.n2, day.j0, day.j1))
    assert (n1.opening, n1.loads, n1.bets, n1.wins, n1.transfers_out, n1.payouts, n1.closing) == (
        D("400.00"), D("300.00"), D("-200.00"), D("1500.00"), D("-400.00"), D("-600.00"), D("1000.00"))
    assert (n2.opening, n2.loads, n2.transfers_in, n2.adjustments, n2.closing) == (
        0, D("100.00"), D("400.00"), D("-20.00"), D("480.00"))
    assert (j0.opening, j0.movements, j0.count, j0.closing) == (D("50.00"), 0, 0, D("50.00"))
    assert (j1.loads, j1.bets, j1.to_orphelins, j1.closing, j1.status) == (
        D("200.00"), D("-20.00"), D("-180.00"), 0, "found")
    for line in statement.lines:
        assert line.balanced and line.other == 0, line.number
    totals = statement.totals
    assert totals.opening == D("450.00") and totals.closing == D("1530.00")
    assert totals.opening + totals.movements == totals.closing and statement.balanced
    assert totals.movements == sum(totals.columns, D("0"))
    assert totals.closing == sum(c.balance for c in (day.n1, day.n2, day.j0, day.j1))
    assert totals.transfers_in + totals.transfers_out == 0


def test_a_past_day_uses_the_balances_of_that_day(world, rules):
    day = _day(world)
    past = cards_statement(day.casino, YESTERDAY)
    assert {line.number: (line.opening, line.movements, line.closing) for line in past.lines} == {
        day.n1.number: (0, D("400.00"), D("400.00")), day.j0.number: (0, D("50.00"), D("50.00"))}
    assert past.balanced and past.totals.closing == D("450.00")
    desks = desk_statement(day.casino, YESTERDAY)
    assert [(d.desk, d.cash_in, d.cash_out, d.count) for d in desks.desks] == [
        ("Caisse 1", D("500.00"), 0, None), ("Caisse 2", D("50.00"), 0, None)]
    assert desks.cards == D("450.00") and desks.encaisse == D("450.00") and desks.excesses == []
    assert desks.uncounted == ["Caisse 1", "Caisse 2"]
    before = cards_statement(day.casino, YESTERDAY - datetime.timedelta(days=1))
    assert before.lines == [] and before.totals.closing == 0


def test_the_desks_and_the_encaisse_of_article_18_14(world, rules):
    day = _day(world)
    desks = desk_statement(day.casino, TODAY)
    one, two = desks.desks
    assert (one.desk, one.loads, one.cash_in, one.payouts, one.cash_out, one.net) == (
        "Caisse 1", 1, D("300.00"), 1, D("600.00"), D("-300.00"))
    assert (two.desk, two.loads, two.cash_in, two.payouts, two.cash_out, two.net) == (
        "Caisse 2", 2, D("300.00"), 0, 0, D("300.00"))
    assert (one.count.cash, one.count.tokens, one.count.moment) == (D("1234.50"), D("100.00"), "cloture")
    assert (two.count.cash, two.count.tokens) == (D("900.00"), 0)  # the last count of the day
    assert (desks.cash_in, desks.cash_out, desks.net) == (D("600.00"), D("600.00"), 0)
    assert (desks.cash, desks.tokens) == (D("2134.50"), D("100.00"))
    assert desks.cards == cards_statement(day.casino, TODAY).totals.closing == D("1530.00")
    assert desks.cards == cards_balance_at(day.casino, TODAY)
    assert desks.encaisse == desks.cash + desks.tokens + desks.cards == D("3764.50")
    assert desks.uncounted == []
    (excess,) = desks.excesses
    assert (excess.card, excess.machine, excess.win, excess.credited, excess.amount) == (
        day.n1.number, "AS-02", D("1800.00"), D("1500.00"), D("300.00"))
    assert "18-10" in excess.citation and desks.excess_total == D("300.00")


def test_a_movement_filed_later_on_an_earlier_day_shows_as_a_difference(world, rules):
    day = _day(world)
    card_bet(card=day.n1, actor=day.cashier, amount="10.00", machine="AS-01", gaming_day=YESTERDAY)  # back-dated
    past = card_statement(day.n1, YESTERDAY)
    assert (past.opening, past.total, past.closing) == (0, D("390.00"), D("990.00"))
    assert not past.balanced and past.difference == D("600.00")
    statement = cards_statement(day.casino, TODAY)
    assert not statement.balanced and [line.number for line in statement.unbalanced] == [day.n1.number]
    assert statement.totals.difference == D("-590.00")  # 1000 − (990 + 600): the opening is the back-dated bet's


def test_the_statements_cost_the_same_queries_whatever_the_number_of_cards(world, rules,
                                                                         django_assert_max_num_queries):
    day = _day(world)
    for index in range(12):
        card = card_issue(casino=day.casino, actor=day.manager, kind="journaliere", gaming_day=TODAY)
        card_load(card=card, actor=day.cashier, amount=f"{index + 1}.00", desk=f"Caisse {index % 3 + 1}",
                  gaming_day=TODAY)
    with django_assert_max_num_queries(2):
        statement = cards_statement(day.casino, TODAY)
    with django_assert_max_num_queries(7):  # and the articles it cites, each read from the rule data (3)
        desks = desk_statement(day.casino, TODAY)
    assert len(statement.lines) == 16 and statement.balanced
    assert desks.cards == statement.totals.closing == D("1530.00") + sum(D(i + 1) for i in range(12))


# --- the page -----------------------------------------------------------------------------------------


def _url(name, on=TODAY, **query):
    url = reverse(name, kwargs={"day": on.isoformat()})
    return f"{url}?{'&'.join(f'{k}={v}' for k, v in query.items())}" if query else url


def test_the_page_shows_desks_encaisse_cards_and_wins_to_pay_by_hand(world, rules, client):
    day = _day(world)
    client.force_login(day.cashier)
    page = _plain(client.get(_url("cards-caisse-day")).content.decode())
    for amount in ("3764.50", "1530.00", "2134.50", "300.00", "-300.00"):
        assert _plain(_money(day.casino, amount)) in page, amount
    assert ">1 000,00<" in page and ">480,00<" in page and ">-400,00<" in page  # the card table: no symbol
    assert 'data-testid="count-form"' in page and "LU RGD 1979 art. 18-14 al. 2" in page
    assert f'data-testid="card-{day.n1.number}"' in page and "✓" in page
    assert 'data-testid="excess-' in page and day.casino.name in page
    assert client.get(reverse("cards-caisse")).status_code == 200
    picked = client.get(reverse("cards-caisse"), {"day": YESTERDAY.isoformat()})
    assert picked.status_code == 302 and picked.url == _url("cards-caisse-day", YESTERDAY)


def test_an_unbalanced_card_shows_its_difference_in_red(world, rules, client):
    day = _day(world)
    card_bet(card=day.n1, actor=day.cashier, amount="10.00", machine="AS-01", gaming_day=YESTERDAY)
    client.force_login(day.cashier)
    page = _plain(client.get(_url("cards-caisse-day", YESTERDAY)).content.decode())
    assert 'text-danger fw-semibold amount">600,00<' in page


def test_the_cashier_files_a_count_from_the_page_and_a_refusal_names_the_field(world, rules, client):
    day = _day(world)
    client.force_login(day.cashier)
    refused = client.post(_url("cards-caisse-day"), {"gaming_day": TODAY.isoformat(), "desk": "",
                                                     "moment": "cloture", "cash": "10", "tokens": "0"})
    assert refused.status_code == 200
    body = refused.content.decode()
    assert 'data-testid="error-desk"' in body and "18-14" in body
    for unknown in (" ", "Caisse 9"):  # a desk not in the casino's list is refused by the form, naming the field
        refused = client.post(_url("cards-caisse-day"), {"gaming_day": TODAY.isoformat(), "desk": unknown,
                                                         "moment": "cloture", "cash": "10", "tokens": "0"})
        body = refused.content.decode()
        assert 'data-testid="error-desk"' in body and "n&#x27;est pas dans la liste des caisses" in body
        assert "(champ « Caisse »)" in body
    refused = client.post(_url("cards-caisse-day"), {"gaming_day": TODAY.isoformat(), "desk": "Caisse 3",
                                                     "moment": "cloture", "cash": "dix", "tokens": "0"})
    assert 'data-testid="error-cash"' in refused.content.decode()
    filed = client.post(_url("cards-caisse-day"), {"gaming_day": TODAY.isoformat(), "desk": "Caisse 3",
                                                   "moment": "cloture", "cash": "10,00", "tokens": "5"})
    assert filed.status_code == 302 and filed.url == _url("cards-caisse-day")
    assert desk_statement(day.casino, TODAY).encaisse == D("3779.50")


def test_the_csv_of_the_cards(world, rules, client):
    day = _day(world)
    client.force_login(day.cashier)
    response = client.get(_url("cards-caisse-csv"))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert f"caisse-cartes-{day.casino.code}-{TODAY.isoformat()}.csv" in response["Content-Disposition"]
    assert response.streaming is True  # sent as it is read (issue 19)
    rows = [line.split(";") for line in _streamed(response).lstrip("\ufeff").splitlines()]
    assert rows[0][0] == "Carte" and rows[0][-2:] == ["Solde de clôture", "Écart"]
    n1 = next(row for row in rows if row[0] == day.n1.number)
    assert n1[3:] == ["400,00", "300,00", "-200,00", "1500,00", "-600,00", "0,00", "-400,00", "0,00", "0,00",
                      "1000,00", "0,00"]
    assert rows[-1][0] == "Total" and rows[-1][3] == "450,00" and rows[-1][-2:] == ["1530,00", "0,00"]
    assert len(rows) == 1 + 4 + 1


def test_the_pdf_statement(world, rules, client):
    day = _day(world)
    client.force_login(day.cashier)
    response = client.get(_url("cards-caisse-pdf"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not installed")
    text = _plain(subprocess.run(["pdftotext", "-layout", "-", "-"], input=response.content, capture_output=True,
                                 check=True).stdout.decode())
    assert day.casino.name in text and "Relevé de la caisse spéciale" in text
    for amount in ("3764.50", "1530.00", "2134.50", "300.00"):
        assert _plain(_money(day.casino, amount)) in text, amount
    assert "LU RGD 1979 art. 18-14 al. 2" in text and "LU RGD 1979 art. 3-4 9)" in text
    assert day.n1.number in text and "✓" in text


# --- who sees what ------------------------------------------------------------------------------------


def test_the_regulator_reads_and_cannot_write(world, rules, client):
    day = _day(world)
    client.force_login(world.regulator_lu)
    page = client.get(_url("cards-caisse-day")).content.decode()
    assert day.n1.number in page and 'data-testid="count-form"' not in page
    denied = client.post(_url("cards-caisse-day"), {"gaming_day": TODAY.isoformat(), "desk": "Caisse 1",
                                                    "moment": "cloture", "cash": "1", "tokens": "0"})
    assert denied.status_code == 403
    assert Entry.objects.filter(kind=COUNTED).count() == 3
    assert client.get(_url("cards-caisse-csv")).status_code == 200
    assert client.get(_url("cards-caisse-pdf", casino=day.casino.code)).status_code == 200


def test_another_casinos_staff_and_regulator_cannot_see(world, rules, client):
    day = _day(world)
    other = make_casino("casino-d", "LU")
    staff = make_user("compta.d", "accountant", casino=other)
    client.force_login(staff)
    page = client.get(_url("cards-caisse-day")).content.decode()
    assert other.name in page and day.casino.name not in page and day.n1.number not in page
    for name in ("cards-caisse-day", "cards-caisse-csv", "cards-caisse-pdf"):
        assert client.get(_url(name, casino=day.casino.code)).status_code == 404, name
    assert client.post(_url("cards-caisse-day", casino=day.casino.code), {}).status_code == 404
    client.force_login(world.regulator_qc)
    assert client.get(_url("cards-caisse-csv", casino=day.casino.code)).status_code == 404
    page = client.get(reverse("cards-caisse")).content.decode()
    assert 'data-testid="no-casino"' in page and day.casino.name not in page
    client.force_login(world.regulator_lu)  # two Luxembourg casinos: one chosen with ?casino=
    page = client.get(_url("cards-caisse-day", casino=other.code)).content.decode()
    assert day.n1.number not in page and '<select name="casino"' in page


def test_a_day_to_come_or_not_a_date_is_a_404(world, rules, client):
    client.force_login(world.accountant_c)
    assert client.get(_url("cards-caisse-day", TODAY + datetime.timedelta(days=2))).status_code == 404
    assert client.get("/cartes/caisse/2026-02-30/").status_code == 404


def test_the_cards_statement_shows_its_lines_a_page_at_a_time_and_its_totals_over_all(world, rules, client,
                                                                                        monkeypatch):
    """Issue 19: a casino's day is hundreds of cards; the page shows a hundred at a time by card number (two here),
    the totals and the check over every card, the CSV and the PDF all of them."""
    from registers.cards.caisse import views

    monkeypatch.setattr(views, "PAGE", 2)
    day = _day(world)
    client.force_login(day.cashier)
    # each moved today or holds a balance; the statement lists them by number ("CAS-" and twelve digits)
    numbers = sorted(card.number for card in (day.n1, day.n2, day.j0, day.j1))
    first = client.get(_url("cards-caisse-day")).content.decode()
    shown = [n for n in numbers if f'data-testid="card-{n}"' in first]
    assert shown == numbers[:2] and 'data-testid="card-lines-next"' in first and 'data-testid="card-totals"' in first
    assert "Cartes 1 à 2 sur" in first
    following = client.get(_url("cards-caisse-day", **{"cartes_apres": shown[-1]})).content.decode()
    rest = [n for n in numbers if f'data-testid="card-{n}"' in following]
    assert rest == numbers[2:] and 'data-testid="card-lines-first"' in following
    csv_text = _streamed(client.get(_url("cards-caisse-csv")))
    assert all(number in csv_text for number in shown + rest)


def _whole_csv(casino, day) -> str:
    """The cards' CSV as it was built whole before issue 19, from the statement the page and the PDF read: the bytes
    the streamed export must keep."""
    statement = cards_statement(casino, day)
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")

    def amounts(line) -> list[str]:
        return [number_format(v, 2) for v in (line.opening, *line.columns, line.closing, line.difference)]

    with translation.override("fr"):
        writer.writerow([gettext(header) for header in selectors.CSV_HEADERS])
        for line in statement.lines:
            writer.writerow([line.number, line.kind_label, line.status_label, *amounts(line)])
        writer.writerow([gettext("Total"), "", "", *amounts(statement.totals)])
    return out.getvalue()


def test_the_csv_of_the_cards_is_streamed_by_card_number_with_the_bytes_it_had_when_built_whole(world, rules, client,
                                                                                               monkeypatch):
    """Issue 19: the export reads a batch of cards at a time after the last one sent; whatever the batch (one that
    ends on the last card, one that does not), its bytes are those of the file built whole, totals included."""
    day = _day(world)
    card_bet(card=day.n1, actor=day.cashier, amount="10.00", machine="AS-01", gaming_day=YESTERDAY)  # a difference
    client.force_login(day.cashier)
    for on in (TODAY, YESTERDAY):
        expected = _whole_csv(day.casino, on)
        assert len(expected.splitlines()) == 1 + (4 if on == TODAY else 2) + 1
        for batch in (selectors.CSV_BATCH, 4, 3, 2, 1):
            monkeypatch.setattr(selectors, "CSV_BATCH", batch)
            response = client.get(_url("cards-caisse-csv", on))
            assert response.streaming is True and response["Content-Type"].startswith("text/csv")
            assert f"caisse-cartes-{day.casino.code}-{on.isoformat()}.csv" in response["Content-Disposition"]
            assert _streamed(response) == expected, (on, batch)
    quiet = TODAY - datetime.timedelta(days=400)
    assert "".join(selectors.cards_csv(day.casino, quiet)) == _whole_csv(day.casino, quiet)  # header and totals


def test_the_csv_of_the_cards_costs_the_same_queries_whatever_the_number_of_cards(world, rules,
                                                                                 django_assert_max_num_queries):
    """A batch of cards and their sums, two queries, whatever the number of cards in it."""
    day = _day(world)
    with django_assert_max_num_queries(2):
        few = "".join(selectors.cards_csv(day.casino, TODAY))
    for index in range(12):
        card = card_issue(casino=day.casino, actor=day.manager, kind="journaliere", gaming_day=TODAY)
        card_load(card=card, actor=day.cashier, amount=f"{index + 1}.00", desk="Caisse 1", gaming_day=TODAY)
    with django_assert_max_num_queries(2):
        more = "".join(selectors.cards_csv(day.casino, TODAY))
    assert len(few.splitlines()) == 1 + 4 + 1 and len(more.splitlines()) == 1 + 16 + 1
