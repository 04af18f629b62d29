"""The arrêté values through the API (issue 38, point 2): LU RGD 1979 art. 21, 37-11, 37-13, 37-17, 49-3, 49-7 leave
them « fixé par arrêté du Ministre des Finances »; the casino's management files a dated version with the arrêté's
reference, its regulator and its staff read every version, another casino's is a 404. The refusals are the form's,
naming the field, in French and in English."""

import datetime

import pytest
from django.urls import reverse

from registers.models import ArreteValue
from tests.conftest import api_client_for, lu_today, make_user

SINCE = lu_today() - datetime.timedelta(days=30)
BODY = {"concept": "uth.maximum", "value": "400", "effective_from": SINCE.isoformat(),
        "reference": "Arrêté ministériel du 2 janvier 2026"}


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _url(casino: str) -> str:
    return reverse("api-registers-arretes", kwargs={"casino": casino})


def test_lu_art_37_13_the_manager_files_the_arrete_s_maximum_and_the_regulator_reads_it(w):
    """Art. 37-13: the UTH maxima « fixés par arrêté du Ministre des Finances »: filed by the casino's management with
    the arrêté's reference (201, the version as the list gives it), read by the casino's staff and by the regulator
    of its jurisdiction, the article that delegates it cited, the reference shown as typed."""
    answer = api_client_for(w.manager_c).post(_url(w.c.code), BODY, format="json")
    assert answer.status_code == 201, answer.json()
    filed = answer.json()
    assert (filed["concept"], filed["value"], filed["measure"], filed["percent"], filed["in_force"]) == (
        "uth.maximum", "400.0000", "maximum", False, True)
    assert "37-13" in filed["citation"] and filed["reference"] == BODY["reference"]
    for reader in (w.regulator_lu, w.accountant_c, w.manager_c):
        listed = api_client_for(reader).get(_url(w.c.code))
        assert listed.status_code == 200 and [row["id"] for row in listed.json()] == [filed["id"]], reader


def test_lu_art_49_3_the_poker_retention_rate_is_a_rate_below_100(w):
    """Art. 49-3: « La retenue de la taxe en faveur du casino […] seront fixés par arrêté du Ministre des Finances »:
    the retention is a rate in per cent, 100 or more refused on the field `value`; a later version is in force from
    its day, the earlier one kept."""
    client = api_client_for(w.manager_c)
    body = {**BODY, "concept": "texas_holdem.retenue", "value": "100"}
    refused = client.post(_url(w.c.code), body, format="json")
    assert refused.status_code == 400 and list(refused.json()["field_errors"]) == ["value"]
    assert "pour cent" in refused.json()["message"]
    assert client.post(_url(w.c.code), {**body, "value": "5"}, format="json").status_code == 201
    later = {**body, "value": "4,5", "effective_from": (SINCE + datetime.timedelta(days=10)).isoformat()}
    assert client.post(_url(w.c.code), later, format="json").json()["value"] == "4.5000"
    rows = client.get(_url(w.c.code)).json()
    assert [(row["value"], row["in_force"], row["percent"]) for row in rows] == [("4.5000", True, True),
                                                                                ("5.0000", False, True)]


@pytest.mark.parametrize(("changes", "field", "french", "english"), [
    ({"concept": "roulette.maximum"}, "concept", "aucun arrêté", "no"),
    ({"value": "-3"}, "value", "montant ou taux", "amount or rate"),
    ({"value": "1,23456"}, "value", "quatre décimales", "four"),
    ({"effective_from": "2014-12-31"}, "effective_from", "en vigueur le", "in force"),
    ({"reference": "   "}, "reference", "", ""),
])
def test_lu_art_9_and_21_a_refused_version_names_its_field_in_french_and_in_english(w, changes, field, french,
                                                                                    english):
    """Art. 9 and 21 leave the tables' floats « fixé par arrêté du Ministre des Finances »: as on the page, a value the
    texts leave to no arrêté, a value that is not a positive amount with four decimals at most, a day before the
    delegating article, a blank reference are refused on their field, in the reader's language; nothing is filed."""
    client = api_client_for(w.manager_c)
    refused = client.post(_url(w.c.code), {**BODY, **changes}, format="json")
    assert refused.status_code == 400 and list(refused.json()["field_errors"]) == [field], refused.json()
    assert french in refused.json()["message"]
    english_answer = client.post(_url(w.c.code), {**BODY, **changes}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert english.lower() in english_answer.json()["message"].lower(), english_answer.json()
    assert not ArreteValue.objects.exists()


def test_lu_art_49_7_one_version_a_day_and_only_the_management_files(w):
    """Art. 49-7: the cave and the caisse « sont fixés par arrêté du Ministre des Finances »: the casino's management
    files them, not its cashier (`wrong_role`, as on the page) nor its regulator (403, a read-only role), one version
    a day (`duplicate`, on `effective_from`); another casino's list is a 404."""
    body = {**BODY, "concept": "omaha.cave", "value": "200"}
    cashier = api_client_for(w.accountant_c).post(_url(w.c.code), body, format="json")
    assert cashier.status_code == 400 and cashier.json()["code"] == "wrong_role"
    assert "direction" in cashier.json()["message"]
    assert api_client_for(w.regulator_lu).post(_url(w.c.code), body, format="json").status_code == 403
    client = api_client_for(w.manager_c)
    assert client.post(_url(w.c.code), body, format="json").status_code == 201
    twice = client.post(_url(w.c.code), {**body, "value": "250"}, format="json")
    assert twice.status_code == 400 and twice.json()["code"] == "duplicate"
    assert list(twice.json()["field_errors"]) == ["effective_from"]
    assert api_client_for(w.manager_c).get(_url(w.a.code)).status_code == 404
    assert api_client_for(w.regulator_qc).get(_url(w.c.code)).status_code == 404
