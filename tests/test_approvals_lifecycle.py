"""A request's life as a state machine (compliance/approvals/workflow.py, its conditions in controls.py), on the demo's
requests at La Moselle: each step only from its named states, one request open at a time on a subject, a decision
taking effect no earlier than its filing, through the services; the same controls in registers_audit, which finds the
steps the register of approvals holds that no service would have taken."""

import datetime

import pytest
from django.urls import reverse

from compliance.approvals import workflow
from compliance.approvals.controls import RequestState, Step, items_digest, step_problems
from compliance.approvals.errors import Code
from compliance.approvals.models import ApprovalRequest
from compliance.approvals.services import (
    request_answer,
    request_attach,
    request_create,
    request_decide,
    request_file,
    request_revoke,
    request_withdraw,
)
from compliance.errors import DomainError
from compliance.models import User
from registers.chain.services import entry_append, register_for
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit

pytestmark = pytest.mark.django_db

HOUSE = "Contrôle interne du casino : chaque étape d'une demande à l'autorité"
ONE_OPEN = "Contrôle interne du casino : une même demande déposée une fois, tant qu'elle attend sa décision"


def user(name: str) -> User:
    return User.objects.get(username=name)


def request(title: str) -> ApprovalRequest:
    return ApprovalRequest.objects.select_related("casino__jurisdiction").get(casino__code="la-moselle", title=title)


def refused(call, code, field=None) -> DomainError:
    with pytest.raises(DomainError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    if field is not None:
        assert caught.value.field == field, caught.value.field
    return caught.value


MONTHLY = "Tournoi mensuel de Texas hold'em"  # approved by the Minister (LU RGD 1979 art. 49-17)
ROULETTE = "Agrément de la roulette semi-automatique Interblock"  # asked, answered: under review again
CARDS = "Certificat du système de cartes de jeu GamingCard 5.2"  # the Minister's question waits for its answer
SIDE_BET = "Mise annexe « Paire Plus » : conditions de fonctionnement révisées"  # approved with conditions
REFURBISHED = "Mise en service de l'appareil usagé remis à neuf LM-009"  # refused
OMAHA = "Tournoi d'Omaha de la Moselle"  # withdrawn
MASTERS = "Masters de Texas hold'em de la Moselle"  # approved, then revoked
LINK = "Jackpot progressif des machines relié avec un casino partenaire"  # a draft


def test_lu_rgd_art_49_17_an_approved_tournament_s_rules_are_not_decided_twice(demo, rules):
    """LU RGD 1979 art. 49-17: tournaments « peuvent être organisés par le casino après agrément du règlement et des
    modalités de fonctionnement par le Ministre des Finances »: one agrément; the demo's approved monthly tournament
    is not approved again, nor refused afterwards."""
    monthly = request(MONTHLY)
    for decision, reason in (("approuver", ""), ("refuser", "Revu")):
        error = refused(lambda d=decision, r=reason: request_decide(actor=user("lu.ministere"), request=monthly,
                                                                    decision=d, reason=r),
                        Code.STEP_NOT_ALLOWED, "state")
        assert monthly.reference in str(error.message) and "Approuvée" in str(error.message)
    assert ApprovalRequest.objects.get(pk=monthly.pk).state == workflow.APPROVED


def test_house_control_a_request_under_review_is_not_answered_when_no_question_waits(demo, rules):
    """The casino's internal control: each step of a request from the state that leads to it; the roulette's answer
    was given, the request is under review: a second answer waits for a second question."""
    roulette = request(ROULETTE)
    error = refused(lambda: request_answer(actor=user("lu.direction"), request=roulette, answer="Encore ceci"),
                    Code.STEP_NOT_ALLOWED, "state")
    assert "En examen" in str(error.message)
    assert roulette.steps.filter(transition=workflow.ANSWER.name).count() == 1


def test_house_control_a_decided_request_is_not_withdrawn(demo, rules):
    side_bet = request(SIDE_BET)
    error = refused(lambda: request_withdraw(actor=user("lu.direction"), request=side_bet, reason="Plus utile"),
                    Code.STEP_NOT_ALLOWED, "state")
    assert "Approuvée sous conditions" in str(error.message)


def test_house_control_a_withdrawn_request_is_neither_withdrawn_again_nor_decided(demo, rules):
    omaha = request(OMAHA)
    refused(lambda: request_withdraw(actor=user("lu.direction"), request=omaha, reason="Encore"),
            Code.STEP_NOT_ALLOWED, "state")
    refused(lambda: request_decide(actor=user("lu.ministere"), request=omaha, decision="approuver"),
            Code.STEP_NOT_ALLOWED, "state")


def test_lu_rgd_art_17_al_2_a_refused_request_is_not_approved_afterwards(demo, rules):
    """The refurbished machine's request was refused: a new request is filed once its firm is approved, the refusal
    is not turned into an approval."""
    refurbished = request(REFURBISHED)
    refused(lambda: request_decide(actor=user("lu.ministere"), request=refurbished, decision="approuver"),
            Code.STEP_NOT_ALLOWED, "state")
    assert ApprovalRequest.objects.get(pk=refurbished.pk).state == workflow.REFUSED


def test_house_control_a_revoked_approval_is_not_revoked_twice(demo, rules):
    masters = request(MASTERS)
    refused(lambda: request_revoke(actor=user("lu.ministere"), request=masters, reason="Encore"),
            Code.STEP_NOT_ALLOWED, "state")


def test_house_control_a_draft_is_not_decided_before_it_is_filed(demo, rules):
    link = request(LINK)
    refused(lambda: request_decide(actor=user("lu.ministere"), request=link, decision="approuver"),
            Code.STEP_NOT_ALLOWED, "state")
    assert ApprovalRequest.objects.get(pk=link.pk).state == workflow.DRAFT


def test_house_control_a_decision_takes_effect_no_earlier_than_the_filing(demo, rules):
    roulette = request(ROULETTE)
    filed = roulette.filed_at.date()
    error = refused(lambda: request_decide(actor=user("lu.ministere"), request=roulette, decision="approuver",
                                           effective_from=filed - datetime.timedelta(days=1)),
                    Code.EFFECTIVE_DATE, "effective_from")
    assert "dépôt" in str(error.message)


def test_house_control_the_same_request_is_not_filed_twice_while_it_waits_for_its_decision(demo, rules, client):
    """The card system's certificate waits for its answer to the Minister's question: the same certificate filed again
    is a second copy of the same request, refused naming the first; once the first is withdrawn, it may be filed."""
    cards = request(CARDS)
    manager = user("lu.direction")
    again = request_create(actor=manager, casino=cards.casino, kind=cards.kind, items=dict(cards.items),
                           title="Certificat GamingCard 5.2, à nouveau")
    request_attach(actor=manager, request=again, item="certificat", filename="certificat-5-2.pdf",
                   content=b"%PDF-1.4 certificat 5.2")
    error = refused(lambda: request_file(actor=manager, request=again), Code.DUPLICATE, "kind")
    assert cards.reference in str(error.message)
    assert ApprovalRequest.objects.get(pk=again.pk).state == workflow.DRAFT
    client.force_login(manager)  # the draft's page says why it is not offered to be filed, by the same control
    page = client.get(reverse("approvals-detail", kwargs={"reference": again.reference})).content.decode()
    assert 'data-testid="file-refused"' in page and cards.reference in page
    request_withdraw(actor=manager, request=cards, reason="Remplacée par une demande portant le certificat 5.2")
    assert request_file(actor=manager, request=again).state == workflow.REVIEW


def test_the_steps_leave_only_from_their_named_states():
    """Every step of workflow.py refused, by the controls, from every state outside its sources."""
    for transition in workflow.TRANSITIONS.values():
        for state in workflow.STATES:
            power = next((p for p, ts in workflow.DECISIONS_BY_POWER.items() if transition in ts), "autorisation")
            problems = step_problems(RequestState("X-1", "tournoi", "Sujet", state, power),
                                     Step(transition.name, transition.by, "parce que"))
            assert (state in transition.sources) == (not problems), (transition.name, state)


def test_the_audit_finds_the_steps_the_chain_accepted_bypassing_the_services(demo, rules):
    """The chain takes any step it is given, and its own check holds each one only to the state the previous left: an
    approval of a request never filed, a second approval of the approved monthly tournament, the card system's
    certificate filed again while its first request waits. registers_audit asks the services' controls and names each
    one, and nothing else in the demo's register."""
    monthly, cards = request(MONTHLY), request(CARDS)
    casino = monthly.casino
    assert audit(casino_code=casino.code, kind=RegisterKind.APPROBATIONS)[0].findings == []
    register = register_for(casino=casino, kind=RegisterKind.APPROBATIONS)
    regulator, manager = user("lu.ministere"), user("lu.direction")

    def step(actor, **payload):
        return entry_append(register=register, kind=EntryKind.APPROVAL_STEP, gaming_day=casino.today(), actor=actor,
                            payload={"par": actor.username, **payload})

    never = step(regulator, demande="LM-2026-9999", nature="tournoi", objet="Tournoi fantôme", etape="approuver",
                 de="brouillon", vers="approuvee", cote="regulator")
    twice = step(regulator, demande=monthly.reference, nature=monthly.kind, objet=monthly.subject, etape="approuver",
                 de="approuvee", vers="approuvee", cote="regulator")
    copy = step(manager, demande="LM-2026-9998", nature=cards.kind, objet=cards.subject, etape="deposer",
                de="brouillon", vers="deposee", cote="casino", empreinte_elements=items_digest(cards.items))
    (result,) = audit(casino_code=casino.code, kind=RegisterKind.APPROBATIONS)
    found = {finding.seq: finding.problems for finding in result.findings}
    assert set(found) == {never.seq, twice.seq, copy.seq}
    assert any("LM-2026-9999" in p.fr and "approuver" in p.fr and p.citation.startswith(HOUSE)
               for p in found[never.seq])
    assert any(monthly.reference in p.fr and "Approuvée" in p.fr for p in found[twice.seq])
    assert any(cards.reference in p.fr and p.citation == ONE_OPEN for p in found[copy.seq])
    assert all(p.en for problems in found.values() for p in problems)  # each written in English too
