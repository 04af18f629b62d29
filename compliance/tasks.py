"""Celery tasks: thin callers of the services, taking ids only."""

from celery import shared_task


@shared_task(bind=True, acks_late=True, max_retries=3, default_retry_delay=5)
def job_run(self, job_id: str) -> None:
    """A job of any kind: job_execute runs its kind's handler (compliance.hooks.JOB_HANDLERS: pipeline_check →
    compliance.services.pipeline_check, reconciliation → compliance.reconciliation.services.reconciliation_job)."""
    from .services import job_execute

    job_execute(job_id=job_id, worker=self.request.hostname or "worker")


@shared_task(bind=True, ignore_result=True)
def worker_heartbeat(self) -> None:
    from .services import worker_heartbeat as record

    record(worker=self.request.hostname or "worker")


@shared_task(ignore_result=True)
def notifications_digest() -> int:
    """The Celery beat job: each person with an e-mail address gets what is new for them, once (settings
    CELERY_BEAT_SCHEDULE)."""
    from .services import digests_send

    return len(digests_send())
