"""The condition of a slot machine installed before Vigie asked it (LU RGD 1979 art. 17 al. 2 5°, as the draft
« projet » completes it: after the words « appareil à l'état neuf », « ou d'un appareil de réserve prévu par l'article
18-1, ou d'un appareil usagé et remis à neuf par une entreprise, résidente ou non, spécialement agréée par le Ministre
des Finances »). The text speaks of the installation; recording it later for a machine already on the floor is Vigie's
reading (games/rules/ambiguities.yaml lu.appareils_a_sous.etat_des_appareils_installes)."""

import json

import pytest
from django.urls import reverse

from compliance.errors import DomainError
from compliance.todo import tasks_for
from registers.appareils.demo import older_install
from registers.appareils.services import appareil_condition_record, appareil_install
from registers.management.audit import audit
from tests.conftest import api_client_for, make_user
from tests.test_lu_17_refurbished_install import _refurbishment

pytestmark = pytest.mark.django_db


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    for machine in ("M-OLD-1", "M-OLD-2"):  # as Vigie filed an installation before it asked the condition
        older_install(casino=world.c, actor=world.accountant_c, gaming_day=world.c.today(), machine=machine,
                      manufacturer="Novomatic", certificate=f"CE-{machine}")
    appareil_install(casino=world.c, actor=world.accountant_c, gaming_day=world.c.today(), machine="M-NEW",
                     manufacturer="Novomatic", certificate="CE-NEW", condition="neuf")
    return world


def _record(lu, machine, actor=None, **given):
    return appareil_condition_record(**({"casino": lu.c, "actor": actor or lu.manager_c, "machine": machine,
                                         "condition": "neuf"} | given))


def _refused(call, code, field) -> str:
    with pytest.raises(DomainError) as caught:
        call()
    assert (caught.value.code, caught.value.field) == (code, field), caught.value.message
    return str(caught.value.message)


def _found(lu) -> dict:
    return {finding.seq: " ".join(problem.fr for problem in finding.problems)
            for result in audit(casino_code=lu.c.code, kind="appareils") for finding in result.invalid}


def test_lu_rgd_art_17_al_2_5_the_management_records_the_condition_of_a_machine_installed_before_vigie_asked_it(lu):
    """« appareil à l'état neuf » … « ou d'un appareil usagé et remis à neuf par une entreprise, résidente ou non,
    spécialement agréée par le Ministre des Finances »: the management (no one else) records, once, the condition of a
    machine of the fleet whose installation says none, citing the article as the rule data does; a refurbished one
    only under its approval in force; a machine already said, or not in the fleet, is refused naming its field."""
    message = _refused(lambda: _record(lu, "M-OLD-1", actor=lu.accountant_c), "wrong_role", "actor")
    assert "Seule la direction" in message
    assert "art. 17 al. 2 5°" in _refused(lambda: _record(lu, "M-NEW"), "duplicate", "machine")
    _refused(lambda: _record(lu, "M-NONE"), "unknown_machine", "machine")
    _refused(lambda: _record(lu, "M-OLD-1", condition=None), "required", "condition")
    _refused(lambda: _record(lu, "M-OLD-2", condition="remis_a_neuf", approval="MF-INCONNUE"), "wrong_reference",
             "approval")
    entry = _record(lu, "M-OLD-1")
    payload = json.loads(entry.payload)
    assert entry.kind == "appareil.etat" and entry.actor == lu.manager_c
    assert (payload["machine"], payload["condition"]) == ("M-OLD-1", "neuf")
    assert payload["citation"] == "LU RGD 1979 art. 17 al. 2 5° (projet)"
    assert "« appareil à l'état neuf »" in _refused(lambda: _record(lu, "M-OLD-1"), "duplicate", "machine")
    approved = _refurbishment(lu, "M-OLD-2")
    refurbished = json.loads(_record(lu, "M-OLD-2", condition="remis_a_neuf", approval=approved.reference).payload)
    assert (refurbished["firm"], refurbished["firm_approval"]) == ("Lux Gaming Services", "MF/AG/2025-017")


def test_lu_rgd_art_17_al_2_5_a_missing_condition_is_on_the_row_and_the_to_do_until_recorded(lu, client):
    """The machine's row says « condition non enregistrée », the management's « À faire » lists it (not a cashier's),
    until it is recorded; the installation, written before Vigie asked the condition, stays a valid entry to the
    audit."""
    client.force_login(lu.manager_c)
    url = reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "appareils"})
    page = client.get(url).content.decode()
    assert page.count('data-testid="condition-missing"') == 2 and "condition non enregistrée" in page
    assert 'data-testid="form-condition"' in page
    tasks = [task.label for task in tasks_for(lu.manager_c) if task.key.startswith("machine-condition:")]
    assert tasks == ["Appareil M-OLD-1 : condition non enregistrée", "Appareil M-OLD-2 : condition non enregistrée"]
    assert not [task for task in tasks_for(lu.accountant_c) if task.key.startswith("machine-condition:")]
    assert _found(lu) == {}
    done = client.post(url, {"action": "condition", "condition-machine": "M-OLD-1", "condition-condition": "neuf"})
    assert done.status_code == 302
    page = client.get(url).content.decode()
    assert page.count('data-testid="condition-missing"') == 1
    assert [task.label for task in tasks_for(lu.manager_c) if task.key.startswith("machine-condition:")] == [
        "Appareil M-OLD-2 : condition non enregistrée"]
    assert _found(lu) == {}
    fleet = {row["machine"]: row["condition"] for row in api_client_for(lu.regulator_lu).get(
        reverse("api-registers-machines", kwargs={"casino": lu.c.code})).json()}
    assert fleet == {"M-NEW": "neuf", "M-OLD-1": "neuf", "M-OLD-2": None}


def test_lu_rgd_art_17_al_2_5_the_api_records_the_condition_for_the_management_only(lu):
    """The API mirrors the form: the management records a condition; a cashier is refused (`wrong_role`), a regulator
    writes nothing."""
    url = reverse("api-registers-appareil-condition", kwargs={"casino": lu.c.code})
    refused = api_client_for(lu.accountant_c).post(url, {"machine": "M-OLD-2", "condition": "neuf"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "wrong_role"
    assert api_client_for(lu.regulator_lu).post(url, {"machine": "M-OLD-2", "condition": "neuf"},
                                                format="json").status_code == 403
    done = api_client_for(lu.manager_c).post(url, {"machine": "M-OLD-2", "condition": "neuf"}, format="json")
    assert done.status_code == 201, done.content


def test_lu_rgd_art_17_al_2_5_an_entry_written_past_the_service_is_found_by_the_audit(lu):
    """The audit asks the recorded condition the same control the service refuses with: a second condition of the
    same machine, and one recorded by a cashier, are found."""
    from tests.test_registers_audit import seed

    _record(lu, "M-OLD-1")
    register = lu.c.registers.get(kind="appareils")
    twice = seed(register, "appareil.etat", {"machine": "M-OLD-1", "condition": "neuf", "citation": "x"},
                 actor=lu.manager_c, day=lu.c.today())
    by_cashier = seed(register, "appareil.etat", {"machine": "M-OLD-2", "condition": "neuf", "citation": "x"},
                      actor=lu.accountant_c, day=lu.c.today())
    found = _found(lu)
    assert "déjà au registre" in found[twice.seq]
    assert "Seule la direction" in found[by_cashier.seq]


def test_the_demo_records_one_older_machine_s_condition_at_la_moselle_and_leaves_one_to_record(demo, rules):
    """La Moselle's LM-001 and LM-002 were entered before Vigie asked the condition: the management recorded LM-001's,
    LM-002's is on its « À faire », and the audit finds no fault in either installation."""
    from compliance.models import User

    manager = User.objects.get(username="lu.direction")
    assert [task.label for task in tasks_for(manager) if task.key.startswith("machine-condition:")] == [
        "Appareil LM-002 : condition non enregistrée"]
    assert [finding for result in audit(casino_code="la-moselle", kind="appareils") for finding in result.invalid] == []
