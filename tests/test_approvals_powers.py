"""The powers the texts give the authorities, and no other (compliance/approvals/kinds.py, workflow.py, letter.py):
each request kind says its power in the rule data, checked against its article's words (games/rules/validate.py); a
regulator's decision is the act that power gives; the letter names it and cites its article."""

import datetime
import shutil

import pytest
import yaml

from compliance.approvals import workflow as w
from compliance.approvals.errors import Code
from compliance.approvals.kinds import form_of
from compliance.approvals.models import WheelPublication
from compliance.approvals.services import request_create, request_decide, request_file, wheel_publish
from compliance.errors import DomainError
from games.rules.validate import POWER_WORDS, RULES_DIR, RulesInvalid, read_rules
from registers.kinds import RegisterKind
from registers.management.audit import audit
from tests.conftest import make_casino, make_user

WHEEL = "\n".join(("1 $ ; 24 ; 1 à 1", "2 $ ; 15 ; 2 à 1", "5 $ ; 7 ; 5 à 1", "10 $ ; 4 ; 10 à 1",
                   "20 $ ; 2 ; 20 à 1", "Joker ; 1 ; 40 à 1", "Logo ; 1 ; 40 à 1"))


def wheel_rows(text: str) -> dict[str, list[str]]:
    """The wheel's segments as its form's rows post them: one symbol, number of parts and odds a row."""
    cells = [[cell.strip() for cell in line.split(";")] for line in text.splitlines()]
    return {f"publier-segments-{column}": [row[i] for row in cells]
            for i, column in enumerate(("symbole", "parties", "cote"))}


def refused(call, code=None, field=None) -> DomainError:
    with pytest.raises(DomainError) as caught:
        call()
    if code is not None:
        assert caught.value.code == code, caught.value.message
    if field is not None:
        assert caught.value.field == field
    return caught.value


def test_rule_data_refuses_a_kind_claiming_an_authorisation_its_article_does_not_give(tmp_path):
    """« Le taux de retour pour la roue de fortune ne peut être inférieur à 75 % » (QC art. 122) gives no one the
    power to authorise: a kind claiming « autorisation » on it is refused, naming the words the text lacks."""
    root = tmp_path / "rules"
    shutil.copytree(RULES_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    path = root / "values" / "qc" / "approbations" / "roue_de_fortune.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["power"] = "autorisation"
    for version in data["values"].values():
        version["reference"]["article"] = "122"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RulesInvalid) as invalid:
        read_rules(root)
    (error,) = [str(e) for e in invalid.value.errors]
    assert "roue_de_fortune" in error and "« autorisation »" in error and "« agré »" in error
    del data["power"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RulesInvalid) as missing:
        read_rules(root)
    assert "pouvoir" in str(missing.value.errors[0])


def test_every_request_kind_states_a_power_its_article_holds(rules):
    """Each kind as the data has it: LU 49-16 « peuvent être autorisés », 49-17 « après agrément », 20-2 « modèle
    agréé », 16 « peut être autorisé », 18-1 « doit être informé au préalable », 49-11 « sous réserve d'en informer »,
    3-2 « la production de ce certificat », MC 1 « immédiatement notifiée », QC attendus « un avis de la Régie »."""
    powers = {}
    for path in sorted((RULES_DIR / "values").glob("*/approbations/*.yaml")):
        powers[path.stem + "." + path.parent.parent.name] = yaml.safe_load(path.read_text(encoding="utf-8"))["power"]
    assert powers == {
        "appareil_remis_a_neuf.lu": "autorisation", "arret_jackpot.lu": "notification",
        "etat_appareil.lu": "notification", "jeu_annexe.lu": "autorisation", "liaison_progressif.lu": "autorisation",
        "semi_automatique.lu": "autorisation", "systeme_cartes.lu": "production", "table_de_paiement.lu": "aucun",
        "tournoi.lu": "autorisation", "moyen_paiement.lu": "autorisation",
        "plaques_jetons_valeurs.lu": "autorisation", "cartes_melangeur.lu": "autorisation",
        "machine_bad_beat.lu": "autorisation", "arret_bad_beat.lu": "notification",
        "table_de_paiement.mc": "notification", "roue_de_fortune.qc": "publication",
        "table_de_paiement.qc": "avis", "tournoi.qc": "publication"}
    assert set(powers.values()) <= set(POWER_WORDS)


def test_qc_decret_1675_95_attendus_the_regie_gives_an_opinion_not_an_approval(world):
    """« conformément au second alinéa de l'article 13 de la Loi sur la Société des loteries du Québec, il a fait
    l'objet d'un avis de la Régie »: the Régie's act on a proposed change of the Règles is an opinion."""
    form = form_of("table_de_paiement", world.a, world.a.today())
    assert form.power == "avis" and form.citation == "QC D. 1675-95, attendus"
    draft = request_create(actor=world.manager_a, casino=world.a, kind="table_de_paiement", items={
        "table": "qc.fou.paire_dames", "paiements": {"3": "8 à 1"}, "date_effet": "2027-06-01", "motif": "Proposé"})
    proposal = request_file(actor=world.manager_a, request=draft)
    error = refused(lambda: request_decide(actor=world.regulator_qc, request=proposal, decision=w.APPROVE.name),
                    Code.STEP_NOT_ALLOWED, "decision")
    assert "acte" in str(error.message)
    refused(lambda: request_decide(actor=world.regulator_qc, request=proposal, decision=w.GIVE_UNFAVOURABLE.name),
            Code.NOTE_REQUIRED, "note")
    given = request_decide(actor=world.regulator_qc, request=proposal, decision=w.GIVE_UNFAVOURABLE.name,
                           reason="Retour réduit sans motif")
    assert given.state == w.UNFAVOURABLE and given.state_label == "Avis défavorable"
    (result,) = audit(casino_code=world.a.code, kind=RegisterKind.APPROBATIONS)
    assert result.findings == []  # the new states chain as the old ones do


def test_qc_decret_1675_95_the_opinion_letter_says_avis_and_cites_the_attendus(world):
    from compliance.reports import render
    from compliance.reports.services import report_generate

    draft = request_create(actor=world.manager_a, casino=world.a, kind="table_de_paiement", items={
        "table": "qc.fou.paire_dames", "paiements": {"3": "8 à 1"}, "date_effet": "2027-06-01", "motif": "Proposé"})
    given = request_decide(actor=world.regulator_qc, request=request_file(actor=world.manager_a, request=draft),
                           decision=w.GIVE_FAVOURABLE.name)
    source = render.source_of(bytes(report_generate(given.letter).pdf))
    assert source["decision"]["act"] == "Avis" and source["decision"]["power"] == "avis"
    assert "QC D. 1675-95, attendus" in source["decision"]["statement"]
    assert "un avis de la Régie" in source["decision"]["statement"] and "122" not in source["request"]["basis"]


def test_lu_rgd_art_37_14_pay_tables_fixed_by_the_regulation_are_not_filed_for_a_decision(world):
    """« Pour le TRIPS, les combinaisons gagnantes sont fixées comme suit »: the RGD fixes the table; no article
    gives the Minister the power to replace it, so no request is drafted."""
    manager = make_user("direction.c", "manager", casino=world.c)
    error = refused(lambda: request_create(actor=manager, casino=world.c, kind="table_de_paiement", items={}),
                    Code.KIND_NOT_HERE, "kind")
    assert "37-14 (projet)" in str(error.message) and "règlement" in str(error.message)


def test_mc_am_2007_668_art_1_the_autorite_concedante_acknowledges_or_objects(world):
    """« doit être immédiatement notifiée à l'autorité concédante »: a notice, not a request for approval."""
    casino = make_casino("casino-m", "MC")
    manager = make_user("direction.m", "manager", casino=casino)
    regulator = make_user("concedante.mc", "regulator", jurisdiction="MC")

    def notice():
        draft = request_create(actor=manager, casino=casino, kind="table_de_paiement", items={
            "table": "mc.uth.trips", "paiements": {"7": "4 POUR 1"}, "date_effet": casino.today().isoformat(),
            "motif": "Brelan"})
        return request_file(actor=manager, request=draft)

    first = notice()
    refused(lambda: request_decide(actor=regulator, request=first, decision=w.REFUSE.name, reason="Non"),
            Code.STEP_NOT_ALLOWED, "decision")
    assert request_decide(actor=regulator, request=first, decision=w.ACKNOWLEDGE.name).state == w.ACKNOWLEDGED
    second = notice()
    refused(lambda: request_decide(actor=regulator, request=second, decision=w.OBJECT.name), Code.NOTE_REQUIRED)
    objected = request_decide(actor=regulator, request=second, decision=w.OBJECT.name, reason="Retour trop bas")
    assert objected.state == w.OBJECTED and objected.effective_from == casino.today()  # in effect as declared
    from compliance.reports import render
    from compliance.reports.services import report_generate

    source = render.source_of(bytes(report_generate(objected.letter).pdf))
    assert source["authority"]["name"] == "Autorité concédante" and source["decision"]["act"] == "Objection"
    assert "MC AM 2007-668 art. 1" in source["decision"]["statement"]


def test_qc_rjc_art_120_the_wheel_is_published_on_a_public_page_dated_by_vigie(world, client):
    """« Le mode d'attribution des lots ainsi que les lots à gagner doivent être accessibles au public à chaque
    table de roue de fortune »: a publication anyone can read, its moment recorded by Vigie, not typed."""
    before = datetime.datetime.now(datetime.UTC)
    published = wheel_publish(actor=world.manager_a, casino=world.a, segments=WHEEL)
    assert before <= published.published_at <= datetime.datetime.now(datetime.UTC)
    assert published.citation.endswith("art. 120") and published.report["segments"] == 54
    page = client.get(f"/approbations/roue/public/{world.a.code}/")  # no login
    assert page.status_code == 200
    html = page.content.decode()
    assert "Joker" in html and "40 à 1" in html and "art. 120" in html and 'data-testid="published-at"' in html
    assert client.get(f"/approbations/roue/public/{world.c.code}/").status_code == 404  # no wheel in Luxembourg
    refused(lambda: wheel_publish(actor=world.accountant_a, casino=world.a, segments=WHEEL))
    assert WheelPublication.objects.count() == 1


def test_qc_rjc_art_120_the_management_publishes_the_wheel_from_its_form_refused_below_75_per_cent(world, client):
    """« Le taux de retour pour la roue de fortune ne peut être inférieur à 75 % » (art. 122): the form refuses the
    configuration under its field, naming the article; a valid one goes on the public page, dated by Vigie."""
    client.force_login(world.manager_a)
    assert 'data-testid="wheel-publish"' in client.get("/approbations/").content.decode()
    url = f"/approbations/roue/{world.a.code}/publier/"
    low = WHEEL.replace("Joker ; 1 ; 40 à 1", "Joker ; 1 ; 10 à 1")  # the joker returns 11/54
    refused_page = client.post(url, wheel_rows(low))
    assert refused_page.status_code == 200 and "122" in refused_page.content.decode()
    assert not WheelPublication.objects.exists()
    done = client.post(url, wheel_rows(WHEEL), follow=True)
    assert done.redirect_chain[-1][0] == f"/approbations/roue/public/{world.a.code}/"
    assert WheelPublication.objects.get().published_by == world.manager_a
    client.force_login(world.accountant_a)
    assert client.post(url, wheel_rows(WHEEL)).status_code == 403
    client.force_login(world.regulator_qc)
    assert client.get(url).status_code == 403  # a regulator publishes nothing for a casino


def test_qc_a_proposal_s_page_offers_the_regie_its_opinion_beside_the_table_in_force(world, client):
    """« il a fait l'objet d'un avis de la Régie »: the proposal's page shows the line proposed beside the line in
    force, and the Régie's form offers an opinion, favourable or not, with no date of effect."""
    draft = request_create(actor=world.manager_a, casino=world.a, kind="table_de_paiement", items={
        "table": "qc.fou.paire_dames", "paiements": {"3": "8 à 1"}, "date_effet": "2027-06-01", "motif": "Proposé"})
    proposal = request_file(actor=world.manager_a, request=draft)
    client.force_login(world.regulator_qc)
    page = client.get(f"/approbations/{proposal.reference}/").content.decode()
    assert 'data-line="3"' in page and "8 à 1" in page and "QC D. 1675-95, attendus" in page
    form = page.split('data-testid="form-decider"', 1)[1].split("</section>", 1)[0]
    assert 'value="avis_favorable"' in form and 'value="avis_defavorable"' in form
    assert 'value="approuver"' not in form and 'name="decider-effective_from"' not in form
    client.post(f"/approbations/{proposal.reference}/decider/", {"decider-decision": "avis_favorable",
                                                                  "decider-confirme": "1"})
    assert "Avis favorable" in client.get(f"/approbations/{proposal.reference}/").content.decode()
