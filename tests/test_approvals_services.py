"""Approval requests through their services (compliance/approvals/services.py): each kind's items and checks with
the article they rest on, each step by its side and in the casino's register of approvals, and the refusals: an
item missing (named), a regulator outside its jurisdiction, a casino changing what it filed, two decisions at once."""

import datetime
import threading

import pytest
from django.db import connection

from compliance.approvals import workflow as w
from compliance.approvals.errors import Code
from compliance.approvals.models import ApprovalRequest, RequestFinding, WheelPublication
from compliance.approvals.services import (
    finding_add,
    request_answer,
    request_ask,
    request_attach,
    request_create,
    request_decide,
    request_file,
    request_revoke,
    request_withdraw,
    wheel_publish,
)
from compliance.errors import DomainError
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry
from tests.conftest import install_machines, lu_today, make_casino, make_user

TRIPS_CHANGE = {"table": "lu.uth.trips", "paiements": {"7": "2 pour 1"}, "date_effet": "2026-12-01",
                "motif": "Brelan payé 2 pour 1"}
SIDE_BET = {"nom": "Pair Plus", "jeu_de_base": "Ultimate Texas hold'em", "taux_retour": "0.9646",
            "conditions": "Mise de 5 à 100 €"}  # LU 49-16: an authorisation of the Minister
QC_PROPOSAL = {"table": "qc.fou.paire_dames", "paiements": {"3": "8 à 1"}, "date_effet": "2027-06-01",
               "motif": "Brelan payé 8 à 1"}


@pytest.fixture
def w_(world):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def refused(call, code, field=None):
    with pytest.raises(DomainError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    if field is not None:
        assert caught.value.field == field
    return caught.value


def filed(world, kind="jeu_annexe", items=None, casino=None, manager=None):
    manager = manager or world.manager_c
    draft = request_create(actor=manager, casino=casino or world.c, kind=kind, items=items or SIDE_BET)
    if kind == "jeu_annexe":
        request_attach(actor=manager, request=draft, item="regles", filename="regles.pdf", content=b"%PDF-1.4")
    return request_file(actor=manager, request=draft)


def steps(request):
    return [(s.transition, s.from_state, s.to_state, s.actor.username) for s in request.steps.all()]


def test_a_side_bet_request_is_filed_checked_and_put_under_review_each_step_in_the_register(w_):
    request = filed(w_)
    assert request.state == w.REVIEW and request.reference.startswith("CASINO-C-")
    assert steps(request) == [("deposer", w.DRAFT, w.FILED, "direction.c"),
                              ("controler", w.FILED, w.CHECKING, "vigie-automate"),
                              ("examiner", w.CHECKING, w.REVIEW, "vigie-automate")]
    entries = Entry.objects.filter(register__casino=w_.c, register__kind=RegisterKind.APPROBATIONS).order_by("seq")
    assert [e.kind for e in entries] == [EntryKind.APPROVAL_STEP] * 3
    assert all(step.entry_id for step in request.steps.all())
    (result,) = audit(casino_code=w_.c.code, kind=RegisterKind.APPROBATIONS)
    assert result.findings == []


def test_qc_proposal_checks_give_the_return_proposed_beside_the_table_in_force_with_the_tables_article(world):
    request = filed(world, "table_de_paiement", QC_PROPOSAL, casino=world.a, manager=world.manager_a)
    findings = {f.code: f for f in request.findings.all()}
    assert findings["retour"].severity == RequestFinding.Severity.INFO
    assert "QC" in findings["retour"].citation and "67." in findings["retour"].citation  # the table's own article
    assert findings["retour"].found != findings["retour"].required  # the brelan paid more: another return
    assert findings["retour"].message_fr != findings["retour"].message_en


def test_a_request_missing_an_item_is_refused_with_the_item_named_and_stays_a_draft(w_):
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="jeu_annexe",
                           items={k: v for k, v in SIDE_BET.items() if k != "conditions"})
    request_attach(actor=w_.manager_c, request=draft, item="regles", filename="regles.pdf", content=b"%PDF-1.4")
    error = refused(lambda: request_file(actor=w_.manager_c, request=draft), Code.ITEM_MISSING, "conditions")
    assert "Conditions de fonctionnement" in str(error.message) and "49-16" in str(error.message)
    assert ApprovalRequest.objects.get(pk=draft.pk).state == w.DRAFT and not draft.steps.exists()


def test_lu_rgd_art_20_2_a_semi_automatic_model_needs_its_seven_items(w_):
    items = {"marques": "Interblock", "taux_redistribution": "0.955", "deroulement": "Roulette automatique",
             "role_employes": "Un croupier surveille", "moyens_paiement": "Cartes de jeu"}
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="semi_automatique", items=items)
    refused(lambda: request_file(actor=w_.manager_c, request=draft), Code.ITEM_MISSING, "presentation_technique")
    request_attach(actor=w_.manager_c, request=draft, item="presentation_technique", filename="modele.pdf",
                   content=b"%PDF-1.4 modele")
    refused(lambda: request_file(actor=w_.manager_c, request=draft), Code.ITEM_MISSING, "certification_etat")
    request_attach(actor=w_.manager_c, request=draft, item="certification_etat", filename="neuf.pdf",
                   content=b"%PDF-1.4 neuf")
    request = request_file(actor=w_.manager_c, request=draft)
    (rate,) = request.findings.all()
    assert rate.code == "taux" and rate.found == "95,50 %" and "20-2" in rate.citation


def test_lu_rgd_art_49_11_a_jackpot_stop_announced_less_than_15_days_ahead_is_flagged_with_its_article(w_):
    today = w_.c.today()
    short = filed(w_, "arret_jackpot", {"table": "TH-1 progressif", "date_arret": str(today + datetime.timedelta(9)),
                                         "motif": "Travaux"})
    (finding,) = short.findings.all()
    assert (finding.severity, finding.found, finding.required) == ("bloquant", "9", "15")
    assert "49-11" in finding.citation
    ahead = filed(w_, "arret_jackpot", {"table": "TH-2 progressif",
                                         "date_arret": str(today + datetime.timedelta(15)), "motif": "Travaux"})
    assert ahead.findings.get().severity == "information"


def test_lu_rgd_art_18_1_a_machine_put_in_reserve_beyond_15_per_cent_is_flagged(w_):
    install_machines(w_.c, w_.manager_c, "M-1", "M-2", "M-3")
    request = filed(w_, "etat_appareil", {"numero_serie": "M-1", "evenement": "mis en réserve",
                                           "date_evenement": str(w_.c.today() + datetime.timedelta(2))})
    (reserve,) = request.findings.all()
    assert (reserve.code, reserve.severity, reserve.found) == ("reserve", "bloquant", "50,00 %")
    assert "18-1" in reserve.citation


def test_qc_rjc_art_122_a_wheel_returning_less_than_75_per_cent_on_a_bet_is_refused_publication(world):
    """« Le taux de retour pour la roue de fortune ne peut être inférieur à 75 % » (art. 122): the configuration the
    casino declares for its public page is checked, and refused below, naming the article."""
    low = "\n".join(["1 $ ; 24 ; 1 à 1", "2 $ ; 15 ; 2 à 1", "5 $ ; 7 ; 5 à 1", "10 $ ; 4 ; 10 à 1",
                     "20 $ ; 2 ; 20 à 1", "Joker ; 2 ; 15 à 1"])  # the joker returns 32/54, under 75 %
    error = refused(lambda: wheel_publish(actor=world.manager_a, casino=world.a, segments=low),
                    "below_minimum_return")
    assert "122" in str(error.message) and not WheelPublication.objects.exists()


def test_qc_rjc_art_125_and_120_are_publications_not_requests_to_the_regie(world):
    """« elles doivent être mises à la disposition du public » (125), « doivent être accessibles au public à chaque
    table de roue de fortune » (120): duties to publish, not filings; no request of either kind is drafted."""
    for kind, article in (("tournoi", "125"), ("roue_de_fortune", "120")):
        error = refused(lambda kind=kind: request_create(actor=world.manager_a, casino=world.a, kind=kind, items={}),
                        Code.KIND_NOT_HERE, "kind")
        assert article in str(error.message) and "publication" in str(error.message)


def test_mc_art_1_a_change_of_payouts_notified_after_it_took_effect_is_flagged(world):
    casino = make_casino("casino-m", "MC")
    manager = make_user("direction.m", "manager", casino=casino)
    request = filed(world, "table_de_paiement", {**TRIPS_CHANGE, "table": "mc.uth.trips",
                                                 "date_effet": str(casino.today() - datetime.timedelta(2))},
                    casino=casino, manager=manager)
    notified = request.findings.get(code="notification")
    assert notified.severity == "avertissement" and "art. 1" in notified.citation


def test_a_kind_the_jurisdiction_does_not_have_and_an_unknown_item_are_refused(world):
    manager = make_user("direction.a4", "manager", casino=world.a)
    refused(lambda: request_create(actor=manager, casino=world.a, kind="semi_automatique", items={}),
            Code.KIND_NOT_HERE, "kind")
    refused(lambda: request_create(actor=manager, casino=world.a, kind="table_de_paiement",
                                   items={"couleur": "rouge"}), Code.ITEM_UNKNOWN, "couleur")
    refused(lambda: request_create(actor=manager, casino=world.a, kind="table_de_paiement",
                                   items={"date_effet": "demain"}), Code.ITEM_INVALID, "date_effet")


def test_the_regulator_asks_the_casino_answers_the_checks_run_again_and_the_ministry_approves(w_):
    request = filed(w_)
    request_ask(actor=w_.regulator_lu, request=request, question="Quel effet sur le retour ?")
    refused(lambda: request_decide(actor=w_.regulator_lu, request=request, decision="approuver"),
            Code.STEP_NOT_ALLOWED)
    request_answer(actor=w_.manager_c, request=request, answer="Voir le calcul joint",
                   items={"conditions": "Mise de 5 à 50 €"})
    approved = request_decide(actor=w_.regulator_lu, request=request, decision="approuver",
                              effective_from=w_.c.today() + datetime.timedelta(3))
    assert approved.state == w.APPROVED and approved.decided_by == w_.regulator_lu
    assert approved.items == SIDE_BET  # what was filed stays as filed; the answer is its own step
    assert [s[0] for s in steps(approved)][-3:] == ["demander_complement", "repondre", "approuver"]
    (result,) = audit(casino_code=w_.c.code, kind=RegisterKind.APPROBATIONS)
    assert result.findings == []


def test_a_later_approval_of_the_same_table_supersedes_the_earlier_one(w_):
    first = request_decide(actor=w_.regulator_lu, request=filed(w_), decision="approuver")
    second = request_decide(actor=w_.regulator_lu, request=filed(w_), decision="approuver")
    assert ApprovalRequest.objects.get(pk=first.pk).state == w.SUPERSEDED and second.supersedes_id == first.pk
    assert request_revoke(actor=w_.regulator_lu, request=second, reason="Table retirée").state == w.REVOKED


def test_a_regulator_cannot_decide_outside_its_jurisdiction_nor_a_casino_decide_at_all(w_):
    request = filed(w_)
    refused(lambda: request_decide(actor=w_.regulator_qc, request=request, decision="approuver"),
            Code.OUTSIDE_JURISDICTION)
    refused(lambda: request_decide(actor=w_.manager_c, request=request, decision="approuver"), Code.NOT_YOUR_SIDE)
    refused(lambda: request_ask(actor=w_.regulator_lu, request=request, question=" "), Code.NOTE_REQUIRED, "note")
    refused(lambda: request_create(actor=w_.accountant_c, casino=w_.c, kind="table_de_paiement", items={}),
            Code.NOT_A_MANAGER)


def test_a_casino_cannot_change_a_filed_request_only_answer_or_withdraw_it(w_):
    request = filed(w_)
    refused(lambda: request_attach(actor=w_.manager_c, request=request, item="x", filename="a.pdf", content=b"x"),
            Code.STEP_NOT_ALLOWED)
    refused(lambda: request_file(actor=w_.manager_c, request=request), Code.STEP_NOT_ALLOWED)
    refused(lambda: request_answer(actor=w_.manager_c, request=request, answer="Autre chose"), Code.STEP_NOT_ALLOWED)
    withdrawn = request_withdraw(actor=w_.manager_c, request=request, reason="Projet abandonné")
    assert withdrawn.state == w.WITHDRAWN
    refused(lambda: request_decide(actor=w_.regulator_lu, request=request, decision="approuver"),
            Code.STEP_NOT_ALLOWED)


def test_the_regulator_adds_findings_of_its_own_beside_the_checks(w_):
    request = filed(w_)
    added = finding_add(actor=w_.regulator_lu, request=request, citation="MC AM 2007-668 art. 1",
                        severity="avertissement", message_fr="Lecture « à » retenue", found="à", required="pour")
    assert added.source == "autorite" and added.author == w_.regulator_lu and added.message_en == added.message_fr
    refused(lambda: finding_add(actor=w_.regulator_qc, request=request, citation="x", severity="information",
                                message_fr="x"), Code.OUTSIDE_JURISDICTION)


def test_an_approval_takes_effect_no_earlier_than_its_filing(w_):
    request = filed(w_)
    refused(lambda: request_decide(actor=w_.regulator_lu, request=request, decision="approuver",
                                   effective_from=lu_today() - datetime.timedelta(30)),
            Code.EFFECTIVE_DATE, "effective_from")
    assert ApprovalRequest.objects.get(pk=request.pk).state == w.REVIEW


@pytest.mark.django_db(transaction=True)
def test_two_regulators_deciding_at_once_make_one_decision(world_tx, rules):
    manager = make_user("direction.c", "manager", casino=world_tx.c)
    second = make_user("ministere.lu.2", "regulator", jurisdiction="LU")
    request = filed(world_tx, manager=manager)
    barrier, outcomes = threading.Barrier(2), []

    def decide(actor, decision):
        try:
            barrier.wait()
            request_decide(actor=actor, request=request, decision=decision, reason="Retour trop bas")
            outcomes.append(decision)
        except DomainError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=decide, args=args)
               for args in ((world_tx.regulator_lu, "approuver"), (second, "refuser"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes, key=str).count(Code.STEP_NOT_ALLOWED) == 1 and len(outcomes) == 2
    decided = ApprovalRequest.objects.get(pk=request.pk)
    assert decided.state in (w.APPROVED, w.REFUSED) and decided.steps.filter(to_state__in=w.DECIDED).count() == 1


def test_the_decision_letter_is_signed_by_the_authority_and_carries_the_request_and_its_findings(w_):
    from compliance.reports import render, signing
    from compliance.reports.selectors import crl_der
    from compliance.reports.services import report_generate
    from compliance.reports.verification import verify_report
    from registers.chain.verification import register_verify

    request = filed(w_)
    finding_add(actor=w_.regulator_lu, request=request, citation="LU RGD 1979 art. 49-16 (projet)",
                severity="avertissement", message_fr="Table de paiement à afficher")
    request = request_decide(actor=w_.regulator_lu, request=request, decision="approuver_sous_conditions",
                             conditions="Affichage de la nouvelle table à chaque poste")
    letter = report_generate(request.letter)
    assert letter.status == "succeeded" and letter.kind == "approval_decision"
    signed = bytes(letter.pdf)
    verdict = signing.verify(signed, crl_der())
    assert verdict.valid and verdict.reason == "ok" and verdict.signer.startswith("Ministère des Finances")
    assert letter.certificate.holder == "regulator" and letter.certificate.jurisdiction == w_.c.jurisdiction
    assert verify_report(signed).valid
    source = render.source_of(signed)
    assert source["request"]["reference"] == request.reference and source["decision"]["state"] == w.CONDITIONAL
    assert source["decision"]["conditions"].startswith("Affichage")
    assert {f["severity"] for f in source["findings"]} == {"avertissement"}
    assert source["decision"]["act"] == "Décision" and "49-16" in source["decision"]["statement"]
    from django.conf import settings

    (settings.BASE_DIR / "var" / "screenshots").mkdir(parents=True, exist_ok=True)
    (settings.BASE_DIR / "var" / "screenshots" / "approvals-letter.pdf").write_bytes(signed)  # to look at
    register = letter.register
    assert register.kind == RegisterKind.APPROBATIONS and register_verify(register).ok
    assert Entry.objects.filter(register=register, kind=EntryKind.REPORT_SIGNED).count() == 1


def test_lu_rgd_art_49_16_a_side_bet_needs_its_rules_and_conditions_of_operation(w_):
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="jeu_annexe", items={
        "nom": "Pair Plus", "jeu_de_base": "Ultimate Texas hold'em", "taux_retour": "0.9646",
        "conditions": "Mise de 5 à 100 €"})
    error = refused(lambda: request_file(actor=w_.manager_c, request=draft), Code.ITEM_MISSING, "regles")
    assert "49-16" in str(error.message)
    request_attach(actor=w_.manager_c, request=draft, item="regles", filename="pair-plus.pdf", content=b"%PDF-1.4")
    assert request_file(actor=w_.manager_c, request=draft).state == w.REVIEW


def test_lu_rgd_art_16_a_progressive_linked_between_casinos_links_casinos_of_the_jurisdiction(w_):
    outside = filed(w_, "liaison_progressif", {"casinos": "casino-c,casino-a", "appareils": "10 par casino",
                                               "parametres": "Départ 10 000 €, 1 %"})
    codes = {(f.code, f.found) for f in outside.findings.all()}
    assert codes == {("liaison_casino", "casino-a")} and "16" in outside.findings.get().citation
    alone = filed(w_, "liaison_progressif", {"casinos": "casino-c", "appareils": "10",
                                             "parametres": "Départ 10 000 €"})
    assert alone.findings.get().code == "liaison" and alone.findings.get().severity == "bloquant"


def test_lu_rgd_art_17_al_2_5_a_refurbished_machine_names_its_approved_refurbisher(w_):
    items = {"numero_serie": "SLOT-778", "entreprise": "Remise à neuf SA"}
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="appareil_remis_a_neuf", items=items)
    refused(lambda: request_file(actor=w_.manager_c, request=draft), Code.ITEM_MISSING, "agrement_entreprise")
    assert draft.subject == "SLOT-778"


def test_lu_rgd_art_49_17_a_paid_tournament_files_its_rules_for_approval(w_):
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="tournoi", items={
        "nom": "Omaha d'automne", "modalites": "80 € dont 10 € de frais", "date_debut": "2026-12-20"})
    request_attach(actor=w_.manager_c, request=draft, item="reglement", filename="reglement.pdf", content=b"%PDF")
    refused(lambda: request_file(actor=w_.manager_c, request=draft), Code.ITEM_MISSING, "empreinte_regles")
    refused(lambda: request_create(actor=w_.manager_c, casino=w_.c, kind="tournoi",
                                   items={"empreinte_regles": "abc"}), Code.ITEM_INVALID, "empreinte_regles")
    draft = request_create(actor=w_.manager_c, casino=w_.c, kind="tournoi", items={
        "nom": "Omaha d'automne", "modalites": "80 € dont 10 € de frais", "date_debut": "2026-12-20",
        "empreinte_regles": "a" * 64})
    request_attach(actor=w_.manager_c, request=draft, item="reglement", filename="reglement.pdf", content=b"%PDF")
    request = request_file(actor=w_.manager_c, request=draft)
    assert request.state == w.REVIEW and request.subject == "Omaha d'automne"
    from compliance.approvals.kinds import form_of

    assert "49-17" in form_of("tournoi", w_.c, w_.c.today()).citation and request.findings.count() == 0


def test_a_table_whose_return_the_players_play_decides_is_filed_with_that_said(world):
    casino = make_casino("casino-m2", "MC")
    manager = make_user("direction.m2", "manager", casino=casino)
    request = filed(world, "table_de_paiement", {"table": "mc.uth.blind", "paiements": {"1": "400 pour 1"},
                                                 "date_effet": str(casino.today()), "motif": "Quinte royale"},
                    casino=casino, manager=manager)
    codes = {f.code: f for f in request.findings.all()}
    assert set(codes) == {"retour", "notification"} and "stratégie" in codes["retour"].message_fr
