"""The demo shows the approvals at work (compliance/approvals/demo.py): at La Moselle and Lac-Bleu a request in
every state of the workflow, at Lac-Bleu the wheel of fortune refused for a bet below the 75 % of QC RJC art. 122, at
Les Rochers the TRIPS pay table approved with the regulator's finding on the reading of « POUR »; each step in the
casino's register of approvals, which audits clean; a second load creates nothing."""

import pytest

from compliance.approvals import workflow as w
from compliance.approvals.models import ApprovalRequest, RequestAttachment, RequestFinding, RequestStep
from registers.kinds import RegisterKind
from registers.management.audit import audit

pytestmark = pytest.mark.django_db

CASINOS = ("la-moselle", "lac-bleu", "les-rochers")


@pytest.fixture
def demo(rules, monkeypatch):
    """The platform's casinos and users, then the approvals' part alone: the other apps' parts take seconds and
    build nothing it needs (the last test loads the whole demo)."""
    import compliance.demo

    monkeypatch.setattr(compliance.demo, "module_has_submodule",
                        lambda module, name: module.__name__ == "compliance.approvals" and name == "demo")
    return compliance.demo.demo_load()


def states(code: str) -> set[str]:
    return set(ApprovalRequest.objects.filter(casino__code=code).values_list("state", flat=True))


def test_every_state_of_the_workflow_appears_at_the_demo_casinos(demo):
    assert {f"approval requests of {code}" in " ".join(demo) for code in CASINOS} == {True}
    resting = set(w.STATES) - {w.FILED, w.CHECKING}  # filing runs the checks and puts it under review at once
    assert states("la-moselle") == resting and states("lac-bleu") == resting
    # Monaco has one kind, its notices are all on the TRIPS table: one decision in force at a time
    assert states("les-rochers") == resting - {w.CONDITIONAL}
    moselle = ApprovalRequest.objects.filter(casino__code="la-moselle")
    assert {"table_de_paiement", "semi_automatique", "systeme_cartes", "arret_jackpot", "etat_appareil", "tournoi",
            "jeu_annexe", "liaison_progressif", "appareil_remis_a_neuf"} <= set(moselle.values_list("kind", flat=True))
    # under review with findings, waiting for the casino's answer, answered
    stop = moselle.get(kind="arret_jackpot")
    assert stop.state == w.REVIEW
    (notice,) = stop.findings.all()
    assert (notice.severity, notice.found, notice.required) == ("bloquant", "9", "15") and "49-11" in notice.citation
    assert moselle.get(kind="systeme_cartes").steps.last().transition == w.ASK.name
    roulette = moselle.get(kind="semi_automatique")
    assert roulette.state == w.REVIEW and roulette.steps.filter(transition=w.ANSWER.name).exists()
    assert roulette.attachments.count() == 3
    assert all(bytes(a.content).startswith(b"%PDF-") for a in RequestAttachment.objects.all())
    # the summer's pay table superseded by the lasting one, which takes effect the day the summer's ends
    superseded, approved = moselle.get(state=w.SUPERSEDED), moselle.get(state=w.APPROVED, kind="table_de_paiement")
    assert (superseded.subject, approved.subject) == ("lu.uth.trips", "lu.uth.trips")
    assert approved.supersedes == superseded and superseded.ended_on == approved.effective_from
    assert moselle.get(state=w.CONDITIONAL).conditions
    assert moselle.get(state=w.REVOKED).ended_on is not None
    assert moselle.get(state=w.DRAFT).filed_at is None
    # every step is taken by its side: the casino's manager, the ministry, or Vigie running the checks
    actors = set(RequestStep.objects.filter(request__casino__code="la-moselle").values_list("actor__username",
                                                                                              flat=True))
    assert actors == {"lu.direction", "lu.ministere", "vigie-automate"}


def test_the_quebec_wheel_returning_less_than_75_per_cent_is_refused_citing_art_122(demo):
    wheels = ApprovalRequest.objects.filter(casino__code="lac-bleu", kind="roue_de_fortune")
    refused = wheels.get(state=w.REFUSED)
    (blocking,) = refused.findings.filter(severity=RequestFinding.Severity.BLOCKING)
    assert blocking.code == "roue_minimum" and "122" in blocking.citation and blocking.required == "75,00 %"
    decision = refused.steps.get(transition=w.REFUSE.name)
    assert decision.actor.username == "qc.regie" and "122" in decision.note and "75 %" in decision.note
    # the wheel in force is the one approved under conditions, which replaced the first
    assert set(wheels.values_list("state", flat=True)) == {w.SUPERSEDED, w.CONDITIONAL, w.REFUSED}
    assert ApprovalRequest.objects.filter(casino__code="lac-bleu", kind="tournoi", state=w.APPROVED).exists()
    late = ApprovalRequest.objects.get(casino__code="lac-bleu", kind="tournoi", state=w.REVIEW)
    assert late.findings.get(code="publication").severity == RequestFinding.Severity.BLOCKING


def test_the_monaco_trips_approval_records_which_reading_of_pour_it_retains(demo):
    trips = ApprovalRequest.objects.get(casino__code="les-rochers", subject="mc.uth.trips", state=w.APPROVED)
    (reading,) = trips.findings.filter(source=RequestFinding.Source.REGULATOR)
    assert reading.author.username == "mc.commission" and "art. 1" in reading.citation
    assert "« à »" in reading.message_fr and "« pour »" in reading.message_fr and "BLIND" in reading.message_fr
    assert reading.message_en != reading.message_fr and "%" in reading.found and "%" in reading.required
    assert trips.findings.filter(source=RequestFinding.Source.CHECK, code="lecture").exists()  # the question
    assert [s.transition for s in trips.steps.all()][-3:] == [w.ASK.name, w.ANSWER.name, w.APPROVE.name]
    assert trips.supersedes.state == w.SUPERSEDED  # the earlier TRIPS change
    late = ApprovalRequest.objects.get(casino__code="les-rochers", state=w.REVIEW, items__paiements__1="75 POUR 1")
    assert late.findings.get(code="notification").severity == RequestFinding.Severity.WARNING


def test_the_whole_demo_audits_clean_in_the_registers_of_approvals_and_a_second_load_creates_nothing(rules):
    from compliance.demo import demo_load

    assert any(line.startswith("11 approval requests of") for line in demo_load())
    for code in CASINOS:
        steps = RequestStep.objects.filter(request__casino__code=code)
        assert steps.exists() and not steps.filter(entry__isnull=True).exists()
        results = audit(casino_code=code, kind=RegisterKind.APPROBATIONS)
        assert results and all(result.findings == [] for result in results), code
    counts = (ApprovalRequest.objects.count(), RequestStep.objects.count(), RequestFinding.objects.count(),
              RequestAttachment.objects.count())
    assert demo_load() == []
    assert counts == (ApprovalRequest.objects.count(), RequestStep.objects.count(), RequestFinding.objects.count(),
                      RequestAttachment.objects.count())


