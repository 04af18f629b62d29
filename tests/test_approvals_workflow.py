"""The approval request's life (compliance/approvals/workflow.py): each step from the states it leaves, taken by its
side only, saying why where it must; a casino never edits a filed request, it answers or withdraws; a decided
request is not decided again; whoever must act next is named."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compliance.approvals import workflow as w

SIDES = (w.CASINO, w.REGULATOR, w.SYSTEM)


def power_of(transition: w.Transition) -> str:
    """A power whose decisions include `transition` (any, for a step that is not a decision)."""
    return next((power for power, ts in w.DECISIONS_BY_POWER.items() if transition in ts), "autorisation")


@pytest.mark.parametrize("transition", list(w.TRANSITIONS.values()), ids=lambda t: t.name)
def test_each_step_leads_from_its_states_to_its_target_taken_by_its_side(transition):
    power = power_of(transition)
    for state in transition.sources:
        assert w.step(transition.name, state, transition.by, note="motif", power=power) is transition
    for state in set(w.STATES) - set(transition.sources):
        with pytest.raises(w.NotAllowed) as refused:
            w.step(transition.name, state, transition.by, note="motif", power=power)
        assert refused.value.code == "state"
    for side in set(SIDES) - {transition.by}:
        with pytest.raises(w.NotAllowed) as refused:
            w.step(transition.name, transition.sources[0], side, note="motif", power=power)
        assert refused.value.code == "side"


@pytest.mark.parametrize("power", ["autorisation", "avis", "notification", "production"])
def test_each_power_gives_its_own_decisions_and_no_other(power):
    """An authorisation (LU 49-16 « peuvent être autorisés ») is approved or refused; an opinion (QC attendus « un
    avis de la Régie ») is favourable or not; a notice (MC 1 « notifiée ») or a document produced (LU 3-2 « la
    production de ce certificat ») is acknowledged or objected to."""
    mine = {t.name for t in w.DECISIONS_BY_POWER[power]}
    assert {t.name for t in w.allowed(w.REVIEW, w.REGULATOR, power)} == {"demander_complement", *mine}
    for decision in set(w.DECISIONS) - set(w.DECISIONS_BY_POWER[power]):
        with pytest.raises(w.NotAllowed) as refused:
            w.step(decision.name, w.REVIEW, w.REGULATOR, note="motif", power=power)
        assert refused.value.code == "power"


def test_a_casino_cannot_change_a_filed_request_only_answer_or_withdraw_it():
    for state in (w.FILED, w.CHECKING, w.REVIEW):
        assert [t.name for t in w.allowed(state, w.CASINO)] == ["retirer"]
    assert [t.name for t in w.allowed(w.INFORMATION, w.CASINO)] == ["repondre", "retirer"]
    assert [t.name for t in w.allowed(w.DRAFT, w.CASINO)] == ["deposer", "retirer"]
    assert not any(t.target == w.DRAFT for t in w.TRANSITIONS.values())  # nothing goes back to a draft


def test_only_the_regulator_decides_and_a_decided_request_is_not_decided_again():
    assert {t.name for t in w.allowed(w.REVIEW, w.REGULATOR)} == {
        "demander_complement", "approuver", "approuver_sous_conditions", "refuser"}
    for decided in w.DECIDED:
        for decision in w.DECISIONS:
            with pytest.raises(w.NotAllowed) as refused:
                w.step(decision.name, decided, w.REGULATOR, note="motif", power=power_of(decision))
            assert refused.value.code == "state"


@pytest.mark.parametrize("name", ["demander_complement", "repondre", "approuver_sous_conditions", "refuser",
                                  "retirer", "revoquer", "avis_defavorable", "objecter"])
def test_a_question_an_answer_a_condition_a_refusal_a_withdrawal_a_revocation_say_why(name):
    transition = w.TRANSITIONS[name]
    with pytest.raises(w.NotAllowed) as refused:
        w.step(name, transition.sources[0], transition.by, note="  ", power=power_of(transition))
    assert refused.value.code == "note"


def test_whoever_must_act_next_is_named():
    assert w.next_actor(w.DRAFT) == w.next_actor(w.INFORMATION) == w.CASINO
    assert w.next_actor(w.FILED) == w.next_actor(w.REVIEW) == w.REGULATOR
    assert all(w.next_actor(state) is None for state in (*w.DECIDED, w.WITHDRAWN, w.SUPERSEDED, w.REVOKED))


@given(st.lists(st.tuples(st.sampled_from(list(w.TRANSITIONS)), st.sampled_from(SIDES)), max_size=30))
def test_any_sequence_of_steps_stays_within_the_table_and_ends_closed_once_closed(moves):
    state = w.DRAFT
    for name, side in moves:
        try:
            transition = w.step(name, state, side, note="motif")
        except w.NotAllowed:
            continue
        assert transition.target in w.STATES and state in transition.sources
        before, state = state, transition.target
        if before in (w.REFUSED, w.WITHDRAWN, w.SUPERSEDED, w.REVOKED, *w.OPINIONS, *w.RECEIVED):
            pytest.fail(f"{name} left the closed state {before}")


@pytest.mark.django_db
def test_a_requests_steps_findings_and_attachments_are_append_only_in_the_database(world):
    from django.db import DatabaseError, connection, transaction
    from django.utils import timezone

    from compliance.approvals.models import ApprovalRequest, RequestAttachment, RequestFinding, RequestStep
    from tests.conftest import make_user

    now, manager = timezone.now(), make_user("direction.c", "manager", casino=world.c)
    request = ApprovalRequest.objects.create(casino=world.c, reference="CC-2026-0001", kind="table_de_paiement",
                                             subject="lu.uth", title="Table", created_by=manager, created_at=now)
    step = RequestStep.objects.create(request=request, transition="deposer", from_state=w.DRAFT, to_state=w.FILED,
                                      actor=manager, at=now)
    finding = RequestFinding.objects.create(request=request, run=1, source="controle", code="x", citation="art.",
                                            severity="information", message_fr="f", message_en="e", at=now)
    attached = RequestAttachment.objects.create(request=request, item="x", filename="a.pdf", content=b"%PDF",
                                                sha256="0" * 64, size=4, uploaded_by=manager, at=now)
    for table, row in (("requeststep", step), ("requestfinding", finding), ("requestattachment", attached)):
        for statement in (f"UPDATE approvals_{table} SET id = id WHERE id = %s",
                          f"DELETE FROM approvals_{table} WHERE id = %s"):
            with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(statement, [row.pk])
    assert RequestStep.objects.get().transition == "deposer" and RequestFinding.objects.count() == 1
