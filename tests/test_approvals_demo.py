"""The demo shows the approvals at work (compliance/approvals/demo.py): at each casino a request in every state its
kinds' powers give (authorisations and notices at La Moselle, the Régie's opinions at Lac-Bleu, notices to the
autorité concédante at Les Rochers, with the regulator's finding on the reading of « POUR »), the Québec wheel
published rather than filed; each step in the casino's register of approvals, which audits clean; a second load
creates nothing."""

import datetime

import pytest

from compliance.approvals import workflow as w
from compliance.approvals.models import (
    ApprovalRequest,
    RequestAttachment,
    RequestFinding,
    RequestStep,
    WheelPublication,
)
from registers.kinds import RegisterKind
from registers.management.audit import audit

pytestmark = pytest.mark.django_db

CASINOS = ("la-moselle", "lac-bleu", "les-rochers")


@pytest.fixture
def demo(rules, monkeypatch):
    """The platform's casinos and users, then the approvals' own part alone (not the tournaments they approve last):
    the other apps' parts take seconds and build nothing it needs (the last test loads the whole demo)."""
    import compliance.approvals.demo
    import compliance.demo

    monkeypatch.setattr(compliance.demo, "module_has_submodule",
                        lambda module, name: module.__name__ == "compliance.approvals" and name == "demo")
    monkeypatch.delattr(compliance.approvals.demo, "demo_load_last")
    return compliance.demo.demo_load()


def states(code: str) -> set[str]:
    return set(ApprovalRequest.objects.filter(casino__code=code).values_list("state", flat=True))


def test_every_state_each_power_gives_appears_at_the_demo_casinos(demo):
    assert {f"approval requests of {code}" in " ".join(demo) for code in CASINOS} == {True}
    common = {w.DRAFT, w.REVIEW, w.INFORMATION, w.WITHDRAWN}  # filing runs the checks and puts it under review
    assert states("la-moselle") == common | {w.APPROVED, w.CONDITIONAL, w.REFUSED, w.SUPERSEDED, w.REVOKED,
                                             w.ACKNOWLEDGED, w.OBJECTED}
    assert states("lac-bleu") == common | {w.FAVOURABLE, w.UNFAVOURABLE}  # proposals: the Régie's opinion
    assert states("les-rochers") == common | {w.ACKNOWLEDGED, w.OBJECTED}  # notices to the autorité concédante
    moselle = ApprovalRequest.objects.filter(casino__code="la-moselle")
    assert {"semi_automatique", "systeme_cartes", "arret_jackpot", "etat_appareil", "tournoi", "jeu_annexe",
            "liaison_progressif", "appareil_remis_a_neuf", "moyen_paiement", "plaques_jetons_valeurs",
            "cartes_melangeur", "machine_bad_beat", "arret_bad_beat"} == set(moselle.values_list("kind", flat=True))
    # LU 37-14 « sont fixées comme suit »: no pay-table request where the RGD fixes the table
    assert not moselle.filter(kind="table_de_paiement").exists()
    # QC 120 and 125 are publications: no wheel or tournament request, the wheel on its public page
    assert not ApprovalRequest.objects.filter(casino__code="lac-bleu", kind__in=("roue_de_fortune", "tournoi"))
    assert WheelPublication.objects.filter(casino__code="lac-bleu").count() == 2
    stop = moselle.get(kind="arret_jackpot")
    assert stop.state == w.OBJECTED and "49-11" in stop.steps.last().note
    (notice,) = stop.findings.all()
    assert (notice.severity, notice.found, notice.required) == ("bloquant", "9", "15") and "49-11" in notice.citation
    cards = moselle.get(kind="systeme_cartes")
    assert cards.steps.last().transition == w.ASK.name and cards.effective_from is not None  # produced
    roulette = moselle.get(kind="semi_automatique")
    assert roulette.state == w.REVIEW and roulette.steps.filter(transition=w.ANSWER.name).exists()
    assert roulette.attachments.count() == 3
    assert all(bytes(a.content).startswith(b"%PDF-") for a in RequestAttachment.objects.all())
    superseded, conditional = moselle.get(state=w.SUPERSEDED), moselle.exclude(kind="moyen_paiement").get(
        state=w.CONDITIONAL)
    assert (superseded.kind, superseded.subject) == (conditional.kind, conditional.subject) == ("jeu_annexe",
                                                                                                 "Paire Plus")
    assert conditional.supersedes == superseded and conditional.conditions
    tournament = moselle.filter(kind="tournoi").get(state=w.APPROVED)
    assert tournament.kind == "tournoi" and len(tournament.items["empreinte_regles"]) == 64
    assert moselle.get(state=w.REVOKED).ended_on is not None
    assert moselle.get(state=w.DRAFT).filed_at is None
    actors = set(RequestStep.objects.filter(request__casino__code="la-moselle").values_list("actor__username",
                                                                                              flat=True))
    assert actors == {"lu.direction", "lu.ministere", "vigie-automate"}


def test_no_demo_request_rests_on_an_article_lacking_the_power_it_claims(demo):
    """Each kind filed cites the article whose words hold the power (games/rules/validate.py checks the data): no
    pay table cites QC art. 122 (the wheel's 75 %) nor LU 49-16 (side bets)."""
    from compliance.approvals.kinds import form_of

    for request in ApprovalRequest.objects.select_related("casino__jurisdiction"):
        form = form_of(request.kind, request.casino, request.casino.today())
        assert form.filed, request.reference
        if request.kind == "table_de_paiement":
            assert "122" not in form.citation and "49-16" not in form.citation


def test_the_quebec_proposals_get_the_regies_opinion_and_the_tables_stay_the_regles(demo):
    proposals = ApprovalRequest.objects.filter(casino__code="lac-bleu", kind="table_de_paiement")
    favourable = proposals.get(state=w.FAVOURABLE)
    assert favourable.effective_from is None and favourable.steps.last().transition == w.GIVE_FAVOURABLE.name
    unfavourable = proposals.get(state=w.UNFAVOURABLE)
    assert unfavourable.steps.last().note and unfavourable.steps.last().actor.username == "qc.regie"


def test_the_monaco_trips_notice_records_which_reading_of_pour_it_retains(demo):
    trips = ApprovalRequest.objects.get(casino__code="les-rochers", subject="mc.uth.trips", state=w.ACKNOWLEDGED,
                                        findings__source=RequestFinding.Source.REGULATOR)
    (reading,) = trips.findings.filter(source=RequestFinding.Source.REGULATOR)
    assert reading.author.username == "mc.commission" and "art. 1" in reading.citation
    assert "« à »" in reading.message_fr and "« pour »" in reading.message_fr and "BLIND" in reading.message_fr
    assert reading.message_en != reading.message_fr and "%" in reading.found and "%" in reading.required
    assert trips.findings.filter(source=RequestFinding.Source.CHECK, code="lecture").exists()  # the question
    assert [s.transition for s in trips.steps.all()][-3:] == [w.ASK.name, w.ANSWER.name, w.ACKNOWLEDGE.name]
    assert trips.effective_from == trips.casino.today() + datetime.timedelta(days=7)  # as the casino declared
    late = ApprovalRequest.objects.get(casino__code="les-rochers", state=w.REVIEW, items__paiements__1="75 POUR 1")
    assert late.findings.get(code="notification").severity == RequestFinding.Severity.WARNING


def test_the_whole_demo_audits_clean_in_the_registers_of_approvals_and_a_second_load_creates_nothing(whole_demo, rules):
    from compliance.demo import demo_load

    assert any(line.startswith("17 approval requests of") for line in whole_demo)
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


