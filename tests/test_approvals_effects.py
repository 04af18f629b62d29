"""What a request changes in the casino's data, as the power its text gives (compliance/approvals/configuration.py):
a pay table fixed by a regulation stays as written whatever the authority says of a proposal (QC attendus of D.
1675-95, LU 37-14); a change notified in Monaco (AM 2007-668 art. 1) is run from the date the casino declared; the
card system's certificate (LU 3-2) counts from its production, not from a decision; a paid tournament's approval
(LU 49-17) is found by the digest of the rules approved; an operation lacking an approval is refused naming it."""

import datetime
from decimal import Decimal

import pytest

from compliance.approvals import workflow as w
from compliance.approvals.configuration import casino_paytable, required, tournament_rules_approval
from compliance.approvals.errors import Code
from compliance.approvals.services import request_attach, request_create, request_decide, request_file
from compliance.errors import DomainError
from registers.cards.services import card_issue
from registers.models import CardSystemCertificate
from tests.conftest import make_casino, make_user

DAY = datetime.timedelta(days=1)


@pytest.fixture
def w_(world):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def returned(run) -> Decimal:
    reading = run.rtp["default_reading"]
    return Decimal(run.rtp["readings"][reading][0]["return"]["decimal"])


def test_qc_decret_1675_95_attendus_a_favourable_opinion_leaves_the_table_of_the_regles_in_force(world):
    """« il a fait l'objet d'un avis de la Régie des alcools, des courses et des jeux »: the Régie gives an opinion on
    a proposal; the table changes only when a regulation (a new dated version of the rule data) changes it."""
    today = world.a.today()
    draft = request_create(actor=world.manager_a, casino=world.a, kind="table_de_paiement", items={
        "table": "qc.fou.paire_dames", "paiements": {"3": "8 à 1"}, "date_effet": (today + 3 * DAY).isoformat(),
        "motif": "Brelan à 8 à 1"})
    proposal = request_decide(actor=world.regulator_qc, request=request_file(actor=world.manager_a, request=draft),
                              decision=w.GIVE_FAVOURABLE.name)
    assert proposal.state == w.FAVOURABLE and proposal.effective_from is None
    for day in (today, today + 3 * DAY, today + 30 * DAY):
        table = casino_paytable(world.manager_a, world.a, "qc.fou.paire_dames", day)
        assert table.approval is None and table.changed == {}  # the Règles' table, never the proposal's lines
        assert returned(table) == Decimal(table.written_rtp["readings"][table.rtp["default_reading"]][0]
                                          ["return"]["decimal"])
    assert proposal in table.history  # shown beside the table in force, as a proposal


def test_mc_am_2007_668_art_1_a_change_notified_is_run_from_the_date_the_casino_declared(world):
    """« Toute modification des combinaisons et (ou) des paiements doit être immédiatement notifiée à l'autorité
    concédante »: the casino declares it, it takes effect as declared; the authority acknowledges it or objects."""
    casino = make_casino("casino-m", "MC")
    manager = make_user("direction.m", "manager", casino=casino)
    today = casino.today()
    draft = request_create(actor=manager, casino=casino, kind="table_de_paiement", items={
        "table": "mc.uth.trips", "paiements": {"7": "4 POUR 1"}, "date_effet": (today + 2 * DAY).isoformat(),
        "motif": "Brelan à 4 POUR 1"})
    notice = request_file(actor=manager, request=draft)
    assert notice.state == w.REVIEW and notice.effective_from == today + 2 * DAY  # before any answer
    assert casino_paytable(manager, casino, "mc.uth.trips", today + DAY).approval is None
    running = casino_paytable(manager, casino, "mc.uth.trips", today + 2 * DAY)
    assert running.approval == notice and running.changed[7][1] == "4 POUR 1"
    assert casino.jurisdiction.regulator_fr == "Autorité concédante"  # as the text names it


def test_lu_rgd_art_3_2_the_card_certificate_counts_from_its_production_not_from_a_decision(w_):
    """« Le système de cartes de jeu électroniques ne peut être mis en service avant la production de ce
    certificat »: cards are refused only while no certificate is produced; the Minister acknowledges receipt."""
    today = w_.c.today()
    with pytest.raises(DomainError) as before:
        card_issue(casino=w_.c, actor=w_.manager_c, kind="journaliere", gaming_day=today)
    assert before.value.code == "no_certificate" and "3-2" in str(before.value.message)
    assert "produit" in str(before.value.message) and "approbation" not in str(before.value.message)
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="systeme_cartes", items={
        "fournisseur": "Cartes SA", "systeme": "CardPro 4.2", "mise_en_service": today.isoformat()})
    request_attach(actor=w_.manager_c, request=draft, item="certificat", filename="certificat.pdf",
                   content=b"%PDF-1.4 certificat")
    request = request_file(actor=w_.manager_c, request=draft)
    assert request.state == w.REVIEW and CardSystemCertificate.objects.filter(casino=w_.c).count() == 1
    assert card_issue(casino=w_.c, actor=w_.manager_c, kind="journaliere", gaming_day=today).number  # no decision
    assert request.findings.get().code == "certificat"
    with pytest.raises(DomainError):
        request_decide(actor=w_.regulator_lu, request=request, decision=w.APPROVE.name)
    assert request_decide(actor=w_.regulator_lu, request=request,
                          decision=w.ACKNOWLEDGE.name).state == w.ACKNOWLEDGED


def test_lu_rgd_art_49_17_the_tournament_approval_is_found_by_the_digest_of_the_rules_approved(w_):
    """« après agrément du règlement et des modalités de fonctionnement par le Ministre des Finances »: the rules
    approved are those whose digest the request carries, whatever the tournament is called."""
    today, digest = w_.c.today(), "b" * 64
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="tournoi", items={
        "nom": "Omaha d'automne", "modalites": "80 €", "date_debut": today.isoformat(), "empreinte_regles": digest})
    request_attach(actor=w_.manager_c, request=draft, item="reglement", filename="r.pdf", content=b"%PDF")
    approval = request_decide(actor=w_.regulator_lu, request=request_file(actor=w_.manager_c, request=draft),
                              decision=w.APPROVE.name)
    assert tournament_rules_approval(w_.c, digest, today, "approval") == approval
    with pytest.raises(DomainError) as other:
        tournament_rules_approval(w_.c, "c" * 64, today, "approval")  # same name, other rules
    assert other.value.code == Code.APPROVAL_LACKING and other.value.field == "approval"
    assert "cccccccccccc" in str(other.value.message) and "empreinte" in str(other.value.message)


def test_an_operation_needing_an_approval_the_casino_lacks_is_refused_naming_the_decision(w_):
    with pytest.raises(DomainError) as lacking:
        required(w_.c, "tournoi", "Omaha d'automne", w_.c.today(), "tournament")
    assert lacking.value.code == Code.APPROVAL_LACKING and lacking.value.field == "tournament"
    assert "Règlement d'un tournoi" in str(lacking.value.message) and "Omaha d'automne" in str(lacking.value.message)
