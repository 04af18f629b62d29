"""The reconciliation through the real path: closing a gaming day queues it, a real Celery worker (through Redis) runs
it and writes its findings to PostgreSQL; asked again from the page's service, the worker finds the same and writes
nothing more in the carnets spéciaux."""

import pytest

from compliance.models import JobRun
from compliance.reconciliation.models import Reconciliation
from compliance.reconciliation.services import reconciliation_request
from registers.chain.services import session_close
from registers.kinds import EntryKind
from registers.models import Entry
from tests.reconciliation_world import DAY, lu_day, world_for_reconciliation
from tests.tables_world import lu_table
from tests.test_worker import celery_worker, wait_for_status  # noqa: F401 (fixture)

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_real_worker_reconciles_the_closed_day_and_a_second_run_writes_nothing(world_tx, rules,
                                                                                celery_worker):  # noqa: F811
    w = world_for_reconciliation(world_tx)
    lu_day(w, lu_table(w), DAY, closing={"100": 21, "25": 40, "5": 100})  # the float not restored (LU art. 21)
    session_close(casino=w.c, gaming_day=DAY, user=w.manager_c)
    job = JobRun.objects.get(kind=JobRun.Kind.RECONCILIATION)
    job = wait_for_status(job, JobRun.Status.SUCCEEDED, timeout=180)  # after the day's signed reports
    assert job.result["statut"] == "constats" and job.result["ecrit"] is True and job.percent == 100
    reconciliation = Reconciliation.objects.get(casino=w.c, gaming_day=DAY)
    assert reconciliation.job == job and reconciliation.run_by == w.manager_c
    assert [(f.key, f.state, str(f.amount)) for f in reconciliation.findings.all()] == [
        ("avance:HC-01:1", "ouvert", "100.00")]
    # the day's signed reports are written by the same worker, maybe later: they are not the reconciliation's
    entries = Entry.objects.filter(register__casino=w.c).exclude(kind=EntryKind.REPORT_SIGNED).count()
    assert Entry.objects.filter(kind=EntryKind.RECONCILED).count() == 1

    again = wait_for_status(reconciliation_request(casino=w.c, gaming_day=DAY, actor=w.accountant_c),
                            JobRun.Status.SUCCEEDED)
    assert again.result["ecrit"] is False and again.result["constats"] == 1
    assert Entry.objects.filter(register__casino=w.c).exclude(kind=EntryKind.REPORT_SIGNED).count() == entries
    reconciliation.refresh_from_db()
    assert reconciliation.job == job  # the run that wrote
