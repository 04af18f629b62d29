"""An approval takes effect in the casino's data from its date (compliance/approvals/configuration.py): the pay table
the casino runs is the approved one from the decision's effective date, until a later approval takes effect or the
authority revokes it; the card system's certificate produced with its request (LU RGD 1979 art. 3-2) lets the casino
issue cards once approved; an operation needing an approval the casino lacks is refused naming the decision."""

import datetime
from decimal import Decimal

import pytest

from compliance.approvals.configuration import casino_paytable, required
from compliance.approvals.errors import Code
from compliance.approvals.services import request_attach, request_create, request_decide, request_file, request_revoke
from compliance.errors import DomainError
from registers.cards.services import card_issue
from tests.conftest import make_user

DAY = datetime.timedelta(days=1)


@pytest.fixture
def w_(world):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def approved_trips(world, odds: str, effective: datetime.date):
    draft = request_create(actor=world.manager_c, casino=world.c, kind="table_de_paiement", items={
        "table": "lu.uth.trips", "paiements": {"7": odds}, "date_effet": effective.isoformat(), "motif": "Changement"})
    return request_decide(actor=world.regulator_lu, request=request_file(actor=world.manager_c, request=draft),
                          decision="approuver", effective_from=effective)


def returned(run) -> Decimal:
    reading = run.rtp["default_reading"]
    return Decimal(run.rtp["readings"][reading][0]["return"]["decimal"])


def test_the_casinos_pay_table_is_the_approved_one_from_the_decisions_date_and_until_the_next(w_):
    today = w_.c.today()
    first = approved_trips(w_, "2 pour 1", today + 3 * DAY)
    written = casino_paytable(w_.regulator_lu, w_.c, "lu.uth.trips", today)
    assert written.approval is None and written.changed == {}
    running = casino_paytable(w_.manager_c, w_.c, "lu.uth.trips", today + 3 * DAY)
    assert running.approval == first and running.changed == {7: ("3 à 1", "2 pour 1")}
    assert returned(running) < returned(written)
    second = approved_trips(w_, "4 pour 1", today + 10 * DAY)
    assert casino_paytable(w_.manager_c, w_.c, "lu.uth.trips", today + 9 * DAY).approval == first
    later = casino_paytable(w_.manager_c, w_.c, "lu.uth.trips", today + 10 * DAY)
    assert later.approval == second and returned(later) > returned(written)
    request_revoke(actor=w_.regulator_lu, request=second, reason="Retour trop élevé pour l'exploitant")
    assert casino_paytable(w_.manager_c, w_.c, "lu.uth.trips", today + 20 * DAY).approval is None


def test_lu_rgd_art_3_2_the_card_system_approved_with_its_certificate_lets_the_casino_issue_cards(w_):
    today = w_.c.today()
    with pytest.raises(DomainError) as before:
        card_issue(casino=w_.c, actor=w_.manager_c, kind="journaliere", gaming_day=today)
    assert before.value.code == "no_certificate"
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="systeme_cartes", items={
        "fournisseur": "Cartes SA", "systeme": "CardPro 4.2", "mise_en_service": today.isoformat()})
    request_attach(actor=w_.manager_c, request=draft, item="certificat", filename="certificat.pdf",
                   content=b"%PDF-1.4 certificat")
    request = request_decide(actor=w_.regulator_lu, request=request_file(actor=w_.manager_c, request=draft),
                             decision="approuver")
    assert card_issue(casino=w_.c, actor=w_.manager_c, kind="journaliere", gaming_day=today).number
    assert request.findings.get().code == "certificat"


def test_an_operation_needing_an_approval_the_casino_lacks_is_refused_naming_the_decision(w_):
    with pytest.raises(DomainError) as lacking:
        required(w_.c, "tournoi", "Omaha d'automne", w_.c.today(), "tournament")
    assert lacking.value.code == Code.APPROVAL_LACKING and lacking.value.field == "tournament"
    assert "Règlement d'un tournoi" in str(lacking.value.message) and "Omaha d'automne" in str(lacking.value.message)
