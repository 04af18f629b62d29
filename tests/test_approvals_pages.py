"""The approvals' pages (/approbations/): the requests of the user's scope with what waits for the user above them, a
new draft from its kind's items, a request's page (what was asked beside the checks' findings with their articles,
the steps, the forms of the steps the user may take) and its documents. Each step's form calls its service: a refusal
comes back in French under the field it names, nothing written; a step of the other side is a 403; another casino's
request, or one of another jurisdiction, a 404."""

import datetime
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from compliance.approvals import services
from compliance.approvals import workflow as w
from compliance.approvals.models import ApprovalRequest, RequestAttachment, RequestFinding, RequestStep
from compliance.approvals.services import request_ask, request_create, request_decide, request_file
from tests.conftest import make_casino, make_user

pytestmark = pytest.mark.django_db

TRIPS_CHANGE = {"table": "mc.uth.trips", "paiements": {"7": "2 pour 1"}, "date_effet": "2026-12-01",
                "motif": "Brelan payé 2 pour 1"}  # MC AM 2007-668 art. 1: a change notified
SIDE_BET = {"nom": "Lucky Ladies", "jeu_de_base": "Blackjack", "taux_retour": "0.95",
            "conditions": "Mise maximale 50 €"}  # LU 49-16: authorised by the Minister


@pytest.fixture
def lu(world):
    """Casino C (Luxembourg) with its management; the Ministry is `world.regulator_lu`. Casino M (Monaco) with its
    management, and the autorité concédante `world.regulator_mc`, for the pay tables notified there."""
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.m = make_casino("casino-m", "MC")
    world.manager_m = make_user("direction.m", "manager", casino=world.m)
    world.regulator_mc = make_user("concedante.mc", "regulator", jurisdiction="MC")
    return world


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def _error(response, field: str) -> str:
    found = re.search(rf'data-testid="error-{field}">([^<]*)<', response.content.decode())
    assert found, f"no error under {field}"
    return found.group(1)


def _draft(world, items=None, kind="jeu_annexe"):
    return request_create(actor=world.manager_c, casino=world.c, kind=kind, items=items or SIDE_BET)


def _filed(world, items=None):
    draft = _draft(world, items)
    services.request_attach(actor=world.manager_c, request=draft, item="regles", filename="regles.pdf",
                            content=b"%PDF-1.4")
    return request_file(actor=world.manager_c, request=draft)


def _notice(world, items=None, filed=True):
    """A change of the TRIPS payouts notified by casino M (Monaco)."""
    draft = request_create(actor=world.manager_m, casino=world.m, kind="table_de_paiement",
                           items=items or TRIPS_CHANGE)
    return request_file(actor=world.manager_m, request=draft) if filed else draft


def _url(name: str, approval: ApprovalRequest, **kwargs) -> str:
    return reverse(name, kwargs={"reference": approval.reference, **kwargs})


def _snapshot(approval: ApprovalRequest):
    """What a refused step must leave as it was."""
    fresh = ApprovalRequest.objects.get(pk=approval.pk)
    return (fresh.state, fresh.effective_from, fresh.conditions, RequestStep.objects.filter(request=approval).count(),
            RequestFinding.objects.filter(request=approval).count(),
            RequestAttachment.objects.filter(request=approval).count())


# --- the list ------------------------------------------------------------------------------------------------------


def test_the_casino_sees_its_requests_and_its_management_the_menu_of_its_jurisdiction_s_kinds(lu, client):
    draft, filed = _draft(lu), _filed(lu)
    client.force_login(lu.manager_c)
    response = client.get(reverse("approvals-list"))
    assert response.status_code == 200
    page = _text(response)
    assert 'data-testid="new-request"' in page
    for kind in ("jeu_annexe", "semi_automatique", "arret_jackpot", "etat_appareil"):
        assert reverse("approvals-new", kwargs={"kind": kind}) in page
    assert reverse("approvals-new", kwargs={"kind": "roue_de_fortune"}) not in page  # Québec's
    # LU 37-14 « sont fixées comme suit »: the RGD's tables are not the Minister's to change
    assert reverse("approvals-new", kwargs={"kind": "table_de_paiement"}) not in page
    assert f'data-reference="{draft.reference}"' in page and f'data-reference="{filed.reference}"' in page
    inbox = page.split('data-testid="inbox"', 1)[1].split("</section>", 1)[0]
    assert draft.reference in inbox and filed.reference not in inbox  # the draft waits for the management
    client.force_login(lu.accountant_c)
    page = _text(client.get(reverse("approvals-list")))
    assert f'data-reference="{filed.reference}"' in page
    assert 'data-testid="new-request"' not in page and 'data-testid="inbox"' not in page
    assert 'data-testid="read-only"' in page
    client.force_login(lu.admin)  # the platform reads every casino's, drafts included, and takes no step
    page = _text(client.get(reverse("approvals-list")))
    assert draft.reference in page and 'data-testid="inbox"' not in page and 'data-testid="read-only"' in page


def test_the_regulator_s_queue_puts_what_waits_for_it_first_with_its_age_deadline_and_blocking_findings(lu, client):
    draft = _draft(lu)
    asked = _filed(lu)
    request_ask(actor=lu.regulator_lu, request=asked, question="Quel effet sur le retour ?")
    waiting = request_file(actor=lu.manager_c, request=request_create(
        actor=lu.manager_c, casino=lu.c, kind="arret_jackpot", items={
            "table": "TH-1 progressif", "date_arret": str(lu.c.today() + datetime.timedelta(9)), "motif": "Travaux"}))
    client.force_login(lu.regulator_lu)
    response = client.get(reverse("approvals-list"))
    page = _text(response)
    rows = re.findall(r'data-testid="request" data-reference="([^"]+)"', page)
    assert rows == [waiting.reference, asked.reference]  # the draft is the casino's own; waiting for the Ministry first
    assert draft.reference not in page
    row = page.split(f'data-reference="{waiting.reference}" data-state="en_examen" class="table-warning"', 1)[1]
    row = row.split("</tr>", 1)[0]
    assert 'data-testid="mine"' in row and lu.c.name in row and "Arrêt volontaire du jackpot progressif" in row
    assert 'data-testid="blocking"><span class="badge text-bg-danger">1<' in row  # 9 days' notice, 15 required
    assert 'data-testid="age">0<' in row
    inbox = page.split('data-testid="inbox"', 1)[1].split("</section>", 1)[0]
    assert waiting.reference in inbox and asked.reference not in inbox
    assert "Au tour de : Ministère des Finances" in inbox and "dernière étape : Mise en examen" in inbox
    filtered = _text(client.get(reverse("approvals-list"), {"etat": w.INFORMATION}))
    assert re.findall(r'data-testid="request" data-reference="([^"]+)"', filtered) == [asked.reference]
    client.force_login(lu.regulator_qc)
    page = _text(client.get(reverse("approvals-list")))
    assert asked.reference not in page and waiting.reference not in page and lu.c.name not in page


def test_the_navigation_leads_the_management_and_the_regulator_to_the_requests(lu, client):
    for user in (lu.manager_c, lu.regulator_lu):
        client.force_login(user)
        page = client.get(reverse("dashboard")).content.decode()
        assert f'href="{reverse("approvals-list")}"' in page


# --- a new draft ---------------------------------------------------------------------------------------------------


def _new(kind="table_de_paiement") -> str:
    return reverse("approvals-new", kwargs={"kind": kind})


def test_the_draft_form_has_the_kind_s_items_and_is_for_the_management_only(lu, client):
    client.force_login(lu.manager_m)
    response = client.get(_new())
    assert response.status_code == 200
    page = _text(response)
    for label in ("Table de paiement concernée", "Paiements modifiés, ligne par ligne",
                  "Date d&#x27;effet de la modification", "Motif du changement", "MC AM 2007-668 art. 1"):
        assert label in page, label
    assert 'value="mc.uth.trips"' in page and 'value="qc.' not in page and 'value="lu.' not in page
    assert 'name="brouillon-paiements-position"' in page and 'name="brouillon-paiements-cote"' in page
    assert 'type="date"' in page
    client.force_login(lu.manager_c)
    assert client.get(_new()).status_code == 404  # LU 37-14: no pay-table request in Luxembourg
    event = _text(client.get(_new("etat_appareil")))
    assert '<option value="mis en réserve">' in event and 'name="brouillon-evenement"' in event
    files = _text(client.get(_new("jeu_annexe")))
    assert 'type="file" name="brouillon-regles"' in files and "multiple" in files
    assert client.get(_new("roue_de_fortune")).status_code == 404  # Québec's
    assert client.get(_new("inconnue")).status_code == 404
    for user in (lu.accountant_c, lu.regulator_lu, lu.admin):
        client.force_login(user)
        assert client.get(_new("jeu_annexe")).status_code == 403, user.username
        assert client.post(_new("jeu_annexe"), {"brouillon-nom": "x"}).status_code == 403, user.username
    assert not ApprovalRequest.objects.exists()


def pay_lines(prefix, rows):
    """The pay-line editor's rows as the form posts them: each column once per row, in order."""
    return {f"{prefix}-paiements-position": [position for position, _odds in rows],
            f"{prefix}-paiements-cote": [odds for _position, odds in rows]}


def _draft_data(**changes):
    rows = changes.pop("paiements", [("7", "2 pour 1"), ("", "")])
    data = {"brouillon-table": "mc.uth.trips", **pay_lines("brouillon", rows), "brouillon-date_effet":
            "2026-12-01", "brouillon-motif": "Brelan payé 2 pour 1", "brouillon-intitule": ""}
    data.update({f"brouillon-{key}": value for key, value in changes.items()})
    return data


def test_a_draft_is_created_from_the_form_its_payouts_read_line_by_line(lu, client):
    client.force_login(lu.manager_m)
    response = client.post(_new(), _draft_data(paiements=[("7", "2 pour 1"), ("", ""), ("6", "4 à 1")]),
                           follow=True)
    draft = ApprovalRequest.objects.get()
    assert draft.state == w.DRAFT and draft.created_by == lu.manager_m
    assert draft.items == {**TRIPS_CHANGE, "paiements": {"7": "2 pour 1", "6": "4 à 1"}}
    assert response.redirect_chain[-1][0] == _url("approvals-detail", draft)
    assert f"Brouillon {draft.reference} enregistré" in _text(response)


def test_a_draft_s_documents_are_attached_with_it(lu, client):
    client.force_login(lu.manager_c)
    rules = [SimpleUploadedFile("regles.pdf", b"%PDF-1.4 regles"), SimpleUploadedFile("annexe.pdf", b"%PDF annexe")]
    client.post(_new("jeu_annexe"), {"brouillon-nom": "Lucky Ladies", "brouillon-jeu_de_base": "Blackjack",
                                     "brouillon-taux_retour": "95", "brouillon-regles": rules}, follow=True)
    draft = ApprovalRequest.objects.get()
    assert draft.items == {"nom": "Lucky Ladies", "jeu_de_base": "Blackjack", "taux_retour": "0.95"}
    assert sorted(a.filename for a in draft.attachments.all()) == ["annexe.pdf", "regles.pdf"]
    assert {a.item for a in draft.attachments.all()} == {"regles"}


def test_the_other_kinds_of_item_are_read_as_their_services_take_them(lu, client):
    client.force_login(lu.manager_a)  # Québec: its pay tables proposed for the Régie's opinion
    page = _text(client.get(_new("table_de_paiement")))
    assert 'value="qc.' in page and 'value="lu.' not in page and "Paiements proposés" in page
    assert "QC D. 1675-95, attendus" in page
    # QC 120 « accessibles au public », 125 « mises à la disposition du public »: published, not filed
    assert client.get(_new("roue_de_fortune")).status_code == 404 and client.get(_new("tournoi")).status_code == 404
    client.force_login(lu.manager_c)
    client.post(_new("liaison_progressif"), {"brouillon-casinos": "casino-c, casino-d,", "brouillon-appareils": "M-1"})
    link = ApprovalRequest.objects.get(casino=lu.c)
    assert link.items == {"casinos": ["casino-c", "casino-d"], "appareils": "M-1"}


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"date_effet": "01/12/2026"}, "date_effet",
     "« Date d&#x27;effet de la modification » : une date AAAA-MM-JJ est attendue."),
    ({"paiements": [("7", "")]}, "paiements", "Ligne 1 : « Cote » manque."),
    ({"paiements": [("7", "2 pour 1"), ("", "3 pour 1")]}, "paiements", "Ligne 2 : « Position » manque."),
    ({"paiements": [("7", "2 pour 1"), ("7", "3 pour 1")]}, "paiements", "La position 7 est donnée deux fois."),
    ({"paiements": [("7", "beaucoup")]}, "paiements", "un paiement positif est attendu pour chaque ligne"),
    ({"table": "mc.inconnue"}, "table", "Sélectionnez un choix valide"),
])
def test_a_refused_draft_shows_the_error_under_its_item_and_creates_nothing(lu, client, changes, field, message):
    client.force_login(lu.manager_m)
    response = client.post(_new(), _draft_data(**changes))
    assert response.status_code == 200
    assert message in _error(response, field)
    assert 'data-testid="refused"' in response.content.decode()
    assert not ApprovalRequest.objects.exists()


def test_a_document_refused_undoes_the_draft(lu, client, monkeypatch):
    monkeypatch.setattr(services, "ATTACHMENT_MAX", 4)
    client.force_login(lu.manager_c)
    response = client.post(_new("jeu_annexe"), {"brouillon-nom": "Lucky Ladies",
                                                "brouillon-regles": SimpleUploadedFile("regles.pdf", b"%PDF-1.4")})
    assert "Le document « regles.pdf » dépasse" in _error(response, "regles")
    assert not ApprovalRequest.objects.exists() and not RequestAttachment.objects.exists()


# --- a request's page -----------------------------------------------------------------------------------------------


def test_the_request_s_page_shows_what_was_asked_beside_the_checks_with_their_articles(lu, client):
    filed = _notice(lu)
    accountant_m = make_user("compta.m", "accountant", casino=lu.m)
    for user in (lu.manager_m, accountant_m, lu.regulator_mc):
        client.force_login(user)
        response = client.get(_url("approvals-detail", filed))
        assert response.status_code == 200, user.username
        page = _text(response)
        assert filed.reference in page and "En examen" in page and lu.m.name in page
        line = page.split('data-line="7"', 1)[1].split("</tr>", 1)[0]
        assert "brelan" in line and "3 POUR 1" in line and "2 pour 1" in line  # the line in force beside the asked
        checks = page.split('data-testid="checks"', 1)[1].split("</ul>", 1)[0]
        assert 'data-code="retour"' in checks and 'data-code="notification"' in checks and "art. 1" in checks
        assert "Taux de retour de « Poker Texas Hold&#x27;Hem Ultimate — chance TRIPS »" in checks
        steps = re.findall(r'data-testid="step" data-transition="([a-z_]+)"', page)
        assert steps == ["deposer", "controler", "examiner"]
        assert "registre, écriture n° 1" in page
    regulator = _text(client.get(_url("approvals-detail", filed)))
    assert 'data-testid="form-demander_complement"' in regulator and 'data-testid="form-decider"' in regulator
    assert 'data-testid="form-constat"' in regulator and 'data-testid="form-retirer"' not in regulator
    client.force_login(lu.manager_m)
    manager = _text(client.get(_url("approvals-detail", filed)))
    assert 'data-testid="form-retirer"' in manager and 'data-testid="form-decider"' not in manager
    client.force_login(accountant_m)
    assert 'data-testid="form-' not in _text(client.get(_url("approvals-detail", filed)))


def test_another_scope_s_request_is_a_404_and_a_draft_is_the_casino_s_own(lu, client):
    filed, draft = _filed(lu), _draft(lu)
    for user in (lu.regulator_qc, lu.accountant_a, lu.manager_a):
        client.force_login(user)
        for name in ("approvals-detail", "approvals-ask", "approvals-file"):
            assert client.get(_url(name, filed)).status_code == 404, (user.username, name)
            if name != "approvals-detail":
                assert client.post(_url(name, filed), {"demander_complement-note": "?"}).status_code == 404
    client.force_login(lu.regulator_lu)
    assert client.get(_url("approvals-detail", draft)).status_code == 404
    assert client.get(_url("approvals-detail", filed)).status_code == 200
    assert client.get(reverse("approvals-detail", kwargs={"reference": "CASINO-C-1999-0001"})).status_code == 404
    assert client.get(_url("approvals-ask", filed)).status_code == 405


# --- the casino's steps ---------------------------------------------------------------------------------------------


def test_the_management_files_its_draft_and_the_checks_appear(lu, client):
    draft = _notice(lu, filed=False)
    client.force_login(lu.manager_m)
    page = _text(client.get(_url("approvals-detail", draft)))
    assert 'data-testid="form-deposer"' in page and 'data-testid="not-checked"' in page
    response = client.post(_url("approvals-file", draft), follow=True)
    assert ApprovalRequest.objects.get(pk=draft.pk).state == w.REVIEW
    page = _text(response)
    assert f"Demande {draft.reference} déposée" in page and 'data-code="retour"' in page


def test_a_draft_missing_an_item_is_not_filed_and_the_item_is_named(lu, client):
    draft = _notice(lu, {key: value for key, value in TRIPS_CHANGE.items() if key != "motif"}, filed=False)
    client.force_login(lu.manager_m)
    before = _snapshot(draft)
    response = client.post(_url("approvals-file", draft))
    assert response.status_code == 200
    error = re.search(r'data-testid="form-error">([^<]*)<', response.content.decode()).group(1)
    assert "Élément manquant : « Motif du changement »" in error and "MC AM 2007-668 art. 1" in error
    assert _snapshot(draft) == before


def test_a_document_is_joined_to_a_draft(lu, client):
    draft = _draft(lu, {"nom": "Lucky Ladies"}, kind="jeu_annexe")
    client.force_login(lu.manager_c)
    refused = client.post(_url("approvals-attach", draft), {"joindre-item": "regles"})
    assert "Choisissez le document à joindre." in _error(refused, "files")
    client.post(_url("approvals-attach", draft), {"joindre-item": "regles", "joindre-files": SimpleUploadedFile(
        "regles.pdf", b"%PDF regles")})
    (attached,) = draft.attachments.all()
    assert (attached.item, attached.filename, bytes(attached.content)) == ("regles", "regles.pdf", b"%PDF regles")


def test_the_management_answers_the_question_with_an_item_and_the_checks_run_again(lu, client):
    filed = _notice(lu)
    request_ask(actor=lu.regulator_mc, request=filed, question="Quel effet sur le retour ?")
    client.force_login(lu.manager_m)
    page = _text(client.get(_url("approvals-detail", filed)))
    assert 'data-testid="form-repondre"' in page and "« Quel effet sur le retour ? »" in page
    before = _snapshot(filed)
    refused = client.post(_url("approvals-answer", filed), {"repondre-note": " ",
                                                             **pay_lines("repondre", [("7", "3 pour 1")])})
    assert "L&#x27;étape « repondre » se motive : écrivez pourquoi." in _error(refused, "note")
    assert _snapshot(filed) == before
    refused = client.post(_url("approvals-answer", filed), {"repondre-note": "Voir",
                                                             **pay_lines("repondre", [("7", "zéro")])})
    assert "un paiement positif est attendu" in _error(refused, "paiements") and _snapshot(filed) == before
    response = client.post(_url("approvals-answer", filed), {"repondre-note": "Voir le calcul",
                                                              **pay_lines("repondre", [("7", "3 pour 1")])},
                           follow=True)
    answered = ApprovalRequest.objects.get(pk=filed.pk)
    assert answered.state == w.REVIEW and answered.items == TRIPS_CHANGE  # as filed; the answer is its own step
    assert answered.steps.get(transition="repondre").items == {"paiements": {"7": "3 pour 1"}}
    page = _text(response)
    assert "Réponse envoyée à l&#x27;autorité" in page and "ligne par ligne :</span> 7 : 3 pour 1" in page
    assert 'data-testid="earlier-runs"' in page  # the first run's findings, collapsed


def test_the_management_withdraws_with_a_reason(lu, client):
    filed = _filed(lu)
    client.force_login(lu.manager_c)
    before = _snapshot(filed)
    refused = client.post(_url("approvals-withdraw", filed), {"retirer-note": ""})
    assert "se motive" in _error(refused, "note") and _snapshot(filed) == before
    asked = client.post(_url("approvals-withdraw", filed), {"retirer-note": "Projet abandonné"})
    assert 'data-testid="confirmation"' in _text(asked) and _snapshot(filed) == before  # restated, not withdrawn
    assert "Projet abandonné" in _text(asked) and filed.reference in _text(asked)
    client.post(_url("approvals-withdraw", filed), {"retirer-note": "Projet abandonné", "retirer-confirme": "1"})
    assert ApprovalRequest.objects.get(pk=filed.pk).state == w.WITHDRAWN


def test_a_step_of_the_other_side_or_of_an_accountant_is_a_403_and_changes_nothing(lu, client):
    filed, draft = _filed(lu), _draft(lu)
    before = _snapshot(filed), _snapshot(draft)
    client.force_login(lu.regulator_lu)
    assert client.post(_url("approvals-withdraw", filed), {"retirer-note": "Non"}).status_code == 403
    assert client.post(_url("approvals-answer", filed), {"repondre-note": "Non"}).status_code == 403
    for user in (lu.manager_c, lu.accountant_c):
        client.force_login(user)
        assert client.post(_url("approvals-decide", filed), {"decider-decision": "approuver"}).status_code == 403
        assert client.post(_url("approvals-ask", filed), {"demander_complement-note": "?"}).status_code == 403
        assert client.post(_url("approvals-finding", filed), {"constat-citation": "x"}).status_code == 403
    client.force_login(lu.accountant_c)
    assert client.post(_url("approvals-file", draft)).status_code == 403
    assert client.post(_url("approvals-withdraw", filed), {"retirer-note": "Non"}).status_code == 403
    assert (_snapshot(filed), _snapshot(draft)) == before


# --- the authority's steps ------------------------------------------------------------------------------------------


def test_the_ministry_asks_for_information(lu, client):
    filed = _filed(lu)
    client.force_login(lu.regulator_lu)
    before = _snapshot(filed)
    refused = client.post(_url("approvals-ask", filed), {"demander_complement-note": "  "})
    assert "se motive : écrivez pourquoi" in _error(refused, "note") and _snapshot(filed) == before
    response = client.post(_url("approvals-ask", filed), {"demander_complement-note": "Quel retour ?"}, follow=True)
    assert ApprovalRequest.objects.get(pk=filed.pk).state == w.INFORMATION
    assert "Question envoyée au casino" in _text(response)


def test_the_ministry_adds_a_finding_of_its_own(lu, client):
    filed = _filed(lu)
    client.force_login(lu.regulator_lu)
    before = _snapshot(filed)
    refused = client.post(_url("approvals-finding", filed), {"constat-citation": "", "constat-severity": "bloquant",
                                                             "constat-message_fr": "Lecture à trancher"})
    assert "« citation » : un texte non vide est attendu." in _error(refused, "citation")
    assert _snapshot(filed) == before
    response = client.post(_url("approvals-finding", filed), {
        "constat-citation": "LU RGD 1979 art. 37-14", "constat-severity": "bloquant",
        "constat-message_fr": "Le brelan se paie « à », non « pour ».", "constat-found": "pour",
        "constat-required": "à"}, follow=True)
    added = RequestFinding.objects.get(request=filed, source="autorite")
    assert (added.severity, added.author, added.found, added.message_en) == (
        "bloquant", lu.regulator_lu, "pour", "Le brelan se paie « à », non « pour ».")
    authority = _text(response).split('data-testid="authority-findings"', 1)[1].split("</ul>", 1)[0]
    assert "LU RGD 1979 art. 37-14" in authority and "Le brelan se paie « à », non « pour »." in authority


def test_the_ministry_approves_from_a_date_no_earlier_than_the_filing(lu, client):
    filed = _filed(lu)
    client.force_login(lu.regulator_lu)
    before = _snapshot(filed)
    early = client.post(_url("approvals-decide", filed), {
        "decider-decision": "approuver", "decider-effective_from": str(lu.c.today() - datetime.timedelta(30))})
    assert "Une décision prend effet au plus tôt le jour du dépôt" in _error(early, "effective_from")
    assert _snapshot(filed) == before
    bad = client.post(_url("approvals-decide", filed), {"decider-decision": "approuver",
                                                         "decider-effective_from": "demain"})
    assert "Saisissez une date valide." in _error(bad, "effective_from") and _snapshot(filed) == before
    effective = lu.c.today() + datetime.timedelta(3)
    response = client.post(_url("approvals-decide", filed), {"decider-decision": "approuver",
                                                              "decider-effective_from": effective.isoformat(),
                                                              "decider-confirme": "1"}, follow=True)
    approved = ApprovalRequest.objects.get(pk=filed.pk)
    assert (approved.state, approved.effective_from, approved.decided_by) == (w.APPROVED, effective, lu.regulator_lu)
    page = _text(response)
    assert f"Décision portée à la demande {filed.reference} : approuvée." in page
    assert 'data-testid="effective-from"' in page and 'data-testid="form-revoquer"' in page


def test_the_decision_offers_the_acts_the_kind_s_power_gives(lu, client):
    """MC art. 1 « immédiatement notifiée à l'autorité concédante »: the authority acknowledges or objects; the
    change took effect on the date the casino declared, so no date is offered."""
    asked = lu.m.today() + datetime.timedelta(10)
    filed = _notice(lu, {**TRIPS_CHANGE, "date_effet": asked.isoformat()})
    assert filed.effective_from == asked
    client.force_login(lu.regulator_mc)
    form = _text(client.get(_url("approvals-detail", filed))).split('data-testid="form-decider"', 1)[1]
    form = form.split("</section>", 1)[0]
    assert 'value="accuser_reception"' in form and 'value="objecter"' in form and 'value="approuver"' not in form
    assert "checked" not in form  # no act chosen beforehand
    assert 'name="decider-effective_from"' not in form
    response = client.post(_url("approvals-decide", filed), {"decider-decision": "approuver"})
    assert "n&#x27;est pas un acte que le texte donne" in _error(response, "decision")
    client.post(_url("approvals-decide", filed), {"decider-decision": "accuser_reception", "decider-confirme": "1"})
    assert ApprovalRequest.objects.get(pk=filed.pk).state == w.ACKNOWLEDGED
    # an authorisation still offers its date, the casino's today by default
    client.force_login(lu.regulator_lu)
    form = _text(client.get(_url("approvals-detail", _filed(lu)))).split('data-testid="form-decider"', 1)[1]
    assert 'name="decider-effective_from"' in form and 'value="approuver_sous_conditions"' in form


def test_a_conditional_approval_needs_its_conditions_and_a_refusal_its_reason(lu, client):
    filed = _filed(lu)
    client.force_login(lu.regulator_lu)
    before = _snapshot(filed)
    refused = client.post(_url("approvals-decide", filed), {"decider-decision": "approuver_sous_conditions"})
    assert "se motive" in _error(refused, "conditions") and _snapshot(filed) == before
    refused = client.post(_url("approvals-decide", filed), {"decider-decision": "refuser", "decider-reason": ""})
    assert "se motive" in _error(refused, "reason") and _snapshot(filed) == before
    client.post(_url("approvals-decide", filed), {"decider-decision": "approuver_sous_conditions",
                                                  "decider-conditions": "Affichage de la table en salle",
                                                  "decider-confirme": "1"})
    decided = ApprovalRequest.objects.get(pk=filed.pk)
    assert (decided.state, decided.conditions) == (w.CONDITIONAL, "Affichage de la table en salle")
    page = _text(client.get(_url("approvals-detail", filed)))
    assert 'data-testid="conditions">Affichage de la table en salle<' in page


def test_the_ministry_revokes_an_approval(lu, client):
    approved = request_decide(actor=lu.regulator_lu, request=_filed(lu), decision="approuver")
    client.force_login(lu.regulator_lu)
    before = _snapshot(approved)
    refused = client.post(_url("approvals-revoke", approved), {"revoquer-note": ""})
    assert "se motive" in _error(refused, "note") and _snapshot(approved) == before
    asked = client.post(_url("approvals-revoke", approved), {"revoquer-note": "Table retirée"})
    assert 'data-testid="confirmation"' in _text(asked) and _snapshot(approved) == before
    client.post(_url("approvals-revoke", approved), {"revoquer-note": "Table retirée", "revoquer-confirme": "1"})
    assert ApprovalRequest.objects.get(pk=approved.pk).state == w.REVOKED


def test_a_decided_request_has_no_step_left_but_the_revocation(lu, client):
    refused = request_decide(actor=lu.regulator_lu, request=_filed(lu), decision="refuser", reason="Retour trop bas")
    client.force_login(lu.regulator_lu)
    assert 'data-testid="form-' not in _text(client.get(_url("approvals-detail", refused)))
    response = client.post(_url("approvals-ask", refused), {"demander_complement-note": "?"})
    assert "n&#x27;est pas possible" in re.search(r'data-testid="form-error">([^<]*)<',
                                                 response.content.decode()).group(1)


# --- the documents --------------------------------------------------------------------------------------------------


def test_a_document_is_downloaded_by_whoever_sees_the_request(lu, client):
    draft = _draft(lu, {"nom": "Lucky Ladies", "jeu_de_base": "Blackjack", "taux_retour": "0.95",
                        "conditions": "Mise maximale 50 €"}, kind="jeu_annexe")
    services.request_attach(actor=lu.manager_c, request=draft, item="regles", filename="règles du jeu.pdf",
                            content=b"%PDF-1.4 regles")
    filed = request_file(actor=lu.manager_c, request=draft)
    attachment = filed.attachments.get()
    url = _url("approvals-attachment", filed, pk=attachment.pk)
    for user in (lu.manager_c, lu.accountant_c, lu.regulator_lu):
        client.force_login(user)
        response = client.get(url)
        assert response.status_code == 200 and response.content == b"%PDF-1.4 regles"
        assert response["Content-Type"] == "application/pdf"
        assert response["Content-Disposition"].startswith("attachment;") and "r%C3%A8gles" in response[
            "Content-Disposition"]
        assert url in client.get(_url("approvals-detail", filed)).content.decode()
    assert client.get(_url("approvals-attachment", filed, pk=attachment.pk + 1)).status_code == 404
    for user in (lu.regulator_qc, lu.accountant_a):
        client.force_login(user)
        assert client.get(url).status_code == 404


def test_the_navigation_counts_what_waits_for_the_person(lu, client):
    _filed(lu)
    _filed(lu, {**SIDE_BET, "nom": "Lucky Ladies Progressive"})  # another request: the same one is filed once
    client.force_login(lu.regulator_lu)
    badge = re.search(r'data-testid="nav-count-approvals-list"[^>]*>(\d+)<',
                      client.get(reverse("approvals-list")).content.decode())
    assert badge and badge.group(1) == "2"
    client.force_login(lu.regulator_qc)
    assert 'data-testid="nav-count-approvals-list"' not in client.get(reverse("approvals-list")).content.decode()
    client.force_login(lu.manager_c)
    request_ask(actor=lu.regulator_lu, request=ApprovalRequest.objects.first(), question="Pourquoi ?")
    badge = re.search(r'data-testid="nav-count-approvals-list"[^>]*>(\d+)<',
                      client.get(reverse("approvals-list")).content.decode())
    assert badge and badge.group(1) == "1"  # the question to answer


def test_the_queue_counts_the_days_left_to_each_due_date_nearest_first(lu, client):
    today = lu.c.today()
    far = request_file(actor=lu.manager_c, request=_draft(lu, {
        "table": "TH-2", "date_arret": str(today + datetime.timedelta(40)), "motif": "Travaux"}, kind="arret_jackpot"))
    near = request_file(actor=lu.manager_c, request=_draft(lu, {
        "table": "TH-1", "date_arret": str(today + datetime.timedelta(3)), "motif": "Travaux"}, kind="arret_jackpot"))
    client.force_login(lu.regulator_lu)
    page = client.get(reverse("approvals-list")).content.decode()
    assert page.index(near.reference) < page.index(far.reference)
    assert re.findall(r'data-testid="days-left">([^<]*)<', page) == ["J-3", "J-40"]
