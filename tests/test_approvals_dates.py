"""Issue 37 point 2: the dates a request to the authority declares in its items are bounded as the lifecycles are
(compliance/approvals/controls.py `declared_dates_problems`): never before the casino's registers are kept in Vigie
(`Casino.opened_on`), nor before the machine a notice concerns was installed; a date of what already happened never
after the casino's today. A date announced or asked for ahead is allowed to come where the text says so. Refused in
the service, the form and the API with the item's field and its message in French and English; registers_audit asks
the same control of the dates each filing writes in the register of approvals, and of those an answer adds."""

import datetime

import pytest
from django.urls import reverse

from compliance.approvals import controls
from compliance.approvals.models import ApprovalRequest
from compliance.approvals.services import request_answer, request_ask, request_create, request_file
from compliance.errors import DomainError
from registers.chain.services import entry_append, register_for
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from tests.conftest import OPENED_ON, api_client_for, install_machines, make_casino, make_user

pytestmark = pytest.mark.django_db

DAY = datetime.timedelta(days=1)
HOUSE_DATES = "Contrôle interne du casino : une date déclarée dans une demande"


@pytest.fixture
def lu(world):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.m = make_casino("casino-m", "MC")
    world.manager_m = make_user("direction.m", "manager", casino=world.m)
    return world


def stop(world, day: datetime.date, **more) -> ApprovalRequest:
    """LU RGD 1979 art. 49-11: a voluntary stop of the progressive jackpot, the Minister told beforehand."""
    return request_create(actor=world.manager_c, casino=world.c, kind="arret_jackpot", items={
        "table": "TH-1 progressif", "date_arret": day.isoformat(), "motif": "Travaux", **more})


def refused(call) -> DomainError:
    with pytest.raises(DomainError) as caught:
        call()
    return caught.value


def test_lu_49_11_a_stop_announced_ahead_may_come_but_not_before_the_registers(lu, rules):
    """« Un arrêt volontaire du jackpot progressif peut intervenir à tout moment sous réserve d'en informer le
    Ministre des Finances dans les quinze jours qui précèdent »: the stop is announced ahead, its day to come; a day
    before the casino's registers are kept in Vigie is refused, the item named."""
    assert stop(lu, lu.c.today() + 40 * DAY).items["date_arret"] == (lu.c.today() + 40 * DAY).isoformat()
    error = refused(lambda: stop(lu, datetime.date(2000, 3, 1)))
    assert (error.field, error.code) == ("date_arret", "item_invalid")
    assert "« Date de l'arrêt » : le 1 mars 2000 précède la tenue des registres du casino dans Vigie" in str(
        error.message).replace("1er", "1")
    assert ApprovalRequest.objects.count() == 1


def test_lu_18_1_a_machine_s_change_is_not_dated_before_its_installation(lu, rules):
    """« L'information préalable et écrite du Ministre » of a machine's change (art. 18-1): the change of a machine the
    register of machines installed a week ago is not dated before then."""
    install_machines(lu.c, lu.accountant_c, "AS-07", days_ago=7)
    items = {"numero_serie": "AS-07", "evenement": "mis hors service"}
    early = lu.c.today() - 10 * DAY
    error = refused(lambda: request_create(actor=lu.manager_c, casino=lu.c, kind="etat_appareil",
                                           items={**items, "date_evenement": early.isoformat()}))
    assert (error.field, error.code) == ("date_evenement", "item_invalid")
    assert "précède l'installation de l'appareil « AS-07 » au registre des appareils" in str(error.message)
    ahead = request_create(actor=lu.manager_c, casino=lu.c, kind="etat_appareil",
                           items={**items, "date_evenement": (lu.c.today() + 2 * DAY).isoformat()})
    assert ahead.items["date_evenement"] == (lu.c.today() + 2 * DAY).isoformat()


def test_house_control_a_date_of_what_already_happened_is_not_after_today():
    """QC art. 125 « elles doivent être mises à la disposition du public au moins une semaine avant la date du début
    du tournoi »: the day the rules were made public (a request filed before the article was read as a publication)
    has happened; the tournament's start, ahead, may come."""
    today = datetime.date(2026, 11, 29)
    dates = (controls.Dated("publication", lambda: "Mise à disposition du public le", today + DAY),
             controls.Dated("date_debut", lambda: "Date de l'événement", today + 30 * DAY))
    (problem,) = controls.declared_dates_problems(controls.Declared(dates, today, OPENED_ON))
    assert (problem.field, problem.code) == ("publication", "item_invalid")
    assert problem.text(language="fr") == ("« Mise à disposition du public le » : le 30 novembre 2026 est à venir ; ce "
                                           "qui a déjà eu lieu se date au plus tard aujourd'hui, le 29 novembre 2026.")
    assert problem.citation.startswith(HOUSE_DATES) and problem.text(language="en")


def test_an_answer_adds_no_date_before_the_registers(lu, rules):
    """The Minister asks, the casino answers with a new day: bounded as the filing's."""
    filed = request_file(actor=lu.manager_c, request=stop(lu, lu.c.today() + 20 * DAY))
    request_ask(actor=lu.regulator_lu, request=filed, question="Quel jour exactement ?")
    error = refused(lambda: request_answer(actor=lu.manager_c, request=filed, answer="Le voici",
                                           items={"date_arret": "2001-01-01"}))
    assert (error.field, error.code) == ("date_arret", "item_invalid")
    answered = request_answer(actor=lu.manager_c, request=filed, answer="Le voici",
                              items={"date_arret": (lu.c.today() + 25 * DAY).isoformat()})
    assert answered.state == "en_examen"


def test_the_api_refuses_the_date_under_its_item_in_french_and_english(lu, rules):
    body = {"casino": lu.m.code, "kind": "table_de_paiement", "items": {
        "table": "mc.uth.trips", "paiements": {"7": "2 pour 1"}, "date_effet": "1999-12-31", "motif": "Brelan"}}
    api = api_client_for(lu.manager_m)
    french = api.post("/api/v1/approvals/", body, format="json")
    assert (french.status_code, french.json()["code"], list(french.json()["field_errors"])) == (
        400, "item_invalid", ["date_effet"])
    assert "précède la tenue des registres du casino dans Vigie" in french.json()["message"]
    english = api.post("/api/v1/approvals/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 400 and "Vigie" in english.json()["message"]
    assert not ApprovalRequest.objects.exists()


def test_the_form_shows_the_refusal_under_the_date(lu, rules, client):
    from tests.test_approvals_pages import _draft_data, _error

    client.force_login(lu.manager_m)
    response = client.post(reverse("approvals-new", kwargs={"kind": "table_de_paiement"}),
                           _draft_data(date_effet="1999-12-31"))
    assert response.status_code == 200
    assert "précède la tenue des registres du casino dans Vigie" in _error(response, "date_effet")
    assert not ApprovalRequest.objects.exists()


def test_registers_audit_finds_dates_written_past_the_control(lu, rules):
    """Steps appended to the register of approvals past the services (entry_append alone): a filing declaring a stop
    before the casino's registers, an answer adding one. registers_audit asks the control and names each, in French
    and English; the filing the service wrote passes."""
    filed = request_file(actor=lu.manager_c, request=stop(lu, lu.c.today() + 20 * DAY))
    register = register_for(casino=lu.c, kind=RegisterKind.APPROBATIONS)

    def step(**payload):
        return entry_append(register=register, kind=EntryKind.APPROVAL_STEP, gaming_day=lu.c.today(),
                            actor=lu.manager_c, payload={"par": lu.manager_c.username, "nature": "arret_jackpot",
                                                         "cote": "casino", **payload})

    early = step(demande="C-2026-9999", objet="TH-2", etape="deposer", de="brouillon", vers="deposee",
                 empreinte_elements="0" * 64, dates_declarees={"date_arret": "2000-03-01"})
    request_ask(actor=lu.regulator_lu, request=filed, question="Quel jour ?")
    answer = step(demande=filed.reference, objet=filed.subject, etape="repondre", de="complement_demande",
                  vers="en_examen",
                  motif="Voici", elements={"date_arret": "2001-01-01"})
    (result,) = audit(casino_code=lu.c.code, kind=RegisterKind.APPROBATIONS)
    found = {finding.seq: finding.problems for finding in result.findings}
    assert set(found) == {early.seq, answer.seq}, found
    for seq in (early.seq, answer.seq):
        (problem,) = [p for p in found[seq] if p.citation.startswith(HOUSE_DATES)]
        assert "« Date de l'arrêt »" in problem.fr and "précède la tenue des registres" in problem.fr
        assert problem.en  # written in English too (its msgid in /tmp/i18n until the catalogues are merged)
