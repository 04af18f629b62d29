"""The authorisation and notice kinds the LU draft (« projet » amending the RGD of 12 February 1979) adds (issue 39,
point 2), each named after its article and quoting it: another means of payment approved by the Minister (art. 62
al. 2 d), 3 al. 1, 16, 20-1 al. 2), value plaques and chips (37-1 al. 8), cards approved for the shufflers (7-1 al.
2), the bad beat's table machine (49-13 al. 5) and the bad beat's voluntary stop told to the Minister (49-14 al. 2).
Each kind's items and power are rule data (games/rules/values/lu/approbations/), read on the day of filing."""

import datetime
import json

import pytest

from compliance.approvals import workflow as w
from compliance.approvals.errors import Code
from compliance.approvals.kinds import AUTHORISATION, NOTICE, form_of
from compliance.approvals.services import request_attach, request_create, request_decide, request_file
from compliance.errors import DomainError
from registers.management.audit import audit
from registers.poker.services import bad_beat_notice
from tests.conftest import make_user
from tests.test_lu_49_house_rules import open_bad_beat, record_house_rules


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _refused(call, code, field):
    with pytest.raises(DomainError) as caught:
        call()
    assert (caught.value.code, caught.value.field) == (code, field), caught.value.message
    return caught.value


def _filed(lu, kind: str, items: dict, files: tuple = ()):
    draft = request_create(actor=lu.manager_c, casino=lu.c, kind=kind, items=items)
    for item in files:
        request_attach(actor=lu.manager_c, request=draft, item=item, filename=f"{item}.pdf", content=b"%PDF-1.4")
    return request_file(actor=lu.manager_c, request=draft)


def test_lu_rgd_art_62_al_2_d_another_means_of_payment_is_filed_for_the_minister_s_approval(lu):
    """Art. 62 al. 2 as the draft replaces it: « Les sommes mises sont représentées : [...] d) par d'autres moyens de
    paiement agréés par le Ministre des Finances. » (and art. 3 al. 1: « émis par le casino et agréés par le Ministre
    des Finances »): an authorisation, its description required, decided by the ministry."""
    form = form_of("moyen_paiement", lu.c, lu.c.today())
    assert form.power == AUTHORISATION and "62" in form.citation and "al. 2 d)" in form.citation
    items = {"moyen": "Tickets TITO", "emetteur": "Casino C", "jeux": "Appareils à sous",
             "accepteurs": "Lecteurs de tickets"}
    draft = request_create(actor=lu.manager_c, casino=lu.c, kind="moyen_paiement", items=items)
    assert draft.subject == "Tickets TITO"
    _refused(lambda: request_file(actor=lu.manager_c, request=draft), Code.ITEM_MISSING, "description")
    request = _filed(lu, "moyen_paiement", items, files=("description",))
    approved = request_decide(actor=lu.regulator_lu, request=request, decision=w.APPROVE.name)
    assert approved.state == w.APPROVED


def test_lu_rgd_art_37_1_al_8_value_plaques_and_chips_are_filed_for_authorisation(lu):
    """Art. 37-1 al. 8, second sentence, as the draft replaces it: « L'utilisation de plaques et de jetons de valeurs
    peut être autorisée par le Ministre des Finances. »: the casino names the game and the values (the rest of the
    article is not in the draft)."""
    form = form_of("plaques_jetons_valeurs", lu.c, lu.c.today())
    assert form.power == AUTHORISATION and "37-1" in form.citation
    assert [item.key for item in form.items] == ["jeu", "valeurs", "fabricant", "specimens"]
    draft = request_create(actor=lu.manager_c, casino=lu.c, kind="plaques_jetons_valeurs",
                           items={"jeu": "Roulette R-1", "fabricant": "GPI"})
    _refused(lambda: request_file(actor=lu.manager_c, request=draft), Code.ITEM_MISSING, "valeurs")


def test_lu_rgd_art_7_1_al_2_cards_approved_for_shufflers_also_serve_manual_games(lu):
    """Art. 7-1 al. 2: « Les cartes agréées pour les mélangeurs-distributeurs le sont également pour les jeux conduits
    manuellement. »: the request names the cards and the shuffler, and its check says the approval covers the manual
    games too, citing the article."""
    request = _filed(lu, "cartes_melangeur", {"cartes": "Copag bleu uni", "melangeur": "Shuffle Master MD3",
                                              "tables": "BJ-1"}, files=("fiche",))
    (finding,) = request.findings.all()
    assert finding.code == "jeux_manuels" and finding.severity == "information" and "7-1" in finding.citation
    assert "jeux conduits manuellement" in finding.message_fr and "Copag bleu uni" in finding.message_fr
    assert request.subject == "Copag bleu uni"


def test_lu_rgd_art_49_13_al_5_the_bad_beat_table_machine_is_filed_for_approval(lu):
    """Art. 49-13 al. 5: « Il sera fait usage, pour chaque table de jeux, d'une machine automatique agréée qui permet
    au croupier de procéder à l'enregistrement automatisé et global de la retenue au profit de la cagnotte et de celle
    au profit du bad beat jackpot. »: an approval, with what al. 7 says the machine records."""
    form = form_of("machine_bad_beat", lu.c, lu.c.today())
    assert form.power == AUTHORISATION and "49-13" in form.citation
    draft = request_create(actor=lu.manager_c, casino=lu.c, kind="machine_bad_beat", items={
        "machine": "PT-200", "tables": "TH-1", "reseau": "Serveur du casino"})
    _refused(lambda: request_file(actor=lu.manager_c, request=draft), Code.ITEM_MISSING, "tracabilite")


def test_lu_rgd_art_49_14_al_2_a_bad_beat_stop_announced_less_than_15_days_ahead_is_flagged(lu):
    """Art. 49-14 al. 2: « Un arrêt volontaire du bad beat jackpot peut intervenir à tout moment sous réserve d'en
    informer le Ministre des Finances dans les quinze jours qui précèdent. »: a notice (in effect as the casino
    declared it, acknowledged or objected to), the days read from lu.bad_beat_jackpot.preavis_arret_volontaire."""
    form = form_of("arret_bad_beat", lu.c, lu.c.today())
    assert form.power == NOTICE and "49-14" in form.citation
    today = lu.c.today()
    short = _filed(lu, "arret_bad_beat", {"table": "TH-1 bad beat", "motif": "Travaux",
                                          "date_arret": str(today + datetime.timedelta(14))})
    (finding,) = short.findings.all()
    assert (finding.severity, finding.found, finding.required) == ("bloquant", "14", "15")
    assert "49-14" in finding.citation
    ahead = _filed(lu, "arret_bad_beat", {"table": "TH-2 bad beat", "motif": "Travaux",
                                          "date_arret": str(today + datetime.timedelta(15))})
    assert ahead.findings.get().severity == "information"
    acknowledged = request_decide(actor=lu.regulator_lu, request=ahead, decision=w.ACKNOWLEDGE.name)
    assert acknowledged.state == w.ACKNOWLEDGED
    _refused(lambda: request_decide(actor=lu.regulator_lu, request=short, decision=w.APPROVE.name),
             Code.STEP_NOT_ALLOWED, "decision")


def test_lu_rgd_art_49_14_al_2_the_request_filed_is_the_notice_the_bad_beat_register_records(lu):
    """Art. 49-14 al. 2: « sous réserve d'en informer le Ministre des Finances dans les quinze jours qui précèdent »:
    the request filed with the Minister is the information; the bad beat's register records it by its reference,
    dated the day it was filed (never another day), and a reference naming another kind of request is refused."""
    record_house_rules(lu)
    open_bad_beat(lu, days_ago=5)
    today = lu.c.today()
    stop = _filed(lu, "arret_bad_beat", {"table": "P1 bad beat", "motif": "Travaux",
                                         "date_arret": str(today + datetime.timedelta(20))})
    other = request_create(actor=lu.manager_c, casino=lu.c, kind="plaques_jetons_valeurs", items={"jeu": "Roulette"})
    notice = {"casino": lu.c, "actor": lu.manager_c, "gaming_day": today}
    wrong_day = _refused(lambda: bad_beat_notice(**notice, minister_notified_on=today - datetime.timedelta(days=1),
                                                 reference=stop.reference), "wrong_reference", "minister_notified_on")
    assert "49-14" in str(wrong_day.message) and stop.reference in str(wrong_day.message)
    _refused(lambda: bad_beat_notice(**notice, minister_notified_on=today, reference=other.reference),
             "wrong_reference", "reference")
    entry = bad_beat_notice(**notice, minister_notified_on=today, reference=stop.reference.lower())
    assert json.loads(entry.payload)["reference"] == stop.reference.lower()
    assert [finding for result in audit(casino_code=lu.c.code) for finding in result.invalid] == []
