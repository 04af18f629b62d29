"""The two-person rule, held and shown (issue 36): every step of compliance/two_person.STEPS is refused in its service
to the person who took the first act, with the step's code and field, and accepted from another; the pages offer the
second act only to whom may take it, the others seeing it disabled with the reason on hover and for screen readers."""

import re
from dataclasses import dataclass

import pytest
from django.urls import reverse

from compliance import two_person
from compliance.approvals.models import ApprovalRequest
from compliance.approvals.services import request_attach, request_create, request_decide, request_file
from compliance.errors import DomainError
from compliance.models import User
from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import finding_accept, finding_explain, reconciliation_run
from registers.chain.services import pending_countersign
from registers.models import Entry, PendingEntry, Slip, SlipVoid
from registers.orphelins.services import orphelin_file
from registers.tables.services import slip_void
from tests.conftest import api_client_for, lu_today, make_user
from tests.reconciliation_world import DAY, lu_day, world_for_reconciliation
from tests.tables_world import fill, lu_table, open_lu

NOT_RESTORED = {"100": 21, "25": 40, "5": 100}  # the float not restored at the close: one finding
SIDE_BET = {"nom": "Lucky Ladies", "jeu_de_base": "Blackjack", "taux_retour": "0.95",
            "conditions": "Mise maximale 50 €"}


@pytest.fixture
def w(world, rules):
    world = world_for_reconciliation(world)
    world.second_manager_c = make_user("direction.c2", "manager", casino=world.c)
    return world


@dataclass
class Case:
    """A step's first act done by `first`; `second(person)` takes the second act; `done()` says it was taken."""

    first: User
    other: User
    second: object
    done: object


def _countersign(w) -> Case:
    pending = orphelin_file(casino=w.c, actor=w.accountant_c, gaming_day=lu_today(), source="table", amount="100.00",
                            currency="EUR", location="Table de roulette 3")
    return Case(w.accountant_c, w.manager_c, lambda person: pending_countersign(pending=pending, countersigner=person),
                lambda: PendingEntry.objects.get(pk=pending.pk).entry_id is not None)


def _accept(w) -> Case:
    lu_day(w, lu_table(w), DAY, closing=NOT_RESTORED)
    finding = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c).findings.get()
    finding_explain(finding=finding, actor=w.manager_c, explanation="Jeton rendu par un client")  # a manager explains
    return Case(w.manager_c, w.second_manager_c, lambda person: finding_accept(finding=finding, actor=person),
                lambda: Finding.objects.get(pk=finding.pk).state == Finding.State.ACCEPTED)


def _filed(w) -> ApprovalRequest:
    draft = request_create(actor=w.manager_c, casino=w.c, kind="jeu_annexe", items=SIDE_BET)
    request_attach(actor=w.manager_c, request=draft, item="regles", filename="regles.pdf", content=b"%PDF-1.4")
    return request_file(actor=w.manager_c, request=draft)


def _moved_to_the_ministry(user: User) -> User:
    """The person who filed for the casino, since gone to the Ministry (the only way one person is on both sides)."""
    User.objects.filter(pk=user.pk).update(role=User.Role.REGULATOR, casino=None,
                                           jurisdiction_id=User.objects.get(username="ministere.lu").jurisdiction_id)
    return User.objects.get(pk=user.pk)


def _decide(w) -> Case:
    filed = _filed(w)
    filer = _moved_to_the_ministry(w.manager_c)
    return Case(filer, w.regulator_lu,
                lambda person: request_decide(actor=person, request=filed, decision="approuver"),
                lambda: ApprovalRequest.objects.get(pk=filed.pk).state == "approuvee")


def _void(w) -> Case:
    session = open_lu(w, lu_table(w), lu_today())
    fill(w, session, 1001, {"100": 10})
    slip = Slip.objects.get(serial=1001)
    return Case(w.accountant_c, w.manager_c,
                lambda person: slip_void(slip=slip, actor=w.accountant_c, countersigner=person,
                                         reason="Saisi deux fois"),
                lambda: SlipVoid.objects.filter(slip=slip).exists())


CASES = {"contresigner": _countersign, "accepter_constat": _accept, "decider_demande": _decide,
         "annuler_bordereau": _void}


def test_every_step_of_the_declared_list_has_its_case():
    assert set(CASES) == {step.key for step in two_person.STEPS}
    for step in two_person.STEPS:
        assert step.field and str(step.same) and (step.citation or str(step.control)), step.key


@pytest.mark.parametrize("step", two_person.STEPS, ids=lambda step: step.key)
def test_the_second_act_is_refused_to_the_first_person_and_taken_by_another(w, step):
    case = CASES[step.key](w)
    entries = Entry.objects.count()
    with pytest.raises(DomainError) as refused:
        case.second(case.first)
    assert (refused.value.code, refused.value.field) == ("same_person", step.field)
    assert str(refused.value.message) == two_person.may_take(case.first, step, _object(step, case)).reason
    assert not case.done() and Entry.objects.count() == entries  # nothing written
    case.second(case.other)
    assert case.done()


def _object(step, case):
    """The object the step is taken on, as the service reads it (for the same reason as the refusal's)."""
    if step.key == "contresigner":
        return PendingEntry.objects.latest("pk")
    if step.key == "accepter_constat":
        return Finding.objects.latest("pk")
    if step.key == "decider_demande":
        return ApprovalRequest.objects.latest("pk")
    return SlipVoid(voided_by=case.first)


def test_may_take_names_the_rule_and_the_role_it_requires(w):
    case = _countersign(w)
    pending = PendingEntry.objects.latest("pk")
    same = two_person.may_take(case.first, "contresigner", pending)
    assert not same.allowed and same.code == "same_person" and pending.citation in same.reason
    other_cashier = make_user("compta.c3", "accountant", casino=w.c)
    role = two_person.may_take(other_cashier, "contresigner", pending)
    assert not role.allowed and role.code == "wrong_role" and "Direction" in role.reason
    assert two_person.may_take(w.manager_c, "contresigner", pending) == (True, "", "")


# --- the pages offer the act only to whom may take it -----------------------------------------------------------


def _disabled_with_reason(page: str, name: str, pk: int) -> str:
    """The disabled button's reason: on hover (title) and for screen readers (aria-describedby → hidden text)."""
    block = page.split(f'data-testid="{name}-refused-{pk}"', 1)[1].split("</span></span>", 1)[0] + "</span>"
    assert "disabled" in block and f'aria-describedby="{name}-why-{pk}"' in block
    title = re.search(r'title="([^"]+)"', block).group(1)
    hidden = re.search(rf'id="{name}-why-{pk}">([^<]+)<', block).group(1)
    assert title == hidden
    return title


def test_the_cashier_who_filed_sees_contresigner_disabled_with_why_a_manager_the_button(w, client):
    case = _countersign(w)
    pending = PendingEntry.objects.latest("pk")
    url = reverse("registers-orphelins", kwargs={"casino": w.c.code})
    client.force_login(case.first)
    page = client.get(url).content.decode()
    assert f'data-testid="countersign-{pending.pk}"' not in page
    reason = _disabled_with_reason(page, "countersign", pending.pk)
    assert "autre personne que celle qui a déposé" in reason
    client.force_login(w.manager_c)
    page = client.get(url).content.decode()
    assert f'data-testid="countersign-{pending.pk}"' in page and f"countersign-refused-{pending.pk}" not in page


def test_the_manager_who_explained_sees_accepter_disabled_with_why_another_manager_the_button(w, client):
    _accept(w)
    finding = Finding.objects.get()
    url = reverse("reconciliation-day", kwargs={"casino": w.c.code, "day": DAY.isoformat()})
    client.force_login(w.manager_c)
    page = client.get(url).content.decode()
    assert f'data-testid="accept-{finding.pk}"' not in page
    assert "autre personne que celle qui l&#x27;a donnée" in _disabled_with_reason(page, "accept", finding.pk)
    refused = client.post(reverse("reconciliation-accept", kwargs={"casino": w.c.code, "day": DAY.isoformat(),
                                                                   "pk": finding.pk}))
    assert refused.status_code == 200 and Finding.objects.get().state == Finding.State.EXPLAINED
    client.force_login(w.accountant_c)  # an accountant: the management accepts
    assert "Seule la direction" in _disabled_with_reason(client.get(url).content.decode(), "accept", finding.pk)
    client.force_login(w.second_manager_c)
    page = client.get(url).content.decode()
    assert f'data-testid="accept-{finding.pk}"' in page and f"accept-refused-{finding.pk}" not in page


def test_the_person_who_filed_is_offered_no_decision_another_regulator_is(w, client):
    case = _decide(w)
    filed = ApprovalRequest.objects.get()
    url = reverse("approvals-detail", kwargs={"reference": filed.reference})
    client.force_login(case.first)
    page = client.get(url).content.decode()
    assert 'data-testid="form-decider"' not in page and 'data-testid="decide-refused"' in page
    assert "a déposé la demande ne peut pas la décider" in _disabled_with_reason(page, "decide", filed.pk)
    decide = reverse("approvals-decide", kwargs={"reference": filed.reference})
    client.post(decide, {"decider-decision": "approuver", "decider-confirme": "1"})
    assert ApprovalRequest.objects.get().state == "en_examen"  # the service refuses it anyway
    client.force_login(w.regulator_lu)
    assert 'data-testid="form-decider"' in client.get(url).content.decode()


def test_the_api_refuses_the_decision_to_the_person_who_filed(w):
    case = _decide(w)
    filed = ApprovalRequest.objects.get()
    response = api_client_for(case.first).post(
        reverse("api-approvals-decide", kwargs={"reference": filed.reference}), {"decision": "approuver"},
        format="json")
    assert response.status_code == 400 and response.json()["code"] == "same_person"
    assert ApprovalRequest.objects.get().state == "en_examen"

