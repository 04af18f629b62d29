"""The bad-beat jackpot as an account through the API (LU RGD 1979 art. 49-12 to 49-15,
registers/poker/api_bad_beat.py):
its balance, its days and its session-end statements read by the casino's staff and its regulator; the operations of
its page filed by the casino's staff, through the same services and refused as they refuse."""

import pytest
from django.urls import reverse

from tests.conftest import api_client_for, lu_today, make_user
from tests.test_lu_49_house_rules import record_house_rules

TODAY = lu_today


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    record_house_rules(world)
    return world


def _url(name: str, casino: str) -> str:
    return reverse(f"api-registers-bad-beat-{name}", kwargs={"casino": casino})


def test_lu_49_13_al_1_before_its_opening_the_account_is_not_kept_then_it_is_its_start_value(lu):
    """« Le bad beat jackpot est constitué de la valeur de départ du jackpot fixée par l'établissement et d'un
    incrément »: no balance before the opening (stage « aucun »); opened by the management at 1 500,00, the regulator
    reads its balance; another jurisdiction's regulator and another casino's staff get a 404."""
    url = _url("account", lu.c.code)
    before = api_client_for(lu.regulator_lu).get(url).json()
    assert (before["stage"], before["balance"], before["days"]) == ("aucun", None, [])
    opened = api_client_for(lu.manager_c).post(_url("open", lu.c.code), {"start": "1 500,00"}, format="json")
    assert opened.status_code == 201 and opened.json()["payload"]["start"] == "1500.00"
    account = api_client_for(lu.regulator_lu).get(url).json()
    assert (account["stage"], account["start"], account["balance"], account["currency"]) == (
        "en_cours", "1500.00", "1500.00", "EUR")
    assert api_client_for(lu.regulator_qc).get(url).status_code == 404
    assert api_client_for(lu.manager_a).get(url).status_code == 404


def test_lu_49_13_al_9_the_session_end_statement_is_a_credit_of_the_account(lu):
    """« En fin de séance, la somme dédiée au bad beat jackpot […] est inscrite par le caissier, sous le contrôle du
    membre du comité de direction, sur un registre spécial »: filed by the cashier (201, waiting for the direction's
    signature), once countersigned it is a statement of the account and its day's credit."""
    staff = api_client_for(lu.manager_c)
    staff.post(_url("open", lu.c.code), {"start": "1000,00"}, format="json")
    filed = api_client_for(lu.accountant_c).post(_url("statement", lu.c.code), {
        "amount": "25,50", "history_reference": "Historique certifié P1"}, format="json")
    assert filed.status_code == 201 and filed.json()["entry"] is None
    countersigned = staff.post(reverse("api-registers-countersign", kwargs={"pk": filed.json()["id"]}))
    assert countersigned.status_code == 201
    account = api_client_for(lu.regulator_lu).get(_url("account", lu.c.code)).json()
    assert [(row["amount"], row["history"]) for row in account["statements"]] == [("25.50",
                                                                                   "Historique certifié P1")]
    assert (account["days"][-1]["credit"], account["balance"]) == ("25.50", "1025.50")


def test_lu_49_14_al_3_a_breakdown_its_carnet_and_the_restart_at_what_the_stop_left(lu):
    """« En cas d'arrêt involontaire du système engendré par une panne technique, la partie continue sans que les pots
    ne soient prélevés au titre de l'incrémentation du bad beat jackpot […] Les montants prélevés seront notés
    manuellement dans un carnet de compte. »: stopped by a breakdown, a carnet line taken; the account says what a
    restart puts back (`restart_at`); a restart at 0 is refused on that field, at that amount it is taken; the
    regulator's writes are a 403."""
    staff = api_client_for(lu.manager_c)
    staff.post(_url("open", lu.c.code), {"start": "800,00"}, format="json")
    stop = {"voluntary": False, "reason": "Panne de la machine de la table P1"}
    assert api_client_for(lu.regulator_lu).post(_url("stop", lu.c.code), stop, format="json").status_code == 403
    assert api_client_for(lu.accountant_c).post(_url("stop", lu.c.code), stop, format="json").status_code == 201
    carnet = api_client_for(lu.accountant_c).post(_url("carnet", lu.c.code), {"table": "P1", "amount": "6,30"},
                                                  format="json")
    assert carnet.status_code == 201 and carnet.json()["payload"]["amount"] == "6.30"
    account = staff.get(_url("account", lu.c.code)).json()
    assert (account["stage"], account["breakdown"], account["restart_at"]) == ("arrete", True, "800.00")
    assert [(row["table"], row["noted"]) for row in account["carnet"]] == [("P1", "6.30")]
    refused = staff.post(_url("restart", lu.c.code), {"restart_at": "0"}, format="json")
    assert refused.status_code == 400 and list(refused.json()["field_errors"]) == ["restart_at"]
    assert "49-14" in refused.json()["message"]
    restarted = staff.post(_url("restart", lu.c.code), {"restart_at": account["restart_at"]}, format="json")
    assert restarted.status_code == 201
    assert staff.get(_url("account", lu.c.code)).json()["days"][-1]["resumed"] == "800.00"


def test_lu_49_14_al_2_the_notice_to_the_minister_then_a_voluntary_stop(lu):
    """« Un arrêt volontaire du bad beat jackpot peut intervenir à tout moment sous réserve d'en informer le Ministre
    des Finances dans les quinze jours qui précèdent. »: the notice recorded with its day (201); a voluntary stop the
    same day is refused on `minister_notified_on`."""
    staff = api_client_for(lu.manager_c)
    staff.post(_url("open", lu.c.code), {"start": "500,00"}, format="json")
    notice = staff.post(_url("notice", lu.c.code), {"minister_notified_on": TODAY().isoformat(),
                                                     "reference": "Lettre n° 12"}, format="json")
    assert notice.status_code == 201 and notice.json()["payload"]["reference"] == "Lettre n° 12"
    refused = staff.post(_url("stop", lu.c.code), {"voluntary": True, "reason": "Fin de l'offre"}, format="json")
    assert refused.status_code == 400 and list(refused.json()["field_errors"]) == ["minister_notified_on"]
