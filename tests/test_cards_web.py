"""The card pages (LU RGD 1979 art. 3-1 to 3-4): the cards and the system's certificate, issue, the cash
desk's and the management's actions, the card face as a PDF, and the identified clients. Every refusal
cites its article, keeps the input and writes nothing; another casino's card is a 404; regulators read."""

import datetime
import re
import subprocess
from decimal import Decimal
from html import unescape
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from compliance.formatting import money as format_money
from compliance.models import Jurisdiction
from registers.cards.ledger import card_load, card_payout
from registers.cards.services import card_certificate_record, card_issue, card_status_change, client_register
from registers.house_lists.services import station_add
from registers.models import Card, CardMovement, Client, Entry
from tests.conftest import lu_today, make_casino, make_user

pytestmark = pytest.mark.django_db




def euros(amount: str) -> str:
    """An amount as the French pages of a Luxembourg casino write it."""
    return format_money(Decimal(amount), currency="EUR", jurisdiction=Jurisdiction.objects.get(code="LU"))


@pytest.fixture(autouse=True)
def luxembourg_day():
    """The services called here directly read the day in the casino's zone, as its pages do: lu_today() is it."""
    with timezone.override(ZoneInfo("Europe/Luxembourg")):
        yield


@pytest.fixture
def lu(world, rules):
    """Casino C (Luxembourg) with a manager besides its cashier, and its two desks."""
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    for desk in ("Caisse 1", "Caisse 2"):
        station_add(casino=world.c, actor=world.manager_c, kind="caisse", name=desk)
    return world


def certify(w):
    return card_certificate_record(casino=w.c, actor=w.manager_c, supplier="Cartes SA", reference="CERT-3-2-2026",
                                   issued_on=datetime.date(2026, 1, 15))


def a_client(w, number="LU123456", last_name="Weber", first_name="Marie") -> Client:
    return client_register(casino=w.c, actor=w.manager_c, last_name=last_name, first_name=first_name,
                           birth_date=datetime.date(1980, 5, 1), id_document_type="Carte d'identité",
                           id_document_number=number)


def a_card(w, kind="nominative", client=None) -> Card:
    return card_issue(casino=w.c, actor=w.manager_c, kind=kind, client=client, gaming_day=lu_today())


def issue_data(**changes) -> dict:
    return {"kind": "nominative", "client": "", "last_name": "Weber", "first_name": "Marie",
            "birth_date": "1980-05-01", "id_document_type": "Carte d'identité", "id_document_number": "LU123456",
            **changes}


def card_url(card, name="cards-card") -> str:
    return reverse(name, kwargs={"number": card.number})


def post_action(client, card, action, **fields):
    return client.post(card_url(card), {"action": action, **{f"{action}-{k}": v for k, v in fields.items()}})


def text(response) -> str:
    """The page's text, tags removed and spaces collapsed (amounts keep their no-break spaces)."""
    return re.sub(r"[ \n\t]+", " ", unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def error_text(response, testid: str) -> str:
    """The text of the message shown under a field (error-<field>) or above the form (form-error)."""
    match = re.search(rf'data-testid="{testid}"[^>]*>(.*?)</div>', response.content.decode(), re.S)
    assert match, f"no {testid} on the page"
    return unescape(match.group(1))


def input_value(response, html_id) -> str | None:
    match = re.search(rf'<input[^>]*id="{re.escape(html_id)}"[^>]*>', response.content.decode())
    value = re.search(r'value="([^"]*)"', match.group(0)) if match else None
    return value.group(1) if value else None


# --- issue -------------------------------------------------------------------------------------------


def test_the_issue_page_shows_each_kind_s_limit_with_its_article(lu, client):
    client.force_login(lu.manager_c)
    page = text(client.get(reverse("cards-issue")))
    assert euros("2000.00") in page and "LU RGD 1979 art. 3-1 6)" in page
    assert euros("250.00") in page and "LU RGD 1979 art. 3-1 7)" in page
    assert "Identité vérifiée par" in page and "LU RGD 1979 art. 3-3" in page
    assert "LU RGD 1979 art. 3-2" in page  # no certificate yet: the page warns before anyone types


def test_issue_without_the_certificate_is_refused_citing_3_2_and_keeps_the_input(lu, client):
    client.force_login(lu.manager_c)
    response = client.post(reverse("cards-issue"), issue_data())
    assert response.status_code == 200
    error = error_text(response, "form-error")
    assert "certificat de conformité" in text(response) and "LU RGD 1979 art. 3-2" in error
    assert input_value(response, "id_last_name") == "Weber"
    assert input_value(response, "id_id_document_number") == "LU123456"
    assert input_value(response, "id_birth_date") == "1980-05-01"
    assert not Client.objects.exists() and not Card.objects.exists() and not Entry.objects.exists()


def test_a_manager_records_the_certificate_then_issues_a_nominative_card_to_a_new_client(lu, client):
    client.force_login(lu.manager_c)
    home = client.get(reverse("cards-home"))
    assert 'data-testid="no-certificate"' in home.content.decode()
    response = client.post(reverse("cards-home"), {"supplier": "Cartes SA", "reference": "CERT-1",
                                                   "issued_on": "2026-01-15"})
    assert response.status_code == 302
    assert "CERT-1" in text(client.get(reverse("cards-home")))

    response = client.post(reverse("cards-issue"), issue_data())
    card = Card.objects.get()
    assert response.status_code == 302 and response.url == card_url(card)
    assert card.kind == "nominative" and card.cap == Decimal("2000.00")
    assert card.client.verified_by == lu.manager_c and card.client.last_name == "Weber"
    page = text(client.get(card_url(card)))
    assert f"Carte {card.number} émise : plafond {euros('2000.00')}." in page
    assert f"Valable uniquement au {lu.c.name}" in page and "WEBER Marie" in page
    assert "Émission" in page


def test_a_day_card_for_nobody_and_a_nominative_card_for_a_known_client(lu, client):
    certify(lu)
    known = a_client(lu)
    client.force_login(lu.manager_c)
    client.post(reverse("cards-issue"), issue_data(kind="journaliere"))
    day = Card.objects.get(kind="journaliere")
    assert day.client is None and day.cap == Decimal("250.00") and Client.objects.count() == 1
    page = client.get(reverse("cards-issue") + f"?client={known.pk}").content.decode()
    assert f'<option value="{known.pk}" selected>' in page
    client.post(reverse("cards-issue"), issue_data(client=str(known.pk), last_name="", first_name="",
                                                   birth_date="", id_document_type="", id_document_number=""))
    assert Card.objects.get(kind="nominative").client == known


def test_a_nominative_card_without_a_client_or_a_third_active_one_is_refused_with_its_article(lu, client):
    certify(lu)
    known = a_client(lu)
    a_card(lu, client=known)
    a_card(lu, client=known)
    client.force_login(lu.manager_c)
    empty = dict.fromkeys(("last_name", "first_name", "birth_date", "id_document_type", "id_document_number"), "")
    response = client.post(reverse("cards-issue"), issue_data(**empty))
    assert "LU RGD 1979 art. 3-1 7)" in error_text(response, "error-client")
    response = client.post(reverse("cards-issue"), issue_data(client=str(known.pk), **empty))
    error = error_text(response, "error-client")
    assert "déjà 2 cartes nominatives attribuées et non clôturées" in error and "LU RGD 1979 art. 3-1 7)" in error
    assert f'<option value="{known.pk}" selected>' in response.content.decode()  # nothing lost
    assert Card.objects.count() == 2


def test_the_same_identity_document_twice_is_refused_under_its_field(lu, client):
    certify(lu)
    a_client(lu)
    client.force_login(lu.manager_c)
    response = client.post(reverse("cards-issue"), issue_data(first_name="Anne"))
    assert response.status_code == 200
    assert "déjà cette pièce" in error_text(response, "error-id_document_number")
    assert input_value(response, "id_first_name") == "Anne" and Client.objects.count() == 1


def test_a_cashier_sees_no_issue_form_and_is_refused_by_the_service(lu, client):
    certify(lu)
    client.force_login(lu.accountant_c)
    page = client.get(reverse("cards-issue")).content.decode()
    assert 'data-testid="issue-manager-only"' in page and 'data-testid="issue-form"' not in page
    assert 'data-testid="issue-link"' not in client.get(reverse("cards-home")).content.decode()
    response = client.post(reverse("cards-issue"), issue_data())
    assert "réservée à la direction" in text(response) and input_value(response, "id_last_name") == "Weber"
    assert not Card.objects.exists() and not Client.objects.exists()


# --- the cash desk -----------------------------------------------------------------------------------


@pytest.fixture
def card(lu):
    certify(lu)
    return a_card(lu, client=a_client(lu))


def test_a_cashier_loads_and_a_load_past_the_cap_says_how_much_is_still_allowed(lu, card, client):
    client.force_login(lu.accountant_c)
    response = post_action(client, card, "load", amount="1500,00", desk="Caisse 2")
    assert response.status_code == 302
    page = text(client.get(card_url(card)))
    assert f"solde {euros('1500.00')}" in page and "caisse : Caisse 2" in page
    response = post_action(client, card, "load", amount="600,00", desk="Caisse 2")
    assert response.status_code == 200
    error = error_text(response, "error-amount")
    assert f"montant encore permis : {euros('500.00')}" in error and "LU RGD 1979 art. 3-1 6)" in error
    assert input_value(response, "id_load-amount") == "600,00"
    assert 'is-invalid' in re.search(r'<input[^>]*id="id_load-amount"[^>]*>', response.content.decode()).group(0)
    card.refresh_from_db()
    assert card.balance == Decimal("1500.00") and CardMovement.objects.count() == 1


def test_a_day_card_load_past_250_cites_3_1_7(lu, client):
    certify(lu)
    day = a_card(lu, kind="journaliere")
    client.force_login(lu.accountant_c)
    post_action(client, day, "load", amount="200")
    response = post_action(client, day, "load", amount="60")
    error = error_text(response, "error-amount")
    assert f"montant encore permis : {euros('50.00')}" in error and "LU RGD 1979 art. 3-1 7)" in error


def test_payouts_of_part_then_the_whole_balance_even_on_a_blocked_card(lu, card, client):
    card_load(card=card, actor=lu.accountant_c, amount="300.00")
    client.force_login(lu.accountant_c)
    assert post_action(client, card, "payout", amount="200", desk="Caisse 1").status_code == 302
    card.refresh_from_db()
    assert card.balance == Decimal("100.00")
    card_status_change(card=card, actor=lu.manager_c, change="block", reason="Demande du client")
    page = client.get(card_url(card)).content.decode()
    assert 'data-testid="form-payout"' in page and 'data-testid="form-load"' not in page  # art. 3-1 5)
    assert post_action(client, card, "payout", amount="", desk="Caisse 1").status_code == 302
    card.refresh_from_db()
    assert card.balance == Decimal("0.00")
    response = post_action(client, card, "payout", amount="")
    assert "LU RGD 1979 art. 3-1 5)" in error_text(response, "error-amount")


def test_a_transfer_to_the_client_s_other_card_and_points(lu, card, client):
    other = a_card(lu, client=card.client)
    card_load(card=card, actor=lu.accountant_c, amount="100.00")
    client.force_login(lu.accountant_c)
    assert post_action(client, card, "transfer", target=other.number, amount="40").status_code == 302
    other.refresh_from_db()
    assert other.balance == Decimal("40.00")
    assert f"Transfert reçu de la carte {card.number}" in text(client.get(card_url(other)))
    assert post_action(client, card, "benefit", points="50", free_games="2", reason="Fidélité").status_code == 302
    page = client.get(card_url(card)).content.decode()
    assert 'data-testid="points">50<' in page and 'data-testid="free-games">2<' in page


def test_a_transfer_to_another_client_s_card_and_points_on_a_day_card_are_refused_with_their_articles(
        lu, card, client):
    stranger = a_card(lu, client=a_client(lu, number="P-1", last_name="Klein", first_name="Tom"))
    day = a_card(lu, kind="journaliere")
    card_load(card=card, actor=lu.accountant_c, amount="100.00")
    client.force_login(lu.accountant_c)
    response = post_action(client, card, "transfer", target=stranger.number, amount="40")
    assert "LU RGD 1979 art. 3-1 8)" in error_text(response, "error-target")
    assert 'data-testid="form-benefit"' not in client.get(card_url(day)).content.decode()
    response = post_action(client, day, "benefit", points="5", reason="Essai")
    assert "LU RGD 1979 art. 3-1 11)" in error_text(response, "form-error")
    assert input_value(response, "id_benefit-reason") == "Essai"


# --- the management ----------------------------------------------------------------------------------


def test_a_manager_blocks_reactivates_adjusts_and_closes_a_card(lu, card, client):
    card_load(card=card, actor=lu.accountant_c, amount="120.00")
    client.force_login(lu.manager_c)
    asked = post_action(client, card, "status", change="block", reason="Demande du client")
    card.refresh_from_db()
    assert asked.status_code == 200 and card.status == "active"  # restated, not yet blocked
    restated = text(asked)
    assert f"Bloquer la carte {card.number}" in restated and euros("120.00") in restated
    assert "Demande du client" in restated
    assert post_action(client, card, "status", change="block", reason="Demande du client",
                       confirme="1").status_code == 302
    card.refresh_from_db()
    assert card.status == "blocked"
    assert post_action(client, card, "status", change="reactivate", reason="", confirme="1").status_code == 302
    response = post_action(client, card, "adjust", balance="100,00", reason="Erreur de caisse")
    assert response.status_code == 302
    page = text(client.get(card_url(card)))
    assert f"Solde ajusté de {euros('120.00')} à {euros('100.00')}" in page
    assert f"avant : {euros('120.00')} · après : {euros('100.00')}" in page
    response = post_action(client, card, "status", change="close", reason="Fin de relation")
    assert "LU RGD 1979 art. 3-1 5)" in error_text(response, "form-error")
    assert input_value(response, "id_status-reason") == "Fin de relation"
    post_action(client, card, "payout", amount="")
    assert post_action(client, card, "status", change="close", reason="Fin de relation",
                       confirme="1").status_code == 302
    card.refresh_from_db()
    assert card.status == "closed"
    labels = text(client.get(card_url(card)))
    for label in ("Émission", "Chargement", "Blocage", "Réactivation", "Ajustement du solde", "Paiement du solde",
                  "Clôture"):
        assert label in labels


def test_a_cashier_may_report_a_card_lost_but_not_block_or_adjust_it(lu, card, client):
    client.force_login(lu.accountant_c)
    page = client.get(card_url(card)).content.decode()
    assert '<option value="lost"' in page and '<option value="block"' not in page
    assert 'data-testid="form-adjust"' not in page
    response = post_action(client, card, "status", change="block", reason="Essai")
    assert "réservée à la direction" in text(response)
    response = post_action(client, card, "adjust", balance="10", reason="Essai")
    assert "réservé à un superviseur" in text(response)
    assert post_action(client, card, "status", change="lost", reason="Signalée par le client",
                       confirme="1").status_code == 302
    card.refresh_from_db()
    assert card.status == "lost" and Entry.objects.filter(kind="carte.ajustement").count() == 0


def test_a_found_day_card_gives_its_balance_to_the_orphelins(lu, client):
    certify(lu)
    day = a_card(lu, kind="journaliere")
    card_load(card=day, actor=lu.accountant_c, amount="30.00")
    client.force_login(lu.accountant_c)
    response = post_action(client, day, "found", found_on=lu_today().isoformat(), location="Salle des machines")
    assert response.status_code == 302
    day.refresh_from_db()
    assert day.status == "found" and day.balance == Decimal("0.00")
    assert "Solde versé aux orphelins" in text(client.get(card_url(day)))
    response = post_action(client, day, "found", found_on=lu_today().isoformat(), location="")
    assert response.status_code == 200  # already found: refused, the page says why


def test_the_history_links_each_operation_to_its_register_entry(lu, card, client):
    entry = card_load(card=card, actor=lu.accountant_c, amount="80.00", desk="Caisse 3")
    card_payout(card=card, actor=lu.accountant_c, amount="30.00")
    client.force_login(lu.accountant_c)
    page = client.get(card_url(card)).content.decode()
    link = reverse("registers-entry", kwargs={"casino": lu.c.code, "kind": "cartes", "seq": entry.seq})
    assert f'href="{link}"' in page
    assert client.get(link).status_code == 200
    rows = text(client.get(card_url(card)))
    assert "Chargement" in rows and "Paiement du solde" in rows and f"+{euros('80.00')}" in rows
    assert euros("50.00") in rows and "caisse : Caisse 3" in rows


# --- the card face -----------------------------------------------------------------------------------


def pdf_text(content: bytes) -> str:
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True)
    return re.sub(r"\s+", " ", done.stdout.decode())


def test_the_card_face_is_a_credit_card_sized_pdf_with_the_mention(lu, card, client):
    client.force_login(lu.accountant_c)
    response = client.get(card_url(card, "cards-face"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    printed = pdf_text(response.content)
    assert f"Valable uniquement au {lu.c.name}" in printed and card.number in printed
    assert "Marie Weber".upper() in printed.upper() and "2 000,00" in printed.replace("\u202f", " ").replace(
        "\u00a0", " ")
    info = subprocess.run(["pdfinfo", "-"], input=response.content, capture_output=True, check=True).stdout.decode()
    width, height = (float(x) for x in re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups())
    assert abs(width - 85.6 / 25.4 * 72) < 1 and abs(height - 54 / 25.4 * 72) < 1
    assert re.search(r"Pages:\s+1\n", info)  # the face fits one page


# --- clients -----------------------------------------------------------------------------------------


def test_the_client_page_shows_identity_verification_cards_and_their_history(lu, card, client):
    card_load(card=card, actor=lu.accountant_c, amount="25.00")
    client.force_login(lu.accountant_c)
    listing = text(client.get(reverse("cards-clients")))
    assert "WEBER Marie" in listing and "LU123456" in listing and "1 / 1" in listing
    page = text(client.get(reverse("cards-client", kwargs={"pk": card.client.pk})))
    assert "Carte d'identité LU123456" in page and "LU RGD 1979 art. 3-3" in page
    assert f"par {lu.manager_c.username} le" in page
    assert card.number in page and "Chargement" in page and euros("25.00") in page


def test_the_home_page_lists_and_searches_the_cards(lu, card, client):
    certify(lu)
    day = a_card(lu, kind="journaliere")
    client.force_login(lu.accountant_c)
    page = client.get(reverse("cards-home")).content.decode()
    assert card.number in page and day.number in page and 'data-testid="certificate"' in page
    found = client.get(reverse("cards-home"), {"q": "weber"}).content.decode()
    assert card.number in found and day.number not in found


# --- scope -------------------------------------------------------------------------------------------


def test_a_regulator_reads_every_card_page_and_posts_nothing(lu, card, client):
    card_load(card=card, actor=lu.accountant_c, amount="10.00")
    client.force_login(lu.regulator_lu)
    for url in (reverse("cards-home"), card_url(card), reverse("cards-clients"),
                reverse("cards-client", kwargs={"pk": card.client.pk})):
        response = client.get(url)
        assert response.status_code == 200, url
        assert 'method="post" novalidate' not in response.content.decode(), url
    assert card.number in client.get(reverse("cards-home")).content.decode()
    assert client.get(card_url(card, "cards-face")).status_code == 200
    assert post_action(client, card, "load", amount="10").status_code == 403
    assert client.post(reverse("cards-issue"), issue_data()).status_code == 403
    assert client.post(reverse("cards-home"), {"supplier": "X", "reference": "Y",
                                               "issued_on": "2026-01-01"}).status_code == 403
    card.refresh_from_db()
    assert card.balance == Decimal("10.00")


def test_another_casino_s_staff_and_a_quebec_regulator_get_404(lu, card, client):
    other = make_casino("casino-d", "LU")
    for user in (make_user("direction.d", "manager", casino=other), lu.accountant_a, lu.regulator_qc):
        client.force_login(user)
        for url in (card_url(card), card_url(card, "cards-face"),
                    reverse("cards-client", kwargs={"pk": card.client.pk})):
            assert client.get(url).status_code == 404, (user.username, url)
        assert post_action(client, card, "load", amount="10").status_code == 404
        home = client.get(reverse("cards-home")).content.decode()
        assert card.number not in home and "WEBER" not in client.get(reverse("cards-clients")).content.decode()
    client.force_login(lu.accountant_a)
    assert 'data-testid="cards-not-applicable"' in client.get(reverse("cards-home")).content.decode()
    assert client.get(reverse("cards-issue")).status_code == 404


# --- shared with tests/test_scoping.py -------------------------------------------------------------


def cards_world(w) -> SimpleNamespace:
    """A client and a card of casino C (Luxembourg), once per world."""
    if getattr(w, "cards", None) is None:
        manager = make_user("direction.c.cards", "manager", casino=w.c)
        card_certificate_record(casino=w.c, actor=manager, supplier="Cartes SA", reference="CERT-SCOPE",
                                issued_on=datetime.date(2026, 1, 15))
        holder = client_register(casino=w.c, actor=manager, last_name="Scope", first_name="Client",
                                 birth_date=datetime.date(1970, 1, 1), id_document_type="Passeport",
                                 id_document_number="SCOPE-1")
        with timezone.override(ZoneInfo("Europe/Luxembourg")):  # the casino's day, as its pages take it
            card = card_issue(casino=w.c, actor=manager, kind="nominative", client=holder, gaming_day=lu_today())
        w.cards = SimpleNamespace(client_c=holder, card_c=card)
    return w.cards


def with_cards(kwargs=lambda c: {}):
    """URL kwargs for test_scoping's SCOPED_ROUTES, once the card data exists."""
    return lambda w: kwargs(cards_world(w))
