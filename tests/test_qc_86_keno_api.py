"""Keno's API beyond the tickets, named after the article it serves, QC RJC art. 86 (décret 1675-95): « il doit […]
être présenté pour paiement avant l'heure de fermeture du casino de la journée qui suit la journée du tirage ». The
casino's closing hour is not in our texts: its management records it through the API with the reference where the
casino sets it, as on the page, and the API shows it as the casino's own data."""

import datetime

import pytest

from registers.keno import controls
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db
REFERENCE = "Heures d'exploitation du casino, décision DIR-2026-3"


@pytest.fixture
def w(world, rules):
    return world


def _base(w, casino=None) -> str:
    return f"/api/v1/registers/{(casino or w.a).code}/keno"


def test_qc_86_the_api_records_the_casino_s_closing_hour_with_its_reference_by_its_management(w):
    """« avant l'heure de fermeture du casino »: the hour is the casino's, recorded by its management with its
    reference (a cashier is `wrong_role`, no reference `required`, a malformed hour refused by its shape), read back
    by the casino and its regulator with the words that say it is the casino's own data."""
    body = {"effective_from": str(w.a.today()), "hour": "03:00", "next_day": True, "reference": REFERENCE}
    cashier = api_client_for(w.accountant_a).post(f"{_base(w)}/closings/", body, format="json")
    assert cashier.status_code == 400 and cashier.json()["code"] == "wrong_role"
    manager = api_client_for(w.manager_a)
    assert manager.post(f"{_base(w)}/closings/", {**body, "reference": " "}, format="json").json()["code"] == "required"
    assert manager.post(f"{_base(w)}/closings/", {**body, "hour": "25:00"}, format="json").status_code == 400
    done = manager.post(f"{_base(w)}/closings/", body, format="json")
    assert done.status_code == 201, done.content
    later = manager.post(f"{_base(w)}/closings/", {**body, "hour": "02:30"}, format="json")
    assert later.status_code == 201
    state = api_client_for(w.regulator_qc).get(f"{_base(w)}/").json()
    assert [(row["hour"], row["next_day"], row["reference"]) for row in state["closings"]] == [
        ("02:30", True, REFERENCE), ("03:00", True, REFERENCE)]
    assert state["closing_control"] == str(controls.CLOSING)
    assert api_client_for(w.regulator_qc).post(f"{_base(w)}/closings/", body, format="json").status_code == 403
    assert api_client_for(w.accountant_b).post(f"{_base(w)}/closings/", body, format="json").status_code == 404
    assert api_client_for(w.accountant_c).post(f"{_base(w, w.c)}/closings/", {
        **body, "effective_from": str(w.c.today() - datetime.timedelta(days=1))}, format="json").status_code == 404
