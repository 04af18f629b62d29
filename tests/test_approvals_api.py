"""The approvals' API (compliance/approvals/api.py) for both sides: a pay-table change notified in Monaco, filed,
questioned, answered and acknowledged through it; a Luxembourg authorisation approved, conditioned, refused,
revoked; each refusal of the services with its code, its field and its message in French and in English, with
nothing changed; the documents; the scoping (another casino's staff, another jurisdiction's regulator get a 404, a
regulator never sees a draft); every answer as the OpenAPI schema documents it."""

import datetime

import jsonschema
import pytest
from django.urls import reverse
from django.utils import translation

from compliance.approvals import errors
from compliance.approvals import workflow as w
from compliance.approvals.models import ApprovalRequest, RequestAttachment, RequestFinding, RequestStep
from tests.conftest import api_client_for, lu_today, make_casino, make_user
from tests.test_api_schema import json_schema, schema  # noqa: F401  (the schema, a fixture of that module)

A = "/api/v1/approvals/"
SEMI_AUTOMATIC = {"marques": "Interblock", "taux_redistribution": "0.955", "deroulement": "Roulette automatique",
                  "role_employes": "Un croupier surveille", "moyens_paiement": "Cartes de jeu"}


def trips_change(**changes) -> dict:
    """MC AM 2007-668 art. 1: a change of the payouts, notified to the autorité concédante."""
    return {"table": "mc.uth.trips", "paiements": {"7": "2 pour 1"},
            "date_effet": (lu_today() + datetime.timedelta(days=30)).isoformat(), "motif": "Brelan payé 2 pour 1",
            **changes}


def link(**changes) -> dict:
    """LU RGD 1979 art. 16: a progressive jackpot linked between casinos, « peut être autorisé par le Ministre »."""
    return {"casinos": ["casino-c", "casino-d"], "appareils": "M-1 et M-2", "parametres": "Départ 10 000 €, 1 %",
            **changes}


@pytest.fixture
def lu(world):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.manager = api_client_for(world.manager_c)
    world.ministry = api_client_for(world.regulator_lu)
    world.m = make_casino("casino-m", "MC")
    world.manager_m = make_user("direction.m", "manager", casino=world.m)
    world.monaco = api_client_for(world.manager_m)
    world.concedante = api_client_for(make_user("concedante.mc", "regulator", jurisdiction="MC"))
    return world


def url(name: str, reference: str | None = None, **kwargs) -> str:
    return reverse(f"api-approvals-{name}", kwargs={"reference": reference, **kwargs} if reference else None)


def refused(response, status: int, code: str, field: str | None = None) -> dict:
    body = response.json()
    assert (response.status_code, body["code"]) == (status, code), body
    assert list(body["field_errors"]) == ([field] if field else []), body
    return body


def snapshot() -> tuple:
    """Everything a call could change: a refused one changes none of it."""
    return (list(ApprovalRequest.objects.order_by("pk").values_list("pk", "state", "items", "decided_by",
                                                                    "effective_from")),
            RequestStep.objects.count(), RequestFinding.objects.count(), RequestAttachment.objects.count())


def drafted(world, items=None, kind="liaison_progressif") -> dict:
    response = world.manager.post(A, {"casino": world.c.code, "kind": kind, "items": items or link(),
                                      "title": ""}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def notified(world, items=None) -> dict:
    response = world.monaco.post(A, {"casino": world.m.code, "kind": "table_de_paiement",
                                     "items": items or trips_change(), "title": ""}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def filed(world, items=None) -> dict:
    reference = drafted(world, items)["reference"]
    response = world.manager.post(url("file", reference))
    assert response.status_code == 200, response.json()
    return response.json()


def in_english(message, **params) -> str:
    with translation.override("en"):
        return str(message).format(**params)


# --- the flow -----------------------------------------------------------------------------------------------------


def test_mc_art_1_a_pay_table_change_notified_filed_questioned_answered_and_acknowledged_through_the_api(lu, schema):  # noqa: F811
    """« Toute modification des combinaisons et (ou) des paiements doit être immédiatement notifiée à l'autorité
    concédante »: the casino notifies, the autorité concédante asks, acknowledges or objects; no approval."""
    draft = notified(lu)
    reference = draft["reference"]
    assert reference.startswith("CASINO-M-") and draft["state"] == w.DRAFT and draft["items"] == trips_change()
    assert draft["next_actor"] == w.CASINO and [a["transition"] for a in draft["allowed"]] == ["deposer", "retirer"]
    assert [item["key"] for item in draft["form"]] == ["table", "paiements", "date_effet", "motif"]
    assert draft["citation"] == "MC AM 2007-668 art. 1"
    assert draft["kind_label"] == "Table de paiement : proposition ou notification"
    assert conforms(schema, "post", A, "201", draft)
    # a draft is the casino's own: the ministry neither lists it nor reads it
    assert lu.concedante.get(url("detail", reference)).status_code == 404
    assert lu.concedante.get(A).json() == [] and lu.concedante.get(url("inbox")).json() == []
    assert [row["reference"] for row in lu.monaco.get(url("inbox")).json()] == [reference]

    filed_ = lu.monaco.post(url("file", reference)).json()
    assert filed_["state"] == w.REVIEW and filed_["next_actor"] == w.REGULATOR and filed_["filed_at"]
    assert [(s["transition"], s["from_state"], s["to_state"], s["actor"]) for s in filed_["steps"]] == [
        ("deposer", w.DRAFT, w.FILED, "direction.m"), ("controler", w.FILED, w.CHECKING, "vigie-automate"),
        ("examiner", w.CHECKING, w.REVIEW, "vigie-automate")]
    assert [s["entry"] for s in filed_["steps"]] == [1, 2, 3]  # the casino's register of approvals
    findings = {f["code"]: f for f in filed_["findings"]}
    assert findings["retour"]["severity"] == "information" and findings["lecture"]["severity"] == "avertissement"
    assert findings["retour"]["found"] != findings["retour"]["required"] and findings["retour"]["citation"]
    assert findings["retour"]["message_fr"].startswith("Taux de retour") and findings["retour"]["message_en"]
    assert [a["transition"] for a in filed_["allowed"]] == ["retirer"]  # the casino waits: it may only withdraw
    assert conforms(schema, "post", A + "{reference}/file/", "200", filed_)

    (row,) = lu.concedante.get(url("inbox")).json()
    assert (row["reference"], row["state"], row["next_actor"], row["age_days"], row["blocking"]) == (
        reference, w.REVIEW, w.REGULATOR, 0, 0)
    assert row["due_on"] == trips_change()["date_effet"] and row["last_step"] == "examiner"
    assert conforms(schema, "get", url("inbox"), "200", [row])
    assert [r["reference"] for r in lu.concedante.get(A, {"state": w.REVIEW}).json()] == [reference]
    assert lu.concedante.get(A, {"state": w.ACKNOWLEDGED}).json() == []
    seen = lu.concedante.get(url("detail", reference)).json()
    assert [a["transition"] for a in seen["allowed"]] == ["demander_complement", "accuser_reception", "objecter"]
    assert conforms(schema, "get", A + "{reference}/", "200", seen)

    asked = lu.concedante.post(url("ask", reference), {"question": "Quel effet sur le retour ?"}, format="json")
    assert asked.status_code == 200 and asked.json()["state"] == w.INFORMATION
    assert asked.json()["steps"][-1]["note"] == "Quel effet sur le retour ?"
    assert lu.concedante.get(url("inbox")).json() == []
    assert [r["reference"] for r in lu.monaco.get(url("inbox")).json()] == [reference]

    answered = lu.monaco.post(url("answer", reference), {"answer": "Voir le calcul joint",
                                                          "items": {"paiements": {"7": "3 pour 1"}}}, format="json")
    assert answered.status_code == 200, answered.json()
    answered = answered.json()
    assert answered["state"] == w.REVIEW and answered["steps"][-1]["items"] == {"paiements": {"7": "3 pour 1"}}
    assert {f["run"] for f in answered["findings"]} == {2} and {f["run"] for f in answered["earlier_findings"]} == {1}
    assert answered["items"] == trips_change()  # what was filed stays as filed

    effective = trips_change()["date_effet"]  # as the casino declared it, from the filing
    refused(lu.concedante.post(url("decide", reference), {"decision": "approuver"}, format="json"), 400,
            "step_not_allowed", "decision")
    decided = lu.concedante.post(url("decide", reference), {"decision": "accuser_reception"}, format="json")
    assert decided.status_code == 200, decided.json()
    decided = decided.json()
    assert (decided["state"], decided["decided_by"], decided["effective_from"], decided["next_actor"]) == (
        w.ACKNOWLEDGED, "concedante.mc", effective, None)
    assert [s["transition"] for s in decided["steps"]][-3:] == ["demander_complement", "repondre",
                                                                "accuser_reception"]
    assert decided["allowed"] == []
    assert conforms(schema, "post", A + "{reference}/decide/", "200", decided)
    assert [r["state"] for r in lu.monaco.get(A).json()] == [w.ACKNOWLEDGED]


def conforms(schema, method: str, path: str, status: str, body) -> bool:  # noqa: F811
    """Whether `body` is the answer `status` of `method` on `path` as the schema documents it."""
    node = schema["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]
    jsonschema.validate(body, json_schema(schema, node), format_checker=jsonschema.FormatChecker())
    return True


def test_the_kinds_of_the_casino_s_jurisdiction_with_their_items_and_article(lu, schema):  # noqa: F811
    kinds = lu.manager.get(url("kinds"), {"casino": lu.c.code})
    assert kinds.status_code == 200
    by_key = {kind["key"]: kind for kind in kinds.json()}
    assert "roue_de_fortune" not in by_key  # a wheel is Québec's
    assert "table_de_paiement" not in by_key  # LU 37-14: the RGD fixes the tables, no request changes them
    assert "49-16" in by_key["jeu_annexe"]["citation"]
    paytable = {kind["key"]: kind for kind in lu.monaco.get(url("kinds"), {"casino": lu.m.code}).json()}[
        "table_de_paiement"]
    assert [(i["key"], i["type"]) for i in paytable["items"]] == [("table", "paytable"), ("paiements", "payouts"),
                                                                  ("date_effet", "date"), ("motif", "longtext")]
    assert paytable["items"][3]["label_fr"] == "Motif du changement"
    assert paytable["items"][3]["label_en"] == "Reason for the change"
    assert paytable["citation"] == "MC AM 2007-668 art. 1" and paytable["subject"] == "table"
    assert by_key["arret_jackpot"]["notice"] is True
    assert conforms(schema, "get", url("kinds"), "200", kinds.json())
    assert lu.ministry.get(url("kinds"), {"casino": lu.c.code}).json() == kinds.json()
    for outsider in (lu.regulator_qc, lu.accountant_a):
        refused(api_client_for(outsider).get(url("kinds"), {"casino": lu.c.code}), 404, "not_found")
    refused(lu.manager.get(url("kinds")), 400, "required", "casino")


# --- the refusals, each with its code, its field and its message ----------------------------------------------------


def test_a_filing_missing_an_item_names_it_in_french_and_in_english_and_stays_a_draft(lu):
    draft = drafted(lu, {k: v for k, v in link().items() if k != "parametres"})
    reference = draft["reference"]
    before = snapshot()
    french = refused(lu.manager.post(url("file", reference)), 400, "item_missing", "parametres")
    assert "Montant de départ, incréments et affichage" in french["message"] and "art. 16" in french["message"]
    assert french["field_errors"] == {"parametres": [french["message"]]}
    english = refused(lu.manager.post(url("file", reference), HTTP_ACCEPT_LANGUAGE="en"), 400, "item_missing",
                      "parametres")
    assert english["message"] == in_english(errors.ITEM_MISSING, item="Montant de départ, incréments et affichage",
                                            citation=draft["citation"])
    assert snapshot() == before and ApprovalRequest.objects.get(reference=reference).state == w.DRAFT


def test_a_draft_by_anyone_but_the_casino_s_management_is_refused(lu):
    before = snapshot()
    body = {"casino": lu.c.code, "kind": "liaison_progressif", "items": link()}
    french = refused(api_client_for(lu.accountant_c).post(A, body, format="json"), 403, "not_a_manager")
    assert french["message"] == str(errors.NOT_A_MANAGER)
    english = refused(api_client_for(lu.accountant_c).post(A, body, format="json", HTTP_ACCEPT_LANGUAGE="en"), 403,
                      "not_a_manager")
    assert english["message"] == in_english(errors.NOT_A_MANAGER)
    refused(lu.ministry.post(A, body, format="json"), 403, "not_your_side")
    refused(api_client_for(lu.manager_a).post(A, body, format="json"), 404, "not_found")  # casino C is not theirs
    assert snapshot() == before


@pytest.mark.parametrize(("items", "kind", "code", "field"), [
    ({"couleur": "rouge"}, "table_de_paiement", "item_unknown", "couleur"),
    ({"date_effet": "demain"}, "table_de_paiement", "item_invalid", "date_effet"),
    ({"table": "lu.uth.trips"}, "table_de_paiement", "item_invalid", "table"),  # another jurisdiction's
    ({"paiements": {"7": "gratuit"}}, "table_de_paiement", "item_invalid", "paiements"),
    # U+0000 is refused for every request before the service (compliance/middleware.py), named by its whole path
    ({"motif": "Brelan\x00payé"}, "table_de_paiement", "unprintable", "items.motif"),
    ({"paiements": {"7\u202e": "2 pour 1"}}, "table_de_paiement", "unprintable", "paiements"),
    ({}, "roue_de_fortune", "kind_not_here", "kind"),  # Québec's
    ({}, "jeu_annexe", "kind_not_here", "kind"),  # Luxembourg's
    ([], "table_de_paiement", "item_invalid", "items"),
])
def test_a_draft_of_the_wrong_form_is_refused_under_the_item_s_key(lu, items, kind, code, field):
    before = snapshot()
    response = lu.monaco.post(A, {"casino": lu.m.code, "kind": kind, "items": items}, format="json")
    refused(response, 400, code, field)
    assert snapshot() == before


def test_each_side_takes_its_own_steps_only_when_the_state_allows_them(lu):
    reference = filed(lu)["reference"]
    before = snapshot()
    refused(lu.manager.post(url("file", reference)), 400, "step_not_allowed", "state")
    refused(lu.manager.post(url("answer", reference), {"answer": "Autre chose"}, format="json"), 400,
            "step_not_allowed", "state")
    refused(lu.manager.post(url("decide", reference), {"decision": "approuver"}, format="json"), 403,
            "not_your_side")
    refused(lu.ministry.post(url("file", reference)), 403, "not_your_side")
    refused(lu.ministry.post(url("withdraw", reference), {"reason": "Non"}, format="json"), 403, "not_your_side")
    refused(api_client_for(lu.accountant_c).post(url("withdraw", reference), {"reason": "Non"}, format="json"), 403,
            "not_a_manager")
    refused(lu.manager.post(url("findings", reference), {"citation": "art. 1", "severity": "information",
                                                         "message_fr": "x"}, format="json"), 403, "not_your_side")
    english = refused(lu.manager.post(url("file", reference), HTTP_ACCEPT_LANGUAGE="en"), 400, "step_not_allowed",
                      "state")
    with translation.override("en"):
        state = str(ApprovalRequest.objects.get(reference=reference).state_label)
    assert english["message"] == in_english(errors.STEP_NOT_ALLOWED, reference=reference, state=state,
                                            step="deposer")
    assert snapshot() == before
    lu.ministry.post(url("ask", reference), {"question": "Le calcul ?"}, format="json")
    before = snapshot()
    refused(lu.ministry.post(url("decide", reference), {"decision": "approuver"}, format="json"), 400,
            "step_not_allowed", "state")
    assert snapshot() == before


@pytest.mark.parametrize(("path", "body", "field"), [
    ("ask", {"question": "  "}, "question"),
    ("ask", {}, "question"),
    ("decide", {"decision": "refuser"}, "reason"),
    ("decide", {"decision": "approuver_sous_conditions", "reason": "Oui"}, "conditions"),
])
def test_a_step_that_says_why_is_refused_blank_under_its_body_s_field(lu, path, body, field):
    reference = filed(lu)["reference"]
    before = snapshot()
    french = refused(lu.ministry.post(url(path, reference), body, format="json"), 400, "note_required", field)
    english = refused(lu.ministry.post(url(path, reference), body, format="json", HTTP_ACCEPT_LANGUAGE="en"), 400,
                      "note_required", field)
    step = "demander_complement" if path == "ask" else body["decision"]
    assert french["message"] == str(errors.NOTE_REQUIRED).format(step=step)
    assert english["message"] == in_english(errors.NOTE_REQUIRED, step=step)
    assert snapshot() == before


def test_the_casino_withdraws_saying_why_and_the_ministry_revokes_saying_why(lu):
    reference = filed(lu)["reference"]
    refused(lu.manager.post(url("withdraw", reference), {"reason": ""}, format="json"), 400, "note_required",
            "reason")
    withdrawn = lu.manager.post(url("withdraw", reference), {"reason": "Projet abandonné"}, format="json")
    assert withdrawn.status_code == 200 and withdrawn.json()["state"] == w.WITHDRAWN
    refused(lu.ministry.post(url("decide", reference), {"decision": "approuver"}, format="json"), 400,
            "step_not_allowed", "state")

    reference = filed(lu)["reference"]
    approved = lu.ministry.post(url("decide", reference), {"decision": "approuver_sous_conditions",
                                                           "conditions": "Affichage à chaque poste"}, format="json")
    assert approved.json()["state"] == w.CONDITIONAL and approved.json()["conditions"] == "Affichage à chaque poste"
    before = snapshot()
    refused(lu.ministry.post(url("revoke", reference), {}, format="json"), 400, "note_required", "reason")
    refused(lu.manager.post(url("revoke", reference), {"reason": "Non"}, format="json"), 403, "not_your_side")
    assert snapshot() == before
    revoked = lu.ministry.post(url("revoke", reference), {"reason": "Table retirée"}, format="json")
    assert revoked.status_code == 200 and revoked.json()["state"] == w.REVOKED and revoked.json()["ended_on"]


def test_a_decision_takes_effect_no_earlier_than_the_filing_and_is_one_of_three(lu):
    reference = filed(lu)["reference"]
    before = snapshot()
    early = (lu_today() - datetime.timedelta(days=30)).isoformat()
    refused(lu.ministry.post(url("decide", reference), {"decision": "approuver", "effective_from": early},
                             format="json"), 400, "effective_date", "effective_from")
    refused(lu.ministry.post(url("decide", reference), {"decision": "approuver", "effective_from": "20260101"},
                             format="json"), 400, "effective_date", "effective_from")
    refused(lu.ministry.post(url("decide", reference), {"decision": "revoquer"}, format="json"), 400,
            "step_not_allowed", "decision")
    assert snapshot() == before


def test_the_ministry_adds_findings_of_its_own(lu, schema):  # noqa: F811
    reference = filed(lu)["reference"]
    added = lu.ministry.post(url("findings", reference), {
        "citation": "LU RGD 1979 art. 49-16", "severity": "avertissement", "message_fr": "Lecture « pour » retenue",
        "found": "à", "required": "pour"}, format="json")
    assert added.status_code == 201, added.json()
    assert (added.json()["source"], added.json()["author"], added.json()["message_en"]) == (
        "autorite", "ministere.lu", "Lecture « pour » retenue")
    assert conforms(schema, "post", A + "{reference}/findings/", "201", added.json())
    (shown,) = [f for f in lu.manager.get(url("detail", reference)).json()["findings"] if f["source"] == "autorite"]
    assert (shown["citation"], shown["run"], shown["id"]) == ("LU RGD 1979 art. 49-16", 0, added.json()["id"])
    before = snapshot()
    refused(lu.ministry.post(url("findings", reference), {"citation": "x", "severity": "grave", "message_fr": "x"},
                             format="json"), 400, "item_invalid", "severity")
    refused(lu.ministry.post(url("findings", reference), {"citation": "x", "severity": "information",
                                                          "message_fr": " "}, format="json"), 400, "required",
            "message_fr")
    assert snapshot() == before


# --- documents ------------------------------------------------------------------------------------------------------


def test_a_document_is_attached_to_a_draft_read_back_whole_and_refused_once_filed(lu, schema):  # noqa: F811
    from django.core.files.uploadedfile import SimpleUploadedFile

    reference = drafted(lu, SEMI_AUTOMATIC, kind="semi_automatique")["reference"]
    refused(lu.manager.post(url("file", reference)), 400, "item_missing", "presentation_technique")
    content = b"%PDF-1.4 modele"
    attached = lu.manager.post(url("attach", reference), {
        "item": "presentation_technique", "file": SimpleUploadedFile("modele.pdf", content)}, format="multipart")
    assert attached.status_code == 201, attached.json()
    document = attached.json()
    assert (document["item"], document["filename"], document["size"]) == ("presentation_technique", "modele.pdf", 15)
    assert len(document["sha256"]) == 64 and document["uploaded_by"] == "direction.c"
    assert conforms(schema, "post", A + "{reference}/attachments/", "201", document)
    read = lu.manager.get(document["url"])
    assert read.status_code == 200 and read["Content-Type"] == "application/octet-stream"
    assert b"".join(read.streaming_content if read.streaming else [read.content]) == content
    assert "modele.pdf" in read["Content-Disposition"]
    assert [a["id"] for a in lu.manager.get(url("detail", reference)).json()["attachments"]] == [document["id"]]

    before = snapshot()
    refused(lu.manager.post(url("attach", reference), {"item": "marques", "file": SimpleUploadedFile("a.pdf", b"x")},
                            format="multipart"), 400, "item_unknown", "item")
    refused(lu.manager.post(url("attach", reference), {"item": "presentation_technique"}, format="multipart"), 400,
            "required", "file")
    refused(lu.manager.post(url("attach", reference), {"item": "presentation_technique"}, format="json"), 415,
            "unsupported_media_type")
    refused(api_client_for(lu.accountant_c).post(url("attach", reference), {
        "item": "presentation_technique", "file": SimpleUploadedFile("a.pdf", b"x")}, format="multipart"), 403,
        "not_a_manager")
    assert snapshot() == before

    lu.manager.post(url("attach", reference), {"item": "certification_etat",
                                               "file": SimpleUploadedFile("neuf.pdf", b"%PDF-1.4 neuf")},
                    format="multipart")
    assert lu.manager.post(url("file", reference)).json()["state"] == w.REVIEW
    before = snapshot()
    refused(lu.manager.post(url("attach", reference), {"item": "presentation_technique",
                                                       "file": SimpleUploadedFile("b.pdf", b"y")},
                            format="multipart"), 400, "step_not_allowed", "item")
    assert snapshot() == before
    assert lu.ministry.get(document["url"]).content == content  # the ministry reads the documents filed
    refused(lu.manager.get(url("attachment", reference, pk=10**6)), 404, "not_found")


# --- scoping --------------------------------------------------------------------------------------------------------


def test_another_casino_s_staff_and_another_jurisdiction_s_regulator_get_a_404_and_change_nothing(lu):
    reference = filed(lu)["reference"]
    lu.manager.post(url("attach", reference), {"item": "x"}, format="multipart")  # refused: nothing attached
    for outsider in (lu.accountant_a, lu.manager_a, lu.accountant_b, lu.regulator_qc):
        api = api_client_for(outsider)
        before = snapshot()
        refused(api.get(url("detail", reference)), 404, "not_found")
        for name, body in (("file", None), ("ask", {"question": "?"}), ("answer", {"answer": "!"}),
                           ("withdraw", {"reason": "."}), ("decide", {"decision": "approuver"}),
                           ("revoke", {"reason": "."}), ("findings", {"citation": "x", "severity": "information",
                                                                        "message_fr": "x"})):
            refused(api.post(url(name, reference), body, format="json"), 404, "not_found")
        refused(api.post(url("attach", reference), {"item": "x"}, format="multipart"), 404, "not_found")
        assert reference not in {row["reference"] for row in api.get(A).json()}
        assert reference not in {row["reference"] for row in api.get(url("inbox")).json()}
        assert snapshot() == before
    assert api_client_for(lu.accountant_c).get(url("detail", reference)).status_code == 200  # its casino's staff read
    assert api_client_for(lu.accountant_c).get(url("detail", reference)).json()["allowed"] == []


def test_the_service_refuses_a_regulator_outside_its_jurisdiction_should_the_scoping_let_one_through(lu, monkeypatch):
    """Defence in depth: the API never finds another jurisdiction's request for a regulator (a 404, above); were it
    to, the service refuses the step with `outside_jurisdiction`, and the API answers it."""
    from compliance.approvals import selectors

    reference = filed(lu)["reference"]
    found = ApprovalRequest.objects.get(reference=reference)
    monkeypatch.setattr(selectors, "request_get", lambda user, ref: found if ref == reference else None)
    before = snapshot()
    body = refused(api_client_for(lu.regulator_qc).post(url("decide", reference), {"decision": "approuver"},
                                                        format="json"), 403, "outside_jurisdiction")
    assert body["message"] == str(errors.OUTSIDE_JURISDICTION).format(jurisdiction="LU")
    assert snapshot() == before


def test_a_list_filtered_by_an_unknown_state_is_refused(lu):
    refused(lu.manager.get(A, {"state": "perdue"}), 400, "unknown_state", "state")
    assert lu.manager.get(A, {"state": w.DRAFT}).json() == []
    assert api_client_for(lu.accountant_c).get(url("inbox")).json() == []  # nothing waits for an accountant


# --- the schema -----------------------------------------------------------------------------------------------------


def test_the_schema_documents_every_operation_of_both_sides(schema):  # noqa: F811
    paths = {path: set(methods) - {"parameters"} for path, methods in schema["paths"].items() if path.startswith(A)}
    assert paths == {
        A: {"get", "post"}, A + "inbox/": {"get"}, A + "kinds/": {"get"}, A + "{reference}/": {"get"},
        A + "{reference}/attachments/": {"post"}, A + "{reference}/attachments/{id}/": {"get"},
        **{A + "{reference}/" + step + "/": {"post"}
           for step in ("file", "ask", "answer", "withdraw", "findings", "decide", "revoke")}}
    for path, methods in paths.items():
        for method in methods:
            responses = schema["paths"][path][method]["responses"]
            assert {"401", "403", "404", "429"} <= set(responses), (path, method)
    document = schema["paths"][A + "{reference}/attachments/{id}/"]["get"]["responses"]["200"]["content"]
    assert list(document) == ["application/octet-stream"]
    components = schema["components"]["schemas"]
    for name in ("ApprovalOutput", "ApprovalRowOutput", "ApprovalKindOutput", "ApprovalFindingOutput",
                 "ApprovalStepOutput", "ApprovalAttachmentOutput", "ApprovalCreateInput", "ApprovalDecideInput"):
        assert name in components, name
    kinds = schema["paths"][A + "kinds/"]["get"]["parameters"]
    assert [(p["name"], p["required"]) for p in kinds if p["in"] == "query"] == [("casino", True)]


def test_a_decided_request_gives_its_signed_letter(world):
    from compliance.approvals.services import request_create, request_decide, request_file
    from compliance.reports.services import report_generate
    from tests.conftest import api_client_for, make_user

    manager = make_user("direction.c9", "manager", casino=world.c)
    draft = request_create(actor=manager, casino=world.c, kind="liaison_progressif", items={
        "casinos": ["casino-c"], "appareils": "M-1", "parametres": "Départ 10 000 €"})
    decided = request_decide(actor=world.regulator_lu, request=request_file(actor=manager, request=draft),
                             decision="refuser", reason="Retour trop bas")
    url = f"/api/v1/approvals/{decided.reference}/"
    pending = api_client_for(manager).get(url).json()["letter"]
    assert pending["status"] == "pending" and pending["url"] is None
    report_generate(decided.letter)
    signed = api_client_for(world.regulator_lu).get(url).json()["letter"]
    assert signed["status"] == "succeeded" and len(signed["sha256"]) == 64
    from django.test import Client

    browser = Client()
    browser.force_login(manager)  # the letter downloads from the reports' page, as every signed report does
    assert browser.get(signed["url"]).getvalue().startswith(b"%PDF")
