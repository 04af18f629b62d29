"""Issue 37 point 2: an electronic gaming card's life as a state machine (registers/cards/controls.py), one test per
refused transition, on the demo's own cards at La Moselle (LU RGD 1979 art. 3-1 to 3-4, a draft applied as such).

The demo leaves Marie Weber's two nominative cards active (the first with a balance), Tom Klein's blocked « à la demande
du client », Sophie Muller's found a week ago (its balance already with the orphelins), yesterday's day card expired,
today's lost day card found, an unused day card of today, and a visitor's day card full at its 250,00 €. What the
texts do not say (blocking, reactivating, reporting a loss, closing) is the casino's internal control; every refusal
is the one the audit reports and the page says, from the same control."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from compliance.errors import DomainError
from compliance.models import Casino, User
from registers.cards import controls, ledger
from registers.cards.services import card_found, card_issue, card_status_change, cards_expire_due
from registers.models import Card, CardKind, CardStatus, Entry
from tests.test_registers_audit import audit, line_of, seed

D = Decimal


@pytest.fixture
def moselle(demo, rules):
    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    cards = Card.objects.filter(casino=casino).select_related("casino__jurisdiction", "client").order_by("pk")

    class Moselle:
        pass

    m = Moselle()
    m.casino, m.today = casino, casino.today()
    m.cashier, m.manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    m.weber = [c for c in cards if c.client and c.client.last_name == "Weber"]
    (m.klein,) = [c for c in cards if c.client and c.client.last_name == "Klein"]
    (m.muller,) = [c for c in cards if c.client and c.client.last_name == "Muller"]
    day_cards = [c for c in cards if c.kind == CardKind.JOURNALIERE]
    (m.expired,) = [c for c in day_cards if c.status == CardStatus.EXPIRED]
    m.unused = next(c for c in day_cards if c.status == CardStatus.ACTIVE and c.balance == 0)
    m.full = next(c for c in day_cards if c.status == CardStatus.ACTIVE and c.balance == c.cap)
    return m


def _refused(run) -> DomainError:
    with pytest.raises(DomainError) as refused:
        run()
    return refused.value


def test_the_demo_s_cards_stand_where_the_lifecycle_left_them(moselle):
    assert [c.status for c in moselle.weber] == ["active", "active"]
    assert (moselle.klein.status, moselle.muller.status, moselle.expired.status) == ("blocked", "found", "expired")
    assert (moselle.full.balance, moselle.full.cap) == (D("250.00"), D("250.00"))


def test_3_1_7_a_third_nominative_card_for_marie_weber_is_refused(moselle):
    """« Au maximum deux cartes nominatives peuvent être attribuées par client. »"""
    refused = _refused(lambda: card_issue(casino=moselle.casino, actor=moselle.manager, kind="nominative",
                                          client=moselle.weber[0].client, gaming_day=moselle.today))
    assert (refused.code, refused.field) == ("two_active_cards", "client")
    assert "LU RGD 1979 art. 3-1 7) (projet)" in str(refused.message)


def test_3_1_7_the_visitor_s_day_card_full_at_250_takes_no_more(moselle):
    """« une carte de jeu électronique journalière non nominative peut-être émise dont la limite maximale est de 250
    euros »"""
    refused = _refused(lambda: ledger.card_load(card=moselle.full, actor=moselle.cashier, amount="0.01"))
    assert (refused.code, refused.field) == ("above_cap", "amount")
    assert "montant encore permis : 0,00" in str(refused.message)
    assert "LU RGD 1979 art. 3-1 7) (projet)" in str(refused.message)


def test_internal_control_tom_klein_s_blocked_card_takes_no_load_and_no_bet(moselle):
    """Blocked « à la demande du client », the card is not active: « Le jeu de hasard sur les appareils à sous […]
    peut être pratiqué par un système de cartes de jeu électroniques qui correspond aux conditions et modalités
    suivantes » (art. 3-1), which Vigie reads as a card issued and active."""
    for run in (lambda: ledger.card_load(card=moselle.klein, actor=moselle.cashier, amount="10.00"),
                lambda: ledger.card_bet(card=moselle.klein, actor=moselle.cashier, amount="1.00", machine="LM-001")):
        refused = _refused(run)
        assert (refused.code, refused.field) == ("card_not_active", "card")
        assert "Bloquée" in str(refused.message)


def test_internal_control_a_blocked_card_is_not_blocked_twice(moselle):
    refused = _refused(lambda: card_status_change(card=moselle.klein, actor=moselle.manager, change="block"))
    assert (refused.code, refused.field) == ("status_change", "change")
    assert "de « Bloquée » à « Bloquée »" in str(refused.message)


def test_internal_control_an_active_card_is_not_reactivated(moselle):
    refused = _refused(lambda: card_status_change(card=moselle.weber[1], actor=moselle.manager, change="reactivate"))
    assert (refused.code, refused.field) == ("status_change", "change")


def test_internal_control_only_the_management_blocks_a_card(moselle):
    refused = _refused(lambda: card_status_change(card=moselle.weber[1], actor=moselle.cashier, change="block"))
    assert (refused.code, refused.field) == ("wrong_role", "actor")
    assert "réservée à la direction" in str(refused.message)


def test_3_1_5_marie_weber_s_card_is_not_closed_before_its_balance_is_paid(moselle):
    """« Si une carte de jeu électronique indique un solde au profit du client, la somme correspondante lui est
    payée à sa demande. »"""
    refused = _refused(lambda: card_status_change(card=moselle.weber[0], actor=moselle.manager, change="close"))
    assert (refused.code, refused.field) == ("balance_not_zero", "card")
    assert "LU RGD 1979 art. 3-1 5) (projet)" in str(refused.message)


def test_internal_control_a_closed_card_is_closed_once_and_then_takes_nothing(moselle, client):
    card, manager, cashier = moselle.unused, moselle.manager, moselle.cashier
    card_status_change(card=card, actor=manager, change="close", reason="Fin de la visite")
    refused = _refused(lambda: card_status_change(card=card, actor=manager, change="close"))
    assert (refused.code, refused.field) == ("status_change", "change")
    for run, code in ((lambda: ledger.card_load(card=card, actor=cashier, amount="5.00"), "card_not_active"),
                      (lambda: ledger.card_bet(card=card, actor=cashier, amount="1.00", machine="LM-4"),
                       "card_not_active"),
                      (lambda: ledger.card_adjust(card=card, actor=manager, balance="5.00", reason="Essai"),
                       "status_change"),
                      (lambda: card_status_change(card=card, actor=manager, change="block"), "status_change")):
        assert _refused(run).code == code
    won = ledger.card_win(card=card, actor=cashier, amount="12.00", machine="LM-4")  # never lost: paid by hand
    assert (won.credited, won.entry) == (0, None) and won.excess is not None
    card.refresh_from_db()
    assert (card.status, card.balance) == ("closed", 0)
    # the page offers none of it and says why, with the control the service refused with
    client.force_login(manager)
    page = client.get(reverse("cards-card", kwargs={"number": card.number})).content.decode()
    assert '<option value="block"' not in page and 'data-testid="form-adjust"' not in page
    assert 'data-testid="withheld"' in page
    assert "<strong>Bloquer</strong> : La carte" in page and "ne peut passer de « Clôturée » à « Bloquée »" in page
    assert "<strong>Ajuster</strong> : La carte" in page and "son solde ne s&#x27;ajuste plus" in page


def test_3_4_8_sophie_muller_s_card_is_not_found_twice(moselle):
    """« Les cartes de jeu électroniques nominatives trouvées par ou remises à un membre du personnel du casino sont
    gardées à disposition par le casino pendant une semaine. »"""
    refused = _refused(lambda: card_found(card=moselle.muller, actor=moselle.cashier, found_on=moselle.today,
                                          location="Bar de la salle A"))
    assert (refused.code, refused.field) == ("status_change", "card")


def test_3_4_8_a_card_is_not_found_tomorrow(moselle):
    """« trouvées par ou remises à un membre du personnel »: a card is recorded found once it has been."""
    tomorrow = moselle.today + datetime.timedelta(days=1)
    refused = _refused(lambda: card_found(card=moselle.weber[1], actor=moselle.cashier, found_on=tomorrow,
                                          location="Salle A"))
    assert (refused.code, refused.field) == ("future_day", "found_on")


def test_3_4_8_yesterday_s_day_card_is_not_found_before_it_was_issued(moselle):
    before = moselle.expired.gaming_day - datetime.timedelta(days=1)
    refused = _refused(lambda: card_found(card=moselle.expired, actor=moselle.cashier, found_on=before,
                                          location="Salle A"))
    assert (refused.code, refused.field) == ("before_issue", "found_on")


def test_house_rule_nothing_is_written_on_a_card_before_its_issue(moselle):
    """Today's unused day card did not exist yesterday: a load dated yesterday, within the filing delay, is refused."""
    yesterday = moselle.today - datetime.timedelta(days=1)
    refused = _refused(lambda: ledger.card_load(card=moselle.unused, actor=moselle.cashier, amount="5.00",
                                                gaming_day=yesterday))
    assert (refused.code, refused.field) == ("before_issue", "gaming_day")


def test_3_1_7_only_a_day_card_expires_and_only_after_its_gaming_day(moselle):
    """« une carte de jeu électronique journalière non nominative »: a day card, valid its gaming day."""
    cards_expire_due(moselle.today)  # the hourly job: today's day cards are still valid
    rules = ledger.rules_of(moselle.casino)
    for card in (moselle.weber[1], moselle.unused):
        problems = controls.change_problems(controls.CardState.of(card),
                                            controls.ProposedChange("expire", moselle.today), rules)
        assert [p.code for p in problems] == ["status_change"]
    moselle.unused.refresh_from_db()
    assert moselle.unused.status == "active"


def test_3_1_8_no_transfer_from_marie_weber_s_card_to_another_client_s(moselle):
    """« Le transfert d'argent entre deux cartes de jeu électroniques de clients différents doit être impossible. »"""
    for target in (moselle.klein, moselle.unused):
        refused = _refused(lambda target=target: ledger.card_transfer(source=moselle.weber[0], target=target,
                                                                      actor=moselle.cashier, amount="10.00"))
        assert (refused.code, refused.field) == ("other_client", "target")
        assert "LU RGD 1979 art. 3-1 8) (projet)" in str(refused.message)


def test_3_1_11_no_points_on_the_visitor_s_day_card(moselle):
    """« Le casino peut attribuer des points, des jeux gratuits ou d'autres avantages aux utilisateurs des cartes de
    jeu électroniques nominatives. »"""
    refused = _refused(lambda: ledger.card_benefit(card=moselle.full, actor=moselle.cashier, points=10,
                                                   reason="Fidélité"))
    assert (refused.code, refused.field) == ("nominative_only", "card")


def test_the_audit_reports_a_transition_no_service_would_write_with_the_same_control(moselle):
    """A closing of Tom Klein's card filed past the services while it still holds 330,00 €, then a load on it: the
    audit replays the register and finds both with the controls the services refuse with."""
    register = Entry.objects.get(pk=ledger.card_load(card=moselle.weber[1], actor=moselle.cashier,
                                                     amount="1.00").pk).register
    close = seed(register, "carte.statut", {"card": moselle.klein.number, "from": "blocked", "to": "closed",
                                            "reason": "x"}, actor=moselle.manager)
    load = seed(register, "carte.chargement", {
        "card": moselle.klein.number, "amount": "5.00", "desk": "Caisse 1",
        "movements": [{"card": moselle.klein.number, "delta": "5.00", "balance_after": "335.00"}]},
        actor=moselle.cashier)
    code, out = audit("--register", "cartes")
    assert code == 1
    assert "payez-le au client avant de la clôturer" in line_of(out, register.label, close.seq)
    assert "[LU RGD 1979 art. 3-1 5) (projet)]" in line_of(out, register.label, close.seq)
    assert "n'est pas active (Clôturée)" in line_of(out, register.label, load.seq)
