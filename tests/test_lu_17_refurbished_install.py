"""A slot machine's condition at its installation (LU RGD 1979 art. 17 al. 2 5°, as the draft « projet » completes it:
after the words « appareil à l'état neuf », « ou d'un appareil de réserve prévu par l'article 18-1, ou d'un appareil
usagé et remis à neuf par une entreprise, résidente ou non, spécialement agréée par le Ministre des Finances »): new,
or refurbished under this casino's approval of that very machine, in force on the day, which names the approved firm
(games/rules/ambiguities.yaml lu.appareils_a_sous.etat_a_l_installation)."""

import json

import pytest

from compliance.approvals import workflow as w
from compliance.approvals.services import request_attach, request_create, request_decide, request_file
from compliance.errors import DomainError
from registers.appareils.services import appareil_install
from registers.management.audit import audit
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _install(lu, machine: str, **given):
    return appareil_install(**({"casino": lu.c, "actor": lu.accountant_c, "gaming_day": lu.c.today(),
                                "machine": machine, "manufacturer": "Novomatic", "certificate": f"CE-{machine}"}
                               | given))


def _refused(lu, machine: str, code: str, field: str, **given) -> str:
    with pytest.raises(DomainError) as caught:
        _install(lu, machine, **given)
    assert (caught.value.code, caught.value.field) == (code, field), caught.value.message
    assert "art. 17 al. 2 5°" in str(caught.value.message)
    return str(caught.value.message)


def _refurbishment(lu, machine: str, *, decided: bool = True):
    draft = request_create(actor=lu.manager_c, casino=lu.c, kind="appareil_remis_a_neuf", items={
        "numero_serie": machine, "entreprise": "Lux Gaming Services", "agrement_entreprise": "MF/AG/2025-017"})
    request_attach(actor=lu.manager_c, request=draft, item="certificat", filename="c.pdf", content=b"%PDF-1.4")
    filed = request_file(actor=lu.manager_c, request=draft)
    return request_decide(actor=lu.regulator_lu, request=filed, decision=w.APPROVE.name) if decided else filed


def test_lu_rgd_art_17_al_2_5_a_refurbished_machine_is_installed_only_under_its_approval_in_force(lu):
    """« ou d'un appareil usagé et remis à neuf par une entreprise, résidente ou non, spécialement agréée par le
    Ministre des Finances »: the condition is said; a refurbished machine needs a reference, of a request of this
    casino approving the refurbishment of that machine, in force that day; then its entry names the firm and the
    reference of its approval, and the audit finds nothing."""
    _refused(lu, "M-R", "required", "condition", condition=None)
    _refused(lu, "M-R", "invalid", "condition", condition="occasion")
    _refused(lu, "M-R", "required", "approval", condition="remis_a_neuf")
    _refused(lu, "M-R", "wrong_reference", "approval", condition="remis_a_neuf", approval="MF-INCONNUE")
    pending = _refurbishment(lu, "M-R", decided=False)
    assert "n'est pas une approbation en vigueur" in _refused(lu, "M-R", "wrong_reference", "approval",
                                                              condition="remis_a_neuf", approval=pending.reference)
    other = request_create(actor=lu.manager_c, casino=lu.c, kind="plaques_jetons_valeurs", items={"jeu": "Roulette"})
    _refused(lu, "M-R", "wrong_reference", "approval", condition="remis_a_neuf", approval=other.reference)
    approved = _refurbishment(lu, "M-S")
    assert "« M-S », pas de « M-R »" in _refused(lu, "M-R", "wrong_reference", "approval", condition="remis_a_neuf",
                                                 approval=approved.reference)
    entry = _install(lu, "M-S", condition="remis_a_neuf", approval=approved.reference)
    payload = json.loads(entry.payload)
    assert (payload["condition"], payload["approval"], payload["firm"], payload["firm_approval"]) == (
        "remis_a_neuf", approved.reference, "Lux Gaming Services", "MF/AG/2025-017")
    assert "art. 17 al. 2 5°" in payload["citation"]
    assert json.loads(_install(lu, "M-N", condition="neuf").payload)["condition"] == "neuf"
    assert [finding for result in audit(casino_code=lu.c.code) for finding in result.invalid] == []


def test_lu_rgd_art_17_al_2_5_the_audit_finds_a_refurbished_machine_written_without_its_approval(lu):
    """The same words re-checked by the audit on every installation entry: one written past the service, refurbished
    with a reference that approves nothing, is found, citing the article."""
    from tests.test_registers_audit import seed

    _install(lu, "M-N", condition="neuf")
    register = lu.c.registers.get(kind="appareils")
    seed(register, "appareil.installation", {"machine": "M-X", "manufacturer": "N", "certificate": "C",
                                             "server_based": False, "games": [], "certified_games": [],
                                             "condition": "remis_a_neuf", "approval": "RIEN", "citation": "x"},
         actor=lu.accountant_c, day=lu.c.today())
    (result,) = audit(casino_code=lu.c.code, kind="appareils")
    (finding,) = result.invalid
    (problem,) = finding.problems
    assert "RIEN" in problem.fr and "art. 17 al. 2 5°" in problem.citation
