"""The real path: a task goes through Redis to a real Celery worker, which writes to PostgreSQL."""

import os
import subprocess
import sys
import time

import pytest
import redis
from django.conf import settings
from django.db import connection, transaction

from compliance.models import JobRun
from compliance.services import job_enqueue

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def celery_worker(transactional_db, tmp_path):
    """A Celery worker process on this test's database and queue, stopped after the test."""
    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    log = open(tmp_path / "worker.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "solo", "-l", "INFO",
         "-Q", settings.CELERY_TASK_DEFAULT_QUEUE, "-n", f"{settings.CELERY_TASK_DEFAULT_QUEUE}@%h",
         "--without-gossip", "--without-mingle"],
        env={**os.environ, "DATABASE_URL": url, "DATABASE_CONN_MAX_AGE": "0"}, stdout=log, stderr=log)
    yield proc
    proc.terminate()
    proc.wait(30)
    log.close()


def wait_for_status(job: JobRun, status: str, timeout: float = 60) -> JobRun:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status == status:
            return job
        time.sleep(0.2)
    raise AssertionError(f"job stayed {job.status}")


def test_a_real_worker_runs_the_job_and_writes_its_result_to_postgresql(world_tx, celery_worker):
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    job = job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=world_tx.a, requested_by=world_tx.accountant_a)
    job = wait_for_status(job, JobRun.Status.SUCCEEDED)
    assert job.result["worker"].startswith(settings.CELERY_TASK_DEFAULT_QUEUE + "@")
    assert job.result["database"].startswith("PostgreSQL")
    assert job.attempts == 1 and job.percent == 100 and job.finished_at >= job.started_at


def test_a_rolled_back_transaction_sends_no_task(world_tx):
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    before, jobs_before = broker.llen(queue), JobRun.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=world_tx.a, requested_by=world_tx.accountant_a)
        raise RuntimeError("the form failed after the job was written")
    assert broker.llen(queue) == before
    assert JobRun.objects.count() == jobs_before


def test_a_committed_job_is_sent_once(world_tx):
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.delete(queue)
    job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=world_tx.a, requested_by=world_tx.accountant_a)
    assert broker.llen(queue) == 1
    broker.delete(queue)


def test_a_redelivered_task_leaves_a_finished_job_as_it_is(world_tx):
    from compliance.services import job_execute

    job = JobRun.objects.create(kind=JobRun.Kind.PIPELINE_CHECK, casino=world_tx.a,
                                requested_by=world_tx.accountant_a)
    first = job_execute(job_id=str(job.pk), worker="w1")
    again = job_execute(job_id=str(job.pk), worker="w2")
    assert first.status == again.status == JobRun.Status.SUCCEEDED
    assert again.result["worker"] == "w1" and again.attempts == 1


def test_a_real_worker_evaluates_a_game_strategy_and_stores_it(transactional_db, rules, celery_worker):
    from games.models import StrategyEvaluation
    from games.rtp.services import strategy_evaluation_enqueue

    evaluation = strategy_evaluation_enqueue(game="lu.bataille", strategy="guerre")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        evaluation.refresh_from_db()
        if evaluation.status in {StrategyEvaluation.Status.SUCCEEDED, StrategyEvaluation.Status.FAILED}:
            break
        time.sleep(0.2)
    assert evaluation.status == StrategyEvaluation.Status.SUCCEEDED, evaluation.error
    assert evaluation.method == "exact" and evaluation.progress_done == evaluation.progress_total
    assert evaluation.expected.startswith("-") and evaluation.citations == ["LU RGD 1979 art. 37-16 (projet)"]


def test_a_real_worker_signs_the_daily_report_after_the_day_is_closed(world_tx, rules, celery_worker):
    from compliance.reports import signing
    from compliance.reports.models import Report
    from compliance.reports.selectors import crl_der
    from registers.chain.services import pending_countersign, session_close
    from registers.orphelins.services import orphelin_file
    from tests.conftest import make_user

    manager = make_user("direction.c", "manager", casino=world_tx.c)
    day = world_tx.c.today()
    pending = orphelin_file(casino=world_tx.c, actor=world_tx.accountant_c, gaming_day=day, source="table",
                            amount="12.50", currency="EUR", location="Table 3")
    pending_countersign(pending=pending, countersigner=manager)
    session_close(casino=world_tx.c, gaming_day=day, user=manager)
    (report,) = Report.objects.all()
    deadline = time.monotonic() + 90
    while report.status not in {"succeeded", "failed"} and time.monotonic() < deadline:
        time.sleep(0.3)
        report.refresh_from_db()
    assert report.status == "succeeded" and report.progress == 100, report.error
    assert signing.verify(bytes(report.pdf), crl_der()).valid and report.covered == [1]
