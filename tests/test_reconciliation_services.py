"""The reconciliation's services and pages: a day reconciled twice with the same findings writes nothing the second
time; a finding that goes away is lifted; the accounts explain a finding and the management accepts it, each step an
entry of the carnets spéciaux (LU RGD 1979 art. 97-1) referring to the run that found it; every refusal names its
field and writes nothing; a regulator reads, another casino's day is a 404."""

import datetime
import json

import pytest
from django.urls import reverse

from compliance.errors import DomainError
from compliance.models import AuditEvent, JobRun
from compliance.reconciliation.models import Finding, Reconciliation
from compliance.reconciliation.services import (
    finding_accept,
    finding_explain,
    reconciliation_after_close,
    reconciliation_request,
    reconciliation_run,
    reconciliation_run_range,
)
from registers.chain.services import session_close
from registers.kinds import EntryKind, RegisterKind
from registers.models import Entry
from tests.reconciliation_world import DAY, lu_day, world_for_reconciliation
from tests.tables_world import FLOAT, close, count, lu_table, open_lu

LU_97_1 = "LU RGD 1979 art. 97-1 (projet)"  # the carnets spéciaux kept electronically: the entry's own book
# art. 21 al. 1 only says an arrêté fixes the float: restoring it at closing is the casino's control (issue 35)
FLOAT_RESTORED = "Contrôle interne du casino : avance de la table reconstituée à la fermeture"
NOT_RESTORED = {"100": 21, "25": 40, "5": 100}  # 100 more than the float


@pytest.fixture
def w(world, rules):
    return world_for_reconciliation(world)


def written():
    return (Entry.objects.count(), Reconciliation.objects.count(), Finding.objects.count(),
            list(Finding.objects.order_by("pk").values_list("state", flat=True)), AuditEvent.objects.count())


def refused(call, field):
    before = written()
    with pytest.raises(DomainError) as error:
        call()
    assert error.value.field == field, error.value.message
    assert written() == before
    return error.value


def test_a_day_reconciled_again_with_the_same_findings_writes_nothing(w):
    lu_day(w, lu_table(w), DAY, closing=NOT_RESTORED)
    first = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    entry = first.entry
    assert (entry.register.kind, entry.kind, entry.gaming_day, entry.actor) == (
        RegisterKind.CARNETS_SPECIAUX, EntryKind.RECONCILED, DAY, w.manager_c)
    payload = json.loads(entry.payload)
    assert payload["statut"] == "constats" and payload["citation"] == LU_97_1
    assert payload["constats"] == [{"cle": "avance:HC-01:1", "nature": "avance", "table": "HC-01", "montant": "100.00",
                                    "devise": "EUR", "citation": FLOAT_RESTORED}]
    before = written()
    again = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.accountant_c)
    assert written() == before
    assert (again.pk, again.run_at, again.run_by, again.entry_id) == (first.pk, first.run_at, w.manager_c, entry.pk)


def test_a_compliant_day_is_recorded_once_as_compliant(w):
    lu_day(w, lu_table(w), DAY)
    reconciliation = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.accountant_c)
    assert reconciliation.status == "conforme" and not reconciliation.findings.exists()
    assert json.loads(reconciliation.entry.payload)["constats"] == []
    before = written()
    reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.accountant_c)
    assert written() == before


def test_a_finding_no_longer_found_is_lifted_and_what_is_found_instead_is_recorded(w):
    session = open_lu(w, lu_table(w), DAY)
    first = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    (not_closed,) = first.findings.all()
    assert not_closed.key == "non_fermee:HC-01:1"
    close(w, session, FLOAT)  # closed, but its drop not counted yet
    second = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    assert second.pk == first.pk and second.entry_id != first.entry_id
    states = dict(second.findings.values_list("key", "state"))
    assert states == {"non_fermee:HC-01:1": "leve", "drop_absent:HC-01:1": "ouvert"}
    assert json.loads(second.entry.payload)["leves"] == ["non_fermee:HC-01:1"]
    count(w, session, {"100": 50})
    third = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    assert third.status == "conforme" and set(third.findings.values_list("state", flat=True)) == {"leve"}
    assert Entry.objects.filter(kind=EntryKind.RECONCILED).count() == 3


def test_the_accounts_explain_a_finding_and_the_management_accepts_it_each_in_the_carnets_speciaux(w):
    lu_day(w, lu_table(w), DAY, closing=NOT_RESTORED)
    reconciliation = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    finding = reconciliation.findings.get()
    refused(lambda: finding_accept(finding=finding, actor=w.manager_c), "finding")  # not explained yet
    explained = finding_explain(finding=finding, actor=w.accountant_c, explanation=" Jeton de 100 rendu par un client ")
    assert (explained.state, explained.explanation, explained.explained_by) == (
        "explique", "Jeton de 100 rendu par un client", w.accountant_c)
    entry = Entry.objects.filter(kind=EntryKind.FINDING_FOLLOWED).get()
    assert (entry.register.kind, entry.refers_to, entry.gaming_day, entry.actor) == (
        RegisterKind.CARNETS_SPECIAUX, reconciliation.entry, DAY, w.accountant_c)
    payload = json.loads(entry.payload)
    assert payload["constat"] == "avance:HC-01:1" and payload["suite"] == "explique"
    assert payload["explication"] == "Jeton de 100 rendu par un client" and payload["citation"] == LU_97_1
    accepted = finding_accept(finding=finding, actor=w.manager_c)
    assert (accepted.state, accepted.accepted_by) == ("accepte", w.manager_c)
    assert Entry.objects.filter(kind=EntryKind.FINDING_FOLLOWED).count() == 2
    # the same finding found again: still accepted, nothing written
    before = written()
    reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    assert written() == before


def test_refusals_name_their_field_and_write_nothing(w):
    lu_day(w, lu_table(w), DAY, closing=NOT_RESTORED)
    finding = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c).findings.get()
    refused(lambda: finding_explain(finding=finding, actor=w.accountant_c, explanation="  "), "explanation")
    refused(lambda: finding_explain(finding=finding, actor=w.regulator_lu, explanation="vu"), "actor")
    refused(lambda: finding_explain(finding=finding, actor=w.accountant_a, explanation="vu"), "actor")  # casino A
    finding_explain(finding=finding, actor=w.other_accountant_c, explanation="Erreur de comptage")
    refused(lambda: finding_explain(finding=finding, actor=w.accountant_c, explanation="encore"), "finding")
    refused(lambda: finding_accept(finding=finding, actor=w.accountant_c), "actor")  # a manager accepts
    refused(lambda: finding_accept(finding=finding, actor=w.regulator_lu), "actor")
    refused(lambda: reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.regulator_lu), "actor")
    refused(lambda: reconciliation_run(casino=w.c, gaming_day=DAY + datetime.timedelta(days=2),
                                       actor=w.manager_c), "gaming_day")
    refused(lambda: reconciliation_run_range(casino=w.c, first=DAY, last=DAY - datetime.timedelta(days=1),
                                             actor=w.manager_c), "last")
    refused(lambda: reconciliation_request(casino=w.c, gaming_day=DAY, actor=w.regulator_lu), "actor")


def test_a_range_is_reconciled_day_by_day_with_its_progress(w):
    table = lu_table(w)
    for back in (2, 1, 0):
        lu_day(w, table, DAY - datetime.timedelta(days=back), closing=NOT_RESTORED if back == 1 else None)
    steps = []
    done = reconciliation_run_range(casino=w.c, first=DAY - datetime.timedelta(days=2), last=DAY, actor=w.manager_c,
                                    progress=lambda n, total: steps.append((n, total)))
    assert [r.status for r in done] == ["conforme", "constats", "conforme"] and steps == [(1, 3), (2, 3), (3, 3)]
    before = written()
    reconciliation_run_range(casino=w.c, first=DAY - datetime.timedelta(days=2), last=DAY, actor=w.manager_c)
    assert written() == before


def test_closing_a_day_of_a_casino_with_tables_asks_the_worker_for_its_reconciliation(w):
    assert reconciliation_after_close(type("S", (), {"casino": w.c, "gaming_day": DAY}), w.manager_c) is None
    lu_day(w, lu_table(w), DAY)
    session_close(casino=w.c, gaming_day=DAY, user=w.manager_c)
    job = JobRun.objects.get(kind=JobRun.Kind.RECONCILIATION)
    assert (job.casino, job.requested_by, job.result, job.status) == (w.c, w.manager_c, {"journee": DAY.isoformat()},
                                                                      "queued")
    # the worker's part, run here: a closed day still takes its reconciliation
    from compliance.services import job_execute

    done = job_execute(job_id=str(job.pk), worker="test")
    assert done.status == "succeeded" and done.result["statut"] == "conforme" and done.result["ecrit"] is True
    assert Reconciliation.objects.get(casino=w.c, gaming_day=DAY).job == job


# --- pages ------------------------------------------------------------------------------------------------------


def _day_url(w, day=DAY, casino=None, name="reconciliation-day", **more):
    return reverse(name, kwargs={"casino": (casino or w.c).code, "day": day.isoformat(), **more})


def test_the_day_s_page_shows_each_finding_with_its_rule_and_its_forms(w, client):
    lu_day(w, lu_table(w), DAY, closing=NOT_RESTORED)
    finding = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c).findings.get()
    client.force_login(w.accountant_c)
    page = client.get(_day_url(w)).content.decode()
    assert FLOAT_RESTORED in page and "art. 21" not in page and "ne reconstitue pas l&#x27;avance" in page
    assert f'data-testid="explain-{finding.pk}"' in page and "accept-" not in page
    refused_page = client.post(_day_url(w, name="reconciliation-explain", pk=finding.pk),
                               {f"f{finding.pk}-explanation": ""})
    assert refused_page.status_code == 200 and 'data-field-error="explanation"' in refused_page.content.decode()
    done = client.post(_day_url(w, name="reconciliation-explain", pk=finding.pk),
                       {f"f{finding.pk}-explanation": "Jeton rendu"})
    assert done.status_code == 302
    client.force_login(w.manager_c)
    assert f'data-testid="accept-{finding.pk}"' in client.get(_day_url(w)).content.decode()
    assert client.post(_day_url(w, name="reconciliation-accept", pk=finding.pk)).status_code == 302
    assert Finding.objects.get(pk=finding.pk).state == "accepte"
    listed = client.get(reverse("reconciliation-list")).content.decode()
    assert f'data-reconciliation="{w.c.code}-{DAY.isoformat()}"' in listed


def test_a_regulator_reads_and_may_not_write_another_casino_s_day_is_a_404(w, client):
    lu_day(w, lu_table(w), DAY, closing=NOT_RESTORED)
    finding = reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c).findings.get()
    client.force_login(w.regulator_lu)
    page = client.get(_day_url(w)).content.decode()
    assert "avance:HC-01:1" in page and "explain-" not in page and 'data-testid="run"' not in page
    assert client.post(_day_url(w, name="reconciliation-run")).status_code == 403
    assert client.post(_day_url(w, name="reconciliation-explain", pk=finding.pk),
                       {f"f{finding.pk}-explanation": "vu"}).status_code == 403
    client.force_login(w.regulator_qc)
    assert client.get(_day_url(w)).status_code == 404
    client.force_login(w.accountant_a)
    assert client.post(_day_url(w, name="reconciliation-explain", pk=finding.pk)).status_code == 404
    assert client.get(_day_url(w, name="reconciliation-run")).status_code == 404
    assert client.get(_day_url(w, casino=w.a, name="reconciliation-run")).status_code == 405


def test_the_run_button_queues_the_day_and_the_page_follows_its_job(w, client):
    client.force_login(w.accountant_c)
    opened = client.get(reverse("reconciliation-list"), {"jour": DAY.isoformat()})  # their one casino
    assert opened.status_code == 302 and opened.url == _day_url(w)
    assert "Pas encore rapprochée" in client.get(opened.url).content.decode()
    response = client.post(_day_url(w, name="reconciliation-run"))
    assert response.status_code == 302 and response.url == _day_url(w)
    job = JobRun.objects.get(kind=JobRun.Kind.RECONCILIATION)
    page = client.get(_day_url(w)).content.decode()
    assert 'id="job"' in page and str(job.pk) in page and "js/job.js" in page
